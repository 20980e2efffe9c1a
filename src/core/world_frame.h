// The world a map shows, at any size: where each of its cells lies in the sketch's world.
//
// The sketch's map is 320 x 180 cells, and its island is a function of the cell's place:
// noise(x * terrain_scale, y * terrain_scale) and a falloff over the frame ("Hydraulic
// Erosion"). A map of another size shows that same world, finer or coarser, so that a seed
// is one island at every size rather than a new island per size:
//   - the world is measured in the sketch's cells: x from 0 to 319, y from 0 to 179;
//   - a map of the sketch's shape (16:9) spans exactly that, corner cell to corner cell, so
//     its cells are 319 / (width - 1) of the sketch's wide;
//   - a map of another shape shows the whole world too, centred, with square cells: the world
//     fits the frame's width or its height, and the rest of the frame shows more of what lies
//     around it (the sea, and p5's noise, which mirrors at 0 as p5's noise() does);
//   - finer cells see finer detail: one octave of noise is added each time the cells halve, so
//     a bigger map adds detail rather than blurring the sketch's.
// At 320 x 180 every cell's place is its own index, exactly (the sketch's map, bit for bit).
#pragma once

#include <algorithm>
#include <cmath>

#include "core/sketch.h"

namespace terrain {

struct WorldFrame {
  int width = sketch::COLS;   // cells
  int height = sketch::ROWS;  // cells
  double cell = 1;            // the sketch's cells a cell spans
  double x0 = 0;              // where cell (0, 0) lies in the world
  double y0 = 0;

  // Where cell column x (row y) lies: exactly x (y) at the sketch's size.
  double world_x(int x) const { return x0 + x * cell; }
  double world_y(int y) const { return y0 + y * cell; }

  // Octaves of noise at this size: the sketch's six, and one more each time the cells halve
  // (rounded: a 4096-wide map, 12.8 times the sketch's, takes four more). Never fewer than
  // the sketch's, so a small map keeps its look.
  int octaves() const {
    const double finer = std::log2(1 / cell);
    return sketch::NOISE_OCTAVES + std::max(0, static_cast<int>(std::lround(finer)));
  }
};

// The frame of a width x height map (each >= 2).
inline WorldFrame world_frame(int width, int height) {
  constexpr double kWorldWidth = sketch::COLS - 1;   // 319: first cell to last
  constexpr double kWorldHeight = sketch::ROWS - 1;  // 179
  WorldFrame frame;
  frame.width = width;
  frame.height = height;
  // The whole world fits: the larger of the two cell sizes that fit each axis.
  frame.cell = std::max(kWorldWidth / (width - 1), kWorldHeight / (height - 1));
  // Centred on the world's middle.
  frame.x0 = kWorldWidth / 2 - (width - 1) / 2.0 * frame.cell;
  frame.y0 = kWorldHeight / 2 - (height - 1) / 2.0 * frame.cell;
  return frame;
}

}  // namespace terrain
