// The whole panel through the real window: every drop-down opens and picking an item takes
// effect, every button, checkbox, radio button and slider does what it says, and the app's
// own "state KEY VALUE" lines (TERRAIN_SANDBOX_LAYOUT=1) say so. A control whose ID clashes
// with another's (Dear ImGui takes the label as the ID) or that does nothing fails here.
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

// The panel's driver: finds a control by the name the app reports it under, scrolls the side
// bar until it is in the window, clicks it, and waits for the state line that says it took
// effect.
class Panel {
 public:
  Panel(App& app, std::string window) : app_(app), window_(std::move(window)) {}

  // The control's rectangle, scrolled into the window (the side bar scrolls with the wheel);
  // all 0 when it is not drawn.
  std::vector<int> in_view(const std::string& name) {
    const auto start = std::chrono::steady_clock::now();
    const auto until = start + seconds(60);
    while (std::chrono::steady_clock::now() < until) {
      const std::vector<int> r = latest_rect(app_, name);
      if (r[2] > 0 && r[1] >= 0 && r[1] + r[3] <= 715) return r;
      // A name never reported is no control of the panel's (a folded section's are reported
      // once they were drawn).
      if (std::chrono::steady_clock::now() > start + seconds(5) &&
          lines_starting(app_.out(), "layout " + name + " ").empty()) {
        break;
      }
      if (r[2] > 0) {
        move_to(window_, 150, 360);
        wheel(r[1] < 0);  // up or down; answered: the side bar's new places are printed
      } else {
        std::this_thread::sleep_for(milliseconds(20));  // not drawn yet
      }
    }
    return latest_rect(app_, name);
  }

  // Clicks the control at `along` of its width (0.5: its middle).
  void click(const std::string& name, double along = 0.5) {
    const auto start = std::chrono::steady_clock::now();
    const std::vector<int> r = in_view(name);
    const double took =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (took > 2) std::printf("(%s took %.1f s to scroll into view)\n", name.c_str(), took);
    ASSERT_GT(r[2], 0) << name << " is not drawn";
    click_at(window_, r[0] + static_cast<int>(r[2] * along), r[1] + r[3] / 2);
  }

  // Where the output stands: state lines after this mark are new.
  std::size_t mark() { return app_.out().size(); }

  // The value of the first "state KEY ..." line after `from`, waiting up to 30 s; "" if none.
  std::string state_after(std::size_t from, const std::string& key) {
    const std::string prefix = "state " + key + " ";
    const auto until = std::chrono::steady_clock::now() + seconds(30);
    while (std::chrono::steady_clock::now() < until) {
      const std::string out = app_.out();
      if (out.size() > from) {
        std::istringstream lines(out.substr(from));
        for (std::string line; std::getline(lines, line);) {
          if (line.rfind(prefix, 0) == 0) return line.substr(prefix.size());
        }
      }
      std::this_thread::sleep_for(milliseconds(50));
    }
    return "";
  }

  // Clicks `name` and expects a new value of `key`: `expected`, or any when it is empty.
  void expect(const std::string& name, const std::string& key, const std::string& expected = "",
              double along = 0.5) {
    SCOPED_TRACE(name + " -> " + key);
    const std::size_t from = mark();
    click(name, along);
    const std::string value = state_after(from, key);
    EXPECT_NE(value, "") << "clicking " << name << " did not change " << key << "\n" << app_.err();
    if (!expected.empty() && !value.empty()) {
      EXPECT_EQ(value, expected);
    }
  }

  // Opens the drop-down `combo`, then picks `item` of it: `key` becomes `expected`.
  void pick(const std::string& combo, const std::string& item, const std::string& key,
            const std::string& expected) {
    SCOPED_TRACE(combo + "/" + item);
    click(combo);
    const std::string name = combo + "/" + item;
    // The list opens in the frame after the click.
    const auto until = std::chrono::steady_clock::now() + seconds(20);
    while (latest_rect(app_, name)[2] == 0 && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(milliseconds(50));
    }
    ASSERT_GT(latest_rect(app_, name)[2], 0) << "the drop-down " << combo << " did not open";
    // (The list's first frame is drawn at another place than the frames after it.)
    settled_rect(app_, name);
    expect(name, key, expected);
    // The list gone: the frame drawn with the new value has reported where the controls are
    // now (picking the map's view or the strip's moves the controls under it).
    const auto gone = std::chrono::steady_clock::now() + seconds(20);
    while (latest_rect(app_, name)[2] > 0 && std::chrono::steady_clock::now() < gone) {
      std::this_thread::sleep_for(milliseconds(50));
    }
  }

