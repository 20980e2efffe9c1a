// Where files go, through the real window: by default a "Terrain Sandbox" folder in the
// desktop's Pictures folder (xdg-user-dir PICTURES), made on the first save; a folder typed in
// the panel is kept for the next run (--save-folder wins for its run); the desktop's file
// chooser (zenity, here a stand-in that answers as zenity does) opens a heightmap and picks the
// folder.
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

namespace fs = std::filesystem;
using std::chrono::milliseconds;
using std::chrono::seconds;

// A gray PNG heightmap of w x h.
fs::path write_heightmap(const fs::path& path, int w, int h) {
  std::vector<uint8_t> rgba(static_cast<std::size_t>(w) * h * 4);
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      uint8_t* p = &rgba[(static_cast<std::size_t>(y) * w + x) * 4];
      p[0] = p[1] = p[2] = static_cast<uint8_t>((x * 7 + y * 3) % 256);
      p[3] = 255;
    }
  }
  io::write_png(path, rgba, w, h, io::PixelFormat::rgba8);
  return path;
}

TEST(SaveFolderGui, SavesGoToAFolderInPicturesMadeOnTheFirstSave) {
  TempDir dir;
  App app({"--seed", "4", "--paused"}, dir.path);
  const fs::path expected = dir.path / "Pictures" / "Terrain Sandbox";
  EXPECT_EQ(nth_state(app, "save_folder", 1), expected.string()) << app.err();
  EXPECT_FALSE(fs::exists(expected)) << "made on the first save, not before";
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  press("s");
  const std::string saved = app.wait_for_line("Saved ", seconds(60));
  ASSERT_NE(saved, "") << app.err();
  EXPECT_EQ(saved_path(saved).parent_path(), expected);
  EXPECT_TRUE(fs::is_regular_file(saved_path(saved)));
  EXPECT_EQ(app.quit(), 0);
}

TEST(SaveFolderGui, AFolderTypedInThePanelIsKeptForTheNextRunAndTheFlagWinsItsRun) {
  TempDir dir;
  const fs::path mine = dir.path / "my maps";
  fs::create_directories(mine);
  {
    App app({"--seed", "4", "--paused"}, dir.path);
    const std::string window = window_after_layout(app, "folder");
    ASSERT_FALSE(window.empty());
    scroll_into_view(app, window, "folder");
    click(window, latest_rect(app, "folder"));
    press("ctrl+a");
    type_text(mine.string());
    press("Return");
    const auto until = std::chrono::steady_clock::now() + seconds(30);
    while (!fs::exists(dir.path / "config" / "terrain-sandbox" / "preferences.json") &&
           std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(milliseconds(100));
    }
    EXPECT_EQ(app.quit(), 0);
  }
  {
    // (Each run writes the same app.out: its window first, so the file is this run's.)
    App app({"--seed", "4", "--paused"}, dir.path);
    ASSERT_FALSE(app.window_id().empty());
    EXPECT_EQ(nth_state(app, "save_folder", 1), mine.string()) << "kept between runs";
    EXPECT_EQ(app.quit(), 0);
  }
  {
    const fs::path other = dir.path / "other";
    fs::create_directories(other);
    App app({"--seed", "4", "--paused", "--save-folder", other.string()}, dir.path);
    ASSERT_FALSE(app.window_id().empty());
    EXPECT_EQ(nth_state(app, "save_folder", 1), other.string()) << "--save-folder wins";
    EXPECT_EQ(app.quit(), 0);
  }
  App app({"--seed", "4", "--paused"}, dir.path);
  ASSERT_FALSE(app.window_id().empty());
  EXPECT_EQ(nth_state(app, "save_folder", 1), mine.string()) << "the flag is not kept";
  EXPECT_EQ(app.quit(), 0);
}

TEST(SaveFolderGui, TheDesktopsFileChooserOpensAHeightmapAndPicksTheSaveFolder) {
  TempDir dir;
  const fs::path heightmap = write_heightmap(dir.path / "chosen.png", 400, 225);
  const fs::path folder = dir.path / "chosen folder";
  fs::create_directories(folder);
  // Answers as zenity does: the path on stdout; what it was asked, in a file.
  const fs::path stand_in = dir.path / "chooser.sh";
  std::ofstream(stand_in) << "#!/bin/sh\n"
                          << "echo \"$@\" >> '" << (dir.path / "asked.txt").string() << "'\n"
                          << "case \"$*\" in *--directory*) echo '" << folder.string() << "' ;;\n"
                          << "*) echo '" << heightmap.string() << "' ;; esac\n";
  fs::permissions(stand_in, fs::perms::owner_all);
  App app({"--seed", "4", "--paused"}, dir.path,
          {"TERRAIN_SANDBOX_FILE_CHOOSER=" + stand_in.string()});
  const std::string window = window_after_layout(app, "browse_heightmap");
  ASSERT_FALSE(window.empty());
  click(window, latest_rect(app, "browse_heightmap"));
  const std::string opened = app.wait_for_line("Opened " + heightmap.string(), seconds(60));
  EXPECT_NE(opened, "") << app.out() << app.err();
  scroll_into_view(app, window, "choose_folder");
  click(window, latest_rect(app, "choose_folder"));
  const auto until = std::chrono::steady_clock::now() + seconds(30);
  while (lines_starting(app.out(), "state save_folder " + folder.string()).empty() &&
         std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(milliseconds(100));
  }
  EXPECT_FALSE(lines_starting(app.out(), "state save_folder " + folder.string()).empty());
  EXPECT_EQ(app.quit(), 0);
  std::ifstream asked(dir.path / "asked.txt");
  std::string first;
  std::string second;
  std::getline(asked, first);
  std::getline(asked, second);
  EXPECT_NE(first.find("--file-selection"), std::string::npos) << first;
  EXPECT_NE(first.find("*.png"), std::string::npos) << "it offers heightmaps: " << first;
  EXPECT_NE(second.find("--directory"), std::string::npos) << second;
}

// A message shows where the user looks: on the status line over the map, from the first frame
// for a bad FILE at start, and for a save.
TEST(SaveFolderGui, ABadFileAtStartAndASaveShowOnTheStatusLine) {
  TempDir dir;
  const fs::path missing = dir.path / "no such.png";
  App app({"--seed", "4", "--paused", "--save-folder", dir.path.string(), missing.string()},
          dir.path);
  const std::string first = nth_state(app, "status", 1);
  EXPECT_EQ(first.rfind("error: Cannot open " + missing.string(), 0), 0u) << first;
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  press("s");
  const auto until = std::chrono::steady_clock::now() + seconds(30);
  while (lines_starting(app.out(), "state status Saved " + dir.path.string()).empty() &&
         std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(milliseconds(100));
  }
  EXPECT_FALSE(lines_starting(app.out(), "state status Saved " + dir.path.string()).empty())
      << app.out();
  EXPECT_EQ(app.quit(), 0);
}

}  // namespace
}  // namespace terrain::gui
