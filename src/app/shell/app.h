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
#include "app/files/autosave.h"
#include "app/files/file_chooser.h"
#include "app/files/file_dialog.h"
#include "app/files/preferences.h"
#include "app/files/recent_maps.h"
#include "app/files/recording.h"
#include "app/panel/panel.h"
#include "app/panel/side_view_strip.h"
#include "app/platform/window.h"
#include "app/shell/frame_stats.h"
#include "app/shell/reporter.h"
#include "app/shell/state_report.h"
#include "io/snapshot_file.h"
#include "render/geometry/map_camera.h"
#include "render/gl/large_render.h"
#include "render/gl/map_renderer.h"
#include "session/cell_readout.h"
#include "session/live_model.h"

namespace terrain::app {

// Where an export goes: into the save folder under the sketch's save name (no path), or to the
// path chosen (ExportTo), a regular file there replaced only when `replace`.
struct ExportTarget {
  std::string path;
  bool replace = false;
};

class App : private Shell {
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
  void update();
  void draw();
  void pace(Clock::time_point frame_start);
  // What happens once the loop ends.
  int finish();

  // Every action goes through the core's dispatch (app_core.h: the one place, and the rule for
  // a busy map); what is the window's own comes back here.
  void dispatch(const Command& command) { core_.dispatch(command); }
  void dispatch_ui(const UiCommand& command);
  // The core's shell (app_core.h).
  bool rendering_in_tiles() const override { return large_.active(); }
  bool opening_a_map() const override { return opening_map_.valid(); }
  std::optional<std::string> cancel_own() override;
  void carry_out_own(const Command& command) override;
  void message(const std::string& text, bool failed) override;
  void say(const std::string& line) override;
  void finish_began() override;
  // The loop's last step: what scripts and tests read on stdout (reporter.h).
  void report();
  // ImGui's .ini text into ini_path_ (preferences.h), when ImGui asks and at the end; a file
  // that cannot be written is left as it was (the panel's place is not worth a message).
  void save_panel_place();
  void save_png(const ExportTarget& to = {});
  // The files the app opens and exports (app_files.cpp). A heightmap opened becomes the
  // ground (session::SetGround); returns false, with the message in the panel and on stderr
  // and nothing changed, when it cannot be.
  void open_file(const std::string& path);
  static GroundRead load_ground(const std::string& path, GroundFit fit);
  void update_open();
  // Map files (app_map_files.cpp): opened on a worker and landed through the core; saved from
  // the session as it is now, with the window's view.
  // Long work on its worker (the map at its place: the rain from a checkpoint replayed there),
  // watched and stoppable through `work`.
  static MapRead load_map(const std::string& path, session::Work* work);
  // A map file in the map's place: asked about first when the map has changes not saved (Save,
  // Don't save, Cancel: answer_open), never in a scripted run or at start; then read_map.
  void open_map(const std::string& path);
  void answer_open(UnsavedAnswer answer);
  void read_map(const std::string& path);
  void update_open_map();
  bool save_map(const std::string& path, bool replace);  // false when it failed
  void save_map_now();
  void save_map_as();
  void saved_message(bool ok, const std::string& message);
  void update_title();
  // Autosave and recovery (app_map_files.cpp, autosave.h): set up at start (the offer, or
  // --recover's map), a save every few seconds while the map changes, the last one as the run
  // ends.
  void start_autosave();
  void update_autosave();
  void end_autosave();
  void recover(bool accept);
  std::string map_stamp() const;
  // Quitting (app_map_files.cpp): the question when the map has changes not saved, and its
  // answer.
  void quit(bool ask);
  void answer_quit(UnsavedAnswer answer);
  // The recent maps: the map's file put on the list when it changes, the list shown.
  void update_recent();
  void export_heightmap(bool original, const ExportTarget& to = {});
  void export_layers(const ExportTarget& to = {});
  void export_grids(const ExportTarget& to = {});
  void export_svg(const ExportTarget& to = {});
  void export_mesh(bool obj, const ExportTarget& to = {});
  // An export's bytes written where `to` says (the save folder: <stem><extension>, -2, -3 ...
  // when taken), whole or not at all; a set of files into a new folder likewise.
  io::SaveResult save_export(const ExportTarget& to, const std::string& stem,
                             const std::string& extension, std::span<const uint8_t> bytes);
  io::SaveResult save_export_folder(const ExportTarget& to, const std::string& stem,
                                    const std::vector<io::NamedFile>& files);
  // A picture of the map at width x height: started here, drawn a tile a frame in update()
  // (step_render), then encoded and saved on a worker thread.
  void start_render(int width, int height);
  void step_render();
  // The map's inputs for a picture of width x height on its own, at the camera's zoom and
  // centre (what map_inputs(true) is at the window's size).
  render::MapInputs picture_inputs(int width, int height) const;
  // A time-lapse (app_recording.cpp): started from the panel (into the save folder) or by
  // --timelapse; a frame after every `every` ticks of rain; stopped from the panel or at the
  // end of a scripted run.
  void start_recording(const std::filesystem::path& path, const RecordingOptions& options);
  void toggle_recording();
  void stop_recording();
  void update_recording();
  void tick_recording();
  int finish_recording();
  // The start of every saved file's name: the sketch's save name for the map now.
  std::string save_stem() const;
  // The outcome of a save or an export: in the panel, and on stdout (or stderr when it failed).
  void saved(const io::SaveResult& result, const std::string& what);
  // What the map draws: in the window's map area (layout_) or, for the pictures that leave
  // the app, alone at the window's full size as if the side bar and the strip were hidden
  // (`whole_window`), at the camera's zoom and pan either way.
  render::MapInputs map_inputs(bool whole_window = false) const;
  // The map cell under the mouse, if it is over the map and not over the panel.
  std::optional<session::CellPosition> hovered_cell() const;
  // A window point (SDL's, in window coordinates) in drawable pixels.
  glm::dvec2 to_drawable(double x, double y) const;
  // The mouse: the wheel zooms about the pointer, a drag pans, Shift+click picks the
  // cross-section's row; only over the map, and not while ImGui has the mouse.
  void mouse_event(const SDL_Event& event);
  // Works out layout_ for the window's size now.
  void lay_out_window();
  float drawable_width() const;
  float drawable_height() const;
  // A value refused: the message in the panel and on stderr, nothing changed.
  void refuse(const std::string& message);
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
  double seconds_now() const;
  // Where saves go now (the panel's field); the default folder is made on the first save.
  std::filesystem::path save_folder();
  void set_save_folder(const std::string& path);
  // The preferences written to their file (the save folder, the recent folders); a failure
  // said once as a message.
  void keep_preferences();
  // A file chooser for `what`: the desktop's where one can be started, else the window's own
  // file dialog (file_dialog.h); either one's answer carried out once it closes.
  void choose_file(FileChoice what);
  void update_chooser();
  void carry_out_choice(FileChoice what, const std::string& path, bool replace);
  // An export to a name chosen (Export as...: app_files.cpp).
  void export_to(const ExportTo& to);
  // Whether the side bar shows at the window's size now, and its width and the strip's height
  // in drawable pixels (from their shares of the window).
  bool side_bar_shown_now() const;

