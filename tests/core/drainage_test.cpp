// Drainage: flow, downstream, basins and outlets keep the promises of the "Drainage" API
// documentation, and both ways of adding up flow and basins (in height order, and climbing
// from the outlets) give the same answer.
#include "core/drainage.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "core/diamond_square.h"
#include "core/island.h"
#include "core/p5_random.h"
#include "core/rain.h"
#include "core/sketch.h"
#include "test_support.h"

namespace terrain {
namespace {

// height_order_cells values that force one way or the other whatever the map's size.
constexpr std::size_t kAlwaysHeightOrder = std::numeric_limits<std::size_t>::max();
constexpr std::size_t kAlwaysClimb = 0;

struct Case {
  const char* name;
  Routing routing;
  bool ripple;
  std::size_t height_order_cells;
};

// gtest prints a failing case by its name rather than its bytes.
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

class DrainageProperties : public ::testing::TestWithParam<Case> {
 protected:
  Drainage run(uint32_t seed) {
    field_ = eroded(island_terrain(seed), {}, 20000, seed);
    ripple_ = wander_ripple(seed);
    DrainageParams p;
    p.routing = GetParam().routing;
    p.height_order_cells = GetParam().height_order_cells;
    Drainage d = drainage(field_, p, GetParam().ripple ? &ripple_ : nullptr);
    EXPECT_EQ(d.climbed_from_outlets(), GetParam().height_order_cells == kAlwaysClimb);
    return d;
  }
  Heightfield field_;
  Heightfield ripple_;
};

TEST_P(DrainageProperties, FlowStrictlyGrowsDownstream) {
  for (uint32_t seed : {1u, 42u}) {
    const Drainage d = run(seed);
    for (std::size_t i = 0; i < d.size(); i++) {
      const int32_t j = d.downstream()[i];
      if (j >= 0) {
        ASSERT_GT(d.flow()[static_cast<std::size_t>(j)], d.flow()[i]) << i;
      }
    }
  }
}

TEST_P(DrainageProperties, EachOutletCarriesItsBasinAndOutletsSumToTheMap) {
  const Drainage d = run(9);
  std::vector<uint32_t> basin_size(d.outlets().size(), 0);
  for (std::size_t i = 0; i < d.size(); i++) basin_size[static_cast<std::size_t>(d.basins()[i])]++;
  uint64_t total = 0;
  for (std::size_t b = 0; b < d.outlets().size(); b++) {
    const auto outlet = static_cast<std::size_t>(d.outlets()[b]);
    EXPECT_EQ(d.downstream()[outlet], -1);
    EXPECT_EQ(d.flow()[outlet], basin_size[b]) << "basin " << b;
    total += d.flow()[outlet];
  }
  EXPECT_EQ(total, d.size());
}

TEST_P(DrainageProperties, ACellAndTheCellBelowShareABasin) {
  const Drainage d = run(13);
  for (std::size_t i = 0; i < d.size(); i++) {
    const int32_t j = d.downstream()[i];
    if (j >= 0) {
      ASSERT_EQ(d.basins()[i], d.basins()[static_cast<std::size_t>(j)]);
    }
  }
  const int x = 100, y = 90;
  EXPECT_EQ(d.outlet(x, y), d.outlets()[static_cast<std::size_t>(d.basin(x, y))]);
}

TEST_P(DrainageProperties, EveryCellReachesAnOutletAndOutletsAreSeaOrLowPoints) {
  const Drainage d = run(21);
  const Heightfield& s = d.routing_surface();
  for (std::size_t i = 0; i < d.size(); i++) {
    // Follow the water: it must end at an outlet within n steps (no cycles).
    std::size_t c = i;
    std::size_t steps = 0;
    while (d.downstream()[c] >= 0 && steps <= d.size()) {
      c = static_cast<std::size_t>(d.downstream()[c]);
      steps++;
    }
    ASSERT_LE(steps, d.size());
    // Outlets: below sea level, or no strictly lower neighbour.
    if (d.downstream()[i] == -1 && s[i] >= 0.25f) {
      const int x = static_cast<int>(i % 320), y = static_cast<int>(i / 320);
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          if (s.contains(x + dx, y + dy)) {
            ASSERT_GE(s.at(x + dx, y + dy), s[i]);
          }
    }
  }
}

TEST_P(DrainageProperties, LowestFirstPutsEveryCellAfterTheCellBelowIt) {
  const Drainage d = run(5);
  ASSERT_EQ(d.lowest_first().size(), d.size());
  std::vector<std::size_t> position(d.size(), d.size());
  for (std::size_t k = 0; k < d.size(); k++) {
    position[static_cast<std::size_t>(d.lowest_first()[k])] = k;
  }
  for (std::size_t i = 0; i < d.size(); i++) {
    ASSERT_LT(position[i], d.size()) << "every cell listed";
    const int32_t j = d.downstream()[i];
    if (j >= 0) {
      ASSERT_GT(position[i], position[static_cast<std::size_t>(j)]);
    }
  }
}

// Flow is each cell plus everything draining into it: checked against a direct count (walk
// down from every cell, adding one to each cell on the way).
TEST_P(DrainageProperties, FlowCountsEveryCellUpstreamOnce) {
  const Drainage d = run(17);
  std::vector<uint32_t> count(d.size(), 0);
  for (std::size_t i = 0; i < d.size(); i++) {
    for (int64_t c = static_cast<int64_t>(i); c >= 0;
         c = d.downstream()[static_cast<std::size_t>(c)]) {
      count[static_cast<std::size_t>(c)]++;
    }
  }
  EXPECT_TRUE(std::equal(count.begin(), count.end(), d.flow().begin()));
}

std::string CaseName(const ::testing::TestParamInfo<Case>& p) {
  return p.param.name;
}

INSTANTIATE_TEST_SUITE_P(
    Routings, DrainageProperties,
    ::testing::Values(Case{"sketch", Routing::sketch, true, kAlwaysHeightOrder},
                      Case{"flood", Routing::flood, false, kAlwaysHeightOrder},
                      Case{"sketch_climbed", Routing::sketch, true, kAlwaysClimb},
                      Case{"flood_climbed", Routing::flood, false, kAlwaysClimb}),
    CaseName);

// --- the two ways of adding up flow and basins ---------------------------------------------

// A field to drain, how, and with which ripple.
struct Field {
  std::string name;
  Heightfield field;
  DrainageParams params;
  Heightfield ripple;  // empty: none
};

// Heights from P5Random, in 0..1: hollows, peaks and saddles everywhere.
Heightfield random_field(uint32_t seed, int width, int height) {
  Heightfield f(width, height);
  P5Random random(seed);
  for (float& h : f.values()) h = static_cast<float>(random.next());
  return f;
}

// `field` rounded down to `levels` steps: wide terraces of exactly equal heights.
Heightfield terraced(const Heightfield& field, double levels) {
  Heightfield f = field;
  for (float& h : f.values()) h = static_cast<float>(std::floor(h * levels) / levels);
  return f;
}

// An egg box: a closed hollow every few cells, none of them reaching the edge.
Heightfield egg_box(int width, int height) {
  Heightfield f(width, height);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      f.at(x, y) = static_cast<float>(0.5 + 0.25 * std::sin(x * 0.9) * std::cos(y * 0.7));
  return f;
}

// The fields both ways are held to, each drained with the routing given.
std::vector<Field> fields_to_drain(Routing routing) {
  std::vector<Field> fields;
  auto add = [&](std::string name, Heightfield field, DrainageParams params,
                 Heightfield ripple = {}) {
    params.routing = routing;
    fields.push_back({std::move(name), std::move(field), params, std::move(ripple)});
  };
  const DrainageParams defaults;
  DrainageParams no_sea;
  no_sea.sea_level = 0;
  DrainageParams unfilled = no_sea;
  unfilled.fill_hollows = false;
  DrainageParams flat_fill = no_sea;  // filled hollows stay dead flat
  flat_fill.min_drop = 0;
  DrainageParams high_sea;
  high_sea.sea_level = 0.5;
  DrainageParams all_sea;
  all_sea.sea_level = 2;

  // The sketch's own map after 300,000 drops (tests/data), with its ripple.
  add("seed 42 eroded", testing::read_field("eroded.f32"), defaults, wander_ripple(42));
  add("seed 42 eroded, no ripple", testing::read_field("eroded.f32"), defaults);
  add("seed 42 eroded, high sea", testing::read_field("eroded.f32"), high_sea, wander_ripple(42));
  // Diamond-square: an island, and a raw field full of hollows, both of odd sizes.
  DiamondSquareParams island;
  island.island = sketch::ISLAND;
  add("diamond-square island", diamond_square(7, 257, 257, island), defaults);
  add("diamond-square raw", diamond_square(3, 301, 123), no_sea);
  add("diamond-square raw, unfilled", diamond_square(3, 301, 123), unfilled);
  add("diamond-square raw, flat fill", diamond_square(3, 301, 123), flat_fill);
  // Flats: terraces, with and without filling, and a field that is flat everywhere.
  add("terraces", terraced(island_terrain(5), 12), defaults);
  add("terraces, unfilled", terraced(island_terrain(5), 12), unfilled);
  add("terraces, flat fill", terraced(island_terrain(5), 12), flat_fill);
  add("flat", Heightfield(40, 30, 0.5f), no_sea);
  add("flat, flat fill", Heightfield(40, 30, 0.5f), flat_fill);
  add("flat, unfilled", Heightfield(40, 30, 0.5f), unfilled);
  // Hollows that never reach the edge.
  add("egg box", egg_box(91, 67), no_sea);
  add("egg box, unfilled", egg_box(91, 67), unfilled);
  // Sea: half the map, and all of it.
  add("island, high sea", island_terrain(8), high_sea, wander_ripple(8));
  add("island, all sea", island_terrain(8), all_sea);
  // Odd sizes: single cells, single rows and columns, tiny and prime-sided maps.
  add("1x1", Heightfield(1, 1, 0.7f), no_sea);
  add("1x17", random_field(1, 1, 17), no_sea);
  add("17x1", random_field(2, 17, 1), no_sea);
  add("2x2", random_field(3, 2, 2), no_sea);
  add("3x5", random_field(4, 3, 5), no_sea);
  add("97x31", random_field(5, 97, 31), no_sea);
  add("97x31, unfilled", random_field(5, 97, 31), unfilled);
  add("97x31, sea", random_field(6, 97, 31), high_sea);
  return fields;
}

void expect_same_drainage(const Drainage& climbed, const Drainage& ordered) {
  ASSERT_EQ(climbed.size(), ordered.size());
  EXPECT_TRUE(std::ranges::equal(climbed.downstream(), ordered.downstream())) << "downstream";
  EXPECT_TRUE(std::ranges::equal(climbed.flow(), ordered.flow())) << "flow";
  EXPECT_TRUE(std::ranges::equal(climbed.basins(), ordered.basins())) << "basins";
  EXPECT_TRUE(std::ranges::equal(climbed.outlets(), ordered.outlets())) << "outlets";
}

// `params` with `cells` as the size from which the drainage orders by height (kAlwaysClimb,
// kAlwaysHeightOrder).
DrainageParams with_height_order_cells(DrainageParams params, std::size_t cells) {
  params.height_order_cells = cells;
  return params;
}

class DrainagePaths : public ::testing::TestWithParam<Routing> {};

TEST_P(DrainagePaths, ClimbingFromTheOutletsEqualsTheHeightOrder) {
  for (const Field& f : fields_to_drain(GetParam())) {
    SCOPED_TRACE(f.name);
    const Heightfield* ripple = f.ripple.empty() ? nullptr : &f.ripple;
    const DrainageParams by_height = with_height_order_cells(f.params, kAlwaysHeightOrder);
    const DrainageParams by_climbing = with_height_order_cells(f.params, kAlwaysClimb);
    const Drainage ordered = drainage(f.field, by_height, ripple);
    const Drainage climbed = drainage(f.field, by_climbing, ripple);
    ASSERT_FALSE(ordered.climbed_from_outlets());
    ASSERT_TRUE(climbed.climbed_from_outlets());
    expect_same_drainage(climbed, ordered);
  }
}

// One Drainage reused across fields and both ways: the climb's scratch (its stack, the rows of
// steepest ways) carries nothing over from the last compute.
TEST_P(DrainagePaths, AReusedDrainageSwitchingWaysGivesAFreshAnswer) {
  Drainage reused;
  for (const Field& f : fields_to_drain(GetParam())) {
    SCOPED_TRACE(f.name);
    const Heightfield* ripple = f.ripple.empty() ? nullptr : &f.ripple;
    const DrainageParams by_height = with_height_order_cells(f.params, kAlwaysHeightOrder);
    const DrainageParams by_climbing = with_height_order_cells(f.params, kAlwaysClimb);
    reused.compute(f.field, by_climbing, ripple);
    expect_same_drainage(reused, drainage(f.field, by_height, ripple));
    reused.compute(f.field, by_height, ripple);
    reused.compute(f.field, by_climbing, ripple);
    expect_same_drainage(reused, drainage(f.field, by_height, ripple));
  }
}

INSTANTIATE_TEST_SUITE_P(Routings, DrainagePaths,
                         ::testing::Values(Routing::sketch, Routing::flood),
                         [](const ::testing::TestParamInfo<Routing>& p) {
                           return std::string(p.param == Routing::sketch ? "sketch" : "flood");
                         });

// height_order_cells is the largest map added up in height order: one cell more climbs.
TEST(DrainageThreshold, TheThresholdIsTheLargestMapAddedUpInHeightOrder) {
  const Heightfield field = island_terrain(3);
  DrainageParams p;
  p.height_order_cells = field.size();
  EXPECT_FALSE(drainage(field, p).climbed_from_outlets());
  p.height_order_cells = field.size() - 1;
  EXPECT_TRUE(drainage(field, p).climbed_from_outlets());
  // By default the sketch's map is added up in height order, as the sketch does.
  EXPECT_EQ(DrainageParams{}.height_order_cells, kDrainageHeightOrderCells);
  EXPECT_FALSE(drainage(field).climbed_from_outlets());
}

// By default a map of more than kDrainageHeightOrderCells cells climbs (a plane tilted towards
// the top-left corner, so the flood has nothing to fill and the pass stays quick).
TEST(DrainageThreshold, ByDefaultAMapOverTheThresholdClimbs) {
  const int width = 1025;
  const int height = 1024;
  ASSERT_GT(static_cast<std::size_t>(width) * height, kDrainageHeightOrderCells);
  Heightfield plane(width, height);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      plane.at(x, y) = static_cast<float>(x) + 2.0f * static_cast<float>(y);
  DrainageParams p;
  p.sea_level = 0;
  const Drainage climbed = drainage(plane, p);
  EXPECT_TRUE(climbed.climbed_from_outlets());
  p.height_order_cells = kAlwaysHeightOrder;
  expect_same_drainage(climbed, drainage(plane, p));
  // Every cell has a lower neighbour but the corner at (0, 0): one basin, the whole map.
  ASSERT_EQ(climbed.outlets().size(), 1u);
  EXPECT_EQ(climbed.outlets()[0], 0);
  EXPECT_EQ(climbed.flow()[0], plane.size());
  EXPECT_EQ(climbed.basin(width - 1, height - 1), 0);
}

TEST(Drainage, DiagonalStepsAreMeasuredOverRootTwo) {
  // The centre drops 1.0 straight down (south) and 1.3 diagonally (south-east): over sqrt(2)
  // the diagonal is the gentler slope (0.92 < 1), so the water goes south.
  Heightfield f(3, 3, 5.0f);
  f.at(1, 1) = 2.0f;
  f.at(1, 2) = 1.0f;
  f.at(2, 2) = 0.7f;
  DrainageParams p;
  p.sea_level = 0;
  p.fill_hollows = false;
  const Drainage d = drainage(f, p);
  EXPECT_EQ(d.downstream()[4], 7);
}

TEST(Drainage, SeaCellsAreOutletsAndKeepTheirWater) {
  Heightfield f(4, 1);
  const float h[] = {0.1f, 0.2f, 0.5f, 0.9f};
  for (int x = 0; x < 4; x++) f.at(x, 0) = h[x];
  const Drainage d = drainage(f, {});
  EXPECT_EQ(d.downstream()[0], -1);
  EXPECT_EQ(d.downstream()[1], -1);  // 0.2 is below the sea level of 0.25
  EXPECT_EQ(d.downstream()[3], 2);
  EXPECT_EQ(d.downstream()[2], 1);
  EXPECT_EQ(d.flow()[1], 3u);
  EXPECT_EQ(d.flow()[0], 1u);
}

TEST(Drainage, FloodRoutingDrainsAFilledHollowByTheLinkTheFloodCameIn) {
  // A 7x5 field: a lake basin in the middle, its only way out a notch in the right edge.
  Heightfield f(7, 5, 9.0f);
  for (int y = 1; y <= 3; y++)
    for (int x = 1; x <= 5; x++) f.at(x, y) = 1.0f;
  f.at(6, 2) = 2.0f;  // the notch
  DrainageParams p;
  p.sea_level = 0;
  p.routing = Routing::flood;
  const Drainage d = drainage(f, p);
  // Every cell's water leaves by the notch (the rim drains into the lake, the lake out of
  // the notch): one basin, and the notch carries the whole map.
  for (int y = 0; y < 5; y++)
    for (int x = 0; x < 7; x++)
      EXPECT_EQ(d.outlet(x, y), static_cast<int32_t>(f.index(6, 2))) << x << "," << y;
  EXPECT_EQ(d.flow(6, 2), 35u);
  // The cell next to the notch was flooded from it and drains straight into it, and a lake
  // cell follows its flood link rather than the filled surface's slope.
  EXPECT_EQ(d.downstream()[f.index(5, 2)], static_cast<int32_t>(f.index(6, 2)));
  for (int y = 1; y <= 3; y++) {
    for (int x = 1; x <= 5; x++) {
      const int32_t to = d.downstream()[f.index(x, y)];
      EXPECT_EQ(to % 7, x + 1) << "one column nearer the notch, from " << x << "," << y;
    }
  }
}

TEST(Drainage, WithoutFillingHollowsAPitIsAnOutlet) {
  Heightfield f(5, 5, 5.0f);
  f.at(2, 2) = 1.0f;
  DrainageParams p;
  p.sea_level = 0;
  p.fill_hollows = false;
  const Drainage d = drainage(f, p);
  EXPECT_EQ(d.downstream()[f.index(2, 2)], -1);
  EXPECT_EQ(d.flow(2, 2), 9u);  // the pit and its 8 neighbours
}

TEST(Drainage, ReusingTheObjectGivesTheSameAnswerAsAFreshOne) {
  Drainage reused;
  const Heightfield a = island_terrain(1);
  const Heightfield b = island_terrain(2);
  reused.compute(a, {});
  reused.compute(b, {});
  const Drainage fresh = drainage(b, {});
  EXPECT_TRUE(std::equal(reused.flow().begin(), reused.flow().end(), fresh.flow().begin()));
  EXPECT_TRUE(std::equal(reused.downstream().begin(), reused.downstream().end(),
                         fresh.downstream().begin()));
}

}  // namespace
}  // namespace terrain
