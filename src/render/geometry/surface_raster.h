// The 3D view on the CPU: the height grid as a surface, one vertex per grid point, seen by an
// orbit camera (orbit_camera.h) and rasterised with a depth buffer into the same 8-bit pixels
// the map pass paints (map_raster.h).
//
// What it draws:
//   the ground      each grid point at its height; the map's own picture (the relief, lakes,
//                   contours and rivers as the map view paints them, at a few pixels a cell) is
//                   draped over it, perspective-correct, so the 3D view is in the scheme's colours
//                   and the relief's light and shows what the map shows
//   the sea         a plane at sea level: a grid point under the sea is drawn at sea level, and
//                   the picture draped there is the relief's sea, tinted by depth
//   the lakes       (when given) as water: a lake's grid points at its surface, flat
//   the sides       the block the map stands on: soil from a base below the lowest ground up
//                   to the ground, and the sea's water above it up to sea level, each side lit
//                   as the relief lights a slope facing that way
//   the sky         behind, a gradient of the scheme's deep sea towards a paler horizon
//
// Why on the CPU: without a GPU the GL is Mesa's llvmpipe, whose cost is per triangle; it drew
// the 114,000 triangles of the full grid at 8 frames a second at 1280 x 720 (29,000 at 30).
// Here a triangle of a few pixels costs tens of nanoseconds: the picture is split into bands
// of rows shared between the cores, each band walks only the strips of the grid that reach
// it, nearest first so the depth test turns away most hidden pixels before they are coloured,
// and faces turned away are culled (the sides close the surface, so none is ever seen).
//
// No GL here: tested without a display. Allocation: the scratch only grows, so a steady frame
// allocates nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/frame.h"
#include "core/heightfield.h"
#include "core/work_threads.h"
#include "render/geometry/map_camera.h"
#include "render/geometry/map_raster.h"
#include "render/geometry/orbit_camera.h"

namespace terrain::render {

// The vertical exaggeration's range (the panel's slider): heights drawn at `exaggeration`
// times OrbitCamera::kReliefCells cells per unit of height.
inline constexpr double kMinExaggeration = 0.1;
inline constexpr double kMaxExaggeration = 5;

// An 8-bit colour, before it is laid out as a pixel word.
struct Rgb8 {
  uint8_t r = 0;
  uint8_t g = 0;
  uint8_t b = 0;
};

struct SurfaceInputs {
  const Heightfield* heights = nullptr;       // required: the ground, at least 2 x 2
  double sea_level = 0.25;                    // the sea's plane
  std::span<const float> lake_depth;          // empty (no lakes), or a depth per grid point
  double relief = OrbitCamera::kReliefCells;  // cells per unit of height (times exaggeration)
  // The map's picture draped over the ground: drape_width x drape_height pixel words, top row
  // first, laid out as the output is (RasterLayout::bgra), grid point (x, y) at
  // (drape_frame.left + x * scale_x, drape_frame.top + y * scale_y) of it.
  std::span<const uint32_t> drape;
  int drape_width = 0;
  int drape_height = 0;
  Frame drape_frame;
  Rgb8 sky_top;     // the background at the picture's top ...
  Rgb8 sky_bottom;  // ... and bottom
  Rgb8 soil;        // the block's sides below the ground
  Rgb8 water;       // ... and the sea's water above it
};

// The drape's pixels a cell, for a picture of width x height: three fifths of what the
// picture gives a cell when the map fills it, from 2 to 8.
int drape_scale(double width, double height, int cols, int rows);
// The drape's size and frame at `scale` pixels a cell: grid point (x, y) at pixel centre
// (x * scale, y * scale).
int drape_side(int cells, int scale);
Frame drape_frame(int scale);

class SurfaceRaster {
 public:
  // Draws the surface seen by `camera` into the width x height canvas `pixels` (words laid out
  // by `layout`: its byte order, its row order, and the clip outside which nothing is
  // touched). The picture spans `picture` on the canvas (the map's area in a window; for a
  // tile of a larger picture, the whole picture, beyond the canvas): its aspect is the
  // camera's, and a canvas point maps to the ray OrbitCamera::ray_through gives for it.
  // Throws std::invalid_argument, drawing nothing, when a size disagrees or an input is
  // missing. With `threads`, the grid and the bands of rows are shared between them.
  void draw(const SurfaceInputs& in, const OrbitCamera& camera, const MapArea& picture, int width,
            int height, std::span<uint32_t> pixels, RasterLayout layout = {},
            WorkThreads* threads = nullptr);

 private:
  struct Job;
  // A point on the canvas: x, y, 1 / w (the depth test's: larger is nearer; 0 for a point
  // behind the eye), its drape pixel, and that divided by w (for perspective-correct draping).
  struct Vertex {
    float x = 0;
    float y = 0;
    float iw = 0;
    float u = 0;
    float v = 0;
    float uw = 0;
    float vw = 0;
  };
  void project(const Job& job, int row);
  void band(const Job& job, int index);

  std::vector<Vertex> grid_;  // each grid point of the surface
  // The block's sides, each walked left to right as seen from outside: every point's base,
  // ground and water's top.
  std::vector<Vertex> sides_;
  std::vector<Rgb8> side_colors_;  // each side's soil and water, lit
  // Each strip of the grid (a row of squares, or a column) and its rows on the canvas, and the
  // same of each chunk of squares along it.
  std::vector<double> strip_top_, strip_bottom_;
  std::vector<double> chunk_top_, chunk_bottom_;
  std::vector<float> depth_;
};

}  // namespace terrain::render
