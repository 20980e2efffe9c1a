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
#include "exports/engine_preset.h"
#include "exports/svg.h"
#include "io/heightmap.h"
#include "session/cell_readout.h"
#include "session/history.h"

namespace terrain::app {

struct UiState {
  int scheme = 0;  // index into render::color_schemes()
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
  GroundFit ground_fit = GroundFit::crop;                        // how it is fitted to the grid
  io::HeightmapFormat export_format = io::HeightmapFormat::png;  // the heightmap exports' format
  std::optional<exports::EnginePreset> export_preset;  // ... and the program they are made for
  int render_size[2] = {3840, 2160};                   // Render PNG's size, as typed
  io::RealUnits real_units;   // the heightmap and mesh exports' metres (none: 0, 0)
  exports::SvgPage svg_page;  // the SVG export's paper, style and pen width
  // The script line being carried out ("walk.jsonl line 3"), put in front of what it is
  // refused for; and whether a refused line (or a cancel) stopped the script.
  std::string script_where;
  bool script_stopped = false;
  SetRecording record;      // the next time-lapse
  SideViewState side;       // the strip under the map
  double zoom = 1;          // the map camera's, for the View section
  double exaggeration = 1;  // the 3D view's relief, times OrbitCamera::kReliefCells a unit
  bool at_fit = true;
  HelpWindow help = HelpWindow::none;  // the Help menu's window shown over the map
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
