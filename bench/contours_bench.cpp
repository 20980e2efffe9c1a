// Contours on the sketch's island (seed 42, 320 x 180) at its default levels: sea level 0.25
// and 10 contours, 11 levels in all. The sweep is the app's per-frame path and must stay well
// under a millisecond; the segment vector is reused, so a steady run allocates nothing.
#include <benchmark/benchmark.h>

#include <vector>

#include "core/contours.h"
#include "core/island.h"

namespace {

using terrain::ContourLevel;
using terrain::ContourSegment;

// Every level in one sweep of the grid, as the app draws them each frame.
void BM_ContoursSketchLevels(benchmark::State& state) {
  const terrain::Heightfield island = terrain::island_terrain(42);
  const std::vector<ContourLevel> levels = terrain::contour_levels(0.25, 10);
  std::vector<ContourSegment> out;
  for (auto _ : state) {
    out.clear();
    terrain::append_contour_segments(island, levels, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["segments"] = static_cast<double>(out.size());
}
BENCHMARK(BM_ContoursSketchLevels)->Unit(benchmark::kMicrosecond);

// The sketch's way: one pass of marching squares per level (11 passes).
void BM_ContoursPerLevel(benchmark::State& state) {
  const terrain::Heightfield island = terrain::island_terrain(42);
  const std::vector<ContourLevel> levels = terrain::contour_levels(0.25, 10);
  std::vector<ContourSegment> out;
  for (auto _ : state) {
    out.clear();
    for (const ContourLevel& level : levels) {
      terrain::append_contour_segments(island, level.value, out);
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["segments"] = static_cast<double>(out.size());
}
BENCHMARK(BM_ContoursPerLevel)->Unit(benchmark::kMicrosecond);

// The coastline joined into polylines (allocates its result: for export, not per frame).
void BM_ContourPolylines(benchmark::State& state) {
  const terrain::Heightfield island = terrain::island_terrain(42);
  std::size_t lines = 0;
  for (auto _ : state) {
    const std::vector<terrain::ContourPolyline> polylines =
        terrain::contour_polylines(island, 0.25);
    lines = polylines.size();
    benchmark::DoNotOptimize(polylines.data());
  }
  state.counters["polylines"] = static_cast<double>(lines);
}
BENCHMARK(BM_ContourPolylines)->Unit(benchmark::kMicrosecond);

}  // namespace
