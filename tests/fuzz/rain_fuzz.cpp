// libFuzzer target: the rain (terrain::Rain, session::Map) on any heights. The fuzz bytes are a
// ground of float32 values, finite or not, on a small grid, with any rain settings in their
// ranges and a few hundred drops; the ground comes in either straight to the rain or through
// one of the programs' doors, so that whatever a door lets in is what the rain, a brush stroke
// and the rivers worked out after it must survive.
//
// The input, every number little-endian:
//   byte 0       the door, byte % 4:
//                  0  none: terrain::Rain over the heights as they are (any values)
//                  1  a map on the ground (session::Map's constructor: the ground of a recipe,
//                     a script or a map file's history start)
//                  2  the ground set on a map (Map::check, then carry_out of SetGround: the
//                     app's ground command on a live map)
//                  3  the heights as a float32 .npy file read as a heightmap and fitted to
//                     the map (io::decode_heightmap, io::ground_from: terrain-cli --ground,
//                     a file opened or dropped on the window), then set on a map as in 2
//   bytes 1, 2   the ground's width and height, 2 + byte % 63
//   bytes 3, 4   the map's width and height for door 3 (what the file is fitted to), the same
//   bytes 5-8    erosion, deposition, inertia and sea level: byte / 255 of their ranges
//   byte 9       the rain's brush radius, 1 + byte % 6
//   bytes 10-11  drops, uint16 % 400
//   bytes 12-15  the seed
//   byte 16      bit 0: the fit is stretch (else crop); bit 1: the rivers' routing is flood
//                (else the sketch's); bits 2-4: the stroke's tool (kBrushTools; 6 and 7 none);
//                bits 5-6: its falloff (3: smooth)
//   byte 17      the stroke's radius, 1 + byte % 40
//   byte 18      its strength, byte / 255
//   byte 19      the rivers' smallest catchment (min_flow), 1 + byte
//   then         the heights, float32, row 0 first, as many as there are: the grid takes them
//                in order and from the first again until it is full (zeros when there are none)
//
// What must hold: no crash, hang, leak or undefined behaviour (ASan, UBSan) for any input; a
// door refuses with std::invalid_argument (io::HeightmapError for the file) or lets in; and
// the rain keeps its own promises whatever the heights: every drop counted and ended one way
// (flat, off the map, at sea or after MAX_STEPS), every point of a kept route on the grid a drop
// lands on, and rain in two parts, or side by side on two threads, making the same bytes as rain
// in one. On a ground a door let
// in, the rain and the stroke leave every height finite: a map file keeps only finite heights
// (its GRID reader refuses others), so a map that lost one could be saved but never opened.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/brush_stroke.h"
#include "core/heightfield.h"
#include "core/rain.h"
#include "core/work_threads.h"
#include "fuzz_broken.h"
#include "io/ground_file.h"
#include "io/heightmap.h"
#include "io/npy.h"
#include "session/map.h"

