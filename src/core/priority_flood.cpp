#include "core/priority_flood.h"

#include <algorithm>
#include <array>
#include <utility>

namespace terrain {
namespace {

// What the flood knows of each cell.
enum State : uint8_t {
  kUnreached = 0,
  kWaiting = 1,  // reached, not raised: it leaves when the walk through by_height gets to it
  kInHeap = 2,   // reached and raised (or reached after the walk passed it): in the heap
  kGone = 3,     // left the queue
};

// Sorts (key << 32 | cell) by key, keeping cells of equal key in index order: a stable LSD
// radix sort over the key's 32 bits in three passes of 11, 11 and 10 bits.
void sort_by_key(std::vector<uint64_t>& items, std::vector<uint64_t>& scratch) {
  scratch.resize(items.size());
  constexpr int kShifts[3] = {32, 43, 54};
  for (const int shift : kShifts) {
    std::array<std::size_t, 2048> count{};
    for (const uint64_t item : items) count[(item >> shift) & 2047]++;
    std::size_t sum = 0;
    for (std::size_t& c : count) {
      const std::size_t here = c;
      c = sum;
      sum += here;
    }
    for (const uint64_t item : items) scratch[count[(item >> shift) & 2047]++] = item;
    items.swap(scratch);
  }
}

}  // namespace

void priority_flood(const Heightfield& field, double sea_level, double epsilon, FloodResult& out,
                    FloodWorkspace& work) {
  const int cols = field.width();
  const int rows = field.height();
  const std::size_t n = field.size();
  if (out.filled.width() != cols || out.filled.height() != rows)
    out.filled = Heightfield(cols, rows);
  std::copy(field.data(), field.data() + n, out.filled.data());
  out.order.resize(n);
  out.parent.assign(n, -1);
  work.state.assign(n, kUnreached);
  work.queue.reset(n);
  float* filled = out.filled.data();
  uint8_t* state = work.state.data();
  int32_t* parent = out.parent.data();
  MonotoneQueue& heap = work.queue;

  // Every cell by its own height, lowest first: the order in which cells that are never
  // raised leave the queue.
  work.by_height.resize(n);
  for (std::size_t i = 0; i < n; i++) {
    work.by_height[i] = (uint64_t{MonotoneQueue::key_of(filled[i])} << 32) | i;
  }
  sort_by_key(work.by_height, work.sort_scratch);
  const uint64_t* by_height = work.by_height.data();

  // The seeds: the map's edges and every cell below sea level, at their own heights.
  for (int y = 0; y < rows; y++) {
    for (int x = 0; x < cols; x++) {
      const std::size_t i = field.index(x, y);
      if (x == 0 || y == 0 || x == cols - 1 || y == rows - 1 || filled[i] < sea_level) {
        state[i] = kWaiting;
      }
    }
  }

  // The eight neighbours of an interior cell as index offsets, in the sketch's order (rows
  // top to bottom, each left to right); cells on the border take the checked path.
  const std::ptrdiff_t w = cols;
  const std::ptrdiff_t offsets[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};

  std::size_t walk = 0;  // the next place in by_height that may hold a waiting cell
  for (std::size_t popped = 0; popped < n; popped++) {
    // The lowest waiting cell in the walk, against the lowest cell in the heap.
    while (walk < n && state[static_cast<uint32_t>(by_height[walk])] != kWaiting) walk++;
    int32_t i;
    if (!heap.empty() && (walk == n || heap.min_key() < (by_height[walk] >> 32))) {
      i = heap.pop();
    } else {
      i = static_cast<int32_t>(static_cast<uint32_t>(by_height[walk]));
      walk++;
    }
    state[i] = kGone;
    out.order[popped] = i;

    // Each neighbour reached is raised to just above this cell if it is lower. If it is not
    // raised and the walk has not passed it, the walk will find it at its own height.
    const double raised = filled[i] + epsilon;
    auto reach = [&](std::size_t j) {
      const float own = filled[j];
      const auto value = static_cast<float>(std::max(static_cast<double>(own), raised));
      filled[j] = value;
      parent[j] = i;
      // by_height is sorted by (height key, cell), so the walk has not passed j while j's
      // entry is not below the one the walk stands at.
      const uint64_t entry = (uint64_t{MonotoneQueue::key_of(own)} << 32) | j;
      if (value == own && walk < n && entry >= by_height[walk]) {
        state[j] = kWaiting;
      } else {
        state[j] = kInHeap;
        heap.push(static_cast<int32_t>(j), value);
      }
    };
    const int x = i % cols;
    const int y = i / cols;
    if (x > 0 && y > 0 && x < cols - 1 && y < rows - 1) {
      for (const std::ptrdiff_t offset : offsets) {
        const auto j = static_cast<std::size_t>(i + offset);
        if (state[j] == kUnreached) reach(j);
      }
      continue;
    }
    for (int dy = -1; dy <= 1; dy++) {
      const int ny = y + dy;
      if (ny < 0 || ny >= rows) continue;
      for (int dx = -1; dx <= 1; dx++) {
        const int nx = x + dx;
        if (nx < 0 || nx >= cols) continue;
        const std::size_t j = static_cast<std::size_t>(ny) * cols + nx;
        if (state[j] == kUnreached) reach(j);
      }
    }
  }
}

Heightfield filled(const Heightfield& field, double sea_level, double epsilon) {
  FloodResult result;
  FloodWorkspace work;
  priority_flood(field, sea_level, epsilon, result, work);
  return std::move(result.filled);
}

}  // namespace terrain
