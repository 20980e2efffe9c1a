// random_walk_skyline against real p5.js: tests/data/skyline/walk_p5.json is what the first
// answer's JavaScript gives in p5.js 1.11.13 (randomSeed(seed), random() for Math.random();
// made by tests/core/skyline_walk_p5.js, which the ctest skyline_walk_p5_node re-runs when p5
// is installed), and every height of every case must come out the same bit for bit. The file
// is read here whatever is installed: a missing or broken file fails, it never skips.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/skyline.h"

namespace terrain {
namespace {

struct WalkCase {
  uint32_t seed = 0;
  RandomWalkParams params;
  std::vector<double> heights;  // p5's, after each column
};

std::string golden_path() {
  // Appended piece by piece: GCC 12 warns falsely (-Warray-bounds) on a temporary string plus a
  // literal in some of the unity builds' groupings (the ThreadSanitizer build's, at -O1).
  std::string path = TERRAIN_TEST_DATA;
  path += "/skyline/walk_p5.json";
  return path;
}

std::vector<WalkCase> load_cases() {
  std::ifstream in(golden_path(), std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + golden_path());
  std::stringstream text;
  text << in.rdbuf();
  // Strict JSON; the numbers are JavaScript's shortest round-trip texts, which read back as
  // the very doubles p5 computed.
  const nlohmann::json file = nlohmann::json::parse(text.str());
  std::vector<WalkCase> cases;
  for (const nlohmann::json& c : file.at("cases")) {
    WalkCase w;
    const uint64_t seed = c.at("seed").get<uint64_t>();
    if (seed > std::numeric_limits<uint32_t>::max()) throw std::runtime_error("seed too large");
    w.seed = static_cast<uint32_t>(seed);
    w.params.columns = c.at("columns").get<int>();
    w.params.height_max = c.at("height_max").get<double>();
    w.params.step_max = c.at("step_max").get<double>();
    w.params.step_change = c.at("step_change").get<double>();
    w.heights = c.at("heights").get<std::vector<double>>();
    cases.push_back(std::move(w));
  }
  return cases;
}

std::string describe(const WalkCase& c) {
  return "seed " + std::to_string(c.seed) + ", " + std::to_string(c.params.columns) +
         " columns, height_max " + std::to_string(c.params.height_max) + ", step_max " +
         std::to_string(c.params.step_max) + ", step_change " +
         std::to_string(c.params.step_change);
}

TEST(RandomWalkSkylineP5, EqualsRealP5BitForBitInEveryCase) {
  const std::vector<WalkCase> cases = load_cases();
  ASSERT_GE(cases.size(), 10u);
  for (const WalkCase& c : cases) {
    SCOPED_TRACE(describe(c));
    ASSERT_EQ(c.heights.size(), static_cast<std::size_t>(c.params.columns));
    const std::vector<double> heights = random_walk_skyline(c.seed, c.params);
    ASSERT_EQ(heights.size(), c.heights.size());
    std::size_t differences = 0;
    std::size_t first = 0;
    for (std::size_t x = 0; x < heights.size(); x++) {
      if (std::memcmp(&heights[x], &c.heights[x], sizeof(double)) != 0 && differences++ == 0) {
        first = x;
      }
    }
    EXPECT_EQ(differences, 0u) << "first at column " << first << ": " << heights[first] << " here, "
                               << c.heights[first] << " in p5";
  }
}

// The file holds the cases it is meant to: the seeds at both ends of p5's range, the answer's
// own settings (the defaults here) over its 640 columns and a few tiny counts, heavy clipping
// at both ends, and a slope that never changes.
TEST(RandomWalkSkylineP5, TheGoldenFileHasTheCasesItShould) {
  const std::vector<WalkCase> cases = load_cases();
  const RandomWalkParams answer;
  EXPECT_EQ(answer.columns, 640);
  EXPECT_EQ(answer.height_max, 170.0);
  EXPECT_EQ(answer.step_max, 2.5);
  EXPECT_EQ(answer.step_change, 1.0);
  const auto is_answer = [&](const WalkCase& c) {
    return c.params.height_max == answer.height_max && c.params.step_max == answer.step_max &&
           c.params.step_change == answer.step_change;
  };
  for (uint32_t seed : {0u, 1u, 42u, 4294967295u}) {
    bool found = false;
    for (const WalkCase& c : cases)
      found |= c.seed == seed && c.params.columns == 640 && is_answer(c);
    EXPECT_TRUE(found) << "no case of seed " << seed << " with the answer's settings";
  }
  bool tiny = false, still = false, clips = false;
  for (const WalkCase& c : cases) {
    tiny |= c.params.columns <= 2;
    still |= c.params.step_change == 0 && c.params.step_max > 0;
    std::size_t floors = 0, tops = 0;
    for (double h : c.heights) {
      floors += h == 0;
      tops += h == c.params.height_max;
    }
    clips |= floors >= 20 && tops >= 20;
  }
  EXPECT_TRUE(tiny) << "no case of one or two columns";
  EXPECT_TRUE(still) << "no case with step_change 0";
  EXPECT_TRUE(clips) << "no case that clips at 0 and at height_max often";
}

}  // namespace
}  // namespace terrain
