// summary.json (see summary.h).
#include "cli/summary.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/ground.h"
#include "core/map_view.h"
#include "core/sketch.h"

namespace terrain::cli {
namespace {

// Milliseconds to the microsecond: finer digits are only noise.
double rounded_ms(double ms) {
  return std::round(ms * 1000) / 1000;
}

// A float32 as the double of its shortest decimal form (0.0123 rather than the
// 0.012299999594688416 its exact value would print as), which reads back as the same float32.
double shortest(float value) {
  char text[32];
  const char* end = std::to_chars(text, text + sizeof text, value).ptr;
  double read = 0;
  std::from_chars(text, end, read);
  return read;
}

}  // namespace

std::string summary_json(const Options& options, const PipelineResult& result, double total_ms) {
  // ordered_json keeps the members in the order they are set here (plain json would sort
  // them by name).
  nlohmann::ordered_json json;
  json["program"] = "terrain-cli";

  nlohmann::ordered_json& inputs = json["inputs"];
  if (!options.open_map.empty()) inputs["map"] = options.open_map.string();
  inputs["seed"] = options.seed;
  inputs["drops"] = options.drops;
  if (!options.ground.empty()) {
    // Your own ground: the file, and how it was fitted to the grid.
    inputs["ground"] = options.ground.string();
    inputs["fit"] = ground_fit_name(options.fit);
  } else {
    inputs["generator"] = generator_name(options.generator);
  }
  inputs["width"] = options.width;
  inputs["height"] = options.height;
  if (!options.ground.empty()) {
    // (no generator settings)
  } else if (options.generator == Generator::island) {
    inputs["terrain_scale"] = options.terrain_scale;
    inputs["island"] = sketch::ISLAND;
  } else {
    inputs["roughness"] = options.roughness;
    inputs["island"] = kDiamondSquareIsland;
  }
  inputs["erosion"] = options.rain.erosion;
  inputs["deposition"] = options.rain.deposition;
  inputs["inertia"] = options.rain.inertia;
  inputs["brush_radius"] = options.rain.brush_radius;
  inputs["sea_level"] = options.rain.sea_level;
  inputs["routing"] = routing_name(options.routing);
  inputs["min_flow"] = options.min_flow;

  const RainStats& rain = result.rain;
  nlohmann::ordered_json& counts = json["counts"];
  counts["drops"] = rain.drops;
  counts["total_steps"] = rain.steps;
  counts["mean_steps_per_drop"] =
      rain.drops == 0 ? 0.0 : static_cast<double>(rain.steps) / static_cast<double>(rain.drops);
  nlohmann::ordered_json& ended = counts["drops_ended"];
  ended["flat"] = rain.flat;
  ended["off_map"] = rain.off_map;
  ended["sea"] = rain.sea;
  ended["max_steps"] = rain.max_steps;
  counts["river_cells"] = result.rivers.river_cells;
  counts["river_reaches"] = result.rivers.reaches;
  counts["max_strahler_order"] = result.rivers.max_order;
  counts["max_flow"] = result.rivers.max_flow;
  counts["basins"] = result.rivers.basins;
  counts["lake_cells"] = result.lakes.lake_cells;
  counts["max_lake_depth"] = shortest(result.lakes.max_depth);

  const Timings& t = result.timings;
  nlohmann::ordered_json& timings = json["timings"];
  timings["terrain_ms"] = rounded_ms(t.terrain_ms);
  timings["rain_ms"] = rounded_ms(t.rain_ms);
  // Whole drops a second over the whole rain; 0 when there was none. Written as a whole
  // number (a double would be written 185000.0).
  timings["drops_per_s"] =
      t.rain_ms > 0
          ? static_cast<uint64_t>(std::round(static_cast<double>(rain.drops) / (t.rain_ms / 1000)))
          : uint64_t{0};
  timings["drainage_ms"] = rounded_ms(t.drainage_ms);
  timings["rivers_ms"] = rounded_ms(t.rivers_ms);
  timings["total_ms"] = rounded_ms(total_ms);

  nlohmann::ordered_json& files = json["files"];
  files["original.npy"] = "float32 (height, width): heights from the generator";
  files["eroded.npy"] = "float32 (height, width): heights after the rain";
  files["filled.npy"] =
      "float32 (height, width): the routing surface (eroded, plus the wander ripple for sketch "
      "routing, hollows filled)";
  files["flow.npy"] = "uint32 (height, width): cells draining through each cell, itself counted";
  files["downstream.npy"] =
      "int32 (height, width): index y*width+x of the cell each cell drains into, -1 at an outlet";
  files["basins.npy"] = "int32 (height, width): the basin (outlet number) of each cell";
  files["strahler.npy"] =
      "uint8 (height, width): Strahler order of river cells (flow >= min_flow), 0 elsewhere";
  files["lakes.npy"] =
      "float32 (height, width): lake depth, how far the flat fill of the eroded field's closed "
      "hollows lies above it (sea cells and the map's edge are never lakes), 0 elsewhere";

  // Two spaces a level and a final newline, as a text file should end. Every string here is
  // the program's own ASCII, so dump() has no invalid UTF-8 to refuse.
  return json.dump(2) + "\n";
}

}  // namespace terrain::cli
