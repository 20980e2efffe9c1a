// terrain-cli skyline: a side-view skyline (core/skyline.h, after "How can I generate a 2D
// mountain landscape procedurally?") from the command line, written as a NumPy .npy file of
// float64, shape (columns,): the random walk's height at each column, or the section points
// sampled at evenly spaced columns.
//
// The same rules as terrain-cli's: every flag is checked before anything touches the disk, and
// bad input (a value that is not a number, out of range, a flag of the other method, a missing
// --method or --out, an existing --out without --force, a directory that is missing or cannot
// be written) is a UsageError whose message is one line naming the flag and what is allowed;
// the program exits 2 with nothing written. The file is written whole or not at all
// (io/atomic_file.h), and never over an existing one unless --force.
//
// The caps (kMaxSkyline...) keep any run to a few tens of MiB and a few seconds.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/skyline.h"

namespace terrain::cli {

// The most columns one run writes (8 MB of float64).
inline constexpr int kMaxSkylineColumns = 1'000'000;
// The largest height, width, shift or step (far from any overflow in the arithmetic).
inline constexpr double kMaxSkylineReal = 1e9;
// The most section points, (sections - 1) * sub + 1 (16 MB of points).
inline constexpr uint64_t kMaxSectionPoints = 1'000'000;
// The most smoothing steps (a few seconds on a million points).
inline constexpr int kMaxSmoothSteps = 100'000'000;

enum class SkylineMethod {
  walk,      // random_walk_skyline
  sections,  // section_skyline
};

struct SkylineOptions {
  SkylineMethod method = SkylineMethod::walk;
  uint32_t seed = 42;
  int columns = RandomWalkParams{}.columns;  // 640, the answer's canvas width
  RandomWalkParams walk;                     // --method walk (its columns is `columns`)
  SectionParams sections;                    // --method sections
  std::filesystem::path out;
  bool force = false;  // replace an existing --out
  bool help = false;   // print skyline_help_text() and exit 0
};

// Parses the arguments after "skyline". With --help anywhere, returns at once with help set.
// Throws UsageError (one line, "terrain-cli: ...") for anything that is not a valid run.
SkylineOptions parse_skyline_options(std::span<const std::string_view> args);

// The heights `options` ask for: random_walk_skyline or section_skyline.
std::vector<double> skyline_heights(const SkylineOptions& options);

// terrain-cli skyline --help: usage, the methods, every flag with its default and range, the
// caps.
std::string skyline_help_text();

// Runs "terrain-cli skyline ARGS": parses, checks --out, computes, writes the file atomically
// and prints "wrote C heights to FILE". Returns the exit status (0); throws UsageError for bad
// input or a file that cannot be written, having written nothing.
int run_skyline(std::span<const std::string_view> args);

}  // namespace terrain::cli
