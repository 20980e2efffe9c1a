// The sketch's island (its resetTerrain()): fractal noise, raised in the middle and sunk at
// the edges so the land drains out to a sea around it, then stretched to fill 0..1.
//
// On noise alone most rain ends up in closed hollows and just fills them in; with the island
// falloff almost every slope leads down to the coast, so the drops have somewhere to go.
#pragma once

#include <cstdint>

#include "core/heightfield.h"
#include "core/sketch.h"

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
