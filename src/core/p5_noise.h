// p5.js 1.x value noise: noiseSeed(), noiseDetail() and noise(x, y, z).
//
// noiseSeed fills a 4096-entry table from its own generator (p5's LCG, the same constants as
// random()); noise() is then stateless: for each octave it blends the table entries around
// the point with a cosine ease, halves the amplitude by `falloff` and doubles the frequency.
// The index arithmetic is p5's own (32-bit shifts, `& 4095`), so the values repeat exactly.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace terrain {

class P5Noise {
 public:
  // As after noiseSeed(seed) with p5's default detail (4 octaves, falloff 0.5).
  explicit P5Noise(uint32_t seed);

  // noiseDetail(lod, falloff): values <= 0 leave the setting unchanged, as in p5.
  void detail(int octaves, double falloff);
  int octaves() const { return octaves_; }
  double falloff() const { return falloff_; }

  // noise(x, y, z).
  double operator()(double x, double y = 0.0, double z = 0.0) const;

  // noise(xs[i], ys[j]) for every pair, into out[j * xs.size() + i], bit for bit the same as
  // calling noise() for each. Each octave's cell index and cosine ease depend on one axis
  // only, so they are worked out once per column and once per row instead of per point.
  // `out` must hold xs.size() * ys.size() values; every coordinate must be >= 0.
  void fill_grid(std::span<const double> xs, std::span<const double> ys,
                 std::span<double> out) const;

 private:
  static constexpr int kSize = 4095;  // PERLIN_SIZE: table indices are masked with this
  std::array<double, kSize + 1> table_{};
  int octaves_ = 4;
  double falloff_ = 0.5;
};

}  // namespace terrain
