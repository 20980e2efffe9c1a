// The sketch's island (its resetTerrain()): fractal noise, raised in the middle and sunk at
// the edges so the land drains out to a sea around it, then stretched to fill 0..1.
//
// On noise alone most rain ends up in closed hollows and just fills them in; with the island
// falloff almost every slope leads down to the coast, so the drops have somewhere to go.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/heightfield.h"
#include "core/sketch.h"
#include "core/world_frame.h"

namespace terrain {

struct IslandParams {
  double terrain_scale = sketch::terrain_scale.initial;  // Noise units per cell
  double island = sketch::ISLAND;                        // 0 noise only .. 1 a perfect cone
};

// resetTerrain() exactly, for any size (the sketch's is 320 x 180): noiseSeed(seed),
// noiseDetail(6, 0.5), h = noise(x * scale, y * scale) * (1 - ISLAND) + falloff * ISLAND with
// falloff = 1 - min(1, dx^2 + dy^2) over dx, dy in -1..1, stored as float32 and normalised by
// the min and max of the double values (so the normalised minimum is not exactly 0).
// Precondition: width, height >= 2. O(width * height).
Heightfield island_terrain(uint32_t seed, const IslandParams& params = {}, int width = sketch::COLS,
                           int height = sketch::ROWS);

// The same island at any size (core/world_frame.h): each cell samples the noise and the
// falloff at its place in the sketch's world, with the frame's octaves, then the whole is
// normalised as the sketch does, by the lowest and highest cells in the world (so that a
// frame's margins beyond it change no height in it), the margins held to 0..1. At 320 x 180 it is
// island_terrain() bit for bit; at twice the size, the same island with one octave of finer detail.
// Precondition: width, height >= 2.
Heightfield world_island_terrain(uint32_t seed, const IslandParams& params, int width, int height);

// Whether world place (wx, wy) lies in the sketch's world (its 320 x 180 map, edges included).
inline bool world_inside(double wx, double wy) {
  return wx >= 0 && wx <= sketch::COLS - 1 && wy >= 0 && wy <= sketch::ROWS - 1;
}

// The island falloff at world place (wx, wy) (the sketch's cells). In the world, the sketch's:
// 1 in the middle, 0 at its corners and beyond its inscribed ellipse. Beyond the world (the
// margins of a map of another shape) the ground keeps going down into the sea: the falloff
// falls by kBeyondSlope per width of the world away from it (measured as the ellipse is, the
// world's width and height each counting 2), so that a square map is an island in a sea as
// the sketch's is, and not the noise alone with land anywhere.
inline constexpr double kBeyondSlope = 4;
inline double world_falloff(double wx, double wy) {
  const double dx = wx / (sketch::COLS - 1) * 2 - 1;
  const double dy = wy / (sketch::ROWS - 1) * 2 - 1;
  if (world_inside(wx, wy)) {
    const double d = dx * dx + dy * dy;
    return 1 - (d < 1 ? d : 1);
  }
  const double ex = std::max(0.0, std::abs(dx) - 1);
  const double ey = std::max(0.0, std::abs(dy) - 1);
  return -kBeyondSlope * std::sqrt(ex * ex + ey * ey);
}

// The island falloff at (x, y) on a width x height grid: 1 in the middle, 0 at the corners
// and beyond the inscribed ellipse (the sketch's `island`).
inline double island_falloff(int x, int y, int width, int height) {
  const double dx = static_cast<double>(x) / (width - 1) * 2 - 1;
  const double dy = static_cast<double>(y) / (height - 1) * 2 - 1;
  const double d = dx * dx + dy * dy;
  return 1 - (d < 1 ? d : 1);
}

// Blends any field with the island falloff, as the sketch does its noise, and normalises
// (double arithmetic, float32 store): h * (1 - island) + falloff * island.
Heightfield with_island_falloff(const Heightfield& field, double island = sketch::ISLAND);

// The routing ripple the sketch adds before working out rivers, so that rivers wander on the
// flat instead of running in straight parallel lines:
// (noise(x * 0.08 + 500, y * 0.08 + 500) - 0.5) * wander, with the island's noise (same seed,
// 6 octaves), stored as float32.
Heightfield wander_ripple(uint32_t seed, int width = sketch::COLS, int height = sketch::ROWS,
                          double wander = sketch::WANDER);

}  // namespace terrain
