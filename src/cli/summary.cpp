// summary.json (see summary.h).
#include "cli/summary.h"

#include <cmath>

#include "core/sketch.h"
#include "io/json.h"

namespace terrain::cli {
namespace {

// Milliseconds to the microsecond: finer digits are only noise.
double rounded_ms(double ms) {
  return std::round(ms * 1000) / 1000;
}

}  // namespace

std::string summary_json(const Options& options, const PipelineResult& result, double total_ms) {
  io::JsonWriter json;
  json.begin_object();
  json.member("program", "terrain-cli");

  json.key("inputs").begin_object();
  json.member("seed", options.seed);
  json.member("drops", options.drops);
  json.member("generator", generator_name(options.generator));
  json.member("width", options.width);
  json.member("height", options.height);
  if (options.generator == Generator::island) {
    json.member("terrain_scale", options.terrain_scale);
    json.member("island", sketch::ISLAND);
  } else {
    json.member("roughness", options.roughness);
    json.member("island", kDiamondSquareIsland);
  }
  json.member("erosion", options.rain.erosion);
  json.member("deposition", options.rain.deposition);
  json.member("inertia", options.rain.inertia);
  json.member("brush_radius", options.rain.brush_radius);
  json.member("sea_level", options.rain.sea_level);
  json.member("routing", routing_name(options.routing));
  json.member("min_flow", options.min_flow);
  json.end_object();

  const RainStats& rain = result.rain;
  json.key("counts").begin_object();
  json.member("drops", rain.drops);
  json.member("total_steps", rain.steps);
  json.member(
      "mean_steps_per_drop",
      rain.drops == 0 ? 0.0 : static_cast<double>(rain.steps) / static_cast<double>(rain.drops));
  json.key("drops_ended").begin_object();
  json.member("flat", rain.flat);
  json.member("off_map", rain.off_map);
  json.member("sea", rain.sea);
  json.member("max_steps", rain.max_steps);
  json.end_object();
  json.member("river_cells", result.rivers.river_cells);
  json.member("river_reaches", result.rivers.reaches);
  json.member("max_strahler_order", result.rivers.max_order);
  json.member("max_flow", result.rivers.max_flow);
  json.member("basins", result.rivers.basins);
  json.end_object();

  const Timings& t = result.timings;
  json.key("timings").begin_object();
  json.member("terrain_ms", rounded_ms(t.terrain_ms));
  json.member("rain_ms", rounded_ms(t.rain_ms));
  // Whole drops a second over the whole rain; 0 when there was none.
  json.member("drops_per_s", t.rain_ms > 0
                                 ? std::round(static_cast<double>(rain.drops) / (t.rain_ms / 1000))
                                 : 0.0);
  json.member("drainage_ms", rounded_ms(t.drainage_ms));
  json.member("rivers_ms", rounded_ms(t.rivers_ms));
  json.member("total_ms", rounded_ms(total_ms));
  json.end_object();

  json.key("files").begin_object();
  json.member("original.npy", "float32 (height, width): heights from the generator");
  json.member("eroded.npy", "float32 (height, width): heights after the rain");
  json.member("filled.npy",
              "float32 (height, width): the routing surface (eroded, plus the wander ripple "
              "for sketch routing, hollows filled)");
  json.member("flow.npy",
              "uint32 (height, width): cells draining through each cell, itself "
              "counted");
  json.member("downstream.npy",
              "int32 (height, width): index y*width+x of the cell each cell drains into, -1 at "
              "an outlet");
  json.member("basins.npy", "int32 (height, width): the basin (outlet number) of each cell");
  json.member("strahler.npy",
              "uint8 (height, width): Strahler order of river cells (flow >= min_flow), 0 "
              "elsewhere");
  json.end_object();

  json.end_object();
  return json.text();
}

}  // namespace terrain::cli
