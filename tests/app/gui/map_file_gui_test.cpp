// Map files end to end: a map saved by a script or --save-map opens (terrain-sandbox FILE.tsmap)
// as the picture it was and rains on as the map that never closed; a bad map file is one line
// and exit 2; and in the real window the Map file section's controls, Ctrl+S, Ctrl+Shift+S,
// Ctrl+O, the desktop's chooser and a dropped file save and open maps, the title naming the
// map and marking a change.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gui_support.h"
#include "io/atomic_file.h"
#include "io/png.h"

namespace terrain::gui {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
namespace fs = std::filesystem;

// The window's title (xdotool getwindowname).
std::string title_of(const std::string& window) {
  const std::string command = "xdotool getwindowname " + window;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  char line[512] = {};
  const bool got = std::fgets(line, sizeof line, pipe) != nullptr;
  pclose(pipe);
  std::string title = got ? line : "";
  while (!title.empty() && title.back() == '\n') title.pop_back();
  return title;
}

// Waits until the title is `expected`; the last title seen.
std::string wait_title(const std::string& window, const std::string& expected) {
  std::string title;
  for (int k = 0; k < 300; k++) {
    title = title_of(window);
    if (title == expected) break;
    std::this_thread::sleep_for(milliseconds(100));
  }
  return title;
}

TEST(MapFileGui, ASavedMapOpensAsItWasAndRainsOnAsTheMapThatNeverClosed) {
  TempDir dir;
  const std::string walk =
      "{\"rain\": 20000}\n{\"erosion\": 0.45}\n{\"rain\": 10000}\n{\"undo\": 1}\n"
      "{\"seek\": 15000}\n";
  const fs::path script = write_text(dir.path / "walk.jsonl", walk);
  const fs::path map = dir.path / "walk.tsmap";
  const io::RgbaImage saved_as =
      screenshot({"--seed", "42", "--paused", "--view", "basins", "--script", script.string(),
                  "--frames", "1", "--save-map", map.string()},
                 dir, "saved.png");
  ASSERT_TRUE(fs::exists(map));
  // Opened: the same picture (its view came with it), paused where it was saved.
  std::string out;
  std::string err;
  EXPECT_EQ(
      run_app({map.string(), "--frames", "1", "--screenshot", (dir.path / "opened.png").string()},
              dir.path, &out, &err),
      0)
      << err;
  EXPECT_NE(out.find("Opened the map " + map.string() + " (2 steps, drop 15,000 of 30,000)"),
            std::string::npos)
      << out;
  EXPECT_EQ(io::read_png(dir.path / "opened.png"), saved_as);
  // Rained on: the map the same script and the same rain make without a file between.
  const fs::path on = write_text(dir.path / "on.jsonl", walk + "{\"rain\": 5000}\n");
  EXPECT_EQ(screenshot({map.string(), "--drops", "5000", "--frames", "1"}, dir, "rained.png"),
            screenshot({"--seed", "42", "--paused", "--view", "basins", "--script", on.string(),
                        "--frames", "1"},
                       dir, "straight.png"));
  // A script's {"save_map"} never writes over a file: one line, exit 2.
  const fs::path again =
      write_text(dir.path / "again.jsonl", "{\"save_map\": \"" + map.string() + "\"}\n");
  EXPECT_EQ(
      run_app({"--seed", "1", "--script", again.string(), "--frames", "1"}, dir.path, &out, &err),
      2);
  EXPECT_NE(err.find("Map not saved: "), std::string::npos) << err;
  EXPECT_NE(err.find("exists"), std::string::npos) << err;
}

TEST(MapFileGui, ABadMapFileIsOneLineAndExit2) {
  TempDir dir;
  const fs::path png = dir.path / "map.png";
  ASSERT_EQ(run_app({"--seed", "3", "--frames", "1", "--screenshot", png.string()}, dir.path), 0);
  fs::copy_file(png, dir.path / "renamed.tsmap");
  std::string out;
  std::string err;
  EXPECT_EQ(run_app({(dir.path / "renamed.tsmap").string(), "--frames", "1", "--screenshot",
                     (dir.path / "never.png").string()},
                    dir.path, &out, &err),
            2);
  EXPECT_EQ(err, "terrain-sandbox: Cannot open " + (dir.path / "renamed.tsmap").string() +
                     ": a PNG image, not a map file\n");
  EXPECT_FALSE(fs::exists(dir.path / "never.png"));
}

TEST(MapFileGui, TheMapFileSectionTheKeysTheChooserAndADropSaveAndOpenMaps) {
  TempDir dir;
  const fs::path first = dir.path / "first.tsmap";
  const fs::path chosen = dir.path / "chosen.tsmap";
  // Answers as zenity does: the path on stdout; what it was asked, in a file.
  const fs::path stand_in = dir.path / "chooser.sh";
  std::ofstream(stand_in) << "#!/bin/sh\n"
                          << "echo \"$@\" >> '" << (dir.path / "asked.txt").string() << "'\n"
                          << "case \"$*\" in *--save*) echo '" << chosen.string() << "' ;;\n"
                          << "*) echo '" << first.string() << "' ;; esac\n";
  fs::permissions(stand_in, fs::perms::owner_all);
  App app({"--seed", "5", "--paused", "--drops", "3000"}, dir.path,
          {"TERRAIN_SANDBOX_FILE_CHOOSER=" + stand_in.string()});
  const std::string window = window_after_layout(app, "map_text");
  ASSERT_FALSE(window.empty());
  EXPECT_EQ(title_of(window), "Terrain Sandbox");

  // Save as, under a name typed (the extension added).
  scroll_into_view(app, window, "map_text");
  click(window, latest_rect(app, "map_text"));
  type_text((dir.path / "first").string());
  click(window, latest_rect(app, "save_map_as"));
  EXPECT_NE(nth_line(app, "Saved the map to " + first.string(), 1), "") << app.err();
  EXPECT_EQ(wait_title(window, "first.tsmap - Terrain Sandbox"), "first.tsmap - Terrain Sandbox");

  // A change marks the title; Ctrl+S (over the map) saves over the map's own file.
  click_at(window, 1000, 300);
  press("ctrl+z");
  EXPECT_EQ(wait_title(window, "*first.tsmap - Terrain Sandbox"), "*first.tsmap - Terrain Sandbox");
  press("ctrl+s");
  EXPECT_NE(nth_line(app, "Saved the map to " + first.string(), 2), "") << app.err();
  EXPECT_EQ(wait_title(window, "first.tsmap - Terrain Sandbox"), "first.tsmap - Terrain Sandbox");
  // Save as again with the same name typed: never over a file.
  press("ctrl+shift+s");
  for (int k = 0; k < 300 && app.err().find("Map not saved: ") == std::string::npos; k++) {
    std::this_thread::sleep_for(milliseconds(100));
  }
  EXPECT_NE(app.err().find("Map not saved: cannot write " + first.string() + ": it already exists"),
            std::string::npos)
      << app.err();
  // The Save button: the map's own file again.
  scroll_into_view(app, window, "save_map");
  click(window, latest_rect(app, "save_map"));
  EXPECT_NE(nth_line(app, "Saved the map to " + first.string(), 3), "") << app.err();

  // The recent maps list has it: clicked, it opens; gone, it is missing and removed.
  scroll_into_view(app, window, "recent_0");
  click(window, latest_rect(app, "recent_0"));
  EXPECT_NE(nth_line(app, "Opened the map " + first.string(), 1), "") << app.err();

  // Open: the typed name, the chooser (the button and Ctrl+O), a drop.
  scroll_into_view(app, window, "open_map_typed");
  click(window, latest_rect(app, "open_map_typed"));
  EXPECT_NE(nth_line(app, "Opened the map " + first.string(), 2), "") << app.err();
  click(window, latest_rect(app, "open_map"));
  EXPECT_NE(nth_line(app, "Opened the map " + first.string(), 3), "") << app.err();
  move_to(window, 1000, 300);
  press("ctrl+o");
  EXPECT_NE(nth_line(app, "Opened the map " + first.string(), 4), "") << app.err();
  const std::string drop =
      std::string(TERRAIN_XDND_DROP) + " " + window + " '" + first.string() + "'";
  ASSERT_EQ(std::system(drop.c_str()), 0);
  EXPECT_NE(nth_line(app, "Opened the map " + first.string(), 5), "") << app.err();
  // Gone from the disk: the list says so, and Remove takes it off.
  fs::rename(first, dir.path / "moved.tsmap");
  const std::vector<int> remove = app.layout("recent_remove_0");
  ASSERT_GT(remove[2], 0) << app.out();
  scroll_into_view(app, window, "recent_remove_0");
  click(window, latest_rect(app, "recent_remove_0"));
  for (int k = 0; k < 300; k++) {
    const std::string list =
        io::read_file(dir.path / "state" / "terrain-sandbox" / "recent-maps.json");
    if (list.find("first.tsmap") == std::string::npos) break;
    std::this_thread::sleep_for(milliseconds(100));
  }
  EXPECT_EQ(io::read_file(dir.path / "state" / "terrain-sandbox" / "recent-maps.json")
                .find("first.tsmap"),
            std::string::npos);
  EXPECT_EQ(app.quit(), 0);

  // The chooser was asked for a map to open, with its filter.
  std::ifstream asked(dir.path / "asked.txt");
  std::string line;
  std::getline(asked, line);
  EXPECT_NE(line.find("--title=Terrain Sandbox: open a map"), std::string::npos) << line;
  EXPECT_NE(line.find("*.tsmap"), std::string::npos) << line;
}

// Save as with no name typed asks the chooser, which asks before it replaces a file.
TEST(MapFileGui, SaveAsWithNoNameTypedAsksTheChooser) {
  TempDir dir;
  const fs::path chosen = dir.path / "chosen.tsmap";
  const fs::path stand_in = dir.path / "chooser.sh";
  std::ofstream(stand_in) << "#!/bin/sh\n"
                          << "echo \"$@\" >> '" << (dir.path / "asked.txt").string() << "'\n"
                          << "echo '" << chosen.string() << "'\n";
  fs::permissions(stand_in, fs::perms::owner_all);
  App app({"--seed", "6", "--paused", "--drops", "1000"}, dir.path,
          {"TERRAIN_SANDBOX_FILE_CHOOSER=" + stand_in.string()});
  const std::string window = window_after_layout(app, "map_text");
  ASSERT_FALSE(window.empty());
  press("ctrl+s");
  EXPECT_NE(nth_line(app, "Saved the map to " + chosen.string(), 1), "") << app.err();
  EXPECT_EQ(app.quit(), 0);
  std::ifstream asked(dir.path / "asked.txt");
  std::string line;
  std::getline(asked, line);
  EXPECT_NE(line.find("--save"), std::string::npos) << line;
  EXPECT_NE(line.find("--confirm-overwrite"), std::string::npos) << line;
}

// The run's autosave in `state` once it is there (the app writes it within 5 s of a change).
fs::path wait_autosave(const fs::path& state) {
  for (int k = 0; k < 600; k++) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(state / "terrain-sandbox", ec)) {
      if (entry.path().extension() == ".tsmap") return entry.path();
    }
    std::this_thread::sleep_for(milliseconds(100));
  }
  return {};
}

