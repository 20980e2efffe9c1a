// Bring your own ground: a heightmap of any size becomes a ground of the grid's size.
//
// The pieces, in the order a file goes through them:
//   default_ground_size  the grid a file gets when nobody names one (its own size, up to 8192²)
//   GroundFit            crop (keep the aspect, take the centre) or stretch (fill the grid)
//   ground_window        which part of the source a fit uses, in source cells
//   fit_ground           the resampling: area average where it shrinks, bilinear where it grows
//   normalized_01        a foreign file's heights stretched to 0..1 after resampling
//
// The mapping, exactly (per axis; x shown, y the same with rows): the window starts at source
// coordinate x0 and is e cells wide (source cell k covers [k, k + 1)); with s = e / cols,
// target cell i covers the source interval [x0 + i*s, x0 + (i+1)*s).
//   - where s >= 1 (the target has no more cells than the window) target cell i is the area
//     average of that interval: an exact box filter, the cells it cuts weighted by the part of
//     them it covers. s == 1 with an integer x0 is a plain copy.
//   - where s < 1 it is the bilinear interpolation between source cell centres (cell k's centre
//     at coordinate k) at u = x0 + (i + 0.5)*s - 0.5, clamped to [0, width - 1] so the edge
//     cells repeat rather than fade.
// The two axes are independent, so one may shrink while the other grows. The filter is
// separable: x first, then y (except where x grows while y shrinks: there y goes first so the
// work stays proportional to the source plus the target; the two orders agree but for
// rounding). Sums are in double, each result rounds once to float32.
#pragma once

#include <optional>
#include <string_view>
#include <utility>

#include "core/heightfield.h"

namespace terrain {

// crop: the sketch's viewport rule for cells: the source is scaled (the same in x and y) until
// it covers the grid, centred, and what overflows is cut. The viewport fits grid points
// (cols - 1 spans); here a file's pixel is an area, so the grid's cols x rows cells cover it.
// stretch: the whole source, x and y scaled independently, so the grid is filled and the
// aspect may change.
enum class GroundFit { crop, stretch };

// The words the command lines use: "crop", "stretch". parse_ground_fit gives nullopt for any
// other word (exact, lower case).
std::string_view ground_fit_name(GroundFit fit);
std::optional<GroundFit> parse_ground_fit(std::string_view name);

// The grid a file_w x file_h heightmap becomes when no size is asked for: its own size, so a
// file's cells are kept one for one, unless a side is larger than `most`; then it is shrunk to
// fit most x most with its aspect kept (the longer side becomes `most`, the other is rounded
// to the nearest cell, halves up). A side never comes out below 2, the least a ground has
// (fit_ground's precondition), so a one-row file gets a two-row ground.
// Pre: file_w, file_h >= 1, most >= 2 (std::invalid_argument naming the value otherwise).
// Post: each side in [2, most]; a file within most x most keeps its size (sides of 1 become 2).
// O(1); integer arithmetic, so the same answer everywhere.
std::pair<int, int> default_ground_size(int file_w, int file_h, int most = 8192);

// The part of a source_w x source_h source that fills a cols x rows grid: [left, left + width)
// x [top, top + height) in source cells (fractions allowed). stretch: the whole source. crop:
// the largest centred window with the grid's aspect; one of its sides is the source's whole
// side, exactly.
// Pre: all four sizes >= 1 (std::invalid_argument naming the value otherwise).
// O(1).
struct SourceWindow {
  double left = 0;
  double top = 0;
  double width = 0;
  double height = 0;
};
SourceWindow ground_window(int source_w, int source_h, int cols, int rows, GroundFit fit);

// `source` resampled to cols x rows through ground_window(..., fit) by the mapping at the top
// of this file. Heights are not rescaled (see normalized_01): the result lies within the
// source's min and max, and a constant source gives the same constant.
// Pre: source non-empty with every value finite; cols, rows >= 2 (std::invalid_argument naming
// the value otherwise).
// Post: cols x rows; a source of exactly that size comes back bit for bit (either fit).
// Deterministic (one thread, fixed order of sums). O(source cells + target cells) time;
// O(source width + cols + source height + rows) memory beyond the result.
Heightfield fit_ground(const Heightfield& source, int cols, int rows, GroundFit fit);

// (h - min) / (max - min) for each cell, in double, stored as float32: the lowest cell becomes
// exactly 0 and the highest exactly 1; a flat field becomes all 0. Foreign files go through
// it after resampling (so the area averages are taken of the file's own heights); the app's
// own height files are kept as they are and skip it.
// Pre: finite values (an empty field comes back empty). O(cells).
Heightfield normalized_01(const Heightfield& field);

}  // namespace terrain
