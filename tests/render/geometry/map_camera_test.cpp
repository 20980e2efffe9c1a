// Zoom and pan (render/geometry/map_camera.h): fit shows the whole map in the window's area,
// centred with bars on the sides left over, at every shape of window; a picture's fit is the
// sketch's viewport bit for bit; the point under the cursor stays under it; on each axis the
// map covers the area or is centred in it.
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

// The area the cells' image takes (each cell a square centred on its grid point).
Extent image(const Frame& f) {
  return {f.left - f.scale_x / 2, f.top - f.scale_y / 2, f.left + (kCols - 0.5) * f.scale_x,
          f.top + (kRows - 0.5) * f.scale_y};
}

// The window's map areas of all shapes: the map beside the side bar at 800 x 500 and at
// 1280 x 720, the grid's own shape, square, very wide, tall, odd sizes, and moved.
const MapArea kAreas[] = {{240, 0, 560, 358}, {360, 0, 920, 526},  {0, 0, 1280, 720},
                          {0, 0, 1000, 1000}, {0, 0, 2560, 600},   {0, 0, 641, 359},
                          {17, 33, 333, 777}, {300, 20, 980, 530}, {0, 0, 64, 64}};

TEST(MapCamera, FitShowsTheWholeMapCentredWithBarsAtEveryShape) {
  const MapCamera camera(kCols, kRows);
  for (const MapArea& area : kAreas) {
    SCOPED_TRACE(std::to_string(area.width) + "x" + std::to_string(area.height));
    const Frame f = camera.frame(area);
    EXPECT_EQ(f.scale_x, f.scale_y);
    const Extent e = image(f);
    const double right = area.left + area.width;
    const double bottom = area.top + area.height;
    // Every cell inside the area...
    EXPECT_GE(e.left, area.left - 1e-9);
    EXPECT_GE(e.top, area.top - 1e-9);
    EXPECT_LE(e.right, right + 1e-9);
    EXPECT_LE(e.bottom, bottom + 1e-9);
    // ... centred: the bars either side alike ...
    EXPECT_NEAR(e.left - area.left, right - e.right, 1e-9);
    EXPECT_NEAR(e.top - area.top, bottom - e.bottom, 1e-9);
    // ... and as large as it fits: the map meets the area's edges on one axis.
    EXPECT_NEAR(std::min(e.left - area.left, e.top - area.top), 0, 1e-9);
    // The middle of the grid at the middle of the area.
    const glm::dvec2 middle = camera.cell_at(area.middle(), area);
    EXPECT_NEAR(middle.x, (kCols - 1) / 2.0, 1e-9);
    EXPECT_NEAR(middle.y, (kRows - 1) / 2.0, 1e-9);
  }
}

// At 800 x 500 the side bar leaves the map 560 x 358, taller than the grid's shape: the whole
// width shows, with the background above and below (the sketch's viewport cropped the sides).
TEST(MapCamera, FitAt800x500IsLetterboxedTopAndBottom) {
  const MapCamera camera(kCols, kRows);
  const MapArea area{240, 0, 560, 358};
  const Frame f = camera.frame(area);
  EXPECT_DOUBLE_EQ(f.scale_x, 560.0 / kCols);
  const Extent e = image(f);
  EXPECT_DOUBLE_EQ(e.left, 240);
  EXPECT_DOUBLE_EQ(e.right, 800);
  EXPECT_NEAR(e.top, (358 - 180 * 1.75) / 2, 1e-9);           // 21.5 pixels of bar above ...
  EXPECT_NEAR(358 - e.bottom, (358 - 180 * 1.75) / 2, 1e-9);  // ... and below
}

// The window at the grid's shape has no bars at all.
TEST(MapCamera, AnAreaOfTheGridsShapeIsFilledExactly) {
  const MapCamera camera(kCols, kRows);
  const Extent e = image(camera.frame({0, 0, 1280, 720}));
  EXPECT_DOUBLE_EQ(e.left, 0);
  EXPECT_DOUBLE_EQ(e.top, 0);
  EXPECT_DOUBLE_EQ(e.right, 1280);
  EXPECT_DOUBLE_EQ(e.bottom, 720);
}

