// terrain-cli skyline end to end, through the built program: the walk's file is real p5.js's
// heights bit for bit (tests/data/skyline/walk_p5.json), the sections' file is section_skyline's,
// both float64 .npy files of shape (C,); --help; and every kind of bad input exits 2 with one
// line naming the flag or path, leaving the disk exactly as it was (an existing file untouched).
//
// Sections: helpers; --help; runs that work; bad input (each message exactly); the output file.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "core/skyline.h"
#include "io/atomic_file.h"
#include "io/npy.h"
#include "io_test_support.h"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;
using testing::line_count;
using testing::listing;

// --- Helpers -------------------------------------------------------------------------------

class CliSkyline : public testing::CliTest {
 protected:
  // terrain-cli skyline ARGS.
  CliRun skyline(std::vector<std::string> args, const std::string& shell_prefix = "") {
    args.insert(args.begin(), "skyline");
    return run(args, shell_prefix);
  }
};

// One case of the p5.js golden file.
struct GoldenCase {
  uint32_t seed = 0;
  RandomWalkParams params;
  std::vector<double> heights;
};

GoldenCase golden_case(uint32_t seed, int columns, double height_max, double step_max,
                       double step_change) {
  const auto file = testing::read_json(std::string(TERRAIN_TEST_DATA) + "/skyline/walk_p5.json");
  for (const auto& c : file.at("cases")) {
    if (c.at("seed").get<uint64_t>() == seed && c.at("columns").get<int>() == columns &&
        c.at("height_max").get<double>() == height_max &&
        c.at("step_max").get<double>() == step_max &&
        c.at("step_change").get<double>() == step_change) {
      return {seed,
              {columns, height_max, step_max, step_change},
              c.at("heights").get<std::vector<double>>()};
    }
  }
  throw std::runtime_error("walk_p5.json has no case of seed " + std::to_string(seed));
}

std::size_t bit_differences(const std::vector<double>& a, const std::vector<double>& b) {
  return testing::bit_differences(a, b);
}

// The run ended normally and quietly, saying what it wrote where.
void expect_wrote(const CliRun& run, std::size_t count, const fs::path& out) {
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out, "wrote " + std::to_string(count) + " heights to " + out.string() + "\n");
}

// --- --help --------------------------------------------------------------------------------

TEST_F(CliSkyline, HelpListsEveryFlagWithItsDefaultRangeAndTheCaps) {
  const CliRun help = skyline({"--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_EQ(help.err, "");
  EXPECT_EQ(help.out.rfind("terrain-cli skyline: ", 0), 0u) << help.out;
  for (const char* flag : {"--method", "--seed", "--columns", "--height-max", "--step-max",
                           "--step-change", "--width", "--height", "--shift", "--sections", "--sub",
                           "--smooth-steps", "--out", "--force", "--help"}) {
    EXPECT_NE(help.out.find(std::string("  ") + flag + " "), std::string::npos) << flag;
  }
  for (const char* fact :
       {"required; walk or sections", "default 42; whole number 0..4294967295",
        "default 640; whole number 1..1000000 (walk), 2..1000000 (sections)",
        "default 170; more than 0, at most 1000000000", "default 2.5; 0..1000000000",
        "default 1; 0..1000000000", "default 10000; more than 0, at most 1000000000",
        "default 1000; more than 0, at most 1000000000", "default 200; 0..1000000000",
        "default 40; whole number 2..1000000", "default 5; whole number 1..1000000",
        "default 4000; whole number 0..100000000", "at most 1000000 columns",
        "(sections - 1) * sub + 1 at most 1000000 points", "at most 100000000 smoothing steps",
        "Exit status: 0 done; 2 bad input"}) {
    EXPECT_NE(help.out.find(fact), std::string::npos) << fact;
  }
  // -h too, and anywhere; but the main help stays the main help, and mentions the subcommand.
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"-h"}, {"--method", "walk", "--help"}, {"--out", "--help"}}) {
    const CliRun run = skyline(args);
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.out, help.out);
  }
  const CliRun main_help = run({"--help"});
  EXPECT_EQ(main_help.status, 0);
  EXPECT_NE(main_help.out, help.out);
  EXPECT_NE(main_help.out.find("terrain-cli skyline --method walk|sections"), std::string::npos);
  EXPECT_NE(main_help.out.find("(terrain-cli skyline --help)"), std::string::npos);
  EXPECT_TRUE(listing(work_.path()).empty());
}

