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

#include "core/diamond_square.h"
#include "core/drainage.h"
#include "core/ground.h"
#include "core/rain.h"
#include "core/sketch.h"

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

}  // namespace terrain::cli
