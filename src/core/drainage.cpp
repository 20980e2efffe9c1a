#include "core/drainage.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace terrain {
namespace {

constexpr double kSqrt2 = 1.4142135623730951;  // Math.SQRT2

// The neighbour the cell drains to most steeply, or -1 if none is lower. Diagonal steps are
// measured over their own longer distance; ties keep the first found (rows top to bottom,
// each left to right), as the sketch's strict `>` does.
int32_t steepest(const float* terrain, int cols, int rows, int x, int y) {
  const std::size_t i = static_cast<std::size_t>(y) * cols + x;
  double steepest_slope = 0;
  int32_t to = -1;
  for (int dy = -1; dy <= 1; dy++) {
    const int ny = y + dy;
    if (ny < 0 || ny >= rows) continue;
    for (int dx = -1; dx <= 1; dx++) {
      const int nx = x + dx;
      if ((dx == 0 && dy == 0) || nx < 0 || nx >= cols) continue;
      const std::size_t j = static_cast<std::size_t>(ny) * cols + nx;
      const double slope = (static_cast<double>(terrain[i]) - terrain[j]) / (dx && dy ? kSqrt2 : 1);
      if (slope > steepest_slope) {
        steepest_slope = slope;
        to = static_cast<int32_t>(j);
      }
    }
  }
  return to;
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

  highest_first_.resize(n);
  if (params.fill_hollows) {
    priority_flood(*source, params.sea_level, params.min_drop, surface_, flood_work_);
    std::reverse_copy(surface_.order.begin(), surface_.order.end(), highest_first_.begin());
  } else {
    // No filling: the surface as it is, cells sorted highest first (ties by index).
    if (surface_.filled.width() != cols || surface_.filled.height() != rows) {
      surface_.filled = Heightfield(cols, rows);
    }
    std::copy(source->data(), source->data() + n, surface_.filled.data());
    surface_.parent.assign(n, -1);
    std::iota(highest_first_.begin(), highest_first_.end(), 0);
    const float* h = surface_.filled.data();
    std::stable_sort(highest_first_.begin(), highest_first_.end(),
                     [h](int32_t a, int32_t b) { return h[a] > h[b]; });
  }

  // Where each cell drains.
  const float* terrain = surface_.filled.data();
  const float* raw = source->data();
  downstream_.resize(n);
  const bool flood = params.routing == Routing::flood && params.fill_hollows;
  for (int y = 0; y < rows; y++) {
    for (int x = 0; x < cols; x++) {
      const std::size_t i = static_cast<std::size_t>(y) * cols + x;
      if (terrain[i] < params.sea_level) {  // the sea keeps its water
        downstream_[i] = -1;
        continue;
      }
      int32_t to = steepest(terrain, cols, rows, x, y);
      // Flood routing: a filled (raised) cell, or a flat one with no way down, follows the
      // link the flood arrived on. Links point to cells flooded earlier and steepest steps
      // strictly downhill, so the routes can never loop.
      if (flood && surface_.parent[i] >= 0 && (terrain[i] > raw[i] || to < 0)) {
        to = surface_.parent[i];
      }
      downstream_[i] = to;
    }
  }

  // Going from the highest cell to the lowest, each cell hands all its water (its own unit
  // plus whatever reached it from above) to the cell it drains into.
  flow_.assign(n, 1);
  for (const int32_t i : highest_first_) {
    const int32_t d = downstream_[static_cast<std::size_t>(i)];
    if (d >= 0) flow_[static_cast<std::size_t>(d)] += flow_[static_cast<std::size_t>(i)];
  }

  // Basins: outlets numbered in row-major order, then every cell takes the basin of the cell
  // below it, lowest first so the cell below is always labelled already.
  basins_.assign(n, -1);
  outlets_.clear();
  for (std::size_t i = 0; i < n; i++) {
    if (downstream_[i] < 0) {
      basins_[i] = static_cast<int32_t>(outlets_.size());
      outlets_.push_back(static_cast<int32_t>(i));
    }
  }
  for (auto it = highest_first_.rbegin(); it != highest_first_.rend(); ++it) {
    const std::size_t i = static_cast<std::size_t>(*it);
    if (downstream_[i] >= 0) basins_[i] = basins_[static_cast<std::size_t>(downstream_[i])];
  }
}

Heightfield Drainage::flow_field() const {
  Heightfield out(width(), height());
  for (std::size_t i = 0; i < flow_.size(); i++) out[i] = static_cast<float>(flow_[i]);
  return out;
}

Drainage drainage(const Heightfield& field, const DrainageParams& params,
                  const Heightfield* ripple) {
  Drainage d;
  d.compute(field, params, ripple);
  return d;
}

}  // namespace terrain
