// Side-view skylines ("How can I generate a 2D mountain landscape procedurally?"): the random
// walk against the first answer's JavaScript and its properties (bounds, steepness,
// reflection), the section points (sections, order, smoothing), sampling and bad input.
#include "core/skyline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/p5_random.h"
#include "test_support.h"

namespace terrain {
namespace {

using testing::invalid_argument_message;

// The first answer's JavaScript, line for line, with P5Random for Math.random and a vector for
// the canvas.
std::vector<double> javascript_walk(uint32_t seed, int width, double STEP_MAX, double STEP_CHANGE,
                                    double HEIGHT_MAX) {
  P5Random Math(seed);
  std::vector<double> columns;
  double height = Math.next() * HEIGHT_MAX;
  double slope = (Math.next() * STEP_MAX) * 2 - STEP_MAX;
  for (int x = 0; x < width; x++) {
    height += slope;
    slope += (Math.next() * STEP_CHANGE) * 2 - STEP_CHANGE;
    if (slope > STEP_MAX) slope = STEP_MAX;
    if (slope < -STEP_MAX) slope = -STEP_MAX;
    if (height > HEIGHT_MAX) {
      height = HEIGHT_MAX;
      slope *= -1;
    }
    if (height < 0) {
      height = 0;
      slope *= -1;
    }
    columns.push_back(height);
  }
  return columns;
}

// The second answer's C++ in its own shape (separate x and y arrays, index arithmetic), with
// the changes the header documents: P5Random for rand() / RAND_MAX, the points ending at the
// last section point, and the sideways move capped at the sub-point spacing.
std::vector<Point> cpp_sections(uint32_t seed, const SectionParams& p) {
  const double WIDTH = p.width, HEIGHT = p.height, SHIFT = p.shift;
  const std::size_t SECTIONS = static_cast<std::size_t>(p.sections);
  const std::size_t SUB = static_cast<std::size_t>(p.sub);
  const std::size_t COUNT = (SECTIONS - 1) * SUB + 1;
  P5Random rand(seed);
  std::vector<double> xPos(COUNT), yPos(COUNT);
  for (std::size_t i = 0; i < SECTIONS; i++) {
    xPos[i * SUB] =
        rand.next() * (WIDTH / p.sections) + static_cast<double>(i) * (WIDTH / p.sections);
    yPos[i * SUB] = rand.next() * (HEIGHT);
  }
  for (std::size_t i = 0; i < SECTIONS - 1; i++) {
    const double XSHIFT = std::min(SHIFT, (xPos[(i + 1) * SUB] - xPos[i * SUB]) / p.sub);
    for (std::size_t j = 1; j < SUB; j++) {
      double x = xPos[i * SUB] * (1 - static_cast<double>(j) / p.sub) +
                 xPos[(i + 1) * SUB] * (static_cast<double>(j) / p.sub);
      double y = yPos[i * SUB] * (1 - static_cast<double>(j) / p.sub) +
                 yPos[(i + 1) * SUB] * (static_cast<double>(j) / p.sub);
      x += rand.next() * XSHIFT - XSHIFT / 2;
      y += rand.next() * SHIFT - SHIFT / 2;
      xPos[i * SUB + j] = x;
      yPos[i * SUB + j] = y;
    }
  }
  for (int i = 0; COUNT >= 3 && i < p.smooth_steps; i++) {
    const std::size_t index =
        static_cast<std::size_t>(std::floor(rand.next() * static_cast<double>(COUNT - 2))) + 1;
    const double x0 = xPos[index - 1], y0 = yPos[index - 1];
    const double x1 = xPos[index], y1 = yPos[index];
    const double x2 = xPos[index + 1], y2 = yPos[index + 1];
    xPos[index] = x0 * 0.05 + x2 * 0.05 + x1 * 0.90;
    yPos[index] = y0 * 0.05 + y2 * 0.05 + y1 * 0.90;
  }
  std::vector<Point> points;
  for (std::size_t i = 0; i < COUNT; i++) points.push_back({xPos[i], yPos[i]});
  return points;
}

// Sum of |second differences| of the heights: how jagged a line of points is.
double jaggedness(const std::vector<Point>& points) {
  double sum = 0;
  for (std::size_t i = 1; i + 1 < points.size(); i++) {
    sum += std::fabs(points[i - 1].y - 2 * points[i].y + points[i + 1].y);
  }
  return sum;
}

// --- random walk --------------------------------------------------------------------------

TEST(RandomWalkSkyline, MatchesTheJavaScriptRuleForRule) {
  for (uint32_t seed : {0u, 1u, 42u, 4294967295u}) {
    EXPECT_EQ(random_walk_skyline(seed), javascript_walk(seed, 640, 2.5, 1.0, 170));
    EXPECT_EQ(random_walk_skyline(seed, {300, 20, 4, 3}), javascript_walk(seed, 300, 4, 3, 20));
  }
}

TEST(RandomWalkSkyline, SameSeedSameValuesOtherSeedDiffers) {
  const std::vector<double> a = random_walk_skyline(7);
  EXPECT_EQ(a, random_walk_skyline(7));
  EXPECT_EQ(a.size(), 640u);
  for (uint32_t seed : {8u, 9u, 123456u}) {
    const std::vector<double> b = random_walk_skyline(seed);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < a.size(); i++) differ += a[i] != b[i];
    EXPECT_GT(differ, a.size() / 2) << "seed " << seed;
  }
}

TEST(RandomWalkSkyline, HeightsStayWithinZeroAndHeightMax) {
  const RandomWalkParams settings[] = {{640, 170, 2.5, 1.0}, {2000, 10, 5, 2}, {500, 1, 3, 3}};
  for (const RandomWalkParams& p : settings) {
    for (uint32_t seed = 0; seed < 20; seed++) {
      for (double h : random_walk_skyline(seed, p)) {
        ASSERT_GE(h, 0.0);
        ASSERT_LE(h, p.height_max);
      }
    }
  }
}

// Each column moves by the slope, and the slope is clipped to +-step_max; clipping the height
// only ever shortens a step.
TEST(RandomWalkSkyline, StepsNeverExceedStepMax) {
  const RandomWalkParams settings[] = {
      {640, 170, 2.5, 1.0}, {2000, 30, 1.5, 3}, {800, 500, 4, 0.2}};
  for (const RandomWalkParams& p : settings) {
    for (uint32_t seed = 0; seed < 20; seed++) {
      const std::vector<double> h = random_walk_skyline(seed, p);
      double steepest = 0;
      for (std::size_t i = 1; i < h.size(); i++) {
        steepest = std::max(steepest, std::fabs(h[i] - h[i - 1]));
      }
      EXPECT_LE(steepest, p.step_max + 1e-9) << "seed " << seed;
      // The large step_change keeps the slope pinned at the limit often: steps reach it.
      if (p.step_change > 1) {
        EXPECT_GT(steepest, p.step_max * 0.99);
      }
    }
  }
}

// With no change of slope the walk goes straight until it meets a limit: there the height is
// clipped and the slope reversed, so it bounces between 0 and height_max (without the
// reversal it would sit on the limit forever).
TEST(RandomWalkSkyline, ClippingAtALimitReversesTheSlope) {
  const RandomWalkParams p{400, 7, 2.5, 0};
  int walks = 0;
  for (uint32_t seed = 0; seed < 20; seed++) {
    // The slope's size never changes: the second draw, (r * step_max) * 2 - step_max.
    P5Random draws(seed);
    draws.next();
    const double speed = std::fabs((draws.next() * p.step_max) * 2 - p.step_max);
    if (speed < 0.5) continue;  // too slow to meet the limits often in 400 columns
    walks++;
    const std::vector<double> h = random_walk_skyline(seed, p);
    int tops = 0;
    int bottoms = 0;
    for (std::size_t i = 0; i + 1 < h.size(); i++) {
      if (h[i] == p.height_max) {
        tops++;
        EXPECT_NEAR(h[i + 1], p.height_max - speed, 1e-9) << "seed " << seed << " column " << i;
      }
      if (h[i] == 0) {
        bottoms++;
        EXPECT_NEAR(h[i + 1], speed, 1e-9) << "seed " << seed << " column " << i;
      }
    }
    EXPECT_GT(tops, 10) << "seed " << seed;
    EXPECT_GT(bottoms, 10) << "seed " << seed;
  }
  EXPECT_GE(walks, 10);

  // With random slope changes and a low ceiling, every seed meets both limits and leaves them.
  for (uint32_t seed = 0; seed < 10; seed++) {
    const std::vector<double> w = random_walk_skyline(seed, {600, 6, 2.5, 1});
    EXPECT_NE(std::find(w.begin(), w.end(), 0.0), w.end()) << "seed " << seed;
    EXPECT_NE(std::find(w.begin(), w.end(), 6.0), w.end()) << "seed " << seed;
    std::size_t at_limit = 0;
    for (double v : w) at_limit += v == 0.0 || v == 6.0;
    EXPECT_LT(at_limit, w.size() / 2) << "seed " << seed;
  }
}

TEST(RandomWalkSkyline, InvalidParamsThrowNamingTheValue) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(invalid_argument_message([] {
              random_walk_skyline(1, {0, 170, 2.5, 1});
            }).find("columns 0"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] {
              random_walk_skyline(1, {640, 0, 2.5, 1});
            }).find("height_max 0"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] {
              random_walk_skyline(1, {640, 170, -1, 1});
            }).find("step_max -1"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] {
              random_walk_skyline(1, {640, 170, 2.5, -0.5});
            }).find("step_change -0.5"),
            std::string::npos);
  invalid_argument_message([&] { random_walk_skyline(1, {640, nan, 2.5, 1}); });
  invalid_argument_message([&] {
    random_walk_skyline(1, {640, std::numeric_limits<double>::infinity(), 2.5, 1});
  });
}

