// The rain: the brush, and the physical promises of drop() beyond the seed-42 parity run.
#include "core/rain.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/ground.h"
#include "core/island.h"

namespace terrain {
namespace {

TEST(Brush, WeightsArePositiveSumToOneAndShrinkWithDistance) {
  for (int radius = 1; radius <= 6; radius++) {
    const std::vector<BrushCell> brush = build_brush(radius);
    double total = 0;
    for (const BrushCell& c : brush) {
      EXPECT_GT(c.weight, 0);
      EXPECT_LT(std::hypot(c.dx, c.dy), radius);
      total += c.weight;
    }
    EXPECT_NEAR(total, 1.0, 1e-12) << radius;
  }
  // Radius 1 is the drop's own cell only; radius 2 the 9 cells closer than 2 (the four at
  // distance exactly 2 get weight 0 and are left out).
  EXPECT_EQ(build_brush(1).size(), 1u);
  EXPECT_EQ(build_brush(2).size(), 9u);
  const std::vector<BrushCell> b2 = build_brush(2);
  EXPECT_EQ(b2.front().dx, -1);  // rows top to bottom, each left to right
  EXPECT_EQ(b2.front().dy, -1);
}

// A drop digs at most what a cell holds (the sketch's min(heights[i], ...)), so the ground
// never goes below zero, or below the island's own minimum, which for some seeds is a hair
// under zero: the sketch normalises by the double values and stores float32.
TEST(Rain, KeepsEveryHeightFiniteAndNeverDigsBelowZero) {
  for (const RainParams& p : {RainParams{}, RainParams{1, 0, 0, 1, 0.25},
                              RainParams{0, 1, 0.5, 6, 0}, RainParams{1, 1, 0, 3, 0.6}}) {
    Heightfield field = island_terrain(99);
    const float floor = std::min(0.0f, field.min());
    Rain rain(field, 99, p);
    rain.run(20000);
    for (float h : field.values()) {
      ASSERT_TRUE(std::isfinite(h));
      ASSERT_GE(h, floor);
    }
  }
}

// Heights a ground may not hold (near float32's limit, infinite, not a number) never take a
// drop outside the map: their sums overflow, a drop's position stops being a number, and such a
// drop ends as one that ran off the map (it used to index far past the heights and crash).
// Written for the sanitizer build, which sees any read or write outside them.
TEST(Rain, HeightsNoGroundMayHoldEndDropsRatherThanReachPastTheMap) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const float huge : {3.4e38f, 2e38f, inf, nan}) {
    Heightfield field(40, 30);
    for (int y = 0; y < 30; y++) {
      for (int x = 0; x < 40; x++) field.at(x, y) = (x * 7 + y * 3) % 5 < 2 ? huge : -huge;
    }
    for (const int radius : {1, 3, 8}) {
      Rain rain(field, 9, RainParams{0.9, 0.5, 0.1, radius, 0.25});
      rain.run(3000);
      const RainStats& s = rain.stats();
      EXPECT_EQ(s.drops, 3000u);
      EXPECT_EQ(s.flat + s.off_map + s.sea + s.max_steps, 3000u) << huge << " radius " << radius;
    }
  }
  // What a ground may hold, the bound itself at every other cell: every height stays finite.
  Heightfield bound(40, 30);
  for (int y = 0; y < 30; y++) {
    for (int x = 0; x < 40; x++)
      bound.at(x, y) = (x + y) % 2 ? kMaxGroundHeight : -kMaxGroundHeight;
  }
  Rain rain(bound, 4, RainParams{1, 1, 0, 6, -2e6});
  rain.run(5000);
  for (const float h : bound.values()) ASSERT_TRUE(std::isfinite(h));
}

TEST(Ground, WhatAGroundMayHoldIsFiniteHeightsWithinTheBound) {
  const std::vector<float> good = {0, 1, -kMaxGroundHeight, kMaxGroundHeight, 0.25f, -3};
  EXPECT_EQ(ground_height_problem(good, 3), "");
  std::vector<float> bad = good;
  bad[4] = std::nextafter(kMaxGroundHeight, 2 * kMaxGroundHeight);
  EXPECT_EQ(ground_height_problem(bad, 3),
            "the height at column 1, row 1 is 1000000.06 (a ground holds finite heights from "
            "-1000000 to 1000000)");
  bad[4] = 0;
  bad[2] = -std::numeric_limits<float>::infinity();
  EXPECT_EQ(ground_height_problem(bad, 3),
            "the height at column 2, row 0 is -inf (a ground holds finite heights from -1000000 "
            "to 1000000)");
}

