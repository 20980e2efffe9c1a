#include "core/drainage.h"

#include <algorithm>
#include <atomic>
#include <stdexcept>

namespace terrain {
namespace {

constexpr double kSqrt2 = 1.4142135623730951;  // Math.SQRT2
constexpr uint8_t kHeadwater = 0xFF;           // nothing drains into it (a count is at most 8)

// The neighbour the cell drains to most steeply, or -1 if none is lower: the sketch's
// buildRivers() rule. A diagonal step is measured over its own longer distance (sqrt 2);
// ties keep the first found (rows top to bottom, each left to right), as its strict `>`.
// This one checks the map's edges.
int32_t steepest_checked(const float* terrain, int cols, int rows, int x, int y) {
  const std::size_t i = static_cast<std::size_t>(y) * cols + x;
  const double here = terrain[i];
  double steepest_slope = 0;
  int32_t to = -1;
  for (int dy = -1; dy <= 1; dy++) {
    const int ny = y + dy;
    if (ny < 0 || ny >= rows) continue;
    for (int dx = -1; dx <= 1; dx++) {
      const int nx = x + dx;
      if ((dx == 0 && dy == 0) || nx < 0 || nx >= cols) continue;
      const std::size_t j = static_cast<std::size_t>(ny) * cols + nx;
      const double slope = (here - terrain[j]) / (dx && dy ? kSqrt2 : 1);
      if (slope > steepest_slope) {
        steepest_slope = slope;
        to = static_cast<int32_t>(j);
      }
    }
  }
  return to;
}

// The same for the cells of row y away from the edges (no checks), one row at a time.
void steepest_row(const float* terrain, int cols, int y, int32_t* out) {
  const std::ptrdiff_t w = cols;
  const std::ptrdiff_t offsets[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
  const double over[8] = {kSqrt2, 1, kSqrt2, 1, 1, kSqrt2, 1, kSqrt2};
  for (std::ptrdiff_t i = y * w + 1, end = y * w + w - 1; i < end; i++) {
    const double here = terrain[i];
    double steepest_slope = 0;
    int32_t to = -1;
    for (int k = 0; k < 8; k++) {
      const double slope = (here - terrain[i + offsets[k]]) / over[k];
      if (slope > steepest_slope) {
        steepest_slope = slope;
        to = static_cast<int32_t>(i + offsets[k]);
      }
    }
    out[i - y * w] = to;
  }
}

}  // namespace

void Drainage::compute(const Heightfield& field, const DrainageParams& params,
                       const Heightfield* ripple) {
  const int cols = field.width();
  const int rows = field.height();
  const std::size_t n = field.size();
  if (ripple && (ripple->width() != cols || ripple->height() != rows)) {
    throw std::invalid_argument("Drainage: the ripple must be the size of the field");
  }
  const int slices = slices_for(n);

  // Water routes over the terrain plus the ripple (float32 sums, as in the sketch).
  const Heightfield* source = &field;
  if (ripple) {
    if (routed_.width() != cols || routed_.height() != rows) routed_ = Heightfield(cols, rows);
    for_slices(slices, n, [&](int, std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; i++) {
        routed_[i] = static_cast<float>(static_cast<double>(field[i]) + (*ripple)[i]);
      }
    });
    source = &routed_;
  }

  size_ = n;
  if (filled_.width() != cols || filled_.height() != rows) filled_ = Heightfield(cols, rows);
  links_.resize(2 * n);
  lowest_.resize(2 * n);
  state_.resize(n);
  if (params.fill_hollows) {
    priority_flood(*source, params.sea_level, params.min_drop,
                   {filled_.values(), state_, links_, lowest_}, flood_work_);
  } else {
    // No filling: the surface as it is, cells sorted lowest first (ties by index).
    std::copy(source->data(), source->data() + n, filled_.data());
    sort_cells_by_height(source->values(), lowest_, links_, flood_work_);
  }

