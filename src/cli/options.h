// terrain-cli's command line: the flags, their defaults and ranges, parsing and --help.
//
// Every flag is checked in full here, before anything touches the disk: a value that is not
// a number, out of range, missing or given twice, an unknown flag, a flag that does not apply
// to the chosen generator, or a missing --out is a UsageError whose message is one line
// naming the flag and what is allowed. CLI11 splits the words into flags and values; the
// rules, checks and messages are terrain-cli's own (see options.cpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/diamond_square.h"
#include "core/drainage.h"
#include "core/ground.h"
#include "core/ground_fit.h"
#include "core/map_view.h"
#include "core/rain.h"
#include "core/sketch.h"
#include "exports/mesh.h"
#include "exports/svg.h"
#include "io/heightmap.h"

namespace terrain::cli {

// Bad input on the command line or an output directory that cannot be used: the program
// prints what() as its one line on stderr and exits with status 2, having written nothing.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The largest grid side: 8192 x 8192 is 64 Mi cells, a few GiB through the whole pipeline.
inline constexpr int kMaxSide = 8192;
// The most drops one run may ask for (about three hours at the sketch's speed on 320 x 180).
inline constexpr uint64_t kMaxDrops = 1'000'000'000;

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
  // The linework as SVG (exports/svg.h): its contour levels and how its rivers are stroked.
  std::filesystem::path svg;
  int contour_levels = static_cast<int>(sketch::contour_levels.initial);
  RiversBy rivers_by = RiversBy::flow;
  exports::SvgPage svg_page;  // --svg-paper, --svg-style
  // The eroded ground as a mesh (exports/mesh.h), .glb or .obj, and its vertical exaggeration.
  std::filesystem::path mesh;
  double exaggeration = exports::kDefaultExaggeration;
  // Real units for --heightmap, --heightmap-original and --mesh (io::RealUnits): both
  // --cell-size and --height-scale, or neither.
  io::RealUnits units;
  // The colour scheme of --layers, --svg and --mesh (render/geometry/color_scheme.h).
  std::string scheme = "site_dark";
  bool force = false;  // replace existing output files
  bool help = false;   // print help_text() and exit 0
};

// Parses the arguments after the program name. With --help anywhere, returns at once with
// help set (nothing else is checked). Throws UsageError (one line, "terrain-cli: ...")
// otherwise for anything that is not a valid run.
Options parse_options(std::span<const std::string_view> args);

// The --help text: usage, the files written, and every flag with its default and range.
std::string help_text();

// `text` fit for a one-line message: quoted, control characters shown as \xNN, and cut to
// a readable length.
std::string quoted(std::string_view text);

// --- Reading flags: terrain-cli's and its subcommands' (cli/skyline_command.h) ----------------

// One flag of a command: a row of its flag table, which --help, the error messages and the
// reading of the words all take it from.
struct Flag {
  std::string name;      // "--seed"
  std::string value;     // what follows it in the usage ("N"); empty for a switch
  std::string what;      // what it does
  std::string fallback;  // its default, as shown by --help
  std::string allowed;   // its allowed values, as shown by --help and in errors
};

// One flag as given, with its value (empty for a switch).
struct GivenFlag {
  const Flag* flag;
  std::string value;
};

// True if "--help" or "-h" is any of the words (even where it would be a flag's value).
bool asks_for_help(std::span<const std::string_view> args);

// Every flag of `flags` in `args` with its value, in the order given. Throws UsageError at the
// first word that is not one of the flags, a value given to a switch, a missing value or a
// flag given twice; an unknown flag's message sends the reader to "COMMAND --help", `command`
// being "terrain-cli" or "terrain-cli skyline". The values are not checked.
std::vector<GivenFlag> read_flags(const std::vector<Flag>& flags,
                                  std::span<const std::string_view> args, std::string_view command);

// Throws UsageError("terrain-cli: " + message).
[[noreturn]] void usage_error(const std::string& message);
// What `flag` allows, in the words of an error message: its `allowed` without the leading
// "optional; " or "required; " that --help shows.
std::string allowed_words(const Flag& flag);
// Throws UsageError: "--seed 'x' is not a whole number (allowed: ...)", `problem` being what
// follows the quoted value.
[[noreturn]] void bad_value(const Flag& flag, std::string_view text, const std::string& problem);
// A whole number in [lo, hi], digits only (a '-' is out of range); else bad_value.
uint64_t read_whole(const Flag& flag, std::string_view text, uint64_t lo, uint64_t hi);
// A finite real number in [lo, hi], the whole text of it; else bad_value.
double read_real(const Flag& flag, std::string_view text, double lo, double hi);

// The flags as --help lists them: name and value, what it does word-wrapped in a column, then
// "default ...; allowed ..." under it.
std::string flags_help(const std::vector<Flag>& flags);

}  // namespace terrain::cli
