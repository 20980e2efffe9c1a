#include "core/priority_flood.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

#include "core/split_work.h"

namespace terrain {
namespace {

// What the flood knows of each cell.
enum State : uint8_t {
  kUnreached = 0,
  kWaiting = 1,  // reached, not raised: it leaves when the walk through by_height gets to it
  kInHeap = 2,   // reached and raised (or reached after the walk passed it): in the heap
  kGone = 3,     // left the queue
  // Marks a cell on the map's edge (a seed, waiting from the start, so it leaves by the walk),
  // which takes the checked way round its neighbours: telling an edge cell by its x and y
  // took two integer divisions a step, a tenth of the flood.
  kEdgeWaiting = kWaiting | 4,
};

// A sort item (key << 32 | cell) in two uint32 slots of a cell array: the sort's items and the
// flood's int32 outputs share memory, so items are read and written by memcpy, never through
// a uint64_t pointer into uint32_t storage.
uint64_t load_item(const uint32_t* items, std::size_t k) {
  uint64_t item;
  std::memcpy(&item, items + 2 * k, sizeof item);
  return item;
}
void store_item(uint32_t* items, std::size_t k, uint64_t item) {
  std::memcpy(items + 2 * k, &item, sizeof item);
}

// One pass of a stable LSD radix sort over 11 bits of the items (from `shift`), shared between
// the slices: each slice counts its own digits, and a slice's items of one digit go after
// those of the slices before it, so the result is the one-thread pass's.
template <typename ItemAt>
void radix_pass(int slices, std::size_t n, int shift, const ItemAt& item_at, uint32_t* dest,
                std::vector<RadixCounts>& counts) {
  counts.resize(static_cast<std::size_t>(slices));
  for_slices(slices, n, [&](int s, std::size_t begin, std::size_t end) {
    RadixCounts& count = counts[static_cast<std::size_t>(s)];
    count.fill(0);
    for (std::size_t k = begin; k < end; k++) count[(item_at(k) >> shift) & 2047]++;
  });
  uint32_t sum = 0;  // fewer than 2^32 cells
  for (std::size_t digit = 0; digit < 2048; digit++) {
    for (RadixCounts& count : counts) {
      const uint32_t here = count[digit];
      count[digit] = sum;
      sum += here;
    }
  }
  for_slices(slices, n, [&](int s, std::size_t begin, std::size_t end) {
    RadixCounts& place = counts[static_cast<std::size_t>(s)];
    for (std::size_t k = begin; k < end; k++) {
      const uint64_t item = item_at(k);
      store_item(dest, place[(item >> shift) & 2047]++, item);
    }
  });
}

// Reads ahead for the cells the walk will come to: their neighbourhoods' state and filled
// values, the three rows each (clamped to the map, so no pointer leaves its array).
void prefetch_around(std::size_t cell, std::size_t cols, std::size_t n, const uint8_t* state,
                     const float* filled) {
  const std::size_t up = cell >= cols ? cell - cols : cell;
  const std::size_t down = cell + cols < n ? cell + cols : cell;
  for (const std::size_t row : {up, cell, down}) {
    __builtin_prefetch(state + row);
    __builtin_prefetch(filled + row, 1);
  }
}

}  // namespace

void sort_cells_by_height(std::span<const float> heights, std::span<uint32_t> lowest,
                          std::span<uint32_t> scratch, FloodWorkspace& work) {
  const std::size_t n = heights.size();
  const int slices = slices_for(n);
  const float* h = heights.data();
  uint32_t* a = scratch.data();
  uint32_t* b = lowest.data();
  // Keys of 11, 11 and 10 bits: heights -> a -> b -> a; then a is split into b's halves.
  radix_pass(
      slices, n, 32,
      [h](std::size_t k) { return (uint64_t{MonotoneQueue::key_of(h[k])} << 32) | k; }, a,
      work.counts);
  radix_pass(
      slices, n, 43, [a](std::size_t k) { return load_item(a, k); }, b, work.counts);
  radix_pass(
      slices, n, 54, [b](std::size_t k) { return load_item(b, k); }, a, work.counts);
  for_slices(slices, n, [&](int, std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k < end; k++) {
      const uint64_t item = load_item(a, k);
      b[k] = static_cast<uint32_t>(item);
      b[n + k] = static_cast<uint32_t>(item >> 32);
    }
  });
}