  // Where each cell drains, written over its flood link once that is read: the sea keeps its
  // water; elsewhere the steepest way down on the routing surface.
  const float* terrain = filled_.data();
  const float* raw = source->data();
  int32_t* downstream = as_int(links_.data());
  const bool flood = params.routing == Routing::flood && params.fill_hollows;
  const double sea_level = params.sea_level;
  // Walking from the headwaters needs each cell's donors, counted as the routing finds them
  // in the low four bits of the state bytes, beside the flood's links (flood_link). A slice's
  // cells drain into its own rows or the rows either side of it, so only counts on a slice's
  // first and last rows, which two slices can reach, are counted atomically (and the links
  // there read atomically).
  walked_ = n > params.height_order_cells;
  uint8_t* donors = state_.data();
  if (walked_) {
    for_slices(slices, n, [&](int, std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; i++) {
        donors[i] = params.fill_hollows ? donors[i] & flood_link::kBits : uint8_t{0};
      }
    });
  }
  const bool shared = slices > 1;
  for_slices(slices, static_cast<std::size_t>(rows), [&](int s, std::size_t y0, std::size_t y1) {
    const std::size_t own_begin = (y0 + 1) * static_cast<std::size_t>(cols);
    const std::size_t own_end = y1 >= 1 ? (y1 - 1) * static_cast<std::size_t>(cols) : 0;
    auto count_donor = [&](int32_t d) {
      const auto to = static_cast<std::size_t>(d);
      if (!shared || (to >= own_begin && to < own_end)) {
        donors[to]++;
      } else {
        std::atomic_ref<uint8_t>(donors[to]).fetch_add(1, std::memory_order_relaxed);
      }
    };
    std::vector<int32_t>& steepest = paths_[static_cast<std::size_t>(s)];
    steepest.resize(static_cast<std::size_t>(cols));
    for (auto y = static_cast<int>(y0); y < static_cast<int>(y1); y++) {
      int32_t* row = steepest.data();
      if (y > 0 && y < rows - 1 && cols > 2) {
        steepest_row(terrain, cols, y, row);
        row[0] = steepest_checked(terrain, cols, rows, 0, y);
        row[cols - 1] = steepest_checked(terrain, cols, rows, cols - 1, y);
      } else {
        for (int x = 0; x < cols; x++) row[x] = steepest_checked(terrain, cols, rows, x, y);
      }
      const std::size_t first = static_cast<std::size_t>(y) * cols;
      for (int x = 0; x < cols; x++) {
        const std::size_t i = first + x;
        if (terrain[i] < sea_level) {
          downstream[i] = -1;
        } else if (flood) {
          // Flood routing: a filled (raised) cell, or a flat one with no way down, follows
          // the link the flood arrived on. Links point to cells flooded earlier and steepest
          // steps strictly downhill, so the routes never loop.
          const uint8_t state =
              shared ? std::atomic_ref<uint8_t>(donors[i]).load(std::memory_order_relaxed)
                     : donors[i];
          const int32_t link = flood_link::cell(state, static_cast<int32_t>(i), cols);
          downstream[i] = link >= 0 && (terrain[i] > raw[i] || row[x] < 0) ? link : row[x];
        } else {
          downstream[i] = row[x];
        }
        if (walked_ && downstream[i] >= 0) count_donor(downstream[i]);
      }
    }
  });

  // Outlets are numbered in row-major order: each slice counts its own, then numbers them
  // from where the slices before it end. Every other cell starts unlabelled.
  int32_t* basins = as_int(links_.data()) + n;
  slice_outlets_.assign(static_cast<std::size_t>(slices), 0);
  for_slices(slices, n, [&](int s, std::size_t begin, std::size_t end) {
    uint32_t count = 0;
    for (std::size_t i = begin; i < end; i++) count += downstream[i] < 0 ? 1 : 0;
    slice_outlets_[static_cast<std::size_t>(s)] = count;
  });
  uint32_t total = 0;
  for (uint32_t& count : slice_outlets_) {
    const uint32_t here = count;
    count = total;
    total += here;
  }
  // Room for an outlet a cell on maps up to 2^20 cells (4 MiB at the most), so that a refresh
  // whose sea level makes more outlets allocates nothing; on a bigger map it grows as needed
  // and keeps what it grew to (an outlet a cell would be 4 bytes a cell of a big map's pass).
  if (outlets_.capacity() < std::min(n, std::size_t{1} << 20)) {
    outlets_.reserve(std::min(n, std::size_t{1} << 20));
  }
  outlets_.resize(total);
  // The walks also start here: every cell with its own unit of rain, and the cells nothing
  // drains into marked as headwaters.
  uint32_t* flow = lowest_.data() + n;
  for_slices(slices, n, [&](int s, std::size_t begin, std::size_t end) {
    uint32_t next = slice_outlets_[static_cast<std::size_t>(s)];
    for (std::size_t i = begin; i < end; i++) {
      if (downstream[i] < 0) {
        basins[i] = static_cast<int32_t>(next);
        outlets_[next++] = static_cast<int32_t>(i);
      } else {
        basins[i] = -1;
      }
      flow[i] = 1;
      if (walked_) {
        // The links are read: only the counts stay.
        const auto count = static_cast<uint8_t>(donors[i] & 0x0F);
        donors[i] = count == 0 ? kHeadwater : count;
      }
    }
  });

