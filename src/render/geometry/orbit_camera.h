// The 3D view's camera: it looks at a point of the map from a distance, turned by a yaw and
// tilted by a pitch, as terrain tools orbit their ground (drag to orbit, pan, wheel to zoom,
// Home to frame the island).
//
// World space: x along a row (the map's columns, cells), z down the rows (cells, row 0 to the
// north) and y up, a height h at y = h * relief (cells: kReliefCells at exaggeration 1, so an
// island's peak near 1 rises an eighth of the map's width). Yaw 0 looks north, towards row 0;
// yaw 90 looks east, towards the last column. Pitch 90 looks straight down, north at the top
// of the picture, so a camera from above lines up with the map view.
//
// Matrices with GLM: view() and projection() (perspective, 40 degrees vertically).
#pragma once

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <span>

#include "core/heightfield.h"
#include "render/geometry/map_camera.h"

namespace terrain::render {

// A ray from `origin` along `direction` (unit length), in world space.
struct Ray {
  glm::dvec3 origin;
  glm::dvec3 direction;
};

class OrbitCamera {
 public:
  static constexpr double kReliefCells = 40;  // a height of 1 at exaggeration 1
  static constexpr double kFovDegrees = 40;
  static constexpr double kMinPitch = 5;  // degrees: never quite level with the ground
  static constexpr double kMaxPitch = 90;
  static constexpr double kDegreesPerPixel = 0.3;  // an orbiting drag

  // A camera over a cols x rows map, framing it (frame_map), from the south-south-west at a
  // pitch of 45 degrees. Precondition: cols, rows >= 2.
  OrbitCamera(int cols, int rows);

  double yaw() const { return yaw_; }      // degrees, 0 <= yaw < 360
  double pitch() const { return pitch_; }  // degrees, kMinPitch .. kMaxPitch
  double distance() const { return distance_; }
  glm::dvec3 target() const { return target_; }
  // Counts changes, so a still view is not drawn again.
  uint64_t version() const { return version_; }

  // --camera YAW,PITCH: yaw taken modulo 360, pitch clamped to its range.
  void set_angles(double yaw_degrees, double pitch_degrees);
  // A drag of (dx, dy) pixels: right turns the view right (the ground turns left), down tilts it
  // up towards looking down.
  void orbit(double dx, double dy);
  // A drag of (dx, dy) pixels with the right or middle button: the target moves over the ground
  // so the ground follows the pointer, as far as the picture's scale at the target says.
  void pan(double dx, double dy, const MapArea& area);
  // The wheel: `factor` > 1 comes closer. The distance stays within reason (a tenth of the
  // framing distance to three times it).
  void zoom(double factor);
  // Home: the target over the map's middle, and as near as sees the whole map (and its relief,
  // `relief` cells per unit of height) at this yaw and pitch in a picture of that aspect
  // (width / height).
  void frame_map(double aspect = 16.0 / 9, double relief = kReliefCells);
  // A place saved with a map: the distance (held to the zoom's range) and the target (held over
  // the map). Values that are not finite change nothing.
  void place(double distance, glm::dvec3 target);

  // Keeps the eye out of the ground: where it is over the map lower than kClearance cells
  // above the surface there (`surface_height` with these heights, relief, floor and lakes), the
  // pitch rises as little as lifts it clear, a degree at a time, and where even straight above
  // is too low (the target deep in a mountain, the eye near it) the distance grows (within the
  // zoom's range). Seen from inside the ground, the surface's faces are turned away and the
  // picture is the sky. Returns whether the camera moved.
  static constexpr double kClearance = 2;  // cells
  bool clear_ground(const Heightfield& heights, double relief, double floor = -1e30,
                    std::span<const float> lakes = {});

  // Where the eye is, and the unit vectors of the picture's right, up and into it.
  glm::dvec3 eye() const;
  glm::dvec3 forward() const;
  glm::dvec3 right() const;
  glm::dvec3 up() const;
  glm::dmat4 view() const;
  glm::dmat4 projection(double aspect) const;  // near and far planes around the map

  // The ray through the canvas point `pixel` (drawable pixels, y down) of the area the view is
  // drawn in.
  Ray ray_through(glm::dvec2 pixel, const MapArea& area) const;
  // Where a world point lands on the canvas (drawable pixels, y down) of the area the view is
  // drawn in: the inverse of ray_through. None for a point behind the eye.
  std::optional<glm::dvec2> project(glm::dvec3 world, const MapArea& area) const;

 private:
  double framing_distance() const;
  void changed() { version_++; }

  int cols_;
  int rows_;
  double yaw_ = 20;
  double pitch_ = 45;
  double distance_ = 1;
  glm::dvec3 target_{0};
  uint64_t version_ = 0;
};

// The world point of a map point (x column, y row) at height h.
inline glm::dvec3 world_point(double x, double y, double h, double relief) {
  return {x, h * relief, y};
}

// The height of the surface the 3D view draws at the map point (x column, y row) within the
// grid: bilinear between its four grid points, each raised by its lake's depth (when `lakes`
// is given, one per point) and to `floor` (the sea's plane).
double surface_height(const Heightfield& heights, double x, double y, double floor = -1e30,
                      std::span<const float> lakes = {});

// The map point (x column, y row) of the surface the ray first meets, the heights drawn at
// `relief` cells per unit of height (bilinear between grid points, as the surface is drawn),
// each grid point raised by its lake's depth (when `lakes` is given, one per point) and to
// `floor` (the sea's plane); none when it meets no ground of the map.
std::optional<glm::dvec2> pick_ground(const Heightfield& heights, double relief, const Ray& ray,
                                      double floor = -1e30, std::span<const float> lakes = {});

}  // namespace terrain::render
