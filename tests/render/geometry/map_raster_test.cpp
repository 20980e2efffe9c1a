// MapRaster, the map pass painted on the CPU: the relief cells scaled up bilinearly through the
// frame over the background; a stroke's inside, outside and edge ramp; a path painted once
// where its pieces cross while separate strokes darken; the bgra and bottom-up layouts; one
// thread and four give the same bytes; sizes that disagree are refused, writing nothing.
#include "render/geometry/map_raster.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "allocation_counter.h"
#include "render/geometry/stroke_path.h"
#include "render/geometry/stroke_tiles.h"

namespace terrain::render {
namespace {

// The bytes of one painted pixel, in memory order.
std::array<int, 4> bytes_of(uint32_t word) {
  uint8_t b[4];
  std::memcpy(b, &word, 4);
  return {b[0], b[1], b[2], b[3]};
}

// An RGBA8 cell image.
struct Cells {
  int cols = 0;
  int rows = 0;
  std::vector<uint8_t> rgba;
  uint8_t at(int x, int y, int c) const {
    return rgba[(static_cast<std::size_t>(y) * cols + x) * 4 + c];
  }
};

Cells random_cells(std::mt19937& rng, int cols, int rows) {
  Cells cells{cols, rows, std::vector<uint8_t>(static_cast<std::size_t>(cols) * rows * 4)};
  std::uniform_int_distribution<int> level(0, 255);
  for (uint8_t& v : cells.rgba) v = static_cast<uint8_t>(level(rng));
  return cells;
}

Cells flat_cells(int cols, int rows, uint8_t r, uint8_t g, uint8_t b) {
  Cells cells{cols, rows, {}};
  for (int k = 0; k < cols * rows; k++) cells.rgba.insert(cells.rgba.end(), {r, g, b, 255});
  return cells;
}

MapRasterInputs inputs_for(const Cells& cells, const Frame& view, const CanvasColor& background,
                           const StrokeTiles* strokes = nullptr) {
  MapRasterInputs in;
  in.cells = cells.rgba;
  in.cols = cells.cols;
  in.rows = cells.rows;
  in.view = view;
  in.background = background;
  in.strokes = strokes;
  return in;
}

std::vector<uint32_t> paint(MapRaster& raster, const MapRasterInputs& in, int width, int height,
                            RasterLayout layout = {}) {
  std::vector<uint32_t> pixels(static_cast<std::size_t>(width) * height, 0x12345678u);
  raster.paint(in, width, height, pixels, layout);
  return pixels;
}

// The bilinear sample of the image at canvas point (px, py), 0..1; `ambiguous` says the point
// is within a hair of an edge of the image's rectangle (where either side's answer would do).
// The image covers left - s/2 .. left - s/2 + cols * s (and so in y); grid point (x, y) is at
// (left + x * s, top + y * s); texels are clamped at the edges.
double bilinear(const Cells& cells, const Frame& view, const CanvasColor& background, double px,
                double py, int c, bool& ambiguous) {
  const double s = view.scale_x;
  const double left = view.left - s / 2;
  const double right = left + cells.cols * s;
  const double top = view.top - s / 2;
  const double bottom = top + cells.rows * s;
  const double slack = 1e-3;
  ambiguous = std::abs(px - left) < slack || std::abs(px - right) < slack ||
              std::abs(py - top) < slack || std::abs(py - bottom) < slack;
  if (px < left || px >= right || py < top || py >= bottom) {
    const float bg[3] = {background.r, background.g, background.b};
    return bg[c];
  }
  const double u = (px - view.left) / s;
  const double v = (py - view.top) / s;
  const double iu = std::floor(u);
  const double iv = std::floor(v);
  const double tu = u - iu;
  const double tv = v - iv;
  auto col = [&](double i) { return std::clamp(static_cast<int>(i), 0, cells.cols - 1); };
  auto row = [&](double i) { return std::clamp(static_cast<int>(i), 0, cells.rows - 1); };
  auto texel = [&](double i, double j) { return cells.at(col(i), row(j), c) / 255.0; };
  const double top_row = texel(iu, iv) + (texel(iu + 1, iv) - texel(iu, iv)) * tu;
  const double bottom_row = texel(iu, iv + 1) + (texel(iu + 1, iv + 1) - texel(iu, iv + 1)) * tu;
  return top_row + (bottom_row - top_row) * tv;
}

int level(double v) {
  return static_cast<int>(std::floor(std::clamp(v, 0.0, 1.0) * 255 + 0.5));
}

// Checks every pixel against the bilinear sample through the frame, within `tolerance` levels.
// Returns how many pixels showed the image (not the background).
int expect_bilinear(const std::vector<uint32_t>& pixels, int width, int height, const Cells& cells,
                    const Frame& view, const CanvasColor& background, int tolerance) {
  int image = 0;
  int failures = 0;
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      const auto got = bytes_of(pixels[static_cast<std::size_t>(y) * width + x]);
      EXPECT_EQ(got[3], 255) << "alpha at " << x << ", " << y;
      bool ambiguous = false;
      for (int c = 0; c < 3; c++) {
        const double want = bilinear(cells, view, background, x + 0.5, y + 0.5, c, ambiguous);
        if (ambiguous) continue;
        if (std::abs(got[c] - level(want)) > tolerance && failures++ < 10) {
          ADD_FAILURE() << "pixel " << x << ", " << y << " channel " << c << ": " << got[c]
                        << ", the bilinear sample is " << want * 255 << " (frame left " << view.left
                        << " top " << view.top << " scale " << view.scale_x << ", " << cells.cols
                        << "x" << cells.rows << " cells, " << width << "x" << height << ")";
        }
      }
      const double s = view.scale_x;
      const double px = x + 0.5;
      const double py = y + 0.5;
      image += px >= view.left - s / 2 && px < view.left - s / 2 + cells.cols * s &&
               py >= view.top - s / 2 && py < view.top - s / 2 + cells.rows * s;
    }
  }
  EXPECT_EQ(failures, 0);
  return image;
}

