// The window's parts through the real window: small and usual windows give the map most of
// the window, and a fullscreen toggle that no window manager carries out (as here: Xvfb has
// none) leaves the layout on the size the window really has.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "gui_support.h"
#include "io/png.h"

namespace terrain::gui {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

TEST(LayoutGui, SmallAndUsualWindowsGiveTheMapMostOfTheWindow) {
  for (const auto& [w, h] : {std::pair{640, 360}, std::pair{1280, 720}}) {
    SCOPED_TRACE(::testing::Message() << w << "x" << h);
    TempDir dir;
    const std::string size = std::to_string(w) + "x" + std::to_string(h);
    App app({"--seed", "5", "--paused", "--size", size}, dir.path);
    const std::vector<int> map = app.layout("map");
    const std::vector<int> strip = app.layout("strip");
    const std::vector<int> timeline = app.layout("timeline_band");
    EXPECT_EQ(map[0] + map[2], w);
    EXPECT_EQ(strip[1] + strip[3], h);
    // The rain's timeline runs between the map and the strip, as wide as the map.
    EXPECT_EQ(timeline[0], map[0]);
    EXPECT_EQ(timeline[2], map[2]);
    EXPECT_EQ(timeline[1], map[1] + map[3]);
    EXPECT_EQ(timeline[1] + timeline[3], strip[1]);
    EXPECT_EQ(timeline[3], 24);
    EXPECT_GT(static_cast<double>(map[2]) * map[3], 0.5 * w * h) << "the map has most of it";
    if (w < 720) {
      // Too narrow for the side bar: it hides itself, and a button over the map brings it.
      EXPECT_EQ(nth_state(app, "side_bar", 1), "0");
      EXPECT_EQ(map[0], 0);
      EXPECT_GT(app.layout("panel")[2], 0);
    } else {
      EXPECT_EQ(nth_state(app, "side_bar", 1), "1");
      EXPECT_EQ(map[0], 360);
      EXPECT_EQ(strip[3], 170);
    }
    EXPECT_EQ(app.quit(), 0) << app.err();
  }
}

// At 800x500 the side bar is at its narrowest (240 pixels): a row of buttons wraps rather than
// running under the scroll bar and off the bar.
TEST(LayoutGui, AtItsNarrowestTheSideBarsButtonRowsWrapInsideIt) {
  TempDir dir;
  App app({"--seed", "5", "--paused", "--size", "800x500"}, dir.path);
  const int bar_right = app.layout("map")[0];
  ASSERT_EQ(bar_right, 240);
  for (const char* name : {"play", "restart", "new_seed", "save", "fullscreen", "undo", "redo"}) {
    const std::vector<int> r = settled_rect(app, name);
    EXPECT_GT(r[2], 0) << name;
    EXPECT_LE(r[0] + r[2], bar_right - 8) << name << " runs past the side bar's edge";
  }
  EXPECT_EQ(app.quit(), 0) << app.err();
}

TEST(LayoutGui, FullscreenWithoutAWindowManagerKeepsTheLayoutOnTheWindowsRealSize) {
  TempDir dir;
  // Smaller than the 1280x720 screen, so that a fullscreen SDL believes in would be larger.
  App app(saving_in(dir, {"--seed", "5", "--paused", "--size", "960x540"}), dir.path);
  const std::vector<int> before = app.layout("map");
  ASSERT_EQ(before[0] + before[2], 960) << app.err();
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  move_to(window, 700, 200);
  press("F11");
  ASSERT_EQ(nth_state(app, "fullscreen", 2), "1") << app.err();
  // Still laid out on 960x540: the map reaches the window's right edge, the strip its bottom.
  const std::vector<int> map = latest_rect(app, "map");
  const std::vector<int> strip = latest_rect(app, "strip");
  EXPECT_EQ(map[0] + map[2], 960);
  EXPECT_EQ(strip[1] + strip[3], 540);
  // What is saved is the window's size too.
  press("s");
  const std::string saved = app.wait_for_line("Saved ", seconds(60));
  ASSERT_NE(saved, "") << app.err();
  const io::RgbaImage picture = io::read_png(saved_path(saved));
  EXPECT_EQ(picture.width, 960);
  EXPECT_EQ(picture.height, 540);
  // Esc leaves it, and F toggles it as F11 does.
  press("Escape");
  EXPECT_EQ(nth_state(app, "fullscreen", 3), "0");
  press("f");
  EXPECT_EQ(nth_state(app, "fullscreen", 4), "1");
  press("f");
  EXPECT_EQ(nth_state(app, "fullscreen", 5), "0");
  EXPECT_EQ(latest_rect(app, "map"), before);
  EXPECT_EQ(app.quit(), 0) << app.err();
}

}  // namespace
}  // namespace terrain::gui
