#include "core/drainage.h"

#include <algorithm>
#include <numeric>
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

}  // namespace

void Drainage::compute(const Heightfield& field, const DrainageParams& params,
                       const Heightfield* ripple) {
  const int cols = field.width();
  const int rows = field.height();
  const std::size_t n = field.size();
  if (ripple && (ripple->width() != cols || ripple->height() != rows)) {
    throw std::invalid_argument("Drainage: the ripple must be the size of the field");
  }

  // Water routes over the terrain plus the ripple (float32 sums, as in the sketch).
  const Heightfield* source = &field;
  if (ripple) {
    if (routed_.width() != cols || routed_.height() != rows) routed_ = Heightfield(cols, rows);
    for (std::size_t i = 0; i < n; i++) {
      routed_[i] = static_cast<float>(static_cast<double>(field[i]) + (*ripple)[i]);
    }
    source = &routed_;
  }

  if (params.fill_hollows) {
    priority_flood(*source, params.sea_level, params.min_drop, surface_, flood_work_);
  } else {
    // No filling: the surface as it is, cells sorted lowest first (ties by index).
    if (surface_.filled.width() != cols || surface_.filled.height() != rows) {
      surface_.filled = Heightfield(cols, rows);
    }
    std::copy(source->data(), source->data() + n, surface_.filled.data());
    surface_.parent.assign(n, -1);
    surface_.order.resize(n);
    std::iota(surface_.order.begin(), surface_.order.end(), 0);
    const float* h = surface_.filled.data();
    std::stable_sort(surface_.order.begin(), surface_.order.end(),
                     [h](int32_t a, int32_t b) { return h[a] < h[b]; });
  }

  // Each cell's steepest way down on the routing surface.
  const float* terrain = surface_.filled.data();
  downstream_.resize(n);
  int32_t* downstream = downstream_.data();
  for (int y = 0; y < rows; y++) {
    int32_t* row = downstream + static_cast<std::size_t>(y) * cols;
    if (y > 0 && y < rows - 1 && cols > 2) {
      steepest_row(terrain, cols, y, row);
      row[0] = steepest_checked(terrain, cols, rows, 0, y);
      row[cols - 1] = steepest_checked(terrain, cols, rows, cols - 1, y);
    } else {
      for (int x = 0; x < cols; x++) row[x] = steepest_checked(terrain, cols, rows, x, y);
    }
  }

  // Where each cell drains: the sea keeps its water; elsewhere the steepest way down.
  const float* raw = source->data();
  const int32_t* parent = surface_.parent.data();
  const bool flood = params.routing == Routing::flood && params.fill_hollows;
  const double sea_level = params.sea_level;
  for (std::size_t i = 0; i < n; i++) {
    if (terrain[i] < sea_level) {
      downstream[i] = -1;
    } else if (flood && parent[i] >= 0 && (terrain[i] > raw[i] || downstream[i] < 0)) {
      // Flood routing: a filled (raised) cell, or a flat one with no way down, follows the
      // link the flood arrived on. Links point to cells flooded earlier and steepest steps
      // strictly downhill, so the routes can never loop.
      downstream[i] = parent[i];
    }
  }

  // Each cell hands all its water (its own unit of rain plus whatever reached it from
  // above) to the cell it drains into, once everything above it has arrived, and every cell
  // takes the basin of the cell below it. Outlets are numbered in row-major order.
  flow_.assign(n, 1);
  basins_.assign(n, -1);
  outlets_.clear();
  uint32_t* flow = flow_.data();
  int32_t* basins = basins_.data();
  for (std::size_t i = 0; i < n; i++) {
    if (downstream[i] < 0) {
      basins[i] = static_cast<int32_t>(outlets_.size());
      outlets_.push_back(static_cast<int32_t>(i));
    }
  }
  const int32_t* lowest_first = surface_.order.data();
  walked_ = n > params.height_order_cells;
  if (!walked_) {
    // The sketch's way, in height order. Going from the highest cell to the lowest every
    // cell's water is complete when it is handed on; going from the lowest up, the cell below
    // is always labelled already.
    for (std::size_t k = n; k-- > 0;) {
      const int32_t i = lowest_first[k];
      if (downstream[i] >= 0) flow[downstream[i]] += flow[i];
    }
    for (std::size_t k = 0; k < n; k++) {
      const int32_t i = lowest_first[k];
      if (downstream[i] >= 0) basins[i] = basins[downstream[i]];
    }
    return;
  }
  // A map over params.height_order_cells, where the height order would jump across memory:
  // walk down from the headwaters instead (each step to a neighbouring cell). Count each
  // cell's donors, hand water on from every cell whose donors are all in, and label each walk
  // from the first labelled cell.
  donors_.assign(n, 0);
  uint8_t* donors = donors_.data();
  for (std::size_t i = 0; i < n; i++) {
    if (downstream[i] >= 0) donors[downstream[i]]++;  // at most 8
  }
  constexpr uint8_t kHandedOn = 0xFF;  // never counted down again: nothing drains into it
  for (std::size_t start = 0; start < n; start++) {
    if (donors[start] != 0) continue;
    donors[start] = kHandedOn;
    for (int32_t i = static_cast<int32_t>(start), d = downstream[i]; d >= 0;
         i = d, d = downstream[d]) {
      flow[d] += flow[i];
      if (--donors[d] != 0) break;  // more water still to come: d's last donor carries on
      donors[d] = kHandedOn;
    }
  }
  for (std::size_t start = 0; start < n; start++) {
    if (basins[start] >= 0) continue;
    path_.clear();
    int32_t i = static_cast<int32_t>(start);
    while (basins[i] < 0) {
      path_.push_back(i);
      i = downstream[i];
    }
    for (const int32_t c : path_) basins[c] = basins[i];
  }
}

Drainage drainage(const Heightfield& field, const DrainageParams& params,
                  const Heightfield* ripple) {
  Drainage d;
  d.compute(field, params, ripple);
  return d;
}

}  // namespace terrain
