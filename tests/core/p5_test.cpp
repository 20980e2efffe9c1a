// p5.js compatibility: the generator's sequence, noise, V8's Math functions, determinism.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/island.h"
#include "core/js_math.h"
#include "core/number_text.h"
#include "core/p5_noise.h"
#include "core/p5_random.h"
#include "core/rain.h"

namespace terrain {
namespace {

TEST(P5Random, FollowsTheNumericalRecipesLcg) {
  P5Random r(42);
  // z1 = (1664525 * 42 + 1013904223) mod 2^32 = 1083814273
  EXPECT_EQ(r.next(), 1083814273.0 / 4294967296.0);
  EXPECT_EQ(r.state(), 1083814273u);
  // random(0, 319) = r * 319 + 0
  P5Random s(42);
  EXPECT_EQ(s.range(0, 319), 1083814273.0 / 4294967296.0 * 319);
}

TEST(P5Random, SeedsWrapLikeUnsignedShift) {
  // p5 takes seeds `>>> 0`: 4294967295 is a valid seed and differs from 0.
  P5Random a(4294967295u);
  P5Random b(0);
  EXPECT_NE(a.next(), b.next());
}

TEST(P5Noise, IsWithinZeroAndOneAndSmooth) {
  P5Noise noise(7);
  noise.detail(6, 0.5);
  for (int i = 0; i < 1000; i++) {
    const double x = i * 0.0137;
    const double v = noise(x, x * 0.5);
    ASSERT_GE(v, 0);
    ASSERT_LT(v, 1);
    ASSERT_LT(std::fabs(noise(x + 1e-6, x * 0.5) - v), 1e-3);
  }
}

TEST(P5Noise, GridFillEqualsPointByPointCalls) {
  P5Noise noise(123);
  noise.detail(6, 0.5);
  const std::vector<double> xs = {0, 0.012, 0.5, 3.999, 17.25, 500.08};
  const std::vector<double> ys = {0, 0.7, 2.0, 500.16};
  std::vector<double> grid(xs.size() * ys.size());
  noise.fill_grid(xs, ys, grid);
  for (std::size_t j = 0; j < ys.size(); j++)
    for (std::size_t i = 0; i < xs.size(); i++)
      EXPECT_EQ(grid[j * xs.size() + i], noise(xs[i], ys[j]));
}

TEST(P5Noise, NegativeCoordinatesMirror) {
  P5Noise noise(1);
  EXPECT_EQ(noise(-2.5, -1.25), noise(2.5, 1.25));
}

TEST(JsMath, HypotIsV8sScaledForm) {
  // V8: sqrt(1 + r*r) * max. Checked values: exact cases and the scaling.
  EXPECT_EQ(js::hypot(3, 4), 5);
  EXPECT_EQ(js::hypot(0, 0), 0);
  EXPECT_EQ(js::hypot(-2, 0), 2);
  const double a = 0.1, b = 0.7;
  EXPECT_EQ(js::hypot(a, b), std::sqrt(1 + (a / b) * (a / b)) * b);
  EXPECT_EQ(js::hypot(1, 2, 2), 3);
}

// Math.cos in Node 20 (V8's fdlibm) at i * PI / 10000, at inputs where glibc's cos differs in
// the last bit: the port must give V8's bits, not the C library's.
TEST(JsMath, CosGivesV8sBitsWhereGlibcDiffers) {
  const struct {
    int i;
    uint64_t bits;
  } node[] = {{925, 0x3feea8887f4bfc5eull},  {1443, 0x3fecc48cb782d649ull},
              {1739, 0x3feb5794032923fbull}, {2035, 0x3fe9ae1f593c7b47ull},
              {2960, 0x3fe32209a18b1e8aull}, {4366, 0x3fc953902796d5f4ull},
              {6512, 0xbfdd4529561c15daull}, {6771, 0xbfe0e64bcbae88b0ull}};
  for (const auto& c : node) {
    const double x = c.i * 3.141592653589793 / 10000;
    EXPECT_EQ(std::bit_cast<uint64_t>(js::cos(x)), c.bits) << c.i;
  }
  EXPECT_EQ(js::cos(0), 1);
  EXPECT_EQ(js::cos(-1.0), js::cos(1.0));
  EXPECT_NEAR(js::cos(2.5), std::cos(2.5), 1e-15);
}

TEST(Determinism, SameSeedSameIslandAndRainOtherSeedsDiffer) {
  const Heightfield a = island_terrain(2024);
  EXPECT_EQ(a, island_terrain(2024));
  EXPECT_NE(a, island_terrain(2025));
  EXPECT_EQ(eroded(a, {}, 3000, 2024), eroded(a, {}, 3000, 2024));
  EXPECT_NE(eroded(a, {}, 3000, 2024), eroded(a, {}, 3000, 2025));
}

TEST(Island, IsNormalisedWithItsMinimumFromTheDoubleValues) {
  const Heightfield f = island_terrain(42);
  EXPECT_EQ(f.max(), 1.0f);
  EXPECT_GE(f.min(), 0.0f);
  EXPECT_LT(f.min(), 1e-6f);
  // The middle is high and the corners low (the island falloff).
  EXPECT_GT(f.at(160, 90), f.at(0, 0));
  // The terrain scale changes the terrain.
  IslandParams rough;
  rough.terrain_scale = 0.03;
  EXPECT_NE(island_terrain(42, rough), f);
}

TEST(Island, OtherSizesUseTheirOwnFalloff) {
  const Heightfield f = island_terrain(5, {}, 64, 48);
  EXPECT_EQ(f.width(), 64);
  EXPECT_EQ(f.height(), 48);
  EXPECT_EQ(f.max(), 1.0f);
  EXPECT_DOUBLE_EQ(island_falloff(0, 0, 64, 48), 0.0);
  EXPECT_NEAR(island_falloff(32, 24, 65, 49), 1.0, 1e-12);
}

}  // namespace
}  // namespace terrain

namespace terrain {
namespace {

TEST(NumberText, ThousandsAsToLocaleStringWritesThem) {
  EXPECT_EQ(with_thousands(0), "0");
  EXPECT_EQ(with_thousands(999), "999");
  EXPECT_EQ(with_thousands(1000), "1,000");
  EXPECT_EQ(with_thousands(300000), "300,000");
  EXPECT_EQ(with_thousands(18446744073709551615ull), "18,446,744,073,709,551,615");
  EXPECT_EQ(number_text(0.35), "0.35");
}

}  // namespace
}  // namespace terrain