// A map killed with kill -9 comes back at the next start, exactly: offered in the panel and
// brought back; killed again and declined, it is kept for one more start, and --recover brings
// it back without asking.
TEST(MapFileGui, AMapKilledWithSignal9ComesBackExactly) {
  TempDir dir;
  const fs::path state = dir.path / "state";
  const std::vector<std::string> map = {"--seed", "42", "--paused", "--drops", "5000"};
  {
    App app(map, dir.path);
    app.layout("seed");
    ASSERT_FALSE(wait_autosave(state).empty()) << app.err();
    app.kill_now();
  }
  const fs::path saves = dir.path / "saves";
  fs::create_directories(saves);
  {
    App app({"--save-folder", saves.string()}, dir.path);
    const std::string window = window_after_layout(app, "recover");
    ASSERT_FALSE(window.empty());
    click(window, latest_rect(app, "recover"));
    EXPECT_NE(
        app.wait_for_line("Brought back the map left unsaved (1 step, drop 5,000)", seconds(60)),
        "")
        << app.out() << app.err();
    move_to(window, 1000, 300);
    press("s");
    const std::string saved = app.wait_for_line("Saved ", seconds(60));
    ASSERT_NE(saved, "") << app.err();
    // Quit with the map brought back unsaved: its autosave is written a last time and kept.
    EXPECT_EQ(app.quit(), 0);
    EXPECT_EQ(io::read_png(saved_path(saved)),
              screenshot({"--seed", "42", "--paused", "--drops", "5000", "--frames", "1"}, dir,
                         "straight.png"));
  }
  {
    // (Paused, a map of no steps: it leaves nothing behind as it quits.)
    App app({"--paused"}, dir.path);
    const std::string window = window_after_layout(app, "decline_recovery");
    ASSERT_FALSE(window.empty());
    click(window, latest_rect(app, "decline_recovery"));
    for (int k = 0; k < 300; k++) {
      bool declined = false;
      for (const auto& e : fs::directory_iterator(state / "terrain-sandbox")) {
        declined = declined || e.path().filename().string().rfind("declined-", 0) == 0;
      }
      if (declined) break;
      std::this_thread::sleep_for(milliseconds(100));
    }
    EXPECT_EQ(app.quit(), 0);
  }
  // Declined once, still there: --recover brings it back in a scripted run.
  std::string out;
  std::string err;
  EXPECT_EQ(
      run_app({"--recover", "--frames", "1", "--screenshot", (dir.path / "recovered.png").string()},
              dir.path, &out, &err),
      0)
      << err;
  EXPECT_NE(out.find("Brought back the map left unsaved"), std::string::npos) << out;
  EXPECT_EQ(io::read_png(dir.path / "recovered.png"), io::read_png(dir.path / "straight.png"));
}