  // Clicks the field `name` (at `along` of its width), selects what it holds, types `text` and
  // Return: `key` becomes `expected`.
  void type(const std::string& name, const std::string& text, const std::string& key,
            const std::string& expected, double along = 0.5) {
    SCOPED_TRACE(name + " <- " + text);
    const std::size_t from = mark();
    click(name, along);
    press("ctrl+a");
    type_text(text);
    press("Return");
    if (key.empty()) return;  // nothing changes yet
    if (expected.empty()) {
      EXPECT_NE(state_after(from, key), "") << "typing into " << name << " did not change " << key;
      return;
    }
    // A field may take each key as it is typed: the value it ends with.
    const std::string line = line_after(from, "state " + key + " " + expected + "\n", seconds(30));
    EXPECT_NE(line, "") << "typing into " << name << " did not make " << key << " " << expected;
  }

  // The lines after `from` that start with... (see line_after).
  static bool ends_line(const std::string& prefix) {
    return !prefix.empty() && prefix.back() == '\n';
  }

  // A line the app prints after `from` that starts with `prefix`, waiting up to `wait`.
  std::string line_after(std::size_t from, const std::string& prefix, seconds wait = seconds(60)) {
    const auto until = std::chrono::steady_clock::now() + wait;
    while (std::chrono::steady_clock::now() < until) {
      const std::string out = app_.out();
      if (out.size() > from) {
        std::istringstream lines(out.substr(from));
        for (std::string line; std::getline(lines, line);) {
          // A prefix ending in a newline is a whole line.
          if (ends_line(prefix) ? line + "\n" == prefix : line.rfind(prefix, 0) == 0) return line;
        }
      }
      std::this_thread::sleep_for(milliseconds(50));
    }
    return "";
  }

 private:
  App& app_;
  std::string window_;
};

