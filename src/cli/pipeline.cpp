// terrain-cli's work (see pipeline.h).
#include "cli/pipeline.h"

#include <algorithm>
#include <chrono>

#include "core/ground.h"
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

PipelineResult run_pipeline(const Options& options, Progress& progress,
                            const Heightfield* ground_file) {
  PipelineResult result;
  const uint64_t cells =
      static_cast<uint64_t>(options.width) * static_cast<uint64_t>(options.height);

  progress.stage("terrain: " +
                 (ground_file ? std::string("from ") + options.ground.string()
                              : std::string(generator_name(options.generator))) +
                 ", " + with_thousands(cells) + " cells");
  auto start = Clock::now();
  if (ground_file) {
    result.original = *ground_file;
  } else {
    GroundParams ground;
    ground.generator = options.generator;
    ground.terrain_scale = options.terrain_scale;
    ground.roughness = options.roughness;
    result.original = grow_ground(options.seed, ground, options.width, options.height);
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

  progress.stage("drainage: " + with_thousands(cells) + " cells, Strahler orders, lakes");
  start = Clock::now();
  HydrologyParams hydrology_params;
  hydrology_params.sea_level = options.rain.sea_level;
  hydrology_params.routing = options.routing;
  hydrology_params.min_flow = options.min_flow;
  // The sketch bends its rivers on the flat with the seed's ripple; the flood routing has its
  // own way through flats and takes none.
  result.hydrology.compute(result.eroded, hydrology_params, options.seed);
  result.timings.drainage_ms = ms_since(start);

  progress.stage("rivers: reaches counted, lakes measured");
  start = Clock::now();
  const Drainage& drainage = result.hydrology.drainage();
  RiverCounts& rivers = result.rivers;
  rivers.reaches = river_reaches(drainage, options.min_flow).size();
  for (const uint32_t flow : drainage.flow()) {
    rivers.river_cells += flow >= options.min_flow;
    rivers.max_flow = std::max(rivers.max_flow, flow);
  }
  for (const uint8_t order : result.hydrology.strahler())
    rivers.max_order = std::max<int>(rivers.max_order, order);
  rivers.basins = drainage.outlets().size();
  for (const float depth : result.hydrology.lake_depth()) {
    result.lakes.lake_cells += depth > 0;
    result.lakes.max_depth = std::max(result.lakes.max_depth, depth);
  }
  result.timings.rivers_ms = ms_since(start);
  return result;
}

}  // namespace terrain::cli
