// terrain-cli's work: terrain, rain, hydrology, rivers, timed, with progress.
//
// terrain (grow_ground: the island or the diamond-square island) -> the rain (a terrain::Rain
// run in chunks, so progress can be shown; the same drops as terrain::eroded) ->
// terrain::Hydrology of the eroded field: the drainage (sketch routing adds
// wander_ripple(seed, W, H), flood routing nothing), Strahler orders with --min-flow, and
// lakes -> river and lake counts.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "cli/options.h"
#include "cli/progress.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/rain.h"
#include "session/map.h"
#include "session/recorded_map.h"

namespace terrain::cli {

// Wall-clock time of each stage, in milliseconds.
struct Timings {
  double terrain_ms = 0;  // making the terrain
  double rain_ms = 0;     // all the drops
  // The wander ripple (sketch routing), then the hydrology: filling, routing, flow, basins,
  // Strahler orders and lakes.
  double drainage_ms = 0;
  double rivers_ms = 0;  // the reaches traced, rivers and lakes counted
};

struct RiverCounts {
  uint64_t river_cells = 0;  // cells with flow >= min_flow (the sketch's river_cells)
  uint64_t reaches = 0;      // river reaches (source or meeting down to meeting or outlet)
  int max_order = 0;         // highest Strahler order
  uint32_t max_flow = 0;     // most cells draining through one cell
  uint64_t basins = 0;       // outlets, one basin each
};

struct LakeCounts {
  uint64_t lake_cells = 0;  // cells under standing water (lake depth > 0)
  float max_depth = 0;      // the deepest lake's depth at its deepest cell, 0 with no lakes
};

struct PipelineResult {
  // The map as the app makes it: its original() as generated, its heights() after the rain;
  // with its history (`recorded`) when the run opens or saves a map file, else on its own.
  std::unique_ptr<session::Map> plain;
  std::unique_ptr<session::RecordedMap> recorded;
  const session::Map& map() const { return recorded ? recorded->map() : *plain; }
  RainStats rain;
  Hydrology hydrology;  // of `eroded`
  RiverCounts rivers;
  LakeCounts lakes;
  Timings timings;
};

// Runs the whole pipeline for valid `options` (as parse_options returns them).
// `ground`: the original ground to rain on in place of the generator's (options' size), or
// null to grow it. `opened`: the map of --open-map at its place, to rain on to options.drops
// in all (the rain settings given becoming a step first), in place of a new one.
// `work`: what stops the rain (a signal: session/work.h), looked at between its chunks; the
// run then throws session::WorkStopped.
PipelineResult run_pipeline(const Options& options, Progress& progress, session::Work& work,
                            const Heightfield* ground = nullptr,
                            std::unique_ptr<session::RecordedMap> opened = nullptr);

// The rain's settings of the options that were given (Options::rain_given), as map commands.
std::vector<session::MapCommand> rain_commands(const Options& options);

}  // namespace terrain::cli
