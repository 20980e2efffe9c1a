// The control panel (Dear ImGui): every control of the sketch with its range, step and
// default, the seed, the progress of the rain, the save folder, the frame times and the keys.
// It edits settings and asks the model to act; it draws nothing of the map.
#pragma once

#include <string>

#include "app/frame_stats.h"
#include "render/geometry/color_scheme.h"
#include "session/live_model.h"

namespace terrain::app {

using session::LiveModel;
using session::Settings;

// What the panel shows besides the model, and what it remembers between frames.
struct UiState {
  int scheme = 0;               // index into render::color_schemes()
  char seed_text[32] = {};      // the seed field while it is edited
  std::string seed_message;     // beside the seed field when what was typed is not a seed
  char folder_text[1024] = {};  // where Save PNG writes
  std::string save_message;     // the last save: where it went, or why it failed
  bool save_failed = false;
  bool panel_visible = true;
  bool fullscreen = false;
  bool exact_relief = true;  // the GPU computes the relief in double precision
  // Where some controls were last drawn (x, y, w, h in window pixels), for scripted tests
  // that click them (TERRAIN_SANDBOX_LAYOUT=1 prints them).
  float seed_rect[4] = {};
  float save_rect[4] = {};
  float folder_rect[4] = {};
};

// What the panel asks the app to do this frame (things the model does not own).
struct PanelActions {
  bool save = false;
  bool toggle_fullscreen = false;
  bool new_seed = false;
};

// Draws the panel for this frame; controls act on `model` straight away.
PanelActions draw_panel(LiveModel& model, UiState& ui, const FrameStats& stats);

// Puts the model's seed into the seed field (when it is not being edited).
void show_seed(UiState& ui, uint32_t seed);

}  // namespace terrain::app
