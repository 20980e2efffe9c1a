// The panel's bookkeeping without a window: its fields' memory of what is typed against the
// core's values (panel_state.h), where its controls were drawn (control_rects.h),
// the messages of the status line and the log (message_log.h), what is remembered between runs
// (preferences.h), and the state the GUI tests read (state_report.h).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "app/files/preferences.h"
#include "app/panel/control_rects.h"
#include "app/panel/message_log.h"
#include "app/panel/panel_state.h"
#include "app/panel/rain_progress.h"
#include "app/shell/state_report.h"
#include "scratch_dir.h"

namespace terrain::app {
namespace {

// A field keeps what is typed until the core's value changes, or the core answers what it asked
// for: a value refused shows the one that holds again.
TEST(PanelState, AFieldShowsTheCoresValueWhenItChangesOrAnswers) {
  EditedValue<double> pen;
  pen.follow(0.3);  // from the flags, say
  EXPECT_EQ(pen.typed, 0.3);
  pen.typed = 7;  // typed, not asked for yet
  pen.follow(0.3);
  EXPECT_EQ(pen.typed, 7);
  pen.asked = true;  // asked for, and refused: the core's 0.3 holds
  pen.follow(0.3);
  EXPECT_EQ(pen.typed, 0.3);
  EXPECT_FALSE(pen.asked);
  pen.typed = 0.5;
  pen.follow(0.8);  // changed elsewhere (a map file opened, a script)
  EXPECT_EQ(pen.typed, 0.8);

  EditedText<16> folder;
  folder.follow("/pictures");
  EXPECT_STREQ(folder.text, "/pictures");
  std::snprintf(folder.text, sizeof folder.text, "%s", "/tm");  // being typed
  folder.follow("/pictures");
  EXPECT_STREQ(folder.text, "/tm");
  folder.follow("/a folder chosen, longer than the field");
  EXPECT_STREQ(folder.text, "/a folder chose");  // cut to the field
}

TEST(ControlRects, NamesComeFromLabelsWithoutImGuisSuffixes) {
  char out[ControlRects::kNameSize];
  EXPECT_EQ(control_name("Drops per frame", out), "drops_per_frame");
  EXPECT_EQ(control_name("Pause###play", out), "pause");
  EXPECT_EQ(control_name("##heightmap", out), "heightmap");
  EXPECT_EQ(control_name("MP4 (H.264)", out), "mp4_h.264");
  EXPECT_EQ(control_name("Skyline: random walk", out), "skyline_random_walk");
  EXPECT_EQ(control_name("  Sketch's  ", out), "sketch_s");
  const std::string longer(200, 'a');
  EXPECT_EQ(control_name(longer, out).size(), ControlRects::kNameSize - 1);
}

TEST(ControlRects, ReportsWhatMovedAppearedOrWentOnce) {
  ControlRects rects;
  std::vector<std::string> reported;
  auto changes = [&] {
    reported.clear();
    rects.changes([&](std::string_view name, const std::array<float, 4>& r) {
      std::string line(name);
      line.append(" ").append(std::to_string(static_cast<int>(r[0])));
      reported.push_back(line);
    });
    return reported;
  };
  rects.begin_frame();
  rects.note("play", 10, 20, 60, 18);
  rects.note("save", 80, 20, 60, 18);
  EXPECT_EQ(changes(), (std::vector<std::string>{"play 10", "save 80"}));
  rects.begin_frame();
  rects.note("play", 10, 20, 60, 18);
  rects.note("save", 80, 20, 60, 18);
  EXPECT_TRUE(changes().empty()) << "nothing moved";
  rects.begin_frame();
  rects.note("play", 12, 20, 60, 18);  // moved; save not drawn (its section folded)
  EXPECT_EQ(changes(), (std::vector<std::string>{"play 12", "save 0"}));
  EXPECT_EQ(rects.rect("save"), (std::array<float, 4>{}));
  rects.begin_frame();
  rects.note("play", 12, 20, 60, 18);
  EXPECT_TRUE(changes().empty()) << "a control gone is reported once";
  EXPECT_EQ(rects.rect("play"), (std::array<float, 4>{12, 20, 60, 18}));
  EXPECT_EQ(rects.size(), 2u);
}

TEST(ControlRects, PastItsCapacityNewNamesAreIgnoredNotStored) {
  ControlRects rects;
  rects.begin_frame();
  for (std::size_t k = 0; k < ControlRects::kCapacity + 10; k++) {
    rects.note(std::string("control ").append(std::to_string(k)), 1, 1, 1, 1);
  }
  EXPECT_EQ(rects.size(), ControlRects::kCapacity);
  EXPECT_EQ(
      rects.rect(std::string("control ").append(std::to_string(ControlRects::kCapacity + 5)))[2],
      0);
}

// The bar never runs past its total: played on past the stop it stays full and says so.
TEST(RainProgress, TheBarStopsAtTheStopAndTheTextSaysHowFarPastItTheRainWent) {
  EXPECT_EQ(rain_progress(0).fraction, 0.0f);
  EXPECT_STREQ(rain_progress(0).text, "0 / 300,000 drops");
  EXPECT_FLOAT_EQ(rain_progress(66400).fraction, 66400.0f / 300000.0f);
  EXPECT_STREQ(rain_progress(66400).text, "66,400 / 300,000 drops");
  EXPECT_EQ(rain_progress(300000).fraction, 1.0f);
  EXPECT_STREQ(rain_progress(300000).text, "300,000 / 300,000 drops");
  EXPECT_EQ(rain_progress(406800).fraction, 1.0f);
  EXPECT_STREQ(rain_progress(406800).text, "406,800 drops (past the 300,000 stop)");
  EXPECT_EQ(rain_progress(UINT64_MAX).fraction, 1.0f);
}

TEST(MessageLog, TheStatusLineShowsTheLatestForAFewSecondsErrorsLonger) {
  MessageLog log;
  EXPECT_EQ(log.current(0), nullptr);
  log.post("Saved a.png", false, 10);
  ASSERT_NE(log.current(10), nullptr);
  EXPECT_EQ(log.current(10 + MessageLog::kShownSeconds)->text, "Saved a.png");
  EXPECT_EQ(log.current(10.1 + MessageLog::kShownSeconds), nullptr);
  log.post("Cannot open x.png: no such file", true, 20);
  EXPECT_EQ(log.failures(), 1u);
  EXPECT_TRUE(log.current(20 + MessageLog::kShownSeconds + 1)->failed) << "errors stay longer";
  EXPECT_EQ(log.current(20.1 + MessageLog::kFailedShownSeconds), nullptr);
  log.post("Saved b.png", false, 30);
  log.dismiss();
  EXPECT_EQ(log.current(30), nullptr);
  log.post("Saved c.png", false, 31);
  EXPECT_EQ(log.current(31)->text, "Saved c.png");
  // The log keeps the latest kKept, oldest first.
  for (int k = 0; k < 100; k++) log.post(std::string("m").append(std::to_string(k)), false, 40);
  EXPECT_EQ(log.all().size(), MessageLog::kKept);
  EXPECT_EQ(log.all().back().text, "m99");
  EXPECT_EQ(log.latest()->text, "m99");
}

using Scratch = testing::ScratchDir;

TEST(Preferences, TheSaveFolderIsKeptAndABadFileIsTheDefaults) {
  Scratch dir;
  const auto file = dir.path() / "preferences.json";
  EXPECT_EQ(load_preferences(file).save_folder, "") << "no file: the defaults";
  save_preferences(file, Preferences{"/data/maps with spaces/é", {}});
  EXPECT_EQ(load_preferences(file).save_folder, "/data/maps with spaces/é");
  std::ofstream(file) << "{\"save_folder\": 7}";
  EXPECT_EQ(load_preferences(file).save_folder, "");
  std::ofstream(file) << "not json";
  EXPECT_EQ(load_preferences(file).save_folder, "");
}

// As xdg-user-dir PICTURES reads it: XDG_PICTURES_DIR in $XDG_CONFIG_HOME/user-dirs.dirs, with
// $HOME expanded; else ~/Pictures; a "Terrain Sandbox" folder inside.
TEST(Preferences, TheDefaultSaveFolderIsInTheDesktopsPictures) {
  Scratch dir;
  const char* old_home = std::getenv("HOME");
  const char* old_config = std::getenv("XDG_CONFIG_HOME");
  const std::string home = old_home ? old_home : "";
  const std::string config = old_config ? old_config : "";
  setenv("HOME", dir.path().c_str(), 1);
  setenv("XDG_CONFIG_HOME", (dir.path() / "config").c_str(), 1);
  EXPECT_EQ(default_save_folder(), dir.path() / "Pictures" / "Terrain Sandbox");
  std::filesystem::create_directories(dir.path() / "config");
  std::ofstream(dir.path() / "config" / "user-dirs.dirs")
      << "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"
         "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n";
  EXPECT_EQ(default_save_folder(), dir.path() / "Bilder" / "Terrain Sandbox");
  std::ofstream(dir.path() / "config" / "user-dirs.dirs") << "XDG_PICTURES_DIR=\"/srv/pics\"\n";
  EXPECT_EQ(default_save_folder(), std::filesystem::path("/srv/pics/Terrain Sandbox"));
  unsetenv("HOME");
  unsetenv("XDG_CONFIG_HOME");
  EXPECT_EQ(default_save_folder(), std::filesystem::path("."));
  if (old_home) setenv("HOME", home.c_str(), 1);
  if (old_config) setenv("XDG_CONFIG_HOME", config.c_str(), 1);
}

TEST(StateReport, OnlyChangedValuesAreReportedAndEveryPanelSettingIsThere) {
  session::LiveModel model(5);
  UiState ui;
  ShellState shell;
  StateValues before;
  const StateValues first = state_changes(before, state_values(model, ui, shell, true));
  for (const char* key : {"playing",       "seed",        "drops_per_frame",
                          "erosion",       "deposition",  "inertia",
                          "brush_radius",  "sea_level",   "generator",
                          "terrain_scale", "roughness",   "ground_fit",
                          "show_rivers",   "rivers_by",   "min_flow",
                          "routing",       "scheme",      "contour_levels",
                          "view",          "show_lakes",  "debug_mode",
                          "show_original", "zoom",        "side_view_shown",
                          "side_view",     "row",         "skyline_seed",
                          "walk",          "sections",    "save_folder",
                          "export_format", "render_size", "record",
                          "real_units",    "svg_page",    "status",
                          "side_bar",      "fullscreen",  "history",
                          "timeline",      "paint_mode",  "brush"}) {
    bool found = false;
    for (const auto& [k, v] : first) found |= k == key;
    EXPECT_TRUE(found) << key;
  }
  EXPECT_TRUE(state_changes(before, state_values(model, ui, shell, true)).empty());
  model.apply(session::MapCommand{session::SetErosion{0.5}});
  ui.side.view = SideView::walk;
  shell.fullscreen = true;
  const StateValues changed = state_changes(before, state_values(model, ui, shell, true));
  // The erosion is a step of the history too.
  EXPECT_EQ(
      changed,
      (StateValues{
          {"history", "1 of 1"}, {"erosion", "0.5"}, {"side_view", "walk"}, {"fullscreen", "1"}}));
}

}  // namespace
}  // namespace terrain::app