TEST(MapCamera, APicturesFitIsTheSketchesViewportBitForBitAtEverySize) {
  const MapCamera camera(kCols, kRows);
  for (const auto& [w, h] : {std::pair{1280, 720}, std::pair{960, 540}, std::pair{1000, 1000},
                             std::pair{2560, 600}, std::pair{641, 359}, std::pair{333, 777}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    expect_same_frame(camera.picture_frame({0, 0, double(w), double(h)}),
                      Frame::viewport(w, h, kCols, kRows));
  }
}

TEST(MapCamera, APicturesFitInAnAreaIsTheViewportOfItsSizeMoved) {
  const MapCamera camera(kCols, kRows);
  const Frame f = camera.picture_frame({300, 20, 980, 530});
  const Frame v = Frame::viewport(980, 530, kCols, kRows);
  EXPECT_DOUBLE_EQ(f.left, v.left + 300);
  EXPECT_DOUBLE_EQ(f.top, v.top + 20);
  EXPECT_EQ(f.scale_x, v.scale_x);
}

// Zoomed, a picture is the window's view at the picture's size: the same centre, the zoom
// over the sketch's viewport.
TEST(MapCamera, AZoomedPictureHasTheWindowsCentre) {
  const MapArea area{0, 0, 1280, 720};
  MapCamera camera(kCols, kRows);
  camera.set_zoom(4);
  camera.set_center({100, 50});
  const Frame f = camera.picture_frame(area);
  EXPECT_DOUBLE_EQ(f.scale_x, Frame::viewport(1280, 720, kCols, kRows).scale_x * 4);
  EXPECT_NEAR((640 - f.left) / f.scale_x, 100, 1e-9);
  EXPECT_NEAR((360 - f.top) / f.scale_y, 50, 1e-9);
}

// On an axis the grid covers, zooming in keeps the map point under the pointer under it (to
// far below a pixel); on an axis it does not cover yet, the grid stays centred.
TEST(MapCamera, ZoomingKeepsThePointUnderTheCursorUnderIt) {
  const MapArea area{300, 0, 980, 550};
  MapCamera camera(kCols, kRows);
  // A walk of wheel steps in and out about points all over the area.
  const glm::dvec2 points[] = {{640, 275}, {301, 1}, {1279, 549}, {900, 100}, {500, 500}};
  int step = 0;
  int kept = 0;
  for (int round = 0; round < 6; round++) {
    for (const glm::dvec2 p : points) {
      const double factor = (step++ % 3 == 2) ? 1 / 1.25 : 1.25;
      const bool zooming_in = factor > 1;
      const glm::dvec2 before = camera.cell_at(p, area);
      const double zoom_before = camera.zoom();
      const Extent was = extent(camera.frame(area));
      const bool covers_x = was.left <= area.left && was.right >= area.left + area.width;
      const bool covers_y = was.top <= area.top && was.bottom >= area.top + area.height;
      camera.zoom_at(factor, p, area);
      if (zooming_in && zoom_before < MapCamera::kMaxZoom) {
        EXPECT_GT(camera.zoom(), zoom_before);
      }
      const Frame f = camera.frame(area);
      const Extent e = extent(f);
      if (zooming_in && covers_x) {
        // To the pixel, and far better: the canvas point of the same cell.
        EXPECT_NEAR(f.left + before.x * f.scale_x, p.x, 1e-6);
        kept++;
      }
      if (zooming_in && covers_y) {
        EXPECT_NEAR(f.top + before.y * f.scale_y, p.y, 1e-6);
        kept++;
      }
      if (e.right - e.left < area.width) {
        EXPECT_NEAR(e.left - area.left, area.left + area.width - e.right, 1e-9);
      }
      if (e.bottom - e.top < area.height) {
        EXPECT_NEAR(e.top - area.top, area.top + area.height - e.bottom, 1e-9);
      }
    }
  }
  EXPECT_GT(kept, 20);
}

TEST(MapCamera, ZoomStopsAtSixteenAndZoomingOutToOneIsFit) {
  const MapArea area{0, 0, 1280, 720};
  MapCamera camera(kCols, kRows);
  for (int k = 0; k < 40; k++) camera.zoom_at(1.25, {1000, 200}, area);
  EXPECT_EQ(camera.zoom(), MapCamera::kMaxZoom);
  for (int k = 0; k < 40; k++) camera.zoom_at(1 / 1.25, {100, 600}, area);
  EXPECT_TRUE(camera.at_fit());
  expect_same_frame(camera.frame(area), MapCamera(kCols, kRows).frame(area));
  expect_same_frame(camera.picture_frame(area), Frame::viewport(1280, 720, kCols, kRows));
}

TEST(MapCamera, FitAfterZoomAndPanBringsBackTheWholeMapExactly) {
  const MapArea area{240, 0, 560, 358};
  MapCamera camera(kCols, kRows);
  const Frame whole = camera.frame(area);
  camera.zoom_at(3, {300, 30}, area);
  camera.pan_by({-120, 45}, area);
  EXPECT_FALSE(camera.at_fit());
  EXPECT_NE(camera.frame(area).scale_x, whole.scale_x);
  camera.fit();
  EXPECT_TRUE(camera.at_fit());
  expect_same_frame(camera.frame(area), whole);
  expect_same_frame(camera.picture_frame({0, 0, 800, 500}),
                    Frame::viewport(800, 500, kCols, kRows));
}

// On each axis the grid (its first and last grid points) either covers the area or is
// narrower than it and centred: panning never shows more bar on one side than the other.
TEST(MapCamera, OnEachAxisTheMapCoversTheAreaOrIsCentredInIt) {
  const MapArea area{250, 10, 1030, 540};
  MapCamera camera(kCols, kRows);
  const glm::dvec2 pans[] = {{5000, 0}, {-5000, 0}, {0, 5000}, {0, -5000}, {77, -13}};
  int covered = 0;
  int centred = 0;
  for (double zoom : {1.0, 1.001, 1.5, 4.0, 16.0}) {
    camera.set_zoom(zoom);
    for (const glm::dvec2 d : pans) {
      camera.pan_by(d, area);
      const Extent e = extent(camera.frame(area));
      const double lo[2] = {e.left - area.left, e.top - area.top};
      const double hi[2] = {area.left + area.width - e.right, area.top + area.height - e.bottom};
      for (int k = 0; k < 2; k++) {
        if (lo[k] <= 1e-9 && hi[k] <= 1e-9) {
          covered++;
        } else {
          EXPECT_NEAR(lo[k], hi[k], 1e-9) << "zoom " << zoom << " axis " << k;
          EXPECT_GT(lo[k], 0) << "zoom " << zoom << " axis " << k;
          centred++;
        }
      }
    }
  }
  EXPECT_GT(covered, 0);
  EXPECT_GT(centred, 0);
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
