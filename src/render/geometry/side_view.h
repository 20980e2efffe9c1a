// The side view's geometry: the land seen from the side, as filled silhouettes in the strip
// under the map. No GL, no ImGui: the app's side_view_strip.h draws what this works out.
//
// Sections
//   CrossSection    the map cut along one row: the ground before the rain, the ground now and
//                   the water on it (the sea, lakes), one value per column
//   ColumnPlacement where each column lands across the strip (the map's Frame, or a pixel)
//   VerticalMap     where a value lands down the strip (y down), one per kind of profile
//   silhouette()    a profile as columns to fill from their top down to the strip's bottom,
//                   clipped to the strip
//   row_mark_y()    where the cut's row is on the map
//
// The columns are steps, not a line through the grid points: column x covers the map's cell
// x exactly as the relief draws it (centred on its grid point, one scale wide), so at any zoom
// and pan the cross-section's columns stand under the cells they cut. A skyline has one column
// per strip pixel, which is the first answer's own drawing (a vertical line per pixel column).
//
// Allocation: CrossSection::update() resizes only when the width changes, and silhouette()
// refills the caller's vector, so a steady frame allocates nothing.
#pragma once

#include <array>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "core/frame.h"
#include "core/heightfield.h"
#include "core/skyline.h"
#include "render/geometry/color_scheme.h"

namespace terrain::render {

// No water in a column: the value CrossSection's sea() and lakes() hold there, which
// silhouette() skips.
inline constexpr double kNoWater = std::numeric_limits<double>::quiet_NaN();

// The map cut along one row, one value per column x (0 .. width - 1), all in the map's height
// units (0..1 for the sketch's island).
class CrossSection {
 public:
  // The cut along `row` of `original` (the ground before any rain) and `now` (the ground as
  // rained on): both the same size, row in 0 .. height - 1. `lake_depth` is the lake depth
  // per cell of `now`'s size (Hydrology::lake_depth()), or empty for no lakes. Throws
  // std::invalid_argument, changing nothing, when a size disagrees or the row is outside.
  //   sea:  where the ground now is below sea_level (as the relief and the rain tell the sea),
  //         the water stands at sea_level;
  //   lake: elsewhere, where the lake depth is above 0, it stands at ground now + depth (the
  //         level the lake fills its hollow to; the sea is never a lake, as in hydrology.h).
  // Allocates only when the width differs from the last update's.
  void update(const Heightfield& original, const Heightfield& now,
              std::span<const float> lake_depth, int row, double sea_level);

  int width() const { return static_cast<int>(ground_.size()); }
  int row() const { return row_; }
  double sea_level() const { return sea_level_; }
  // The heights along the row, widened from float32 (exact).
  std::span<const double> original() const { return original_; }
  std::span<const double> ground() const { return ground_; }
  // The water surface where that water is, kNoWater elsewhere.
  std::span<const double> sea() const { return sea_; }
  std::span<const double> lakes() const { return lakes_; }
  // The lake depth per column (0 where there is none), for the water's colour.
  std::span<const double> lake_depth() const { return lake_depth_; }

 private:
  int row_ = 0;
  double sea_level_ = 0;
  std::vector<double> original_;
  std::vector<double> ground_;
  std::vector<double> sea_;
  std::vector<double> lakes_;
  std::vector<double> lake_depth_;
};

// Where the columns land across the strip: column i covers
// [left + (i - 0.5) * scale, left + (i + 0.5) * scale), centred on left + i * scale.
// Neighbouring columns share their edge exactly (both are worked out by the one expression).
struct ColumnPlacement {
  double left = 0;
  double scale = 1;  // > 0 and finite

  double edge(int i) const { return left + (i - 0.5) * scale; }  // column i's left edge
};
// The map's columns: grid point x of a Frame lands at left + x * scale_x (frame.h), so the
// cross-section's column x stands under the map's cell x. The frame must be in the strip's
// coordinates (the same pixels, the same origin).
inline ColumnPlacement map_columns(const Frame& frame) {
  return {frame.left, frame.scale_x};
}
// One column per pixel from `strip_left`: column i covers [strip_left + i, strip_left + i + 1).
inline ColumnPlacement pixel_columns(double strip_left) {
  return {strip_left + 0.5, 1};
}

// Where a value lands down the strip, y down: value_at_top at `top`, value_at_bottom at
// `bottom`, linear between and clamped to [top, bottom] (so nothing leaves the strip).
struct VerticalMap {
  double value_at_top = 1;
  double value_at_bottom = 0;  // differs from value_at_top
  float top = 0;
  float bottom = 1;  // >= top