// --- section points -----------------------------------------------------------------------

TEST(SectionSkyline, MatchesTheSecondAnswersCppWithTheDocumentedDraws) {
  const SectionParams settings[] = {
      {}, {10000, 1000, 1000, 40, 5, 4000}, {300, 80, 10, 7, 3, 50}, {100, 10, 2, 2, 1, 10}};
  for (const SectionParams& p : settings) {
    for (uint32_t seed : {0u, 42u, 4294967295u}) {
      const std::vector<Point> expected = cpp_sections(seed, p);
      const std::vector<Point> points = section_skyline_points(seed, p);
      ASSERT_EQ(points.size(), expected.size());
      for (std::size_t i = 0; i < points.size(); i++) {
        ASSERT_EQ(points[i].x, expected[i].x) << "seed " << seed << " point " << i;
        ASSERT_EQ(points[i].y, expected[i].y) << "seed " << seed << " point " << i;
      }
    }
  }
}

TEST(SectionSkyline, HasOnePointPerSectionAndSubMinusOneBetween) {
  EXPECT_EQ(section_skyline_points(1).size(), 39u * 5u + 1u);
  EXPECT_EQ(section_skyline_points(1, {100, 10, 2, 2, 1, 10}).size(), 2u);
  EXPECT_EQ(section_skyline_points(1, {100, 10, 2, 3, 4, 10}).size(), 9u);
}

