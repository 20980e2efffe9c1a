// terrain-cli's work (see pipeline.h).
#include "cli/pipeline.h"

#include <algorithm>
#include <chrono>

#include "core/diamond_square.h"
#include "core/island.h"
#include "core/river_network.h"

namespace terrain::cli {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Drops run between progress checks: small enough that a line is never late by much (a
// thousand drops take about 10 ms), big enough that checking the clock costs nothing.
constexpr uint64_t kDropsPerChunk = 1000;

}  // namespace

PipelineResult run_pipeline(const Options& options, Progress& progress) {
  PipelineResult result;
  const uint64_t cells =
      static_cast<uint64_t>(options.width) * static_cast<uint64_t>(options.height);

  progress.stage("terrain: " + std::string(generator_name(options.generator)) + ", " +
                 with_thousands(cells) + " cells");
  auto start = Clock::now();
  if (options.generator == Generator::island) {
    IslandParams params;
    params.terrain_scale = options.terrain_scale;
    result.original = island_terrain(options.seed, params, options.width, options.height);
  } else {
    DiamondSquareParams params;
    params.roughness = options.roughness;
    params.island = kDiamondSquareIsland;
    result.original = diamond_square(options.seed, options.width, options.height, params);
  }
  result.timings.terrain_ms = ms_since(start);

  start = Clock::now();
  result.eroded = result.original;
  Rain rain(result.eroded, options.seed, options.rain);
  for (uint64_t done = 0; done < options.drops;) {
    const uint64_t chunk = std::min(kDropsPerChunk, options.drops - done);
    rain.run(chunk);
    done += chunk;
    progress.count("rain", done, options.drops, "drops");
  }
  result.rain = rain.stats();
  result.timings.rain_ms = ms_since(start);

  progress.stage("drainage: " + with_thousands(cells) + " cells");
  start = Clock::now();
  DrainageParams drainage_params;
  drainage_params.sea_level = options.rain.sea_level;
  drainage_params.routing = options.routing;
  if (options.routing == Routing::sketch) {
    // The sketch bends its rivers on the flat with this ripple; the flood routing has its
    // own way through flats and takes none.
    const Heightfield ripple = wander_ripple(options.seed, options.width, options.height);
    result.drainage.compute(result.eroded, drainage_params, &ripple);
  } else {
    result.drainage.compute(result.eroded, drainage_params);
  }
  result.timings.drainage_ms = ms_since(start);

  progress.stage("rivers: Strahler orders");
  start = Clock::now();
  const std::vector<Reach> reaches = river_reaches(result.drainage, options.min_flow);
  result.strahler = strahler_orders(reaches, result.drainage.size());
  RiverCounts& rivers = result.rivers;
  rivers.reaches = reaches.size();
  for (const uint32_t flow : result.drainage.flow()) {
    rivers.river_cells += flow >= options.min_flow;
    rivers.max_flow = std::max(rivers.max_flow, flow);
  }
  for (const uint8_t order : result.strahler)
    rivers.max_order = std::max<int>(rivers.max_order, order);
  rivers.basins = result.drainage.outlets().size();
  result.timings.rivers_ms = ms_since(start);
  return result;
}

}  // namespace terrain::cli
