// view_cells: the map view is the relief byte for byte; the basins view lights each land
// cell's basin tone with the relief's own shade; the flow view's brightness grows with the
// flow; lakes change every lake cell and nothing else; bad inputs are refused before anything
// is written; threads give the same bytes; a steady frame allocates nothing. Also
// relief_shade(), which the basins view shares with the relief.
#include "render/geometry/view_cells.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "allocation_counter.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/island.h"
#include "core/rain.h"
#include "core/sketch.h"
#include "core/work_threads.h"
#include "render/geometry/basin_tones.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/relief.h"

namespace terrain::render {
namespace {

constexpr double kCellsSea = sketch::sea_level.initial;

// A real map as the app has it: an island after some rain (which digs the hollows lakes stand
// in), its hydrology and basin tones.
struct Map {
  Heightfield terrain;
  Hydrology hydrology;
  BasinTones tones;
  std::size_t lake_cells = 0;

  Map(uint32_t seed, Routing routing, int width = sketch::COLS, int height = sketch::ROWS) {
    terrain = island_terrain(seed, {}, width, height);
    Rain rain(terrain, seed);
    rain.run(static_cast<uint64_t>(width) * static_cast<uint64_t>(height) / 3);
    const Heightfield ripple = wander_ripple(seed, width, height);
    HydrologyParams params;
    params.sea_level = kCellsSea;
    params.routing = routing;
    hydrology.compute(terrain, params, &ripple);
    tones.update(hydrology.drainage(), terrain, kCellsSea);
    for (float d : hydrology.lake_depth()) lake_cells += d > 0 ? 1 : 0;
  }

