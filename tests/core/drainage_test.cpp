// Drainage: flow, downstream, basins and outlets keep the promises of the drainage API.
#include "core/drainage.h"

#include <gtest/gtest.h>

#include <numeric>

#include "core/diamond_square.h"
#include "core/island.h"
#include "core/rain.h"

namespace terrain {
namespace {

struct Case {
  const char* name;
  Routing routing;
  bool ripple;
};

class DrainageProperties : public ::testing::TestWithParam<Case> {
 protected:
  Drainage run(uint32_t seed) {
    field_ = eroded(island_terrain(seed), {}, 20000, seed);
    ripple_ = wander_ripple(seed);
    DrainageParams p;
    p.routing = GetParam().routing;
    return drainage(field_, p, GetParam().ripple ? &ripple_ : nullptr);
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

INSTANTIATE_TEST_SUITE_P(Routings, DrainageProperties,
                         ::testing::Values(Case{"sketch", Routing::sketch, true},
                                           Case{"flood", Routing::flood, false}),
                         CaseName);

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