// The names in the run's state folder.
std::vector<std::string> state_names(const fs::path& state) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(state / "terrain-sandbox", ec)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// --recover tries the autosaves left newest first: a bad newest one says why on stderr and is
// kept aside (unreadable-PID.tsmap), and the older good one comes back. With none that opens
// it exits 2, the bad ones kept aside; either way the run leaves no lock file behind, and what
// runs killed left (their locks and half-written temporaries) is tidied at its start.
TEST(MapFileGui, RecoverFallsBackFromABadNewestAutosaveAndLeavesNoLock) {
  TempDir dir;
  const fs::path state = dir.path / "state";
  const fs::path folder = state / "terrain-sandbox";
  fs::create_directories(folder);
  const fs::path good = dir.path / "good.tsmap";
  std::string out;
  std::string err;
  ASSERT_EQ(run_app({"--seed", "42", "--paused", "--drops", "5000", "--frames", "1", "--save-map",
                     good.string()},
                    dir.path, &out, &err),
            0)
      << err;
  // A bad one only, and the litter of two runs killed: exit 2, nothing lost, no litter.
  write_text(folder / "autosave-104.tsmap", "not a map");
  write_text(folder / "autosave-105.lock", "");
  write_text(folder / ".autosave-105.tsmap.tmp-0123456789abcdef", "half a map");
  write_text(folder / "autosave-106.lock", "");
  EXPECT_EQ(run_app({"--recover", "--frames", "1"}, dir.path, &out, &err), 2) << out << err;
  EXPECT_NE(err.find("terrain-sandbox: Cannot open " + (folder / "autosave-104.tsmap").string()),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("cannot be brought back: it is kept as " +
                     (folder / "unreadable-104.tsmap").string() + " and not offered again\n"),
            std::string::npos)
      << err;
  EXPECT_EQ(state_names(state), (std::vector<std::string>{"unreadable-104.tsmap"}));

  // A bad newest one and an older good one: the good one comes back.
  fs::copy_file(good, folder / "autosave-101.tsmap");
  write_text(folder / "autosave-102.tsmap", "not a map either");
  const auto now = fs::file_time_type::clock::now();
  fs::last_write_time(folder / "autosave-101.tsmap", now - std::chrono::hours(2));
  fs::last_write_time(folder / "autosave-102.tsmap", now - std::chrono::hours(1));
  EXPECT_EQ(run_app({"--recover", "--frames", "1"}, dir.path, &out, &err), 0) << out << err;
  EXPECT_NE(out.find("Brought back the map left unsaved (1 step, drop 5,000)"), std::string::npos)
      << out << err;
  EXPECT_NE(err.find("terrain-sandbox: Cannot open " + (folder / "autosave-102.tsmap").string()),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("it is kept as " + (folder / "unreadable-102.tsmap").string() +
                     " and not offered again; trying the one autosaved "),
            std::string::npos)
      << err;
  // Left: the two set aside, and the map brought back, autosaved as this run's (its changes
  // are still unsaved); no lock, no temporary.
  const std::vector<std::string> names = state_names(state);
  ASSERT_EQ(names.size(), 3u) << ::testing::PrintToString(names);
  EXPECT_EQ(names[0].rfind("autosave-", 0), 0u);
  EXPECT_EQ(fs::path(names[0]).extension(), ".tsmap");
  EXPECT_EQ(names[1], "unreadable-102.tsmap");
  EXPECT_EQ(names[2], "unreadable-104.tsmap");
}

