// Zoom and pan (render/geometry/map_camera.h): fit is the sketch's viewport bit for bit, the
// point under the cursor stays under it, the map never leaves the area.
#include "render/geometry/map_camera.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "core/frame.h"

namespace terrain::render {
namespace {

constexpr int kCols = 320;
constexpr int kRows = 180;

void expect_same_frame(const Frame& a, const Frame& b) {
  EXPECT_EQ(a.left, b.left);
  EXPECT_EQ(a.top, b.top);
  EXPECT_EQ(a.scale_x, b.scale_x);
  EXPECT_EQ(a.scale_y, b.scale_y);
}

// The grid's extent on the canvas, in grid points.
struct Extent {
  double left, top, right, bottom;
};
Extent extent(const Frame& f) {
  return {f.left, f.top, f.left + (kCols - 1) * f.scale_x, f.top + (kRows - 1) * f.scale_y};
}

TEST(MapCamera, FitIsTheSketchesViewportBitForBitAtEverySize) {
  const MapCamera camera(kCols, kRows);
  for (const auto& [w, h] : {std::pair{1280, 720}, std::pair{960, 540}, std::pair{1000, 1000},
                             std::pair{2560, 600}, std::pair{641, 359}, std::pair{333, 777}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    expect_same_frame(camera.frame({0, 0, double(w), double(h)}),
                      Frame::viewport(w, h, kCols, kRows));
  }
}

TEST(MapCamera, FitInAnAreaIsTheViewportOfItsSizeMoved) {
  const MapCamera camera(kCols, kRows);
  const Frame f = camera.frame({300, 20, 980, 530});
  const Frame v = Frame::viewport(980, 530, kCols, kRows);
  EXPECT_DOUBLE_EQ(f.left, v.left + 300);
  EXPECT_DOUBLE_EQ(f.top, v.top + 20);
  EXPECT_EQ(f.scale_x, v.scale_x);
}

TEST(MapCamera, ZoomingKeepsThePointUnderTheCursorUnderIt) {
  const MapArea area{300, 0, 980, 550};
  MapCamera camera(kCols, kRows);
  // A walk of wheel steps in and out about points all over the area.
  const glm::dvec2 points[] = {{640, 275}, {301, 1}, {1279, 549}, {900, 100}, {500, 500}};
  int step = 0;
  for (int round = 0; round < 6; round++) {
    for (const glm::dvec2 p : points) {
      const double factor = (step++ % 3 == 2) ? 1 / 1.25 : 1.25;
      const bool zooming_in = factor > 1;
      const glm::dvec2 before = camera.cell_at(p, area);
      const double zoom_before = camera.zoom();
      camera.zoom_at(factor, p, area);
      if (zooming_in && zoom_before < MapCamera::kMaxZoom) {
        EXPECT_GT(camera.zoom(), zoom_before);
      }
      if (zooming_in) {
        // To the pixel, and far better: the canvas point of the same cell.
        const Frame f = camera.frame(area);
        EXPECT_NEAR(f.left + before.x * f.scale_x, p.x, 1e-6);
        EXPECT_NEAR(f.top + before.y * f.scale_y, p.y, 1e-6);
      }
    }
  }
}

TEST(MapCamera, ZoomStopsAtSixteenAndZoomingOutToOneIsFit) {
  const MapArea area{0, 0, 1280, 720};
  MapCamera camera(kCols, kRows);
  for (int k = 0; k < 40; k++) camera.zoom_at(1.25, {1000, 200}, area);
  EXPECT_EQ(camera.zoom(), MapCamera::kMaxZoom);
  for (int k = 0; k < 40; k++) camera.zoom_at(1 / 1.25, {100, 600}, area);
  EXPECT_TRUE(camera.at_fit());
  expect_same_frame(camera.frame(area), Frame::viewport(1280, 720, kCols, kRows));
}

TEST(MapCamera, FitAfterZoomAndPanBringsBackTheViewportExactly) {
  const MapArea area{0, 0, 1280, 720};
  MapCamera camera(kCols, kRows);
  camera.zoom_at(3, {200, 300}, area);
  camera.pan_by({-120, 45}, area);
  EXPECT_FALSE(camera.at_fit());
  camera.fit();
  EXPECT_TRUE(camera.at_fit());
  expect_same_frame(camera.frame(area), Frame::viewport(1280, 720, kCols, kRows));
}

TEST(MapCamera, TheMapAlwaysCoversTheArea) {
  const MapArea area{250, 10, 1030, 540};
  MapCamera camera(kCols, kRows);
  const glm::dvec2 pans[] = {{5000, 0}, {-5000, 0}, {0, 5000}, {0, -5000}, {77, -13}};
  for (double zoom : {1.0, 1.5, 4.0, 16.0}) {
    camera.set_zoom(zoom);
    for (const glm::dvec2 d : pans) {
      camera.pan_by(d, area);
      const Extent e = extent(camera.frame(area));
      EXPECT_LE(e.left, area.left + 1e-9);
      EXPECT_LE(e.top, area.top + 1e-9);
      EXPECT_GE(e.right, area.left + area.width - 1e-9);
      EXPECT_GE(e.bottom, area.top + area.height - 1e-9);
    }
  }
}

TEST(MapCamera, PanningMovesTheMapWithTheDrag) {
  const MapArea area{0, 0, 1280, 720};
  MapCamera camera(kCols, kRows);
  camera.set_zoom(4);
  const Frame before = camera.frame(area);
  camera.pan_by({30, -20}, area);
  const Frame after = camera.frame(area);
  EXPECT_NEAR(after.left - before.left, 30, 1e-9);
  EXPECT_NEAR(after.top - before.top, -20, 1e-9);
}

TEST(MapCamera, TheCenterIsTheCellAtTheMiddleOfTheArea) {
  const MapArea area{300, 0, 980, 550};
  MapCamera camera(kCols, kRows);
  camera.set_zoom(4);
  camera.set_center({100, 50});
  const glm::dvec2 middle = camera.cell_at(area.middle(), area);
  EXPECT_NEAR(middle.x, 100, 1e-9);
  EXPECT_NEAR(middle.y, 50, 1e-9);
  // Near the edge the map still covers the area: the centre is held back.
  camera.set_center({0, 0});
  const glm::dvec2 held = camera.cell_at(area.middle(), area);
  EXPECT_GT(held.x, 0);
  EXPECT_GT(held.y, 0);
}

TEST(MapCamera, MatrixAndFrameAgree) {
  const MapArea area{300, 0, 980, 550};
  MapCamera camera(kCols, kRows);
  camera.zoom_at(2.5, {700, 300}, area);
  const Frame f = camera.frame(area);
  const glm::dmat3 m = camera.to_canvas(area);
  const glm::dvec3 p = m * glm::dvec3(12.5, 99, 1);
  EXPECT_DOUBLE_EQ(p.x, f.left + 12.5 * f.scale_x);
  EXPECT_DOUBLE_EQ(p.y, f.top + 99 * f.scale_y);
}

TEST(MapCamera, BadZoomOrCenterIsRefusedAndChangesNothing) {
  MapCamera camera(kCols, kRows);
  camera.set_zoom(2);
  const unsigned version = camera.version();
  EXPECT_THROW(camera.set_zoom(0.5), std::invalid_argument);
  EXPECT_THROW(camera.set_zoom(17), std::invalid_argument);
  EXPECT_THROW(camera.set_zoom(std::nan("")), std::invalid_argument);
  EXPECT_THROW(camera.set_center({-1, 5}), std::invalid_argument);
  EXPECT_THROW(camera.set_center({5, 180}), std::invalid_argument);
  EXPECT_EQ(camera.zoom(), 2);
  EXPECT_EQ(camera.version(), version);
  try {
    camera.set_zoom(20);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("up to 16"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace terrain::render
