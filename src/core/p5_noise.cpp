#include "core/p5_noise.h"

#include <cassert>
#include <cmath>
#include <vector>

#include "core/js_math.h"
#include "core/p5_random.h"

namespace terrain {
namespace {

constexpr int kYWrapB = 4;  // PERLIN_YWRAPB
constexpr int kYWrap = 1 << kYWrapB;
constexpr int kZWrapB = 8;  // PERLIN_ZWRAPB
constexpr int kZWrap = 1 << kZWrapB;
constexpr double kPi = 3.141592653589793;  // Math.PI

// 0.5 * (1 - cos(i * PI)), with V8's cos.
double scaled_cosine(double i) {
  return 0.5 * (1.0 - js::cos(i * kPi));
}

// JavaScript's `a << n` on an int32 value.
int32_t shl(int32_t a, int n) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) << n);
}
int32_t shl1(int32_t a) {
  return shl(a, 1);
}

}  // namespace

P5Noise::P5Noise(uint32_t seed) {
  P5Random lcg(seed);
  for (double& v : table_) v = lcg.next();
}

void P5Noise::detail(int octaves, double falloff) {
  if (octaves > 0) octaves_ = octaves;
  if (falloff > 0) falloff_ = falloff;
}

double P5Noise::operator()(double x, double y, double z) const {
  if (x < 0) x = -x;
  if (y < 0) y = -y;
  if (z < 0) z = -z;
  // Math.floor of a value that fits int32 here (grid coordinates times a small scale).
  int32_t xi = static_cast<int32_t>(std::floor(x));
  int32_t yi = static_cast<int32_t>(std::floor(y));
  int32_t zi = static_cast<int32_t>(std::floor(z));
  double xf = x - xi;
  double yf = y - yi;
  double zf = z - zi;
  double r = 0;
  double ampl = 0.5;
  const double* perlin = table_.data();
  for (int o = 0; o < octaves_; o++) {
    // p5 adds the shifted indices as doubles and `& PERLIN_SIZE` takes ToInt32 first; for
    // integers that is the low 12 bits, the same as int64 arithmetic masked with 4095.
    int64_t of = int64_t{xi} + shl(yi, kYWrapB) + shl(zi, kZWrapB);
    const double rxf = scaled_cosine(xf);
    const double ryf = scaled_cosine(yf);
    double n1 = perlin[of & kSize];
    n1 += rxf * (perlin[(of + 1) & kSize] - n1);
    double n2 = perlin[(of + kYWrap) & kSize];
    n2 += rxf * (perlin[(of + kYWrap + 1) & kSize] - n2);
    n1 += ryf * (n2 - n1);
    of += kZWrap;
    n2 = perlin[of & kSize];
    n2 += rxf * (perlin[(of + 1) & kSize] - n2);
    double n3 = perlin[(of + kYWrap) & kSize];
    n3 += rxf * (perlin[(of + kYWrap + 1) & kSize] - n3);
    n2 += ryf * (n3 - n2);
    n1 += scaled_cosine(zf) * (n2 - n1);
    r += n1 * ampl;
    ampl *= falloff_;
    xi = shl1(xi);
    xf *= 2;
    yi = shl1(yi);
    yf *= 2;
    zi = shl1(zi);
    zf *= 2;
    if (xf >= 1) {
      xi++;
      xf--;
    }
    if (yf >= 1) {
      yi++;
      yf--;
    }
    if (zf >= 1) {
      zi++;
      zf--;
    }
  }
  return r;
}

// The per-axis part of noise(): for each octave the integer cell and the eased fraction.
namespace {
struct AxisOctave {
  int32_t cell;
  double ease;
};
void axis_octaves(double v, int octaves, AxisOctave* out) {
  int32_t vi = static_cast<int32_t>(std::floor(v));
  double vf = v - vi;
  for (int o = 0; o < octaves; o++) {
    out[o] = {vi, scaled_cosine(vf)};
    vi = shl1(vi);
    vf *= 2;
    if (vf >= 1) {
      vi++;
      vf--;
    }
  }
}
}  // namespace

void P5Noise::fill_grid(std::span<const double> xs, std::span<const double> ys,
                        std::span<double> out) const {
  assert(out.size() == xs.size() * ys.size());
  const std::size_t nx = xs.size();
  const auto oct = static_cast<std::size_t>(octaves_);
  std::vector<AxisOctave> columns(nx * oct);
  std::vector<AxisOctave> row(oct);
  for (std::size_t i = 0; i < nx; i++) {
    assert(xs[i] >= 0);
    axis_octaves(xs[i], octaves_, &columns[i * oct]);
  }
  const double* perlin = table_.data();
  for (std::size_t j = 0; j < ys.size(); j++) {
    assert(ys[j] >= 0);
    axis_octaves(ys[j], octaves_, row.data());
    double* dst = out.data() + j * nx;
    for (std::size_t i = 0; i < nx; i++) {
      const AxisOctave* col = &columns[i * oct];
      double r = 0;
      double ampl = 0.5;
      for (std::size_t o = 0; o < oct; o++) {
        // z is 0, so its ease is 0 and noise()'s second layer adds exactly nothing:
        // n1 += 0 * (n2 - n1) leaves n1 as it was.
        const int64_t of = int64_t{col[o].cell} + shl(row[o].cell, kYWrapB);
        const double rxf = col[o].ease;
        const double ryf = row[o].ease;
        double n1 = perlin[of & kSize];
        n1 += rxf * (perlin[(of + 1) & kSize] - n1);
        double n2 = perlin[(of + kYWrap) & kSize];
        n2 += rxf * (perlin[(of + kYWrap + 1) & kSize] - n2);
        n1 += ryf * (n2 - n1);
        r += n1 * ampl;
        ampl *= falloff_;
      }
      dst[i] = r;
    }
  }
}

}  // namespace terrain
