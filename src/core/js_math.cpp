// Math.cos exactly as V8 computes it: fdlibm 5.3's __ieee754_rem_pio2 (small and medium
// arguments), __kernel_cos and __kernel_sin, written from the algorithm and its published
// constants (given here by their bit patterns, so no decimal conversion can shift them).
#include "core/js_math.h"

#include <bit>
#include <cstdint>

namespace terrain::js {
namespace {

double from_words(uint32_t high, uint32_t low) {
  return std::bit_cast<double>((static_cast<uint64_t>(high) << 32) | low);
}
int32_t high_word(double x) {
  return static_cast<int32_t>(std::bit_cast<uint64_t>(x) >> 32);
}

// cos on [-pi/4, pi/4]; y is the tail of x.
double kernel_cos(double x, double y) {
  static const double C1 = from_words(0x3FA55555, 0x5555554C);
  static const double C2 = from_words(0xBF56C16C, 0x16C15177);
  static const double C3 = from_words(0x3EFA01A0, 0x19CB1590);
  static const double C4 = from_words(0xBE927E4F, 0x809C52AD);
  static const double C5 = from_words(0x3E21EE9E, 0xBDB4B1C4);
  static const double C6 = from_words(0xBDA8FAE9, 0xBE8838D4);
  const int32_t ix = high_word(x) & 0x7FFFFFFF;
  if (ix < 0x3E400000 && static_cast<int>(x) == 0) return 1.0;  // |x| < 2^-27
  const double z = x * x;
  const double r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ix < 0x3FD33333) return 1.0 - (0.5 * z - (z * r - x * y));  // |x| < 0.3
  // For |x| >= 0.3, take out qx (about x/4, exact) so the subtraction loses less.
  const double qx =
      ix > 0x3FE90000 ? 0.28125 : from_words(static_cast<uint32_t>(ix - 0x00200000), 0);
  const double hz = 0.5 * z - qx;
  const double a = 1.0 - qx;
  return a - (hz - (z * r - x * y));
}

// sin on [-pi/4, pi/4]; y is the tail of x, iy says whether y is used.
double kernel_sin(double x, double y, int iy) {
  static const double S1 = from_words(0xBFC55555, 0x55555549);
  static const double S2 = from_words(0x3F811111, 0x1110F8A6);
  static const double S3 = from_words(0xBF2A01A0, 0x19C161D5);
  static const double S4 = from_words(0x3EC71DE3, 0x57B1FE7D);
  static const double S5 = from_words(0xBE5AE5E6, 0x8A2B9CEB);
  static const double S6 = from_words(0x3DE5D93A, 0x5ACFD57C);
  const int32_t ix = high_word(x) & 0x7FFFFFFF;
  if (ix < 0x3E400000 && static_cast<int>(x) == 0) return x;  // |x| < 2^-27
  const double z = x * x;
  const double v = z * x;
  const double r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  if (iy == 0) return x + v * (S1 + z * r);
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

// x rem pi/2 into y[0] + y[1], returning the quadrant; only |x| <= 2^19 * pi/2.
int32_t rem_pio2(double x, double* y) {
  static const int32_t npio2_hw[] = {
      0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C, 0x4025FDBB,
      0x402921FB, 0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C, 0x40346B9C, 0x4035FDBB,
      0x40378FDB, 0x403921FB, 0x403AB41B, 0x403C463A, 0x403DD85A, 0x403F6A7A, 0x40407E4C,
      0x4041475C, 0x4042106C, 0x4042D97C, 0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB,
      0x4046C6CB, 0x40478FDB, 0x404858EB, 0x404921FB,
  };
  static const double invpio2 = from_words(0x3FE45F30, 0x6DC9C883);  // 53 bits of 2/pi
  static const double pio2_1 = from_words(0x3FF921FB, 0x54400000);   // first 33 bits of pi/2
  static const double pio2_1t = from_words(0x3DD0B461, 0x1A626331);  // pi/2 - pio2_1
  static const double pio2_2 = from_words(0x3DD0B461, 0x1A600000);   // second 33 bits
  static const double pio2_2t = from_words(0x3BA3198A, 0x2E037073);  // pi/2 - (1 + 2)
  static const double pio2_3 = from_words(0x3BA3198A, 0x2E000000);   // third 33 bits
  static const double pio2_3t = from_words(0x397B839A, 0x252049C1);  // pi/2 - (1 + 2 + 3)

  const int32_t hx = high_word(x);
  const int32_t ix = hx & 0x7FFFFFFF;
  if (ix <= 0x3FE921FB) {  // |x| <= pi/4: nothing to reduce
    y[0] = x;
    y[1] = 0;
    return 0;
  }
  if (ix < 0x4002D97C) {  // |x| < 3pi/4: n = +-1
    if (hx > 0) {
      double z = x - pio2_1;
      if (ix != 0x3FF921FB) {
        y[0] = z - pio2_1t;
        y[1] = (z - y[0]) - pio2_1t;
      } else {  // near pi/2: use 33 + 33 + 53 bits of pi
        z -= pio2_2;
        y[0] = z - pio2_2t;
        y[1] = (z - y[0]) - pio2_2t;
      }
      return 1;
    }
    double z = x + pio2_1;
    if (ix != 0x3FF921FB) {
      y[0] = z + pio2_1t;
      y[1] = (z - y[0]) + pio2_1t;
    } else {
      z += pio2_2;
      y[0] = z + pio2_2t;
      y[1] = (z - y[0]) + pio2_2t;
    }
    return -1;
  }
  // Medium arguments (the caller guarantees |x| <= 2^19 * pi/2).
  double t = std::fabs(x);
  const int32_t n = static_cast<int32_t>(t * invpio2 + 0.5);
  const double fn = static_cast<double>(n);
  double r = t - fn * pio2_1;
  double w = fn * pio2_1t;
  if (n < 32 && ix != npio2_hw[n - 1]) {
    y[0] = r - w;  // no cancellation
  } else {
    const int32_t j = ix >> 20;
    y[0] = r - w;
    int32_t i = j - ((high_word(y[0]) >> 20) & 0x7FF);
    if (i > 16) {  // second iteration, good to 118 bits
      t = r;
      w = fn * pio2_2;
      r = t - w;
      w = fn * pio2_2t - ((t - r) - w);
      y[0] = r - w;
      i = j - ((high_word(y[0]) >> 20) & 0x7FF);
      if (i > 49) {  // third iteration, 151 bits
        t = r;
        w = fn * pio2_3;
        r = t - w;
        w = fn * pio2_3t - ((t - r) - w);
        y[0] = r - w;
      }
    }
  }
  y[1] = (r - y[0]) - w;
  if (hx < 0) {
    y[0] = -y[0];
    y[1] = -y[1];
    return -n;
  }
  return n;
}

}  // namespace

double cos(double x) {
  const int32_t ix = high_word(x) & 0x7FFFFFFF;
  if (ix <= 0x3FE921FB) return kernel_cos(x, 0.0);
  if (ix >= 0x7FF00000) return x - x;       // inf or NaN
  if (ix > 0x413921FB) return std::cos(x);  // huge: never used here
  double y[2];
  const int32_t n = rem_pio2(x, y);
  switch (n & 3) {
    case 0:
      return kernel_cos(y[0], y[1]);
    case 1:
      return -kernel_sin(y[0], y[1], 1);
    case 2:
      return -kernel_cos(y[0], y[1]);
    default:
      return kernel_sin(y[0], y[1], 1);
  }
}

}  // namespace terrain::js
