// terrain-cli's work (see pipeline.h).
#include "cli/pipeline.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "core/ground.h"
#include "core/river_network.h"
#include "session/map.h"

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

PipelineResult run_pipeline(const Options& options, Progress& progress, session::Work& work,
                            const Heightfield* ground_file,
                            std::unique_ptr<session::RecordedMap> opened) {
  PipelineResult result;
  const uint64_t cells =
      static_cast<uint64_t>(options.width) * static_cast<uint64_t>(options.height);

  progress.stage(opened ? "map: " + options.open_map.string() + ", at drop " +
                              with_thousands(opened->map().drops()) + ", " + with_thousands(cells) +
                              " cells"
                        : "terrain: " +
                              (ground_file ? std::string("from ") + options.ground.string()
                                           : std::string(generator_name(options.generator))) +
                              ", " + with_thousands(cells) + " cells");
  // The map is made as the app makes it (session::Map): the same ground, the same rain, the
  // same hydrology, so the two programs give the same bytes for the same map by construction.
  session::MapSettings settings;
  settings.erosion = options.rain.erosion;
  settings.deposition = options.rain.deposition;
  settings.inertia = options.rain.inertia;
  settings.brush_radius = options.rain.brush_radius;
  settings.sea_level = options.rain.sea_level;
  settings.generator = options.generator;
  settings.terrain_scale = options.terrain_scale;
  settings.roughness = options.roughness;
  auto start = Clock::now();
  // A map file is saved with its history: the map is then recorded as the app records it.
  const bool recorded = opened || !options.save_map.empty();
  session::GroundFile ground;
  if (ground_file) {
    ground.name = options.ground.filename().string();
    ground.fit = options.fit;
    ground.heights = std::make_shared<const Heightfield>(*ground_file);
  }
  if (opened) {
    result.recorded = std::move(opened);
    // The rain settings given apply from the saved count on, as a new step.
    for (const session::MapCommand& c : rain_commands(options)) result.recorded->carry_out(c);
  } else if (recorded && ground_file) {
    result.recorded = std::make_unique<session::RecordedMap>(options.seed, settings, ground);
  } else if (recorded) {
    result.recorded = std::make_unique<session::RecordedMap>(options.seed, settings, options.width,
                                                             options.height);
  } else if (ground_file) {
    result.plain = std::make_unique<session::Map>(options.seed, settings, ground);
  } else {
    result.plain =
        std::make_unique<session::Map>(options.seed, settings, options.width, options.height);
  }
  result.timings.terrain_ms = ms_since(start);

  start = Clock::now();
  // Up to options.drops in all: an opened map has rained some already.
  const uint64_t from = result.map().drops();
  for (uint64_t done = from; done < options.drops;) {
    work.check();
    const uint64_t chunk = std::min(kDropsPerChunk, options.drops - done);
    if (result.recorded) {
      result.recorded->carry_out(session::RainDrops{chunk});
    } else {
      result.plain->carry_out(session::RainDrops{chunk});
    }
    done += chunk;
    progress.count("rain", done - from, options.drops - from, "drops");
  }
  const session::Map& map = result.map();
  result.rain = map.rain().stats();
  result.timings.rain_ms = ms_since(start);

  progress.stage("drainage: " + with_thousands(cells) + " cells, Strahler orders, lakes");
  start = Clock::now();
  // The sketch bends its rivers on the flat with the seed's ripple; the flood routing has its
  // own way through flats and takes none.
  result.hydrology = session::hydrology_of(map, options.routing, options.min_flow);
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

std::vector<session::MapCommand> rain_commands(const Options& options) {
  std::vector<session::MapCommand> commands;
  const RainParams& r = options.rain;
  for (const std::string& name : options.rain_given) {
    if (name == "--erosion") commands.push_back(session::SetErosion{r.erosion});
    if (name == "--deposition") commands.push_back(session::SetDeposition{r.deposition});
    if (name == "--inertia") commands.push_back(session::SetInertia{r.inertia});
    if (name == "--brush-radius") commands.push_back(session::SetBrushRadius{r.brush_radius});
    if (name == "--sea-level") commands.push_back(session::SetSeaLevel{r.sea_level});
  }
  return commands;
}

}  // namespace terrain::cli