// --- Runs that work ------------------------------------------------------------------------

TEST_F(CliSkyline, WalkIsRealP5sHeightsBitForBit) {
  // The answer's settings (the defaults), and a case that clips at both ends over and over.
  struct Run {
    GoldenCase golden;
    std::vector<std::string> flags;
  };
  const std::vector<Run> runs = {
      {golden_case(42, 640, 170, 2.5, 1.0), {}},
      {golden_case(0, 640, 170, 2.5, 1.0), {"--seed", "0", "--columns", "640"}},
      {golden_case(4294967295u, 640, 50, 20, 8),
       {"--seed", "4294967295", "--height-max", "50", "--step-max", "20", "--step-change", "8"}},
      {golden_case(42, 640, 50, 20, 0),
       {"--step-change=0", "--height-max", "50", "--step-max", "20.0"}},
      {golden_case(42, 1, 170, 2.5, 1.0), {"--columns", "1"}},
  };
  int k = 0;
  for (const Run& r : runs) {
    const fs::path out = path("walk-" + std::to_string(k++) + ".npy");
    std::vector<std::string> args = {"--method", "walk", "--out", out.string()};
    args.insert(args.end(), r.flags.begin(), r.flags.end());
    const CliRun run = skyline(args);
    expect_wrote(run, r.golden.heights.size(), out);
    const std::vector<double> heights = io::read_npy_vector(out);
    EXPECT_EQ(bit_differences(heights, r.golden.heights), 0u) << out;
    // numpy's header: '<f8', shape (C,), the data at byte 128.
    const std::string bytes = io::read_file(out);
    EXPECT_EQ(bytes.size(), 128 + 8 * r.golden.heights.size());
    EXPECT_NE(bytes.find("{'descr': '<f8', 'fortran_order': False, 'shape': (" +
                         std::to_string(r.golden.heights.size()) + ",), }"),
              std::string::npos);
  }
  EXPECT_EQ(listing(work_.path()).size(), runs.size());  // no temporaries left
}

TEST_F(CliSkyline, SectionsIsSectionSkyline) {
  const fs::path defaults = path("defaults.npy");
  expect_wrote(skyline({"--method", "sections", "--out", defaults.string()}), 640, defaults);
  EXPECT_EQ(bit_differences(io::read_npy_vector(defaults), section_skyline(42, 640, {})), 0u);

  const fs::path set = path("set.npy");
  const CliRun run = skyline({"--method",   "sections",  "--seed",   "7",  "--columns",      "300",
                              "--width",    "500",       "--height", "80", "--shift",        "12.5",
                              "--sections", "12",        "--sub",    "4",  "--smooth-steps", "300",
                              "--out",      set.string()});
  expect_wrote(run, 300, set);
  SectionParams params;
  params.width = 500;
  params.height = 80;
  params.shift = 12.5;
  params.sections = 12;
  params.sub = 4;
  params.smooth_steps = 300;
  EXPECT_EQ(bit_differences(io::read_npy_vector(set), section_skyline(7, 300, params)), 0u);

  // The fewest columns, sections and sub points, no smoothing.
  const fs::path least = path("least.npy");
  expect_wrote(skyline({"--method", "sections", "--columns", "2", "--sections", "2", "--sub", "1",
                        "--smooth-steps", "0", "--shift", "0", "--out", least.string()}),
               2, least);
  params = {};
  params.sections = 2;
  params.sub = 1;
  params.smooth_steps = 0;
  params.shift = 0;
  EXPECT_EQ(bit_differences(io::read_npy_vector(least), section_skyline(42, 2, params)), 0u);
}

