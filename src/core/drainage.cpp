#include "core/drainage.h"

#include <algorithm>
#include <atomic>
#include <stdexcept>

namespace terrain {
namespace {

constexpr double kSqrt2 = 1.4142135623730951;  // Math.SQRT2

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

// Where each cell of one row drains (see Drainage::compute), given the row's steepest ways
// down (`steepest`) and the flood's state bytes (`state`, for its links). Every pointer and
// value is a parameter, held in a register: read through captured references, each was read
// again after every store.
void route_row(const float* terrain, const float* raw, const uint8_t* state, int cols, int y,
               double sea_level, bool flood, const int32_t* steepest, int32_t* downstream) {
  const std::size_t first = static_cast<std::size_t>(y) * static_cast<std::size_t>(cols);
  for (int x = 0; x < cols; x++) {
    const std::size_t i = first + static_cast<std::size_t>(x);
    int32_t to = steepest[x];
    if (terrain[i] < sea_level) {
      to = -1;
    } else if (flood && (terrain[i] > raw[i] || to < 0)) {
      // Flood routing: a filled (raised) cell, or a flat one with no way down, follows the
      // link the flood arrived on, if any. Links point to cells flooded earlier and steepest
      // steps strictly downhill, so the routes never loop.
      const int32_t link = flood_link::cell(state[i], static_cast<int32_t>(i), cols);
      if (link >= 0) to = link;
    }
    downstream[i] = to;
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

  // Where each cell drains (route_row), written over its flood link once that is read: the
  // sea keeps its water; elsewhere the steepest way down on the routing surface.
  const float* terrain = filled_.data();
  const float* raw = source->data();
  int32_t* downstream = as_int(links_.data());
  const bool flood = params.routing == Routing::flood && params.fill_hollows;
  const double sea_level = params.sea_level;
  const uint8_t* state = state_.data();
  for_slices(slices, static_cast<std::size_t>(rows), [&](int s, std::size_t y0, std::size_t y1) {
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
      route_row(terrain, raw, state, cols, y, sea_level, flood, row, downstream);
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
  // Every cell starts with its own unit of rain.
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
    }
  });

  climbed_ = n > params.height_order_cells;
  if (climbed_) {
    climb_from_outlets(slices);
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

// Climbs the basins of outlets [first, last) (drainage.h): from each outlet up to every cell
// that drains into it, labelling each with the outlet's basin on the way up and handing its
// water down on the way back (each cell after every cell upstream of it). `stack` holds the
// cells still to climb (c) and the cells whose water is to be handed down once their donors'
// is in (~c).
//
// A basin's cells are no other basin's, so two threads climbing different basins never write
// the same cell; they read each other's downstream, which nobody writes now.
void climb_basins(std::size_t first, std::size_t last, const int32_t* outlets,
                  const int32_t* downstream, int32_t* basins, uint32_t* flow, std::size_t n,
                  int cols, std::vector<int32_t>& stack) {
  const std::ptrdiff_t w = cols;
  // A cell's donors are among its eight neighbours. Past the left or right edge an offset lands
  // on the far end of the row above or below, a cell that never drains into this one (a cell
  // drains to a neighbour), so only the ends of the array need a check.
  // On maps one or two cells wide some offsets are the same: each is tried once (the others
  // made 0, the cell itself, which never drains into itself).
  std::ptrdiff_t around[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
  for (int k = 1; k < 8; k++) {
    if (std::find(around, around + k, around[k]) != around + k) around[k] = 0;
  }
  const auto cells = static_cast<std::ptrdiff_t>(n);
  // The stack is `stack`'s storage, grown ahead so that a cell's pushes need no check: they
  // are written whatever, and kept by moving the top only where they count (no branch to
  // mispredict on which of the eight neighbours drain here).
  std::size_t top_of = 0;
  for (std::size_t b = first; b < last; b++) {
    const int32_t outlet = outlets[b];
    const auto label = static_cast<int32_t>(b);
    int32_t* st = stack.data();
    st[0] = outlet;
    top_of = 1;
    while (top_of > 0) {
      const int32_t c = st[--top_of];
      if (c < 0) {
        flow[downstream[~c]] += flow[~c];
        continue;
      }
      if (stack.size() < top_of + 9) {
        stack.resize(std::max(2 * stack.size(), top_of + 9));
        st = stack.data();
      }
      basins[c] = label;
      flow[c] = 1;
      const std::size_t before = top_of;
      st[top_of] = ~c;
      top_of += c != outlet ? 1 : 0;
      const std::size_t climbs = top_of;
      for (const std::ptrdiff_t offset : around) {
        const std::ptrdiff_t j = c + offset;
        // Off the array's ends, c itself, which never drains into itself.
        const auto up = static_cast<int32_t>(j >= 0 && j < cells ? j : c);
        st[top_of] = up;
        top_of += downstream[up] == c ? 1 : 0;
      }
      // A headwater hands its water down at once.
      if (top_of == climbs && c != outlet) {
        top_of = before;
        flow[downstream[c]] += 1;
      }
    }
  }
}

}  // namespace

void Drainage::climb_from_outlets(int slices) {
  const std::size_t n = size_;
  const int32_t* downstream = as_int(links_.data());
  int32_t* basins = as_int(links_.data()) + n;
  uint32_t* flow = lowest_.data() + n;
  const int cols = width();
  // Outlets are handed out a batch at a time, so a big basin on one thread does not leave the
  // others idle while basins remain.
  constexpr std::size_t kOutletsATime = 1024;
  std::atomic<std::size_t> next{0};
  const std::size_t count = outlets_.size();
  for_slices(slices, static_cast<std::size_t>(slices), [&](int s, std::size_t, std::size_t) {
    std::vector<int32_t>& stack = paths_[static_cast<std::size_t>(s)];
    if (stack.size() < 64) stack.resize(64);
    for (;;) {
      const std::size_t first = next.fetch_add(kOutletsATime, std::memory_order_relaxed);
      if (first >= count) break;
      climb_basins(first, std::min(first + kOutletsATime, count), outlets_.data(), downstream,
                   basins, flow, n, cols, stack);
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
