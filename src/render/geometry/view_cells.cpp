// The cell image of each view: the relief as it is, the basins' tones in the relief's light,
// the flow as a red field, and the lakes over any of them.
#include "render/geometry/view_cells.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include "render/geometry/relief.h"

namespace terrain::render {

namespace {

// The flow ramp's stops, t = 0, 1/3, 2/3, 1: near black, a dark red, red, a pale orange. Every
// channel only grows from one stop to the next and red grows in every stretch, so brightness
// strictly grows with t, and t with the flow: a crease carrying more water is never darker.
constexpr Rgb kFlowStops[] = {{24, 6, 6}, {120, 16, 12}, {220, 50, 24}, {255, 205, 150}};
constexpr int kFlowStretches = 3;

// Flows below this are looked up in a table worked out once per image: on a real map most
// cells carry a few cells' water, and a logarithm per cell would be most of the flow view's
// cost.
constexpr uint32_t kFlowTable = 256;

uint32_t pack(uint8_t r, uint8_t g, uint8_t b) {
  return uint32_t{r} | uint32_t{g} << 8 | uint32_t{b} << 16 | 0xff000000u;
}

uint32_t pack(const Rgb& c) {
  return pack(clamped_byte(c[0]), clamped_byte(c[1]), clamped_byte(c[2]));
}

void store(uint8_t* p, uint32_t word) {
  std::memcpy(p, &word, 4);
}

// A Uint8ClampedArray store of a product of a tone (0..224) and a shade (0.45..1.1375), which
// is never NaN, negative or above 255: the same byte as clamped_byte(), without its branches
// or a call to nearbyint (which the baseline x86-64 has no instruction for). Adding and taking
// away 2^52 rounds any double in 0 .. 2^52 to an integer, halves to even, in the default
// rounding mode; the core's -ffp-contract=off and -fno-fast-math keep both operations.
uint32_t store_product(double v) {
  constexpr double kRound = 4503599627370496.0;  // 2^52
  const double rounded = (std::min(v, 255.0) + kRound) - kRound;
  return static_cast<uint32_t>(rounded);
}

std::string size_text(int width, int height) {
  return std::to_string(width) + "x" + std::to_string(height);
}

// Everything checked before anything is written.
void check(const ViewCellsInputs& in, std::span<uint8_t> rgba) {
  if (in.terrain == nullptr) throw std::invalid_argument("view_cells: no terrain");
  if (in.scheme == nullptr) throw std::invalid_argument("view_cells: no colour scheme");
  const Heightfield& terrain = *in.terrain;
  if (rgba.size() != terrain.size() * 4) {
    throw std::invalid_argument("view_cells: the output holds " + std::to_string(rgba.size()) +
                                " bytes, a " + size_text(terrain.width(), terrain.height()) +
                                " terrain needs " + std::to_string(terrain.size() * 4));
  }
  const bool needs_hydrology = drainage_view(in.view) || in.show_lakes;
  if (!needs_hydrology) return;
  if (in.hydrology == nullptr) {
    const std::string what = drainage_view(in.view)
                                 ? "the " + std::string(map_view_name(in.view)) + " view"
                                 : std::string("lakes");
    throw std::invalid_argument("view_cells: " + what + " needs a hydrology");
  }
  const Hydrology& hydrology = *in.hydrology;
  if (hydrology.width() != terrain.width() || hydrology.height() != terrain.height()) {
    throw std::invalid_argument(
        "view_cells: the hydrology is of a " + size_text(hydrology.width(), hydrology.height()) +
        " ground, the terrain is " + size_text(terrain.width(), terrain.height()));
  }
  if (in.show_lakes && hydrology.lake_depth().size() != terrain.size()) {
    throw std::invalid_argument("view_cells: the hydrology has " +
                                std::to_string(hydrology.lake_depth().size()) +
                                " lake depths for " + std::to_string(terrain.size()) + " cells");
  }
  if (in.view == MapView::basins) {
    if (in.tones == nullptr) throw std::invalid_argument("view_cells: the basins view needs tones");
    const std::size_t basins = hydrology.drainage().outlets().size();
    if (in.tones->tones().size() != basins) {
      throw std::invalid_argument("view_cells: the tones are for " +
                                  std::to_string(in.tones->tones().size()) +
                                  " basins, the hydrology has " + std::to_string(basins));
    }
  }
}

// The largest flow of a land cell (at least 1).
uint32_t max_land_flow(const Heightfield& terrain, double sea_level,
                       std::span<const uint32_t> flow) {
  uint32_t most = 1;
  const float* h = terrain.data();
  for (std::size_t c = 0; c < terrain.size(); c++) {
    const uint32_t f = h[c] >= sea_level ? flow[c] : 0;
    most = f > most ? f : most;
  }
  return most;
}

// One row's cells, chunk by chunk (the chunk's scratch on the stack: nothing is allocated).
constexpr int kChunk = 256;

struct Painter {
  const ViewCellsInputs& in;
  std::span<uint8_t> rgba;
  ReliefLight light;
  // The basins view: each tone's colour; the flow view: the small flows' colours.
  Rgb tone_colors[BasinTones::kToneCount];
  uint32_t flow_words[kFlowTable];
  uint32_t max_flow = 1;
  // Lakes: the river's colour.
  Rgb river;

  uint8_t* at(int x, int y) const { return rgba.data() + in.terrain->index(x, y) * 4; }

  uint32_t relief_word(int x, int y) const {
    return pack(relief_cell_color(*in.terrain, x, y, in.sea_level, *in.scheme, light));
  }

