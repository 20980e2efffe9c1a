// The one table of flags of terrain-sandbox and terrain-cli: every flag either program reads,
// with what it does, its default and what it allows. A flag both programs read (--seed,
// --drops, --generator, --roughness, --terrain-scale, --routing, --min-flow, --rivers-by,
// --fit, --scheme, --help) is one row, so it has one name, one range and one set of rules
// (flags.h) in both; its words differ only where the two programs use it differently (the
// app's seed is random by default, terrain-cli's is 42).
//
// terrain-cli's subcommands (terrain-cli skyline) have flags of their own, read by the same
// rules (cli/skyline_command.cpp).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "flags/flags.h"

namespace terrain::flags {

enum class Program {
  sandbox,  // terrain-sandbox, the desktop program
  cli,      // terrain-cli
};

// The most drops one run may ask for (about three hours at the sketch's speed on 320 x 180).
inline constexpr uint64_t kMaxDrops = 1'000'000'000;
// terrain-cli's largest grid side: 8192 x 8192 is 64 Mi cells, a few GiB through the pipeline.
inline constexpr int kMaxSide = 8192;
// The most threads --threads may ask for (WorkThreads::kMost).
inline constexpr uint64_t kMaxThreads = 64;
// The frames a scripted run of the app may ask for.
inline constexpr uint64_t kMaxFrames = 100'000'000;

// The rows `program` reads, in the order its --help lists them. The app's FILE (the heightmap
// to open, not a flag) is a row of its own named "FILE", first.
std::vector<Flag> flag_table(Program program);

// The row named `name` of `flags` (a mistake in the program when there is none).
const Flag& flag_row(const std::vector<Flag>& flags, std::string_view name);

// --min-flow is a whole number from 1 to the cells of the grid (a cell cannot have more
// draining through it): UsageError naming the value and the grid otherwise.
void check_min_flow(const Flag& flag, uint64_t min_flow, uint64_t cells);

}  // namespace terrain::flags