TEST(MapRaster, WithoutStrokesEachPixelIsTheBilinearSampleOfTheCells) {
  std::mt19937 rng(42);
  const CanvasColor background{0.1f, 0.2f, 0.7f, 1};
  struct Case {
    int width, height, cols, rows;
    Frame view;
  };
  const Case cases[] = {
      {37, 23, 5, 4, {3.3, 2.7, 7.1, 7.1}},                 // background down the right edge
      {301, 97, 32, 18, Frame::viewport(301, 97, 32, 18)},  // the sketch's viewport, cropped
      {37, 23, 64, 40, {-5.2, 1.1, 0.61, 0.61}},            // shrunk: several cells per pixel
      {9, 9, 1, 1, {4.1, 3.9, 5, 5}},                       // one cell, background all round
      {40, 30, 3, 2, {9.7, 11.2, 13.3, 13.3}},              // few cells, much background
      {23, 37, 7, 11, {-3.9, -2.2, 4.4, 4.4}},              // the image off the top-left
  };
  for (const Case& c : cases) {
    const Cells cells = random_cells(rng, c.cols, c.rows);
    const MapRasterInputs in = inputs_for(cells, c.view, background);
    for (int threads : {1, 3}) {
      MapRaster raster(threads);
      const std::vector<uint32_t> pixels = paint(raster, in, c.width, c.height);
      const int image = expect_bilinear(pixels, c.width, c.height, cells, c.view, background, 1);
      EXPECT_GT(image, 0) << c.width << "x" << c.height;
    }
  }
}

TEST(MapRaster, OneCellPerPixelCentreShowsTheCellsExactly) {
  std::mt19937 rng(3);
  const Cells cells = random_cells(rng, 37, 23);
  const CanvasColor background{1, 0, 1, 1};
  MapRaster raster(2);
  // Grid point (x, y) at pixel centre (x + 1/2, y + 1/2): each pixel is its cell.
  const std::vector<uint32_t> pixels =
      paint(raster, inputs_for(cells, {0.5, 0.5, 1, 1}, background), 37, 23);
  for (int y = 0; y < 23; y++) {
    for (int x = 0; x < 37; x++) {
      const auto got = bytes_of(pixels[static_cast<std::size_t>(y) * 37 + x]);
      for (int c = 0; c < 3; c++) {
        ASSERT_EQ(got[c], cells.at(x, y, c)) << x << ", " << y << " channel " << c;
      }
      ASSERT_EQ(got[3], 255);
    }
  }
  // One pixel further right and down: the last column and row are the background.
  const std::vector<uint32_t> shifted =
      paint(raster, inputs_for(cells, {-0.5, -0.5, 1, 1}, background), 37, 23);
  for (int y = 0; y < 23; y++) {
    for (int x = 0; x < 37; x++) {
      const auto got = bytes_of(shifted[static_cast<std::size_t>(y) * 37 + x]);
      if (x == 36 || y == 22) {
        ASSERT_EQ(got, (std::array<int, 4>{255, 0, 255, 255})) << x << ", " << y;
      } else {
        ASSERT_EQ(got[1], cells.at(x + 1, y + 1, 1)) << x << ", " << y;
      }
    }
  }
}