TEST(PanelGui, EveryControlOfThePanelTakesEffectThroughTheRealWindow) {
  TempDir dir;
  const std::filesystem::path saves = dir.path / "saves";
  std::filesystem::create_directories(saves);
  App app({"--seed", "5", "--paused", "--drops-per-frame", "2000", "--save-folder", saves.string()},
          dir.path);
  const std::string window = window_after_layout(app, "play");
  ASSERT_FALSE(window.empty());
  Panel panel(app, window);

  // 1. The actions.
  panel.expect("play", "playing", "1");
  panel.expect("play", "playing", "0");
  panel.expect("restart", "ground_version");
  panel.expect("new_seed", "seed");
  // Undo and Redo: the new seed goes and comes back (the History list and the timeline are
  // clicked in history_gui_test).
  panel.expect("undo", "history");
  panel.expect("redo", "history");
  // (No window manager here: the window keeps its size, and so does the layout.)
  panel.expect("fullscreen", "fullscreen", "1");
  panel.expect("fullscreen", "fullscreen", "0");
  std::size_t from = panel.mark();
  panel.click("save");
  EXPECT_NE(panel.line_after(from, "Saved " + saves.string()), "") << app.err();
  from = panel.mark();
  panel.click("finish_the_rain_now");
  EXPECT_NE(panel.line_after(from, "rain stopped at "), "") << app.err();

  // 2. Rain: each slider clicked near its far end.
  for (const char* slider :
       {"drops_per_frame", "erosion", "deposition", "inertia", "brush_radius", "sea_level"}) {
    panel.expect(slider, slider, "", 0.9);
  }

  // 3. Ground: the generator's drop-down, each generator's own slider, the fit.
  panel.pick("generator", "diamond_square", "generator", "diamond-square");
  panel.expect("roughness", "roughness", "", 0.9);
  panel.pick("generator", "noise_island", "generator", "island");
  panel.expect("terrain_scale", "terrain_scale", "", 0.9);
  panel.expect("fit/stretch", "ground_fit", "stretch");
  panel.expect("fit/crop", "ground_fit", "crop");

  // 4. Rivers (folded at first).
  panel.click("section/rivers");
  panel.expect("show_rivers", "show_rivers", "0");
  panel.expect("show_rivers", "show_rivers", "1");
  panel.expect("rivers_by/strahler_order", "rivers_by", "order");
  panel.expect("rivers_by/flow", "rivers_by", "flow");
  panel.expect("min_flow", "min_flow", "", 0.9);
  panel.pick("routing", "flood_s", "routing", "flood");
  panel.pick("routing", "sketch_s", "routing", "sketch");

  // 5. View.
  panel.pick("colour_scheme", "topographic", "scheme", "topographic");
  panel.pick("colour_scheme", "site_dark", "scheme", "site_dark");
  panel.expect("contour_levels", "contour_levels", "", 0.9);
  panel.pick("map_shows", "basins", "view", "basins");
  panel.pick("map_shows", "flow", "view", "flow");
  panel.pick("map_shows", "map", "view", "map");
  panel.expect("show_lakes", "show_lakes", "1");
  panel.expect("debug_mode", "debug_mode", "1");
  panel.expect("show_original_terrain", "show_original", "1");
  panel.expect("show_original_terrain", "show_original", "0");
  panel.expect("zoom", "zoom", "", 0.9);
  panel.expect("fit_map", "zoom", "1");
  // The 3D view's own: its relief, the camera's turn and tilt, framing the island.
  panel.pick("map_shows", "3d", "view", "3d");
  panel.expect("relief_height", "exaggeration", "", 0.9);
  panel.expect("camera_turn", "camera", "", 0.8);
  panel.expect("camera_tilt", "camera", "", 0.9);
  panel.expect("frame_island", "camera");
  panel.pick("map_shows", "map", "view", "map");

  // 6. Side view: the strip, its three views and each one's controls.
  panel.expect("show_the_strip_b", "side_view_shown", "0");
  panel.expect("show_the_strip_b", "side_view_shown", "1");
  panel.pick("strip_shows", "skyline_random_walk", "side_view", "walk");
  panel.expect("skyline_seed_plus_1", "skyline_seed", "2");
  panel.type("skyline_seed", "77", "skyline_seed", "77");
  for (const char* slider : {"height_max", "step_max", "step_change"}) {
    panel.expect(slider, "walk", "", 0.9);
  }
  panel.pick("strip_shows", "skyline_sections", "side_view", "sections");
  for (const char* slider : {"height", "shift", "sections", "sub_points", "smooth_steps"}) {
    panel.expect(slider, "sections", "", 0.1);
  }
  panel.pick("strip_shows", "cross_section", "side_view", "cross-section");
  panel.expect("row", "row", "", 0.9);

  // 6b. Brush: the mode, the tool, its radius and strength, the falloff (painting itself is
  // brush_gui_test's); paint mode off again, so later clicks on the map pan.
  panel.expect("paint_with_the_brush_p", "paint_mode", "1");
  panel.pick("tool", "flatten", "brush", "flatten 6 0.5 smooth");
  panel.expect("radius", "brush", "", 0.9);
  panel.expect("strength", "brush", "", 0.1);
  panel.pick("falloff", "hard", "brush", "");
  panel.expect("paint_with_the_brush_p", "paint_mode", "0");

  // 7. Output: the formats, the exports, the render size, the time-lapse's settings.
  panel.pick("heights_as", "exr_float", "export_format", "exr");
  panel.pick("heights_as", "16_bit_png", "export_format", "png");
  for (const char* button : {"export_heights", "export_original", "export_layers", "export_grids",
                             "export_svg", "export_glb", "export_obj"}) {
    SCOPED_TRACE(button);
    from = panel.mark();
    panel.click(button);
    EXPECT_NE(panel.line_after(from, "Saved " + saves.string()), "") << app.err();
  }
  // For a program: Unity takes R16 only, so the format follows; the export is a new folder of
  // the 513-square file and its sidecar; a format Unity does not take sets it back to none.
  from = panel.mark();
  panel.pick("heights_for", "unity", "export_preset", "unity");
  EXPECT_NE(panel.line_after(from, "state export_format r16\n"), "");
  from = panel.mark();
  panel.click("export_heights");
  const std::string unity_line = panel.line_after(from, "Saved " + saves.string());
  EXPECT_NE(unity_line.find("(513 x 513, for unity)"), std::string::npos) << unity_line;
  bool sidecar_found = false;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(saves)) {
    if (entry.path().filename() != "heights.r16.json") continue;
    sidecar_found = true;
    EXPECT_EQ(std::filesystem::file_size(entry.path().parent_path() / "heights.r16"),
              513u * 513u * 2u);
  }
  EXPECT_TRUE(sidecar_found);
  from = panel.mark();
  panel.pick("heights_as", "exr_float", "export_format", "exr");
  EXPECT_NE(panel.line_after(from, "state export_preset none\n"), "");
  panel.pick("heights_for", "gis_geotiff", "export_preset", "gis");
  panel.pick("heights_for", "any_program", "export_preset", "none");
  panel.pick("heights_as", "16_bit_png", "export_format", "png");
  panel.type("cell_size_m", "30", "", "");
  panel.type("height_scale_m", "1200", "real_units", "30 1200");
  panel.pick("svg_paper", "a4_landscape", "svg_page", "297x210mm map");
  panel.pick("svg_style", "plot_dark_pens", "svg_page", "297x210mm plot");
  panel.type("svg_pen_mm", "0.3", "svg_page", "297x210mm plot pen 0.3mm");
  panel.expect("hd", "render_size", "1920x1080");
  panel.type("render_size", "1000", "render_size", "1000x1080", 0.2);
  panel.expect("8k", "render_size", "7680x4320");
  panel.expect("4k", "render_size", "3840x2160");
  panel.expect("clip/mp4_h.264", "record", "mp4 every 10 640x360 25 fps");
  panel.expect("clip/gif", "record", "gif every 10 640x360 25 fps");
  panel.expect("every", "record", "", 0.9);
  panel.expect("clip_fps", "record", "", 0.1);
  panel.type("clip_size", "320", "record", "", 0.2);
  const std::filesystem::path elsewhere = dir.path / "elsewhere";
  panel.type("folder", elsewhere.string(), "save_folder", elsewhere.string());
  panel.click("messages");

  // 8. The folded sections open: what they hold is drawn.
  for (const auto& [section, inside] :
       {std::pair{"section/frame_times", "frame_cpu_ms"}, std::pair{"section/keys", "key_help"}}) {
    EXPECT_EQ(latest_rect(app, inside)[2], 0) << section << " is open at first";
    panel.click(section);
    const auto until = std::chrono::steady_clock::now() + seconds(20);
    while (latest_rect(app, inside)[2] == 0 && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(milliseconds(50));
    }
    EXPECT_GT(latest_rect(app, inside)[2], 0) << section << " did not open";
  }
  EXPECT_EQ(app.quit(), 0) << app.err();
}

