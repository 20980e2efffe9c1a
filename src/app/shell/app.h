// The desktop program: a window with an OpenGL 3.3 core context, the live session, the map
// renderer and the Dear ImGui panel, and a loop whose every frame is four steps:
//
//   events  SDL's events (keys, a dropped file, the window) and the panel, as commands
//   update  the commands carried out, then the session's ticks (60 a second: rain, rivers)
//   draw    the map (again only when something it shows changed), the panel over it, the swap
//   pace    no faster than 60 frames a second where vsync does not hold it back; waiting for
//           events while paused and still
//
// Every action goes through one Command (command.h), carried out in dispatch(): the flags at
// start, the keys, the panel's buttons and sliders, files dropped on the window.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/core/app_core.h"
#include "app/core/app_options.h"
#include "app/core/command.h"
#include "app/core/layout.h"
#include "app/files/file_jobs.h"
#include "app/panel/panel.h"
#include "app/panel/side_view_strip.h"
#include "app/platform/sdl_input.h"
#include "app/platform/window.h"
#include "app/shell/frame_stats.h"
#include "app/shell/reporter.h"
#include "app/shell/shell_state.h"
#include "app/shell/state_report.h"
#include "io/snapshot_file.h"
#include "render/geometry/map_camera.h"
#include "render/gl/large_render.h"
#include "render/gl/map_renderer.h"
#include "session/cell_readout.h"
#include "session/live_model.h"

namespace terrain::app {

class App : private Shell, private FileJobs::Host {
 public:
  // Opens the window, sets up ImGui and the renderer, grows the map the flags ask for and
  // carries out their commands. Throws std::runtime_error saying what could not start.
  explicit App(const AppOptions& options);
  App(const App&) = delete;
  App& operator=(const App&) = delete;
  ~App();

  // Runs until the window closes (or --frames runs out); then the --screenshot, --cells and
  // --stats the flags asked for. Returns the exit code.
  int run();

 private:
  using Clock = std::chrono::steady_clock;

  // The frame's steps, and the loop's turn that takes them in order.
  bool frame();
  void events();
  // One of SDL's events as the commands it stands for; a key pressed; the panel built.
  void take(const SDL_Event& event);
  void key_down(const SDL_KeyboardEvent& key);
  void build_panel();
  void update();
  void draw();
  render::RenderTimings draw_map(int pw, int ph);
  void swap();
  void pace(Clock::time_point frame_start);
  // What happens once the loop ends.
  int finish();

  // Every action goes through the core's dispatch (app_core.h: the one place, and the rule for
  // a busy map); what is the window's own comes back here.
  void dispatch(const Command& command) { core_.dispatch(command); }
  // The core's shell (app_core.h).
  bool rendering_in_tiles() const override { return files_.rendering_in_tiles(); }
  bool opening_a_map() const override { return files_.opening_a_map(); }
  std::optional<std::string> cancel_own() override { return files_.cancel_opening(); }
  void carry_out(const ShellCommand& command) override;
  void carry_out(const FileCommand& command) override;
  void message(const std::string& text, bool failed) override;
  void say(const std::string& line) override;
  uint64_t failures() const override { return shell_.messages.failures(); }
  void finish_began() override;
  void rained() override { files_.tick_recording(); }
  // The file jobs' host (file_jobs.h).
  std::string post(const std::string& text, bool failed) override;
  void end_run() override { run_.running = false; }
  // The loop's last step: what scripts and tests read on stdout (reporter.h).
  void report();
  // ImGui's .ini text into ini_path_ (preferences.h), when ImGui asks and at the end; a file
  // that cannot be written is left as it was (the panel's place is not worth a message).
  void save_panel_place();
  // The map's inputs for a picture of width x height on its own, at the camera's zoom and
  // centre (what map_inputs(true) is at the window's size).
  render::MapInputs picture_inputs(int width, int height) const override;
  // What the map draws: in the window's map area (layout_) or, for the pictures that leave
  // the app, alone at the window's full size as if the side bar and the strip were hidden
  // (`whole_window`), at the camera's zoom and pan either way.
  render::MapInputs map_inputs(bool whole_window = false) const;
  // The map cell under the mouse, if it is over the map and not over the panel.
  std::optional<session::CellPosition> hovered_cell() const;
  // Works out layout_ for the window's size now.
  void lay_out_window();
  float drawable_width() const;
  float drawable_height() const;
  // A value refused: the message in the panel and on stderr, nothing changed.
  void refuse(const std::string& message) override;
  // A failure's message as shown and printed: after the script line it belongs to, if any
  // ("walk.jsonl line 3: ..."), and cut to kMostMessage bytes (a 50 MB value in a file is
  // never echoed whole).
  std::string failure_text(const std::string& message) const;
  static constexpr std::size_t kMostMessage = 600;
  // Long work's progress for the status line (ui_.work), from the model's or the opening's.
  void show_work();
  // A message for the user: on the status line over the map, and in the panel's log.
  void tell(const std::string& message, bool failed);
  // The app's clock: seconds since it started.
  double seconds_now() const override;
  // Whether the side bar shows at the window's size now, and its width and the strip's height
  // in drawable pixels (from their shares of the window).
  bool side_bar_shown_now() const;

  AppOptions options_;
  Window window_;
  std::string ini_path_;  // where ImGui keeps the panel's place (outlives its context)
  render::MapRenderer renderer_;
  AppCore core_;                     // the session and the commands' one path
  const session::LiveModel& model_;  // the core's, changed only through its dispatch
  const UiState& ui_;                // the core's, changed only through its dispatch
  ShellState shell_;                 // what the panel shows of the shell
  Layout layout_;
  float pixels_per_point_ = 1;  // drawable pixels per window point (high-DPI)
  SideViewCache side_cache_;
  PanelState panel_;  // the panel's own memory between frames (panel_state.h)
  SdlInput input_;    // the mouse's commands, and input against the frames that answer it
  FrameStats stats_;
  std::vector<Command> pending_;  // this frame's commands, carried out in order
  FileJobs files_;                // open, save, exports, recording, autosave, the choosers

  Clock::time_point started_at_ = Clock::now();
  Clock::time_point last_tick_;
  // The run: whether it goes on, its exit code, how far it has come.
  struct Run {
    bool running = true;
    int exit_code = 0;     // set before the loop when a scripted run cannot start (a bad FILE)
    bool started = false;  // the flags' commands are carried out
    // The flags' and the script's commands still being carried out (long work among them)
    // before the first frame that counts: no ticks, no frames counted (--frames), progress
    // shown.
    bool starting = true;
    uint64_t failures_at_start = 0;  // the messages' failures before the flags' commands
    bool minimized = false;
    bool scripted = false;  // --frames: one tick a frame, no pacing
    uint64_t frames = 0;
  } run_;
  // What the map last drawn showed, so that a still map is not drawn again.
  struct Drawn {
    uint64_t version = ~uint64_t{0};
    int scheme = -1;
    int width = 0;
    int height = 0;
    unsigned camera = ~0u;
    uint64_t orbit = ~uint64_t{0};  // the 3D view's camera
    double exaggeration = 0;
    float map_left = 0;
    float map_top = 0;
    float map_width = 0;
    float map_height = 0;
    bool operator==(const Drawn&) const = default;
  } drawn_;
  // What is printed for scripts and tests (TERRAIN_SANDBOX_LAYOUT=1 asks for the tests' lines).
  Reporter reporter_;
  bool finish_landed_ = false;  // a finish of the rain landed in this frame, not yet reported
  void report_finish();
};

}  // namespace terrain::app
