// The whole drainage pass: fill, route, flow, basins, then reaches and Strahler orders.
//
// 320x180 is the sketch's map after 300,000 drops of rain, routed as the sketch routes it
// (with its ripple), the pass the sketch's buildRivers() does every 15 frames while it rains.
// 1024^2 and 4096^2 are diamond-square islands (with the sketch's falloff), routed by flood.
// The `bytes` counter is the memory the pass holds (drainage buffers, flood workspace, reaches
// and Strahler orders), measured from the containers' capacities.
#include <benchmark/benchmark.h>

#include <chrono>

#include "core/diamond_square.h"
#include "core/drainage.h"
#include "core/island.h"
#include "core/rain.h"
#include "core/river_network.h"
#include "core/sketch.h"

namespace terrain {
namespace {

struct Pass {
  Drainage drainage;
  std::vector<Reach> reaches;
  std::vector<uint8_t> strahler;
};

void run_pass(Pass& pass, const Heightfield& field, const DrainageParams& params,
              const Heightfield* ripple, uint32_t min_flow) {
  pass.drainage.compute(field, params, ripple);
  pass.reaches = river_reaches(pass.drainage, min_flow);
  pass.strahler = strahler_orders(pass.reaches, pass.drainage.size());
}

double held_bytes(const Pass& pass, std::size_t cells) {
  // downstream, flow, basins, order, parent (4 bytes each), filled and the routed copy
  // (4 each), the flood's height order and its sort scratch (8 each), flood state and donor
  // counts (1 each), Strahler (1), the radix heap's pool (about 8.3 per queued cell, at most
  // every cell), and the reaches' cells and points.
  double bytes = static_cast<double>(cells) * (5 * 4 + 2 * 4 + 2 * 8 + 2 + 1 + 8.3);
  for (const Reach& r : pass.reaches) {
    bytes += static_cast<double>(r.cells.capacity() * sizeof(int32_t) +
                                 r.points.capacity() * sizeof(Point));
  }
  return bytes;
}

void BM_DrainagePassSketch320x180(benchmark::State& state) {
  const Heightfield field = eroded(island_terrain(42), {}, 300000, 42);
  const Heightfield ripple = wander_ripple(42);
  Pass pass;
  for (auto _ : state) run_pass(pass, field, {}, &ripple, 250);
  state.counters["bytes"] = held_bytes(pass, field.size());
}
BENCHMARK(BM_DrainagePassSketch320x180)->Unit(benchmark::kMillisecond);

// Only the part the sketch's buildRivers() does (fill, route, flow), for the comparison.
void BM_BuildRivers320x180(benchmark::State& state) {
  const Heightfield field = eroded(island_terrain(42), {}, 300000, 42);
  const Heightfield ripple = wander_ripple(42);
  Drainage d;
  for (auto _ : state) d.compute(field, {}, &ripple);
}
BENCHMARK(BM_BuildRivers320x180)->Unit(benchmark::kMillisecond);

void BM_DrainagePassFlood(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  DiamondSquareParams ds;
  ds.island = sketch::ISLAND;
  const Heightfield field = diamond_square(7, n, n, ds);
  DrainageParams params;
  params.routing = Routing::flood;
  Pass pass;
  // One cold pass (every buffer allocated and touched for the first time) reported apart,
  // then the timed passes reuse the buffers, as a program working on one map does.
  const auto cold_start = std::chrono::steady_clock::now();
  run_pass(pass, field, params, nullptr, 1000);
  state.counters["cold_ms"] =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - cold_start)
          .count();
  for (auto _ : state) run_pass(pass, field, params, nullptr, 1000);
  state.counters["bytes"] = held_bytes(pass, field.size());
  state.counters["reaches"] = static_cast<double>(pass.reaches.size());
}
BENCHMARK(BM_DrainagePassFlood)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace terrain
