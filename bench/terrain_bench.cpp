// Terrain generation: the sketch's resetTerrain() (island_terrain) and its wander ripple.
#include <benchmark/benchmark.h>

#include "core/island.h"

namespace terrain {
namespace {

void BM_IslandTerrain(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(island_terrain(42));
}
BENCHMARK(BM_IslandTerrain)->Unit(benchmark::kMillisecond);

void BM_WanderRipple(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(wander_ripple(42));
}
BENCHMARK(BM_WanderRipple)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace terrain
