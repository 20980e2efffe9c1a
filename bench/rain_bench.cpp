// The rain: drops per second at 320x180 with the sketch's defaults, each iteration a full
// 300,000-drop rain from a fresh island (as the sketch's own figure is measured); and the
// rain on every core (drop_order.h) against one thread at 320 x 180, 1280 x 720 and 4096².
//
// The thread counts are compared in one run, alternating (Google Benchmark's interleaving):
//   build/release/bench/terrain_bench --benchmark_filter=RainThreads
//     --benchmark_repetitions=3 --benchmark_enable_random_interleaving=true   (one line)
#include <benchmark/benchmark.h>

#include <map>
#include <utility>

#include "core/island.h"
#include "core/rain.h"
#include "core/work_threads.h"

namespace terrain {
namespace {

void BM_Rain300kDrops(benchmark::State& state) {
  const Heightfield start = island_terrain(42);
  constexpr uint64_t kDrops = 300000;
  uint64_t steps = 0;
  for (auto _ : state) {
    Heightfield field = start;
    Rain rain(field, 42);
    rain.run(kDrops);
    steps = rain.stats().steps;
    benchmark::DoNotOptimize(field.data());
  }
  state.counters["drops_per_s"] =
      benchmark::Counter(static_cast<double>(kDrops) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
  state.counters["ns_per_step"] =
      benchmark::Counter(static_cast<double>(steps) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Rain300kDrops)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

// One frame's rain in the app at the default 200 drops per frame, midway through the rain, on
// one thread and side by side on two (threads: the argument).
void BM_RainFrame200Drops(benchmark::State& state) {
  Heightfield field = island_terrain(42);
  WorkThreads threads(static_cast<int>(state.range(0)));
  Rain rain(field, 42);
  rain.set_threads(&threads, 0);
  rain.run(100000);
  for (auto _ : state) rain.run(200);
}
BENCHMARK(BM_RainFrame200Drops)->ArgName("threads")->Arg(1)->Arg(2)->Unit(benchmark::kMicrosecond);

// The island at a size, made once (4096² takes seconds).
const Heightfield& island_of(int width, int height) {
  static std::map<std::pair<int, int>, Heightfield> made;
  auto it = made.find({width, height});
  if (it == made.end())
    it = made.emplace(std::pair{width, height}, island_terrain(42, {}, width, height)).first;
  return it->second;
}

// Drops a second on `threads` threads at width x height, from a fresh island each time:
// 300,000 drops at the sketch's size, a million above it. `side by side`: 0 as the programs
// run (side by side from Rain::kSideBySideCells), 1 side by side on any map. Counters: drops
// a second, and the share of drops that waited for an earlier one near them.
void BM_RainThreads(benchmark::State& state) {
  const int width = static_cast<int>(state.range(0));
  const int height = static_cast<int>(state.range(1));
  const int count = static_cast<int>(state.range(2));
  const bool always = state.range(3) != 0;
  const Heightfield& start = island_of(width, height);
  const uint64_t drops = width * height <= 320 * 180 ? 300000 : 1000000;
  WorkThreads threads(count);
  uint64_t waited = 0;
  for (auto _ : state) {
    state.PauseTiming();
    Heightfield field = start;
    state.ResumeTiming();
    Rain rain(field, 42);
    rain.set_threads(&threads, always ? 0 : Rain::kSideBySideCells);
    rain.run(drops);
    waited += rain.drops_waited();
    benchmark::DoNotOptimize(field.data());
  }
  const double all = static_cast<double>(drops) * static_cast<double>(state.iterations());
  state.counters["drops_per_s"] = benchmark::Counter(all, benchmark::Counter::kIsRate);
  state.counters["waited_share"] = static_cast<double>(waited) / all;
}
// The machine's own ceiling for the figures above: `threads` rains that share nothing (each its
// own copy of the island and its own seed, one a thread), a million drops each at 1280 x 720.
// drops_per_s is all of them together: what two cores give for work with no order to keep.
void BM_RainApart(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  const Heightfield& start = island_of(1280, 720);
  constexpr uint64_t kDrops = 1000000;
  WorkThreads threads(count);
  for (auto _ : state) {
    auto one = [&](int i, int) {
      Heightfield field = start;
      Rain rain(field, 42 + static_cast<uint32_t>(i));
      rain.set_threads(nullptr, ~uint64_t{0});  // one thread each
      rain.run(kDrops);
      benchmark::DoNotOptimize(field.data());
    };
    threads.run(count, one);
  }
  state.counters["drops_per_s"] = benchmark::Counter(
      static_cast<double>(kDrops) * count * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RainApart)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

BENCHMARK(BM_RainThreads)
    ->ArgNames({"w", "h", "threads", "always"})
    ->Args({320, 180, 1, 0})
    ->Args({320, 180, 2, 0})
    ->Args({320, 180, 2, 1})
    ->Args({640, 360, 1, 0})
    ->Args({640, 360, 2, 1})
    ->Args({1280, 720, 1, 0})
    ->Args({1280, 720, 2, 0})
    ->Args({4096, 4096, 1, 0})
    ->Args({4096, 4096, 2, 0})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