// Waits until the control `name` is drawn (`drawn`) or gone (reported 0 0 0 0); whether it
// came to that within 20 s.
bool wait_drawn(App& app, const std::string& name, bool drawn) {
  const auto until = std::chrono::steady_clock::now() + seconds(20);
  while (std::chrono::steady_clock::now() < until) {
    if ((latest_rect(app, name)[2] > 0) == drawn) return true;
    std::this_thread::sleep_for(milliseconds(50));
  }
  return false;
}

// Esc closes an open drop-down, and does nothing else then (fullscreen stays; the next Esc
// leaves it). With one drop-down open, one click on another opens that one (Dear ImGui 1.86
// alone only closes the first), and picking in it works.
TEST(PanelGui, EscClosesAnOpenDropDownAndAClickOnAnotherOpensThatOne) {
  TempDir dir;
  App app({"--seed", "5", "--paused"}, dir.path);
  const std::string window = window_after_layout(app, "play");
  ASSERT_FALSE(window.empty());
  Panel panel(app, window);

  panel.expect("fullscreen", "fullscreen", "1");
  panel.click("generator");
  ASSERT_TRUE(wait_drawn(app, "generator/diamond_square", true)) << "the drop-down did not open";
  std::size_t from = panel.mark();
  press("Escape");
  EXPECT_TRUE(wait_drawn(app, "generator/diamond_square", false)) << "Esc left it open";
  EXPECT_EQ(app.out().find("state fullscreen", from), std::string::npos)
      << "Esc did more than close the drop-down";
  from = panel.mark();
  press("Escape");
  EXPECT_EQ(panel.state_after(from, "fullscreen"), "0");

  // Generator open, then one click on Colour scheme's frame.
  panel.click("generator");
  ASSERT_TRUE(wait_drawn(app, "generator/diamond_square", true)) << "the drop-down did not open";
  panel.click("colour_scheme");
  EXPECT_TRUE(wait_drawn(app, "colour_scheme/topographic", true))
      << "the click on a second drop-down did not open it";
  EXPECT_TRUE(wait_drawn(app, "generator/diamond_square", false));
  settled_rect(app, "colour_scheme/topographic");  // (a list's first frame is drawn elsewhere)
  panel.expect("colour_scheme/topographic", "scheme", "topographic");
  EXPECT_TRUE(wait_drawn(app, "colour_scheme/topographic", false));
  EXPECT_EQ(app.quit(), 0) << app.err();
}

// H hides the side bar; the Panel button over the map brings it back.
TEST(PanelGui, ThePanelButtonOverTheMapBringsTheHiddenPanelBack) {
  TempDir dir;
  App app({"--seed", "5", "--paused"}, dir.path);
  const std::string window = window_after_layout(app, "play");
  ASSERT_FALSE(window.empty());
  Panel panel(app, window);
  std::size_t from = panel.mark();
  move_to(window, 900, 300);
  press("h");
  EXPECT_EQ(panel.state_after(from, "side_bar"), "0");
  panel.expect("panel", "side_bar", "1");
  EXPECT_EQ(app.quit(), 0) << app.err();
}

}  // namespace
}  // namespace terrain::gui
