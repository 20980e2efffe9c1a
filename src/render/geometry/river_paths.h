// The rivers as the sketch's drawRivers() builds them: 6 widths x 8 fades = 48 paths, each
// stroked once, the bank (2 px wider, colors.bank) under the river (colors.river).
//
// Each cell carrying at least RIVER_START cells of water is a piece from the middle of its
// step to the middle of the next step, curving through the cell it drains into (a quadratic
// curve whose control point is that cell); a source (a cell no river runs into) also gets the
// stub from its own centre. A piece goes into the path of its size, floor(log2(water /
// RIVER_START)) up to 5, and of its fade level, ceil(opacity * min(1, water / RIVER_START - 1)
// * FADES) - 1 up to 7 (pieces below level 0 are not drawn). Pieces that changed course fade
// out along their old line while ghost_fade is above 0.02.
//
// Two things beyond the sketch, from the "Drainage" API documentation, which leave the
// sketch's picture as it is at their defaults:
//   - the minimum flow (its minFlow) takes RIVER_START's place in every rule above;
//   - stroked by order, a piece goes into the path of its cell's Strahler order instead of its
//     size (orders above kMaxOrder share the last), stroked 0.7 + 0.9 * order wide as the
//     documentation strokes its rivers, scaled with the view as the sketch scales its widths.
//     A piece whose cell has no order (easing towards a network that has moved) counts as 1.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/frame.h"
#include "core/map_view.h"
#include "core/river_picture.h"
#include "core/sketch.h"
#include "render/geometry/stroke_path.h"

namespace terrain::render {

struct RiverStyle {
  double min_flow = sketch::RIVER_START;  // water for a piece to be drawn
  RiversBy by = RiversBy::flow;
  std::span<const uint8_t> strahler;  // per cell, required (cols * rows) when by order
};

class RiverPaths {
 public:
  // Orders drawn in paths of their own; higher ones share the last.
  static constexpr int kMaxOrder = 12;
  // Sizes (flow classes) or orders, each with FADES fade levels.
  static constexpr int kPathCount = kMaxOrder * sketch::FADES;
  static_assert(kMaxOrder >= sketch::RIVER_WIDTHS);
  // Rebuilds the paths for a cols x rows grid drawn in `frame` (the sketch's viewport).
  // `rivers` must pass check_river_picture(rivers, cols * rows). Allocates only while growing.
  // Throws std::invalid_argument when stroking by order without an order per cell.
  void build(const RiverPicture& rivers, int cols, const Frame& frame,
             const RiverStyle& style = {});

  // Path n holds size (or order - 1) n / FADES at fade level n % FADES. By flow only the
  // first RIVER_WIDTHS * FADES are used.
  const StrokePath& path(int n) const { return paths_[static_cast<std::size_t>(n)]; }

  // The sketch's width(size): (0.7 + size * 0.5) * max(1, scale / 2.5), in pixels.
  static double width(int size, double scale);
  // The documentation's strokeWeight(0.7 + order * 0.9), scaled as width() is.
  static double order_width(int order, double scale);
  // The width path n is stroked with, as the last build() drew it (by flow or by order).
  double stroke_width(int n, double scale) const;
  // The globalAlpha path n is stroked with: (n % FADES + 1) / FADES.
  static double alpha(int n);

 private:
  std::array<StrokePath, kPathCount> paths_;
  std::vector<uint8_t> fed_;     // per cell: a river runs into it (so it is not a source)
  std::vector<int32_t> active_;  // the cells with a piece or a ghost to draw
  RiversBy by_ = RiversBy::flow;
};

}  // namespace terrain::render
