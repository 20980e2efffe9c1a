// The control panel (Dear ImGui): every control of the sketch with its range, step and
// default, the seed, the progress of the rain, the save folder, the frame times and the keys;
// and what is drawn over the map (the readout, the status line, long work's progress, the
// brush, the timeline, the side view strip, the unsaved question).
// It reads the model and the core's UI state, and says what the user asked for as commands
// (command.h): it changes neither itself, and draws nothing of the map. What it remembers
// between frames is its own (panel_state.h), handed to it with everything else it draws with
// in a PanelFrame the shell makes each frame: nothing of it is global.
//
//   panel.cpp           the side bar: its sections, top to bottom
//   panel_overlays.cpp  over the map: readout, status, work, brush, timeline, strip, question
//   panel_widgets.cpp   the controls every part draws with (noted for the tests), the splitters
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/command.h"
#include "app/core/layout.h"
#include "app/core/side_view.h"
#include "app/core/ui_state.h"
#include "app/panel/control_rects.h"
#include "app/panel/message_log.h"
#include "app/panel/panel_state.h"
#include "app/panel/side_view_strip.h"
#include "app/shell/frame_stats.h"
#include "app/shell/shell_state.h"
#include "core/frame.h"
#include "render/geometry/color_scheme.h"
#include "session/cell_readout.h"
#include "session/live_model.h"

namespace terrain::app {

using session::LiveModel;
using session::Settings;

// What one frame of the panel draws with, made by the shell for the frame: the model and the
// core's UI state to read, the panel's own state, the layout, drawable pixels per ImGui point
// (1 without high-DPI), where the commands asked for go, and where the controls drawn are noted
// for the GUI tests (control_rects.h; null: nowhere).
struct PanelFrame {
  PanelFrame(const LiveModel& the_model, const UiState& the_ui, const ShellState& the_shell,
             PanelState& the_panel, const Layout& the_layout, float pixels_per_point,
             std::vector<Command>& asked)
      : model(the_model),
        ui(the_ui),
        shell(the_shell),
        panel(the_panel),
        layout(the_layout),
        ppp(pixels_per_point),
        commands(asked),
        controls(the_panel.note_controls ? &the_panel.controls : nullptr) {}

  const LiveModel& model;
  const UiState& ui;        // the core's
  const ShellState& shell;  // the shell's: its messages, files' work, the window
  PanelState& panel;
  const Layout& layout;
  float ppp;
  std::vector<Command>& commands;
  ControlRects* controls;

  void ask(Command command) const { commands.push_back(std::move(command)); }
};

// Draws the panel for this frame as the side bar of the layout (nothing when it is hidden, but
// the button that shows it), with the splitter at its right edge.
void draw_panel(const PanelFrame& f, const FrameStats& stats);

// The readout of the cell under the mouse (shell.hover), in a small window beside the pointer;
// nothing when the mouse is not over the map.
void draw_readout(const LiveModel& model, const ShellState& shell, const Layout& layout,
                  float pixels_per_point);

// The side view strip of the layout (nothing when it is hidden): its splitter along its top
// edge, then the strip (side_view_strip.h) with the map drawn in `map_frame` (drawable
// pixels); and the cross-section's row marked on the map.
void draw_side_view(const PanelFrame& f, const Frame& map_frame, SideViewCache& cache);

// The rain's timeline in layout.timeline: a scrubber over the drops of the map's life since its
// last new start, the steps taken along it marked; dragging it asks for session::Seek.
void draw_timeline(const PanelFrame& f);

// The status line: the latest message (shell.messages) along the map's bottom edge while it is
// recent, errors in the error colour; nothing otherwise.
void draw_status(const ShellState& shell, const Layout& layout, float pixels_per_point);

// Long work under way (shell.work: a big rain, a far undo, a map file being opened): what it is
// doing, a progress bar with the time left, and Cancel (CancelWork, as Esc), over the map's
// bottom edge above the status line.
void draw_work(const PanelFrame& f);

// In paint mode, over the map: the brush as the pointer (its circle at its radius, in map
// cells, and a cross), the system pointer hidden.
// `surface`: the 3D view, where the circle lies on the ground (UiState::brush_ring).
void draw_brush_cursor(const UiState& ui, const ShellState& shell, const Layout& layout,
                       float pixels_per_point, bool surface);

// The question quitting asks while shell.quit_asked (a map with changes not saved): Save, Don't
// save, Cancel, as AnswerQuit; a modal window in the middle of the display, with a field for
// the map file's name when the map has none. The same question, as AnswerOpen, while
// shell.open_asked (a map file to open in the map's place).
void draw_quit_question(const PanelFrame& f);

// The keys (from the key table, keys.h) and the mouse, as two lists of two columns wrapped to
// the window's width: the panel's Keys section and Help > Keys. The keys' list is noted as
// "key_help" in `controls` unless it is null.
void draw_keys_help(ControlRects* controls);

// Esc with a drop-down open: it closes in the next frame. False when none is open (Esc is then
// the key table's).
bool close_drop_down(PanelState& panel);

}  // namespace terrain::app
