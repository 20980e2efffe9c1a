// The cell image of each view: one RGBA8 pixel per grid cell, which both painters then scale
// up to the canvas exactly as they scale the sketch's relief (the sketch's `terrain_img`).
//
//   map     the sketch's relief (relief.h), bit for bit (and the 3D view's, draped over the
//           ground)
//   basins  each land cell its basin's tone (basin_tones.h) lit with the relief's own shade
//           (the same light and slope as relief_cell_color), so the divides read as ridges;
//           the sea in the relief's sea colours
//   flow    the flow counts on a logarithmic scale, log(flow) / log(largest land flow), as a
//           red field from near black through red to a pale orange: brightness grows with the
//           flow, so every crease of the ground is lit; the sea dark (the relief's sea colour
//           at a quarter of its brightness)
// Lakes, when shown, go over any view: each lake cell (lake depth > 0) is blended with the
// scheme's river colour, at least half opaque (kLakeAlphaMin at the shallowest, kLakeAlphaMax
// from kLakeDeep down), and darker as it deepens (the river colour down to kLakeDarkest of
// its brightness at kLakeDeep); every other cell is left exactly as the view painted it.
//
// No GL here: tested without a display. Allocation: none.
#pragma once

#include <cstdint>
#include <span>

#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/map_view.h"
#include "core/work_threads.h"
#include "render/geometry/basin_tones.h"
#include "render/geometry/color_scheme.h"

namespace terrain::render {

inline constexpr double kLakeAlphaMin = 0.6;
inline constexpr double kLakeAlphaMax = 0.85;
inline constexpr double kLakeDeep = 0.05;    // a depth (in height units) drawn fully deep
inline constexpr double kLakeDarkest = 0.6;  // the deepest lake's share of the river's brightness

// The water colour of a lake `deep_share` (depth / kLakeDeep, at most 1) of the way to deep.
Rgb lake_water(const Rgb& river, double deep_share);

struct ViewCellsInputs {
  const Heightfield* terrain = nullptr;  // the heights drawn
  double sea_level = 0.25;
  const ColorScheme* scheme = nullptr;
  MapView view = MapView::map;
  bool show_lakes = false;
  // Required for the basins and flow views and for lakes: the hydrology of a ground of the
  // terrain's size (normally of the terrain itself, as last worked out).
  const Hydrology* hydrology = nullptr;
  const BasinTones* tones = nullptr;  // required for the basins view: tones of that hydrology
};

// The cell colour of a flow count in a field whose largest land flow is `max_flow` (t =
// log(flow) / log(max_flow), 0..1; a max_flow of 1 gives t = 0).
Rgb flow_color(uint32_t flow, uint32_t max_flow);

// Paints the cell image of `inputs` into `rgba` (terrain.size() * 4 bytes, row-major, top row
// first, alpha 255). Throws std::invalid_argument, writing nothing, when a size disagrees or a
// required input is missing. With `threads`, the rows are shared between them.
void view_cells(const ViewCellsInputs& inputs, std::span<uint8_t> rgba,
                WorkThreads* threads = nullptr);

}  // namespace terrain::render
