// Your own ground and the exports, end to end: a heightmap dropped on the real window (as a
// file manager drops it, through XDND), typed into the panel or given as terrain-sandbox FILE
// becomes the ground, the same picture each way; bad files change nothing; the panel's exports
// are terrain-cli's files for the same map, byte for byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "gui_support.h"
#include "io/atomic_file.h"
#include "io/png.h"

namespace terrain::gui {
namespace {

using std::chrono::seconds;
namespace fs = std::filesystem;

// A foreign heightmap: an 8-bit colour PNG of another size and aspect (a tilted ridge with
// bumps), read as luminance and scaled to 0..1 when opened.
fs::path write_dem(const fs::path& dir, const std::string& name = "dem.png") {
  const int w = 500;
  const int h = 360;
  std::vector<uint8_t> rgba(static_cast<std::size_t>(w) * h * 4);
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      const double ridge = 1.0 - std::abs(x - 0.6 * w + 0.3 * y) / w;
      const double bumps = 0.15 * std::sin(x * 0.05) * std::cos(y * 0.07);
      const auto v = static_cast<uint8_t>(std::clamp((ridge + bumps) * 230.0, 0.0, 255.0));
      uint8_t* p = &rgba[(static_cast<std::size_t>(y) * w + x) * 4];
      p[0] = p[1] = p[2] = v;
      p[3] = 255;
    }
  }
  const fs::path path = dir / name;
  io::write_png(path, rgba, w, h, io::PixelFormat::rgba8);
  return path;
}

// Drops `file` on the app's window as a file manager would (tests/app/gui/xdnd_drop.cpp).
int drop(const std::string& window, const fs::path& file) {
  const std::string command =
      std::string(TERRAIN_XDND_DROP) + " " + window + " '" + file.string() + "'";
  return std::system(command.c_str());
}

std::string bytes(const fs::path& path) {
  return io::read_file(path);
}

TEST(FilesGui, AHeightmapDroppedOnTheWindowBecomesTheGroundAsTerrainSandboxFileMakesIt) {
  TempDir dir;
  const fs::path dem = write_dem(dir.path);
  App app(saving_in(dir, {"--seed", "7", "--paused"}), dir.path);
  const std::string window = window_after_layout(app, "save");
  ASSERT_FALSE(window.empty());
  ASSERT_EQ(drop(window, dem), 0);
  const std::string opened = app.wait_for_line("Opened ", seconds(60));
  EXPECT_EQ(opened, "Opened " + dem.string() + " (500 x 360, scaled to 0..1, crop) as the ground")
      << app.err();
  press("s");
  const std::string saved = app.wait_for_line("Saved ", seconds(60));
  ASSERT_NE(saved, "") << app.out() << app.err();
  EXPECT_EQ(app.quit(), 0);

  const io::RgbaImage from_file =
      one_frame({dem.string(), "--seed", "7", "--paused"}, dir, "f.png");
  EXPECT_EQ(io::read_png(saved_path(saved)), from_file);
  const io::RgbaImage island = one_frame({"--seed", "7", "--paused"}, dir, "island.png");
  EXPECT_GT(rmse(from_file, island), 0.05) << "the file's ground is not the seed's island";
}

