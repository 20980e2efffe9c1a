// terrain-cli's work: terrain, rain, drainage, rivers, timed, with progress.
//
// terrain (island_terrain or diamond_square) -> the rain (a terrain::Rain run in chunks, so
// progress can be shown; the same drops as terrain::eroded) -> terrain::Drainage of the
// eroded field (sketch routing adds wander_ripple(seed, W, H), flood routing nothing) ->
// Strahler orders and river counts with --min-flow.
#pragma once

#include <cstdint>
#include <vector>

#include "cli/options.h"
#include "cli/progress.h"
#include "core/drainage.h"
#include "core/heightfield.h"
#include "core/rain.h"

namespace terrain::cli {

// Wall-clock time of each stage, in milliseconds.
struct Timings {
  double terrain_ms = 0;   // making the terrain
  double rain_ms = 0;      // all the drops
  double drainage_ms = 0;  // the wander ripple (sketch routing), filling, routing, flow, basins
  double rivers_ms = 0;    // Strahler orders and reaches
};

struct RiverCounts {
  uint64_t river_cells = 0;  // cells with flow >= min_flow (the sketch's river_cells)
  uint64_t reaches = 0;      // river reaches (source or meeting down to meeting or outlet)
  int max_order = 0;         // highest Strahler order
  uint32_t max_flow = 0;     // most cells draining through one cell
  uint64_t basins = 0;       // outlets, one basin each
};

struct PipelineResult {
  Heightfield original;  // as generated
  Heightfield eroded;    // after the rain
  RainStats rain;
  Drainage drainage;  // of `eroded`
  std::vector<uint8_t> strahler;
  RiverCounts rivers;
  Timings timings;
};

// Runs the whole pipeline for valid `options` (as parse_options returns them).
PipelineResult run_pipeline(const Options& options, Progress& progress);

}  // namespace terrain::cli
