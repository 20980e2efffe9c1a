// Hydrology: the drainage it holds is drainage()'s, its Strahler order per cell is the river
// network's (the "Drainage" API documentation's strahlerOrders) without tracing a reach, its
// lakes are the flat fill of the ground's closed hollows, and a steady compute allocates
// nothing. Also the ground's generators, which terrain-cli and the app share.
#include "core/hydrology.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "allocation_counter.h"
#include "core/diamond_square.h"
#include "core/ground.h"
#include "core/island.h"
#include "core/map_view.h"
#include "core/rain.h"
#include "core/river_network.h"
#include "test_support.h"

namespace terrain {
namespace {

// A real ground: the sketch's island after some rain, which leaves hollows and lakes.
Heightfield rained_island(uint32_t seed, int width = sketch::COLS, int height = sketch::ROWS) {
  return eroded(island_terrain(seed, {}, width, height), {}, 20000, seed);
}

HydrologyParams params_with(Routing routing, uint32_t min_flow) {
  HydrologyParams p;
  p.routing = routing;
  p.min_flow = min_flow;
  return p;
}

std::vector<uint8_t> to_vector(std::span<const uint8_t> values) {
  return {values.begin(), values.end()};
}

// --- Strahler's order per cell -----------------------------------------------------------

struct Ground {
  std::string name;
  Heightfield field;
  Heightfield ripple;
};

std::vector<Ground> grounds() {
  std::vector<Ground> out;
  for (const uint32_t seed : {1u, 7u, 42u}) {
    out.push_back({"island " + std::to_string(seed), rained_island(seed), wander_ripple(seed)});
  }
  DiamondSquareParams ds;
  ds.island = kDiamondSquareIsland;
  out.push_back({"diamond-square 5", diamond_square(5, 257, 129, ds), wander_ripple(5, 257, 129)});
  // Noise without the island falloff: many more hollows, so the flood routing's links (which
  // are not steepest descent) carry many of the rivers.
  IslandParams noise;
  noise.island = 0;
  out.push_back({"noise 3", island_terrain(3, noise, 200, 150), wander_ripple(3, 200, 150)});
  return out;
}

TEST(HydrologyStrahler, EqualsTheRiverNetworksOrdersForEverySeedRoutingAndMinFlow) {
  int highest = 0;
  std::size_t kept_order = 0;  // river cells one river runs into that are not sources
  for (const Ground& g : grounds()) {
    for (const Routing routing : {Routing::sketch, Routing::flood}) {
      for (const uint32_t min_flow : {10u, 250u, 5000u}) {
        SCOPED_TRACE(g.name + ", " + std::string(routing_name(routing)) + " routing, min flow " +
                     std::to_string(min_flow));
        Hydrology h;
        h.compute(g.field, params_with(routing, min_flow), &g.ripple);
        const CellVector<uint8_t> expected = strahler_orders(h.drainage(), min_flow);
        const std::vector<uint8_t> got = to_vector(h.strahler());
        ASSERT_EQ(got.size(), expected.size());
        std::size_t differ = 0;
        for (std::size_t i = 0; i < got.size(); i++) differ += got[i] != expected[i];
        EXPECT_EQ(differ, 0u);
        highest = std::max<int>(highest, *std::max_element(got.begin(), got.end()));
        const std::span<const int32_t> down = h.drainage().downstream();
        for (std::size_t i = 0; i < got.size(); i++) {
          if (got[i] > 1 && down[i] >= 0 && got[static_cast<std::size_t>(down[i])] == got[i]) {
            kept_order++;
          }
        }
      }
    }
  }
  // The comparison covered meetings that raise the order and rivers that keep it.
  EXPECT_GE(highest, 4);
  EXPECT_GT(kept_order, 1000u);
}

TEST(HydrologyStrahler, TheFreeFunctionGivesHydrologysOrdersAndSizesItsScratch) {
  const Heightfield field = rained_island(42);
  const Heightfield ripple = wander_ripple(42);
  Hydrology h;
  h.compute(field, params_with(Routing::sketch, 100), &ripple);
  std::vector<uint8_t> out(field.size(), 99);
  std::vector<uint8_t> top, count;
  strahler_per_cell(h.drainage(), 100, out, top, count);
  EXPECT_EQ(out, to_vector(h.strahler()));
  EXPECT_EQ(top.size(), field.size());
  EXPECT_EQ(count.size(), field.size());
  // Every cell is written, 0 included (the 99s are gone), and only river cells are non-zero.
  for (std::size_t i = 0; i < out.size(); i++) {
    ASSERT_EQ(out[i] > 0, h.drainage().flow()[i] >= 100u) << i;
  }
  std::vector<uint8_t> wrong(field.size() - 1);
  EXPECT_NE(testing::invalid_argument_message([&] {
              strahler_per_cell(h.drainage(), 100, wrong, top, count);
            }).find(std::to_string(field.size() - 1)),
            std::string::npos);
}

// --- Lakes -------------------------------------------------------------------------------

// Priority-flood with no epsilon done the plain way, with a binary heap: the water level of
// every cell (the lowest height at which it can spill to the edge or the sea).
Heightfield plain_flat_fill(const Heightfield& field, double sea_level) {
  const int w = field.width();
  const int h = field.height();
  Heightfield out = field;
  std::vector<bool> seen(field.size(), false);
  using Entry = std::pair<float, std::size_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      const std::size_t i = field.index(x, y);
      if (x == 0 || y == 0 || x == w - 1 || y == h - 1 || field[i] < sea_level) {
        seen[i] = true;
        queue.push({field[i], i});
      }
    }
  }
  while (!queue.empty()) {
    const auto [level, i] = queue.top();
    queue.pop();
    const int x = static_cast<int>(i) % w;
    const int y = static_cast<int>(i) / w;
    for (int dy = -1; dy <= 1; dy++) {
      for (int dx = -1; dx <= 1; dx++) {
        if (!field.contains(x + dx, y + dy)) continue;
        const std::size_t j = field.index(x + dx, y + dy);
        if (seen[j]) continue;
        seen[j] = true;
        out[j] = std::max(out[j], level);
        queue.push({out[j], j});
      }
    }
  }
  return out;
}

