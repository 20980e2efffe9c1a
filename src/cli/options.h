// terrain-cli's command line: the flags, their defaults and ranges, parsing and --help.
//
// Every flag is checked in full here, before anything touches the disk: a value that is not
// a number, out of range, missing or given twice, an unknown flag, a flag that does not apply
// to the chosen generator, or a missing --out is a UsageError whose message is one line
// naming the flag and what is allowed. The flags are rows of the one table both programs read
// (flags/flag_table.h), read by the rules they share (flags/flags.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diamond_square.h"
#include "core/drainage.h"
#include "core/ground.h"
#include "core/ground_fit.h"
#include "core/map_view.h"
#include "core/rain.h"
#include "core/sketch.h"
#include "exports/engine_preset.h"
#include "exports/mesh.h"
#include "exports/svg.h"
#include "flags/flag_table.h"
#include "flags/flags.h"
#include "io/heightmap.h"

namespace terrain::cli {

// Bad input on the command line or an output directory that cannot be used: the program
// prints "terrain-cli: " and what() as its one line on stderr and exits with status 2, having
// written nothing.
using flags::kMaxDrops;
using flags::kMaxSide;
using flags::UsageError;

struct Options {
  uint32_t seed = 42;
  uint64_t drops = static_cast<uint64_t>(sketch::RAIN_TARGET);
  Generator generator = Generator::island;
  int width = sketch::COLS;
  int height = sketch::ROWS;
  double roughness = kRoughnessDefault;                  // diamond-square only
  double terrain_scale = sketch::terrain_scale.initial;  // island only
  RainParams rain;                                       // erosion .. sea level
  Routing routing = Routing::sketch;
  uint32_t min_flow = static_cast<uint32_t>(sketch::RIVER_START);
  bool min_flow_given = false;  // at most the grid's cells, checked once the grid is known
  std::filesystem::path out;
  // Your own ground (io/heightmap.h, core/ground_fit.h): a heightmap file in place of the
  // generator, fitted to the grid; the grid is the file's own size (up to 8192²) unless
  // --width / --height are given.
  std::filesystem::path ground;
  GroundFit fit = GroundFit::crop;
  bool size_given = false;  // --width or --height was given
  // The hydrology as pictures (render/geometry/hydrology_layers.h) into this directory.
  std::filesystem::path layers;
  // Heightmaps of the ground after and before the rain (io/heightmap.h), when given.
  std::filesystem::path heightmap;
  std::filesystem::path heightmap_original;
  // An engine's preset for the heightmaps (exports/engine_preset.h): the size asked for (0 x 0:
  // the preset's default for the map) and how the map is fitted to it.
  std::optional<exports::EnginePreset> preset;
  std::pair<int, int> preset_size{0, 0};
  GroundFit preset_fit = GroundFit::crop;
  // The linework as SVG (exports/svg.h): its contour levels and how its rivers are stroked.
  std::filesystem::path svg;
  int contour_levels = static_cast<int>(sketch::contour_levels.initial);
  RiversBy rivers_by = RiversBy::flow;
  exports::SvgPage svg_page;  // --svg-paper, --svg-style, --svg-pen
  // The eroded ground as a mesh (exports/mesh.h), .glb or .obj, and its vertical exaggeration.
  std::filesystem::path mesh;
  double exaggeration = exports::kDefaultExaggeration;
  // Real units for --heightmap, --heightmap-original and --mesh (io::RealUnits): both
  // --cell-size and --height-scale, or neither.
  io::RealUnits units;
  // The colour scheme of --layers, --svg and --mesh (render/geometry/color_scheme.h).
  std::string scheme = "site_dark";
  // Map files (session/saved_map.h): the map to rain on from, the one to save the run's map
  // as, the one whose replay to verify (a run of its own: nothing else applies).
  std::filesystem::path open_map;
  std::filesystem::path save_map;
  std::filesystem::path verify_map;
  bool drops_given = false;
  int threads =
      0;  // --threads N: the rain's threads (0: one a hardware thread; core/rain_threads.h)
  // The rain's settings given (their flags' names, "--erosion" ...): beside --open-map, a step.
  std::vector<std::string> rain_given;
  bool force = false;  // replace existing output files
  bool help = false;   // print help_text() and exit 0
};

// Parses the arguments after the program name. With --help anywhere, returns at once with
// help set (nothing else is checked). Throws UsageError (one line, which main() prints after
// "terrain-cli: ") otherwise for anything that is not a valid run.
Options parse_options(std::span<const std::string_view> args);

// The --help text: usage, the files written, and every flag with its default and range.
std::string help_text();

// Reading flags: the rules and readers every program shares (flags/flags.h).
using flags::bad_value;
using flags::Flag;
using flags::GivenFlag;
using flags::quoted;
using flags::read_real;
using flags::read_whole;
using flags::usage_error;

// A path as a message shows it: quoted (flags::quoted).
inline std::string shown(const std::filesystem::path& path) {
  return flags::quoted(path.string());
}

}  // namespace terrain::cli
