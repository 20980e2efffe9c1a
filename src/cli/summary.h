// summary.json: what terrain-cli was asked to do, what happened, and how long it took.
#pragma once

#include <string>

#include "cli/options.h"
#include "cli/pipeline.h"

namespace terrain::cli {

// The document: "inputs" (every setting the run used), "counts" (drops, total steps, how the
// drops ended, river cells, reaches, basins, highest flow and Strahler order, lake cells and
// the deepest lake depth), "timings" (terrain_ms, rain_ms, drops_per_s, drainage_ms,
// rivers_ms) and "files" (what each holds).
// total_ms is the time from the program's start to the end of the pipeline.
std::string summary_json(const Options& options, const PipelineResult& result, double total_ms);

}  // namespace terrain::cli