void priority_flood(const Heightfield& field, double sea_level, double epsilon,
                    const FloodArrays& arrays, FloodWorkspace& work) {
  const int cols = field.width();
  const int rows = field.height();
  const std::size_t n = field.size();
  const int slices = slices_for(n);
  float* filled = arrays.filled.data();
  uint8_t* state = arrays.state.data();
  // Signed and unsigned views of one array may alias: the order is int32_t.
  uint32_t* cells = arrays.lowest.data();           // the walk: cells by (height, cell)...
  const uint32_t* keys = arrays.lowest.data() + n;  // ... and their keys
  auto* order = reinterpret_cast<int32_t*>(cells);  // written behind the walk
  work.queue.reset(n);
  MonotoneQueue& heap = work.queue;

  // Every cell by its own height, lowest first: the order in which cells that are never
  // raised leave the queue.
  sort_cells_by_height(field.values(), arrays.lowest, arrays.links, work);

  // The surface starts as the field; the seeds are the map's edges and every cell below sea
  // level, at their own heights.
  const float* heights = field.data();
  for_slices(slices, n, [&](int, std::size_t begin, std::size_t end) {
    std::copy(heights + begin, heights + end, filled + begin);
    for (std::size_t i = begin; i < end; i++) {
      const std::size_t x = i % static_cast<std::size_t>(cols);
      const std::size_t y = i / static_cast<std::size_t>(cols);
      const bool edge = x == 0 || y == 0 || x == static_cast<std::size_t>(cols) - 1 ||
                        y == static_cast<std::size_t>(rows) - 1;
      state[i] = edge ? kEdgeWaiting : heights[i] < sea_level ? kWaiting : kUnreached;
    }
  });

  // The eight neighbours of an interior cell as index offsets, in the sketch's order (rows
  // top to bottom, each left to right); cells on the border take the checked path.
  const std::ptrdiff_t w = cols;
  const std::ptrdiff_t offsets[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
  // How far ahead the walk reads: enough steps to cover a memory fetch, few enough that what
  // it fetched is still in the cache when the walk gets there.
  constexpr std::size_t kAhead = 12;

  std::size_t walk = 0;  // the next place in the walk that may hold a waiting cell
  auto walk_entry = [&](std::size_t k) { return (uint64_t{keys[k]} << 32) | cells[k]; };
  for (std::size_t popped = 0; popped < n; popped++) {
    // The lowest waiting cell in the walk, against the lowest cell in the heap.
    while (walk < n && (state[cells[walk]] & 3) != kWaiting) {
      walk++;
      if (walk + 4 * kAhead < n) __builtin_prefetch(state + cells[walk + 4 * kAhead]);
    }
    if (walk + kAhead < n) {
      prefetch_around(cells[walk + kAhead], static_cast<std::size_t>(cols), n, state, filled);
    }
    if (walk + 4 * kAhead < n) __builtin_prefetch(state + cells[walk + 4 * kAhead]);
    int32_t i;
    if (!heap.empty() && (walk == n || heap.min_key() < keys[walk])) {
      i = heap.pop();
    } else {
      i = static_cast<int32_t>(cells[walk]);
      walk++;
    }
    const bool edge = state[i] == kEdgeWaiting;
    state[i] = static_cast<uint8_t>((state[i] & flood_link::kBits) | kGone);
    order[popped] = i;  // popped < walk: that place of the walk is behind it

    // Each neighbour reached is raised to just above this cell if it is lower. If it is not
    // raised and the walk has not passed it, the walk will find it at its own height.
    const double raised = filled[i] + epsilon;
    // `towards`: the neighbour (0..7, flood_link) that i is of j.
    auto reach = [&](std::size_t j, int towards) {
      const float own = filled[j];
      const auto value = static_cast<float>(std::max(static_cast<double>(own), raised));
      filled[j] = value;
      const auto link = static_cast<uint8_t>(flood_link::kLinked | (towards << 4));
      // The walk is sorted by (height key, cell), so it has not passed j while j's entry is
      // not below the one it stands at.
      const uint64_t entry = (uint64_t{MonotoneQueue::key_of(own)} << 32) | j;
      if (value == own && walk < n && entry >= walk_entry(walk)) {
        state[j] = link | kWaiting;
      } else {
        state[j] = link | kInHeap;
        heap.push(static_cast<int32_t>(j), value);
      }
    };
    if (!edge) {
      for (int k = 0; k < 8; k++) {
        const auto j = static_cast<std::size_t>(i + offsets[k]);
        if (state[j] == kUnreached) reach(j, 7 - k);  // the offsets are symmetric
      }
      continue;
    }
    const int x = i % cols;
    const int y = i / cols;
    for (int dy = -1; dy <= 1; dy++) {
      const int ny = y + dy;
      if (ny < 0 || ny >= rows) continue;
      for (int dx = -1; dx <= 1; dx++) {
        const int nx = x + dx;
        if (nx < 0 || nx >= cols) continue;
        const std::size_t j = static_cast<std::size_t>(ny) * cols + nx;
        const int k = (dy + 1) * 3 + (dx + 1);  // 0..8, 4 being i itself (gone)
        if (state[j] == kUnreached) reach(j, 7 - (k < 4 ? k : k - 1));
      }
    }
  }
}

void priority_flood(const Heightfield& field, double sea_level, double epsilon, FloodResult& out,
                    FloodWorkspace& work) {
  const int cols = field.width();
  const int rows = field.height();
  const std::size_t n = field.size();
  if (out.filled.width() != cols || out.filled.height() != rows) {
    out.filled = Heightfield(cols, rows);
  }
  work.state.resize(n);
  work.links.resize(2 * n);
  work.lowest.resize(2 * n);
  priority_flood(field, sea_level, epsilon,
                 {out.filled.values(), work.state, work.links, work.lowest}, work);
  const auto* order = reinterpret_cast<const int32_t*>(work.lowest.data());
  out.order.assign(order, order + n);
  out.parent.resize(n);
  for (std::size_t i = 0; i < n; i++) {
    out.parent[i] = flood_link::cell(work.state[i], static_cast<int32_t>(i), cols);
  }
}

Heightfield filled(const Heightfield& field, double sea_level, double epsilon) {
  FloodResult result;
  FloodWorkspace work;
  priority_flood(field, sea_level, epsilon, result, work);
  return std::move(result.filled);
}

}  // namespace terrain