  if (walked_) {
    walk_from_headwaters(slices);
    return;
  }
  // The sketch's way, in height order. Going from the highest cell to the lowest every cell's
  // water is complete when it is handed on; going from the lowest up, the cell below is always
  // labelled already.
  const int32_t* lowest_first = as_int(lowest_.data());
  for (std::size_t k = n; k-- > 0;) {
    const int32_t i = lowest_first[k];
    if (downstream[i] >= 0) flow[downstream[i]] += flow[i];
  }
  for (std::size_t k = 0; k < n; k++) {
    const int32_t i = lowest_first[k];
    if (downstream[i] >= 0) basins[i] = basins[downstream[i]];
  }
}

namespace {

// The walks from the headwaters of cells [begin, end), handing water on (see drainage.h).
// Shared: other slices walk at the same time, so every count and sum that two walks can meet
// on is atomic. A donor adds its water, then counts itself off (release); the donor that
// counts off last (acquire) sees every other donor's water and carries on.
template <bool kShared>
void hand_on_water(std::size_t begin, std::size_t end, const int32_t* downstream, uint8_t* donors,
                   uint32_t* flow) {
  for (std::size_t start = begin; start < end; start++) {
    const uint8_t here =
        kShared ? std::atomic_ref<uint8_t>(donors[start]).load(std::memory_order_relaxed)
                : donors[start];
    if (here != kHeadwater) continue;
    uint32_t carried = 1;  // a headwater's own rain
    for (int32_t d = downstream[start]; d >= 0; d = downstream[d]) {
      const auto to = static_cast<std::size_t>(d);
      if constexpr (kShared) {
        std::atomic_ref<uint32_t>(flow[to]).fetch_add(carried, std::memory_order_relaxed);
        if (std::atomic_ref<uint8_t>(donors[to]).fetch_sub(1, std::memory_order_acq_rel) != 1) {
          break;  // more water still to come: d's last donor carries on
        }
        carried = std::atomic_ref<uint32_t>(flow[to]).load(std::memory_order_relaxed);
      } else {
        flow[to] += carried;
        carried = flow[to];
        if (--donors[to] != 0) break;
      }
    }
  }
}

// Labels the cells of [begin, end) not yet labelled by walking each down to a labelled one.
// Shared: two walks may label the same cells at once, with the same labels (a basin is its
// outlet's, whoever writes it).
template <bool kShared>
void label_basins(std::size_t begin, std::size_t end, const int32_t* downstream, int32_t* basins,
                  std::vector<int32_t>& path) {
  auto load = [&](std::size_t i) {
    if constexpr (kShared) {
      return std::atomic_ref<int32_t>(basins[i]).load(std::memory_order_relaxed);
    } else {
      return basins[i];
    }
  };
  for (std::size_t start = begin; start < end; start++) {
    if (load(start) >= 0) continue;
    path.clear();
    auto i = static_cast<std::size_t>(start);
    while (load(i) < 0) {
      path.push_back(static_cast<int32_t>(i));
      i = static_cast<std::size_t>(downstream[i]);
    }
    const int32_t label = load(i);
    for (const int32_t c : path) {
      if constexpr (kShared) {
        std::atomic_ref<int32_t>(basins[c]).store(label, std::memory_order_relaxed);
      } else {
        basins[c] = label;
      }
    }
  }
}

}  // namespace

void Drainage::walk_from_headwaters(int slices) {
  const std::size_t n = size_;
  const int32_t* downstream = as_int(links_.data());
  int32_t* basins = as_int(links_.data()) + n;
  uint32_t* flow = lowest_.data() + n;
  uint8_t* donors = state_.data();

  const bool shared = slices > 1;
  for_slices(slices, n, [&](int, std::size_t begin, std::size_t end) {
    if (shared) {
      hand_on_water<true>(begin, end, downstream, donors, flow);
    } else {
      hand_on_water<false>(begin, end, downstream, donors, flow);
    }
  });
  for_slices(slices, n, [&](int s, std::size_t begin, std::size_t end) {
    std::vector<int32_t>& path = paths_[static_cast<std::size_t>(s)];
    if (shared) {
      label_basins<true>(begin, end, downstream, basins, path);
    } else {
      label_basins<false>(begin, end, downstream, basins, path);
    }
  });
}

Drainage drainage(const Heightfield& field, const DrainageParams& params,
                  const Heightfield* ripple) {
  Drainage d;
  d.compute(field, params, ripple);
  return d;
}

}  // namespace terrain
