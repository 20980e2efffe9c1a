// terrain-cli skyline (see skyline_command.h).
//
// Sections: the flag table; parse_skyline_options; the output file (checked before the work,
// written at the end); run_skyline; the help text.
#include "cli/skyline_command.h"

#include <cstdio>
#include <limits>
#include <system_error>

#include "cli/options.h"
#include "core/number_text.h"
#include "io/atomic_file.h"
#include "io/npy.h"

namespace terrain::cli {
namespace {

namespace fs = std::filesystem;

// --- The flag table ----------------------------------------------------------------------

std::string whole(uint64_t lo, uint64_t hi) {
  return "whole number " + std::to_string(lo) + ".." + std::to_string(hi);
}

// The largest real as --help and the messages show it (not "1e+09").
const std::string kMaxReal = std::to_string(static_cast<uint64_t>(kMaxSkylineReal));
const std::string kNonNegative = "0.." + kMaxReal;
const std::string kPositive = "more than 0, at most " + kMaxReal;

std::string columns_allowed(SkylineMethod method) {
  return whole(method == SkylineMethod::walk ? 1 : 2, kMaxSkylineColumns);
}

// The flags of one method only, and which.
constexpr std::string_view kWalkFlags[] = {"--height-max", "--step-max", "--step-change"};
constexpr std::string_view kSectionFlags[] = {"--width",    "--height", "--shift",
                                              "--sections", "--sub",    "--smooth-steps"};

bool is_one_of(std::string_view name, std::span<const std::string_view> names) {
  for (std::string_view n : names) {
    if (n == name) return true;
  }
  return false;
}

const char* method_name(SkylineMethod method) {
  return method == SkylineMethod::walk ? "walk" : "sections";
}

std::vector<Flag> skyline_flags() {
  const RandomWalkParams walk;
  const SectionParams sections;
  return {
      {"--method", "NAME",
       "walk (the first answer's random-walk slope) or sections (the second answer's random "
       "points per section)",
       "", "required; walk or sections"},
      {"--seed", "N", "seed of the skyline's own generator (p5.js's randomSeed)", "42",
       whole(0, std::numeric_limits<uint32_t>::max())},
      {"--columns", "C", "heights to write, one per column", std::to_string(walk.columns),
       columns_allowed(SkylineMethod::walk) + " (walk), 2.." + std::to_string(kMaxSkylineColumns) +
           " (sections)"},
      {"--height-max", "H", "walk only: the highest height (the lowest is 0)",
       number_text(walk.height_max), kPositive},
      {"--step-max", "S", "walk only: the steepest slope, in height per column",
       number_text(walk.step_max), kNonNegative},
      {"--step-change", "D", "walk only: the most the slope changes per column (jaggedness)",
       number_text(walk.step_change), kNonNegative},
      {"--width", "W", "sections only: the width split into sections; columns sample 0..W",
       number_text(sections.width), kPositive},
      {"--height", "H", "sections only: section points lie at heights 0..H",
       number_text(sections.height), kPositive},
      {"--shift", "S",
       "sections only: how far a point between section points moves, up to +-S/2 (sideways "
       "at most half their spacing)",
       number_text(sections.shift), kNonNegative},
      {"--sections", "K", "sections only: sections, one random point in each",
       std::to_string(sections.sections), whole(2, kMaxSectionPoints)},
      {"--sub", "U", "sections only: steps from one section point to the next (U - 1 points)",
       std::to_string(sections.sub), whole(1, kMaxSectionPoints)},
      {"--smooth-steps", "M",
       "sections only: times a random interior point is pulled towards its neighbours",
       std::to_string(sections.smooth_steps), whole(0, kMaxSmoothSteps)},
      {"--out", "FILE", "the .npy file to write (its directory must exist)", "",
       "required; a file path"},
      {"--force", "", "replace FILE if it exists, atomically", "off: refuse if it exists", ""},
      {"--help", "", "print this help and exit", "", ""},
  };
}

// A finite real in (0, kMaxSkylineReal].
double read_positive(const Flag& flag, std::string_view text) {
  const double value = read_real(flag, text, 0, kMaxSkylineReal);
  if (!(value > 0)) bad_value(flag, text, "is out of range");
  return value;
}

int read_count(const Flag& flag, std::string_view text, uint64_t lo, uint64_t hi) {
  return static_cast<int>(read_whole(flag, text, lo, hi));
}

}  // namespace

// --- parse_skyline_options ---------------------------------------------------------------

SkylineOptions parse_skyline_options(std::span<const std::string_view> args) {
  SkylineOptions options;
  if (flags::asks_for_help(args)) {
    options.help = true;
    return options;
  }
  const std::vector<Flag> table = skyline_flags();
  const std::vector<GivenFlag> given = flags::read_flags(table, args, "terrain-cli skyline");

  // The method first: the columns' range and which flags apply depend on it.
  const GivenFlag* method = nullptr;
  for (const GivenFlag& g : given) {
    if (g.flag->name == "--method") method = &g;
  }
  if (method == nullptr) usage_error("--method NAME is required (walk or sections)");
  if (method->value == "walk") {
    options.method = SkylineMethod::walk;
  } else if (method->value == "sections") {
    options.method = SkylineMethod::sections;
  } else {
    bad_value(*method->flag, method->value, "is not a method");
  }
  const bool walk = options.method == SkylineMethod::walk;

  const Flag* other_method_flag = nullptr;  // the first flag given of the other method
  for (const auto& [flag, text] : given) {
    const std::string& name = flag->name;
    if (name == "--seed") {
      options.seed =
          static_cast<uint32_t>(read_whole(*flag, text, 0, std::numeric_limits<uint32_t>::max()));
    } else if (name == "--columns") {
      Flag columns = *flag;  // this method's range, in the message too
      columns.allowed = columns_allowed(options.method);
      options.columns = read_count(columns, text, walk ? 1 : 2, kMaxSkylineColumns);
    } else if (name == "--height-max") {
      options.walk.height_max = read_positive(*flag, text);
    } else if (name == "--step-max") {
      options.walk.step_max = read_real(*flag, text, 0, kMaxSkylineReal);
    } else if (name == "--step-change") {
      options.walk.step_change = read_real(*flag, text, 0, kMaxSkylineReal);
    } else if (name == "--width") {
      options.sections.width = read_positive(*flag, text);
    } else if (name == "--height") {
      options.sections.height = read_positive(*flag, text);
    } else if (name == "--shift") {
      options.sections.shift = read_real(*flag, text, 0, kMaxSkylineReal);
    } else if (name == "--sections") {
      options.sections.sections = read_count(*flag, text, 2, kMaxSectionPoints);
    } else if (name == "--sub") {
      options.sections.sub = read_count(*flag, text, 1, kMaxSectionPoints);
    } else if (name == "--smooth-steps") {
      options.sections.smooth_steps = read_count(*flag, text, 0, kMaxSmoothSteps);
    } else if (name == "--out") {
      if (text.empty()) usage_error("--out '' is empty (allowed: a file path)");
      options.out = fs::path(text);
    } else if (name == "--force") {
      options.force = true;
    }
    const bool other = is_one_of(name, walk ? std::span<const std::string_view>(kSectionFlags)
                                            : std::span<const std::string_view>(kWalkFlags));
    if (other && other_method_flag == nullptr) other_method_flag = flag;
  }

  // Each method has its own settings; the other one's would be silently ignored.
  if (other_method_flag != nullptr) {
    usage_error(other_method_flag->name + " only applies to --method " +
                method_name(walk ? SkylineMethod::sections : SkylineMethod::walk) +
                " (the method is " + method_name(options.method) + ")");
  }
  if (!walk) {
    const SectionParams& p = options.sections;
    const uint64_t points =
        static_cast<uint64_t>(p.sections - 1) * static_cast<uint64_t>(p.sub) + 1;
    if (points > kMaxSectionPoints) {
      usage_error("--sections " + std::to_string(p.sections) + " and --sub " +
                  std::to_string(p.sub) + " make " + std::to_string(points) +
                  " points (allowed: (sections - 1) * sub + 1 at most " +
                  std::to_string(kMaxSectionPoints) + ")");
    }
  }
  if (options.out.empty()) usage_error("--out FILE is required (the .npy file to write)");
  options.walk.columns = options.columns;
  return options;
}

std::vector<double> skyline_heights(const SkylineOptions& options) {
  if (options.method == SkylineMethod::walk) {
    RandomWalkParams params = options.walk;
    params.columns = options.columns;
    return random_walk_skyline(options.seed, params);
  }
  return section_skyline(options.seed, options.columns, options.sections);
}

// --- The output file -----------------------------------------------------------------------

namespace {

// Refuses, before any work, an --out that exists (unless --force), is not a regular file (a
// directory, a device, a FIFO, a link to one), or lies in a directory that is missing or
// cannot be written to.
void check_out(const fs::path& out, bool force) {
  if (!out.has_filename())
    usage_error("--out " + shown(out) + " names a directory (allowed: a file path)");
  std::error_code error;
  const fs::file_status existing = fs::symlink_status(out, error);
  if (fs::exists(existing)) {
    if (fs::is_directory(existing)) {
      usage_error("--out " + shown(out) + " is a directory (allowed: a file path)");
    }
    // Only a regular file is replaced, --force or not (io/atomic_file.h).
    if (const std::string refusal = io::replace_refusal(out); !refusal.empty()) {
      usage_error("--out " + shown(out) + ": " + refusal +
                  " (allowed: a new file name, or with --force a regular file to replace)");
    }
    if (!force) usage_error(shown(out) + " already exists (pass --force to replace it)");
  }
  const fs::path dir = out.has_parent_path() ? out.parent_path() : fs::path(".");
  const fs::file_status dir_status = fs::status(dir, error);
  if (!fs::exists(dir_status)) {
    if (error && error != std::errc::no_such_file_or_directory) {
      usage_error("--out " + shown(out) + ": cannot reach directory " + shown(dir) + ": " +
                  error.message());
    }
    usage_error("--out " + shown(out) + ": directory " + shown(dir) + " does not exist");
  }
  if (!fs::is_directory(dir_status)) {
    usage_error("--out " + shown(out) + ": " + shown(dir) + " is not a directory");
  }
  // Proves a file can be made there now, not after the work: stages an empty one and drops it.
  try {
    io::StagedFile probe(out, std::span<const std::byte>());
  } catch (const std::exception& e) {
    usage_error("--out " + shown(out) + " cannot be written: " + e.what());
  }
}

}  // namespace

// --- run_skyline ---------------------------------------------------------------------------

int run_skyline(std::span<const std::string_view> args) {
  const SkylineOptions options = parse_skyline_options(args);
  if (options.help) {
    std::fputs(skyline_help_text().c_str(), stdout);
    return 0;
  }
  check_out(options.out, options.force);
  const std::vector<double> heights = skyline_heights(options);
  const std::vector<std::byte> bytes = io::encode_npy_vector(heights);
  try {
    io::StagedFile staged(options.out, bytes);
    staged.commit(options.force ? io::WriteMode::replace : io::WriteMode::never_overwrite);
  } catch (const std::runtime_error& e) {
    // Another program made the file since the check, or the disk filled: nothing is left.
    std::string message = e.what();
    if (message.ends_with("already exists")) message += " (pass --force to replace it)";
    usage_error(message);
  }
  std::printf("wrote %zu heights to %s\n", heights.size(), options.out.c_str());
  return 0;
}

// --- The help text -------------------------------------------------------------------------

std::string skyline_help_text() {
  std::string text =
      "terrain-cli skyline: a side-view skyline, one height per column, after \"How can I\n"
      "generate a 2D mountain landscape procedurally?\", as a NumPy .npy file: float64,\n"
      "shape (C,).\n"
      "\n"
      "Usage: terrain-cli skyline --method walk --out FILE [--seed N] [--columns C]\n"
      "         [--height-max H] [--step-max S] [--step-change D] [--force]\n"
      "       terrain-cli skyline --method sections --out FILE [--seed N] [--columns C]\n"
      "         [--width W] [--height H] [--shift S] [--sections K] [--sub U]\n"
      "         [--smooth-steps M] [--force]\n"
      "\n"
      "Methods:\n"
      "  walk      the first answer's JavaScript rule for rule, with p5.js's randomSeed(N) and\n"
      "            random() for Math.random(): its height after each column\n"
      "  sections  the second answer's random points per section, sub points and smoothing,\n"
      "            sampled at C evenly spaced x from 0 to W (linear between the points)\n"
      "\n"
      "Options:\n";
  text += flags::flags_help(skyline_flags());
  text +=
      "\n"
      "The walk's settings apply only to --method walk, the sections' only to --method\n"
      "sections. Caps, so that no run takes unbounded memory or time: at most " +
      std::to_string(kMaxSkylineColumns) +
      " columns,\n"
      "sizes and steps at most " +
      kMaxReal + ", (sections - 1) * sub + 1 at most " + std::to_string(kMaxSectionPoints) +
      " points,\n"
      "at most " +
      std::to_string(kMaxSmoothSteps) +
      " smoothing steps.\n"
      "FILE is written whole or not at all, and an existing FILE is never replaced without\n"
      "--force.\n"
      "Exit status: 0 done; 2 bad input, FILE exists (without --force) or cannot be written,\n"
      "with nothing written; 1 an unexpected failure.\n";
  return text;
}

}  // namespace terrain::cli
