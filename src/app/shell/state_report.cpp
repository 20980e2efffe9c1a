// The app's state for scripted tests (see state_report.h).
#include "app/shell/state_report.h"

#include <cmath>
#include <cstdio>

#include "core/ground.h"
#include "core/map_view.h"
#include "core/number_text.h"
#include "render/geometry/color_scheme.h"

namespace terrain::app {
namespace {

// The shortest text that reads back as the same double ("0.3", not "0.29999999999999999").
std::string number(double v) {
  return number_text(v);
}

std::string yes(bool on) {
  return on ? "1" : "0";
}

}  // namespace

namespace {

// The map: whether it rains, its seed, history and settings.
void add_map_state(StateValues& v, const session::LiveModel& model, const UiState& ui,
                   const ShellState& shell) {
  const session::Settings& s = model.settings();
  v.emplace_back("playing", yes(model.playing()));
  v.emplace_back("seed", std::to_string(model.seed()));
  // The history: steps done of all (and "inside" when the timeline stopped inside one), and the
  // timeline's drops now of its total while the rain is still (it moves every tick otherwise).
  const session::History& history = model.history();
  v.emplace_back("history", std::to_string(history.steps_done(history.position())) + " of " +
                                std::to_string(history.steps().size()) +
                                (history.inside_step(history.position()) ? " inside" : ""));
  const session::Timeline& timeline = history.timeline();
  v.emplace_back("timeline", model.playing() ? std::string("raining")
                                             : std::to_string(timeline.now) + " of " +
                                                   std::to_string(timeline.total));
  v.emplace_back("ground_version", std::to_string(model.ground_version()));
  // Long work under way (what it does, not how far: that moves all the time), or none.
  v.emplace_back("work", shell.work ? shell.work->what : std::string("none"));
  v.emplace_back("drops_per_frame", std::to_string(s.drops_per_frame));
  v.emplace_back("erosion", number(s.erosion));
  v.emplace_back("deposition", number(s.deposition));
  v.emplace_back("inertia", number(s.inertia));
  v.emplace_back("brush_radius", std::to_string(s.brush_radius));
  v.emplace_back("sea_level", number(s.sea_level));
  v.emplace_back("generator", std::string(generator_name(s.generator)));
  v.emplace_back("terrain_scale", number(s.terrain_scale));
  v.emplace_back("roughness", number(s.roughness));
  v.emplace_back("ground_fit", std::string(ground_fit_name(ui.ground_fit)));
  v.emplace_back("show_rivers", yes(s.show_rivers));
  v.emplace_back("rivers_by", std::string(rivers_by_name(s.rivers_by)));
  v.emplace_back("min_flow", std::to_string(s.min_flow));
  v.emplace_back("routing", std::string(routing_name(s.routing)));
  v.emplace_back("scheme", render::color_schemes()[static_cast<std::size_t>(ui.scheme)].key);
  v.emplace_back("contour_levels", std::to_string(s.contour_levels));
  v.emplace_back("view", std::string(map_view_name(s.view)));
  v.emplace_back("show_lakes", yes(s.show_lakes));
  v.emplace_back("debug_mode", yes(s.debug_mode));
  v.emplace_back("show_original", yes(s.show_original));
}

// How it is looked at: the cameras, the relief, the strip under the map.
void add_view_state(StateValues& v, const UiState& ui) {
  const SideViewState& side = ui.side;
  v.emplace_back("zoom", number(ui.zoom));
  // The 3D view's camera (yaw and pitch in degrees, distance in cells, each to a hundredth)
  // and relief.
  const auto hundredths = [](double d) { return number(std::round(d * 100) / 100); };
  v.emplace_back("camera", hundredths(ui.camera_yaw) + "," + hundredths(ui.camera_pitch) + "," +
                               hundredths(ui.camera_distance));
  v.emplace_back("exaggeration", number(ui.exaggeration));
  v.emplace_back("side_view_shown", yes(side.shown));
  v.emplace_back("side_view", std::string(side_view_name(side.view)));
  v.emplace_back("row", side.row ? std::to_string(*side.row) : "middle");
  v.emplace_back("skyline_seed", std::to_string(side.skyline_seed));
  v.emplace_back("walk", number(side.walk.height_max) + " " + number(side.walk.step_max) + " " +
                             number(side.walk.step_change));
  v.emplace_back("sections", number(side.sections.height) + " " + number(side.sections.shift) +
                                 " " + std::to_string(side.sections.sections) + " " +
                                 std::to_string(side.sections.sub) + " " +
                                 std::to_string(side.sections.smooth_steps));
}

// Saves, exports, recording, brushes, and the window.
void add_output_state(StateValues& v, const UiState& ui, const ShellState& shell, bool side_bar) {
  v.emplace_back("save_folder", shell.save_folder);
  v.emplace_back("export_format", std::string(io::heightmap_format_name(ui.export_format)));
  v.emplace_back("export_preset", ui.export_preset
                                      ? std::string(exports::engine_preset_name(*ui.export_preset))
                                      : std::string("none"));
  v.emplace_back("render_size",
                 std::to_string(ui.render_size[0]) + "x" + std::to_string(ui.render_size[1]));
  v.emplace_back("record", std::string(ui.record.mp4 ? "mp4" : "gif") + " every " +
                               std::to_string(ui.record.every) + " " +
                               std::to_string(ui.record.width) + "x" +
                               std::to_string(ui.record.height) + " " +
                               std::to_string(ui.record.fps) + " fps");
  v.emplace_back("real_units",
                 number(ui.real_units.cell_size) + " " + number(ui.real_units.height_scale));
  v.emplace_back(
      "svg_page",
      (ui.svg_page.paper
           ? number(ui.svg_page.paper->width_mm) + "x" + number(ui.svg_page.paper->height_mm) + "mm"
           : std::string("screen")) +
          " " + std::string(exports::svg_style_name(ui.svg_page.style)) +
          (ui.svg_page.pen_mm > 0 ? " pen " + number(ui.svg_page.pen_mm) + "mm" : std::string()));
  // Recording: the frames taken so far (a test waits for a few rather than for a time).
  v.emplace_back("recording", shell.recording
                                  ? "1 " + std::to_string(shell.record_frames) + " frames"
                                  : std::string("0"));
  v.emplace_back("paint_mode", yes(ui.paint_mode));
  v.emplace_back("brush", std::string(brush_tool_name(ui.brush.tool)) + " " +
                              number(ui.brush.radius) + " " + number(ui.brush.strength) + " " +
                              std::string(brush_falloff_name(ui.brush.falloff)));
  // The status line over the map: what it shows now, errors marked.
  const Message* status = shell.messages.current(shell.now);
  v.emplace_back("status", status == nullptr ? std::string("none")
                                             : (status->failed ? "error: " : "") + status->text);
  v.emplace_back("side_bar", yes(side_bar));
  v.emplace_back("help", ui.help == HelpWindow::keys    ? "keys"
                         : ui.help == HelpWindow::about ? "about"
                                                        : "none");
  v.emplace_back("fullscreen", yes(shell.fullscreen));
}

}  // namespace

StateValues state_values(const session::LiveModel& model, const UiState& ui,
                         const ShellState& shell, bool side_bar) {
  StateValues v;
  v.reserve(48);
  add_map_state(v, model, ui, shell);
  add_view_state(v, ui);
  add_output_state(v, ui, shell, side_bar);
  return v;
}

StateValues state_changes(StateValues& before, const StateValues& now) {
  StateValues changed;
  for (const auto& [key, value] : now) {
    bool same = false;
    for (const auto& [k, v] : before) {
      if (k == key) {
        same = v == value;
        break;
      }
    }
    if (!same) changed.emplace_back(key, value);
  }
  before = now;
  return changed;
}

}  // namespace terrain::app
