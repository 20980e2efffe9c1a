// The app end to end: started on a virtual display, driven with xdotool, its pictures read back.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string_view>
#include <thread>

#include "core/heightfield.h"
#include "gui_support.h"
#include "io/png.h"

namespace terrain::gui {
namespace {

using std::chrono::seconds;

std::string data(const std::string& name) {
  return std::string(TERRAIN_TEST_DATA) + "/" + name;
}

std::vector<float> read_f32(const std::string& name) {
  std::ifstream in(data(name), std::ios::binary);
  if (!in) throw std::runtime_error("missing " + data(name));
  std::vector<float> v(320 * 180);
  in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(v.size() * 4));
  return v;
}

const uint8_t* pixel(const io::RgbaImage& img, int x, int y) {
  return &img.pixels[(static_cast<std::size_t>(y) * static_cast<std::size_t>(img.width) +
                      static_cast<std::size_t>(x)) *
                     4];
}

// Each scheme's deep sea colour (sea[1]) is what the deep sea shows: seed 42 before any rain,
// at every cell of deep water (depth >= half the sea level) whose neighbours are deep too.
TEST(Gui, ScreenshotHasTheRequestedSizeAndTheSchemesColours) {
  TempDir dir;
  const std::pair<const char*, std::array<int, 3>> schemes[] = {{"site_dark", {0, 0, 0}},
                                                                {"site_light", {242, 242, 242}},
                                                                {"topographic", {74, 127, 168}},
                                                                {"blueprint", {8, 45, 107}},
                                                                {"bw", {0, 0, 0}}};
  const std::vector<float> original = read_f32("seed-42/original.f32");
  const double scale = std::max(640.0 / 319, 360.0 / 179);
  const double left = (640 - 319 * scale) / 2;
  const double top = (360 - 179 * scale) / 2;
  std::vector<io::RgbaImage> images;
  for (const auto& [key, deep] : schemes) {
    const io::RgbaImage img = screenshot(
        {"--seed", "42", "--paused", "--scheme", key, "--size", "640x360", "--frames", "2"}, dir,
        std::string(key) + ".png");
    ASSERT_EQ(img.width, 640) << key;
    ASSERT_EQ(img.height, 360) << key;
    std::size_t checked = 0;
    for (int y = 1; y < 179; y++) {
      for (int x = 1; x < 319; x++) {
        bool deep_here = true;
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++)
            deep_here &= original[static_cast<std::size_t>((y + dy) * 320 + x + dx)] < 0.12f;
        if (!deep_here) continue;
        const int px = static_cast<int>(std::lround(left + x * scale));
        const int py = static_cast<int>(std::lround(top + y * scale));
        if (px < 0 || py < 0 || px >= 640 || py >= 360) continue;
        const uint8_t* p = pixel(img, px, py);
        for (int c = 0; c < 3; c++)
          ASSERT_NEAR(p[c], deep[static_cast<std::size_t>(c)], 1)
              << key << " at cell " << x << "," << y;
        checked++;
      }
    }
    EXPECT_GT(checked, 200u) << key;
    for (const io::RgbaImage& other : images) EXPECT_NE(img, other) << key;
    images.push_back(img);
  }
}

TEST(Gui, AnotherSeedGivesAnotherMap) {
  TempDir dir;
  const auto a = screenshot({"--seed", "1", "--size", "320x180", "--frames", "2"}, dir, "a.png");
  const auto b = screenshot({"--seed", "2", "--size", "320x180", "--frames", "2"}, dir, "b.png");
  const auto a2 = screenshot({"--seed", "1", "--size", "320x180", "--frames", "2"}, dir, "a2.png");
  EXPECT_EQ(a, a2) << "the same seed and frames give the same picture";
  EXPECT_GT(rmse(a, b), 0.02);
}