// A state folder that cannot be made says which folder and why, on the status line and on
// stderr (it once said "there is no state folder (HOME and XDG_STATE_HOME are unset)" with
// both set, and on the status line only). A folder under a regular file cannot be made even
// by root; a read-only parent stops everyone else.
TEST(MapFileGui, AStateFolderThatCannotBeMadeSaysWhichAndWhy) {
  TempDir dir;
  write_text(dir.path / "a-file", "not a folder");
  std::vector<std::pair<fs::path, std::string>> cases = {
      {dir.path / "a-file" / "state", "Not a directory"}};
  if (::geteuid() != 0) {
    fs::create_directories(dir.path / "read-only");
    fs::permissions(dir.path / "read-only", fs::perms::owner_read | fs::perms::owner_exec);
    cases.push_back({dir.path / "read-only", "Permission denied"});
  }
  for (const auto& [home, reason] : cases) {
    SCOPED_TRACE(home.string());
    const std::string message = "No autosave: cannot make the state folder " +
                                (home / "terrain-sandbox").string() + ": " + reason;
    App app({"--paused", "--save-folder", dir.path.string()}, dir.path,
            {"XDG_STATE_HOME=" + home.string()});
    EXPECT_EQ(nth_state(app, "status", 1), "error: " + message) << app.err();
    EXPECT_EQ(app.quit(), 0);
    EXPECT_NE(app.err().find("terrain-sandbox: " + message + "\n"), std::string::npos) << app.err();
  }
  // Neither variable usable: says so, naming them.
  App app({"--paused", "--save-folder", dir.path.string()}, dir.path,
          {"XDG_STATE_HOME=", "HOME=relative/home"});
  const std::string message =
      "No autosave: there is no state folder: XDG_STATE_HOME is unset and HOME is "
      "'relative/home' (not an absolute path)";
  EXPECT_EQ(nth_state(app, "status", 1), "error: " + message) << app.err();
  EXPECT_EQ(app.quit(), 0);
  EXPECT_NE(app.err().find("terrain-sandbox: " + message + "\n"), std::string::npos) << app.err();
  std::error_code ec;  // (as root there is no such folder)
  fs::permissions(dir.path / "read-only", fs::perms::owner_all, ec);
}

