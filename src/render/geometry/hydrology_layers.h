// The hydrology as pictures, one pixel per cell, for files that leave the sandbox (terrain-cli
// --layers, the panel):
//
//   flow      the flow view's cells (view_cells.h): log(flow) / log(the largest land flow)
//             as a red field from near black to pale orange, the sea dark
//   basins    the basins view's cells: each land basin its tone (basin_tones.h, touching
//             basins apart) lit by the relief's shade, the sea in the scheme's sea colours
//   strahler  the Strahler order of the river cells as gray, value = order * kStrahlerStep
//             (0 off the rivers), so the order reads back exactly as value / kStrahlerStep
//   lakes     the lakes' depth (0 elsewhere), as heights: a 16-bit heightmap keeps its range
//
// No GL here: what the CLI and the app both write.
#pragma once

#include <cstdint>
#include <vector>

#include "core/heightfield.h"
#include "core/hydrology.h"
#include "render/geometry/color_scheme.h"

namespace terrain::render {

// The gray step of one Strahler order (orders reach 12 on the largest grids: 240).
inline constexpr int kStrahlerStep = 20;

struct HydrologyLayers {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> flow;      // RGBA8, top row first
  std::vector<uint8_t> basins;    // RGBA8
  std::vector<uint8_t> strahler;  // RGBA8 gray
  Heightfield lake_depth;         // the depth of standing water per cell
};

// The layers of `ground` (the terrain the hydrology was worked out for) in `scheme`'s colours.
// Throws std::invalid_argument when the hydrology is not of the ground's size.
HydrologyLayers hydrology_layers(const Heightfield& ground, double sea_level,
                                 const Hydrology& hydrology, const ColorScheme& scheme);

}  // namespace terrain::render
