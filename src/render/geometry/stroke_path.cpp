// Building stroke paths: flattening quadratic curves into segments (see stroke_path.h).
#include "render/geometry/stroke_path.h"

#include <algorithm>
#include <cmath>

namespace terrain::render {

void StrokePath::move_to(double x, double y) {
  x_ = x;
  y_ = y;
  has_point_ = true;
  has_direction_ = false;  // a new subpath: its first corner has nothing before it
}

void StrokePath::line_to(double x, double y) {
  if (has_point_) {
    segments_.push_back({static_cast<float>(x_), static_cast<float>(y_), static_cast<float>(x),
                         static_cast<float>(y)});
    if (miter_joins_) {
      // The canvas prunes zero-length segments before joining, so they make no corner.
      const double length = std::hypot(x - x_, y - y_);
      if (length > 0) add_miter_join((x - x_) / length, (y - y_) / length);
    }
  }
  x_ = x;
  y_ = y;
  has_point_ = true;
}

void StrokePath::add_miter_join(double dx, double dy) {
  if (has_direction_) {
    // The outer side of the corner is the one the path turns away from; its two edge normals
    // o1 and o2 meet at the tip, along their bisector, 1 / cos(half the angle between them)
    // half-widths out.
    const double cross = dx_ * dy - dy_ * dx;
    const double side = cross > 0 ? -1 : 1;
    const double o1x = -dy_ * side, o1y = dx_ * side;
    const double o2x = -dy * side, o2y = dx * side;
    const double bx = o1x + o2x, by = o1y + o2y;
    const double b = std::hypot(bx, by);
    if (b > 0) {
      const double cos_half = (bx * o1x + by * o1y) / b;
      const double ratio = 1 / cos_half;  // miter length in half-widths
      // A straight continuation needs no spike; past the limit the canvas bevels.
      if (ratio > 1 + 1e-6 && ratio <= kMiterLimit) {
        joins_.push_back({static_cast<float>(x_), static_cast<float>(y_),
                          static_cast<float>(bx / b * ratio), static_cast<float>(by / b * ratio)});
      }
    }
  }
  dx_ = dx;
  dy_ = dy;
  has_direction_ = true;
}

void StrokePath::quadratic_curve_to(double cx, double cy, double x, double y) {
  if (!has_point_)
    move_to(cx, cy);  // the canvas's rule: a curve with no start begins at its control
  // B(t) = (1-t)^2 p0 + 2(1-t)t c + t^2 p1 has the constant second derivative
  // 2 (p0 - 2c + p1); n equal steps in t stray from it by at most |p0 - 2c + p1| / (4 n^2).
  const double x0 = x_;
  const double y0 = y_;
  const double ddx = x0 - 2 * cx + x;
  const double ddy = y0 - 2 * cy + y;
  const double bend = std::sqrt(ddx * ddx + ddy * ddy);
  const int steps = std::max(1, static_cast<int>(std::ceil(std::sqrt(bend / (4 * kFlatness)))));
  for (int k = 1; k <= steps; k++) {
    const double t = static_cast<double>(k) / steps;
    const double u = 1 - t;
    const double a = u * u;
    const double b = 2 * u * t;
    const double c = t * t;
    if (k == steps) {
      line_to(x, y);  // land exactly on the end point
    } else {
      line_to(a * x0 + b * cx + c * x, a * y0 + b * cy + c * y);
    }
  }
}

}  // namespace terrain::render
