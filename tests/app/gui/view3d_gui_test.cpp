// The 3D view through the real window: a drag orbits, a right-drag pans, the wheel zooms and
// Home frames the island again; in paint mode a drag over the surface is one stroke of the
// history; V reaches the view; and its pictures leave the app as the window shows them.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "clip_decode.h"
#include "gui_support.h"
#include "io/png.h"

namespace terrain::gui {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
namespace fs = std::filesystem;

// The camera's yaw, pitch and distance from a "state camera Y,P,D" value.
std::vector<double> camera_of(const std::string& value) {
  std::vector<double> v;
  std::size_t at = 0;
  while (at <= value.size()) {
    const std::size_t comma = value.find(',', at);
    v.push_back(std::stod(value.substr(at, comma - at)));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return v;
}

// The camera as the app last said.
std::vector<double> last_camera(App& app) {
  const auto lines = lines_starting(app.out(), "state camera ");
  return lines.empty() ? std::vector<double>{}
                       : camera_of(lines.back().substr(std::string("state camera ").size()));
}

void drag(const std::string& window, int button, int x0, int y0, int dx, int dy) {
  move_to(window, x0, y0);
  mouse_down(button);
  for (int k = 1; k <= 10; k++) drag_to(window, x0 + dx * k / 10, y0 + dy * k / 10);
  mouse_up(button);
}

TEST(View3dGui, DragOrbitsRightDragPansWheelZoomsHomeFramesAndADragPaintsTheSurface) {
  TempDir dir;
  const fs::path saves = dir.path / "saves";
  fs::create_directories(saves);
  App app({"--seed", "42", "--paused", "--drops", "20000", "--view", "map", "--camera", "10,50",
           "--save-folder", saves.string()},
          dir.path);
  const std::string window = window_after_layout(app, "play");
  ASSERT_FALSE(window.empty());
  const io::RgbaImage flat = saved_picture(app, 1);

  // V steps from the flow view to 3D: the map's picture stood up, framed for the map's area.
  press("v");
  press("v");
  press("v");
  EXPECT_EQ(nth_state(app, "view", 4), "3d");
  const std::vector<double> framed = last_camera(app);
  ASSERT_EQ(framed.size(), 3u);
  EXPECT_EQ(framed[0], 10);
  EXPECT_EQ(framed[1], 50);
  const io::RgbaImage standing = saved_picture(app, 2);
  EXPECT_GT(rmse(standing, flat), 0.05);

  // A drag orbits: right turns the view, down tilts it towards looking down.
  std::size_t said = lines_starting(app.out(), "state camera ").size();
  drag(window, 1, 850, 350, 100, 40);
  ASSERT_NE(nth_state(app, "camera", said + 1), "");
  const std::vector<double> turned = last_camera(app);
  EXPECT_GT(turned[0], framed[0] + 5);
  EXPECT_GT(turned[1], framed[1] + 2);
  EXPECT_EQ(turned[2], framed[2]);
  const io::RgbaImage orbited = saved_picture(app, 3);
  EXPECT_GT(rmse(orbited, standing), 0.02);

  // A right-drag pans (the camera's angles and distance stay), the wheel zooms.
  drag(window, 3, 850, 350, -80, 30);
  const io::RgbaImage panned = saved_picture(app, 4);
  EXPECT_GT(rmse(panned, orbited), 0.02);
  move_to(window, 850, 350);
  said = lines_starting(app.out(), "state camera ").size();
  wheel(true);
  ASSERT_NE(nth_state(app, "camera", said + 1), "");
  const std::vector<double> nearer = last_camera(app);
  EXPECT_LT(nearer[2], turned[2]);

  // Home frames the island again from where the camera looks.
  said = lines_starting(app.out(), "state camera ").size();
  press("Home");
  ASSERT_NE(nth_state(app, "camera", said + 1), "");
  const std::vector<double> home = last_camera(app);
  EXPECT_EQ(home[0], turned[0]);
  EXPECT_NE(home[2], nearer[2]);

  // Paint mode: a drag over the surface is one stroke, and the picture shows it.
  const io::RgbaImage before = saved_picture(app, 5);
  press("p");
  EXPECT_EQ(nth_state(app, "paint_mode", 2), "1");
  drag(window, 1, 800, 330, 120, 20);
  EXPECT_NE(app.wait_for_line("state history 2 of 2", seconds(30)), "") << app.out();
  move_to(window, 1250, 40);  // the brush's circle away
  const io::RgbaImage painted = saved_picture(app, 6);
  EXPECT_GT(rmse(painted, before), 0.002);
  EXPECT_EQ(app.quit(), 0) << app.err();
}

// --screenshot, a Render PNG's size and a time-lapse in 3D: the 3D view's pictures.
TEST(View3dGui, ItsPicturesLeaveTheAppAsTheWindowShowsThem) {
  TempDir dir;
  const std::vector<std::string> args = {"--seed",   "42", "--view",   "3d", "--camera", "200,35",
                                         "--relief", "2",  "--frames", "3",  "--size",   "640x360"};
  const io::RgbaImage shot = screenshot(args, dir, "shot.png");
  ASSERT_EQ(shot.width, 640);
  // The top-left corner is the sky; a map view's would be the map.
  std::vector<std::string> big = args;
  big.insert(big.end(), {"--render-size", "1280x720"});
  const io::RgbaImage render = screenshot(big, dir, "render.png");
  ASSERT_EQ(render.width, 1280);
  // Scaled down, the render is the screenshot but for its finer lines.
  io::RgbaImage halved{640, 360, std::vector<uint8_t>(640 * 360 * 4)};
  for (int y = 0; y < 360; y++) {
    for (int x = 0; x < 640; x++) {
      for (int c = 0; c < 4; c++) {
        int sum = 0;
        for (int k = 0; k < 4; k++) {
          sum += render.pixels[((2 * y + k / 2) * 1280 + 2 * x + k % 2) * 4 + c];
        }
        halved.pixels[(y * 640 + x) * 4 + c] = static_cast<uint8_t>(sum / 4);
      }
    }
  }
  EXPECT_LT(rmse(halved, shot), 0.04);
  std::vector<std::string> map_args = args;
  map_args[3] = "map";
  EXPECT_GT(rmse(screenshot(map_args, dir, "map.png"), shot), 0.05);
  // Another camera, another picture.
  std::vector<std::string> other = args;
  other[5] = "20,60";
  EXPECT_GT(rmse(screenshot(other, dir, "other.png"), shot), 0.02);

  // A time-lapse records the 3D view: its last frame is the picture of that size then.
  const fs::path gif = dir.path / "rain3d.gif";
  std::string out;
  std::string err;
  const std::vector<std::string> view = {"--seed", "42", "--view", "3d", "--camera", "200,35"};
  std::vector<std::string> record = view;
  record.insert(record.end(), {"--frames", "20", "--every", "10", "--timelapse", gif.string(),
                               "--timelapse-size", "320x180"});
  ASSERT_EQ(run_app(record, dir.path, &out, &err), 0) << err;
  const testing::DecodedGif clip = testing::decode_gif(gif);
  ASSERT_EQ(clip.frames.size(), 3u);
  std::vector<std::string> last = view;
  last.insert(last.end(), {"--frames", "20", "--render-size", "320x180"});
  const io::RgbaImage expected = screenshot(last, dir, "last3d.png");
  double sum = 0;
  for (std::size_t p = 0; p < 320u * 180u; p++) {
    for (int c = 0; c < 3; c++)
      sum += std::abs(expected.pixels[p * 4 + c] - clip.frames.back()[p * 3 + c]);
  }
  EXPECT_LT(sum / (320.0 * 180 * 3), 3.0);
}

}  // namespace
}  // namespace terrain::gui
