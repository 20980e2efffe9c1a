#include "core/island.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "core/p5_noise.h"

namespace terrain {
namespace {

P5Noise island_noise(uint32_t seed) {
  P5Noise noise(seed);
  noise.detail(sketch::NOISE_OCTAVES, sketch::NOISE_FALLOFF);
  return noise;
}

std::vector<double> axis(int n, double scale, double offset) {
  std::vector<double> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; i++) v[static_cast<std::size_t>(i)] = i * scale + offset;
  return v;
}

// The sketch's blend of noise `n` (row by row) with a falloff, h = n * (1 - island) +
// falloff(x, y) * island, stored as float32 and normalised from the double minimum and
// maximum, reading back the float32 values, as the sketch does with its Float32Array.
// The minimum and maximum are those of the cells `inside(x, y)` (all of them if none is);
// cells outside are then held to 0..1.
template <typename Falloff, typename Inside>
Heightfield blend_and_normalize(const std::vector<double>& n, int width, int height, double island,
                                const Falloff& falloff, const Inside& inside) {
  Heightfield heights(width, height);
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
  double low_all = low;
  double high_all = high;
  bool any_outside = false;
  const double keep = 1 - island;
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      const std::size_t i = heights.index(x, y);
      const double h = n[i] * keep + falloff(x, y) * island;
      heights[i] = static_cast<float>(h);
      low_all = h < low_all ? h : low_all;
      high_all = h > high_all ? h : high_all;
      if (!inside(x, y)) {
        any_outside = true;
        continue;
      }
      low = h < low ? h : low;
      high = h > high ? h : high;
    }
  }
  if (low > high) {  // no cell inside
    low = low_all;
    high = high_all;
  }
  const double range = high - low;
  for (float& h : heights.values()) h = static_cast<float>((static_cast<double>(h) - low) / range);
  if (any_outside) {
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        float& h = heights.at(x, y);
        if (!inside(x, y)) h = std::clamp(h, 0.0f, 1.0f);
      }
    }
  }
  return heights;
}

}  // namespace

Heightfield island_terrain(uint32_t seed, const IslandParams& params, int width, int height) {
  if (width < 2 || height < 2) throw std::invalid_argument("island_terrain: sizes must be >= 2");
  const P5Noise noise = island_noise(seed);
  const std::vector<double> xs = axis(width, params.terrain_scale, 0);
  const std::vector<double> ys = axis(height, params.terrain_scale, 0);
  std::vector<double> n(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  noise.fill_grid(xs, ys, n);

  return blend_and_normalize(
      n, width, height, params.island,
      [&](int x, int y) { return island_falloff(x, y, width, height); },
      [](int, int) { return true; });
}

Heightfield world_island_terrain(uint32_t seed, const IslandParams& params, int width, int height) {
  if (width < 2 || height < 2) {
    throw std::invalid_argument("world_island_terrain: sizes must be >= 2");
  }
  const WorldFrame frame = world_frame(width, height);
  P5Noise noise(seed);
  noise.detail(frame.octaves(), sketch::NOISE_FALLOFF);
  // Each column's and row's place in the world, and where the noise is read there (p5's
  // noise() reads noise(-x) as noise(x): fill_grid takes the mirrored place itself).
  std::vector<double> wx(static_cast<std::size_t>(width));
  std::vector<double> wy(static_cast<std::size_t>(height));
  std::vector<double> xs(wx.size());
  std::vector<double> ys(wy.size());
  for (int x = 0; x < width; x++) {
    wx[static_cast<std::size_t>(x)] = frame.world_x(x);
    xs[static_cast<std::size_t>(x)] = std::abs(frame.world_x(x) * params.terrain_scale);
  }
  for (int y = 0; y < height; y++) {
    wy[static_cast<std::size_t>(y)] = frame.world_y(y);
    ys[static_cast<std::size_t>(y)] = std::abs(frame.world_y(y) * params.terrain_scale);
  }
  std::vector<double> n(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  noise.fill_grid(xs, ys, n);
  auto inside = [&](int x, int y) {
    return world_inside(wx[static_cast<std::size_t>(x)], wy[static_cast<std::size_t>(y)]);
  };
  return blend_and_normalize(
      n, width, height, params.island,
      [&](int x, int y) {
        return world_falloff(wx[static_cast<std::size_t>(x)], wy[static_cast<std::size_t>(y)]);
      },
      inside);
}

Heightfield with_island_falloff(const Heightfield& field, double island) {
  Heightfield out(field.width(), field.height());
  const double keep = 1 - island;
  for (int y = 0; y < field.height(); y++) {
    for (int x = 0; x < field.width(); x++) {
      const std::size_t i = field.index(x, y);
      out[i] = static_cast<float>(field[i] * keep +
                                  island_falloff(x, y, field.width(), field.height()) * island);
    }
  }
  return out.normalized();
}

Heightfield wander_ripple(uint32_t seed, int width, int height, double wander) {
  const P5Noise noise = island_noise(seed);
  const std::vector<double> xs = axis(width, 0.08, 500);
  const std::vector<double> ys = axis(height, 0.08, 500);
  std::vector<double> n(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  noise.fill_grid(xs, ys, n);
  Heightfield ripple(width, height);
  for (std::size_t i = 0; i < n.size(); i++) ripple[i] = static_cast<float>((n[i] - 0.5) * wander);
  return ripple;
}

}  // namespace terrain