// Whether the water at `level` standing on cell (x, y) is held in: no cell lower than the
// level and connected to it through cells lower than the level is on the edge or in the sea.
bool held_in(const Heightfield& field, double sea_level, int x, int y, float level) {
  std::vector<bool> seen(field.size(), false);
  std::vector<std::pair<int, int>> todo = {{x, y}};
  seen[field.index(x, y)] = true;
  while (!todo.empty()) {
    const auto [cx, cy] = todo.back();
    todo.pop_back();
    if (cx == 0 || cy == 0 || cx == field.width() - 1 || cy == field.height() - 1 ||
        field.at(cx, cy) < sea_level) {
      return false;
    }
    for (int dy = -1; dy <= 1; dy++) {
      for (int dx = -1; dx <= 1; dx++) {
        const int nx = cx + dx;
        const int ny = cy + dy;
        if (!field.contains(nx, ny) || seen[field.index(nx, ny)]) continue;
        if (field.at(nx, ny) >= level) continue;
        seen[field.index(nx, ny)] = true;
        todo.push_back({nx, ny});
      }
    }
  }
  return true;
}

std::vector<float> lakes_of(const Heightfield& field, double sea_level) {
  std::vector<float> depth(field.size(), -1.0f);
  FloodResult fill;
  FloodWorkspace work;
  lake_depths(field, sea_level, depth, fill, work);
  return depth;
}