// Distance from (px, py) to the segment (ax, ay)-(bx, by).
double distance(double px, double py, double ax, double ay, double bx, double by) {
  const double dx = bx - ax;
  const double dy = by - ay;
  const double length2 = dx * dx + dy * dy;
  const double t =
      std::clamp(length2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / length2 : 0.0, 0.0, 1.0);
  return std::hypot(px - (ax + dx * t), py - (ay + dy * t));
}

TEST(MapRaster, AnOpaqueStrokeCoversItsInsideAndRampsOffAtItsEdge) {
  const int width = 64;
  const int height = 48;
  const std::array<int, 3> ground{40, 120, 200};
  const std::array<int, 3> ink{250, 20, 10};
  const Cells cells = flat_cells(8, 6, 40, 120, 200);
  const Frame view{4, 4, 8, 8};  // the image covers the canvas
  const double ax = -5, ay = 7.3, bx = 70, by = 40.1;
  StrokePath path;
  path.move_to(ax, ay);
  path.line_to(bx, by);
  StrokeTiles strokes;
  strokes.stroke(strokes.add_path(path), {250 / 255.0f, 20 / 255.0f, 10 / 255.0f, 1}, 1, 3);
  strokes.bin(width, height);
  MapRaster raster(2);
  const std::vector<uint32_t> pixels =
      paint(raster, inputs_for(cells, view, {0, 0, 0, 1}, &strokes), width, height);

  struct Ramp {
    double d;
    int off;  // how far the pixel is from the ground colour, the largest channel
  };
  std::vector<Ramp> ramp;
  int inside = 0;
  int outside = 0;
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      const auto got = bytes_of(pixels[static_cast<std::size_t>(y) * width + x]);
      const double d = distance(x + 0.5, y + 0.5, ax, ay, bx, by);
      // Coverage: the stroke's band across the pixel, 2 - d between d = 1 and d = 2.
      const double coverage = std::clamp(2 - d, 0.0, 1.0);
      int off = 0;
      for (int c = 0; c < 3; c++) {
        const int want = level((ground[c] + (ink[c] - ground[c]) * coverage) / 255.0);
        if (d <= 0.99) {
          ASSERT_EQ(got[c], ink[c]) << "inside, " << x << ", " << y << " at " << d;
        } else if (d >= 2.02) {
          ASSERT_EQ(got[c], ground[c]) << "outside, " << x << ", " << y << " at " << d;
        } else {
          EXPECT_NEAR(got[c], want, 1) << "on the edge, " << x << ", " << y << " at " << d;
        }
        off = std::max(off, std::abs(got[c] - ground[c]));
      }
      inside += d <= 0.99;
      outside += d >= 2.02;
      ramp.push_back({d, off});
    }
  }
  EXPECT_GT(inside, 100);
  EXPECT_GT(outside, 1000);
  // Monotone: a pixel further from the line is never further from the ground colour than a
  // nearer one (beyond the float noise of equal distances).
  std::ranges::sort(ramp, {}, &Ramp::d);
  std::vector<int> furthest_after(ramp.size() + 1, 0);
  for (std::size_t i = ramp.size(); i-- > 0;) {
    furthest_after[i] = std::max(furthest_after[i + 1], ramp[i].off);
  }
  int edge = 0;
  for (std::size_t i = 0, j = 0; i < ramp.size(); i++) {
    while (j < ramp.size() && ramp[j].d <= ramp[i].d + 1e-3) j++;
    ASSERT_LE(furthest_after[j], ramp[i].off)
        << "a pixel further than " << ramp[i].d << " from the line is more inked";
    edge += ramp[i].d > 1 && ramp[i].d < 2;
  }
  EXPECT_GT(edge, 50);
}

// Paints strokes of black at alpha 1/2 and width 4 over white, and returns the pixels.
std::vector<uint32_t> paint_black_over_white(const StrokeTiles& strokes, int width, int height) {
  const Cells white = flat_cells(4, 4, 255, 255, 255);
  const Frame view{width / 8.0, height / 8.0, width / 4.0, height / 4.0};
  MapRaster raster(2);
  return paint(raster, inputs_for(white, view, {1, 1, 1, 1}, &strokes), width, height);
}