TEST(SectionSkyline, SectionPointsLieInsideTheirSectionsBeforeSmoothing) {
  SectionParams p;
  p.smooth_steps = 0;
  for (uint32_t seed = 0; seed < 10; seed++) {
    const std::vector<Point> points = section_skyline_points(seed, p);
    const double section = p.width / p.sections;
    for (int i = 0; i < p.sections; i++) {
      const Point& q = points[static_cast<std::size_t>(i * p.sub)];
      EXPECT_GE(q.x, i * section);
      EXPECT_LT(q.x, (i + 1) * section);
      EXPECT_GE(q.y, 0);
      EXPECT_LT(q.y, p.height);
    }
    // Sub points: near the straight line between their section points.
    for (int i = 0; i + 1 < p.sections; i++) {
      const Point a = points[static_cast<std::size_t>(i * p.sub)];
      const Point b = points[static_cast<std::size_t>((i + 1) * p.sub)];
      for (int j = 1; j < p.sub; j++) {
        const double t = static_cast<double>(j) / p.sub;
        const Point q = points[static_cast<std::size_t>(i * p.sub + j)];
        EXPECT_LE(std::fabs(q.y - (a.y * (1 - t) + b.y * t)), p.shift / 2 + 1e-9);
        EXPECT_LE(std::fabs(q.x - (a.x * (1 - t) + b.x * t)), p.shift / 2 + 1e-9);
      }
    }
  }
}

// Even when the shift is far wider than the spacing of the points (here 1000 against 50),
// the points stay in order, before and after smoothing.
TEST(SectionSkyline, XStrictlyIncreases) {
  const SectionParams settings[] = {
      {}, {10000, 1000, 1000, 40, 5, 4000}, {500, 50, 300, 3, 20, 100}};
  for (const SectionParams& base : settings) {
    for (int smooth : {0, base.smooth_steps}) {
      SectionParams p = base;
      p.smooth_steps = smooth;
      for (uint32_t seed = 0; seed < 20; seed++) {
        const std::vector<Point> points = section_skyline_points(seed, p);
        for (std::size_t i = 1; i < points.size(); i++) {
          ASSERT_LT(points[i - 1].x, points[i].x) << "seed " << seed << " point " << i;
        }
      }
    }
  }
}

TEST(SectionSkyline, SameSeedSamePointsOtherSeedDiffers) {
  const std::vector<Point> a = section_skyline_points(11);
  const std::vector<Point> b = section_skyline_points(11);
  const std::vector<Point> c = section_skyline_points(12);
  ASSERT_EQ(a.size(), b.size());
  std::size_t differ = 0;
  for (std::size_t i = 0; i < a.size(); i++) {
    EXPECT_EQ(a[i].x, b[i].x);
    EXPECT_EQ(a[i].y, b[i].y);
    differ += a[i].y != c[i].y;
  }
  EXPECT_GT(differ, a.size() / 2);
  EXPECT_EQ(section_skyline(11, 300), section_skyline(11, 300));
  EXPECT_NE(section_skyline(11, 300), section_skyline(12, 300));
}