TEST(FilesGui, BadFilesDroppedOrTypedGiveTheirMessageAndLeaveTheMap) {
  TempDir dir;
  const fs::path dem = write_dem(dir.path);
  const std::string whole = bytes(dem);
  const fs::path truncated = dir.path / "truncated.png";
  std::ofstream(truncated, std::ios::binary) << whole.substr(0, whole.size() / 2);
  const fs::path text = dir.path / "notes.txt";
  std::ofstream(text) << "not a heightmap";
  App app(saving_in(dir, {"--seed", "8", "--paused"}), dir.path);
  const std::vector<int> field = app.layout("open_text");
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  ASSERT_EQ(drop(window, truncated), 0);
  ASSERT_EQ(drop(window, text), 0);
  // And a path typed into the panel that names nothing.
  click(window, field);
  type_text((dir.path / "missing.exr").string());
  press("Return");
  const auto until = std::chrono::steady_clock::now() + seconds(60);
  while (lines_starting(app.err(), "terrain-sandbox: Cannot open ").size() < 3 &&
         std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const std::vector<std::string> refused =
      lines_starting(app.err(), "terrain-sandbox: Cannot open ");
  ASSERT_EQ(refused.size(), 3u) << app.err();
  EXPECT_EQ(refused[0].rfind("terrain-sandbox: Cannot open " + truncated.string() + ": ", 0), 0u);
  EXPECT_EQ(refused[1].rfind("terrain-sandbox: Cannot open " + text.string() + ": ", 0), 0u);
  EXPECT_EQ(
      refused[2].rfind("terrain-sandbox: Cannot open " + dir.path.string() + "/missing.exr: ", 0),
      0u);
  EXPECT_TRUE(app.running());
  // Leave the field, then save: the map is the seed's, untouched.
  click_at(window, 1000, 300);
  press("s");
  const std::string saved = app.wait_for_line("Saved ", seconds(60));
  ASSERT_NE(saved, "") << app.out() << app.err();
  EXPECT_EQ(app.quit(), 0);
  EXPECT_EQ(io::read_png(saved_path(saved)), one_frame({"--seed", "8", "--paused"}, dir, "e.png"));
}

TEST(FilesGui, APathTypedInThePanelOpensWithTheFitChosen) {
  TempDir dir;
  const fs::path dem = write_dem(dir.path);
  App app(saving_in(dir, {"--seed", "3", "--paused", "--fit", "stretch"}), dir.path);
  const std::vector<int> field = app.layout("open_text");
  const std::vector<int> open = app.layout("open");
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  click(window, field);
  type_text(dem.string());
  click(window, open);
  const std::string opened = app.wait_for_line("Opened ", seconds(60));
  EXPECT_EQ(opened,
            "Opened " + dem.string() + " (500 x 360, scaled to 0..1, stretch) as the ground")
      << app.err();
  // Leave the panel (click the map), then save.
  click_at(window, 1000, 300);
  press("s");
  const std::string saved = app.wait_for_line("Saved ", seconds(60));
  ASSERT_NE(saved, "") << app.out() << app.err();
  EXPECT_EQ(app.quit(), 0);
  const io::RgbaImage stretched =
      one_frame({dem.string(), "--fit", "stretch", "--seed", "3", "--paused"}, dir, "s.png");
  EXPECT_EQ(io::read_png(saved_path(saved)), stretched);
  EXPECT_GT(rmse(stretched, one_frame({dem.string(), "--seed", "3", "--paused"}, dir, "c.png")),
            0.01)
      << "crop and stretch give other grounds";
}

// The heights terrain-cli wrote, opened in the app, are the map they came from: its own
// heights come back (EXR exactly), so the picture is the seed's island's.
TEST(FilesGui, AnExportedHeightmapOpensAsTheSameGround) {
  TempDir dir;
  const fs::path exr = dir.path / "original.exr";
  const std::string command = std::string(TERRAIN_CLI) + " --seed 5 --drops 0 --out " +
                              (dir.path / "grids").string() + " --heightmap-original " +
                              exr.string() + " > /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  EXPECT_EQ(one_frame({exr.string(), "--seed", "5", "--paused"}, dir, "from_exr.png"),
            one_frame({"--seed", "5", "--paused"}, dir, "island.png"));
}

TEST(FilesGui, AScriptsBadFileExitsTwoWithOneLineAndWritesNothing) {
  TempDir dir;
  const fs::path shot = dir.path / "shot.png";
  std::string err;
  const int code =
      run_app({(dir.path / "missing.png").string(), "--frames", "1", "--screenshot", shot.string()},
              dir.path, nullptr, &err);
  EXPECT_EQ(code, 2);
  EXPECT_EQ(
      err.rfind("terrain-sandbox: Cannot open " + (dir.path / "missing.png").string() + ": ", 0),
      0u)
      << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_FALSE(fs::exists(shot));
}