  AppOptions options_;
  Window window_;
  std::string ini_path_;  // where ImGui keeps the panel's place (outlives its context)
  render::MapRenderer renderer_;
  AppCore core_;               // the session and the commands' one path
  session::LiveModel& model_;  // the core's
  UiState& ui_;                // the core's
  render::MapCamera& camera_;  // the core's
  Layout layout_;
  float pixels_per_point_ = 1;  // drawable pixels per window point (high-DPI)
  SideViewCache side_cache_;
  PanelState panel_;  // the panel's own memory between frames (panel_state.h)
  // The button of a drag that began over the map (0: none): it pans the map; in the 3D view
  // the left button orbits and the others pan.
  uint8_t drag_button_ = 0;
  bool painting_ = false;     // the left button, pressed over the map in paint mode, paints
  glm::dvec2 last_paint_{0};  // where the stroke last was on the map
  FrameStats stats_;
  std::vector<Command> pending_;  // this frame's commands, carried out in order
  std::vector<uint8_t> snapshot_pixels_;
  render::LargeRender large_;                    // a Render PNG being drawn
  std::future<io::SaveResult> render_saved_;     // ... and being written
  std::string render_what_;                      // its size, for the message
  std::unique_ptr<Recording> recording_;         // a time-lapse being recorded or written
  std::future<GroundRead> opening_;              // a heightmap being read on a worker
  std::deque<std::string> next_opens_;           // ... and those given meanwhile, in order
  std::future<MapRead> opening_map_;             // a map file being read on a worker
  std::shared_ptr<session::Work> opening_work_;  // ... its progress, and its stop
  std::string opening_path_;                     // ... and its name
  std::string title_;                            // the window's title as last set
  std::optional<Autosave> autosave_;             // none in scripted runs (but with --recover)
  std::vector<Autosave::Leftover> leftovers_;    // maps earlier runs left unsaved, newest first
  std::optional<RecentMaps> recent_;             // none in scripted runs
  std::string recent_added_;                     // the map's file last put on the list
  double recent_looked_ = -1e9;                  // when the list's files were last looked for
  FileChooser chooser_;                          // the desktop's file chooser, where there is one
  FileDialog file_dialog_;                       // ... and the window's own, where there is none
  std::optional<std::filesystem::path> preferences_file_;  // in the config folder, if any
  Preferences preferences_;
  // default_save_folder() when the save folder is it, made when first needed.
  std::optional<std::filesystem::path> default_folder_;