struct Segment {
  double ax, ay, bx, by;
};

// For each pixel covered wholly by at least one line (d <= 2 - 1/2), how many lines cover it
// wholly, and its red byte: checks each count's pixels are `once` or `twice`. With `separate`
// strokes a pixel that another line covers in part is a mix of the two and is left out.
void expect_covered(const std::vector<uint32_t>& pixels, int width, int height,
                    const std::vector<Segment>& lines, bool separate, int once, int twice,
                    int& crossing) {
  crossing = 0;
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      int covering = 0;
      bool partly = false;
      for (const Segment& l : lines) {
        const double d = distance(x + 0.5, y + 0.5, l.ax, l.ay, l.bx, l.by);
        covering += d <= 1.49;
        partly = partly || (d > 1.49 && d < 2.51);
      }
      if (covering == 0 || (separate && partly)) continue;
      const int red = bytes_of(pixels[static_cast<std::size_t>(y) * width + x])[0];
      const int want = covering == 1 ? once : twice;
      ASSERT_EQ(red, want) << "pixel " << x << ", " << y << " covered by " << covering
                           << " line(s)";
      crossing += covering > 1;
    }
  }
}

TEST(MapRaster, APathIsPaintedOnceWhereItsPiecesCrossButTwoStrokesDarken) {
  const int width = 61;
  const int height = 45;
  const CanvasColor half_black{0, 0, 0, 0.5f};
  const std::vector<Segment> cross = {{10, 10, 50, 40}, {10, 40, 50, 10}};
  // White under black at alpha 1/2: 1 - 1/2 = 0.5 -> 128; twice, 0.25 -> 64.
  const int once = 128;
  const int twice = 64;
  int crossing = 0;

  {  // One path, two subpaths crossing: painted once.
    StrokePath path;
    for (const Segment& l : cross) {
      path.move_to(l.ax, l.ay);
      path.line_to(l.bx, l.by);
    }
    StrokeTiles strokes;
    strokes.stroke(strokes.add_path(path), half_black, 1, 4);
    strokes.bin(width, height);
    expect_covered(paint_black_over_white(strokes, width, height), width, height, cross, false,
                   once, once, crossing);
    EXPECT_GT(crossing, 4);
  }
  {  // The same lines as two strokes: darker where they cross.
    StrokeTiles strokes;
    for (const Segment& l : cross) {
      StrokePath path;
      path.move_to(l.ax, l.ay);
      path.line_to(l.bx, l.by);
      strokes.stroke(strokes.add_path(path), half_black, 1, 4);
    }
    strokes.bin(width, height);
    expect_covered(paint_black_over_white(strokes, width, height), width, height, cross, true, once,
                   twice, crossing);
    EXPECT_GT(crossing, 4);
  }
  {  // A path that folds back over itself with miter joins: the corners' spikes overlap both
     // pieces and the pieces overlap each other, all painted once.
    StrokePath path;
    path.set_miter_joins(true);
    path.move_to(5, 40);
    path.line_to(30, 8);
    path.line_to(55, 40);
    path.line_to(12, 22);
    ASSERT_EQ(path.joins().size(), 2u);
    std::vector<Segment> pieces;
    for (const StrokeSegment& s : path.segments()) pieces.push_back({s.x0, s.y0, s.x1, s.y1});
    StrokeTiles strokes;
    strokes.stroke(strokes.add_path(path), half_black, 1, 4);
    strokes.bin(width, height);
    const std::vector<uint32_t> pixels = paint_black_over_white(strokes, width, height);
    expect_covered(pixels, width, height, pieces, false, once, once, crossing);
    EXPECT_GT(crossing, 4);
    // The spike of the corner at (30, 8) is painted, once: the pixel just above the corner,
    // outside both pieces' capsules but inside the spike.
    const int tip_red = bytes_of(pixels[static_cast<std::size_t>(5) * width + 29])[0];
    EXPECT_GE(tip_red, once - 1) << "the spike is darker than one coat";
    EXPECT_LT(tip_red, 255) << "the spike is not painted";
  }
}

// A scene with a bit of everything: random cells, background, translucent strokes with joins.
struct Scene;
void make_scene(Scene& scene, std::mt19937& rng, int width, int height, int count);

struct Scene {
  Scene() = default;
  // A scene of `count` strokes on a width x height canvas, random from `seed`.
  Scene(uint32_t seed, int width, int height, int count) {
    std::mt19937 rng(seed);
    make_scene(*this, rng, width, height, count);
  }
  Cells cells;
  Frame view;
  CanvasColor background{0.05f, 0.1f, 0.3f, 1};
  StrokeTiles strokes;
  MapRasterInputs inputs() const { return inputs_for(cells, view, background, &strokes); }
};