// A 9 x 9 plain at 0.5 with a square rim at 0.75 around a bowl; the rim has a notch at 0.625,
// the lowest way out, so the bowl fills to exactly 0.625. (Every height is a short binary
// fraction: the depths are exact.)
Heightfield bowl_field() {
  Heightfield f(9, 9, 0.5f);
  for (int y = 2; y <= 6; y++) {
    for (int x = 2; x <= 6; x++) f.at(x, y) = 0.75f;
  }
  for (int y = 3; y <= 5; y++) {
    for (int x = 3; x <= 5; x++) f.at(x, y) = 0.5f;
  }
  f.at(4, 4) = 0.3125f;   // the deepest point
  f.at(5, 3) = 0.59375f;  // a step inside, still under water
  f.at(6, 4) = 0.625f;    // the notch
  f.at(0, 4) = 0.375f;    // a dip on the edge: the edge is never a lake
  f.at(1, 4) = 0.4375f;   // a dip by the edge, open to it through (0, 4)
  return f;
}

TEST(HydrologyLakes, ABowlFillsFlatToItsNotchDepthIsRimMinusFloor) {
  const Heightfield f = bowl_field();
  const std::vector<float> depth = lakes_of(f, 0.25);
  for (int y = 0; y < 9; y++) {
    for (int x = 0; x < 9; x++) {
      const bool inside = x >= 3 && x <= 5 && y >= 3 && y <= 5;
      const float expected = inside ? 0.625f - f.at(x, y) : 0.0f;
      EXPECT_EQ(depth[f.index(x, y)], expected) << x << ", " << y;
    }
  }
  EXPECT_EQ(depth[f.index(4, 4)], 0.3125f);
  EXPECT_EQ(depth[f.index(5, 3)], 0.03125f);
  EXPECT_TRUE(held_in(f, 0.25, 4, 4, 0.625f));
  EXPECT_FALSE(held_in(f, 0.25, 4, 4, 0.625f + 1e-6f));  // any higher spills over the notch
}

TEST(HydrologyLakes, ABowlWithSeaInItHoldsNoLake) {
  // The sea is a seed of the flood: the bowl around a sea cell drains into it.
  Heightfield f = bowl_field();
  f.at(4, 4) = 0.125f;
  const std::vector<float> depth = lakes_of(f, 0.25);
  EXPECT_TRUE(std::all_of(depth.begin(), depth.end(), [](float d) { return d == 0.0f; }));
  // Above the sea again, the lake is back.
  EXPECT_GT(lakes_of(f, 0.1)[f.index(4, 4)], 0.0f);
}

TEST(HydrologyLakes, AGroundWithNoHollowsHasNoLakes) {
  Heightfield ramp(40, 30);
  for (int y = 0; y < 30; y++) {
    for (int x = 0; x < 40; x++) ramp.at(x, y) = 0.3f + 0.01f * static_cast<float>(x + y % 7);
  }
  const std::vector<float> ramp_depth = lakes_of(ramp, 0.25);
  EXPECT_TRUE(std::all_of(ramp_depth.begin(), ramp_depth.end(), [](float d) { return d == 0; }));
  // A real ground already filled (with a slope, so every cell has a way down) has none either,
  // though the same ground unfilled has many.
  const Heightfield ground = rained_island(42);
  const std::vector<float> before = lakes_of(ground, 0.25);
  EXPECT_GT(std::count_if(before.begin(), before.end(), [](float d) { return d > 0; }), 10);
  const std::vector<float> after = lakes_of(filled(ground, 0.25, 1e-5), 0.25);
  EXPECT_TRUE(std::all_of(after.begin(), after.end(), [](float d) { return d == 0; }));
}

