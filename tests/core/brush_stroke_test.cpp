// Brush strokes (core/brush_stroke.h) on known fields: what each tool does to the heights under
// it, that nothing beyond the brush changes, that the same path gives the same bytes however
// it is split, and that rain here's drops land inside the brush.
#include "core/brush_stroke.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "core/island.h"
#include "core/rain.h"

namespace terrain {
namespace {

Heightfield flat_field(float h, int w = 120, int rows = 90) {
  Heightfield f(w, rows);
  std::fill(f.values().begin(), f.values().end(), h);
  return f;
}

// A field of noise in 0.3 .. 0.7, the same every time.
Heightfield noisy_field(int w = 120, int rows = 90) {
  Heightfield f(w, rows);
  uint32_t z = 12345;
  for (float& v : f.values()) {
    z = z * 1664525u + 1013904223u;
    v = 0.3f + 0.4f * static_cast<float>(z >> 8) / 16777216.0f;
  }
  return f;
}

BrushStroke stroke_of(BrushTool tool, std::vector<Point> points, double radius = 6,
                      double strength = 0.5, BrushFalloff falloff = BrushFalloff::smooth) {
  BrushStroke s;
  s.tool = tool;
  s.radius = radius;
  s.strength = strength;
  s.falloff = falloff;
  s.points = std::move(points);
  return s;
}

// Paints `stroke` on `field` (the rain on it seeded 1); the drops rain here let fall.
uint64_t paint(Heightfield& field, const BrushStroke& stroke) {
  Rain rain(field, 1);
  BrushPainter painter;
  return painter.paint(field, rain, stroke);
}

bool same_bits(const Heightfield& a, const Heightfield& b) {
  return a.width() == b.width() && a.height() == b.height() &&
         std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// The distance from (x, y) to the nearest point of the polyline.
double distance_to_path(double x, double y, const std::vector<Point>& path) {
  double best = std::hypot(x - path[0].x, y - path[0].y);
  for (std::size_t k = 0; k + 1 < path.size(); k++) {
    const double dx = path[k + 1].x - path[k].x;
    const double dy = path[k + 1].y - path[k].y;
    const double len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((x - path[k].x) * dx + (y - path[k].y) * dy) / len2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    best = std::min(best, std::hypot(x - (path[k].x + t * dx), y - (path[k].y + t * dy)));
  }
  return best;
}

TEST(BrushFalloff, SmoothLinearAndHardFromTheCentreToTheEdge) {
  for (const BrushFalloff f : kBrushFalloffs) {
    EXPECT_EQ(falloff_weight(f, 0, 6), 1.0);
    EXPECT_EQ(falloff_weight(f, 6, 6), 0.0);
    EXPECT_EQ(falloff_weight(f, 9, 6), 0.0);
  }
  EXPECT_EQ(falloff_weight(BrushFalloff::linear, 3, 6), 0.5);
  EXPECT_EQ(falloff_weight(BrushFalloff::smooth, 3, 6), 0.5625);  // (1 - 1/4)^2
  EXPECT_EQ(falloff_weight(BrushFalloff::hard, 5.99, 6), 1.0);
}

// Raise adds exactly the falloff times the strength (times the full step) under one dab.
TEST(BrushStroke, RaiseAddsTheFalloffTimesTheStrength) {
  for (const BrushFalloff falloff : kBrushFalloffs) {
    Heightfield field = flat_field(0.4f);
    const BrushStroke s = stroke_of(BrushTool::raise, {{50, 40}}, 6, 0.5, falloff);
    paint(field, s);
    for (int y = 0; y < field.height(); y++) {
      for (int x = 0; x < field.width(); x++) {
        const double w = falloff_weight(
            falloff, std::sqrt(double((x - 50) * (x - 50) + (y - 40) * (y - 40))), 6);
        EXPECT_EQ(field.at(x, y), static_cast<float>(0.4f + 0.5 * kBrushHeightStep * w))
            << x << ", " << y;
      }
    }
  }
  // Lower takes the same away, and never below 0.
  Heightfield field = flat_field(0.4f);
  paint(field, stroke_of(BrushTool::lower, {{50, 40}}, 6, 1.0, BrushFalloff::hard));
  EXPECT_EQ(field.at(50, 40), static_cast<float>(0.4f - kBrushHeightStep));
  Heightfield low = flat_field(0.005f);
  paint(low, stroke_of(BrushTool::lower, {{50, 40}}, 6, 1.0, BrushFalloff::hard));
  EXPECT_EQ(low.at(50, 40), 0.0f);
}

TEST(BrushStroke, SmoothLowersTheLocalVariance) {
  Heightfield field = noisy_field();
  const auto variance = [](const Heightfield& f) {
    double sum = 0;
    double sum2 = 0;
    int n = 0;
    for (int y = 35; y <= 45; y++) {
      for (int x = 45; x <= 75; x++) {
        sum += f.at(x, y);
        sum2 += static_cast<double>(f.at(x, y)) * f.at(x, y);
        n++;
      }
    }
    return sum2 / n - (sum / n) * (sum / n);
  };
  const double before = variance(field);
  paint(field, stroke_of(BrushTool::smooth, {{45, 40}, {75, 40}}, 8, 1.0));
  EXPECT_LT(variance(field), before / 4);
}

TEST(BrushStroke, FlattenReachesTheHeightWhereTheStrokeBegan) {
  Heightfield field = noisy_field();
  const float target = field.at(40, 30);
  // Full strength, hard: one dab is the target exactly.
  paint(field, stroke_of(BrushTool::flatten, {{40, 30}, {70, 50}}, 5, 1.0, BrushFalloff::hard));
  EXPECT_EQ(field.at(40, 30), target);
  EXPECT_EQ(field.at(70, 50), target);
  EXPECT_EQ(field.at(55, 40), target);
  // Softer, it comes closer with every stroke.
  Heightfield soft = noisy_field();
  const float soft_target = soft.at(60, 45);
  double gap = std::abs(soft.at(62, 45) - soft_target);
  for (int k = 0; k < 4; k++) {
    paint(soft, stroke_of(BrushTool::flatten, {{60, 45}, {64, 45}}, 6, 0.5));
    const double now = std::abs(soft.at(62, 45) - soft_target);
    EXPECT_LE(now, gap);
    gap = now;
  }
  EXPECT_LT(gap, 0.02);
  // A stroke continuing another flattens to the first one's target.
  BrushStroke to = stroke_of(BrushTool::flatten, {{20, 20}}, 4, 1.0, BrushFalloff::hard);
  to.flatten_to = 0.61;
  Heightfield other = noisy_field();
  paint(other, to);
  EXPECT_EQ(other.at(20, 20), static_cast<float>(0.61));
}

TEST(BrushStroke, RoughenIsTheSameForTheSameSeed) {
  BrushStroke s = stroke_of(BrushTool::roughen, {{30, 30}, {80, 60}}, 7, 0.8);
  s.seed = 99;
  Heightfield a = flat_field(0.5f);
  Heightfield b = flat_field(0.5f);
  paint(a, s);
  paint(b, s);
  EXPECT_TRUE(same_bits(a, b));
  EXPECT_FALSE(same_bits(a, flat_field(0.5f)));
  s.seed = 100;
  Heightfield c = flat_field(0.5f);
  paint(c, s);
  EXPECT_FALSE(same_bits(a, c));
}

// The shaping tools change nothing farther than the radius from the path (the cell a dab's
// edge falls in is the "plus one cell" of it).
TEST(BrushStroke, AShapingStrokeChangesNothingOutsideItsRadius) {
  const std::vector<Point> path = {{20.5, 30.25}, {60, 20}, {90.75, 70}, {40, 75}};
  for (const BrushTool tool : {BrushTool::raise, BrushTool::lower, BrushTool::smooth,
                               BrushTool::flatten, BrushTool::roughen}) {
    SCOPED_TRACE(std::string(brush_tool_name(tool)));
    const double radius = 5.5;
    Heightfield field = noisy_field();
    const Heightfield before = field;
    BrushStroke s = stroke_of(tool, path, radius, 1.0, BrushFalloff::hard);
    s.seed = 7;
    paint(field, s);
    int changed = 0;
    for (int y = 0; y < field.height(); y++) {
      for (int x = 0; x < field.width(); x++) {
        if (field.at(x, y) == before.at(x, y)) continue;
        changed++;
        EXPECT_LT(distance_to_path(x, y, path), radius + 1) << x << ", " << y;
      }
    }
    EXPECT_GT(changed, 500);
  }
}

// Painted over several frames (each piece continuing the last from its last point), a path
// gives the bytes of one stroke along the whole of it.
TEST(BrushStroke, APathSplitIntoPiecesGivesTheBytesOfTheWholeStroke) {
  const std::vector<Point> path = {{10, 10}, {13.3, 11}, {20, 30}, {21, 30.5}, {60, 44}, {61, 44}};
  for (const BrushTool tool : kBrushTools) {
    SCOPED_TRACE(std::string(brush_tool_name(tool)));
    BrushStroke whole = stroke_of(tool, path, 4.5, 0.7);
    whole.seed = 5;
    Heightfield one = noisy_field();
    paint(one, whole);

    Heightfield pieces = noisy_field();
    Rain rain(pieces, 1);
    BrushPainter painter;
    const double target = flatten_target(pieces, whole);
    double start = 0;
    for (const auto& [from, to] : {std::pair{0, 2}, std::pair{2, 3}, std::pair{3, 6}}) {
      BrushStroke piece = whole;
      piece.points.assign(path.begin() + from, path.begin() + to);
      if (from > 0) piece.points.insert(piece.points.begin(), path[from - 1]);
      piece.start = start;
      if (tool == BrushTool::flatten) piece.flatten_to = target;
      painter.paint(pieces, rain, piece);
      start = next_dab_start(piece);
    }
    EXPECT_TRUE(same_bits(one, pieces));
  }
}

// Many paths of awkward lengths, split at every point: the pieces' dabs are the whole's, to the
// bit (a rounding in where a piece's first dab falls would move every dab after it).
TEST(BrushStroke, PiecesPutTheirDabsWhereTheWholeStrokeDoes) {
  uint32_t z = 99;
  const auto next = [&] {
    z = z * 1664525u + 1013904223u;
    return static_cast<double>(z >> 8) / 16777216.0;
  };
  for (int trial = 0; trial < 200; trial++) {
    BrushStroke whole = stroke_of(BrushTool::raise, {}, 1 + 39 * next());
    for (int k = 0; k < 12; k++) whole.points.push_back({300 * next(), 170 * next()});
    const std::vector<Point> dabs = stroke_dabs(whole);
    std::vector<Point> pieced;
    BrushStroke piece = whole;
    piece.points = {whole.points[0]};
    for (const Point& d : stroke_dabs(piece)) pieced.push_back(d);
    double start = next_dab_start(piece);
    for (std::size_t k = 1; k < whole.points.size(); k++) {
      piece.points = {whole.points[k - 1], whole.points[k]};
      piece.start = start;
      ASSERT_NO_THROW(check_stroke(piece));
      for (const Point& d : stroke_dabs(piece)) pieced.push_back(d);
      start = next_dab_start(piece);
    }
    ASSERT_EQ(pieced.size(), dabs.size()) << trial;
    for (std::size_t k = 0; k < dabs.size(); k++) {
      ASSERT_EQ(pieced[k].x, dabs[k].x) << trial << " dab " << k;
      ASSERT_EQ(pieced[k].y, dabs[k].y) << trial << " dab " << k;
    }
  }
}

TEST(BrushStroke, DabsAreEvenlySpacedByDistanceAlongThePath) {
  const BrushStroke s = stroke_of(BrushTool::raise, {{0, 0}, {10, 0}, {10, 10}}, 8);  // every 2
  const std::vector<Point> dabs = stroke_dabs(s);
  ASSERT_EQ(dabs.size(), 11u);
  EXPECT_EQ(dabs[0].x, 0);
  EXPECT_EQ(dabs[5].x, 10);
  EXPECT_EQ(dabs[5].y, 0);
  EXPECT_EQ(dabs[10].y, 10);
  EXPECT_EQ(dab_count(s), 11u);
  EXPECT_EQ(next_dab_start(s), 2);
}

// Rain here's drops land inside the brush, carve the ground, and leave the rain's own stream
// and counts as they were.
TEST(BrushStroke, RainHereDropsLandInsideTheBrushAndLeaveTheRainAlone) {
  const Heightfield island = island_terrain(42);
  BrushStroke s = stroke_of(BrushTool::rain, {{150, 80}, {170, 95}}, 10, 1.0);
  s.seed = 3;
  const std::vector<Point> landings = rain_landings(s);
  ASSERT_GT(landings.size(), 100u);
  for (const Point& p : landings) EXPECT_LT(distance_to_path(p.x, p.y, s.points), 10) << p.x;
  Heightfield field = island;
  Rain rain(field, 1);
  const RainState before = rain.state();
  BrushPainter painter;
  EXPECT_EQ(painter.paint(field, rain, s), landings.size());
  EXPECT_EQ(rain.state(), before);
  EXPECT_FALSE(same_bits(field, island));
  // The same stroke again on the same ground: the same bytes.
  Heightfield again = island;
  Rain rain2(again, 1);
  painter.paint(again, rain2, s);
  EXPECT_TRUE(same_bits(field, again));
}

TEST(BrushStroke, BadValuesAreNamed) {
  const auto message = [](const BrushStroke& s) -> std::string {
    try {
      check_stroke(s);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "(accepted)";
  };
  EXPECT_EQ(message(stroke_of(BrushTool::raise, {{1, 1}}, 41)),
            "stroke radius must be from 1 to 40, not 41");
  EXPECT_EQ(message(stroke_of(BrushTool::raise, {{1, 1}}, 6, 1.5)),
            "stroke strength must be from 0 to 1, not 1.5");
  EXPECT_EQ(message(stroke_of(BrushTool::raise, {})), "stroke points must hold at least one point");
  EXPECT_EQ(message(stroke_of(BrushTool::raise, {{1, std::numeric_limits<double>::quiet_NaN()}})),
            "stroke points[0] must be finite numbers within 1000000 cells of the map");
  EXPECT_EQ(message(stroke_of(BrushTool::raise, {{0, 0}, {100000, 0}}, 1)),
            "stroke points make a path of 100,000 cells, more than 20,000 dabs of its brush (one "
            "every radius / 4 cells)");
  EXPECT_EQ(message(stroke_of(BrushTool::raise, {{1, 1}})), "(accepted)");
}

}  // namespace
}  // namespace terrain
