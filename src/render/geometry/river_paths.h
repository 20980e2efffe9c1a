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
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/frame.h"
#include "core/river_picture.h"
#include "core/sketch.h"
#include "render/geometry/stroke_path.h"

namespace terrain::render {

class RiverPaths {
 public:
  static constexpr int kPathCount = sketch::RIVER_WIDTHS * sketch::FADES;
  // Rebuilds the 48 paths for a cols x rows grid drawn in `frame` (the sketch's viewport).
  // `rivers` must pass check_river_picture(rivers, cols * rows). Allocates only while growing.
  void build(const RiverPicture& rivers, int cols, const Frame& frame);

  // Path n holds size n / FADES at fade level n % FADES.
  const StrokePath& path(int n) const { return paths_[static_cast<std::size_t>(n)]; }

  // The sketch's width(size): (0.7 + size * 0.5) * max(1, scale / 2.5), in pixels.
  static double width(int size, double scale);
  // The globalAlpha path n is stroked with: (n % FADES + 1) / FADES.
  static double alpha(int n);

 private:
  std::array<StrokePath, kPathCount> paths_;
  std::vector<uint8_t> fed_;  // per cell: a river runs into it (so it is not a source)
};

}  // namespace terrain::render
