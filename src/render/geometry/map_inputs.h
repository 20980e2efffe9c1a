// What the map renderer draws: the terrain, its settings, the rivers as the live model eases
// them, and the debug overlay. Everything is borrowed (pointers), never copied: the
// caller keeps it alive for the duration of a draw() or snapshot() call.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/frame.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/map_view.h"
#include "core/rain.h"
#include "core/river_picture.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/map_camera.h"
#include "render/geometry/orbit_camera.h"

namespace terrain::render {

// Checks a river picture against a grid of `cells` cells: every array that size, every index
// in range (downstream and ghost_after -1 or a cell, ghost_to a cell wherever its ghost is
// drawn). Returns an empty string when it is fine, else what is wrong (which array, which
// cell, which value, what is allowed).
std::string check_river_picture(const RiverPicture& rivers, std::size_t cells);

// Most contour levels drawn (the sketch's slider stops at 20); beyond this the lines would
// outgrow what a minimal GL 3.3 buffer texture holds (65,536 segments).
inline constexpr int kMaxContourLevels = 40;

struct MapInputs {
  const Heightfield* terrain = nullptr;  // required: the heights drawn (at least 2 x 2)
  double sea_level = 0.25;               // the coast; 0..1
  int contour_levels = 10;  // lines between sea level and 1: 0 (none)..kMaxContourLevels
  const ColorScheme* scheme = nullptr;  // required: one of color_schemes()
  bool show_rivers = true;
  const RiverPicture* rivers = nullptr;  // required when show_rivers
  bool debug = false;                    // draw the last drops' routes and the drop count
  const Rain* routes = nullptr;          // debug: routes of the last drops (may be null)
  uint64_t drops = 0;                    // debug: drops so far, for the count
  // The "Drainage" API documentation's views (view_cells.h) and river stroking
  // (river_paths.h). The defaults draw the sketch's picture.
  MapView view = MapView::map;
  bool show_lakes = false;
  RiversBy rivers_by = RiversBy::flow;
  double min_flow = sketch::RIVER_START;  // 1 or more
  // Required for the basins and flow views, for lakes and for rivers by order: the hydrology
  // of a ground of the terrain's size.
  const Hydrology* hydrology = nullptr;
  // Changes when a new ground is grown: the basins' tones start again from it.
  uint64_t ground_version = 0;
  // Where the grid lands on the canvas (map_camera.h: zoom and pan). Empty: the sketch's
  // viewport of the whole canvas.
  std::optional<Frame> frame;
  // The 3D view's (view three_d, required there): its camera, and how high the relief stands
  // (kMinExaggeration..kMaxExaggeration in surface_raster.h).
  std::optional<OrbitCamera> camera;
  double exaggeration = 1;
  // The 3D view's picture on the canvas: for a tile of a larger picture, the whole picture
  // (beyond the tile's canvas). Empty: the area, or the whole canvas.
  std::optional<MapArea> picture;
  // The part of the canvas the map is seen in (the rest is under the app's side bar and
  // strip): the debug count sits at its bottom-left corner, and the CPU painter paints only
  // this part (to whole 8 x 8 tiles) of a window's frame. Empty: the whole canvas.
  std::optional<MapArea> area;
};

// Checks inputs before anything is drawn. Returns an empty string when they can be drawn,
// else a message naming the value and what is allowed.
std::string check_map_inputs(const MapInputs& inputs);

}  // namespace terrain::render
