// The control panel (Dear ImGui): every control of the sketch with its range, step and
// default, the seed, the progress of the rain, the save folder, the frame times and the keys.
// It reads the model and says what the user asked for as commands (command.h); it changes
// nothing itself and draws nothing of the map.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/command.h"
#include "app/frame_stats.h"
#include "app/layout.h"
#include "app/side_view.h"
#include "app/side_view_strip.h"
#include "core/frame.h"
#include "render/geometry/color_scheme.h"
#include "session/cell_readout.h"
#include "session/live_model.h"

namespace terrain::app {

using session::LiveModel;
using session::Settings;

// What the panel shows besides the model, and what it remembers between frames.
struct UiState {
  int scheme = 0;               // index into render::color_schemes()
  char seed_text[32] = {};      // the seed field while it is edited
  std::string seed_message;     // beside the seed field when what was typed is not a seed
  char folder_text[1024] = {};  // where Save PNG and the exports write
  char open_text[1024] = {};    // the heightmap to open, as typed in the Ground section
  GroundFit ground_fit = GroundFit::crop;                        // how it is fitted to the grid
  io::HeightmapFormat export_format = io::HeightmapFormat::png;  // the heightmap exports' format
  int render_size[2] = {3840, 2160};                             // Render PNG's size, as typed
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
  std::string message;  // the last save or opened file: where it went, or why not
  bool message_failed = false;
  bool panel_visible = true;      // the side bar
  float side_bar_width = 360;     // drawable pixels, as its splitter leaves it
  float side_bar_grabbed_at = 0;  // its width when its splitter was grabbed
  float strip_grabbed_at = 0;     // the strip's height likewise
  SideViewState side;             // the strip under the map
  double zoom = 1;                // the map camera's, for the View section
  bool at_fit = true;
  bool fullscreen = false;   // the window's, for the button's label
  bool exact_relief = true;  // the relief's colours are worked out in double precision
  bool cpu_painter = false;  // the CPU paints the map pass (the GL renders in software)
  std::optional<session::CellPosition> hover;  // the map cell under the mouse
  // Where some controls were last drawn (x, y, w, h in window pixels), for scripted tests
  // that click them (TERRAIN_SANDBOX_LAYOUT=1 prints them).
  float seed_rect[4] = {};
  float save_rect[4] = {};
  float folder_rect[4] = {};
  float open_text_rect[4] = {};
  float open_rect[4] = {};
  float export_heights_rect[4] = {};
  float export_original_rect[4] = {};
  float export_layers_rect[4] = {};
  float export_grids_rect[4] = {};
  float render_rect[4] = {};
  float export_svg_rect[4] = {};
  float export_glb_rect[4] = {};
  float export_obj_rect[4] = {};
  float record_rect[4] = {};
};

// Draws the panel for this frame as the side bar of `layout` (nothing when it is hidden),
// with the splitter at its right edge; what the user asked for is appended to `commands`.
// `pixels_per_point`: drawable pixels per ImGui point (1 without high-DPI).
void draw_panel(const LiveModel& model, UiState& ui, const FrameStats& stats, const Layout& layout,
                float pixels_per_point, std::vector<Command>& commands);

// The readout of the cell under the mouse (ui.hover), in a small window at the bottom right
// corner of the map's area; nothing when the mouse is not over the map.
void draw_readout(const LiveModel& model, const UiState& ui, const Layout& layout,
                  float pixels_per_point);

// The side view strip of `layout` (nothing when it is hidden): its splitter along its top
// edge, then the strip (side_view_strip.h) with the map drawn in `map_frame` (drawable
// pixels); and the cross-section's row marked on the map.
void draw_side_view(const LiveModel& model, UiState& ui, const Layout& layout,
                    float pixels_per_point, const Frame& map_frame, SideViewCache& cache,
                    std::vector<Command>& commands);

// Puts the model's seed into the seed field (when it is not being edited).
void show_seed(UiState& ui, uint32_t seed);

}  // namespace terrain::app