  float y(double value) const;
};

// The cross-section's margin above 1 and below 0, as a share of the range.
inline constexpr double kCrossSectionMargin = 0.04;
// The cross-section: heights 0..1 (the sketch's island is normalised to them), with
// kCrossSectionMargin above and below. The range is fixed, not the row's own lowest and
// highest, so the rain's change shows as it is and the picture does not jump as it rains.
VerticalMap cross_section_vertical(float top, float bottom);
// The random walk, after the first answer of "How can I generate a 2D mountain landscape
// procedurally?": its JavaScript draws each column from y = HEIGHT_MAX (the canvas's bottom)
// up to y = height, in canvas coordinates with y down, on a canvas HEIGHT_MAX tall. So a
// height is the surface's distance from the top: 0 is the highest a peak can be and
// height_max the lowest valley. Here the strip is that canvas, scaled to its height: the top
// at top + height / height_max * (bottom - top).
VerticalMap walk_vertical(const RandomWalkParams& params, float top, float bottom);
// Random points per section, after the second answer of the same question: its y is a height
// above the bottom, picked in 0..HEIGHT (params.height) and moved by up to +-shift/2, so
// heights between section points may stray up to shift/2 outside 0..height; they are clamped
// to the strip. The bottom is 0, the top params.height.
VerticalMap sections_vertical(const SectionParams& params, float top, float bottom);

// One column of a filled silhouette: fill [x0, x1) x [top, the strip's bottom).
struct SilhouetteColumn {
  int column = 0;  // its index in the profile, to look up its value or colour
  float x0 = 0;
  float x1 = 0;  // > x0
  float top = 0;
};

// The columns of `profile` (one value per column) placed by `columns` and `vertical`, clipped
// to [x_min, x_max) (a column partly inside is cut to it; one wholly outside is left out), in
// column order, into `out` (emptied first; it grows only past its capacity). A value that is
// not finite (kNoWater) leaves its column out. Throws std::invalid_argument when the scale is
// not positive and finite. O(columns inside the range).
void silhouette(std::span<const double> profile, ColumnPlacement columns,
                const VerticalMap& vertical, float x_min, float x_max,
                std::vector<SilhouetteColumn>& out);

// The row the cross-section cuts along: `row` clamped to 0 .. rows - 1, or the middle row
// (rows / 2) when none is chosen. Precondition: rows >= 1.
int cross_section_row(std::optional<int> row, int rows);

// Where the cut's row lies on the map: y = frame.top + row * frame.scale_y, or nullopt when
// that is outside [top, bottom] (the map's visible area) by more than half a pixel (within
// that, clamped to it: at fit the first and last rows lie on the edges).
std::optional<float> row_mark_y(const Frame& frame, int row, float top, float bottom);

// The land's colour down the strip, y down: the scheme's land stops blended evenly from the
// coast (sea_level) to the peaks (1), as band_colors() blends them (here unquantised), the
// first stop below the coast and the last above the peaks; linear in y between the stops.
// What the land is filled with, so one height has one colour across the strip: a column is
// coloured down its length by the heights it passes, not by its top alone (which streaks).
struct Strata {
  static constexpr int kMaxStops = kMaxLandStops + 2;
  int count = 0;  // stops in use (2 .. kMaxStops), top first: y[0] = top, y[count - 1] = bottom
  std::array<float, kMaxStops> y{};
  std::array<Rgb, kMaxStops> color{};

  // The colour at y: linear between the stops either side, the end colours beyond them.
  Rgb at(float y) const;
};
// The strata of `scheme` over the strip of `vertical` (its values heights, with the coast at
// sea_level). A skyline, which has no sea, passes its elevation (0 at its foot, 1 at its top)
// with a sea level of 0. Allocates nothing.
Strata land_strata(const ColorScheme& scheme, const VerticalMap& vertical, double sea_level);

// The land colour of a height, as the relief picks its band (the sketch's drawTerrain(): band
// floor((h - sea_level) / (1 - sea_level) * 255), clamped to the bands), without the relief's
// shade, which a side view has no light for. Heights below sea level take the first band.
Rgb land_color(const ColorScheme& scheme, double height, double sea_level);

}  // namespace terrain::render