TEST_F(CliSkyline, ARelativeOutGoesIntoTheWorkingDirectory) {
  const std::string command = "cd " + testing::shell_quoted(work_.path().string()) + " && ";
  const CliRun run = skyline({"--method", "walk", "--columns", "5", "--out", "w.npy"}, command);
  expect_wrote(run, 5, "w.npy");
  EXPECT_EQ(io::read_npy_vector(path("w.npy")).size(), 5u);
}

// --- Bad input -----------------------------------------------------------------------------

// The one line on stderr exactly (without "terrain-cli: " and the newline), exit status 2,
// nothing on stdout and nothing written. "@OUT" stands for a new file in the scratch space,
// "@DIR" for the scratch space itself.
using BadSkyline = testing::Refusal;  // args after "skyline"

class CliSkylineBadInput : public CliSkyline, public ::testing::WithParamInterface<BadSkyline> {};

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
    text.replace(at, from.size(), to);
    at += to.size();
  }
  return text;
}

TEST_P(CliSkylineBadInput, IsTheOneLineAndExitsTwoWritingNothing) {
  const BadSkyline& bad = GetParam();
  testing::write_text(path("existing.npy"), "keep me");
  fs::create_directories(path("sub"));
  const auto places = [this](std::string text) {
    return replaced(replaced(text, "@OUT", path("new.npy").string()), "@DIR",
                    work_.path().string());
  };
  std::vector<std::string> args = {"skyline"};
  for (const std::string& arg : bad.args) args.push_back(places(arg));
  EXPECT_EQ(refused(args).err, "terrain-cli: " + places(bad.message) + "\n");
  EXPECT_EQ(io::read_file(path("existing.npy")), "keep me");
}

const std::string kUnknownSkyline = " (terrain-cli skyline --help lists them)";
const std::string kColumnsWalk = " (allowed: whole number 1..1000000)";
const std::string kColumnsSections = " (allowed: whole number 2..1000000)";
const std::string kPositive = " (allowed: more than 0, at most 1000000000)";
const std::string kNonNegative = " (allowed: 0..1000000000)";

