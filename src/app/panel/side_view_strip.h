// The side view strip: the land seen from the side, drawn with Dear ImGui's draw list into a
// rectangle the app gives (under the map). What it shows is side_view.h's state; the shapes
// come from render/geometry/side_view.h, which is tested without a display.
//
//   cross-section  the map cut along a row: the ground before the rain as a pale silhouette
//                  behind, the ground now in the scheme's land bands by height, the sea up to
//                  sea level in its sea colours, lakes in the map's lake colour (drawn at
//                  least 2 px deep: the rain's lakes are thousandths deep, under a pixel), a
//                  thin sea-level line, and the caption "row N"
//   walk           the first answer's random-walk skyline, one column per strip pixel
//   sections       the second answer's random points per section, one value per pixel column
// Both skylines are of "How can I generate a 2D mountain landscape procedurally?", drawn as
// filled mountains in the scheme's land bands under a sky of its deep sea colour, captioned
// with their method and seed.
//
// Coordinates: everything is in the draw list's coordinates (ImGui's screen coordinates, the
// same as ImGui::GetCursorScreenPos() and the window's rectangle). The map's Frame must be in
// those too: a Frame in drawable pixels (MapCamera's) converts with screen_frame().
//
// Performance: a steady frame computes no skyline and allocates nothing of its own (the
// skylines are made again only when their seed, parameters or the strip's width change; the
// cross-section and the silhouettes refill buffers kept in SideViewCache: O(columns) a
// frame). The shapes go into ImGui's own vertex buffers (PrimReserve / PrimWriteVtx): a quad
// per column and land stratum it passes, some tens of thousands of vertices at most.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "app/core/side_view.h"
#include "core/frame.h"
#include "core/heightfield.h"
#include "core/skyline.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/side_view.h"

namespace terrain::app {

// What the strip reads from the model this frame. Plain pointers, none owned; they need to
// live only through the call.
struct SideViewInputs {
  const Heightfield* original = nullptr;  // the ground before any rain (LiveModel::original())
  const Heightfield* now = nullptr;       // the ground now (LiveModel::heights()), same size
  // Lake depth per cell of `now`'s size (LiveModel::hydrology().lake_depth()); empty, or of
  // another size (a hydrology not yet redone for a new map), draws no lakes.
  std::span<const float> lake_depth;
  double sea_level = 0.25;                      // LiveModel::settings().sea_level
  const render::ColorScheme* scheme = nullptr;  // the scheme the map is drawn in
  const Frame* map_frame = nullptr;  // where the map's grid points land, in screen coordinates
};

// The skylines as last made, and the buffers the strip refills each frame. One per strip;
// keep it across frames (a fresh one makes the skyline again on its first frame).
class SideViewCache {
 public:
  // The walk's heights for this seed and parameters at `columns` columns (params.columns is
  // ignored): made again only when one of those changed since the last call. Bad parameters
  // leave it empty and error() says why.
  std::span<const double> walk(uint32_t seed, const RandomWalkParams& params, int columns);
  // The sections skyline sampled at `columns` values (>= 2), likewise.
  std::span<const double> sections(uint32_t seed, const SectionParams& params, int columns);
  // Why the skyline last asked for could not be made ("" when it was).
  const std::string& error() const { return last_was_walk_ ? walk_error_ : sections_error_; }
  // How many skylines were made so far (a steady frame makes none).
  uint64_t skylines_made() const { return made_; }

  // Buffers kept for the drawing (draw_side_view_strip's, not for the app): the cut, and one
  // silhouette at a time.
  render::CrossSection cut;
  std::vector<render::SilhouetteColumn> shape;

