#include "core/island.h"

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

}  // namespace

Heightfield island_terrain(uint32_t seed, const IslandParams& params, int width, int height) {
  if (width < 2 || height < 2) throw std::invalid_argument("island_terrain: sizes must be >= 2");
  const P5Noise noise = island_noise(seed);
  const std::vector<double> xs = axis(width, params.terrain_scale, 0);
  const std::vector<double> ys = axis(height, params.terrain_scale, 0);
  std::vector<double> n(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  noise.fill_grid(xs, ys, n);

  Heightfield heights(width, height);
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
  const double keep = 1 - params.island;
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      const std::size_t i = heights.index(x, y);
      const double h = n[i] * keep + island_falloff(x, y, width, height) * params.island;
      heights[i] = static_cast<float>(h);
      low = h < low ? h : low;
      high = h > high ? h : high;
    }
  }
  // Normalised from the double min and max, reading back the float32 values, as the sketch
  // does with its Float32Array.
  const double range = high - low;
  for (float& h : heights.values()) h = static_cast<float>((static_cast<double>(h) - low) / range);
  return heights;
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
