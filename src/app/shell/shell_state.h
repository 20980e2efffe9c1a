// What the panel shows of the shell: its messages, the window, the file jobs' work (a render, a
// time-lapse, the recent maps, the unsaved-changes questions) and long work's progress. Written
// only by the shell (app.h, files/file_jobs.h), read by the panel and the reporter; the core's
// own state is UiState (core/ui_state.h). No SDL, GL or ImGui.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/core/layout.h"
#include "app/core/side_view.h"
#include "app/panel/message_log.h"
#include "session/cell_readout.h"

namespace terrain::app {

struct ShellState {
  std::string save_folder;  // where Save PNG and the exports write
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
  // A render under way: tiles done of all, then saving on its worker.
  int render_tiles_done = 0;
  int render_tiles = 0;
  bool render_saving = false;
  // The time-lapse being recorded or written.
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
  float strip_share = kDefaultStripShare;       // of the window's height, likewise
  bool fullscreen = false;                      // the window's, for the button's label
  bool exact_relief = true;       // the relief's colours are worked out in double precision
  bool cpu_painter = false;       // the CPU paints the map pass (the GL renders in software)
  bool idle = false;              // the last frame waited for input (paused and still)
  double input_ms = 0;            // the latest input's time to the frame that showed it
  bool can_choose_files = false;  // a desktop file chooser is there (file_chooser.h)
  bool choosing_file = false;     // ... and is open
  std::optional<session::CellPosition> hover;  // the map cell under the mouse
  float mouse[2] = {};                         // the pointer, in drawable pixels
};

}  // namespace terrain::app
