// Painting through the real window: P makes a drag over the map paint, the stroke is one step
// that changes the picture and that Ctrl+Z takes back whole, Ctrl+wheel sets the brush's
// radius, and the middle button still pans in paint mode.
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
namespace fs = std::filesystem;

TEST(BrushGui, ADragInPaintModeIsOneStrokeThatCtrlZTakesBack) {
  TempDir dir;
  const fs::path saves = dir.path / "saves";
  fs::create_directories(saves);
  App app({"--seed", "42", "--paused", "--drops", "20000", "--save-folder", saves.string()},
          dir.path);
  app.layout("play");
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  EXPECT_EQ(nth_state(app, "history", 1), "1 of 1");  // the rain of --drops
  const io::RgbaImage before = saved_picture(app, 1);

  // P: paint mode; Ctrl+wheel up twice: a radius of 8.
  press("p");
  EXPECT_EQ(nth_state(app, "paint_mode", 2), "1");
  xdotool("mousemove --window " + window + " 900 300");
  std::this_thread::sleep_for(milliseconds(200));
  xdotool("keydown ctrl");
  std::this_thread::sleep_for(milliseconds(200));
  xdotool("click 4");
  std::this_thread::sleep_for(milliseconds(200));
  xdotool("click 4");
  std::this_thread::sleep_for(milliseconds(200));
  xdotool("keyup ctrl");
  EXPECT_NE(app.wait_for_line("state brush raise 8 0.5 smooth", seconds(30)), "") << app.out();

  // A drag paints: one step more, and a picture of its own.
  xdotool("mousemove --window " + window + " 800 250");
  std::this_thread::sleep_for(milliseconds(200));
  xdotool("mousedown 1");
  for (int k = 1; k <= 20; k++) {
    xdotool("mousemove --window " + window + " " + std::to_string(800 + 12 * k) + " " +
            std::to_string(250 + 5 * k));
    std::this_thread::sleep_for(milliseconds(40));
  }
  xdotool("mouseup 1");
  EXPECT_NE(app.wait_for_line("state history 2 of 2", seconds(30)), "") << app.out();
  xdotool("mousemove --window " + window + " 1100 600");  // the brush's circle away from the path
  std::this_thread::sleep_for(milliseconds(300));
  const io::RgbaImage painted = saved_picture(app, 2);
  EXPECT_GT(rmse(painted, before), 0.002);

  // The middle button pans, even in paint mode, and paints nothing.
  xdotool("mousemove --window " + window + " 900 400");
  std::this_thread::sleep_for(milliseconds(200));
  xdotool("mousedown 2");
  std::this_thread::sleep_for(milliseconds(100));
  xdotool("mousemove --window " + window + " 860 380");
  std::this_thread::sleep_for(milliseconds(200));
  xdotool("mouseup 2");
  xdotool("key Home");  // fitted again: the picture is the map's as before
  std::this_thread::sleep_for(milliseconds(300));

  // Ctrl+Z takes the whole stroke back: the picture before it.
  xdotool("keydown ctrl+z");
  std::this_thread::sleep_for(milliseconds(300));
  xdotool("keyup z ctrl");
  EXPECT_NE(app.wait_for_line("state history 1 of 2", seconds(30)), "") << app.out();
  std::this_thread::sleep_for(milliseconds(500));
  xdotool("mousemove --window " + window + " 1100 600");
  std::this_thread::sleep_for(milliseconds(300));
  EXPECT_EQ(saved_picture(app, 3), before);
  EXPECT_EQ(app.quit(), 0) << app.err();
}

}  // namespace
}  // namespace terrain::gui
