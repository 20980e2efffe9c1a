// Diamond-square fractal terrain ("Diamond Square", a walk-through of the algorithm in
// Clojure), seeded and deterministic, fast at 4097 x 4097.
//
// On a (2^n + 1)-square grid: the four corners are drawn from the seeded generator; then each
// pass does a square step (every square's centre = the average of its four corners plus a
// random offset) and a diamond step (every diamond's centre = the average of its neighbours
// inside the grid, as the walk-through's avg-points does at the edges, plus a random offset).
// Each offset is uniform in +-amplitude; the amplitude starts at 1 and is multiplied by
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

// Roughness: the share of the offsets' amplitude kept from one pass to the next, from
// kRoughnessMin (smooth) to kRoughnessMax (rough). kRoughnessDefault is the one default:
// DiamondSquareParams and diamond_square_grid take it, and so should any caller that offers one.
inline constexpr double kRoughnessMin = 0.3;
inline constexpr double kRoughnessMax = 0.9;
inline constexpr double kRoughnessDefault = 0.55;

struct DiamondSquareParams {
  double roughness = kRoughnessDefault;  // amplitude kept from pass to pass
  double island = 0.0;  // 0 none .. 1 a cone; sketch::ISLAND gives the sketch's island
};
// The largest grid: 2^14 + 1 = 16385 a side, 1 GiB of float32. Bigger sizes throw rather than
// ask for more memory than a desktop has.
inline constexpr int kDiamondSquareMaxDegree = 14;
inline constexpr int kDiamondSquareMaxSize = (1 << kDiamondSquareMaxDegree) + 1;

// Precondition: width, height in 2..16385; roughness in [0.3, 0.9]; island in [0, 1]
// (std::invalid_argument naming the value and the allowed range if not).
// Random numbers come from P5Random(seed) in a fixed order: the four corners (top-left,
// top-right, bottom-left, bottom-right), then each pass's square step and diamond step in
// row-major order. Complexity O(N^2) for the N = 2^n + 1 grid, one pass of memory.
Heightfield diamond_square(uint32_t seed, int width, int height,
                           const DiamondSquareParams& params = {});

// The raw (2^degree + 1)-square grid behind diamond_square, before cropping and normalising:
// exactly the heights the passes leave (around 0, corners and first offsets in +-1). The same
// seed and roughness give the same draws as diamond_square on any size that needs this grid,
// so diamond_square(seed, w, h, {roughness}) is this grid's top-left w x h window normalised.
// Exposed so that tests can check the rules point by point.
//
// The rules, exactly: corners = P5Random(seed).range(-1, 1) four times (top-left, top-right,
// bottom-left, bottom-right). Then for step = 2^degree down to 2 (half = step / 2), with
// amplitude 1 on the first pass and times roughness after each pass:
//   square step, rows y = half, half + step, ... and in each x = half, half + step, ...:
//     h = (tl + tr + bl + br) / 4 + range(-amplitude, amplitude), corners at +-half;
//   diamond step, rows y = 0, half, 2 * half, ... ; x = half, half + step, ... on rows that
//     are a multiple of step, x = 0, step, ... on the others:
//     h = (sum of left, right, up, down at distance half, those inside the grid, in that
//     order) / their count + range(-amplitude, amplitude).
// Sums are in double from the float32 heights; each result is stored as float32.
// Precondition: degree in 1..14, roughness in [0.3, 0.9] (std::invalid_argument if not).
Heightfield diamond_square_grid(uint32_t seed, int degree, double roughness = kRoughnessDefault);

}  // namespace terrain
