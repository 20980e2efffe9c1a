// p5.js 1.x randomness, so that a seed gives the same island and the same rain as the sketch.
//
// P5Random is the linear congruential generator behind randomSeed() and random():
//   z = (1664525 * z + 1013904223) mod 2^32, returned as z / 2^32 in [0, 1).
// random(lo, hi) is r * (hi - lo) + lo, computed in that order as p5 does.
//
// Seeds are whole numbers 0..4294967295: p5 takes them `>>> 0`.
#pragma once

#include <cstdint>

namespace terrain {

class P5Random {
 public:
  explicit P5Random(uint32_t seed = 0) : state_(seed) {}

  // The next value in [0, 1), as p5's _lcg.
  double next() {
    state_ = state_ * 1664525u + 1013904223u;  // mod 2^32 by unsigned wrap-around
    return static_cast<double>(state_) / 4294967296.0;
  }
  // p5's random(lo, hi), with lo <= hi as the sketch always passes them.
  double range(double lo, double hi) { return next() * (hi - lo) + lo; }

  uint32_t state() const { return state_; }

 private:
  uint32_t state_;
};

}  // namespace terrain
