// summary.json as a JSON document: strict JSON, its members in their documented order (the
// writer keeps the order it sets them in; a plain nlohmann::json would sort them), two-space
// indentation with a final newline, counts as whole numbers, and every real number reading
// back as exactly the double it was.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "io/atomic_file.h"
#include "io_test_support.h"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

class SummaryJson : public ::testing::Test {
 protected:
  // Runs terrain-cli with `args` into a new directory and returns its summary.json's text.
  std::string summary_text(std::vector<std::string> args) {
    const fs::path out = work_ / ("run" + std::to_string(runs_++));
    args.insert(args.end(), {"--out", out.string()});
    const testing::CliRun run = testing::run_cli(args, captures_.path());
    EXPECT_EQ(run.status, 0) << run.err;
    return io::read_file(out / "summary.json");
  }

 private:
  testing::ScratchDir work_;
  testing::ScratchDir captures_;
  int runs_ = 0;
};

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> names;
  for (const auto& [name, value] : object.items()) names.push_back(name);
  return names;
}

TEST_F(SummaryJson, MembersComeInTheirDocumentedOrder) {
  const std::vector<std::string> small = {"--drops", "500", "--width", "40", "--height", "30"};
  const Json island = Json::parse(summary_text(small));
  EXPECT_EQ(keys(island),
            (std::vector<std::string>{"program", "inputs", "counts", "timings", "files"}));
  const std::vector<std::string> inputs_before = {"seed", "drops", "generator", "width", "height"};
  const std::vector<std::string> inputs_after = {
      "erosion", "deposition", "inertia", "brush_radius", "sea_level", "routing", "min_flow"};
  const auto inputs = [&](const char* shape) {
    std::vector<std::string> names = inputs_before;
    names.insert(names.end(), {shape, "island"});
    names.insert(names.end(), inputs_after.begin(), inputs_after.end());
    return names;
  };
  EXPECT_EQ(keys(island.at("inputs")), inputs("terrain_scale"));
  EXPECT_EQ(keys(island.at("counts")),
            (std::vector<std::string>{"drops", "total_steps", "mean_steps_per_drop", "drops_ended",
                                      "river_cells", "river_reaches", "max_strahler_order",
                                      "max_flow", "basins", "lake_cells", "max_lake_depth"}));
  EXPECT_EQ(keys(island.at("counts").at("drops_ended")),
            (std::vector<std::string>{"flat", "off_map", "sea", "max_steps"}));
  EXPECT_EQ(keys(island.at("timings")),
            (std::vector<std::string>{"terrain_ms", "rain_ms", "drops_per_s", "drainage_ms",
                                      "rivers_ms", "total_ms"}));
  EXPECT_EQ(
      keys(island.at("files")),
      (std::vector<std::string>{"original.npy", "eroded.npy", "filled.npy", "flow.npy",
                                "downstream.npy", "basins.npy", "strahler.npy", "lakes.npy"}));

  std::vector<std::string> diamond_square = small;
  diamond_square.insert(diamond_square.end(), {"--generator", "diamond-square"});
  EXPECT_EQ(keys(Json::parse(summary_text(diamond_square)).at("inputs")), inputs("roughness"));
}

TEST_F(SummaryJson, IsIndentedTwoSpacesALevelAndEndsWithANewline) {
  const std::string text =
      summary_text({"--seed", "7", "--drops", "500", "--width", "40", "--height", "30"});
  // The text is exactly the document laid out that way: nothing else anywhere.
  EXPECT_EQ(text, Json::parse(text).dump(2) + "\n");
  const std::string start =
      "{\n  \"program\": \"terrain-cli\",\n  \"inputs\": {\n    \"seed\": 7,\n    \"drops\": "
      "500,\n";
  EXPECT_EQ(text.substr(0, start.size()), start);
  const std::string end = " 0 elsewhere\"\n  }\n}\n";
  ASSERT_GE(text.size(), end.size());
  EXPECT_EQ(text.substr(text.size() - end.size()), end);
}

TEST_F(SummaryJson, CountsAndWholeSettingsAreWholeNumbers) {
  const Json summary = Json::parse(
      summary_text({"--drops", "500", "--width", "40", "--height", "30", "--brush-radius", "3"}));
  const Json& inputs = summary.at("inputs");
  for (const char* name : {"seed", "drops", "width", "height", "brush_radius", "min_flow"}) {
    EXPECT_TRUE(inputs.at(name).is_number_unsigned()) << name << ": " << inputs.at(name);
  }
  const Json& counts = summary.at("counts");
  for (const char* name : {"drops", "total_steps", "river_cells", "river_reaches",
                           "max_strahler_order", "max_flow", "basins", "lake_cells"}) {
    EXPECT_TRUE(counts.at(name).is_number_unsigned()) << name << ": " << counts.at(name);
  }
  for (const auto& [name, value] : counts.at("drops_ended").items()) {
    EXPECT_TRUE(value.is_number_unsigned()) << name << ": " << value;
  }
  EXPECT_TRUE(summary.at("timings").at("drops_per_s").is_number_unsigned())
      << summary.at("timings").at("drops_per_s");
  EXPECT_TRUE(counts.at("mean_steps_per_drop").is_number_float());
  EXPECT_TRUE(counts.at("max_lake_depth").is_number_float());
}

// Each real setting is written so that it reads back as the very double its text on the
// command line read as, however many digits that took.
TEST_F(SummaryJson, RealSettingsReadBackAsExactlyTheDoublesGiven) {
  struct Real {
    const char* flag;
    const char* key;
    const char* text;
  };
  const Real reals[] = {{"--erosion", "erosion", "0.1234567890123456789"},
                        {"--deposition", "deposition", "5e-324"},
                        {"--inertia", "inertia", "0.30000000000000004"},
                        {"--sea-level", "sea_level", "0.1"},
                        {"--terrain-scale", "terrain_scale", "0.0123456789012345"}};
  std::vector<std::string> args = {"--drops", "200", "--width", "40", "--height", "30"};
  for (const Real& real : reals) args.insert(args.end(), {real.flag, real.text});
  const std::string text = summary_text(args);
  const Json inputs = Json::parse(text).at("inputs");
  for (const Real& real : reals) {
    EXPECT_EQ(inputs.at(real.key).get<double>(), std::strtod(real.text, nullptr)) << real.key;
  }
  // The same through the C library's reading of the text itself, not only nlohmann's.
  const std::size_t at = text.find("\"inertia\": ");
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(std::strtod(text.c_str() + at + 11, nullptr), 0.30000000000000004);
}

}  // namespace
}  // namespace terrain