void make_scene(Scene& scene, std::mt19937& rng, int width, int height, int count) {
  std::uniform_real_distribution<double> unit(0, 1);
  scene.cells = random_cells(rng, 32, 18);
  scene.view = Frame::viewport(width, height, 32, 18);
  scene.strokes.clear();
  for (int k = 0; k < count; k++) {
    StrokePath path;
    path.set_miter_joins(k % 2 == 0);
    path.move_to(unit(rng) * width, unit(rng) * height);
    const int points = 2 + k % 6;
    for (int p = 0; p < points; p++) {
      path.line_to(-10 + unit(rng) * (width + 20), -10 + unit(rng) * (height + 20));
    }
    const CanvasColor color{static_cast<float>(unit(rng)), static_cast<float>(unit(rng)),
                            static_cast<float>(unit(rng)), static_cast<float>(unit(rng))};
    scene.strokes.stroke(scene.strokes.add_path(path), color, 0.5 + unit(rng) / 2,
                         0.5 + unit(rng) * 11.5);
  }
  scene.strokes.bin(width, height);
}

TEST(MapRaster, BgraAndBottomUpAreTheSamePictureRearranged) {
  const int width = 301, height = 97;
  const Scene scene(11, width, height, 40);
  MapRaster raster(2);
  const std::vector<uint32_t> rgba = paint(raster, scene.inputs(), width, height);
  for (bool bgra : {false, true}) {
    for (bool bottom_up : {false, true}) {
      const std::vector<uint32_t> got =
          paint(raster, scene.inputs(), width, height, {bottom_up, bgra});
      for (int y = 0; y < height; y++) {
        const int from = bottom_up ? height - 1 - y : y;
        for (int x = 0; x < width; x++) {
          auto want = bytes_of(rgba[static_cast<std::size_t>(from) * width + x]);
          if (bgra) std::swap(want[0], want[2]);
          ASSERT_EQ(bytes_of(got[static_cast<std::size_t>(y) * width + x]), want)
              << "bgra " << bgra << " bottom_up " << bottom_up << " at " << x << ", " << y;
        }
      }
    }
  }
}

// The app's window shows the map beside its side bar and above its strip: a clipped paint is
// the whole canvas's paint inside the clip (widened to whole 8 x 8 tiles), and leaves every
// pixel outside those tiles as it was.
TEST(MapRaster, AClippedPaintIsTheWholePaintInsideItsTilesAndLeavesTheRest) {
  const int width = 301, height = 197;
  const Scene scene(5, width, height, 40);
  MapRaster raster(2);
  const std::vector<uint32_t> whole = paint(raster, scene.inputs(), width, height);
  struct Clip {
    int left, top, right, bottom;
  };
  for (const Clip c : {Clip{90, 0, 301, 150}, Clip{13, 21, 77, 40}, Clip{0, 0, -1, -1},
                       Clip{300, 196, 500, 900}}) {
    for (bool bottom_up : {false, true}) {
      RasterLayout layout{.bottom_up = bottom_up};
      layout.clip_left = c.left;
      layout.clip_top = c.top;
      layout.clip_right = c.right;
      layout.clip_bottom = c.bottom;
      const std::vector<uint32_t> got = paint(raster, scene.inputs(), width, height, layout);
      const int right = c.right < 0 ? width : std::min(c.right, width);
      const int bottom = c.bottom < 0 ? height : std::min(c.bottom, height);
      const int x0 = c.left / 8 * 8, x1 = std::min(width, (right + 7) / 8 * 8);
      const int y0 = c.top / 8 * 8, y1 = std::min(height, (bottom + 7) / 8 * 8);
      for (int y = 0; y < height; y++) {
        const int row = bottom_up ? height - 1 - y : y;
        for (int x = 0; x < width; x++) {
          const uint32_t pixel = got[static_cast<std::size_t>(row) * width + x];
          if (x >= x0 && x < x1 && y >= y0 && y < y1) {
            ASSERT_EQ(pixel, whole[static_cast<std::size_t>(y) * width + x]) << x << ", " << y;
          } else {
            ASSERT_EQ(pixel, 0x12345678u) << "painted outside the clip at " << x << ", " << y;
          }
        }
      }
    }
  }
}

