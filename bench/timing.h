// Timing for the benchmarks that time single commands themselves (the longest of a run, not
// only Google Benchmark's mean).
#pragma once

#include <chrono>

namespace terrain::session {

// Milliseconds since `start` on the steady clock.
inline double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace terrain::session