  ViewCellsInputs inputs(MapView view, const ColorScheme& scheme, bool lakes = false) const {
    ViewCellsInputs in;
    in.terrain = &terrain;
    in.sea_level = kCellsSea;
    in.scheme = &scheme;
    in.view = view;
    in.show_lakes = lakes;
    in.hydrology = &hydrology;
    in.tones = &tones;
    return in;
  }
};

const Map& map_42() {
  static const Map map(42, Routing::sketch);
  return map;
}

std::vector<uint8_t> paint(const ViewCellsInputs& in, WorkThreads* threads = nullptr) {
  std::vector<uint8_t> rgba(in.terrain->size() * 4, 0x5a);
  view_cells(in, rgba, threads);
  return rgba;
}

double brightness(const Rgb& c) {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

TEST(ReliefShade, RowsAreTheCellsShadesAndTheReliefUsesThem) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(0, 1);
  const ReliefLight light = relief_light();
  for (auto [w, h] : {std::pair{1, 1}, {1, 5}, {2, 3}, {3, 2}, {17, 9}, {300, 4}, {600, 3}}) {
    Heightfield field(w, h);
    for (std::size_t i = 0; i < field.size(); i++) {
      field[i] = static_cast<float>(unit(rng) < 0.3 ? 0.5 : unit(rng) * 1.4 - 0.2);
    }
    for (int y = 0; y < h; y++) {
      // The whole row and a few windows of it, edges included.
      for (auto [x0, n] : {std::pair{0, w}, {0, std::min(w, 1)}, {w - 1, 1}, {w / 3, w / 2}}) {
        std::vector<double> shades(static_cast<std::size_t>(n), -1);
        relief_shade_row(field, x0, y, light, shades);
        for (int i = 0; i < n; i++) {
          const double want = relief_shade(field, x0 + i, y, light);
          ASSERT_EQ(shades[static_cast<std::size_t>(i)], want)
              << w << "x" << h << " cell " << x0 + i << ", " << y;
          ASSERT_GE(want, sketch::AMBIENT);
          ASSERT_LE(want, sketch::AMBIENT + (1 - sketch::AMBIENT) * 1.25);
        }
      }
      // A land cell's relief colour is its band lit by that shade.
      const ColorScheme& scheme = color_schemes()[2];
      for (int x = 0; x < w; x++) {
        if (field.at(x, y) < kCellsSea) continue;
        const Rgb c = relief_cell_color(field, x, y, kCellsSea, scheme, light);
        const double band_at = std::floor((field.at(x, y) - kCellsSea) / (1 - kCellsSea) * 255);
        const Rgb& band = scheme.bands[static_cast<std::size_t>(std::min(255.0, band_at))];
        const double s = relief_shade(field, x, y, light);
        EXPECT_EQ(c[0], band[0] * s);
        EXPECT_EQ(c[2], band[2] * s);
      }
    }
    std::vector<double> too_many(static_cast<std::size_t>(w) + 1, -1);
    EXPECT_THROW(relief_shade_row(field, 0, 0, light, too_many), std::invalid_argument);
    EXPECT_EQ(too_many[0], -1);
    std::vector<double> one(1, -1);
    EXPECT_THROW(relief_shade_row(field, w, 0, light, one), std::invalid_argument);
    EXPECT_THROW(relief_shade_row(field, -1, 0, light, one), std::invalid_argument);
    EXPECT_THROW(relief_shade_row(field, w + 1, 0, light, {}), std::invalid_argument);
    EXPECT_THROW(relief_shade_row(field, 0, h, light, one), std::invalid_argument);
    EXPECT_EQ(one[0], -1);
  }
}

TEST(ViewCells, MapIsTheReliefByteForByte) {
  const Map& map = map_42();
  WorkThreads threads(3);
  for (const ColorScheme& scheme : color_schemes()) {
    std::vector<uint8_t> relief(map.terrain.size() * 4);
    relief_cells(map.terrain, kCellsSea, scheme, relief);
    EXPECT_EQ(paint(map.inputs(MapView::map, scheme)), relief) << scheme.key;
    EXPECT_EQ(paint(map.inputs(MapView::map, scheme), &threads), relief) << scheme.key;
    // The map needs no hydrology.
    ViewCellsInputs bare = map.inputs(MapView::map, scheme);
    bare.hydrology = nullptr;
    bare.tones = nullptr;
    EXPECT_EQ(paint(bare), relief) << scheme.key;
  }
}

TEST(ViewCells, BasinsAreTheToneLitByTheReliefShade) {
  for (Routing routing : {Routing::sketch, Routing::flood}) {
    const Map map(9, routing);
    const Drainage& d = map.hydrology.drainage();
    const ReliefLight light = relief_light();
    for (const ColorScheme& scheme : color_schemes()) {
      const std::vector<uint8_t> rgba = paint(map.inputs(MapView::basins, scheme));
      std::vector<uint8_t> relief(map.terrain.size() * 4);
      relief_cells(map.terrain, kCellsSea, scheme, relief);
      int land = 0;
      for (int y = 0; y < map.terrain.height(); y++) {
        for (int x = 0; x < map.terrain.width(); x++) {
          const std::size_t c = map.terrain.index(x, y);
          const uint8_t* got = &rgba[c * 4];
          ASSERT_EQ(got[3], 255);
          if (map.terrain[c] < kCellsSea) {
            // The sea as the relief draws it.
            for (int k = 0; k < 3; k++)
              ASSERT_EQ(got[k], relief[c * 4 + static_cast<std::size_t>(k)]);
            continue;
          }
          land++;
          const uint8_t tone = map.tones.tones()[static_cast<std::size_t>(d.basins()[c])];
          ASSERT_LT(tone, BasinTones::kToneCount);
          const Rgb color = BasinTones::color(tone);
          const double shade = relief_shade(map.terrain, x, y, light);
          for (int k = 0; k < 3; k++) {
            const double lit = color[static_cast<std::size_t>(k)] * shade;
            // Never clipped: the hue is the tone's.
            ASSERT_LT(lit, 255.0);
            ASSERT_EQ(got[k], clamped_byte(lit)) << "cell " << x << ", " << y << " channel " << k;
          }
        }
      }
      EXPECT_GT(land, 10000);
    }
    // The scheme changes only the sea.
    const std::vector<uint8_t> dark = paint(map.inputs(MapView::basins, color_schemes()[0]));
    const std::vector<uint8_t> light_scheme =
        paint(map.inputs(MapView::basins, color_schemes()[1]));
    for (std::size_t c = 0; c < map.terrain.size(); c++) {
      if (map.terrain[c] >= kCellsSea) {
        ASSERT_EQ(dark[c * 4], light_scheme[c * 4]);
      }
    }
  }
}

// Two neighbouring land cells of touching basins show different colours wherever they are
// lit alike: the divides show.
TEST(ViewCells, BasinsShowTheDivides) {
  const Map& map = map_42();
  const std::vector<uint8_t> rgba = paint(map.inputs(MapView::basins, color_schemes()[0]));
  const Drainage& d = map.hydrology.drainage();
  const ReliefLight light = relief_light();
  int divides = 0;
  for (int y = 0; y < map.terrain.height(); y++) {
    for (int x = 0; x + 1 < map.terrain.width(); x++) {
      if (map.terrain.at(x, y) < kCellsSea || map.terrain.at(x + 1, y) < kCellsSea) continue;
      if (d.basin(x, y) == d.basin(x + 1, y)) continue;
      divides++;
      // Undo the light: the tones themselves differ.
      const uint8_t* a = &rgba[map.terrain.index(x, y) * 4];
      const uint8_t* b = &rgba[map.terrain.index(x + 1, y) * 4];
      const double sa = relief_shade(map.terrain, x, y, light);
      const double sb = relief_shade(map.terrain, x + 1, y, light);
      double apart = 0;
      for (int k = 0; k < 3; k++) apart += std::abs(a[k] / sa - b[k] / sb);
      EXPECT_GT(apart, 20) << "cells " << x << " and " << x + 1 << " of row " << y;
    }
  }
  EXPECT_GT(divides, 500);
}

TEST(ViewCells, FlowColorBrightnessGrowsWithTheFlow) {
  for (uint32_t max_flow : {2u, 3u, 250u, 10000u, 57600u}) {
    Rgb before = flow_color(1, max_flow);
    for (uint32_t f = 2; f <= max_flow; f++) {
      const Rgb c = flow_color(f, max_flow);
      for (int k = 0; k < 3; k++) ASSERT_GE(c[k], before[k]) << "flow " << f << " of " << max_flow;
      ASSERT_GT(brightness(c), brightness(before)) << "flow " << f << " of " << max_flow;
      before = c;
    }
    // Near black at a headwater, a pale orange at the largest flow, red between.
    const Rgb low = flow_color(1, max_flow);
    const Rgb high = flow_color(max_flow, max_flow);
    EXPECT_LT(brightness(low), 20);
    EXPECT_GT(high[0], 240);
    EXPECT_GT(high[1], 150);
    EXPECT_GT(high[0], high[1]);
    EXPECT_GT(high[1], high[2]);
    // Beyond the largest (a sea cell's) stays at the top.
    EXPECT_EQ(flow_color(max_flow * 2, max_flow), high);
  }
  const Rgb mid = flow_color(100, 10000);  // t = 0.5
  EXPECT_GT(mid[0], 2 * mid[1]);           // red
  EXPECT_EQ(flow_color(1, 1), flow_color(5, 1));
  EXPECT_EQ(flow_color(0, 100), flow_color(1, 100));
}

TEST(ViewCells, FlowViewOnAMap) {
  for (Routing routing : {Routing::sketch, Routing::flood}) {
    const Map map(21, routing);
    const std::span<const uint32_t> flow = map.hydrology.drainage().flow();
    uint32_t most = 1;
    for (std::size_t c = 0; c < map.terrain.size(); c++) {
      if (map.terrain[c] >= kCellsSea) most = std::max(most, flow[c]);
    }
    const ColorScheme& scheme = color_schemes()[2];
    const std::vector<uint8_t> rgba = paint(map.inputs(MapView::flow, scheme));
    const ReliefLight light = relief_light();
    // Land cells by flow: never darker for more flow.
    std::vector<std::pair<uint32_t, double>> land;
    for (int y = 0; y < map.terrain.height(); y++) {
      for (int x = 0; x < map.terrain.width(); x++) {
        const std::size_t c = map.terrain.index(x, y);
        const uint8_t* got = &rgba[c * 4];
        Rgb want;
        if (map.terrain[c] >= kCellsSea) {
          want = flow_color(flow[c], most);
          land.push_back({flow[c], brightness({double(got[0]), double(got[1]), double(got[2])})});
        } else {
          want = relief_cell_color(map.terrain, x, y, kCellsSea, scheme, light);
          for (double& v : want) v /= 4;
        }
        for (int k = 0; k < 3; k++) ASSERT_EQ(got[k], clamped_byte(want[k])) << x << ", " << y;
        ASSERT_EQ(got[3], 255);
      }
    }
    std::sort(land.begin(), land.end());
    for (std::size_t i = 1; i < land.size(); i++) {
      ASSERT_GE(land[i].second + 1.0, land[i - 1].second) << "flow " << land[i].first;
    }
    // Every crease is lit: a cell carrying a hundred cells' water is well above a headwater.
    EXPECT_GT(brightness(flow_color(100, most)), brightness(flow_color(1, most)) + 40);
    EXPECT_LT(land.front().second, 20);
    EXPECT_GT(land.back().second, 180);
  }
}

// Lakes: every lake cell changes, towards its water (the river colour, darker as it deepens),
// and nothing else does.
TEST(ViewCells, LakesChangeOnlyLakeCells) {
  for (Routing routing : {Routing::sketch, Routing::flood}) {
    const Map map(42, routing);
    ASSERT_GT(map.lake_cells, 50u);
    const std::span<const float> depth = map.hydrology.lake_depth();
    for (const ColorScheme& scheme : color_schemes()) {
      const Rgb river = rgb(scheme.river);
      for (MapView view : kMapViews) {
        const std::vector<uint8_t> plain = paint(map.inputs(view, scheme, false));
        const std::vector<uint8_t> lakes = paint(map.inputs(view, scheme, true));
        std::size_t changed = 0;
        std::size_t closer = 0;
        for (std::size_t c = 0; c < map.terrain.size(); c++) {
          const uint8_t* a = &plain[c * 4];
          const uint8_t* b = &lakes[c * 4];
          ASSERT_EQ(b[3], 255);
          if (!(depth[c] > 0)) {
            ASSERT_TRUE(std::equal(a, a + 4, b)) << "cell " << c << " is no lake";
            continue;
          }
          ASSERT_GE(map.terrain[c], kCellsSea) << "the sea is never a lake";
          changed += std::equal(a, a + 4, b) ? 0 : 1;
          const Rgb water = lake_water(river, std::min(1.0, depth[c] / kLakeDeep));
          double was = 0;
          double now = 0;
          for (int k = 0; k < 3; k++) {
            was += std::abs(a[k] - water[static_cast<std::size_t>(k)]);
            now += std::abs(b[k] - water[static_cast<std::size_t>(k)]);
          }
          closer += now < was ? 1 : 0;
        }
        const std::string what = scheme.key + ", " + std::string(map_view_name(view));
        EXPECT_EQ(changed, map.lake_cells) << what;
        EXPECT_EQ(closer, map.lake_cells) << what;
      }
    }
  }
}

// The lake's blend by depth: at least kLakeAlphaMin of the water over what is under it, the
// shallowest the river colour itself, deeper darker (in every scheme, the light ones too).
TEST(ViewCells, LakeBlendFollowsTheDepth) {
  const Map& map = map_42();
  const ColorScheme& scheme = color_schemes()[2];  // topographic: a blue river over green land
  const std::vector<uint8_t> plain = paint(map.inputs(MapView::map, scheme, false));
  const std::vector<uint8_t> lakes = paint(map.inputs(MapView::map, scheme, true));
  const std::span<const float> depth = map.hydrology.lake_depth();
  const Rgb river = rgb(scheme.river);
  int shallow = 0;
  int deepest = 0;
  for (std::size_t c = 0; c < map.terrain.size(); c++) {
    if (!(depth[c] > 0)) continue;
    const double s = std::min(1.0, depth[c] / kLakeDeep);
    const double alpha = kLakeAlphaMin + (kLakeAlphaMax - kLakeAlphaMin) * s;
    EXPECT_GE(alpha, kLakeAlphaMin);
    EXPECT_LE(alpha, kLakeAlphaMax);
    const Rgb water = lake_water(river, s);
    for (int k = 0; k < 3; k++) {
      const double under = plain[c * 4 + static_cast<std::size_t>(k)];
      EXPECT_EQ(lakes[c * 4 + static_cast<std::size_t>(k)],
                clamped_byte(under + (water[static_cast<std::size_t>(k)] - under) * alpha));
    }
    shallow += s < 0.2 ? 1 : 0;
    deepest += s == 1.0 ? 1 : 0;
  }
  EXPECT_GT(shallow, 0);
  (void)deepest;
  for (const ColorScheme& any : color_schemes()) {
    const Rgb r = rgb(any.river);
    const Rgb shallowest = lake_water(r, 0);
    const Rgb deepest_water = lake_water(r, 1);
    for (int k = 0; k < 3; k++) {
      EXPECT_EQ(shallowest[static_cast<std::size_t>(k)], r[static_cast<std::size_t>(k)]);
      EXPECT_LE(deepest_water[static_cast<std::size_t>(k)], r[static_cast<std::size_t>(k)]);
    }
    EXPECT_LT(deepest_water[0] + deepest_water[1] + deepest_water[2], r[0] + r[1] + r[2])
        << any.key << ": a deep lake is darker";
  }
}

TEST(ViewCells, ThreadsGiveTheSameBytes) {
  const Map& map = map_42();
  WorkThreads two(2);
  WorkThreads four(4);
  for (MapView view : kMapViews) {
    for (bool lakes : {false, true}) {
      const ViewCellsInputs in = map.inputs(view, color_schemes()[3], lakes);
      const std::vector<uint8_t> alone = paint(in);
      EXPECT_EQ(paint(in, &two), alone);
      EXPECT_EQ(paint(in, &four), alone);
    }
  }
  // Small and odd sizes, a row wider than a chunk.
  for (auto [w, h] : {std::pair{3, 2}, {2, 7}, {600, 5}}) {
    const Map small(5, Routing::flood, w, h);
    for (MapView view : kMapViews) {
      const ViewCellsInputs in = small.inputs(view, color_schemes()[0], true);
      EXPECT_EQ(paint(in, &two), paint(in)) << w << "x" << h;
    }
  }
}

TEST(ViewCells, BadInputsThrowAndWriteNothing) {
  const Map& map = map_42();
  const Map other(3, Routing::flood, 100, 60);
  const ColorScheme& scheme = color_schemes()[0];
  std::vector<uint8_t> rgba(map.terrain.size() * 4, 0x5a);
  auto refused = [&](const ViewCellsInputs& in, const std::string& mentions, std::size_t bytes) {
    std::vector<uint8_t> out(bytes, 0x5a);
    try {
      view_cells(in, out);
      ADD_FAILURE() << "accepted, expected a refusal mentioning " << mentions;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(mentions), std::string::npos) << e.what();
    }
    EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](uint8_t v) { return v == 0x5a; }))
        << mentions;
  };
  const std::size_t bytes = map.terrain.size() * 4;
  for (MapView view : kMapViews) {
    ViewCellsInputs in = map.inputs(view, scheme, true);
    in.terrain = nullptr;
    refused(in, "terrain", bytes);
    in = map.inputs(view, scheme, true);
    in.scheme = nullptr;
    refused(in, "scheme", bytes);
    in = map.inputs(view, scheme);
    refused(in, "bytes", bytes - 4);
    refused(in, "bytes", bytes + 4);
    refused(in, "bytes", 0);
    in = map.inputs(view, scheme, true);
    in.hydrology = nullptr;
    refused(in, "hydrology", bytes);
    in.hydrology = &other.hydrology;  // a ground of another size
    refused(in, "100x60", bytes);
  }
  ViewCellsInputs in = map.inputs(MapView::basins, scheme);
  in.hydrology = nullptr;
  refused(in, "basins view needs a hydrology", bytes);
  in = map.inputs(MapView::flow, scheme);
  in.hydrology = nullptr;
  refused(in, "flow view needs a hydrology", bytes);
  in = map.inputs(MapView::basins, scheme);
  in.tones = nullptr;
  refused(in, "tones", bytes);
  in.tones = &other.tones;  // tones of another drainage
  refused(in, "tones are for", bytes);
  BasinTones none;
  in.tones = &none;
  refused(in, "tones are for 0 basins", bytes);
  // A hydrology of another shape with the same cell count.
  const Map turned(42, Routing::sketch, sketch::ROWS, sketch::COLS);
  in = map.inputs(MapView::flow, scheme);
  in.hydrology = &turned.hydrology;
  refused(in, "180x320", bytes);
  // The flow view needs no tones; lakes over the map need no tones either.
  in = map.inputs(MapView::flow, scheme, true);
  in.tones = nullptr;
  EXPECT_NO_THROW(view_cells(in, rgba));
  in = map.inputs(MapView::map, scheme, true);
  in.tones = nullptr;
  EXPECT_NO_THROW(view_cells(in, rgba));
}

TEST(ViewCells, SteadyFramesAllocateNothing) {
  const Map& map = map_42();
  std::vector<uint8_t> rgba(map.terrain.size() * 4);
  WorkThreads threads(2);
  for (MapView view : kMapViews) {
    for (bool lakes : {false, true}) {
      const ViewCellsInputs in = map.inputs(view, color_schemes()[1], lakes);
      view_cells(in, rgba);
      view_cells(in, rgba, &threads);
      testing::CountAllocations count;
      for (int frame = 0; frame < 3; frame++) {
        view_cells(in, rgba);
        view_cells(in, rgba, &threads);
      }
      EXPECT_EQ(count.count(), 0u) << map_view_name(view) << (lakes ? " with lakes" : "");
    }
  }
}

}  // namespace
}  // namespace terrain::render
