// Sharing a loop over a big map's cells between the cores.
//
// The drainage pass's sweeps (the flood's sort, the routing, the outlets) are each a loop
// over every cell whose iterations need nothing from each other, or whose results do not
// depend on which core did what (integer sums). Splitting them into one contiguous slice a
// core makes them close to memory speed on every core. Small maps (the sketch's 320 x 180,
// worked out every few frames) stay on the calling thread: starting a thread costs tens of
// microseconds and allocates, and a steady pass of the live app allocates nothing.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <thread>

namespace terrain {

// Maps of this many cells or more share their sweeps between the cores.
inline constexpr std::size_t kSplitWorkCells = std::size_t{1} << 20;
inline constexpr int kMostSlices = 8;

// How many slices the sweeps over `cells` cells take: 1 below kSplitWorkCells, else one a
// hardware thread (at most kMostSlices).
inline int slices_for(std::size_t cells) {
  if (cells < kSplitWorkCells) return 1;
  const unsigned cores = std::thread::hardware_concurrency();
  return std::clamp(static_cast<int>(cores), 1, kMostSlices);
}

// Calls body(slice, begin, end) for the `slices` contiguous slices of [0, n), the first on the
// calling thread and the others each on a thread of its own; returns when all are done.
// `body` must not throw.
template <typename Body>
void for_slices(int slices, std::size_t n, const Body& body) {
  const auto count = static_cast<std::size_t>(slices);
  auto begin_of = [&](std::size_t s) { return n / count * s + std::min(s, n % count); };
  if (slices <= 1) {
    body(0, std::size_t{0}, n);
    return;
  }
  std::array<std::thread, kMostSlices> threads;
  for (std::size_t s = 1; s < count; s++) {
    threads[s] = std::thread([&, s] { body(static_cast<int>(s), begin_of(s), begin_of(s + 1)); });
  }
  body(0, begin_of(0), begin_of(1));
  for (std::size_t s = 1; s < count; s++) threads[s].join();
}

}  // namespace terrain
