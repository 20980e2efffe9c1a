// Long work through the real window: a script's rain of a billion drops and a map file whose
// place is 16 million drops from its checkpoints run off the window's thread, their progress
// over the map with a Cancel; Esc, the Cancel button and SIGTERM each end it at once, and the
// map is as it was before it (where it would otherwise rain for hours, or replay for a minute).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "far_place_map.h"
#include "gui_support.h"

namespace terrain::gui {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
namespace fs = std::filesystem;

constexpr const char* kBigRain = "state work Rain: 1,000,000,000 drops";
constexpr const char* kCancelled =
    "Cancelled: Rain: 1,000,000,000 drops (the map is as it was before it)";

TEST(LongWorkGui, EscOrCancelStopsABigRainAndTheMapIsAsItWas) {
  TempDir dir;
  const fs::path script = write_text(dir.path / "big.jsonl", "{\"rain\": 1000000000}\n");
  for (const bool with_esc : {true, false}) {
    SCOPED_TRACE(with_esc ? "Esc" : "the Cancel button");
    App app({"--seed", "5", "--paused", "--script", script.string()}, dir.path);
    ASSERT_NE(app.wait_for_line(kBigRain, seconds(60)), "") << app.out() << app.err();
    const std::string window = app.window_id();
    ASSERT_FALSE(window.empty());
    if (with_esc) {
      press("Escape");
    } else {
      click(window, settled_rect(app, "work_cancel"));
    }
    EXPECT_NE(app.wait_for_line(kCancelled, seconds(30)), "") << app.out() << app.err();
    EXPECT_NE(app.wait_for_line("state work none", seconds(30)), "") << app.out();
    // As before the script's rain: no step, no drop, still paused.
    EXPECT_NE(app.wait_for_line("state history 0 of 0", seconds(10)), "") << app.out();
    EXPECT_NE(app.wait_for_line("state timeline 0 of 0", seconds(10)), "") << app.out();
    EXPECT_EQ(app.out().find("state playing 1"), std::string::npos);
    EXPECT_EQ(app.quit(), 0);
  }
}

// A script of a hundred thousand short lines (a minute of them): the window draws between them,
// their count over the map, and Esc stops the script at the line it is at.
TEST(LongWorkGui, AScriptOfManyLinesShowsItsProgressAndEscStopsIt) {
  TempDir dir;
  std::string lines;
  for (int k = 0; k < 100000; k++)
    lines += k % 2 ? "{\"erosion\": 0.35}\n" : "{\"erosion\": 0.3}\n";
  const fs::path script = write_text(dir.path / "many.jsonl", lines);
  App app({"--seed", "5", "--paused", "--script", script.string()}, dir.path);
  ASSERT_NE(app.wait_for_line("state work The script many.jsonl", seconds(60)), "")
      << app.out() << app.err();
  app.window_id();
  press("Escape");
  const std::string said = app.wait_for_line("Cancelled: the script after line ", seconds(30));
  ASSERT_NE(said, "") << app.out();
  EXPECT_NE(said.find(" of 100,000 (the lines before stay carried out)"), std::string::npos)
      << said;
  EXPECT_NE(app.wait_for_line("state work none", seconds(30)), "") << app.out();
  EXPECT_EQ(app.quit(), 0);
}

TEST(LongWorkGui, SigtermDuringLongWorkEndsTheAppAtOnce) {
  TempDir dir;
  const fs::path script = write_text(dir.path / "big.jsonl", "{\"rain\": 1000000000}\n");
  // A scripted run too: its frames wait for the script, and the signal ends the waiting.
  for (const bool scripted : {false, true}) {
    SCOPED_TRACE(scripted ? "scripted" : "in the window");
    std::vector<std::string> args = {"--seed", "5", "--script", script.string()};
    if (scripted) args.insert(args.end(), {"--frames", "2"});
    App app(args, dir.path);
    ASSERT_NE(app.wait_for_line(kBigRain, seconds(60)), "") << app.out() << app.err();
    std::this_thread::sleep_for(milliseconds(500));  // well into the rain
    // Ended, not killed after 10 s: the rain would go on for hours.
    EXPECT_EQ(app.quit(seconds(10)), 0);
    EXPECT_NE(app.err().find("terrain-sandbox: stopped: Rain: 1,000,000,000 drops (the map is as "
                             "it was before it)"),
              std::string::npos)
        << app.err();
  }
}

TEST(LongWorkGui, AMapFilesFarPlaceIsOpenedOffTheWindowsThreadAndEscStopsIt) {
  TempDir dir;
  ASSERT_EQ(std::system(("'" + std::string(TERRAIN_CLI) + "' --drops 0 --out '" +
                         (dir.path / "a").string() + "' --save-map '" +
                         (dir.path / "start.tsmap").string() + "' > /dev/null")
                            .c_str()),
            0);
  const fs::path far = dir.path / "far.tsmap";
  testing::write_far_place_map(dir.path / "start.tsmap", far, 16'000'000);
  App app({far.string()}, dir.path);
  ASSERT_NE(app.wait_for_line("state work Opening " + far.string(), seconds(60)), "")
      << app.out() << app.err();
  app.window_id();
  press("Escape");
  EXPECT_NE(app.wait_for_line("Cancelled: Opening " + far.string(), seconds(30)), "") << app.out();
  EXPECT_NE(app.wait_for_line("state work none", seconds(30)), "") << app.out();
  EXPECT_EQ(app.out().find("Opened the map"), std::string::npos);
  EXPECT_NE(app.out().find("state history 0 of 0"), std::string::npos) << "its own map stays";
  EXPECT_EQ(app.quit(), 0);
  // SIGTERM while it is being placed ends the app at once.
  App again({far.string()}, dir.path);
  ASSERT_NE(again.wait_for_line("state work Opening " + far.string(), seconds(60)), "")
      << again.out() << again.err();
  const auto sent = std::chrono::steady_clock::now();
  EXPECT_EQ(again.quit(seconds(10)), 0);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count(), 5)
      << "the replay would take about 40 s";
  EXPECT_NE(again.err().find("terrain-sandbox: stopped: Opening " + far.string()),
            std::string::npos)
      << again.err();
}

}  // namespace
}  // namespace terrain::gui