INSTANTIATE_TEST_SUITE_P(
    EveryMessage, CliSkylineBadInput,
    ::testing::Values(
        // The method: required, one of two.
        BadSkyline{{}, "--method NAME is required (walk or sections)"},
        BadSkyline{{"--out", "@OUT"}, "--method NAME is required (walk or sections)"},
        BadSkyline{{"--method", "perlin", "--out", "@OUT"},
                   "--method 'perlin' is not a method (allowed: walk or sections)"},
        BadSkyline{{"--method", "Walk", "--out", "@OUT"},
                   "--method 'Walk' is not a method (allowed: walk or sections)"},
        BadSkyline{{"--method", "--out", "@OUT"},
                   "--method needs a value (allowed: walk or sections)"},
        // --out: required, not empty, a file.
        BadSkyline{{"--method", "walk"}, "--out FILE is required (the .npy file to write)"},
        BadSkyline{{"--method", "walk", "--out", ""}, "--out '' is empty (allowed: a file path)"},
        BadSkyline{{"--method", "walk", "--out"}, "--out needs a value (allowed: a file path)"},
        // A flag of the other method (after every value is checked).
        BadSkyline{{"--method", "walk", "--width", "5", "--out", "@OUT"},
                   "--width only applies to --method sections (the method is walk)"},
        BadSkyline{{"--smooth-steps", "5", "--method", "walk", "--sub", "2", "--out", "@OUT"},
                   "--smooth-steps only applies to --method sections (the method is walk)"},
        BadSkyline{{"--method", "sections", "--step-max", "5", "--out", "@OUT"},
                   "--step-max only applies to --method walk (the method is sections)"},
        BadSkyline{{"--method", "sections", "--height-max", "x", "--out", "@OUT"},
                   "--height-max 'x' is not a number" + kPositive},
        // Columns: whole numbers, at least 1 (walk) or 2 (sections), capped.
        BadSkyline{{"--method", "walk", "--columns", "0", "--out", "@OUT"},
                   "--columns '0' is out of range" + kColumnsWalk},
        BadSkyline{{"--method", "walk", "--columns", "1000001", "--out", "@OUT"},
                   "--columns '1000001' is out of range" + kColumnsWalk},
        BadSkyline{{"--columns", "1", "--method", "sections", "--out", "@OUT"},
                   "--columns '1' is out of range" + kColumnsSections},
        BadSkyline{{"--method", "walk", "--columns", "-5", "--out", "@OUT"},
                   "--columns '-5' is out of range" + kColumnsWalk},
        BadSkyline{{"--method", "walk", "--columns", "64.0", "--out", "@OUT"},
                   "--columns '64.0' is not a whole number" + kColumnsWalk},
        BadSkyline{{"--method", "walk", "--columns", "abc", "--out", "@OUT"},
                   "--columns 'abc' is not a whole number" + kColumnsWalk},
        BadSkyline{{"--method", "walk", "--seed", "4294967296", "--out", "@OUT"},
                   "--seed '4294967296' is out of range (allowed: whole number 0..4294967295)"},
        // Reals: numbers, finite, not negative, some above 0, capped.
        BadSkyline{{"--method", "walk", "--step-max", "-1", "--out", "@OUT"},
                   "--step-max '-1' is out of range" + kNonNegative},
        BadSkyline{{"--method", "walk", "--step-change", "nan", "--out", "@OUT"},
                   "--step-change 'nan' is not a finite number" + kNonNegative},
        BadSkyline{{"--method", "walk", "--step-change", "inf", "--out", "@OUT"},
                   "--step-change 'inf' is not a finite number" + kNonNegative},
        BadSkyline{{"--method", "walk", "--height-max", "0", "--out", "@OUT"},
                   "--height-max '0' is out of range" + kPositive},
        BadSkyline{{"--method", "walk", "--height-max", "-0", "--out", "@OUT"},
                   "--height-max '-0' is out of range" + kPositive},
        BadSkyline{{"--method", "walk", "--height-max", "1e10", "--out", "@OUT"},
                   "--height-max '1e10' is out of range" + kPositive},
        BadSkyline{{"--method", "walk", "--height-max", "170px", "--out", "@OUT"},
                   "--height-max '170px' is not a number" + kPositive},
        BadSkyline{{"--method", "sections", "--width", "-inf", "--out", "@OUT"},
                   "--width '-inf' is not a finite number" + kPositive},
        BadSkyline{{"--method", "sections", "--height", "0", "--out", "@OUT"},
                   "--height '0' is out of range" + kPositive},
        BadSkyline{{"--method", "sections", "--shift", "-0.5", "--out", "@OUT"},
                   "--shift '-0.5' is out of range" + kNonNegative},
        // Sections' counts, capped one by one and together.
        BadSkyline{{"--method", "sections", "--sections", "1", "--out", "@OUT"},
                   "--sections '1' is out of range (allowed: whole number 2..1000000)"},
        BadSkyline{{"--method", "sections", "--sub", "0", "--out", "@OUT"},
                   "--sub '0' is out of range (allowed: whole number 1..1000000)"},
        BadSkyline{{"--method", "sections", "--smooth-steps", "100000001", "--out", "@OUT"},
                   "--smooth-steps '100000001' is out of range (allowed: whole number "
                   "0..100000000)"},
        BadSkyline{{"--method", "sections", "--sections", "1001", "--sub", "1001", "--out", "@OUT"},
                   "--sections 1001 and --sub 1001 make 1001001 points (allowed: (sections - 1) "
                   "* sub + 1 at most 1000000)"},
        BadSkyline{{"--method", "sections", "--sections", "1000000", "--out", "@OUT"},
                   "--sections 1000000 and --sub 5 make 4999996 points (allowed: (sections - 1) "
                   "* sub + 1 at most 1000000)"},
        // Words: unknown flags, strays, twice, a value to a switch.
        BadSkyline{{"--method", "walk", "--bogus", "1", "--out", "@OUT"},
                   "unknown flag '--bogus'" + kUnknownSkyline},
        BadSkyline{{"--method", "walk", "--drops", "1", "--out", "@OUT"},
                   "unknown flag '--drops'" + kUnknownSkyline},
        BadSkyline{{"--method", "walk", "stray", "--out", "@OUT"},
                   "unexpected argument 'stray' (every value follows its flag, e.g. --out FILE)"},
        BadSkyline{{"walk", "--out", "@OUT"},
                   "unexpected argument 'walk' (every value follows its flag, e.g. --out FILE)"},
        BadSkyline{{"--method", "walk", "--seed", "1", "--seed", "1", "--out", "@OUT"},
                   "--seed is given twice (give it once)"},
        BadSkyline{{"--method", "walk", "--force=yes", "--out", "@OUT"}, "--force takes no value"},
        // The output file: existing, a directory, a missing directory.
        BadSkyline{{"--method", "walk", "--out", "@DIR/existing.npy"},
                   "'@DIR/existing.npy' already exists (pass --force to replace it)"},
        BadSkyline{{"--method", "walk", "--out", "@DIR/sub"},
                   "--out '@DIR/sub' is a directory (allowed: a file path)"},
        BadSkyline{{"--method", "walk", "--force", "--out", "@DIR/sub"},
                   "--out '@DIR/sub' is a directory (allowed: a file path)"},
        BadSkyline{{"--method", "walk", "--out", "@DIR/sub/"},
                   "--out '@DIR/sub/' names a directory (allowed: a file path)"},
        BadSkyline{{"--method", "walk", "--out", "@DIR/missing/x.npy"},
                   "--out '@DIR/missing/x.npy': directory '@DIR/missing' does not exist"},
        BadSkyline{{"--method", "walk", "--out", "@DIR/existing.npy/x.npy"},
                   "--out '@DIR/existing.npy/x.npy': '@DIR/existing.npy' is not a directory"}));