// Whether the run's state folder holds an autosave now.
bool has_autosave(const fs::path& state) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(state / "terrain-sandbox", ec)) {
    if (entry.path().extension() == ".tsmap") return true;
  }
  return false;
}

// Opening a map file in the place of a map with changes not saved asks, as quitting does (here
// a file dropped on the window, as Open, Ctrl+O and a Recent entry all open one): Cancel and Esc
// keep the map, history and all; Save saves it under the name typed (never over a file) and
// then opens the file; Don't save opens it. A map with nothing unsaved opens at once.
TEST(MapFileGui, OpeningAMapOverChangesNotSavedAsksSaveDontSaveOrCancel) {
  TempDir dir;
  const fs::path other = dir.path / "other.tsmap";
  ASSERT_EQ(
      run_app({"--seed", "4", "--drops", "1000", "--frames", "1", "--save-map", other.string()},
              dir.path),
      0);
  const auto drop = [](const std::string& window, const fs::path& file) {
    return std::system(
        (std::string(TERRAIN_XDND_DROP) + " " + window + " '" + file.string() + "'").c_str());
  };
  App app({"--seed", "8", "--paused", "--drops", "2000"}, dir.path);
  const std::string window = window_after_layout(app, "seed");
  ASSERT_FALSE(window.empty());
  // Dropped: it asks; Cancel keeps the map.
  ASSERT_EQ(drop(window, other), 0);
  ASSERT_TRUE(wait_shown(app, "open_cancel", true)) << app.out();
  click(window, settled_rect(app, "open_cancel"));
  ASSERT_TRUE(wait_shown(app, "open_cancel", false));
  // Esc is its Cancel too.
  ASSERT_EQ(drop(window, other), 0);
  ASSERT_TRUE(wait_shown(app, "open_save", true));
  press("Escape");
  ASSERT_TRUE(wait_shown(app, "open_save", false));
  EXPECT_EQ(app.out().find("Opened the map"), std::string::npos) << "nothing opened yet";
  EXPECT_EQ(app.out().find("state seed 4"), std::string::npos);
  // Save: under the name typed in the question, then the file opens.
  ASSERT_EQ(drop(window, other), 0);
  ASSERT_TRUE(wait_shown(app, "open_map_name", true));
  click(window, settled_rect(app, "open_map_name"));
  type_text((dir.path / "mine").string());
  click(window, settled_rect(app, "open_save"));
  EXPECT_NE(app.wait_for_line("Opened the map " + other.string(), seconds(60)), "") << app.err();
  EXPECT_NE(app.out().find("Saved the map to " + (dir.path / "mine.tsmap").string()),
            std::string::npos)
      << app.out();
  EXPECT_NE(app.wait_for_line("state seed 4", seconds(30)), "");
  // The opened map, changed (a new seed), then another dropped: Don't save opens it.
  app.layout("seed");
  press("n");
  ASSERT_EQ(drop(window, dir.path / "mine.tsmap"), 0);
  ASSERT_TRUE(wait_shown(app, "open_discard", true)) << app.out();
  click(window, settled_rect(app, "open_discard"));
  EXPECT_NE(app.wait_for_line("Opened the map " + (dir.path / "mine.tsmap").string(), seconds(60)),
            "")
      << app.out();
  EXPECT_NE(app.wait_for_line("state seed 8", seconds(30)), "");
  // Nothing unsaved now: the next one opens at once.
  ASSERT_EQ(drop(window, other), 0);
  EXPECT_NE(app.wait_for_line("state seed 4", seconds(60)), "") << app.out();
  EXPECT_EQ(latest_rect(app, "open_save")[2], 0);
  EXPECT_EQ(app.quit(), 0);
}