  Clock::time_point started_at_ = Clock::now();
  bool running_ = true;
  bool quit_after_save_ = false;  // the quit question's Save waits for the chooser's name
  std::string open_after_save_;   // ... the open question's: the map file it then opens
  bool discarded_ = false;        // quit without saving: no autosave is kept
  int exit_code_ = 0;     // set before the loop when a scripted run cannot start (a bad FILE)
  bool started_ = false;  // the flags' commands are carried out
  // The flags' and the script's commands still being carried out (long work among them) before
  // the first frame that counts: no ticks, no frames counted (--frames), progress shown.
  bool starting_ = true;
  uint64_t failures_at_start_ = 0;  // the messages' failures before the flags' commands
  bool minimized_ = false;
  bool scripted_ = false;  // --frames: one tick a frame, no pacing
  uint64_t frames_ = 0;
  double tick_debt_ = 0;  // seconds of 60 Hz ticks owed
  Clock::time_point last_tick_;
  bool stopped_this_frame_ = false;  // the rain stopped itself at the target this frame
  // What was last drawn, so a still map is not drawn again.
  uint64_t drawn_version_ = ~uint64_t{0};
  int drawn_scheme_ = -1;
  int drawn_w_ = 0;
  int drawn_h_ = 0;
  unsigned drawn_camera_ = ~0u;
  uint64_t drawn_orbit_ = ~uint64_t{0};  // the 3D view's camera
  double drawn_exaggeration_ = 0;
  Rect drawn_map_;
  // What is printed for scripts and tests (TERRAIN_SANDBOX_LAYOUT=1 asks for the tests' lines).
  Reporter reporter_;
  // Input to screen: when the oldest input event not yet shown came (SDL's milliseconds), and
  // the frames that answered input: each such frame is drawn at once, and so are the next
  // few, which Dear ImGui needs to finish what the input began (a drop-down appears in the
  // frame after the click).
  std::optional<uint32_t> input_since_;
  int frames_owed_ = 0;
  // The presses, releases and wheel turns of keys and buttons, and the pointer's moves: those
  // polled so far, and those a whole frame has run after (Dear ImGui 1.86 sees a button
  // released in the frame after the press, and a click's command is carried out in that
  // frame's update). The tests' "input N M" line gives the answered counts, so a test waits on
  // the app, not the clock.
  struct InputCount {
    uint64_t polled = 0;
    uint64_t answered = 0;
    uint64_t moves_polled = 0;
    uint64_t moves_answered = 0;
  } inputs_;
  std::vector<double> input_ms_;  // input to the swap that showed it, per answered frame
  bool waited_ = false;           // this frame waited for input
  // Frame times: the ticks' CPU time this frame, and the swaps that count the frame rate.
  double rain_ms_ = 0;
  double rivers_ms_ = 0;
  double panel_ms_ = 0;
  uint64_t swaps_ = 0;
  Clock::time_point first_swap_;
  Clock::time_point last_swap_;
  double first_swap_cpu_ms_ = 0;  // the process's CPU time at those swaps
  // Finishing the rain: when it began, the frames drawn since, the longest of them.
  Clock::time_point finish_started_;
  uint64_t finish_frames_ = 0;
  double longest_finish_frame_ms_ = 0;
  bool finish_landed_ = false;  // in this frame, not yet reported
  void report_finish();
  double last_swap_cpu_ms_ = 0;
};

}  // namespace terrain::app