TEST(HydrologyLakes, RealGroundsLakesAreTheFlatFillOfClosedHollows) {
  for (const Ground& g : grounds()) {
    for (const double sea_level : {0.25, 0.4}) {
      SCOPED_TRACE(g.name + ", sea level " + std::to_string(sea_level));
      HydrologyParams p;
      p.sea_level = sea_level;
      Hydrology h;
      h.compute(g.field, p, &g.ripple);
      const std::span<const float> depth = h.lake_depth();
      const Heightfield level = plain_flat_fill(g.field, sea_level);
      const int w = g.field.width();
      const int ht = g.field.height();
      std::size_t lakes = 0, bad = 0, checked = 0;
      for (int y = 0; y < ht; y++) {
        for (int x = 0; x < w; x++) {
          const std::size_t i = g.field.index(x, y);
          const float d = depth[i];
          const float ground = g.field[i];
          bad += !(d >= 0);
          const bool seed = x == 0 || y == 0 || x == w - 1 || y == ht - 1 || ground < sea_level;
          if (seed) {
            bad += d != 0;
            continue;
          }
          const float expected =
              level[i] > ground ? static_cast<float>(static_cast<double>(level[i]) - ground) : 0.0f;
          bad += d != expected;
          if (d > 0) {
            lakes++;
            // Water level = ground + depth, and it is held in (a sample: the walk is slow).
            bad += static_cast<float>(static_cast<double>(ground) + d) != level[i];
            if (lakes % 97 == 1) {
              checked++;
              bad += !held_in(g.field, sea_level, x, y, level[i]);
            }
          }
        }
      }
      EXPECT_EQ(bad, 0u);
      EXPECT_GT(lakes, 0u);
      EXPECT_GT(checked, 0u);
    }
  }
}

// --- The drainage ------------------------------------------------------------------------

TEST(HydrologyDrainage, IsDrainageWithTheSameParams) {
  const Heightfield field = rained_island(9);
  const Heightfield ripple = wander_ripple(9);
  for (const Routing routing : {Routing::sketch, Routing::flood}) {
    SCOPED_TRACE(std::string(routing_name(routing)));
    HydrologyParams p = params_with(routing, 250);
    p.sea_level = 0.3;
    Hydrology h;
    h.compute(field, p, &ripple);
    DrainageParams dp;
    dp.sea_level = 0.3;
    dp.routing = routing;
    // The sketch routing takes the ripple, the flood routing none (given or not).
    const Drainage d = drainage(field, dp, routing == Routing::sketch ? &ripple : nullptr);
    EXPECT_EQ(h.drainage().routing_surface(), d.routing_surface());
    const auto same = [](auto a, auto b) {
      return std::equal(a.begin(), a.end(), b.begin(), b.end());
    };
    EXPECT_TRUE(same(h.drainage().downstream(), d.downstream()));
    EXPECT_TRUE(same(h.drainage().flow(), d.flow()));
    EXPECT_TRUE(same(h.drainage().basins(), d.basins()));
    EXPECT_TRUE(same(h.drainage().outlets(), d.outlets()));
    EXPECT_TRUE(same(h.drainage().lowest_first(), d.lowest_first()));
    EXPECT_EQ(h.width(), 320);
    EXPECT_EQ(h.height(), 180);
    EXPECT_EQ(h.size(), field.size());
    EXPECT_EQ(h.params().sea_level, 0.3);
    EXPECT_EQ(h.params().routing, routing);
  }
}

TEST(HydrologyDrainage, FloodRoutingIgnoresTheRipple) {
  const Heightfield field = rained_island(9);
  const Heightfield ripple = wander_ripple(9);
  const Heightfield odd_ripple(10, 10);  // the wrong size: ignored all the same
  Hydrology with, without, odd;
  with.compute(field, params_with(Routing::flood, 250), &ripple);
  without.compute(field, params_with(Routing::flood, 250));
  odd.compute(field, params_with(Routing::flood, 250), &odd_ripple);
  EXPECT_EQ(with.drainage().routing_surface(), without.drainage().routing_surface());
  EXPECT_EQ(odd.drainage().routing_surface(), without.drainage().routing_surface());
  EXPECT_EQ(to_vector(with.strahler()), to_vector(without.strahler()));
}

