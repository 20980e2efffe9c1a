// The control panel (Dear ImGui): every control of the sketch with its range, step and
// default, the seed, the progress of the rain, the save folder, the frame times and the keys.
// It reads the model and says what the user asked for as commands (command.h); it changes
// nothing itself and draws nothing of the map.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/command.h"
#include "app/core/layout.h"
#include "app/core/side_view.h"
#include "app/core/ui_state.h"
#include "app/panel/control_rects.h"
#include "app/panel/message_log.h"
#include "app/panel/side_view_strip.h"
#include "app/shell/frame_stats.h"
#include "core/frame.h"
#include "render/geometry/color_scheme.h"
#include "session/cell_readout.h"
#include "session/live_model.h"

namespace terrain::app {

using session::LiveModel;
using session::Settings;

// Draws the panel for this frame as the side bar of `layout` (nothing when it is hidden),
// with the splitter at its right edge; what the user asked for is appended to `commands`.
// `pixels_per_point`: drawable pixels per ImGui point (1 without high-DPI).
void draw_panel(const LiveModel& model, UiState& ui, const FrameStats& stats, const Layout& layout,
                float pixels_per_point, std::vector<Command>& commands);

// The readout of the cell under the mouse (ui.hover), in a small window beside the pointer;
// nothing when the mouse is not over the map.
void draw_readout(const LiveModel& model, const UiState& ui, const Layout& layout,
                  float pixels_per_point);

// The side view strip of `layout` (nothing when it is hidden): its splitter along its top
// edge, then the strip (side_view_strip.h) with the map drawn in `map_frame` (drawable
// pixels); and the cross-section's row marked on the map.
void draw_side_view(const LiveModel& model, UiState& ui, const Layout& layout,
                    float pixels_per_point, const Frame& map_frame, SideViewCache& cache,
                    std::vector<Command>& commands);

// The rain's timeline in layout.timeline: a scrubber over the drops of the map's life since its
// last new start, the steps taken along it marked; dragging it asks for session::Seek.
void draw_timeline(const LiveModel& model, UiState& ui, const Layout& layout,
                   float pixels_per_point, std::vector<Command>& commands);

// The status line: the latest message (ui.messages) along the map's bottom edge while it is
// recent, errors in the error colour; nothing otherwise.
void draw_status(const UiState& ui, const Layout& layout, float pixels_per_point);

// Long work under way (ui.work: a big rain, a far undo, a map file being opened): what it is
// doing, a progress bar with the time left, and Cancel (CancelWork, as Esc), over the map's
// bottom edge above the status line.
void draw_work(UiState& ui, const Layout& layout, float pixels_per_point,
               std::vector<Command>& commands);

// In paint mode, over the map: the brush as the pointer (its circle at its radius, in map
// cells, and a cross), the system pointer hidden.
// `surface`: the 3D view, where the circle lies on the ground (UiState::brush_ring).
void draw_brush_cursor(const UiState& ui, const Layout& layout, float pixels_per_point,
                       bool surface);

// The question quitting asks while ui.quit_asked (a map with changes not saved): Save, Don't
// save, Cancel, as AnswerQuit; a modal window in the middle of the display, with a field for
// the map file's name when the map has none. The same question, as AnswerOpen, while
// ui.open_asked (a map file to open in the map's place).
void draw_quit_question(UiState& ui, std::vector<Command>& commands);

// The keys (from the key table, keys.h) and the mouse, as two lists of two columns wrapped to
// the window's width: the panel's Keys section and Help > Keys.
void draw_keys_help();

// Puts the model's seed into the seed field (when it is not being edited).
void show_seed(UiState& ui, uint32_t seed);

}  // namespace terrain::app