// The sketch's own renders of seed 42 after 300,000 drops (and with show original), paused,
// at 1280x720: the app's picture of the same state is within an RMSE of 0.03 of each.
TEST(Gui, LooksLikeTheSketchInEveryScheme) {
  TempDir dir;
  for (const char* key : {"site_dark", "site_light", "topographic", "blueprint", "bw"}) {
    for (const bool original : {false, true}) {
      std::vector<std::string> args{"--seed",   "42",       "--drops", "300000",
                                    "--paused", "--scheme", key,       "--size",
                                    "1280x720", "--frames", "2"};
      if (original) args.push_back("--original");
      const std::string state = original ? "original" : "eroded";
      const auto img = screenshot(args, dir, state + "-" + key + ".png");
      const auto ref = io::read_png(data("renders/42-" + state + "-" + key + ".png"));
      const double e = rmse(img, ref);
      std::printf("RMSE %s %s: %.4f\n", state.c_str(), key, e);
      EXPECT_LT(e, 0.03) << state << " " << key;
    }
  }
}

// Each cell's relief colour is the sketch's exactly (its drawTerrain image before scaling).
TEST(Gui, PerCellColoursEqualTheSketchsCellImage) {
  TempDir dir;
  for (const char* key : {"site_dark", "topographic"}) {
    const std::filesystem::path cells = dir.path / (std::string(key) + "-cells.png");
    std::string err;
    ASSERT_EQ(run_app({"--seed", "42", "--drops", "300000", "--paused", "--scheme", key, "--frames",
                       "2", "--cells", cells.string()},
                      dir.path, nullptr, &err),
              0)
        << err;
    const io::RgbaImage mine = io::read_png(cells);
    const io::RgbaImage sketch =
        io::read_png(data("renders/42-eroded-" + std::string(key) + "-cells.png"));
    ASSERT_EQ(mine.width, 320);
    ASSERT_EQ(mine.height, 180);
    std::size_t differing = 0;
    for (std::size_t i = 0; i < mine.pixels.size(); i++)
      differing += mine.pixels[i] != sketch.pixels[i];
    EXPECT_EQ(differing, 0u) << key;
  }
}

// What ImGui keeps between runs goes under the user's config folder, not the working one.
TEST(Gui, SettingsAreKeptInTheXdgConfigFolder) {
  TempDir dir;
  const std::filesystem::path work = dir.path / "work";
  std::filesystem::create_directories(work);
  const std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(work);
  std::string err;
  const int code = run_app({"--frames", "3", "--size", "320x180"}, dir.path, nullptr, &err);
  std::filesystem::current_path(before);
  EXPECT_EQ(code, 0) << err;
  EXPECT_TRUE(std::filesystem::exists(dir.path / "config" / "terrain-sandbox" / "imgui.ini"));
  EXPECT_TRUE(std::filesystem::is_empty(work)) << "nothing written to the working directory";
}

