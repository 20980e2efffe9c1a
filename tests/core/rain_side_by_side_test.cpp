// The rain on every core: drops side by side under the drop order (drop_order.h) give the
// one-thread rain's heights, counts and random stream's place, byte for byte, for any seed,
// settings, size, thread count and batch size.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "allocation_counter.h"
#include "core/diamond_square.h"
#include "core/drop_order.h"
#include "core/island.h"
#include "core/rain.h"
#include "core/work_threads.h"
#include "test_support.h"

namespace terrain {
namespace {

// One case: a ground, settings, how long it rains, and how the drops are shared.
struct SideBySideCase {
  uint32_t seed;
  int width, height;
  bool island;  // else diamond-square
  RainParams params;
  uint64_t drops;
  int threads;
  uint64_t batch;
  std::string describe() const {
    return "seed " + std::to_string(seed) + ", " + std::to_string(width) + " x " +
           std::to_string(height) + (island ? " island" : " diamond-square") + ", brush " +
           std::to_string(params.brush_radius) + ", " + std::to_string(drops) + " drops, " +
           std::to_string(threads) + " threads, batch " + std::to_string(batch);
  }
};

Heightfield ground_of(const SideBySideCase& c) {
  return c.island ? island_terrain(c.seed, {}, c.width, c.height)
                  : diamond_square(c.seed, c.width, c.height);
}

// `ground` after `drops` drops seeded by `seed`, rained on this thread alone (never side by
// side), with the rain's state: what every rain side by side is held to.
struct OneThreadRain {
  Heightfield field;
  RainState state;
};
OneThreadRain one_thread_rain(const Heightfield& ground, uint32_t seed, uint64_t drops,
                              const RainParams& params = {}) {
  OneThreadRain out{ground, {}};
  Rain one(out.field, seed, params);
  one.set_threads(nullptr, ~uint64_t{0});
  one.run(drops);
  out.state = one.state();
  return out;
}

// Rains the case on one thread and side by side; every byte must agree.
void expect_side_by_side_is_one_thread(const SideBySideCase& c, uint64_t* waited = nullptr) {
  SCOPED_TRACE(c.describe());
  const Heightfield ground = ground_of(c);
  const OneThreadRain one = one_thread_rain(ground, c.seed, c.drops, c.params);
  const Heightfield& alone = one.field;

  Heightfield shared = ground;
  WorkThreads threads(c.threads);
  Rain many(shared, c.seed, c.params);
  many.set_threads(&threads, 0, c.batch);  // side by side on any map
  // In two runs, so that a batch also ends part-way through a run.
  many.run(c.drops / 3);
  many.run(c.drops - c.drops / 3);

  ASSERT_EQ(testing::bit_differences(alone.data(), shared.data(), alone.values().size()), 0u);
  EXPECT_EQ(one.state.stats, many.stats());
  EXPECT_EQ(one.state, many.state());
  if (waited) *waited += many.drops_waited();
}

// How many random cases: 50, or TERRAIN_RAIN_CASES (ThreadSanitizer's run, scripts/tsan.sh,
// takes fewer: each case is some twenty times slower there).
int case_count() {
  const char* asked = std::getenv("TERRAIN_RAIN_CASES");
  return asked ? std::max(1, std::atoi(asked)) : 50;
}

// 50 random cases: seeds, sizes from 8 to 1024 a side (small maps crowd the drops, so they wait
// on each other all the time; large ones let them run free), every setting's range, 1 to 8
// threads (more than this machine's cores too) and batches from 1 drop to the most.
TEST(RainSideBySide, EqualsTheOneThreadRainByteForByteInFiftyRandomCases) {
  std::mt19937 pick(20261207);
  auto between = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(pick);
  };
  auto side = [&] { return static_cast<int>(std::exp(between(std::log(8.0), std::log(1024.0)))); };
  uint64_t waited = 0;
  for (int k = 0; k < case_count(); k++) {
    SideBySideCase c;
    c.seed = static_cast<uint32_t>(pick());
    c.width = side();
    c.height = std::max(2, std::min(side(), 1024 * 1024 / c.width));
    c.island = k % 3 != 0;
    c.params = {between(0, 1), between(0, 1), between(0, 0.5), 1 + static_cast<int>(pick() % 6),
                between(0, 0.6)};
    if (k % 5 == 0) c.params = {};  // the sketch's defaults
    const uint64_t cells = static_cast<uint64_t>(c.width) * c.height;
    c.drops = std::clamp<uint64_t>(cells / 16, 300, 6000);
    c.threads = 1 + static_cast<int>(pick() % 8);
    const uint64_t batches[] = {1, 7, 64, 1000, Rain::kBatch, DropOrder::kMostBatch};
    c.batch = batches[pick() % 6];
    expect_side_by_side_is_one_thread(c, &waited);
  }
  // The crowded cases made drops wait: the order was tested, not just the free runs.
  EXPECT_GT(waited, 0u);
}

// The sketch's own map (320 x 180, seed 42 and its defaults) side by side:
// every drop near every other, so nearly every step is held back by the one before.
TEST(RainSideBySide, TheSketchsMapOnTwoAndFourThreadsIsTheOneThreadRain) {
  for (int threads : {2, 3}) {
    expect_side_by_side_is_one_thread(
        {42, sketch::COLS, sketch::ROWS, true, {}, 20000, threads, Rain::kBatch});
  }
}

// Routes (the debug view) are traced on the calling thread for the first drops; the drops
// after them run side by side; the rain is the same.
TEST(RainSideBySide, RoutesKeptThenSideBySideIsTheOneThreadRain) {
  const Heightfield ground = island_terrain(7, {}, 400, 300);
  Heightfield alone = ground;
  Rain one(alone, 7);
  one.set_threads(nullptr, ~uint64_t{0});
  one.keep_routes(true);
  one.run(5000);
  Heightfield shared = ground;
  WorkThreads threads(2);
  Rain many(shared, 7);
  many.set_threads(&threads, 0);
  many.keep_routes(true);
  many.run(5000);
  EXPECT_EQ(testing::bit_differences(alone.data(), shared.data(), alone.values().size()), 0u);
  EXPECT_EQ(one.stats(), many.stats());
  ASSERT_EQ(one.route_count(), many.route_count());
  ASSERT_EQ(many.route_count(), Rain::kMaxRoutes);
  for (int k = 0; k < one.route_count(); k++) {
    ASSERT_EQ(one.route(k).size(), many.route(k).size());
  }
}

// A steady rain side by side allocates nothing: after its first run has sized the batch's
// landings, counts and slots, runs of a frame's drops take no memory (nor does a sleep on a
// drop, or the threads' loops).
TEST(RainSideBySide, ASteadyRunAllocatesNothing) {
  Heightfield field = island_terrain(5, {}, 700, 400);
  WorkThreads threads(3);
  Rain rain(field, 5);
  rain.set_threads(&threads, 0);
  rain.run(5000);
  uint64_t allocations = 0;
  {
    testing::CountAllocations counter;
    for (int frame = 0; frame < 20; frame++) rain.run(200);
    allocations = counter.count();
  }
  EXPECT_EQ(allocations, 0u);
  EXPECT_GT(rain.drops_waited(), 0u);  // drops did wait, some perhaps asleep
}

// Below kSideBySideCells the rain stays on the calling thread unless told otherwise; a batch
// outside 1 .. kMostBatch is refused.
TEST(RainSideBySide, SmallMapsRainOnOneThreadAndBatchesAreBounded) {
  Heightfield field = island_terrain(3);
  WorkThreads threads(2);
  Rain rain(field, 3);
  rain.set_threads(&threads);
  rain.run(20000);
  EXPECT_EQ(rain.drops_waited(), 0u);  // nothing ran side by side
  EXPECT_THROW(rain.set_threads(&threads, 0, 0), std::invalid_argument);
  EXPECT_THROW(rain.set_threads(&threads, 0, DropOrder::kMostBatch + 1), std::invalid_argument);
  EXPECT_NO_THROW(rain.set_threads(&threads, 0, DropOrder::kMostBatch));
}

// A Rain copied mid-rain and both rained on side by side: each rains what the one-thread rain
// would (the copy starts with no batch of its own, and the two may share the threads: a rain
// that finds them busy runs alone).
TEST(RainSideBySide, ACopyRainsOnAsTheOriginalDoes) {
  const Heightfield ground = island_terrain(11, {}, 512, 256);
  WorkThreads threads(2);
  Heightfield a = ground;
  Rain rain(a, 11);
  rain.set_threads(&threads, 0, 500);
  rain.run(3000);
  Heightfield b = a;
  Rain copy = rain;
  copy.rebind(b);
  rain.run(4000);
  copy.run(4000);
  EXPECT_EQ(testing::bit_differences(a.data(), b.data(), a.values().size()), 0u);
  EXPECT_EQ(rain.state(), copy.state());

  const OneThreadRain one = one_thread_rain(ground, 11, 7000);
  EXPECT_EQ(testing::bit_differences(one.field.data(), a.data(), a.values().size()), 0u);
}

// A rain asked for while its threads run another loop (here: from inside one) cannot give
// each lane a thread; its batches roll on the asking thread, in drop order, and give the same
// bytes.
TEST(RainSideBySide, ARainWhoseThreadsAreBusyRollsAloneAndTheSame) {
  const Heightfield ground = island_terrain(12, {}, 512, 256);
  WorkThreads threads(2);
  Heightfield busy = ground;
  Rain rain(busy, 12);
  rain.set_threads(&threads, 0, 700);
  auto outer = [&](int i, int) {
    if (i == 0) rain.run(5000);
  };
  threads.run(2, outer);
  EXPECT_EQ(rain.drops_waited(), 0u);  // no lane waited: none ran

  const OneThreadRain one = one_thread_rain(ground, 12, 5000);
  EXPECT_EQ(testing::bit_differences(one.field.data(), busy.data(), busy.values().size()), 0u);
  EXPECT_EQ(rain.state(), one.state);
  EXPECT_EQ(rain.stats(), one.state.stats);
}

}  // namespace
}  // namespace terrain
