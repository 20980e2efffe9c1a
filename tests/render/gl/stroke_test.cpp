// Canvas stroke semantics: one path stroked once (no darkening where its pieces overlap),
// separate paths composited one after the other, widths and round caps.
#include <gtest/gtest.h>

#include <cmath>
#include <span>

#include "render/gl/gl_program.h"
#include "render/gl/render_target.h"
#include "render/gl/stroke_renderer.h"
#include "render_test_support.h"

namespace terrain::render {
namespace {

constexpr int kSize = 64;
constexpr CanvasColor kBlack{0, 0, 0, 1};

// A white canvas with the strokes queued in `renderer` painted over it.
class StrokeCanvas {
 public:
  StrokeCanvas() {
    testing::GlContext::get();
    renderer.init(query_shader_features());
    target.ensure(kSize, kSize);
  }
  testing::Image paint() {
    glBindFramebuffer(GL_FRAMEBUFFER, target.scene_fbo());
    glViewport(0, 0, kSize, kSize);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    renderer.draw(target.stroke_targets());
    testing::Image image{kSize, kSize, std::vector<uint8_t>(kSize * kSize * 4)};
    target.read_scene(image.rgba);
    return image;
  }
  StrokeRenderer renderer;
  RenderTarget target;
};

// A white canvas with one black line, `width` wide at full alpha, painted over it.
testing::Image one_black_line(const StrokeSegment& line, double width) {
  StrokeCanvas canvas;
  canvas.renderer.stroke(canvas.renderer.add_path(std::span(&line, 1)), kBlack, 1, width);
  return canvas.paint();
}

int red(const testing::Image& image, int x, int y) {
  return image.at(x, y)[0];
}

TEST(Stroke, CrossingPiecesOfOnePathDoNotDarken) {
  StrokeCanvas canvas;
  // Two crossing lines in one path, half transparent: the crossing is painted once.
  const StrokeSegment cross[] = {{8, 32.5f, 56, 32.5f}, {32.5f, 8, 32.5f, 56}};
  canvas.renderer.stroke(canvas.renderer.add_path(cross), kBlack, 0.5, 6);
  const testing::Image image = canvas.paint();
  const int single = red(image, 16, 32);  // one stroke alone, well inside it
  EXPECT_NEAR(single, 128, 1);
  EXPECT_EQ(red(image, 32, 32), single);  // the crossing
}

TEST(Stroke, SeparatePathsDoDarkenWhereTheyCross) {
  StrokeCanvas canvas;
  const StrokeSegment across[] = {{8, 32.5f, 56, 32.5f}};
  const StrokeSegment down[] = {{32.5f, 8, 32.5f, 56}};
  canvas.renderer.stroke(canvas.renderer.add_path(across), kBlack, 0.5, 6);
  canvas.renderer.stroke(canvas.renderer.add_path(down), kBlack, 0.5, 6);
  const testing::Image image = canvas.paint();
  EXPECT_NEAR(red(image, 16, 32), 128, 1);
  EXPECT_NEAR(red(image, 32, 32), 64, 1);  // two strokes of alpha 1/2 over white
}

TEST(Stroke, ThePathCanBeStrokedTwiceAsBankAndRiver) {
  StrokeCanvas canvas;
  // A U-turn whose legs overlap, stroked wide then narrow: each stroke paints its union once.
  const StrokeSegment u[] = {{8, 30, 50, 30}, {50, 30, 50, 34}, {50, 34, 8, 34}};
  const int path = canvas.renderer.add_path(u);
  canvas.renderer.stroke(path, kBlack, 0.5, 12);
  canvas.renderer.stroke(path, CanvasColor{1, 0, 0, 1}, 0.5, 4);
  const testing::Image image = canvas.paint();
  // Inside both: white -> half black (128) -> half red over that: r = 128/2 + 255/2.
  EXPECT_NEAR(image.at(20, 32)[0], 191, 2);
  EXPECT_NEAR(image.at(20, 32)[1], 64, 2);
  // Only the wide stroke reaches row 26 (|26.5 - 30| = 3.5 < 6): half black, once.
  EXPECT_NEAR(image.at(20, 26)[0], 128, 1);
}

TEST(Stroke, AOnePixelLineOnAPixelRowCoversExactlyThatRow) {
  const testing::Image image = one_black_line({4, 20.5f, 60, 20.5f}, 1);
  EXPECT_EQ(red(image, 30, 20), 0);
  EXPECT_EQ(red(image, 30, 19), 255);
  EXPECT_EQ(red(image, 30, 21), 255);
  // Halfway between two rows it covers half of each.
  const testing::Image halves = one_black_line({4, 20, 60, 20}, 1);
  EXPECT_NEAR(red(halves, 30, 19), 128, 1);
  EXPECT_NEAR(red(halves, 30, 20), 128, 1);
}

TEST(Stroke, RoundCapsReachHalfTheWidthPastTheEnd) {
  const testing::Image image = one_black_line({20.5f, 32.5f, 40.5f, 32.5f}, 10);
  EXPECT_EQ(red(image, 16, 32), 0);  // 4 px past the end: inside the cap (a butt cap stops at 20.5)
  EXPECT_EQ(red(image, 14, 32), 255);  // 6 px past: outside
  EXPECT_EQ(red(image, 17, 29), 0);    // (-3, -3) from the end, 4.24 px: inside the disc
  EXPECT_EQ(red(image, 16, 28), 255);  // (-4, -4), 5.66 px: outside (a square cap would cover it)
}

TEST(Stroke, AZeroLengthLineIsADot) {
  const testing::Image image = one_black_line({32.5f, 32.5f, 32.5f, 32.5f}, 6);
  EXPECT_EQ(red(image, 32, 32), 0);
  EXPECT_EQ(red(image, 34, 32), 0);
  EXPECT_EQ(red(image, 32, 40), 255);
}

TEST(Stroke, RgbaColourAlphaAndGlobalAlphaMultiply) {
  StrokeCanvas canvas;
  const StrokeSegment line[] = {{4, 32.5f, 60, 32.5f}};
  canvas.renderer.stroke(canvas.renderer.add_path(line), CanvasColor{0, 0, 0, 0.5f}, 0.5, 4);
  const testing::Image image = canvas.paint();
  EXPECT_NEAR(red(image, 30, 32), 191, 1);  // alpha 1/4 over white
}

// A sharp corner (about 33 degrees) of a polyline 6 px wide: the miter's tip is 3.48
// half-widths, 10.4 px, beyond the corner; a round join reaches 3 px.
StrokePath sharp_corner(bool miter) {
  StrokePath path;
  path.set_miter_joins(miter);
  path.move_to(20.5, 60.5);
  path.line_to(32.5, 20.5);
  path.line_to(44.5, 60.5);
  return path;
}

TEST(Stroke, MiterJoinsReachTheTipAndRoundJoinsDoNot) {
  StrokeCanvas miter;
  const StrokePath mitered = sharp_corner(true);
  ASSERT_EQ(mitered.joins().size(), 1u);
  miter.renderer.stroke(miter.renderer.add_path(mitered), kBlack, 1, 6);
  const testing::Image spiked = miter.paint();
  EXPECT_EQ(red(spiked, 32, 13), 0);    // 7 px above the corner, inside the spike
  EXPECT_EQ(red(spiked, 32, 8), 255);   // 12 px above: beyond the tip
  EXPECT_EQ(red(spiked, 26, 13), 255);  // beside the spike

  StrokeCanvas round;
  const StrokePath rounded = sharp_corner(false);
  EXPECT_TRUE(rounded.joins().empty());
  round.renderer.stroke(round.renderer.add_path(rounded), kBlack, 1, 6);
  const testing::Image plain = round.paint();
  EXPECT_EQ(red(plain, 32, 13), 255);
  // Away from the corner both are the same stroke.
  EXPECT_EQ(red(plain, 26, 40), red(spiked, 26, 40));
}

TEST(StrokePath, ReversalsAreBevelledAndStraightRunsHaveNoJoin) {
  StrokePath path;
  path.set_miter_joins(true);
  path.move_to(0, 0);
  path.line_to(10, 0);
  path.line_to(20, 0);    // straight on: no spike
  path.line_to(10, 0.5);  // nearly back: past the miter limit, bevelled
  EXPECT_TRUE(path.joins().empty());
  path.move_to(0, 0);  // a new subpath: no corner with the last one
  path.line_to(10, 0);
  path.line_to(10, 10);  // a right angle: sqrt(2) half-widths
  ASSERT_EQ(path.joins().size(), 1u);
  EXPECT_EQ(path.joins()[0].x, 10);
  EXPECT_EQ(path.joins()[0].y, 0);
  EXPECT_NEAR(std::hypot(path.joins()[0].miter_x, path.joins()[0].miter_y), std::sqrt(2.0), 1e-5);
}

}  // namespace
}  // namespace terrain::render
