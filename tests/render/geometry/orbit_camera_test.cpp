// The 3D view's camera: its angles as documented (yaw 0 looks north, pitch 90 straight down
// with north at the top, so it lines up with the map view), orbiting, panning and zooming, the
// whole map in the picture when framed, the eye kept out of the ground, and picking the ground
// under a pixel.
#include "render/geometry/orbit_camera.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <glm/common.hpp>
#include <glm/vec4.hpp>
#include <vector>

namespace terrain::render {
namespace {

// Where a world point lands in normalized device coordinates (x right, y up, -1..1).
glm::dvec2 ndc(const OrbitCamera& camera, glm::dvec3 p, double aspect) {
  const glm::dvec4 c = camera.projection(aspect) * camera.view() * glm::dvec4(p, 1);
  return {c.x / c.w, c.y / c.w};
}

constexpr int kMapCols = 320;
constexpr int kMapRows = 180;

TEST(OrbitCamera, YawZeroLooksNorthNinetyEastAndPitchNinetyStraightDown) {
  OrbitCamera camera(kMapCols, kMapRows);
  camera.set_angles(0, 30);
  EXPECT_NEAR(camera.forward().x, 0, 1e-12);
  EXPECT_LT(camera.forward().z, 0);  // towards row 0
  EXPECT_LT(camera.forward().y, 0);
  EXPECT_NEAR(camera.right().x, 1, 1e-12);  // east to the right
  camera.set_angles(90, 30);
  EXPECT_GT(camera.forward().x, 0);  // towards the last column
  EXPECT_NEAR(camera.forward().z, 0, 1e-12);
  camera.set_angles(0, 90);
  EXPECT_NEAR(camera.forward().y, -1, 1e-12);
  EXPECT_NEAR(camera.up().z, -1, 1e-12);  // north at the top of the picture
  // Wrapped and clamped.
  camera.set_angles(-30, 120);
  EXPECT_EQ(camera.yaw(), 330);
  EXPECT_EQ(camera.pitch(), OrbitCamera::kMaxPitch);
  camera.set_angles(400, -5);
  EXPECT_EQ(camera.yaw(), 40);
  EXPECT_EQ(camera.pitch(), OrbitCamera::kMinPitch);
}

// From straight above, the map lies as the map view shows it: columns left to right, rows top
// to bottom, the middle in the middle.
TEST(OrbitCamera, FromAboveItLinesUpWithTheMapView) {
  OrbitCamera camera(kMapCols, kMapRows);
  camera.set_angles(0, 90);
  camera.frame_map();
  const double aspect = 16.0 / 9;
  const double h = 0.3 * OrbitCamera::kReliefCells;  // the target's height
  const glm::dvec2 middle = ndc(camera, {159.5, h, 89.5}, aspect);
  EXPECT_NEAR(middle.x, 0, 1e-9);
  EXPECT_NEAR(middle.y, 0, 1e-9);
  const glm::dvec2 west = ndc(camera, {0, h, 89.5}, aspect);
  const glm::dvec2 east = ndc(camera, {319, h, 89.5}, aspect);
  const glm::dvec2 north = ndc(camera, {159.5, h, 0}, aspect);
  const glm::dvec2 south = ndc(camera, {159.5, h, 179}, aspect);
  EXPECT_LT(west.x, east.x);
  EXPECT_GT(north.y, south.y);  // north up
  EXPECT_NEAR(west.y, 0, 1e-9);
  EXPECT_NEAR(north.x, 0, 1e-9);
  // Cells keep their proportions: as far across per cell as down.
  EXPECT_NEAR((east.x - west.x) * aspect / 319, (north.y - south.y) / 179, 1e-9);
}

TEST(OrbitCamera, FramedTheWholeMapIsInThePictureFromAnySide) {
  for (const double yaw : {0.0, 45.0, 90.0, 200.0, 315.0}) {
    for (const double pitch : {20.0, 45.0, 90.0}) {
      OrbitCamera camera(kMapCols, kMapRows);
      camera.set_angles(yaw, pitch);
      camera.frame_map(16.0 / 9);
      // Every corner of the box around the map and its relief within the picture, the box
      // centred in it and filling it across or down.
      glm::dvec2 lo{1e9};
      glm::dvec2 hi{-1e9};
      for (const double x : {0.0, 319.0}) {
        for (const double y : {0.0, 40.0}) {
          for (const double z : {0.0, 179.0}) {
            const glm::dvec2 p = ndc(camera, {x, y, z}, 16.0 / 9);
            EXPECT_LE(std::abs(p.x), 1.0) << yaw << " " << pitch;
            EXPECT_LE(std::abs(p.y), 1.0) << yaw << " " << pitch;
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
          }
        }
      }
      EXPECT_NEAR((lo.x + hi.x) / 2, 0, 0.02) << yaw << " " << pitch;
      EXPECT_NEAR((lo.y + hi.y) / 2, 0, 0.02) << yaw << " " << pitch;
      EXPECT_GT(std::max(hi.x - lo.x, hi.y - lo.y), 1.8) << yaw << " " << pitch;
    }
  }
}

TEST(OrbitCamera, DragsOrbitAndPanTheWheelZoomsWithinReason) {
  OrbitCamera camera(kMapCols, kMapRows);
  camera.set_angles(10, 40);
  const uint64_t v = camera.version();
  camera.orbit(100, 50);
  EXPECT_DOUBLE_EQ(camera.yaw(), 10 + 100 * OrbitCamera::kDegreesPerPixel);
  EXPECT_DOUBLE_EQ(camera.pitch(), 40 + 50 * OrbitCamera::kDegreesPerPixel);
  EXPECT_GT(camera.version(), v);
  // Panning right moves the target west (the ground follows the pointer), within the map.
  camera.set_angles(0, 60);
  const glm::dvec3 before = camera.target();
  camera.pan(50, 0, {0, 0, 1280, 720});
  EXPECT_LT(camera.target().x, before.x);
  EXPECT_NEAR(camera.target().z, before.z, 1e-9);
  camera.pan(0, -1e6, {0, 0, 1280, 720});
  EXPECT_EQ(camera.target().z, kMapRows - 1.0);  // held at the map's edge
  const double d = camera.distance();
  camera.zoom(2);
  EXPECT_DOUBLE_EQ(camera.distance(), d / 2);
  camera.zoom(1e9);
  const double nearest = camera.distance();
  camera.zoom(2);
  EXPECT_EQ(camera.distance(), nearest);
  EXPECT_GT(nearest, 0);
}

TEST(OrbitCamera, TheEyeIsKeptOutOfTheGround) {
  // A plateau at height 0.8 (32 cells up at relief 40) under a camera framed at the default
  // target height (0.3): zoomed in low, its eye is inside the plateau.
  Heightfield plateau(kMapCols, kMapRows);
  std::fill(plateau.values().begin(), plateau.values().end(), 0.8f);
  const double relief = OrbitCamera::kReliefCells;
  const auto clearance = [&](const OrbitCamera& c) {
    const glm::dvec3 e = c.eye();
    return e.y - surface_height(plateau, e.x, e.z) * relief;
  };
  OrbitCamera camera(kMapCols, kMapRows);
  camera.set_angles(30, 10);
  camera.zoom(1e9);
  ASSERT_LT(clearance(camera), 0);
  const glm::dvec3 target = camera.target();
  const double distance = camera.distance();
  const uint64_t v = camera.version();
  EXPECT_TRUE(camera.clear_ground(plateau, relief));
  EXPECT_GT(camera.version(), v);
  // Lifted clear by raising the pitch, no more than a degree past what it takes; the target
  // and the yaw stay.
  EXPECT_GE(clearance(camera), OrbitCamera::kClearance);
  EXPECT_GT(camera.pitch(), 10);
  EXPECT_EQ(camera.yaw(), 30);
  EXPECT_EQ(camera.target(), target);
  OrbitCamera lower = camera;
  lower.set_angles(30, camera.pitch() - 1);
  EXPECT_LT(clearance(lower), OrbitCamera::kClearance);
  // Where even straight above is too near (a peak over the target), it moves out.
  EXPECT_LT(camera.pitch(), OrbitCamera::kMaxPitch);
  EXPECT_EQ(camera.distance(), distance);
  Heightfield peak = plateau;
  std::fill(peak.values().begin(), peak.values().end(), 5.0f);
  EXPECT_TRUE(camera.clear_ground(peak, relief));
  EXPECT_EQ(camera.pitch(), OrbitCamera::kMaxPitch);
  EXPECT_GT(camera.distance(), distance);
  EXPECT_GE(camera.eye().y, 5.0 * relief + OrbitCamera::kClearance);
  // Clear already: nothing moves. Over the sea's plane it is the plane that counts.
  const OrbitCamera clear = camera;
  EXPECT_FALSE(camera.clear_ground(plateau, relief));
  EXPECT_EQ(camera.version(), clear.version());
  OrbitCamera over_sea(kMapCols, kMapRows);
  over_sea.set_angles(0, 10);
  over_sea.zoom(1e9);
  Heightfield deep(kMapCols, kMapRows);
  EXPECT_FALSE(over_sea.clear_ground(deep, relief));
  EXPECT_TRUE(over_sea.clear_ground(deep, relief, 0.8));
}

TEST(OrbitCamera, APixelsRayPicksTheGroundUnderIt) {
  Heightfield flat(kMapCols, kMapRows);
  std::fill(flat.values().begin(), flat.values().end(), 0.5f);
  const double relief = OrbitCamera::kReliefCells;
  // Straight down onto a flat map.
  const auto down = pick_ground(flat, relief, Ray{{100.25, 500, 50.5}, {0, -1, 0}});
  ASSERT_TRUE(down);
  EXPECT_NEAR(down->x, 100.25, 1e-9);
  EXPECT_NEAR(down->y, 50.5, 1e-9);
  // Slanting: where the ray crosses the plane at height 0.5.
  const glm::dvec3 origin{-50, 200, 20};
  const glm::dvec3 dir = glm::normalize(glm::dvec3{1, -0.8, 0.3});
  const auto slant = pick_ground(flat, relief, Ray{origin, dir});
  ASSERT_TRUE(slant);
  const double t = (origin.y - 0.5 * relief) / -dir.y;
  EXPECT_NEAR(slant->x, origin.x + dir.x * t, 1e-6);
  EXPECT_NEAR(slant->y, origin.z + dir.z * t, 1e-6);
  // Pointing at the sky, or beside the map: nothing.
  EXPECT_FALSE(pick_ground(flat, relief, Ray{{100, 50, 50}, {0, 1, 0}}));
  EXPECT_FALSE(pick_ground(flat, relief, Ray{{-10, 500, 50}, {0, -1, 0}}));
  // A wall stops a low ray before the ground behind it.
  Heightfield ridge = flat;
  for (int y = 0; y < kMapRows; y++) ridge.at(150, y) = 1.0f;
  const auto blocked = pick_ground(ridge, relief, Ray{{0, 25, 90}, {1, 0, 0}});
  ASSERT_TRUE(blocked);
  EXPECT_GT(blocked->x, 149);
  EXPECT_LT(blocked->x, 150);
  // From above, the camera's own middle pixel picks the ground in line with its target.
  OrbitCamera camera(kMapCols, kMapRows);
  camera.set_angles(0, 90);
  const MapArea area{0, 0, 1280, 720};
  const auto middle = pick_ground(flat, relief, camera.ray_through(area.middle(), area));
  ASSERT_TRUE(middle);
  EXPECT_NEAR(middle->x, camera.target().x, 1e-6);
  EXPECT_NEAR(middle->y, camera.target().z, 1e-6);
  // The sea's plane and a lake are picked where they are drawn, over the ground under them.
  Heightfield low = flat;
  std::fill(low.values().begin(), low.values().end(), 0.1f);
  const Ray down_at{{80.5, 500, 40.5}, {0, -1, 0}};
  const Ray slanting{{-50, 200, 20}, dir};
  const auto on_sea = pick_ground(low, relief, slanting, 0.5);
  ASSERT_TRUE(on_sea);
  EXPECT_NEAR(on_sea->x, slant->x, 1e-6);
  EXPECT_NEAR(on_sea->y, slant->y, 1e-6);
  std::vector<float> lakes(low.size(), 0.4f);
  const auto on_lake = pick_ground(low, relief, slanting, 0.0, lakes);
  ASSERT_TRUE(on_lake);
  EXPECT_NEAR(on_lake->x, slant->x, 1e-6);
  EXPECT_NEAR(surface_height(low, 80.5, 40.5, 0.0, lakes), 0.5, 1e-6);
  EXPECT_NEAR(surface_height(low, 80.5, 40.5, 0.25), 0.25, 1e-9);
  EXPECT_NEAR(surface_height(low, 80.5, 40.5), 0.1, 1e-6);
  (void)down_at;
}

TEST(OrbitCamera, ProjectingAPointUndoesItsRay) {
  OrbitCamera camera(kMapCols, kMapRows);
  const MapArea area{40, 10, 1000, 600};
  for (const double yaw : {0.0, 20.0, 135.0, 290.0}) {
    for (const double pitch : {10.0, 45.0, 90.0}) {
      camera.set_angles(yaw, pitch);
      camera.frame_map(area.width / area.height);
      for (const glm::dvec2 pixel : {glm::dvec2{60, 30}, area.middle(), glm::dvec2{1000, 580}}) {
        const Ray ray = camera.ray_through(pixel, area);
        const auto back = camera.project(ray.origin + ray.direction * 300.0, area);
        ASSERT_TRUE(back);
        EXPECT_NEAR(back->x, pixel.x, 1e-6) << yaw << " " << pitch;
        EXPECT_NEAR(back->y, pixel.y, 1e-6) << yaw << " " << pitch;
      }
      // Behind the eye: nowhere.
      EXPECT_FALSE(camera.project(camera.eye() - camera.forward() * 10.0, area));
    }
  }
}

}  // namespace
}  // namespace terrain::render