// --- The output file -----------------------------------------------------------------------

TEST_F(CliSkyline, ForceReplacesAnExistingFileAndNothingElse) {
  const fs::path out = path("walk.npy");
  testing::write_text(out, "keep me");
  testing::write_text(path("notes.txt"), "not ours");
  const CliRun refused = skyline({"--method", "walk", "--out", out.string()});
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(io::read_file(out), "keep me");
  expect_wrote(skyline({"--method", "walk", "--force", "--out", out.string()}), 640, out);
  EXPECT_EQ(bit_differences(io::read_npy_vector(out), random_walk_skyline(42)), 0u);
  EXPECT_EQ(io::read_file(path("notes.txt")), "not ours");
  EXPECT_EQ(listing(work_.path()).size(), 2u);  // no temporaries
}

TEST_F(CliSkyline, AFileThatCannotBeWrittenIsRefused) {
  // /proc takes no new files, whoever asks (CI runs as root).
  const CliRun result = skyline({"--method", "walk", "--out", "/proc/terrain-skyline.npy"});
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(line_count(result.err), 1u) << result.err;
  EXPECT_EQ(
      result.err.rfind("terrain-cli: --out '/proc/terrain-skyline.npy' cannot be written: ", 0), 0u)
      << result.err;
}

TEST_F(CliSkyline, AWriteThatFailsHalfWayLeavesNothing) {
  // A 2 KB file-size limit (dash counts ulimit -f in 512-byte blocks; bash in 1024) passes the
  // checks, then fails writing the 5 KB file, as a full disk would.
  const fs::path out = path("walk.npy");
  const CliRun result =
      refused({"skyline", "--method", "walk", "--out", out.string()}, "ulimit -f 4; ");
  EXPECT_NE(result.err.find(out.string() + ": File too large"), std::string::npos) << result.err;
}

TEST_F(CliSkyline, TheSubcommandIsOnlyTheFirstWord) {
  // Anywhere else "skyline" is a stray word to terrain-cli, as it always was.
  const CliRun result = run({"--seed", "3", "skyline", "--out", path("out").string()});
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.err,
            "terrain-cli: unexpected argument 'skyline' (every value follows its flag, e.g. --out "
            "DIR)\n");
  EXPECT_TRUE(listing(work_.path()).empty());
}

}  // namespace
}  // namespace terrain
