// The core against the sketch's own output for seed 42 (p5.js 1.11.13 in Node): every grid
// must match bit for bit. A missing reference file fails the test.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/drainage.h"
#include "core/island.h"
#include "core/rain.h"
#include "test_support.h"

namespace terrain {
namespace {

using testing::bit_differences;
using testing::read_field;
using testing::read_raw;

TEST(SketchParity, IslandMatchesResetTerrain) {
  const Heightfield expected = read_field("original.f32");
  const Heightfield island = island_terrain(42);
  EXPECT_EQ(bit_differences(island.data(), expected.data(), island.size()), 0u);
}

TEST(SketchParity, WanderRippleMatches) {
  const Heightfield expected = read_field("wander.f32");
  const Heightfield ripple = wander_ripple(42);
  EXPECT_EQ(bit_differences(ripple.data(), expected.data(), ripple.size()), 0u);
}

// The rain, checked after 1,000, 20,000 and 300,000 drops: a wrong hypot or an FMA first
// shows after tens of thousands of drops, so only the long run catches everything.
TEST(SketchParity, RainMatchesAfter1000And20000And300000Drops) {
  Heightfield field = read_field("original.f32");
  Rain rain(field, 42);
  rain.run(1000);
  EXPECT_EQ(bit_differences(field.data(), read_field("eroded-1000.f32").data(), field.size()), 0u);
  rain.run(19000);
  EXPECT_EQ(bit_differences(field.data(), read_field("eroded-20000.f32").data(), field.size()), 0u);
  rain.run(280000);
  EXPECT_EQ(bit_differences(field.data(), read_field("eroded.f32").data(), field.size()), 0u);
  // The sketch's own counts (summary.json).
  EXPECT_EQ(rain.stats().drops, 300000u);
  EXPECT_EQ(rain.stats().steps, 13791204u);
  EXPECT_EQ(rain.stats().flat, 0u);
  EXPECT_EQ(rain.stats().off_map, 138619u);
  EXPECT_EQ(rain.stats().sea, 157568u);
  EXPECT_EQ(rain.stats().max_steps, 3813u);
}

TEST(SketchParity, DrainageMatchesBuildRivers) {
  const Heightfield eroded = read_field("eroded.f32");
  const Heightfield ripple = wander_ripple(42);
  const Drainage d = drainage(eroded, {}, &ripple);

  const Heightfield expected_filled = read_field("filled.f32");
  EXPECT_EQ(bit_differences(d.routing_surface().data(), expected_filled.data(), eroded.size()), 0u);

  const std::vector<float> water = read_raw<float>("water.f32");
  const std::vector<int32_t> downstream = read_raw<int32_t>("downstream.i32");
  std::size_t water_diff = 0;
  std::size_t downstream_diff = 0;
  std::size_t river_cells = 0;
  for (std::size_t i = 0; i < eroded.size(); i++) {
    water_diff += static_cast<float>(d.flow()[i]) != water[i];
    downstream_diff += d.downstream()[i] != downstream[i];
    river_cells += d.flow()[i] >= 250;
  }
  EXPECT_EQ(water_diff, 0u);
  EXPECT_EQ(downstream_diff, 0u);
  EXPECT_EQ(river_cells, 2324u);
}

}  // namespace
}  // namespace terrain
