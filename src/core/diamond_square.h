// Diamond-square fractal terrain (seed 002), seeded and deterministic, fast at 4097 x 4097.
//
// On a (2^n + 1)-square grid: the four corners are drawn from the seeded generator; then each
// pass does a square step (every square's centre = the average of its four corners plus a
// random offset) and a diamond step (every diamond's centre = the average of its neighbours
// inside the grid, as seed 002's avg-points does at the edges, plus a random offset). Each
// offset is uniform in +-amplitude; the amplitude starts at 1 and is multiplied by
// `roughness` after every pass. The result is normalised to 0..1.
//
// Any width x height: the top-left window of the smallest 2^n + 1 grid that holds it, then
// normalised. With `island` > 0 the sketch's island falloff is blended in (as resetTerrain
// does its noise: h * (1 - island) + falloff * island, then normalised) so the rain drains to
// a sea around it.
#pragma once

#include <cstdint>

#include "core/heightfield.h"

namespace terrain {

struct DiamondSquareParams {
  double roughness = 0.55;  // 0.3 (smooth) .. 0.9 (rough): amplitude kept from pass to pass
  double island = 0.0;      // 0 none .. 1 a cone; the sketch's ISLAND is 0.4
};

inline constexpr double kRoughnessMin = 0.3;
inline constexpr double kRoughnessMax = 0.9;

// Precondition: width, height >= 2; roughness in [0.3, 0.9] (std::invalid_argument if not).
// Random numbers come from P5Random(seed) in a fixed order: the four corners (top-left,
// top-right, bottom-left, bottom-right), then each pass's square step and diamond step in
// row-major order. Complexity O(N^2) for the N = 2^n + 1 grid, one pass of memory.
Heightfield diamond_square(uint32_t seed, int width, int height,
                           const DiamondSquareParams& params = {});

}  // namespace terrain
