// What the panel shows besides the model: the app's UI state, held by its window-free core
// (app_core.h), changed by its commands and by the shell, and read (never written) by the panel
// (panel.h), whose own memory between frames is apart (panel/panel_state.h). No SDL, GL or
// ImGui.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/core/command.h"
#include "app/core/layout.h"
#include "app/core/side_view.h"
#include "app/panel/message_log.h"
#include "core/ground_fit.h"
#include "exports/svg.h"
#include "io/heightmap.h"
#include "session/cell_readout.h"
#include "session/history.h"

namespace terrain::app {

struct UiState {
  int scheme = 0;           // index into render::color_schemes()
  std::string save_folder;  // where Save PNG and the exports write
  // The heightmap typed in the panel or last chosen, and the map file's name typed to save as
  // (where there is no chooser): the chooser starts beside them (SetTyped).
  std::string heightmap_path;
  std::string map_name;
  std::string map_path;  // the map's own file: opened from or last saved to
  // How many times another history came in (a map file opened): the panel's History list is
  // made again.
  uint64_t histories_opened = 0;
  // The history's version and place when it was opened or saved (changed_since_saved).
  uint64_t map_saved_version = 0;
  session::HistoryPosition map_saved_at;
  // Brushes: the brush the panel shows, whether a drag over the map paints with it, and
  // whether a stroke is being painted now.
  BrushSettings brush;
  bool paint_mode = false;
  bool painting = false;
  double cell_pixels = 0;  // drawable pixels a map cell spans now (the brush's circle)
  // In the 3D view, the brush's circle on the ground: canvas points (x, y), brush_ring_points
  // of them (0: the pointer is off the ground).
  static constexpr int kBrushRingPoints = 48;
  std::array<float, 2 * kBrushRingPoints> brush_ring{};
  int brush_ring_points = 0;
  // In the 3D view, the cross-section's row on the ground: canvas points (x, y) a column, NaN
  // where a point is behind the eye (row_line_points of them; 0: none drawn).
  std::vector<float> row_line;
  int row_line_points = 0;
  double camera_yaw = 0;  // the 3D view's camera, for the View section and scripts
  double camera_pitch = 0;
  double camera_distance = 0;
  // Quitting asks what to do with the map's changes (draw_quit_question), and so does opening a
  // map file in their place (`open_asked`: its path, "" when not asking); why the question's
  // Save did not save, shown in it, or "".
  bool quit_asked = false;
  std::string open_asked;
  std::string quit_problem;
  // The offer of a map an earlier run left unsaved ("A map left unsaved at 10:32 ..."), or "".
  std::string recovery;
  // The maps opened and saved lately, newest first (recent_maps.h), and which have gone.
  std::vector<std::string> recent_maps;
  std::vector<bool> recent_missing;
  GroundFit ground_fit = GroundFit::crop;                        // how it is fitted to the grid
  io::HeightmapFormat export_format = io::HeightmapFormat::png;  // the heightmap exports' format
  int render_size[2] = {3840, 2160};                             // Render PNG's size, as typed
  io::RealUnits real_units;   // the heightmap and mesh exports' metres (none: 0, 0)
  exports::SvgPage svg_page;  // the SVG export's paper, style and pen width
  // Long work under way (a big rain, a far undo, a map file being opened): what it is doing,
  // how far it has come of how much (in drops' worth), and since when (seconds from the app's
  // start), for the status line's progress bar, its time left and its Cancel; none when idle.
  struct Work {
    std::string what;
    uint64_t done = 0;
    uint64_t total = 0;
    double since = 0;
    const char* unit = "drops";  // what done and total count ("lines" of a script)
  };
  std::optional<Work> work;
  // The script line being carried out ("walk.jsonl line 3"), put in front of what it is
  // refused for; and whether a refused line (or a cancel) stopped the script.
  std::string script_where;
  bool script_stopped = false;
  // A render under way (the app's): tiles done of all, then saving on its worker.
  int render_tiles_done = 0;
  int render_tiles = 0;
  bool render_saving = false;
  // The next time-lapse, and the one being recorded or written (the app's).
  SetRecording record;
  bool recording = false;       // taking frames
  bool record_writing = false;  // stopped: the worker encodes and writes
  double record_seconds = 0;
  int64_t record_frames = 0;  // taken so far
  int64_t record_encoded = 0;
  int64_t record_dropped = 0;
  MessageLog messages;              // saves, files opened, values refused (message_log.h)
  double now = 0;                   // the app's clock, in seconds, for the status line
  bool panel_visible = true;        // the side bar, as H and the Panel button leave it
  bool panel_opened_small = false;  // shown by the user in a window too narrow to show it
  float side_bar_share = kDefaultSideBarShare;  // of the window's width, as its splitter leaves it
  SideViewState side;                           // the strip under the map
  double zoom = 1;                              // the map camera's, for the View section
  double exaggeration = 1;  // the 3D view's relief, times OrbitCamera::kReliefCells a unit
  bool at_fit = true;
  bool fullscreen = false;             // the window's, for the button's label
  HelpWindow help = HelpWindow::none;  // the Help menu's window shown over the map
  bool exact_relief = true;            // the relief's colours are worked out in double precision
  bool cpu_painter = false;            // the CPU paints the map pass (the GL renders in software)
  bool idle = false;                   // the last frame waited for input (paused and still)
  double input_ms = 0;                 // the latest input's time to the frame that showed it
  bool can_choose_files = false;       // a desktop file chooser is there (file_chooser.h)
  bool choosing_file = false;          // ... and is open
  std::optional<session::CellPosition> hover;  // the map cell under the mouse
  float mouse[2] = {};                         // the pointer, in drawable pixels
};

// Whether the map has changed since its file was opened or saved: a step taken, or undone.
inline bool changed_since_saved(const UiState& ui, const session::History& history) {
  return history.version() != ui.map_saved_version || history.position() != ui.map_saved_at;
}

// Whether closing the window would lose something: a map of steps changed since it was saved
// (a seed's bare island, no step taken, comes back from its seed).
inline bool unsaved_changes(const UiState& ui, const session::History& history) {
  return !history.steps().empty() && changed_since_saved(ui, history);
}

}  // namespace terrain::app
