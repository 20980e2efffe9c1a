// The rain: drops per second at 320x180 with the sketch's defaults, each iteration a full
// 300,000-drop rain from a fresh island (as the sketch's own figure is measured).
#include <benchmark/benchmark.h>

#include "core/island.h"
#include "core/rain.h"

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

// One frame's rain in the app at the default 200 drops per frame, midway through the rain.
void BM_RainFrame200Drops(benchmark::State& state) {
  Heightfield field = island_terrain(42);
  Rain rain(field, 42);
  rain.run(100000);
  for (auto _ : state) rain.run(200);
}
BENCHMARK(BM_RainFrame200Drops)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace terrain