// Given a seed, the sketch's routing takes that seed's ripple (and a new seed's, when it
// changes), the flood's none; a second compute for the same seed allocates nothing.
TEST(HydrologyDrainage, ASeedGivesThatSeedsRippleToTheSketchRouting) {
  const Heightfield field = rained_island(9);
  Hydrology seeded;
  for (const uint32_t seed : {9u, 10u, 9u}) {
    const Heightfield ripple = wander_ripple(seed);
    Hydrology explicit_ripple;
    explicit_ripple.compute(field, params_with(Routing::sketch, 250), &ripple);
    seeded.compute(field, params_with(Routing::sketch, 250), seed);
    EXPECT_EQ(seeded.drainage().routing_surface(), explicit_ripple.drainage().routing_surface())
        << "seed " << seed;
    EXPECT_TRUE(std::ranges::equal(seeded.drainage().downstream(),
                                   explicit_ripple.drainage().downstream()));
  }
  Hydrology flood;
  flood.compute(field, params_with(Routing::flood, 250));
  seeded.compute(field, params_with(Routing::flood, 250), 9);
  EXPECT_EQ(seeded.drainage().routing_surface(), flood.drainage().routing_surface());
  seeded.compute(field, params_with(Routing::sketch, 250), 9);
  uint64_t allocations = 0;
  {
    testing::CountAllocations counter;
    seeded.compute(field, params_with(Routing::sketch, 250), 9);
    allocations = counter.count();
  }
  EXPECT_EQ(allocations, 0u);
}

// --- Compute: versions, bad input, allocations -------------------------------------------

TEST(Hydrology, CountsComputesAndRefusesBadParamsNamingThemChangingNothing) {
  const Heightfield field = rained_island(3, 64, 48);
  const Heightfield ripple = wander_ripple(3, 64, 48);
  Hydrology h;
  EXPECT_EQ(h.version(), 0u);
  h.compute(field, params_with(Routing::sketch, 20), &ripple);
  EXPECT_EQ(h.version(), 1u);
  const std::vector<uint8_t> orders = to_vector(h.strahler());

  const std::string zero = testing::invalid_argument_message(
      [&] { h.compute(field, params_with(Routing::sketch, 0), &ripple); });
  EXPECT_NE(zero.find("min_flow"), std::string::npos) << zero;
  EXPECT_NE(zero.find("0"), std::string::npos) << zero;
  const std::string missing = testing::invalid_argument_message(
      [&] { h.compute(field, params_with(Routing::sketch, 20)); });
  EXPECT_NE(missing.find("ripple"), std::string::npos) << missing;
  const Heightfield small = wander_ripple(3, 64, 47);
  const std::string sized = testing::invalid_argument_message(
      [&] { h.compute(field, params_with(Routing::sketch, 20), &small); });
  EXPECT_NE(sized.find("64 x 47"), std::string::npos) << sized;
  EXPECT_NE(sized.find("64 x 48"), std::string::npos) << sized;
  // Refused: nothing changed.
  EXPECT_EQ(h.version(), 1u);
  EXPECT_EQ(h.params().min_flow, 20u);
  EXPECT_EQ(to_vector(h.strahler()), orders);

  h.compute(field, params_with(Routing::flood, 20));
  EXPECT_EQ(h.version(), 2u);
  EXPECT_EQ(h.params().routing, Routing::flood);
}

