// BasinTones: a tone for every land basin, different tones for touching basins, tones kept by
// outlet cell across updates except where a larger neighbour forces a change, a first update
// that is a pure function of the map, and steady updates that allocate nothing. Checked
// against a reference worked out here cell by cell (sizes, touching pairs, the visit order).
#include "render/geometry/basin_tones.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "allocation_counter.h"
#include "core/drainage.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/island.h"
#include "core/rain.h"
#include "core/sketch.h"

namespace terrain::render {
namespace {

constexpr double kSea = sketch::sea_level.initial;

// The drainage of a real map as the app works it out: through Hydrology.
Drainage drainage_of(const Heightfield& ground, Routing routing, uint32_t seed) {
  const Heightfield ripple = wander_ripple(seed, ground.width(), ground.height());
  HydrologyParams params;
  params.sea_level = kSea;
  params.routing = routing;
  Hydrology hydrology;
  hydrology.compute(ground, params, &ripple);
  return hydrology.drainage();
}

// What the tones must follow, worked out the slow way.
struct Reference {
  std::vector<uint32_t> land;            // land cells per basin
  std::set<std::pair<int, int>> touch;   // touching land basins (a, b), both ways
  std::vector<std::vector<int>> around;  // touching basins per basin
  std::vector<int> rank;                 // place in the visit (largest first), -1 no land
};

Reference reference(const Drainage& d, const Heightfield& ground, double sea) {
  Reference r;
  const std::size_t count = d.outlets().size();
  r.land.assign(count, 0);
  r.around.resize(count);
  for (int y = 0; y < ground.height(); y++) {
    for (int x = 0; x < ground.width(); x++) {
      if (!(ground.at(x, y) >= sea)) continue;
      const int a = d.basin(x, y);
      r.land[static_cast<std::size_t>(a)]++;
      for (int dy = -1; dy <= 1; dy++) {
        for (int dx = -1; dx <= 1; dx++) {
          const int nx = x + dx;
          const int ny = y + dy;
          if (!ground.contains(nx, ny) || !(ground.at(nx, ny) >= sea)) continue;
          const int b = d.basin(nx, ny);
          if (a != b && r.touch.insert({a, b}).second) {
            r.around[static_cast<std::size_t>(a)].push_back(b);
          }
        }
      }
    }
  }
  std::vector<int> order;
  for (std::size_t b = 0; b < count; b++) {
    if (r.land[b] > 0) order.push_back(static_cast<int>(b));
  }
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const auto la = r.land[static_cast<std::size_t>(a)];
    const auto lb = r.land[static_cast<std::size_t>(b)];
    return la != lb ? la > lb : a < b;
  });
  r.rank.assign(count, -1);
  for (std::size_t i = 0; i < order.size(); i++) {
    r.rank[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
  }
  return r;
}

// Every land basin has a tone, every other none; returns the touching pairs sharing a tone.
int expect_tones_cover_land(const BasinTones& tones, const Drainage& d, const Reference& r) {
  EXPECT_EQ(tones.tones().size(), d.outlets().size());
  for (std::size_t b = 0; b < r.land.size(); b++) {
    if (r.land[b] > 0) {
      EXPECT_LT(tones.tones()[b], BasinTones::kToneCount) << "land basin " << b;
    } else {
      EXPECT_EQ(tones.tones()[b], BasinTones::kNone) << "basin " << b << " has no land";
    }
  }
  int clashes = 0;
  for (const auto& [a, b] : r.touch) {
    if (a < b &&
        tones.tones()[static_cast<std::size_t>(a)] == tones.tones()[static_cast<std::size_t>(b)]) {
      clashes++;
    }
  }
  return clashes;
}

TEST(BasinTones, PaletteIsDistinctAndNeverClipsUnderTheBrightestLight) {
  const double brightest = sketch::AMBIENT + (1 - sketch::AMBIENT) * 1.25;
  for (int t = 0; t < BasinTones::kToneCount; t++) {
    const Rgb c = BasinTones::color(t);
    for (double v : c) {
      EXPECT_GE(v, 0);
      EXPECT_LE(v * brightest, 255.0) << "tone " << t;
    }
    // Mid lightness: neither near black nor near white.
    const double mean = (c[0] + c[1] + c[2]) / 3;
    EXPECT_GT(mean, 90) << "tone " << t;
    EXPECT_LT(mean, 190) << "tone " << t;
    // A hue, not a grey.
    EXPECT_GT(std::max({c[0], c[1], c[2]}) - std::min({c[0], c[1], c[2]}), 40) << "tone " << t;
    for (int u = 0; u < t; u++) {
      const Rgb d = BasinTones::color(u);
      const double dist = std::abs(c[0] - d[0]) + std::abs(c[1] - d[1]) + std::abs(c[2] - d[2]);
      EXPECT_GT(dist, 50) << "tones " << u << " and " << t << " look alike";
    }
  }
  EXPECT_THROW(BasinTones::color(-1), std::invalid_argument);
  EXPECT_THROW(BasinTones::color(BasinTones::kToneCount), std::invalid_argument);
}

TEST(BasinTones, LandBasinsTakeToneAndTouchingOnesDiffer) {
  for (Routing routing : {Routing::sketch, Routing::flood}) {
    for (uint32_t seed : {1u, 7u, 42u, 1234u, 99999u}) {
      const Heightfield ground = island_terrain(seed);
      const Drainage d = drainage_of(ground, routing, seed);
      const Reference r = reference(d, ground, kSea);
      BasinTones tones;
      tones.update(d, ground, kSea);
      int land_basins = 0;
      for (uint32_t n : r.land) land_basins += n > 0 ? 1 : 0;
      ASSERT_GT(land_basins, 20) << "seed " << seed;
      ASSERT_GT(r.touch.size(), 20u) << "seed " << seed;
      EXPECT_EQ(expect_tones_cover_land(tones, d, r), 0)
          << "seed " << seed << ", routing " << static_cast<int>(routing);
      // The tones are spread: more than a handful in use.
      std::set<int> used;
      for (uint8_t t : tones.tones()) {
        if (t != BasinTones::kNone) used.insert(t);
      }
      EXPECT_GE(used.size(), 8u) << "seed " << seed;
    }
  }
}

// A basin visited after neighbours holding all twelve tones takes the tone fewest of them use.
// The map: a sea along the top; below it a comb of long valleys (odd columns) between low
// ridges, all rising away from the sea, so each valley is a basin draining up to the sea and
// each touches the next; along the bottom a shelf one row high, just below the comb's lowest
// row, falling gently to the right into a sea cell in the corner: one basin touching every
// valley, smaller than each of them, so visited after them all.
TEST(BasinTones, AllTonesTakenGivesTheLeastUsed) {
  const int valleys = 60;
  const int cols = 2 * valleys + 1;
  const int comb = valleys + 10;  // rows of the comb: a valley basin outsizes the shelf
  const int rows = comb + 2;
  Heightfield ground(cols, rows, 0.0f);
  const auto valley_at = [](int y) { return 0.3 + 0.001 * y; };
  for (int y = 1; y <= comb; y++) {
    for (int x = 0; x < cols; x++) {
      ground.at(x, y) = static_cast<float>(valley_at(y) + (x % 2 == 0 ? 0.0005 : 0.0));
    }
  }
  // Below the comb's bottom row (so it never drains up into it) and above what that row's
  // cells drain to within the comb (so they never drain down into it).
  for (int x = 0; x < cols - 1; x++) {
    ground.at(x, rows - 1) =
        static_cast<float>(valley_at(comb) - 0.0001 - 0.0004 * x / static_cast<double>(cols));
  }
  ground.at(cols - 1, rows - 1) = 0.0f;
  DrainageParams params;
  params.sea_level = kSea;
  params.routing = Routing::flood;
  const Drainage d = drainage(ground, params);
  const Reference r = reference(d, ground, kSea);
  const int shelf = d.basin(0, rows - 1);
  for (int x = 0; x < cols - 1; x++) ASSERT_EQ(d.basin(x, rows - 1), shelf) << x;
  // (The last valley's foot drains into the corner's sea instead.)
  for (int k = 0; k + 1 < valleys; k++) {
    const int x = 2 * k + 1;
    ASSERT_EQ(d.basin(x, comb), d.basin(x, 1)) << "valley " << k << " is one basin";
    ASSERT_LT(r.rank[static_cast<std::size_t>(d.basin(x, 1))],
              r.rank[static_cast<std::size_t>(shelf)]);
  }
  ASSERT_GE(r.around[static_cast<std::size_t>(shelf)].size(),
            static_cast<std::size_t>(valleys - 1));

  BasinTones tones;
  tones.update(d, ground, kSea);
  EXPECT_EQ(expect_tones_cover_land(tones, d, r) > 0, true) << "the shelf must share a tone";
  std::array<int, BasinTones::kToneCount> used{};
  for (int b : r.around[static_cast<std::size_t>(shelf)]) {
    if (r.rank[static_cast<std::size_t>(b)] < r.rank[static_cast<std::size_t>(shelf)]) {
      used[tones.tones()[static_cast<std::size_t>(b)]]++;
    }
  }
  for (int t = 0; t < BasinTones::kToneCount; t++) {
    ASSERT_GT(used[static_cast<std::size_t>(t)], 0) << "tone " << t << " free: no test";
  }
  const uint8_t shelf_tone = tones.tones()[static_cast<std::size_t>(shelf)];
  ASSERT_LT(shelf_tone, BasinTones::kToneCount);
  EXPECT_EQ(used[shelf_tone], *std::min_element(used.begin(), used.end()));
  // The valleys, visited before the shelf, still differ from each other.
  for (int k = 1; k < valleys; k++) {
    EXPECT_NE(tones.tones()[static_cast<std::size_t>(d.basin(2 * k - 1, 1))],
              tones.tones()[static_cast<std::size_t>(d.basin(2 * k + 1, 1))]);
  }
}

TEST(BasinTones, FirstUpdateIsAPureFunctionOfTheMapAndResetForgets) {
  const Heightfield ground = island_terrain(5);
  const Drainage d = drainage_of(ground, Routing::sketch, 5);
  BasinTones a;
  BasinTones b;
  a.update(d, ground, kSea);
  b.update(d, ground, kSea);
  ASSERT_FALSE(a.tones().empty());
  EXPECT_TRUE(std::equal(a.tones().begin(), a.tones().end(), b.tones().begin(), b.tones().end()));
  // The same map again changes nothing.
  const std::vector<uint8_t> first(a.tones().begin(), a.tones().end());
  a.update(d, ground, kSea);
  EXPECT_TRUE(std::equal(first.begin(), first.end(), a.tones().begin(), a.tones().end()));

  // After another map, a fresh object and a reset one agree on a third.
  const Heightfield other = island_terrain(6);
  const Drainage d_other = drainage_of(other, Routing::sketch, 6);
  a.update(d_other, other, kSea);
  const Heightfield third = island_terrain(8);
  const Drainage d_third = drainage_of(third, Routing::flood, 8);
  BasinTones fresh;
  fresh.update(d_third, third, kSea);
  a.reset();
  EXPECT_TRUE(a.tones().empty());
  a.update(d_third, third, kSea);
  EXPECT_TRUE(
      std::equal(a.tones().begin(), a.tones().end(), fresh.tones().begin(), fresh.tones().end()));
  // Without the reset, the tones of the map before would have been kept where outlets
  // coincide: the results differ (this is what makes the reset needed).
  BasinTones carried;
  carried.update(d_other, other, kSea);
  carried.update(d_third, third, kSea);
  EXPECT_FALSE(std::equal(carried.tones().begin(), carried.tones().end(), fresh.tones().begin(),
                          fresh.tones().end()));
}

// After some rain, every basin whose outlet cell is still an outlet keeps its tone, whatever
// changed around it; the basins that appeared avoid their neighbours' tones; and only pairs of
// kept basins that came to touch may share one (and few do).
TEST(BasinTones, TonesKeptByOutletAcrossRain) {
  for (Routing routing : {Routing::sketch, Routing::flood}) {
    for (uint32_t seed : {3u, 42u, 777u}) {
      Heightfield ground = island_terrain(seed);
      const Drainage before = drainage_of(ground, routing, seed);
      BasinTones tones;
      tones.update(before, ground, kSea);
      const Reference r0 = reference(before, ground, kSea);
      EXPECT_EQ(expect_tones_cover_land(tones, before, r0), 0) << "seed " << seed;
      // Tone by outlet cell, before.
      std::vector<int> earlier(ground.size(), -1);
      for (std::size_t b = 0; b < before.outlets().size(); b++) {
        if (tones.tones()[b] != BasinTones::kNone) {
          earlier[static_cast<std::size_t>(before.outlets()[b])] = tones.tones()[b];
        }
      }
      int kept = 0;
      int clashes = 0;
      int touching = 0;
      for (int rebuild = 0; rebuild < 4; rebuild++) {
        Rain rain(ground, seed + static_cast<uint32_t>(rebuild));
        rain.run(3000);
        const Drainage after = drainage_of(ground, routing, seed);
        tones.update(after, ground, kSea);
        const Reference r = reference(after, ground, kSea);
        clashes = expect_tones_cover_land(tones, after, r);
        touching = static_cast<int>(r.touch.size()) / 2;
        for (std::size_t b = 0; b < after.outlets().size(); b++) {
          const uint8_t now = tones.tones()[b];
          const int was = earlier[static_cast<std::size_t>(after.outlets()[b])];
          if (now == BasinTones::kNone) continue;
          if (was >= 0) {
            kept++;
            EXPECT_EQ(now, was) << "seed " << seed << ": basin " << b << " (outlet "
                                << after.outlets()[b] << ") changed tone";
          } else {
            // A new basin shares no tone with a neighbour, unless its neighbours have every
            // tone between them.
            std::set<int> around;
            bool shares = false;
            for (int n : r.around[b]) {
              around.insert(tones.tones()[static_cast<std::size_t>(n)]);
              shares = shares || tones.tones()[static_cast<std::size_t>(n)] == now;
            }
            around.erase(BasinTones::kNone);
            EXPECT_TRUE(!shares || static_cast<int>(around.size()) == BasinTones::kToneCount)
                << "seed " << seed << ": new basin " << b << " took a neighbour's tone with "
                << around.size() << " tones around it";
          }
        }
        std::fill(earlier.begin(), earlier.end(), -1);
        for (std::size_t b = 0; b < after.outlets().size(); b++) {
          if (tones.tones()[b] != BasinTones::kNone) {
            earlier[static_cast<std::size_t>(after.outlets()[b])] = tones.tones()[b];
          }
        }
      }
      EXPECT_GT(kept, 100) << "seed " << seed;
      // Kept basins that came to touch: a few in a hundred touching pairs at most.
      EXPECT_LE(clashes * 25, touching)
          << "seed " << seed << ": " << clashes << " of " << touching << " touching pairs";
    }
  }
}

TEST(BasinTones, SeaOnlyAndFlatMaps) {
  // All sea: no land basin, no tone.
  Heightfield sea(10, 6, 0.0f);
  const Drainage d = drainage(sea, {});
  BasinTones tones;
  tones.update(d, sea, kSea);
  ASSERT_EQ(tones.tones().size(), d.outlets().size());
  for (uint8_t t : tones.tones()) EXPECT_EQ(t, BasinTones::kNone);
  // All land at one height: every cell its own outlet or one basin; either way tones differ
  // where basins touch.
  Heightfield flat(10, 6, 0.5f);
  const Drainage df = drainage(flat, {});
  tones.update(df, flat, kSea);
  const Reference r = reference(df, flat, kSea);
  EXPECT_EQ(expect_tones_cover_land(tones, df, r), 0);
}

TEST(BasinTones, MismatchedGroundThrows) {
  const Heightfield ground = island_terrain(4, {}, 40, 30);
  const Drainage d = drainage_of(ground, Routing::flood, 4);
  BasinTones tones;
  tones.update(d, ground, kSea);
  const std::vector<uint8_t> before(tones.tones().begin(), tones.tones().end());
  EXPECT_THROW(tones.update(d, Heightfield(30, 40), kSea), std::invalid_argument);
  EXPECT_THROW(tones.update(d, Heightfield(40, 29), kSea), std::invalid_argument);
  EXPECT_TRUE(std::equal(before.begin(), before.end(), tones.tones().begin(), tones.tones().end()));
}

TEST(BasinTones, SteadyUpdatesAllocateNothing) {
  Heightfield ground = island_terrain(11);
  const Drainage d = drainage_of(ground, Routing::sketch, 11);
  BasinTones tones;
  tones.update(d, ground, kSea);
  tones.update(d, ground, kSea);
  {
    testing::CountAllocations count;
    tones.update(d, ground, kSea);
    tones.reset();
    tones.update(d, ground, kSea);
    EXPECT_EQ(count.count(), 0u);
  }
}

}  // namespace
}  // namespace terrain::render
