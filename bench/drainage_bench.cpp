// The whole drainage pass: fill, route, flow, basins, then reaches and Strahler orders.
//
// 320x180 is the sketch's map after 300,000 drops of rain, routed as the sketch routes it
// (with its ripple), the pass the sketch's buildRivers() does every 15 frames while it rains.
// 1024^2, 4096^2 and 8192^2 are diamond-square islands (with the sketch's falloff), routed by
// flood: issue 31's figures, all in one run (--benchmark_filter=BM_DrainagePassFlood). Each
// size reports its first pass on fresh buffers (cold_ms) apart from the timed passes, which
// reuse the buffers as a program working on one map does (the benchmark's own time, warm), and
// the most memory the cold pass took (peak_B_per_cell: the process's peak resident memory
// during the pass, over what it held before, per cell of the map).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <string>

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
  CellVector<uint8_t> strahler;
};

void run_pass(Pass& pass, const Heightfield& field, const DrainageParams& params,
              const Heightfield* ripple, uint32_t min_flow) {
  pass.drainage.compute(field, params, ripple);
  pass.reaches = river_reaches(pass.drainage, min_flow);
  pass.strahler = strahler_orders(pass.reaches, pass.drainage.size());
}

// A line of /proc/self/status ("VmRSS", "VmHWM"), in bytes; -1 where there is none (not Linux).
double status_bytes(const std::string& name) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(name + ":", 0) == 0) return std::stod(line.substr(name.size() + 1)) * 1024;
  }
  return -1;
}

// Starts the peak resident memory (VmHWM) again from what is resident now (Linux's
// /proc/self/clear_refs, 5); false where that cannot be done.
bool reset_peak_memory() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
  clear.flush();
  return static_cast<bool>(clear);
}

void BM_DrainagePassSketch320x180(benchmark::State& state) {
  const Heightfield field = eroded(island_terrain(42), {}, 300000, 42);
  const Heightfield ripple = wander_ripple(42);
  Pass pass;
  for (auto _ : state) run_pass(pass, field, {}, &ripple, 250);
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
  const auto cells = static_cast<double>(field.size());
  {
    // One cold pass: every buffer allocated and touched for the first time, its peak memory
    // measured while nothing else of the pass is held.
    Pass cold;
    const bool peak_known = reset_peak_memory();
    const double before = status_bytes("VmRSS");
    const auto start = std::chrono::steady_clock::now();
    run_pass(cold, field, params, nullptr, 1000);
    state.counters["cold_ms"] =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    state.counters["peak_B_per_cell"] =
        peak_known ? (status_bytes("VmHWM") - before) / cells : std::nan("");
  }
  Pass pass;
  run_pass(pass, field, params, nullptr, 1000);  // sizes the buffers the timed passes reuse
  for (auto _ : state) run_pass(pass, field, params, nullptr, 1000);
  state.counters["reaches"] = static_cast<double>(pass.reaches.size());
}
BENCHMARK(BM_DrainagePassFlood)
    ->Arg(1024)
    ->Arg(4096)
    ->Arg(8192)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