TEST(Hydrology, ASteadyComputeAllocatesNothing) {
  const Heightfield a = rained_island(42);
  const Heightfield b = rained_island(43);
  const Heightfield ripple_a = wander_ripple(42);
  const Heightfield ripple_b = wander_ripple(43);
  Hydrology h;
  // The first computes size everything, for both routings.
  h.compute(a, params_with(Routing::sketch, 250), &ripple_a);
  h.compute(a, params_with(Routing::flood, 250));
  uint64_t allocations = 0;
  {
    testing::CountAllocations counter;
    h.compute(a, params_with(Routing::sketch, 250), &ripple_a);
    h.compute(a, params_with(Routing::flood, 100));
    h.compute(a, params_with(Routing::sketch, 50), &ripple_a);
    allocations = counter.count();
  }
  EXPECT_EQ(allocations, 0u);

  // Another ground of the same size, once seen, allocates nothing either; and the answer is
  // a fresh Hydrology's.
  h.compute(b, params_with(Routing::sketch, 250), &ripple_b);
  {
    testing::CountAllocations counter;
    h.compute(a, params_with(Routing::sketch, 250), &ripple_a);
    h.compute(b, params_with(Routing::sketch, 250), &ripple_b);
    allocations = counter.count();
  }
  EXPECT_EQ(allocations, 0u);
  Hydrology fresh;
  fresh.compute(b, params_with(Routing::sketch, 250), &ripple_b);
  EXPECT_EQ(to_vector(h.strahler()), to_vector(fresh.strahler()));
  EXPECT_TRUE(std::equal(h.lake_depth().begin(), h.lake_depth().end(), fresh.lake_depth().begin(),
                         fresh.lake_depth().end()));
  EXPECT_TRUE(std::equal(h.drainage().flow().begin(), h.drainage().flow().end(),
                         fresh.drainage().flow().begin(), fresh.drainage().flow().end()));
}

// --- The ground --------------------------------------------------------------------------

TEST(Ground, GrowsTheIslandOrTheDiamondSquareIslandOfTheSeed) {
  GroundParams island;
  island.terrain_scale = 0.02;
  IslandParams expected_island;
  expected_island.terrain_scale = 0.02;
  // At another size than the sketch's: the world's island (the same island, finer), or by the
  // cells as maps were grown before; at the sketch's size the two are one.
  EXPECT_EQ(grow_ground(7, island, 100, 60), world_island_terrain(7, expected_island, 100, 60));
  EXPECT_NE(grow_ground(7, island, 100, 60), island_terrain(7, expected_island, 100, 60));
  island.island_frame = IslandFrame::cells;
  EXPECT_EQ(grow_ground(7, island, 100, 60), island_terrain(7, expected_island, 100, 60));
  EXPECT_EQ(grow_ground(7, GroundParams{}), island_terrain(7));
  GroundParams by_cells;
  by_cells.island_frame = IslandFrame::cells;
  EXPECT_EQ(grow_ground(7, by_cells), island_terrain(7));
  EXPECT_EQ(island_frame_name(IslandFrame::world), "world");
  EXPECT_EQ(parse_island_frame("cells"), IslandFrame::cells);
  EXPECT_EQ(parse_island_frame("World"), std::nullopt);

  GroundParams ds;
  ds.generator = Generator::diamond_square;
  ds.roughness = 0.7;
  DiamondSquareParams expected_ds;
  expected_ds.roughness = 0.7;
  expected_ds.island = kDiamondSquareIsland;
  EXPECT_EQ(grow_ground(7, ds, 129, 65), diamond_square(7, 129, 65, expected_ds));
  EXPECT_EQ(kDiamondSquareIsland, sketch::ISLAND);
  // The falloff is really there: without it the field differs.
  expected_ds.island = 0;
  EXPECT_NE(grow_ground(7, ds, 129, 65), diamond_square(7, 129, 65, expected_ds));
}

TEST(Ground, NamesReadBackAndUnknownNamesAreRefused) {
  for (const Generator g : {Generator::island, Generator::diamond_square}) {
    EXPECT_EQ(parse_generator(generator_name(g)), g);
  }
  EXPECT_EQ(generator_name(Generator::diamond_square), "diamond-square");
  EXPECT_EQ(parse_generator("perlin"), std::nullopt);
  for (const Routing r : {Routing::sketch, Routing::flood}) {
    EXPECT_EQ(parse_routing(routing_name(r)), r);
  }
  EXPECT_EQ(routing_name(Routing::flood), "flood");
  EXPECT_EQ(parse_routing("d8"), std::nullopt);
}

}  // namespace
}  // namespace terrain