// The smoothing draws come after all the others and never touch the two ends.
TEST(SectionSkyline, SmoothingMovesOnlyInteriorPointsOneAtATime) {
  SectionParams p;
  p.smooth_steps = 0;
  const std::vector<Point> raw = section_skyline_points(5, p);
  p.smooth_steps = 1;
  const std::vector<Point> once = section_skyline_points(5, p);
  std::size_t moved = 0;
  for (std::size_t i = 0; i < raw.size(); i++) moved += raw[i].y != once[i].y;
  EXPECT_EQ(moved, 1u);
  p.smooth_steps = 20000;
  const std::vector<Point> smooth = section_skyline_points(5, p);
  EXPECT_EQ(smooth.front().x, raw.front().x);
  EXPECT_EQ(smooth.front().y, raw.front().y);
  EXPECT_EQ(smooth.back().x, raw.back().x);
  EXPECT_EQ(smooth.back().y, raw.back().y);
}

TEST(SectionSkyline, MoreSmoothingStepsGiveASmootherLine) {
  for (uint32_t seed = 0; seed < 8; seed++) {
    double previous = std::numeric_limits<double>::infinity();
    for (int steps : {0, 1000, 4000, 20000}) {
      SectionParams p;
      p.smooth_steps = steps;
      const double j = jaggedness(section_skyline_points(seed, p));
      EXPECT_LT(j, previous) << "seed " << seed << " steps " << steps;
      previous = j;
    }
  }
}

// --- sampling -----------------------------------------------------------------------------

TEST(SectionSkyline, SamplesThePointsLinearlyAndHoldsTheEnds) {
  const SectionParams p;
  const std::vector<Point> points = section_skyline_points(9, p);
  const int columns = 801;
  const std::vector<double> h = section_skyline(9, columns, p);
  ASSERT_EQ(h.size(), static_cast<std::size_t>(columns));
  // Column 0 is x = 0, left of the first point (which is inside the first section, x > 0
  // for this seed); the last column is x = width, right of the last point.
  ASSERT_GT(points.front().x, 0);
  EXPECT_EQ(h.front(), points.front().y);
  EXPECT_EQ(h.back(), points.back().y);
  for (int k = 0; k < columns; k++) {
    const double x = p.width * k / (columns - 1);
    const auto right = std::upper_bound(points.begin(), points.end(), x,
                                        [](double v, const Point& q) { return v < q.x; });
    if (right == points.begin() || right == points.end()) continue;
    const Point a = *(right - 1);
    const Point b = *right;
    // Between its two points, and on the straight line joining them.
    EXPECT_GE(h[static_cast<std::size_t>(k)], std::min(a.y, b.y) - 1e-9);
    EXPECT_LE(h[static_cast<std::size_t>(k)], std::max(a.y, b.y) + 1e-9);
    EXPECT_NEAR(h[static_cast<std::size_t>(k)], a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x), 1e-9);
  }
}

TEST(SectionSkyline, InvalidParamsThrowNamingTheValue) {
  const auto message = [](const SectionParams& p) {
    return invalid_argument_message([&] { section_skyline_points(1, p); });
  };
  EXPECT_NE(message({10000, 1000, 200, 1, 5, 10}).find("sections 1"), std::string::npos);
  EXPECT_NE(message({10000, 1000, 200, 40, 0, 10}).find("sub 0"), std::string::npos);
  EXPECT_NE(message({10000, 1000, 200, 40, 5, -1}).find("smooth_steps -1"), std::string::npos);
  EXPECT_NE(message({0, 1000, 200, 40, 5, 10}).find("width 0"), std::string::npos);
  EXPECT_NE(message({10000, -3, 200, 40, 5, 10}).find("height -3"), std::string::npos);
  EXPECT_NE(message({10000, 1000, -1, 40, 5, 10}).find("shift -1"), std::string::npos);
  message({10000, std::numeric_limits<double>::quiet_NaN(), 200, 40, 5, 10});
  EXPECT_NE(invalid_argument_message([] { section_skyline(1, 1); }).find("columns 1"),
            std::string::npos);
  // The same checks guard the sampled skyline.
  invalid_argument_message([] { section_skyline(1, 100, {10000, 1000, 200, 1, 5, 10}); });
}

}  // namespace
}  // namespace terrain