  void basins_row(int y) const {
    const Heightfield& terrain = *in.terrain;
    const int cols = terrain.width();
    const float* h = terrain.data() + terrain.index(0, y);
    const int32_t* basin = in.hydrology->drainage().basins().data() + terrain.index(0, y);
    const uint8_t* tones = in.tones->tones().data();
    double shade[kChunk];
    for (int x0 = 0; x0 < cols; x0 += kChunk) {
      const int n = std::min(kChunk, cols - x0);
      relief_shade_row(terrain, x0, y, light, {shade, static_cast<std::size_t>(n)});
      for (int i = 0; i < n; i++) {
        const int x = x0 + i;
        const uint8_t tone = h[x] >= in.sea_level ? tones[basin[x]] : BasinTones::kNone;
        uint32_t word;
        if (tone < BasinTones::kToneCount) {
          const Rgb& c = tone_colors[tone];
          const double s = shade[i];
          word = store_product(c[0] * s) | store_product(c[1] * s) << 8 |
                 store_product(c[2] * s) << 16 | 0xff000000u;
        } else {
          // The sea; or land whose basin has no tone (tones worked out at another sea level),
          // which keeps its relief colour rather than a made-up one.
          word = relief_word(x, y);
        }
        store(at(x, y), word);
      }
    }
  }

  void flow_row(int y) const {
    const Heightfield& terrain = *in.terrain;
    const int cols = terrain.width();
    const float* h = terrain.data() + terrain.index(0, y);
    const uint32_t* flow = in.hydrology->drainage().flow().data() + terrain.index(0, y);
    for (int x = 0; x < cols; x++) {
      uint32_t word;
      if (h[x] >= in.sea_level) {
        const uint32_t f = flow[x];
        word = f < kFlowTable ? flow_words[f] : pack(flow_color(f, max_flow));
      } else {
        const Rgb sea = relief_cell_color(terrain, x, y, in.sea_level, *in.scheme, light);
        word = pack(Rgb{sea[0] * 0.25, sea[1] * 0.25, sea[2] * 0.25});
      }
      store(at(x, y), word);
    }
  }

  void lakes_row(int y) const {
    const Heightfield& terrain = *in.terrain;
    const int cols = terrain.width();
    const float* depth = in.hydrology->lake_depth().data() + terrain.index(0, y);
    for (int x = 0; x < cols; x++) {
      if (!(depth[x] > 0)) continue;
      // Deeper: more opaque and darker (the river's colour itself, down to kLakeDarkest of
      // its brightness), so that a lake still reads as the rivers' water in every scheme.
      const double deep_share = std::min(1.0, depth[x] / kLakeDeep);
      const double alpha = kLakeAlphaMin + (kLakeAlphaMax - kLakeAlphaMin) * deep_share;
      const Rgb water = lake_water(river, deep_share);
      uint8_t* p = at(x, y);
      for (int c = 0; c < 3; c++) {
        const double under = p[c];
        p[c] = clamped_byte(under + (water[static_cast<std::size_t>(c)] - under) * alpha);
      }
    }
  }
};

}  // namespace

Rgb lake_water(const Rgb& river, double deep_share) {
  const double keep = 1 - (1 - kLakeDarkest) * deep_share;
  return {river[0] * keep, river[1] * keep, river[2] * keep};
}

Rgb flow_color(uint32_t flow, uint32_t max_flow) {
  double t = 0;
  if (flow > 1 && max_flow > 1) {
    t = std::log(static_cast<double>(flow)) / std::log(static_cast<double>(max_flow));
    t = std::min(1.0, t);
  }
  const double at = t * kFlowStretches;
  const int k = std::min(kFlowStretches - 1, static_cast<int>(at));
  return mix(kFlowStops[k], kFlowStops[k + 1], at - k);
}

void view_cells(const ViewCellsInputs& inputs, std::span<uint8_t> rgba, WorkThreads* threads) {
  check(inputs, rgba);
  const Heightfield& terrain = *inputs.terrain;
  const int rows = terrain.height();

  Painter painter{inputs, rgba, relief_light(), {}, {}, 1, {}};
  auto share = [&](auto& body) {
    if (threads != nullptr) {
      threads->run(rows, body);
    } else {
      for (int y = 0; y < rows; y++) body(y, 0);
    }
  };
  if (inputs.show_lakes) {
    painter.river = rgb(inputs.scheme->river);
  }

  switch (inputs.view) {
    case MapView::map:
    case MapView::three_d: {  // the map, draped over the ground
      relief_cells(terrain, inputs.sea_level, *inputs.scheme, rgba, threads);
      if (inputs.show_lakes) {
        auto lakes = [&](int y, int) { painter.lakes_row(y); };
        share(lakes);
      }
      return;
    }
    case MapView::basins: {
      for (int t = 0; t < BasinTones::kToneCount; t++) {
        painter.tone_colors[t] = BasinTones::color(t);
      }
      break;
    }
    case MapView::flow: {
      painter.max_flow =
          max_land_flow(terrain, inputs.sea_level, inputs.hydrology->drainage().flow());
      for (uint32_t f = 0; f < kFlowTable; f++) {
        painter.flow_words[f] = pack(flow_color(f, painter.max_flow));
      }
      break;
    }
  }
  const bool basins = inputs.view == MapView::basins;
  auto row_of = [&](int y, int) {
    if (basins) {
      painter.basins_row(y);
    } else {
      painter.flow_row(y);
    }
    if (inputs.show_lakes) painter.lakes_row(y);
  };
  share(row_of);
}

}  // namespace terrain::render