namespace {

using terrain::Heightfield;
using terrain::Rain;
using terrain::RainStats;
namespace session = terrain::session;

constexpr std::size_t kHeader = 20;
constexpr unsigned kMostDrops = 400;

[[noreturn]] void broken(const char* what) {
  terrain::fuzz::broken("rain_fuzz", what);
}

// Every drop counted, and each ended exactly one way.
void check_stats(const RainStats& s, uint64_t drops) {
  if (s.drops != drops) broken("the rain counted other drops than it rained");
  if (s.flat + s.off_map + s.sea + s.max_steps != s.drops) {
    broken("the drops' ends (flat, off map, sea, max steps) do not add up to the drops");
  }
}

void check_finite(const Heightfield& heights, const char* what) {
  for (std::size_t k = 0; k < heights.size(); k++) {
    if (!std::isfinite(heights.data()[k])) broken(what);
  }
}

bool same_bits(const Heightfield& a, const Heightfield& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// The ground: width x height floats from `bytes`, repeated to fill the grid.
Heightfield ground_of(std::span<const uint8_t> bytes, int width, int height) {
  const std::size_t count = bytes.size() / 4;
  std::vector<float> values(static_cast<std::size_t>(width) * height, 0.0f);
  for (std::size_t k = 0; count > 0 && k < values.size(); k++) {
    std::memcpy(&values[k], bytes.data() + (k % count) * 4, 4);
  }
  return Heightfield(width, height, std::move(values));
}

// No door: terrain::Rain over the heights themselves.
void rain_as_it_is(const Heightfield& ground, const terrain::RainParams& params, uint32_t seed,
                   unsigned drops) {
  Heightfield heights = ground;
  Rain rain(heights, seed, params);
  rain.keep_routes(true);
  rain.run(drops);
  check_stats(rain.stats(), drops);
  // Every point of a kept route is on the grid a drop lands on (it moved inside, or stopped).
  const double x_end = heights.width() - 1;
  const double y_end = heights.height() - 1;
  for (int k = 0; k < rain.route_count(); k++) {
    for (const terrain::Point& p : rain.route(k)) {
      if (!(p.x >= 0 && p.x < x_end && p.y >= 0 && p.y < y_end)) {
        broken("a kept route has a point off the grid");
      }
    }
  }
  // The same rain in two parts: the same bytes and the same state.
  Heightfield twice = ground;
  Rain parts(twice, seed, params);
  parts.run(drops / 2);
  parts.run(drops - drops / 2);
  if (!same_bits(heights, twice) || !(parts.state() == rain.state())) {
    broken("rain in two parts differs from rain in one");
  }
  // The same rain side by side on two threads (drop_order.h), in batches of 1 to 64 drops: the
  // same bytes and the same state, whatever the heights.
  static terrain::WorkThreads two(2);
  Heightfield shared = ground;
  Rain many(shared, seed, params);
  many.set_threads(&two, 0, 1 + seed % 64);
  many.run(drops);
  if (!same_bits(heights, shared) || !(many.state() == rain.state())) {
    broken("rain side by side differs from rain on one thread");
  }
  // A drop where a stroke's rain here lands it: refused off the grid, whatever the point.
  const RainStats before = rain.stats();
  rain.drop_at(ground.data()[0], ground.data()[1]);
  rain.drop_at(x_end / 2, y_end / 2);
  if (!(rain.stats() == before)) broken("a drop landed by hand changed the rain's counts");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size < kHeader) return 0;
  const auto side = [&](std::size_t k) { return 2 + data[k] % 63; };
  const auto share = [&](std::size_t k) { return data[k] / 255.0; };
  const int door = data[0] % 4;
  const int width = side(1);
  const int height = side(2);
  session::MapSettings settings;
  settings.erosion = share(5) * terrain::sketch::erosion.max;
  settings.deposition = share(6) * terrain::sketch::deposition.max;
  settings.inertia = share(7) * terrain::sketch::inertia.max;
  settings.sea_level = share(8) * terrain::sketch::sea_level.max;
  settings.brush_radius = 1 + data[9] % 6;
  const unsigned drops = (data[10] | data[11] << 8) % kMostDrops;
  uint32_t seed;
  std::memcpy(&seed, data + 12, 4);
  const uint8_t flags = data[16];
  const auto fit = flags & 1 ? terrain::GroundFit::stretch : terrain::GroundFit::crop;
  const auto routing = flags & 2 ? terrain::Routing::flood : terrain::Routing::sketch;
  const int tool = (flags >> 2) & 7;
  const int falloff = (flags >> 5) & 3;
  const Heightfield ground = ground_of({data + kHeader, size - kHeader}, width, height);

  if (door == 0) {
    rain_as_it_is(ground, session::rain_params_of(settings), seed, drops);
    return 0;
  }

  // Through a door: refused there, or rained on, stroked and its rivers worked out.
  session::GroundFile file{"fuzz.npy", fit, std::make_shared<const Heightfield>(ground)};
  std::unique_ptr<session::Map> map;
  try {
    if (door == 1) {
      map = std::make_unique<session::Map>(seed, settings, file);
    } else {
      int map_width = width;
      int map_height = height;
      if (door == 3) {
        map_width = side(3);
        map_height = side(4);
        const std::vector<std::byte> npy = terrain::io::encode_npy(
            std::span<const float>(ground.data(), ground.size()), height, width);
        const terrain::io::HeightmapFile read = terrain::io::decode_heightmap(
            std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(npy.data()), npy.size()),
            terrain::io::HeightmapFormat::npy);
        file.heights = std::make_shared<const Heightfield>(
            terrain::io::ground_from(read, map_width, map_height, fit));
      }
      map = std::make_unique<session::Map>(seed, settings, map_width, map_height);
      const session::MapCommand set = session::SetGround{file};
      map->check(set);
      map->carry_out(set);
    }
  } catch (const std::invalid_argument&) {
    return 0;  // refused at the door
  } catch (const terrain::io::HeightmapError&) {
    return 0;  // the file refused
  }
  map->rain(drops);
  check_stats(map->rain().stats(), drops);
  check_finite(map->heights(),
               "the rain left a height that is not finite on a ground a door let in");
  if (tool < 6) {
    terrain::BrushStroke stroke;
    stroke.tool = terrain::kBrushTools[tool];
    stroke.falloff = terrain::kBrushFalloffs[falloff % 3];
    stroke.radius = 1 + data[17] % 40;
    stroke.strength = share(18);
    stroke.seed = seed;
    const int w = map->width();
    const int h = map->height();
    stroke.points = {
        {static_cast<double>(seed % w), static_cast<double>((seed >> 8) % h)},
        {static_cast<double>((seed >> 16) % w), static_cast<double>((seed >> 24) % h)}};
    const session::MapCommand command = session::Stroke{stroke};
    map->check(command);  // in range by construction: a refusal escapes and is reported
    map->carry_out(command);
    check_finite(map->heights(),
                 "a stroke left a height that is not finite on a ground a door let in");
  }
  session::hydrology_of(*map, routing, 1u + data[19]);
  return 0;
}