// The panel's exports of a map are terrain-cli's files for that map, byte for byte: the
// heights and the original as 16-bit PNG, the hydrology's pictures (site_dark, the CLI's
// scheme) and the grids.
TEST(FilesGui, ThePanelsExportsAreTerrainClisFilesForTheSameMap) {
  TempDir dir;
  const fs::path cli = dir.path / "cli";
  fs::create_directories(cli);
  const std::string command =
      std::string(TERRAIN_CLI) + " --seed 11 --drops 20000 --out " + (cli / "grids").string() +
      " --layers " + (cli / "layers").string() + " --heightmap " + (cli / "heights.png").string() +
      " --heightmap-original " + (cli / "original.png").string() + " > /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;

  App app(saving_in(dir, {"--seed", "11", "--drops", "20000", "--paused"}), dir.path);
  const std::vector<std::string> buttons = {"export_heights", "export_original", "export_layers",
                                            "export_grids"};
  const std::string window = window_after_layout(app, "export_grids");
  ASSERT_FALSE(window.empty());
  // The Output section is below the fold of a 720-pixel window.
  scroll_into_view(app, window, "export_grids");
  std::vector<fs::path> paths;
  for (std::size_t k = 0; k < buttons.size(); k++) {
    const std::vector<int> rect = latest_rect(app, buttons[k]);
    ASSERT_GT(rect[2], 0) << buttons[k] << " is not drawn: " << app.out();
    ASSERT_LT(rect[1] + rect[3], 720) << buttons[k] << " is out of view: " << app.out();
    click(window, rect);
    const std::string line = nth_line(app, "Saved ", k + 1);
    ASSERT_NE(line, "") << buttons[k] << "\n" << app.out() << app.err();
    paths.push_back(saved_path(line));
  }
  EXPECT_EQ(app.quit(), 0);

  EXPECT_EQ(paths[0].extension(), ".png");
  EXPECT_NE(paths[0].filename().string().find("_seed11_20000drops_"), std::string::npos);
  EXPECT_EQ(bytes(paths[0]), bytes(cli / "heights.png")) << paths[0];
  EXPECT_EQ(bytes(paths[1]), bytes(cli / "original.png")) << paths[1];
  for (const char* name : {"flow.png", "basins.png", "strahler.png", "lakes.png"}) {
    EXPECT_EQ(bytes(paths[2] / name), bytes(cli / "layers" / name)) << name;
  }
  for (const char* name : {"original.npy", "eroded.npy", "filled.npy", "flow.npy", "downstream.npy",
                           "basins.npy", "strahler.npy", "lakes.npy"}) {
    EXPECT_EQ(bytes(paths[3] / name), bytes(cli / "grids" / name)) << name;
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(paths[3]), fs::directory_iterator()), 8);
}

// The panel's SVG and meshes of a map are terrain-cli's --svg and --mesh for that map.
TEST(FilesGui, ThePanelsSvgAndMeshesAreTerrainClisForTheSameMap) {
  TempDir dir;
  const fs::path cli = dir.path / "cli";
  fs::create_directories(cli);
  const std::string command =
      std::string(TERRAIN_CLI) + " --seed 11 --drops 20000 --out " + (cli / "grids").string() +
      " --svg " + (cli / "map.svg").string() + " --mesh " + (cli / "map.glb").string() +
      " > /dev/null && " + TERRAIN_CLI + " --seed 11 --drops 20000 --out " +
      (cli / "grids2").string() + " --mesh " + (cli / "map.obj").string() + " > /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;

  App app(saving_in(dir, {"--seed", "11", "--drops", "20000", "--paused"}), dir.path);
  const std::string window = window_after_layout(app, "export_obj");
  ASSERT_FALSE(window.empty());
  scroll_into_view(app, window, "export_obj");
  std::vector<fs::path> paths;
  for (const std::string name : {"export_svg", "export_glb", "export_obj"}) {
    click(window, latest_rect(app, name));
    const std::string line = nth_line(app, "Saved ", paths.size() + 1);
    ASSERT_NE(line, "") << name << "\n" << app.out() << app.err();
    paths.push_back(saved_path(line));
  }
  EXPECT_EQ(app.quit(), 0);
  EXPECT_EQ(paths[0].extension(), ".svg");
  EXPECT_EQ(bytes(paths[0]), bytes(cli / "map.svg"));
  EXPECT_EQ(paths[1].extension(), ".glb");
  EXPECT_EQ(bytes(paths[1]), bytes(cli / "map.glb"));
  EXPECT_EQ(paths[2].extension(), ".obj");
  EXPECT_EQ(bytes(paths[2]), bytes(cli / "map.obj"));
}

}  // namespace
}  // namespace terrain::gui
