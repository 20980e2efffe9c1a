// The menu bar through the real window: every menu opens, every entry does what it says (the
// app's own "state KEY VALUE" and "Saved PATH" lines say so), submenus open on the pointer, and
// each entry's shortcut is shown beside it.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gui_support.h"

namespace terrain::gui {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
namespace fs = std::filesystem;

// Waits until the control `name` is drawn no more; false if it still is after 30 s.
bool wait_gone(App& app, const std::string& name) {
  const auto until = std::chrono::steady_clock::now() + seconds(30);
  while (latest_rect(app, name)[2] > 0) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(milliseconds(20));
  }
  return true;
}

// The menu bar's driver: opens menus by the names the app reports them under ("menu/file"),
// picks entries, and waits for what they said they would do.
class Menus {
 public:
  Menus(App& app, std::string window) : app_(app), window_(std::move(window)) {}

  // Opens the top-level menu `menu`, then the submenus in `submenus` (the pointer over each:
  // Dear ImGui opens a submenu on the pointer), then clicks `entry`.
  void pick(const std::string& menu, const std::vector<std::string>& submenus,
            const std::string& entry) {
    SCOPED_TRACE(menu + " > " + entry);
    click(window_, shown("menu/" + menu));
    for (const std::string& sub : submenus) {
      const std::vector<int> r = shown("menu/" + sub);
      drag_to(window_, r[0] + r[2] / 2, r[1] + r[3] / 2);
    }
    const std::vector<int> r = shown("menu/" + entry);
    // Along the entry from the submenu's side: straight to its middle could cross another
    // entry of the menu above, which would close the submenu.
    if (!submenus.empty()) drag_to(window_, r[0] + 4, r[1] + r[3] / 2);
    click(window_, r);
  }

  // Where the output stands: lines after this mark are new.
  std::size_t mark() { return app_.out().size(); }

  std::string line_after(std::size_t from, const std::string& prefix) {
    return gui::line_after(app_, from, prefix);
  }

  // Picks the entry and expects a new "state KEY ..." line: `expected` when given.
  void expect(const std::string& menu, const std::vector<std::string>& submenus,
              const std::string& entry, const std::string& key, const std::string& expected = "") {
    const std::size_t from = mark();
    pick(menu, submenus, entry);
    const std::string line = line_after(from, "state " + key + " ");
    ASSERT_NE(line, "") << menu << " > " << entry << " did not change " << key << "\n"
                        << app_.err();
    if (!expected.empty()) {
      EXPECT_EQ(line.substr(7 + key.size()), expected) << entry;
    }
  }

  // Picks the entry and expects a "Saved PATH" line.
  void expect_saved(const std::string& menu, const std::vector<std::string>& submenus,
                    const std::string& entry) {
    const std::size_t from = mark();
    pick(menu, submenus, entry);
    EXPECT_NE(line_after(from, "Saved "), "") << entry << " saved nothing\n" << app_.err();
  }

 private:
  // The control's rectangle once it is drawn and has stayed put (a menu's first frame is
  // drawn before Dear ImGui knows its size).
  std::vector<int> shown(const std::string& name) {
    const std::vector<int> r = settled_rect(app_, name);
    EXPECT_GT(r[2], 0) << name << " is not drawn\n" << app_.out();
    return r;
  }

  App& app_;
  std::string window_;
};

