// Generators: diamond-square at 257, 1025 and 4097 a side (the target is well under 0.5 s for
// 4097 x 4097, single-threaded, Release), and the two side-view skylines at their defaults.
#include <benchmark/benchmark.h>

#include "core/diamond_square.h"
#include "core/skyline.h"

namespace {

void BM_DiamondSquare(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  uint32_t seed = 1;
  for (auto _ : state) {
    terrain::Heightfield heights = terrain::diamond_square(seed++, size, size);
    benchmark::DoNotOptimize(heights.data());
  }
  state.SetItemsProcessed(state.iterations() * size * size);  // cells per second
}
BENCHMARK(BM_DiamondSquare)->Arg(257)->Arg(1025)->Arg(4097)->Unit(benchmark::kMillisecond);

void BM_SkylineRandomWalk(benchmark::State& state) {
  uint32_t seed = 1;
  for (auto _ : state) {
    std::vector<double> heights = terrain::random_walk_skyline(seed++);  // 640 columns
    benchmark::DoNotOptimize(heights.data());
  }
}
BENCHMARK(BM_SkylineRandomWalk)->Unit(benchmark::kMicrosecond);

void BM_SkylineSections(benchmark::State& state) {
  uint32_t seed = 1;
  for (auto _ : state) {
    // 40 sections of 5, 4000 smoothing steps, sampled at 640 columns.
    std::vector<double> heights = terrain::section_skyline(seed++, 640);
    benchmark::DoNotOptimize(heights.data());
  }
}
BENCHMARK(BM_SkylineSections)->Unit(benchmark::kMicrosecond);

}  // namespace
