// The rivers as the sketch's drawRivers() draws them: its arrays, one entry per grid cell
// (row-major). The live session eases them towards each new drainage; the renderer draws
// whatever they hold. Paused (or before any easing) they are the drainage itself: shown =
// water, every piece faded in, no ghosts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace terrain {

struct RiverPicture {
  std::vector<int32_t> downstream;   // the cell each cell drains into, or -1
  std::vector<float> shown;          // water drawn through each cell
  std::vector<float> fade_in;        // opacity of each cell's piece of river, 0..1
  std::vector<int32_t> ghost_to;     // where a piece that changed course used to go
  std::vector<int32_t> ghost_after;  // ...and where that cell went (-1: nowhere)
  std::vector<float> ghost_water;    // the water the old piece carried
  std::vector<float> ghost_fade;     // its opacity; drawn while above kGhostVisible

  // A ghost is drawn while its fade is above this.
  static constexpr double kGhostVisible = 0.02;

  // Every array `cells` long and zero, as the sketch's typed arrays start.
  void assign(std::size_t cells) {
    downstream.assign(cells, 0);
    shown.assign(cells, 0.0f);
    fade_in.assign(cells, 0.0f);
    ghost_to.assign(cells, 0);
    ghost_after.assign(cells, 0);
    ghost_water.assign(cells, 0.0f);
    ghost_fade.assign(cells, 0.0f);
  }
};

}  // namespace terrain