TEST(Rain, CountsEveryDropOnceByHowItEnded) {
  Heightfield field = island_terrain(3);
  Rain rain(field, 3);
  rain.run(5000);
  const RainStats& s = rain.stats();
  EXPECT_EQ(s.drops, 5000u);
  EXPECT_EQ(s.flat + s.off_map + s.sea + s.max_steps, 5000u);
  EXPECT_GE(s.steps, s.drops);
  EXPECT_LE(s.steps, s.drops * sketch::MAX_STEPS);
}

// "Never more than the drop in height, or it would dig a hole deeper than where it's
// heading." On a plane falling 0.01 per cell towards +x, with a one-cell brush and erosion 1
// (so a drop always wants to dig more than the slope allows), every step moves one cell
// length, so no step drops more than 0.01 and no cell is dug twice: no cell can be lowered by
// more than 0.01. Without the rule the capacity term alone digs several times deeper.
TEST(Rain, ADropNeverDigsBelowWhereItIsHeading) {
  Heightfield field(60, 20);
  for (int y = 0; y < 20; y++)
    for (int x = 0; x < 60; x++) field.at(x, y) = static_cast<float>(1.0 - x * 0.01);
  const Heightfield before = field;
  RainParams p;
  p.erosion = 1;
  p.deposition = 0;
  p.brush_radius = 1;
  p.sea_level = 0;
  for (uint32_t seed = 1; seed <= 20; seed++) {
    field = before;
    Rain rain(field, seed, p);
    rain.run(1);
    double deepest = 0;
    for (std::size_t i = 0; i < field.size(); i++) {
      deepest = std::max(deepest, static_cast<double>(before[i]) - field[i]);
    }
    EXPECT_GT(deepest, 0.005) << "the drop digs";
    EXPECT_LE(deepest, 0.01 + 1e-6) << "seed " << seed;
  }
}

TEST(Rain, KeepsAtMostFortyRoutesFromTheOldest) {
  Heightfield field = island_terrain(8);
  Rain rain(field, 8);
  rain.keep_routes(true);
  rain.run(200);
  EXPECT_EQ(rain.route_count(), Rain::kMaxRoutes);
  for (int k = 0; k < rain.route_count(); k++) {
    const auto r = rain.route(k);
    EXPECT_GE(r.size(), 2u);
    EXPECT_LE(r.size(), static_cast<std::size_t>(Rain::kMaxRoutePoints));
    for (std::size_t i = 1; i < r.size(); i++) {
      // Each step moves exactly one cell length (the direction is normalised).
      EXPECT_NEAR(std::hypot(r[i].x - r[i - 1].x, r[i].y - r[i - 1].y), 1.0, 1e-9);
    }
  }
  rain.clear_routes();
  EXPECT_EQ(rain.route_count(), 0);
}

TEST(Rain, RoutesDoNotChangeTheRain) {
  Heightfield a = island_terrain(4);
  Heightfield b = a;
  Rain ra(a, 4);
  Rain rb(b, 4);
  rb.keep_routes(true);
  ra.run(3000);
  rb.run(3000);
  EXPECT_EQ(a, b);
}

TEST(Rain, ChangingABrushRadiusMidRainChangesWhatFollows) {
  Heightfield a = island_terrain(6);
  Heightfield b = a;
  Rain ra(a, 6);
  Rain rb(b, 6);
  ra.run(1000);
  rb.run(1000);
  ASSERT_EQ(a, b);
  RainParams p;
  p.brush_radius = 4;
  rb.set_params(p);
  ra.run(1000);
  rb.run(1000);
  EXPECT_NE(a, b);
}

TEST(Rain, ThePureFormEqualsTheSimulation) {
  const Heightfield start = island_terrain(12);
  Heightfield live = start;
  Rain rain(live, 12);
  rain.run(2500);
  RainStats stats;
  EXPECT_EQ(eroded(start, {}, 2500, 12, &stats), live);
  EXPECT_EQ(stats.steps, rain.stats().steps);
}

}  // namespace
}  // namespace terrain