  // The strip's picture: painted on the CPU one pixel column at a time, only the columns
  // whose content changed since the last frame (a raining map changes a few of the row's
  // cells a tick; a skyline none), and shown as one texture. A software GL (llvmpipe) pays
  // per triangle and per pixel it shades: one quad costs it next to nothing, where a quad
  // per column and per band of colour cost a third of the frame rate.
  struct Image {
    int width = 0;
    int height = 0;
    std::vector<uint32_t> pixels;  // RGBA8 as IM_COL32 packs it, top row first
    // What each pixel column shows, in pixel rows from the top (height: none): the ground
    // before the rain, the ground now, the water's surface, and the water's colour.
    struct Column {
      int original = 0;
      int ground = 0;
      int water = 0;
      uint32_t water_color = 0;  // 0: the sea's rows; else a lake's colour
      bool operator==(const Column&) const = default;
    };
    std::vector<Column> columns;
    std::vector<Column> next;  // this frame's, compared with `columns`
    // The colours of each row (sky, the original's pale land, land, sea), made again when
    // the scheme, the height, the vertical mapping or the sea level change.
    std::vector<uint32_t> sky, pale, land, sea;
    uint64_t look = 0;   // a hash of what the row colours were made for
    int dirty_from = 0;  // the columns repainted since the last upload: [from, to)
    int dirty_to = 0;
    int repainted = 0;     // columns repainted by the last frame
    unsigned texture = 0;  // the GL texture it is shown with (0 until the first upload)
    int texture_width = 0;
    int texture_height = 0;
  };
  Image image;
  // False: paint the image but leave the GL alone (for tests without a GL context); nothing
  // is added to the draw list but the caption.
  bool use_gl = true;
  // Deletes the texture (with the GL context current).
  void release();

 private:
  struct WalkKey {
    bool valid = false;
    uint32_t seed = 0;
    RandomWalkParams params;
  };
  struct SectionsKey {
    bool valid = false;
    uint32_t seed = 0;
    SectionParams params;
    int columns = 0;
  };
  WalkKey walk_key_;
  SectionsKey sections_key_;
  std::vector<double> walk_;
  std::vector<double> sections_;
  std::string walk_error_;
  std::string sections_error_;
  bool last_was_walk_ = true;
  uint64_t made_ = 0;
};

// The room (pixels) the strip leaves above the highest its profiles can reach, for its
// caption: no peak touches the strip's top or runs under the caption.
float strip_headroom(int strip_height);

// Draws the strip of `state` into [min, max) of `draw` (screen coordinates), clipped to it.
// The cross-section needs inputs.original, now, scheme and map_frame (its columns line up
// under the map's cells at any zoom and pan); the skylines need only inputs.scheme. Missing
// inputs, an empty rectangle or a hidden strip (state.shown false) draw nothing. The row is
// state.row clamped to the map (the middle row when none is chosen). Never throws.
void draw_side_view_strip(ImDrawList* draw, ImVec2 min, ImVec2 max, const SideViewState& state,
                          const SideViewInputs& inputs, SideViewCache& cache);

// The cross-section's row on the map: a thin horizontal line across [map_min, map_max) at
// y = frame.top + row * frame.scale_y (screen coordinates), in the scheme's index line colour
// over a dark outline so it reads on every scheme. Nothing when the row is outside the area.
// `row` as the strip cuts it: render::cross_section_row(state.row, rows).
void draw_row_mark(ImDrawList* draw, ImVec2 map_min, ImVec2 map_max, const Frame& frame, int row,
                   const render::ColorScheme& scheme);

// A Frame in the canvas's drawable pixels (MapCamera::frame()'s, Frame::viewport()'s) in
// screen coordinates: `origin` is where the canvas's pixel (0, 0) is on screen (the main
// viewport's position: (0, 0) for the one window), `pixels_per_point` ImGui's
// io.DisplayFramebufferScale.x (1 without high-DPI).
inline Frame screen_frame(const Frame& pixels, ImVec2 origin, float pixels_per_point = 1) {
  return {origin.x + pixels.left / pixels_per_point, origin.y + pixels.top / pixels_per_point,
          pixels.scale_x / pixels_per_point, pixels.scale_y / pixels_per_point};
}

}  // namespace terrain::app
