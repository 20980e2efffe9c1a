// The history through the real window: Ctrl+Z, a step of the History list clicked, the
// timeline's scrubber clicked, each bringing the map back exactly as a fresh run of that map
// draws it. And scripts (--script), which the other tests about the map use instead of the
// mouse: a scripted run's picture is the map its commands make, and a bad script is refused
// before anything runs.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "gui_support.h"
#include "io/png.h"

namespace terrain::gui {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
namespace fs = std::filesystem;

// Waits until what the app last said of KEY ("state KEY VALUE") is VALUE; the value it last
// said if that never came within 30 s.
std::string wait_state(App& app, const std::string& key, const std::string& value) {
  std::string said;
  const auto until = std::chrono::steady_clock::now() + seconds(30);
  while (std::chrono::steady_clock::now() < until) {
    const std::vector<std::string> lines = lines_starting(app.out(), "state " + key + " ");
    said = lines.empty() ? "" : lines.back().substr(7 + key.size());
    if (said == value) break;
    std::this_thread::sleep_for(milliseconds(20));
  }
  return said;
}

TEST(HistoryGui, CtrlZTheHistoryListAndTheScrubberBringTheMapBack) {
  TempDir dir;
  const fs::path saves = dir.path / "saves";
  fs::create_directories(saves);
  // Two steps: the rain of --drops, then an erosion with the rain after it.
  const fs::path script =
      write_text(dir.path / "steps.jsonl", "{\"erosion\": 0.5}\n{\"rain\": 3000}\n");
  App app({"--seed", "42", "--paused", "--drops", "6000", "--script", script.string(),
           "--save-folder", saves.string()},
          dir.path);
  ASSERT_EQ(wait_state(app, "history", "2 of 2"), "2 of 2") << app.err();
  app.layout("step2");
  const std::string window = window_after_layout(app, "timeline");
  ASSERT_FALSE(window.empty());

  // Ctrl+Z: the erosion goes, the slider back where it was, with the rain after it.
  press("ctrl+z");
  EXPECT_EQ(wait_state(app, "history", "1 of 2"), "1 of 2");
  EXPECT_EQ(wait_state(app, "timeline", "6000 of 9000"), "6000 of 9000");
  EXPECT_EQ(wait_state(app, "erosion", "0.3"), "0.3");
  // (The pictures a fresh run makes are made once this window is done with: another app's
  // window would take the keyboard.)
  const io::RgbaImage undone = saved_picture(app, 1);

  // The History list's second step: the erosion and its rain come back.
  scroll_into_view(app, window, "step2");
  click(window, latest_rect(app, "step2"));
  EXPECT_EQ(wait_state(app, "history", "2 of 2"), "2 of 2");
  EXPECT_EQ(wait_state(app, "erosion", "0.5"), "0.5");

  // The scrubber, clicked a quarter of the way along: the map at that drop, the steps after
  // it not taken, as a fresh rain of that many drops.
  const std::vector<int> bar = latest_rect(app, "timeline");
  ASSERT_GT(bar[2], 0);
  click_at(window, bar[0] + bar[2] / 4, bar[1] + bar[3] / 2);
  const std::string history = wait_state(app, "history", "0 of 2 inside");
  EXPECT_EQ(history, "0 of 2 inside");
  // (Said in the same frame as the history's place.)
  const std::vector<std::string> timeline = lines_starting(app.out(), "state timeline ");
  ASSERT_FALSE(timeline.empty());
  const std::string at = timeline.back().substr(15);
  const uint64_t drops = std::stoull(at.substr(0, at.find(' ')));
  EXPECT_GT(drops, 1000u) << at;
  EXPECT_LT(drops, 3500u) << at;
  const io::RgbaImage scrubbed = saved_picture(app, 2);
  EXPECT_EQ(app.quit(), 0);
  EXPECT_EQ(undone, one_frame({"--seed", "42", "--paused", "--drops", "6000"}, dir, "undone.png"));
  EXPECT_EQ(scrubbed, one_frame({"--seed", "42", "--paused", "--drops", std::to_string(drops)}, dir,
                                "scrubbed.png"));
}

// A scripted run's picture is the map its commands make: undo, redo and a seek give the map a
// plain run of the same drops gives.
TEST(HistoryGui, AScriptsUndoRedoAndSeekMakeTheMapTheirRecipeMakes) {
  TempDir dir;
  const fs::path script = write_text(dir.path / "walk.jsonl",
                                     "# rain, a slider, undo it, redo it, seek back into the rain\n"
                                     "{\"rain\": 5000}\n"
                                     "{\"sea_level\": 0.4}\n"
                                     "{\"rain\": 2000}\n"
                                     "{\"undo\": 2}\n"
                                     "{\"redo\": 1}\n"
                                     "{\"undo\": 1}\n"
                                     "{\"seek\": 3210}\n");
  EXPECT_EQ(one_frame({"--seed", "9", "--paused", "--script", script.string()}, dir, "a.png"),
            one_frame({"--seed", "9", "--paused", "--drops", "3210"}, dir, "b.png"));
}

TEST(HistoryGui, ABadScriptIsRefusedBeforeAnythingRuns) {
  TempDir dir;
  const fs::path script = write_text(dir.path / "bad.jsonl", "{\"rain\": 100}\n{\"erosion\": 7}\n");
  std::string out;
  std::string err;
  EXPECT_EQ(run_app({"--script", script.string(), "--frames", "1", "--screenshot",
                     (dir.path / "never.png").string()},
                    dir.path, &out, &err),
            2);
  EXPECT_EQ(err, "terrain-sandbox: bad.jsonl line 2: erosion must be from 0 to 1, not 7\n");
  EXPECT_FALSE(fs::exists(dir.path / "never.png"));
  // A seek past the map's drops is refused as it runs: one line naming the script's line, exit
  // 2, and the script stops there (its save_map after it writes nothing).
  const fs::path past =
      write_text(dir.path / "past.jsonl",
                 "{\"rain\": 100}\n{\"seek\": 101}\n{\"save_map\": \"after.tsmap\"}\n");
  EXPECT_EQ(run_app({"--script", past.string(), "--frames", "1", "--screenshot",
                     (dir.path / "never.png").string()},
                    dir.path, &out, &err),
            2);
  EXPECT_EQ(err,
            "terrain-sandbox: past.jsonl line 2: seek: drop 101 is past this map's 100 drops\n");
  EXPECT_FALSE(fs::exists(dir.path / "never.png"));
  EXPECT_FALSE(fs::exists(dir.path / "after.tsmap"));
}

}  // namespace
}  // namespace terrain::gui