TEST(MenuGui, EveryEntryOfTheMenuBarTakesEffectThroughTheRealWindow) {
  TempDir dir;
  App app(saving_in(dir, {"--seed", "5", "--paused", "--drops", "4000"}), dir.path);
  const std::string window = window_after_layout(app, "menu/file");
  ASSERT_FALSE(window.empty());
  Menus menus(app, window);
  // The bar is across the top, and the side bar and the map below it.
  const std::vector<int> bar = latest_rect(app, "menu/file");
  EXPECT_LE(bar[1], 1);
  EXPECT_GE(app.layout("map")[1], bar[3]);

  // File.
  menus.expect("file", {}, "new_seed", "seed");
  menus.expect_saved("file", {}, "save_png");
  for (const char* entry : {"export_heights", "export_original", "export_layers", "export_grids",
                            "export_svg", "export_glb", "export_obj"}) {
    menus.expect_saved("file", {"export"}, entry);
  }
  menus.expect("file", {"export"}, "record", "recording");
  menus.expect_saved("file", {"export"}, "record");
  // What asks for a file (no desktop chooser here): the window's file dialog, which Esc closes.
  // (Save, on an untitled map, saves as.)
  for (const auto& [submenus, entry] :
       std::vector<std::pair<std::vector<std::string>, std::string>>{{{}, "open"},
                                                                     {{}, "open_heightmap"},
                                                                     {{}, "save"},
                                                                     {{}, "save_as"},
                                                                     {{}, "save_folder"},
                                                                     {{"export_as"}, "as_picture"},
                                                                     {{"export_as"}, "as_heights"},
                                                                     {{"export_as"}, "as_original"},
                                                                     {{"export_as"}, "as_layers"},
                                                                     {{"export_as"}, "as_grids"},
                                                                     {{"export_as"}, "as_glb"},
                                                                     {{"export_as"}, "as_obj"}}) {
    SCOPED_TRACE(entry);
    menus.pick("file", submenus, entry);
    EXPECT_GT(settled_rect(app, "file_dialog_cancel")[2], 0) << entry << " showed no dialog";
    press("Escape");
    EXPECT_TRUE(wait_gone(app, "file_dialog_cancel"));
  }
  // Export as, through: the SVG under a name typed, the extension added.
  menus.pick("file", {"export_as"}, "as_svg");
  ASSERT_GT(settled_rect(app, "file_dialog_name")[2], 0);
  press("ctrl+a");
  type_text((dir.path / "plotted").string());
  std::size_t mark = menus.mark();
  press("Return");
  EXPECT_NE(menus.line_after(mark, "Saved " + (dir.path / "plotted.svg").string()), "")
      << app.err();

  // Edit.
  menus.expect("edit", {}, "undo", "history", "1 of 2");
  menus.expect("edit", {}, "redo", "history", "2 of 2");
  menus.expect("edit", {}, "paint", "paint_mode", "1");
  menus.expect("edit", {}, "paint", "paint_mode", "0");

  // View.
  menus.expect("view", {"map_shows"}, "map_shows_basins", "view", "basins");
  menus.expect("view", {"map_shows"}, "map_shows_flow", "view", "flow");
  menus.expect("view", {"map_shows"}, "map_shows_3d", "view", "3d");
  menus.expect("view", {"map_shows"}, "map_shows_map", "view", "map");
  menus.expect("view", {}, "3d", "view", "3d");
  menus.expect("view", {}, "3d", "view", "map");
  menus.expect("view", {}, "strip", "side_view_shown", "0");
  menus.expect("view", {}, "strip", "side_view_shown", "1");
  menus.expect("view", {}, "panel", "side_bar", "0");
  menus.expect("view", {}, "panel", "side_bar", "1");
  menus.expect("view", {}, "fullscreen", "fullscreen", "1");
  menus.expect("view", {}, "fullscreen", "fullscreen", "0");
  // Fit map: zoomed in with the wheel first.
  const std::vector<int> map = app.layout("map");
  move_to(window, map[0] + map[2] / 2, map[1] + map[3] / 2);
  wheel(true, 2);
  menus.expect("view", {}, "fit", "zoom", "1");

  // Help: its windows, and their Close.
  menus.expect("help", {}, "keys", "help", "keys");
  std::size_t from = menus.mark();
  click(window, settled_rect(app, "menu/help_close"));
  EXPECT_NE(menus.line_after(from, "state help none"), "");
  menus.expect("help", {}, "about", "help", "about");
  menus.expect("help", {}, "about", "help", "none");

  // Quit: the map has changes not saved, so it asks; Don't save quits.
  from = menus.mark();
  menus.pick("file", {}, "quit");
  click(window, settled_rect(app, "quit_discard"));
  EXPECT_EQ(app.wait_exit(), 0) << app.err();
}

// Open recent lists the maps opened and saved lately; picking one opens it.
TEST(MenuGui, OpenRecentOpensAMapSavedBefore) {
  TempDir dir;
  const fs::path map = dir.path / "kept.tsmap";
  std::string err;
  ASSERT_EQ(run_app({"--seed", "8", "--drops", "3000", "--frames", "1", "--save-map", map.string()},
                    dir.path, nullptr, &err),
            0)
      << err;
  // The list as a window's earlier run left it (a scripted run keeps none).
  fs::create_directories(dir.path / "state" / "terrain-sandbox");
  write_text(dir.path / "state" / "terrain-sandbox" / "recent-maps.json",
             "{\"maps\": [\"" + map.string() + "\"]}\n");
  App app({"--seed", "5", "--paused"}, dir.path);
  const std::string window = window_after_layout(app, "menu/file");
  ASSERT_FALSE(window.empty());
  Menus menus(app, window);
  const std::size_t from = menus.mark();
  menus.pick("file", {"open_recent"}, "recent_0");
  EXPECT_NE(menus.line_after(from, "Opened the map " + map.string()), "") << app.err();
  EXPECT_EQ(app.quit(), 0);
}

}  // namespace
}  // namespace terrain::gui