// Quitting a map with changes not saved asks (the window's close button, Ctrl+Q): Cancel and
// Esc keep the window; Save saves (under the name typed, never over a file) and quits; Don't
// save quits and keeps nothing. A signal or a scripted run never asks.
TEST(MapFileGui, QuittingWithChangesNotSavedAsksSaveDontSaveOrCancel) {
  TempDir dir;
  const fs::path state = dir.path / "state";
  const fs::path saved = dir.path / "kept.tsmap";
  const std::vector<std::string> map = {"--seed", "8", "--paused", "--drops", "2000"};
  {
    App app(map, dir.path);
    const std::string window = window_after_layout(app, "seed");
    ASSERT_FALSE(window.empty());
    ASSERT_FALSE(wait_autosave(state).empty());
    // The close button asks; Cancel keeps the window.
    ASSERT_TRUE(close_window(window));
    ASSERT_TRUE(wait_shown(app, "quit_cancel", true)) << app.out();
    click(window, settled_rect(app, "quit_cancel"));
    ASSERT_TRUE(wait_shown(app, "quit_cancel", false));
    EXPECT_TRUE(app.running());
    // Ctrl+Q asks too, and Esc is its Cancel.
    press("ctrl+q");
    ASSERT_TRUE(wait_shown(app, "quit_save", true));
    press("Escape");
    ASSERT_TRUE(wait_shown(app, "quit_save", false));
    EXPECT_TRUE(app.running());
    // Save: under the name typed in the question, and it quits once the file is written.
    ASSERT_TRUE(close_window(window));
    ASSERT_TRUE(wait_shown(app, "quit_map_name", true));
    click(window, settled_rect(app, "quit_map_name"));
    type_text((dir.path / "kept").string());
    click(window, settled_rect(app, "quit_save"));
    EXPECT_EQ(app.wait_exit(), 0) << app.err();
    EXPECT_NE(app.out().find("Saved the map to " + saved.string()), std::string::npos);
    EXPECT_FALSE(has_autosave(state));  // nothing left unsaved
  }
  std::string out;
  std::string err;
  EXPECT_EQ(run_app({saved.string(), "--frames", "1"}, dir.path, &out, &err), 0) << err;
  EXPECT_NE(out.find("Opened the map " + saved.string() + " (1 step, drop 2,000 of 2,000)"),
            std::string::npos)
      << out;
  {
    // A Save that cannot save (the name typed is a file already) says why and keeps the
    // window; Don't save quits and removes the autosave.
    App app(map, dir.path);
    const std::string window = window_after_layout(app, "seed");
    ASSERT_FALSE(window.empty());
    ASSERT_FALSE(wait_autosave(state).empty());
    press("ctrl+q");
    ASSERT_TRUE(wait_shown(app, "quit_map_name", true));
    click(window, settled_rect(app, "quit_map_name"));
    type_text(saved.string());
    click(window, settled_rect(app, "quit_save"));
    for (int k = 0; k < 300 && app.err().find("Map not saved: ") == std::string::npos; k++) {
      std::this_thread::sleep_for(milliseconds(100));
    }
    EXPECT_NE(app.err().find("it already exists"), std::string::npos) << app.err();
    EXPECT_TRUE(app.running());
    click(window, settled_rect(app, "quit_discard"));
    EXPECT_EQ(app.wait_exit(), 0) << app.err();
    EXPECT_FALSE(has_autosave(state));
  }
  {
    // A signal quits at once and keeps the autosave for the next start.
    App app(map, dir.path);
    app.layout("seed");
    ASSERT_FALSE(wait_autosave(state).empty());
    EXPECT_EQ(app.quit(), 0);
    EXPECT_TRUE(has_autosave(state));
  }
  {
    // A scripted run quits when its window closes, asking nothing.
    App app({"--seed", "8", "--drops", "2000", "--frames", "1000000"}, dir.path);
    const std::string window = window_after_layout(app, "seed");
    ASSERT_FALSE(window.empty());
    ASSERT_TRUE(close_window(window));
    EXPECT_EQ(app.wait_exit(), 0) << app.err();
  }
}

}  // namespace
}  // namespace terrain::gui
