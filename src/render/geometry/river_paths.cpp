// The sketch's drawRivers() path building, piece by piece (see river_paths.h).
#include "render/geometry/river_paths.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/point.h"

namespace terrain::render {

namespace {

Point middle(Point a, Point b) {
  return {(a.x + b.x) / 2, (a.y + b.y) / 2};
}

}  // namespace

double RiverPaths::width(int size, double scale) {
  return (0.7 + size * 0.5) * std::max(1.0, scale / 2.5);
}

double RiverPaths::order_width(int order, double scale) {
  return (0.7 + order * 0.9) * std::max(1.0, scale / 2.5);
}

double RiverPaths::stroke_width(int n, double scale) const {
  const int size = n / sketch::FADES;
  return by_ == RiversBy::order ? order_width(size + 1, scale) : width(size, scale);
}

double RiverPaths::alpha(int n) {
  return static_cast<double>(n % sketch::FADES + 1) / sketch::FADES;
}

void RiverPaths::build(const RiverPicture& view, int cols, const Frame& frame,
                       const RiverStyle& style) {
  const std::size_t cells = view.downstream.size();
  const bool by_order = style.by == RiversBy::order;
  if (by_order && style.strahler.size() != cells) {
    throw std::invalid_argument("river paths: by order needs an order for each of the " +
                                std::to_string(cells) + " cells, not " +
                                std::to_string(style.strahler.size()));
  }
  for (StrokePath& path : paths_) path.clear();
  by_ = style.by;
  const double start = style.min_flow;
  const double s = frame.scale_x;

  // The cells that draw anything: a river piece or a ghost. Few of a map's cells do, so they
  // are listed first, without a branch per cell (a branch on every cell of the map, taken at
  // random along every river's banks, cost more than drawing the pieces).
  active_.resize(cells);
  std::size_t active = 0;
  const float* shown = view.shown.data();
  const float* ghost = view.ghost_fade.data();
  const auto start_f = static_cast<float>(start);
  const bool exact_start = static_cast<double>(start_f) == start;
  for (std::size_t i = 0; i < cells; i++) {
    active_[active] = static_cast<int32_t>(i);
    active += static_cast<std::size_t>((exact_start ? shown[i] >= start_f : shown[i] >= start) |
                                       (ghost[i] > RiverPicture::kGhostVisible));
  }

  // A cell is a source when no river runs into it.
  fed_.assign(cells, 0);
  for (std::size_t k = 0; k < active; k++) {
    const auto i = static_cast<std::size_t>(active_[k]);
    const int32_t j = view.downstream[i];
    if (j >= 0 && view.shown[i] >= start) fed_[static_cast<std::size_t>(j)] = 1;
  }

  // Grid point of cell i, in canvas pixels: [left + (i % COLS) * s, top + floor(i / COLS) * s].
  auto point = [&](int32_t i) -> Point {
    return {frame.left + (i % cols) * s, frame.top + (i / cols) * s};
  };

  auto piece = [&](int32_t i, int32_t j, int32_t k, double amount, double opacity, bool source) {
    const double level = std::ceil(opacity * std::min(1.0, amount / start - 1) * sketch::FADES) - 1;
    if (!(level >= 0)) return;  // below the first fade step (or NaN): not drawn
    const double size =
        by_order
            ? std::min(kMaxOrder, std::max<int>(1, style.strahler[static_cast<std::size_t>(i)])) - 1
            : std::min<double>(sketch::RIVER_WIDTHS - 1, std::floor(std::log2(amount / start)));
    const int n = static_cast<int>(size) * sketch::FADES +
                  static_cast<int>(std::min<double>(sketch::FADES - 1, level));
    StrokePath& path = paths_[static_cast<std::size_t>(n)];
    const Point here = point(i);
    const Point next = point(j);

    const Point from = middle(here, next);
    if (source) {
      path.move_to(here.x, here.y);
      path.line_to(from.x, from.y);
    }
    const Point to = k >= 0 ? middle(next, point(k)) : next;
    path.move_to(from.x, from.y);
    path.quadratic_curve_to(next.x, next.y, to.x, to.y);
  };

  for (std::size_t k = 0; k < active; k++) {
    const auto c = static_cast<std::size_t>(active_[k]);
    const auto i = static_cast<int32_t>(c);
    const int32_t j = view.downstream[c];
    if (j >= 0 && view.shown[c] >= start) {
      piece(i, j, view.downstream[static_cast<std::size_t>(j)], view.shown[c], view.fade_in[c],
            !fed_[c]);
    }
    if (view.ghost_fade[c] > RiverPicture::kGhostVisible) {
      piece(i, view.ghost_to[c], view.ghost_after[c], view.ghost_water[c], view.ghost_fade[c],
            false);
    }
  }
}

}  // namespace terrain::render