// Resizing redraws the same map bigger: the terrain never changes with the window.
TEST(Gui, ResizingTheWindowKeepsTheMap) {
  TempDir dir;
  App app({"--seed", "11", "--paused", "--size", "640x360", "--save-folder", dir.path.string()},
          dir.path);
  const std::vector<int> small = app.layout("map");  // (at 640 x 360 the side bar is folded away)
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  xdotool("windowsize --sync " + window + " 960 540");
  // The app has its new size once the map's area moves.
  const auto until = std::chrono::steady_clock::now() + seconds(60);
  while (latest_rect(app, "map") == small && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  press("s");
  const std::string saved = app.wait_for_line("Saved ", seconds(60));
  EXPECT_EQ(app.quit(), 0);
  ASSERT_NE(saved, "") << app.err();
  const io::RgbaImage after = io::read_png(saved.substr(6));
  EXPECT_EQ(after.width, 960);
  EXPECT_EQ(after.height, 540);
  const auto expected = screenshot(
      {"--seed", "11", "--paused", "--size", "960x540", "--frames", "2"}, dir, "expected.png");
  EXPECT_EQ(after, expected);
}

TEST(Gui, ShowOriginalAfterRainEqualsThePictureAtZeroDrops) {
  TempDir dir;
  const auto rained = screenshot({"--seed", "5", "--drops", "20000", "--original", "--paused",
                                  "--size", "640x360", "--frames", "2"},
                                 dir, "rained.png");
  const auto dry =
      screenshot({"--seed", "5", "--paused", "--size", "640x360", "--frames", "2"}, dir, "dry.png");
  const auto eroded = screenshot(
      {"--seed", "5", "--drops", "20000", "--paused", "--size", "640x360", "--frames", "2"}, dir,
      "eroded.png");
  EXPECT_EQ(rained, dry);
  EXPECT_NE(eroded, dry);
}

// River-coloured pixels (Site Dark's #ff6600) lie over the cells whose water is >= 250, and
// every well-watered cell shows river.
TEST(Gui, RiverPixelsLieOverRiverCellsAndNowhereElse) {
  TempDir dir;
  const auto img = screenshot(
      {"--seed", "42", "--drops", "300000", "--paused", "--size", "1280x720", "--frames", "2"}, dir,
      "rivers.png");
  const std::vector<float> water = read_f32("seed-42/water.f32");
  const double scale = std::max(1280.0 / 319, 720.0 / 179);
  const double left = (1280 - 319 * scale) / 2;
  const double top = (720 - 179 * scale) / 2;
  auto river_near = [&](double gx, double gy, double reach, float threshold) {
    for (int y = static_cast<int>(gy - reach) - 1; y <= static_cast<int>(gy + reach) + 1; y++) {
      for (int x = static_cast<int>(gx - reach) - 1; x <= static_cast<int>(gx + reach) + 1; x++) {
        if (x < 0 || y < 0 || x >= 320 || y >= 180) continue;
        if (std::hypot(x - gx, y - gy) <= reach &&
            water[static_cast<std::size_t>(y * 320 + x)] >= threshold)
          return true;
      }
    }
    return false;
  };
  auto is_river = [](const uint8_t* p) {
    return p[0] >= 225 && std::abs(p[1] - 102) <= 30 && p[2] <= 30;
  };
  std::size_t river_pixels = 0;
  std::size_t stray = 0;
  for (int py = 0; py < img.height; py++) {
    for (int px = 0; px < img.width; px++) {
      if (!is_river(pixel(img, px, py))) continue;
      river_pixels++;
      const double gx = (px + 0.5 - left) / scale;
      const double gy = (py + 0.5 - top) / scale;
      if (!river_near(gx, gy, 1.5, 250)) stray++;
    }
  }
  EXPECT_GT(river_pixels, 5000u);
  EXPECT_EQ(stray, 0u) << "river-coloured pixels away from every river cell";
  // Every cell carrying twice the threshold (drawn fully opaque) shows river near its centre.
  std::size_t missing = 0;
  std::size_t checked = 0;
  for (int y = 1; y < 179; y++) {
    for (int x = 1; x < 319; x++) {
      if (water[static_cast<std::size_t>(y * 320 + x)] < 500) continue;
      const int px = static_cast<int>(left + x * scale);
      const int py = static_cast<int>(top + y * scale);
      if (px < 2 || py < 2 || px >= 1278 || py >= 718) continue;
      checked++;
      bool found = false;
      for (int dy = -2; dy <= 2 && !found; dy++)
        for (int dx = -2; dx <= 2 && !found; dx++) found = is_river(pixel(img, px + dx, py + dy));
      missing += !found;
    }
  }
  EXPECT_GT(checked, 500u);
  EXPECT_EQ(missing, 0u);
}

TEST(Gui, ShowRiversAndDebugModeEachChangeThePicture) {
  TempDir dir;
  const std::vector<std::string> base{"--seed", "3", "--size", "640x360", "--frames", "3"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = base;
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  const auto plain = screenshot(base, dir, "plain.png");
  const auto no_rivers = screenshot(with({"--no-rivers"}), dir, "no-rivers.png");
  const auto debug = screenshot(with({"--debug"}), dir, "debug.png");
  EXPECT_NE(plain, no_rivers);
  EXPECT_NE(plain, debug);
  // The debug routes are drawn in (255, 0, 128).
  std::size_t pink = 0;
  for (std::size_t i = 0; i < debug.pixels.size(); i += 4) {
    pink += debug.pixels[i] > 200 && debug.pixels[i + 1] < 60 && debug.pixels[i + 2] > 90 &&
            debug.pixels[i + 2] < 170;
  }
  EXPECT_GT(pink, 50u);
}

TEST(Gui, BadFlagsExitWithTwoAndOneLineNamingTheFlag) {
  TempDir dir;
  const std::vector<std::vector<std::string>> bad = {{"--seed", "4294967296"},
                                                     {"--seed", "-1"},
                                                     {"--seed", "abc"},
                                                     {"--scheme", "neon"},
                                                     {"--size", "10x10"},
                                                     {"--size", "1280"},
                                                     {"--drops", "1e5"},
                                                     {"--frames", "0"},
                                                     {"--bogus"},
                                                     {"--seed"},
                                                     {"--drops-per-frame", "20000"}};
  for (const auto& args : bad) {
    std::string err;
    EXPECT_EQ(run_app(args, dir.path, nullptr, &err), 2) << args[0];
    EXPECT_NE(err.find(args[0]), std::string::npos) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  }
  std::string out;
  EXPECT_EQ(run_app({"--help"}, dir.path, &out), 0);
  for (const char* flag : {"--seed", "--scheme", "--size", "--paused", "--drops", "--frames",
                           "--screenshot", "--stats", "--help"}) {
    EXPECT_NE(out.find(flag), std::string::npos) << flag;
  }
}

TEST(Gui, ScreenshotNeverOverwrites) {
  TempDir dir;
  const std::filesystem::path taken = dir.path / "taken.png";
  std::ofstream(taken) << "keep me";
  std::string out;
  std::string err;
  EXPECT_EQ(run_app({"--frames", "1", "--screenshot", taken.string()}, dir.path, &out, &err), 2);
  std::ifstream in(taken);
  std::string kept;
  std::getline(in, kept);
  EXPECT_EQ(kept, "keep me");
  EXPECT_TRUE(lines_starting(out, "Saved ").empty()) << out;
}

// A screenshot says where it went as every other save does: one "Saved PATH" line, at the
// window's size and at a --render-size.
TEST(Gui, AScreenshotPrintsItsSavedLine) {
  TempDir dir;
  for (const bool large : {false, true}) {
    const std::filesystem::path png = dir.path / (large ? "large.png" : "shot.png");
    std::vector<std::string> args = {"--seed", "3",       "--paused",     "--frames",  "1",
                                     "--size", "320x180", "--screenshot", png.string()};
    if (large) args.insert(args.end(), {"--render-size", "640x360"});
    std::string out;
    std::string err;
    ASSERT_EQ(run_app(args, dir.path, &out, &err), 0) << err;
    EXPECT_EQ(lines_starting(out, "Saved "), std::vector<std::string>{"Saved " + png.string()})
        << out;
    EXPECT_TRUE(std::filesystem::is_regular_file(png));
  }
}

// Retyping a seed in the running app brings that map back: click the seed field, type,
// hold Return, play, let the rain reach its target and stop, save; the saved picture equals
// the one from starting with --seed and raining to the target.
TEST(Gui, RetypingASeedBringsTheMapBack) {
  TempDir dir;
  const std::filesystem::path saves = dir.path / "saves";
  std::filesystem::create_directories(saves);
  App app({"--paused", "--drops-per-frame", "5000", "--save-folder", saves.string()}, dir.path);
  const std::vector<int> seed = app.layout("seed");
  ASSERT_GT(seed[2], 0) << app.err();
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  const int cx = seed[0] + seed[2] / 2;
  const int cy = seed[1] + seed[3] / 2;
  // Click the seed field, clear it, type, hold Return: each answered before the next.
  click_at(window, cx, cy);
  press("End");
  for (int k = 0; k < 12; k++) press("BackSpace");
  type_text("4242");
  press("Return");
  ASSERT_NE(app.wait_for_line("seed 4242", seconds(20)), "") << app.out() << app.err();
  // Leave the field (click the map), then play.
  click_at(window, 1000, 600);
  press("space");
  ASSERT_NE(app.wait_for_line("rain stopped at 300000 drops", seconds(300)), "")
      << app.out() << app.err();
  press("s");
  const std::string saved = app.wait_for_line("Saved ", seconds(60));
  ASSERT_NE(saved, "") << app.out() << app.err();
  EXPECT_EQ(app.quit(), 0);

  const std::filesystem::path path = saved.substr(6);
  EXPECT_NE(path.filename().string().find("_seed4242_300000drops_"), std::string::npos) << path;
  const auto expected =
      screenshot({"--seed", "4242", "--drops", "300000", "--frames", "2"}, dir, "expected.png");
  EXPECT_EQ(io::read_png(path), expected);
}

TEST(Gui, SaveNamesThePngAsTheSketchAndNeverOverwrites) {
  TempDir dir;
  const std::filesystem::path saves = dir.path / "saves";
  std::filesystem::create_directories(saves);
  App app({"--seed", "9", "--paused", "--save-folder", saves.string()}, dir.path);
  const std::vector<int> save = app.layout("save");
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  // The Save PNG button, then the S key, in quick succession.
  click(window, save);
  ASSERT_NE(app.wait_for_line("Saved ", seconds(60)), "") << app.err();
  press("s");
  const auto until = std::chrono::steady_clock::now() + seconds(60);
  std::vector<std::filesystem::path> files;
  while (std::chrono::steady_clock::now() < until) {
    files.clear();
    // Saves are staged in a hidden temporary and renamed into place: only whole files count.
    for (const auto& e : std::filesystem::directory_iterator(saves)) {
      if (e.path().filename().string().front() != '.') files.push_back(e.path());
    }
    if (files.size() >= 2) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(app.quit(), 0);
  ASSERT_EQ(files.size(), 2u) << app.out() << app.err();
  // hydraulic_erosion_site_dark_seed9_0drops_<10 digits>[-2].png
  auto is_save_name = [](std::string_view name) {
    const std::string_view stem = "hydraulic_erosion_site_dark_seed9_0drops_";
    if (name.substr(0, stem.size()) != stem) return false;
    name.remove_prefix(stem.size());
    for (int k = 0; k < 10; k++) {
      if (name.empty() || name.front() < '0' || name.front() > '9') return false;
      name.remove_prefix(1);
    }
    return name == ".png" || name == "-2.png";
  };
  for (const auto& f : files) {
    EXPECT_TRUE(is_save_name(f.filename().string())) << f;
    const io::RgbaImage img = io::read_png(f);
    EXPECT_EQ(img.width, 1280);
    EXPECT_EQ(img.height, 720);
  }
  EXPECT_NE(files[0], files[1]);
  EXPECT_EQ(io::read_png(files[0]), io::read_png(files[1])) << "the same map, saved twice";
}

TEST(Gui, AnUnwritableFolderGivesTheMessageAndTheAppKeepsRunning) {
  TempDir dir;
  const std::filesystem::path file = dir.path / "a-file";
  std::ofstream(file) << "not a folder";
  App app({"--seed", "9", "--paused", "--save-folder", (file / "sub").string()}, dir.path);
  app.layout("save");
  ASSERT_FALSE(app.window_id().empty());
  press("s");
  const auto until = std::chrono::steady_clock::now() + seconds(60);
  while (app.err().find("Not saved:") == std::string::npos &&
         std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_NE(app.err().find("Not saved:"), std::string::npos) << app.err();
  EXPECT_NE(app.err().find("a-file"), std::string::npos) << "the message names the path";
  EXPECT_TRUE(app.running());
  EXPECT_EQ(app.quit(), 0);
}

}  // namespace
}  // namespace terrain::gui