TEST(MapRaster, OneThreadAndFourPaintTheSameBytes) {
  std::mt19937 rng(5);
  for (const auto& size : {std::pair{301, 97}, std::pair{37, 23}, std::pair{640, 360}}) {
    Scene scene;
    make_scene(scene, rng, size.first, size.second, 60);
    MapRaster one(1);
    MapRaster four(4);
    EXPECT_EQ(one.threads(), 1);
    EXPECT_EQ(four.threads(), 4);
    const std::vector<uint32_t> a = paint(one, scene.inputs(), size.first, size.second);
    const std::vector<uint32_t> b = paint(four, scene.inputs(), size.first, size.second);
    ASSERT_EQ(a.size(), b.size());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < a.size(); i++) differ += a[i] != b[i];
    EXPECT_EQ(differ, 0u) << size.first << "x" << size.second;
  }
}

TEST(MapRaster, AReusedRasterPaintsWhatAFreshOneDoesWithoutAllocating) {
  std::mt19937 rng(8);
  Scene big;
  Scene small;
  make_scene(big, rng, 640, 360, 30);
  make_scene(small, rng, 37, 23, 10);
  MapRaster reused(4);
  paint(reused, big.inputs(), 640, 360);
  const std::vector<uint32_t> after_big = paint(reused, small.inputs(), 37, 23);
  MapRaster fresh(4);
  EXPECT_EQ(after_big, paint(fresh, small.inputs(), 37, 23));

  // The same frame again into the same buffer: nothing allocated, by any thread.
  std::vector<uint32_t> pixels(640u * 360u);
  reused.paint(big.inputs(), 640, 360, pixels);
  uint64_t allocations = 0;
  {
    testing::CountAllocations count;
    reused.paint(big.inputs(), 640, 360, pixels);
    allocations = count.count();
  }
  EXPECT_EQ(allocations, 0u);
}

// Runs paint() expecting std::invalid_argument; checks the message names each of `names` and
// the output still holds the marker.
void expect_refused(const MapRasterInputs& in, int width, int height, std::size_t output,
                    const std::vector<std::string>& names) {
  constexpr uint32_t kMarker = 0xdeadbeefu;
  std::vector<uint32_t> pixels(output, kMarker);
  MapRaster raster(2);
  std::string what = "(nothing thrown)";
  try {
    raster.paint(in, width, height, pixels);
  } catch (const std::invalid_argument& e) {
    what = e.what();
  }
  for (const std::string& name : names) {
    EXPECT_NE(what.find(name), std::string::npos) << "\"" << what << "\" does not say " << name;
  }
  EXPECT_TRUE(std::ranges::all_of(pixels, [](uint32_t p) { return p == kMarker; }))
      << "a refused paint wrote pixels";
}

TEST(MapRaster, SizesThatDisagreeAreRefusedNamingThemAndWritingNothing) {
  std::mt19937 rng(1);
  const Cells cells = random_cells(rng, 5, 4);  // 80 bytes
  const Frame view{0, 0, 8, 8};
  const CanvasColor background{0, 0, 0, 1};

  // The cells against cols x rows.
  MapRasterInputs short_cells = inputs_for(cells, view, background);
  short_cells.cells = short_cells.cells.first(79);
  expect_refused(short_cells, 37, 23, 37 * 23, {"79", "5x4", "80"});
  MapRasterInputs wrong_shape = inputs_for(cells, view, background);
  wrong_shape.cols = 4;
  expect_refused(wrong_shape, 37, 23, 37 * 23, {"80", "4x4", "64"});

  // The output against width x height.
  const MapRasterInputs in = inputs_for(cells, view, background);
  expect_refused(in, 37, 23, 37 * 23 - 1, {"850", "37x23", "851"});
  expect_refused(in, 37, 23, 37 * 23 + 37, {"888", "37x23", "851"});

  // The strokes binned for another canvas.
  StrokePath path;
  path.move_to(1, 1);
  path.line_to(30, 20);
  for (const auto& size : {std::pair{36, 23}, std::pair{37, 24}}) {
    StrokeTiles strokes;
    strokes.stroke(strokes.add_path(path), {1, 1, 1, 1}, 1, 2);
    strokes.bin(size.first, size.second);
    const std::string binned = std::to_string(size.first) + "x" + std::to_string(size.second);
    expect_refused(inputs_for(cells, view, background, &strokes), 37, 23, 37 * 23,
                   {binned, "37x23"});
  }
}

}  // namespace
}  // namespace terrain::render
