// Moving around the map, the side view and finishing the rain, through the real window under
// Xvfb: the wheel zooms about the pointer (the point under it stays, to far below a pixel),
// a drag pans, Home fits the whole map again (letterboxed in a window of another shape than
// the grid's), Shift+click picks the cross-section's row, and the pictures that leave the app
// are the map alone at the window's size at the zoom and pan on screen (at fit: exactly what
// the flags' screenshot, the sketch's viewport, gives).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gui_support.h"
#include "io/png.h"

namespace terrain::gui {
namespace {

using std::chrono::seconds;

const std::vector<std::string> kViewMap{"--seed", "42", "--drops", "20000"};

// The app's picture of `args` paused, after two frames.
io::RgbaImage paused_picture(std::vector<std::string> args, const TempDir& dir,
                             const std::string& name) {
  args.insert(args.end(), {"--paused", "--frames", "2"});
  return screenshot(args, dir, name);
}

// The app's "view zoom Z center X,Y" lines, as numbers.
struct View {
  double zoom = 1;
  double cx = 0;
  double cy = 0;
  std::string center_text;
};
View parse_view(const std::string& line) {
  View v;
  std::sscanf(line.c_str(), "view zoom %lf center %lf,%lf", &v.zoom, &v.cx, &v.cy);
  v.center_text = line.substr(line.find("center ") + 7);
  return v;
}

// Waits until there are more than `count` lines starting with `prefix`; the last of them.
std::string wait_for_more(App& app, const std::string& prefix, std::size_t count) {
  for (int wait = 0; wait < 300; wait++) {
    const auto lines = lines_starting(app.out(), prefix);
    if (lines.size() > count) return lines.back();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return "";
}

// The map's frame in its area for a zoom and centre, as the whole map's fit scaled (every cell
// inside the area at zoom 1): grid point (x, y) at (left + x * scale, top + y * scale), the
// centre at the area's middle.
struct Placed {
  double left, top, scale;
};
Placed place(const std::vector<int>& area, double zoom, double cx, double cy) {
  const double scale = std::min(area[2] / double(kCols), area[3] / double(kRows)) * zoom;
  return {area[0] + area[2] / 2.0 - cx * scale, area[1] + area[3] / 2.0 - cy * scale, scale};
}

// The app's last "view frame LEFT TOP SCALE" line (where the window's map puts grid point 0,0,
// and the pixels a cell), once one has come.
Placed view_frame(App& app) {
  Placed p{0, 0, 0};
  if (app.wait_for_line("view frame ", seconds(60)).empty()) return p;
  const std::string line = lines_starting(app.out(), "view frame ").back();
  std::sscanf(line.c_str(), "view frame %lf %lf %lf", &p.left, &p.top, &p.scale);
  return p;
}

std::string saved_after(App& app, std::size_t count) {
  const std::string line = wait_for_more(app, "Saved ", count);
  return line.empty() ? line : line.substr(6);
}

TEST(ViewGui, WheelZoomsAboutThePointerDragPansHomeFitsAndPicturesFollow) {
  const TempDir dir;
  std::vector<std::string> args = kViewMap;
  args.insert(args.end(), {"--paused", "--save-folder", dir.path.string()});
  App app(args, dir.path);
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  const std::vector<int> area = app.layout("map");
  ASSERT_GT(area[0], 200) << "the side bar is at the left edge";
  ASSERT_LT(area[1] + area[3], 720) << "the strip is under the map";

  // 1. Five wheel notches up at a point over the map.
  const int px = area[0] + area[2] * 2 / 3;
  const int py = area[1] + area[3] / 3;
  move_to(window, px, py);
  wheel(true, 5);  // each answered: the camera's line is printed before
  std::string line = wait_for_more(app, "view zoom", 0);
  ASSERT_NE(line, "") << app.out() << app.err();
  const View zoomed = parse_view(line);
  EXPECT_NEAR(zoomed.zoom, std::pow(1.2, 5), 1e-9) << line;
  // The point under the pointer (the pixel's centre) is the same map point before and after.
  const Placed fit = place(area, 1, (kCols - 1) / 2.0, (kRows - 1) / 2.0);
  const Placed shown = view_frame(app);
  EXPECT_NEAR(shown.scale, place(area, zoomed.zoom, zoomed.cx, zoomed.cy).scale, 1e-9);
  const Placed now = place(area, zoomed.zoom, zoomed.cx, zoomed.cy);
  const double before_x = (px + 0.5 - fit.left) / fit.scale;
  const double before_y = (py + 0.5 - fit.top) / fit.scale;
  EXPECT_NEAR(now.left + before_x * now.scale, px + 0.5, 1e-6);
  EXPECT_NEAR(now.top + before_y * now.scale, py + 0.5, 1e-6);

  // 2. A drag of (+60, +40) pixels moves the map with it: the centre by -(60, 40) / scale.
  const std::size_t views = lines_starting(app.out(), "view zoom").size();
  mouse_down();
  for (int k = 1; k <= 4; k++) drag_to(window, px + 15 * k, py + 10 * k);
  mouse_up();
  line = wait_for_more(app, "view zoom", views);
  const View panned = parse_view(lines_starting(app.out(), "view zoom").back());
  EXPECT_EQ(panned.zoom, zoomed.zoom);
  EXPECT_NEAR(panned.cx, zoomed.cx - 60 / now.scale, 1e-9);
  EXPECT_NEAR(panned.cy, zoomed.cy - 40 / now.scale, 1e-9);

  // 3. Save PNG: the map alone at the window's size, at this zoom and pan, as the flags draw it.
  press("s");
  const std::string zoomed_png = saved_after(app, 0);
  ASSERT_NE(zoomed_png, "") << app.out() << app.err();

  // 4. Home: the whole map again; Save PNG is then the plain screenshot (the sketch's viewport).
  const std::size_t before_home = lines_starting(app.out(), "view zoom").size();
  press("Home");
  line = wait_for_more(app, "view zoom", before_home);
  const View home = parse_view(lines_starting(app.out(), "view zoom").back());
  EXPECT_EQ(home.zoom, 1);
  EXPECT_EQ(home.cx, (kCols - 1) / 2.0);
  EXPECT_EQ(home.cy, (kRows - 1) / 2.0);
  press("s");  // (a second save in the same second is named -2)
  const std::string fit_png = saved_after(app, 1);
  ASSERT_NE(fit_png, "") << app.out();

  // 5. Shift+click: the cross-section along the row under the pointer (at fit).
  const int qy = area[1] + area[3] / 4;
  hold("shift");
  click_at(window, area[0] + 200, qy);
  release("shift");
  const int row = static_cast<int>(std::floor((qy + 0.5 - fit.top) / fit.scale + 0.5));
  EXPECT_NE(app.wait_for_line("side view row " + std::to_string(row), seconds(30)), "")
      << app.out();
  EXPECT_EQ(app.quit(), 0);

  std::vector<std::string> flagged = kViewMap;
  flagged.insert(flagged.end(),
                 {"--zoom", std::to_string(zoomed.zoom), "--center", panned.center_text});
  // (std::to_string's six decimals would not be the zoom: use its shortest exact text.)
  char zoom_text[32];
  std::snprintf(zoom_text, sizeof zoom_text, "%.17g", zoomed.zoom);
  flagged[5] = zoom_text;
  const io::RgbaImage flagged_png = paused_picture(flagged, dir, "flagged.png");
  EXPECT_EQ(io::read_png(zoomed_png), flagged_png);
  EXPECT_EQ(flagged_png.width, 1280);
  EXPECT_EQ(flagged_png.height, 720);
  const io::RgbaImage plain = paused_picture(kViewMap, dir, "plain.png");
  EXPECT_EQ(io::read_png(fit_png), plain);
  EXPECT_NE(plain, flagged_png);
}

// Whether the window's map at `p` shows every cell of the grid inside the map's `area`,
// centred, meeting the area's edges on one axis (bars on the other): the whole map, letterboxed.
void expect_whole_map(const Placed& p, const std::vector<int>& area) {
  ASSERT_GT(p.scale, 0);
  const double left = p.left - p.scale / 2;
  const double top = p.top - p.scale / 2;
  const double right = p.left + (kCols - 0.5) * p.scale;
  const double bottom = p.top + (kRows - 0.5) * p.scale;
  EXPECT_GE(left, area[0] - 1e-6);
  EXPECT_GE(top, area[1] - 1e-6);
  EXPECT_LE(right, area[0] + area[2] + 1e-6);
  EXPECT_LE(bottom, area[1] + area[3] + 1e-6);
  EXPECT_NEAR(left - area[0], area[0] + area[2] - right, 1e-6);
  EXPECT_NEAR(top - area[1], area[1] + area[3] - bottom, 1e-6);
  EXPECT_NEAR(std::min(left - area[0], top - area[1]), 0, 1e-6);
}

// At 800 x 500 the map beside the side bar is taller than the grid's shape: fit shows the whole
// island with bars above and below (it used to crop the sides), and Home after zooming in
// brings that back.
TEST(ViewGui, FitIsTheWholeMapLetterboxedAt800x500AndHomeBringsItBack) {
  const TempDir dir;
  App app({"--seed", "42", "--paused", "--size", "800x500"}, dir.path);
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  const std::vector<int> area = settled_rect(app, "map");
  ASSERT_GT(area[0], 0) << "the side bar is shown";
  EXPECT_LT(area[2] * 9, area[3] * 16) << "the map's area is taller than 16:9";
  const Placed fit = view_frame(app);
  expect_whole_map(fit, area);
  EXPECT_GT(fit.top - fit.scale / 2, area[1] + 5) << "a bar above the map";

  // Zoomed in about the map's top-left part, the bars go; Home brings the whole map back.
  move_to(window, area[0] + area[2] / 4, area[1] + area[3] / 4);
  const std::size_t views = lines_starting(app.out(), "view zoom").size();
  wheel(true, 3);  // each answered: the camera's line is printed before
  const std::string line = wait_for_more(app, "view zoom", views);
  ASSERT_NE(line, "") << app.out() << app.err();
  const View zoomed = parse_view(line);
  EXPECT_NEAR(zoomed.zoom, std::pow(1.2, 3), 1e-9);
  const Placed in = view_frame(app);
  EXPECT_LT(in.left - in.scale / 2, area[0]);
  EXPECT_LT(in.top - in.scale / 2, area[1]);
  const std::size_t before_home = lines_starting(app.out(), "view zoom").size();
  press("Home");
  const std::string home_line = wait_for_more(app, "view zoom", before_home);
  ASSERT_NE(home_line, "") << app.out() << app.err();
  const View home = parse_view(home_line);
  EXPECT_EQ(home.zoom, 1);
  const Placed back = view_frame(app);
  expect_whole_map(back, area);
  EXPECT_EQ(back.left, fit.left);
  EXPECT_EQ(back.top, fit.top);
  EXPECT_EQ(back.scale, fit.scale);
  EXPECT_EQ(app.quit(), 0) << app.err();
}

TEST(ViewGui, ZoomOneIsTheSketchesViewportAndTheStripNeverReachesAPicture) {
  const TempDir dir;
  const io::RgbaImage plain = paused_picture(kViewMap, dir, "plain.png");
  std::vector<std::string> args = kViewMap;
  args.insert(args.end(), {"--zoom", "1", "--side-view", "walk"});
  EXPECT_EQ(paused_picture(args, dir, "zoom1.png"), plain);
  args = kViewMap;
  args.insert(args.end(), {"--no-side-view"});
  EXPECT_EQ(paused_picture(args, dir, "nostrip.png"), plain);
  args = kViewMap;
  args.insert(args.end(), {"--zoom", "4", "--center", "100,50"});
  const io::RgbaImage zoomed = paused_picture(args, dir, "zoom4.png");
  EXPECT_NE(zoomed, plain);
  EXPECT_EQ(paused_picture(args, dir, "zoom4-again.png"), zoomed);
}

TEST(ViewGui, FinishLeavesTheMapLiveRainToTheTargetLeaves) {
  const TempDir dir;
  // The sketch's 200 drops a frame reach 300,000 after 1,500 frames: the map --drops 300000
  // leaves is the one live rain leaves (the session's tests prove that tick by tick).
  std::string out;
  std::vector<std::string> args{"--seed",
                                "7",
                                "--drops",
                                "1000",
                                "--finish",
                                "--frames",
                                "3",
                                "--screenshot",
                                (dir.path / "finished.png").string()};
  ASSERT_EQ(run_app(args, dir.path, &out), 0) << out;
  EXPECT_NE(out.find("rain stopped at 300000 drops"), std::string::npos) << out;
  std::vector<std::string> live{"--seed", "7", "--drops", "300000"};
  EXPECT_EQ(io::read_png(dir.path / "finished.png"), paused_picture(live, dir, "live.png"));
}

TEST(ViewGui, BadViewValuesAreRefusedWithOneLine) {
  const TempDir dir;
  std::string err;
  EXPECT_EQ(run_app({"--zoom", "40", "--frames", "1"}, dir.path, nullptr, &err), 2);
  EXPECT_NE(err.find("--zoom '40' is out of range (allowed: 1..16)"), std::string::npos) << err;
  EXPECT_EQ(run_app({"--center", "400,2", "--frames", "1"}, dir.path, nullptr, &err), 2);
  EXPECT_NE(err.find("--center '400,2' is out of range"), std::string::npos) << err;
  EXPECT_EQ(run_app({"--side-view", "top", "--frames", "1"}, dir.path, nullptr, &err), 2);
  EXPECT_NE(err.find("--side-view 'top' is not a side view"), std::string::npos) << err;
}

}  // namespace
}  // namespace terrain::gui

namespace terrain::gui {
namespace {

// The side bar's splitter, H and B through the real window: the map always takes what the
// side bar and the strip leave, never under them.
TEST(ViewGui, TheSplitterHAndBGiveTheMapWhatTheSideBarAndTheStripLeave) {
  const TempDir dir;
  App app({"--seed", "5", "--paused"}, dir.path);
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  const std::vector<int> first = app.layout("map");
  const std::vector<int> strip = app.layout("strip");
  ASSERT_GT(first[0], 200);
  EXPECT_EQ(first[0] + first[2], 1280);
  // Right under the menu bar.
  const int menu_bar = first[1];
  EXPECT_GT(menu_bar, 10);
  EXPECT_LT(menu_bar, 40);
  EXPECT_EQ(strip[0], first[0]);
  // The rain's timeline runs between them.
  const std::vector<int> timeline = app.layout("timeline_band");
  EXPECT_EQ(timeline[1], first[1] + first[3]) << "the timeline starts where the map ends";
  EXPECT_EQ(strip[1], timeline[1] + timeline[3]) << "the strip starts where the timeline ends";
  EXPECT_EQ(strip[1] + strip[3], 720);
  auto last_map = [&] {
    const auto lines = lines_starting(app.out(), "layout map ");
    std::vector<int> r(4, 0);
    std::istringstream in(lines.back().substr(11));
    in >> r[0] >> r[1] >> r[2] >> r[3];
    return r;
  };
  auto wait_map = [&](std::size_t count) {
    for (int wait = 0; wait < 100 && lines_starting(app.out(), "layout map ").size() <= count;
         wait++) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return last_map();
  };
  // Drag the side bar's right edge (its splitter, the last few pixels of the bar) 100 to the
  // right.
  const int edge = first[0] - 3;
  move_to(window, edge, 300);
  // The press answered before the pointer moves, and each move before the next: Dear ImGui
  // 1.86 takes the button as pressed where the pointer is in the frame that sees it, and
  // follows a drag a frame at a time.
  mouse_down();
  for (int k = 1; k <= 5; k++) drag_to(window, edge + 20 * k, 300);
  mouse_up();
  // The app's own report: the map's layout once the drag's last step has landed.
  for (int wait = 0; wait < 100 && last_map()[0] < first[0] + 97; wait++) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const std::vector<int> wider = last_map();
  EXPECT_NEAR(wider[0], first[0] + 100, 3) << app.out();
  EXPECT_EQ(wider[0] + wider[2], 1280);
  // H hides the side bar: the map starts at the window's left edge.
  std::size_t seen = lines_starting(app.out(), "layout map ").size();
  move_to(window, 900, 200);
  press("h");
  const std::vector<int> no_bar = wait_map(seen);
  EXPECT_EQ(no_bar[0], 0);
  EXPECT_EQ(no_bar[2], 1280);
  // B hides the strip: the map reaches the timeline, and the timeline the bottom.
  seen = lines_starting(app.out(), "layout map ").size();
  press("b");
  const std::vector<int> whole = wait_map(seen);
  EXPECT_EQ(whole, (std::vector<int>{0, menu_bar, 1280, 720 - menu_bar - 24}));
  EXPECT_EQ(app.quit(), 0);
}

}  // namespace
}  // namespace terrain::gui
