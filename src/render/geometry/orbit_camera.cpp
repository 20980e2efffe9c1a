// The 3D view's camera (see orbit_camera.h).
#include "render/geometry/orbit_camera.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/vec4.hpp>

namespace terrain::render {
namespace {

double radians(double degrees) {
  return degrees * (3.14159265358979323846 / 180);
}

}  // namespace

double surface_height(const Heightfield& h, double x, double y, double floor,
                      std::span<const float> lakes) {
  x = std::clamp(x, 0.0, h.width() - 1.0);
  y = std::clamp(y, 0.0, h.height() - 1.0);
  const int x0 = std::min(static_cast<int>(x), h.width() - 2);
  const int y0 = std::min(static_cast<int>(y), h.height() - 2);
  const double u = x - x0;
  const double v = y - y0;
  const auto at = [&](int px, int py) {
    double top = h.at(px, py);
    if (!lakes.empty()) top += lakes[static_cast<std::size_t>(py) * h.width() + px];
    return std::max(top, floor);
  };
  return at(x0, y0) * (1 - u) * (1 - v) + at(x0 + 1, y0) * u * (1 - v) +
         at(x0, y0 + 1) * (1 - u) * v + at(x0 + 1, y0 + 1) * u * v;
}

OrbitCamera::OrbitCamera(int cols, int rows) : cols_(cols), rows_(rows) {
  frame_map();
}

void OrbitCamera::set_angles(double yaw_degrees, double pitch_degrees) {
  if (!std::isfinite(yaw_degrees) || !std::isfinite(pitch_degrees)) return;
  double yaw = std::fmod(yaw_degrees, 360.0);
  if (yaw < 0) yaw += 360;
  yaw_ = yaw;
  pitch_ = std::clamp(pitch_degrees, kMinPitch, kMaxPitch);
  changed();
}

void OrbitCamera::orbit(double dx, double dy) {
  set_angles(yaw_ + dx * kDegreesPerPixel, pitch_ + dy * kDegreesPerPixel);
}

void OrbitCamera::pan(double dx, double dy, const MapArea& area) {
  // World units a pixel spans at the target, across; along the ground away from the eye a
  // pixel spans more the lower the eye (1 / sin(pitch)).
  const double per_pixel =
      2 * distance_ * std::tan(radians(kFovDegrees) / 2) / std::max(1.0, area.height);
  const glm::dvec3 across = right();
  const glm::dvec3 away{std::sin(radians(yaw_)), 0, -std::cos(radians(yaw_))};
  target_ -= across * (dx * per_pixel);
  target_ += away * (dy * per_pixel / std::sin(radians(pitch_)));
  target_.x = std::clamp(target_.x, 0.0, cols_ - 1.0);
  target_.z = std::clamp(target_.z, 0.0, rows_ - 1.0);
  changed();
}

void OrbitCamera::zoom(double factor) {
  if (!(factor > 0) || !std::isfinite(factor)) return;
  const double f = framing_distance();
  distance_ = std::clamp(distance_ / factor, 0.1 * f, 3 * f);
  changed();
}

double OrbitCamera::framing_distance() const {
  // The sphere around the map (and its relief) seen whole within the vertical field of view.
  const double radius =
      0.5 * std::sqrt(double(cols_) * cols_ + double(rows_) * rows_ + kReliefCells * kReliefCells);
  return radius / std::sin(radians(kFovDegrees) / 2);
}

void OrbitCamera::place(double distance, glm::dvec3 target) {
  if (!std::isfinite(distance) || !std::isfinite(target.x) || !std::isfinite(target.y) ||
      !std::isfinite(target.z)) {
    return;
  }
  const double f = framing_distance();
  distance_ = std::clamp(distance, 0.1 * f, 3 * f);
  target_ = {std::clamp(target.x, 0.0, cols_ - 1.0), std::clamp(target.y, -f, f),
             std::clamp(target.z, 0.0, rows_ - 1.0)};
  changed();
}

void OrbitCamera::frame_map(double aspect, double relief) {
  target_ = {(cols_ - 1) / 2.0, 0.3 * relief, (rows_ - 1) / 2.0};
  aspect = std::max(1e-3, aspect);
  const double t = std::tan(radians(kFovDegrees) / 2);
  const glm::dvec3 r = right();
  const glm::dvec3 u = up();
  const glm::dvec3 f = forward();
  // The corners of the box around the map and its relief.
  glm::dvec3 corners[8];
  int n = 0;
  for (const double x : {0.0, cols_ - 1.0}) {
    for (const double y : {0.0, relief}) {
      for (const double z : {0.0, rows_ - 1.0}) corners[n++] = {x, y, z};
    }
  }
  // The nearest distance that has every corner within the picture: a corner at (x, y) across
  // and up from the target and z nearer (along the view) is in it when
  // |y| <= (distance + z) * tan(fov / 2), and |x| the same times the aspect. Seen at a slant
  // the box is not centred on its middle, so the target then moves to centre what is seen,
  // and the distance is worked out again, a few times over.
  for (int round = 0; round < 4; round++) {
    double needed = 0;
    for (const glm::dvec3& corner : corners) {
      const glm::dvec3 c = corner - target_;
      const double along = glm::dot(c, f);
      needed = std::max(needed, std::abs(glm::dot(c, u)) / t - along);
      needed = std::max(needed, std::abs(glm::dot(c, r)) / (t * aspect) - along);
    }
    distance_ = std::clamp(1.03 * needed, 0.1 * framing_distance(), 3 * framing_distance());
    // The corners' reach across the picture (-1..1 each way), and the target moved by the
    // middle of it at the target's depth.
    double lo_x = 1e30, hi_x = -1e30, lo_y = 1e30, hi_y = -1e30;
    for (const glm::dvec3& corner : corners) {
      const glm::dvec3 c = corner - eye();
      const double depth = std::max(1e-6, glm::dot(c, f));
      const double x = glm::dot(c, r) / (depth * t * aspect);
      const double y = glm::dot(c, u) / (depth * t);
      lo_x = std::min(lo_x, x);
      hi_x = std::max(hi_x, x);
      lo_y = std::min(lo_y, y);
      hi_y = std::max(hi_y, y);
    }
    target_ +=
        r * ((lo_x + hi_x) / 2 * distance_ * t * aspect) + u * ((lo_y + hi_y) / 2 * distance_ * t);
  }
  changed();
}

bool OrbitCamera::clear_ground(const Heightfield& heights, double relief, double floor,
                               std::span<const float> lakes) {
  const auto low = [&] {
    const glm::dvec3 e = eye();
    if (!(e.x >= 0 && e.x <= cols_ - 1.0 && e.z >= 0 && e.z <= rows_ - 1.0)) return false;
    return e.y < surface_height(heights, e.x, e.z, floor, lakes) * relief + kClearance;
  };
  if (!low()) return false;
  while (pitch_ < kMaxPitch && low()) pitch_ = std::min(kMaxPitch, pitch_ + 1);
  const double most = 3 * framing_distance();
  while (distance_ < most && low()) distance_ = std::min(most, distance_ * 1.05);
  changed();
  return true;
}

glm::dvec3 OrbitCamera::forward() const {
  const double y = radians(yaw_);
  const double p = radians(pitch_);
  return {std::sin(y) * std::cos(p), -std::sin(p), -std::cos(y) * std::cos(p)};
}

glm::dvec3 OrbitCamera::right() const {
  const double y = radians(yaw_);
  return {std::cos(y), 0, std::sin(y)};
}

glm::dvec3 OrbitCamera::up() const {
  return glm::cross(right(), forward());
}

glm::dvec3 OrbitCamera::eye() const {
  return target_ - forward() * distance_;
}

glm::dmat4 OrbitCamera::view() const {
  return glm::lookAt(eye(), target_, up());
}

glm::dmat4 OrbitCamera::projection(double aspect) const {
  const double f = framing_distance();
  const double near = std::max(0.5, distance_ - 1.5 * f);
  const double far = distance_ + 1.5 * f;
  return glm::perspective(radians(kFovDegrees), std::max(1e-3, aspect), near, far);
}

Ray OrbitCamera::ray_through(glm::dvec2 pixel, const MapArea& area) const {
  const double nx = (pixel.x - area.left) / area.width * 2 - 1;
  const double ny = 1 - (pixel.y - area.top) / area.height * 2;
  const double t = std::tan(radians(kFovDegrees) / 2);
  const double aspect = area.width / area.height;
  const glm::dvec3 direction =
      glm::normalize(forward() + right() * (nx * t * aspect) + up() * (ny * t));
  return {eye(), direction};
}

std::optional<glm::dvec2> OrbitCamera::project(glm::dvec3 world, const MapArea& area) const {
  const glm::dvec4 c = projection(area.width / area.height) * view() * glm::dvec4(world, 1);
  if (!(c.w > 1e-9)) return std::nullopt;
  return glm::dvec2{area.left + (c.x / c.w * 0.5 + 0.5) * area.width,
                    area.top + (0.5 - c.y / c.w * 0.5) * area.height};
}

std::optional<glm::dvec2> pick_ground(const Heightfield& heights, double relief, const Ray& ray,
                                      double floor, std::span<const float> lakes) {
  if (!lakes.empty() && lakes.size() != heights.size()) return std::nullopt;
  const double max_x = heights.width() - 1;
  const double max_z = heights.height() - 1;
  double top = std::max(0.0, floor);
  double bottom = 0;
  for (std::size_t i = 0; i < heights.size(); i++) {
    const double v = heights.values()[i];
    top = std::max(top, v + (lakes.empty() ? 0.0 : double{lakes[i]}));
    bottom = std::min(bottom, v);
  }
  top *= relief;
  bottom *= relief;
  // Where the ray is inside the box around the map and its relief: [t0, t1] (slabs).
  double t0 = 0;
  double t1 = 1e12;
  const glm::dvec3 lo{0, bottom, 0};
  const glm::dvec3 hi{max_x, top, max_z};
  for (int a = 0; a < 3; a++) {
    const double o = ray.origin[a];
    const double d = ray.direction[a];
    if (std::abs(d) < 1e-15) {
      if (o < lo[a] || o > hi[a]) return std::nullopt;
      continue;
    }
    double near = (lo[a] - o) / d;
    double far = (hi[a] - o) / d;
    if (near > far) std::swap(near, far);
    t0 = std::max(t0, near);
    t1 = std::min(t1, far);
    if (t0 > t1) return std::nullopt;
  }
  // March in steps of a quarter cell; the first step below the ground is refined by bisection.
  const auto below = [&](double t) {
    const glm::dvec3 p = ray.origin + ray.direction * t;
    const double x = std::clamp(p.x, 0.0, max_x);
    const double z = std::clamp(p.z, 0.0, max_z);
    return p.y <= surface_height(heights, x, z, floor, lakes) * relief;
  };
  constexpr double kStep = 0.25;
  double previous = t0;
  if (below(previous)) {
    const glm::dvec3 p = ray.origin + ray.direction * previous;
    return glm::dvec2{std::clamp(p.x, 0.0, max_x), std::clamp(p.z, 0.0, max_z)};
  }
  for (double t = t0 + kStep;; t += kStep) {
    const double at = std::min(t, t1);
    if (below(at)) {
      double a = previous;
      double b = at;
      for (int k = 0; k < 40; k++) {
        const double m = (a + b) / 2;
        (below(m) ? b : a) = m;
      }
      const glm::dvec3 p = ray.origin + ray.direction * b;
      return glm::dvec2{std::clamp(p.x, 0.0, max_x), std::clamp(p.z, 0.0, max_z)};
    }
    if (at >= t1) return std::nullopt;
    previous = at;
  }
}

}  // namespace terrain::render
