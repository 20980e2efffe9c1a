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
  App app(saving_in(dir, {"--seed", "42", "--paused", "--drops", "20000"}), dir.path);
  const std::string window = window_after_layout(app, "play");
  ASSERT_FALSE(window.empty());
  EXPECT_EQ(nth_state(app, "history", 1), "1 of 1");  // the rain of --drops
  const io::RgbaImage before = saved_picture(app, 1);

  // P: paint mode; Ctrl+wheel up twice: a radius of 8.
  press("p");
  EXPECT_EQ(nth_state(app, "paint_mode", 2), "1");
  move_to(window, 900, 300);
  hold("ctrl");
  wheel(true, 2);
  release("ctrl");
  EXPECT_NE(app.wait_for_line("state brush raise 8 0.5 smooth", seconds(30)), "") << app.out();

  // A drag paints: one step more, and a picture of its own. (The app follows each pointer move
  // SDL reports, however many come in one frame.)
  move_to(window, 800, 250);
  mouse_down();
  for (int k = 1; k <= 20; k++) move_to(window, 800 + 12 * k, 250 + 5 * k);
  mouse_up();
  EXPECT_NE(app.wait_for_line("state history 2 of 2", seconds(30)), "") << app.out();
  move_to(window, 1100, 600);  // the brush's circle away from the path
  const io::RgbaImage painted = saved_picture(app, 2);
  EXPECT_GT(rmse(painted, before), 0.002);

  // The middle button pans, even in paint mode, and paints nothing.
  move_to(window, 900, 400);
  mouse_down(2);
  move_to(window, 860, 380);
  mouse_up(2);
  press("Home");  // fitted again: the picture is the map's as before

  // Ctrl+Z takes the whole stroke back: the picture before it.
  press("ctrl+z");
  EXPECT_NE(app.wait_for_line("state history 1 of 2", seconds(30)), "") << app.out();
  move_to(window, 1100, 600);
  EXPECT_EQ(saved_picture(app, 3), before);
  EXPECT_EQ(app.quit(), 0) << app.err();
}

}  // namespace
}  // namespace terrain::gui
