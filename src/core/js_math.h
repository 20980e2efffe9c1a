// JavaScript's arithmetic where it differs from the C++ standard library.
//
// The sketch runs in V8. Two of its Math functions are not what <cmath> gives:
//   - Math.hypot divides by the largest magnitude and sums squares with Kahan compensation;
//     std::hypot and sqrt(x*x + y*y) round differently on about 40% of inputs, and since the
//     rain is chaotic that changes most of the eroded map after a few tens of thousands of drops.
//   - Math.cos is fdlibm's (V8's src/base/ieee754.cc); glibc's cos can differ in the last bit.
// Everything here must be compiled without FMA contraction (-ffp-contract=off).
#pragma once

#include <cmath>

namespace terrain::js {

// Math.hypot(a, b) as V8 computes it. For two arguments V8's Kahan loop reduces exactly to
// sqrt(1 + r*r) * max with r = min / max (one scaled value is exactly 1 and the compensation
// term is then 0). NaN and infinity are not expected here and are not handled as JS does.
inline double hypot(double a, double b) {
  a = std::fabs(a);
  b = std::fabs(b);
  const double big = a > b ? a : b;
  if (big == 0) return 0;
  const double small = a > b ? b : a;
  const double r = small / big;
  return std::sqrt(1.0 + r * r) * big;
}

// Math.hypot(a, b, c) as V8 computes it: each value divided by the largest, squares summed in
// argument order with Kahan compensation, then sqrt(sum) * max.
inline double hypot(double a, double b, double c) {
  const double v[3] = {std::fabs(a), std::fabs(b), std::fabs(c)};
  double big = 0;
  for (double x : v) big = x > big ? x : big;
  if (big == 0) return 0;
  double sum = 0;
  double compensation = 0;
  for (double x : v) {
    const double n = x / big;
    const double summand = n * n - compensation;
    const double preliminary = sum + summand;
    compensation = (preliminary - sum) - summand;
    sum = preliminary;
  }
  return std::sqrt(sum) * big;
}

// Math.cos as V8 computes it (fdlibm 5.3: argument reduction by pi/2, then the kernel
// polynomials). Arguments beyond 2^19 * pi/2 fall back to std::cos (nothing here uses them).
double cos(double x);

}  // namespace terrain::js
