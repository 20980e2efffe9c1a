// The window's own file dialog, where no desktop chooser starts (TERRAIN_SANDBOX_FILE_CHOOSER
// names a program that is not there): Ctrl+S on an untitled map and Ctrl+O open it, Cancel and
// Esc keep the map, a map file is opened from its list, the map is saved as a new name, and
// saved over a file that is there once Replace is answered (Cancel there keeps the file); a
// double click opens a file, and the folder used is a recent folder, kept for the next run.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "gui_support.h"
#include "io/atomic_file.h"

namespace terrain::gui {
namespace {

using std::chrono::seconds;
namespace fs = std::filesystem;

// Types `text` into the dialog's name field over what it holds (the field has the keyboard
// from the dialog's first frame).
void type_name(App& app, const std::string& text) {
  ASSERT_GT(settled_rect(app, "file_dialog_name")[2], 0);
  press("ctrl+a");
  type_text(text);
}

TEST(FileDialogGui, WithNoDesktopChooserTheDialogOpensSavesAsReplacesAndCancels) {
  TempDir dir;
  const fs::path maps = dir.path / "maps";
  const fs::path saves = dir.path / "saves";
  fs::create_directories(maps);
  fs::create_directories(saves);
  const fs::path first = maps / "first.tsmap";
  // Paused: the map stays as saved (no rain to save), so a map opened replaces it at once.
  ASSERT_EQ(run_app({"--seed", "4", "--paused", "--drops", "1000", "--frames", "1", "--save-map",
                     first.string()},
                    dir.path),
            0);
  App app({"--seed", "5", "--paused", "--save-folder", saves.string()}, dir.path,
          {"TERRAIN_SANDBOX_FILE_CHOOSER=" + (dir.path / "no-such-chooser").string()});
  const std::string window = window_after_layout(app, "seed");
  ASSERT_FALSE(window.empty());

  // Ctrl+S on an untitled map: the dialog, to save as; Cancel keeps the map, unsaved.
  press("ctrl+s");
  click(window, settled_rect(app, "file_dialog_cancel"));
  EXPECT_TRUE(wait_shown(app, "file_dialog_cancel", false));
  // Ctrl+O: the dialog, to open; Esc keeps the map.
  press("ctrl+o");
  EXPECT_GT(settled_rect(app, "file_dialog_path")[2], 0);
  press("Escape");
  EXPECT_TRUE(wait_shown(app, "file_dialog_path", false));
  EXPECT_EQ(app.out().find("Saved the map"), std::string::npos) << app.out();
  EXPECT_EQ(app.out().find("Opened the map"), std::string::npos) << app.out();
  EXPECT_TRUE(lines_starting(app.out(), "state seed 4").empty()) << "the map is kept";

  // Open: a folder typed as the name is entered, its map file clicked in the list and opened.
  press("ctrl+o");
  type_name(app, maps.string());
  press("Return");
  click(window, settled_rect(app, "file_dialog_row_0"));  // first.tsmap, the only entry
  click(window, settled_rect(app, "file_dialog_accept"));
  EXPECT_NE(app.wait_for_line("Opened the map " + first.string(), seconds(60)), "") << app.err();
  EXPECT_EQ(nth_state(app, "seed", 2), "4");

  // Save as a new name: the dialog starts at the map's file; the extension is added.
  press("n");  // a change, so that the files differ
  // A new seed rains; paused, the map stays as saved (and a double click is two clicks: in
  // frames slowed by the rain, Dear ImGui 1.86 can see both in a row as one press).
  const std::vector<std::string> playing = lines_starting(app.out(), "state playing ");
  if (!playing.empty() && playing.back() == "state playing 1") press("space");
  press("ctrl+shift+s");
  type_name(app, "second");
  press("Return");
  const fs::path second = maps / "second.tsmap";
  EXPECT_NE(nth_line(app, "Saved the map to " + second.string(), 1), "") << app.err();
  EXPECT_TRUE(wait_shown(app, "file_dialog_name", false));

  // Save as over a file that is there: asked; Cancel keeps the file, Replace replaces it.
  const std::string before = io::read_file(first);
  press("ctrl+shift+s");
  type_name(app, "first");
  click(window, settled_rect(app, "file_dialog_accept"));
  click(window, settled_rect(app, "file_dialog_keep"));
  EXPECT_TRUE(wait_shown(app, "file_dialog_keep", false));
  EXPECT_TRUE(wait_shown(app, "file_dialog_accept", true)) << "back in the dialog";
  EXPECT_TRUE(io::read_file(first) == before) << "kept";
  click(window, settled_rect(app, "file_dialog_accept"));
  click(window, settled_rect(app, "file_dialog_replace"));
  EXPECT_NE(nth_line(app, "Saved the map to " + first.string(), 1), "") << app.err();
  EXPECT_TRUE(io::read_file(first) != before) << "replaced";

  // A double click on a file opens it: the dialog starts in the map's folder, its recent
  // folders listing it.
  press("ctrl+o");
  EXPECT_GT(settled_rect(app, "file_dialog_recent_0")[2], 0);
  const std::vector<int> row = settled_rect(app, "file_dialog_row_1");  // second.tsmap
  move_to(window, row[0] + row[2] / 2, row[1] + row[3] / 2);
  App::driven()->input("click --repeat 2 --delay 60 1", 4);
  EXPECT_NE(app.wait_for_line("Opened the map " + second.string(), seconds(60)), "") << app.err();
  EXPECT_EQ(app.err(), "");
  EXPECT_EQ(app.quit(), 0);
  // Both files hold the map as changed: a new seed, its step after the opened map's.
  std::vector<std::string> seeds;
  for (const fs::path& saved : {first, second}) {
    std::string out;
    EXPECT_EQ(run_app({saved.string(), "--frames", "1"}, dir.path, &out), 0);
    EXPECT_NE(out.find("Opened the map " + saved.string() + " (2 steps"), std::string::npos) << out;
    seeds.push_back(lines_starting(out, "seed ").empty() ? ""
                                                         : lines_starting(out, "seed ").back());
  }
  EXPECT_EQ(seeds[0], seeds[1]);
  EXPECT_NE(seeds[0], "seed 4");

  // The folder used is a recent folder, kept for the next run.
  const std::string preferences =
      io::read_file(dir.path / "config" / "terrain-sandbox" / "preferences.json");
  EXPECT_NE(preferences.find(maps.string()), std::string::npos) << preferences;
}

}  // namespace
}  // namespace terrain::gui
