// The app's core: the live session, the UI state (the panel's, the camera's, the side view's)
// and the one place every command is carried out, with no SDL, GL or ImGui, so that dispatch,
// undo, the UI's state and the rule for a busy map are tested without a window
// (tests/app/core/app_core_test.cpp). What needs the window, the GL or the disk (saving, exports,
// rendering, recording, fullscreen, the side bar's size, the file chooser, quitting) is the
// shell's.
//
// The rule for a busy map: while long work runs on a worker (a finish, a big rain, a far undo:
// session/live_model.h), a map file is being opened, or a picture is rendered in tiles, every
// command that changes the map or its view — a map, view or history command, a script's line, a
// file to open or one that has been read, the save folder — waits, in order, and is carried
// out once the map is free again (update()), so the window keeps drawing and the map never
// changes between the tiles of one picture. The app's own commands (the window, the panel,
// saving, cancelling) go on at once. A command carried out may itself dispatch more (New seed
// dispatches the seed it picked): they queue behind what already waits. Cancelling long work
// (CancelWork) drops it and what waited behind it: the map is as it was before it.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/core/command.h"
#include "app/core/layout.h"
#include "app/core/ui_state.h"
#include "render/geometry/map_camera.h"
#include "render/geometry/orbit_camera.h"
#include "session/live_model.h"
#include "session/script.h"

namespace terrain::app {

// What the core needs of the program around it.
class Shell {
 public:
  virtual ~Shell() = default;
  // A picture is being rendered in tiles (render::LargeRender): the map waits.
  virtual bool rendering_in_tiles() const = 0;
  // A map file is being read and placed on a worker (OpenFile of a .tsmap): the map waits.
  virtual bool opening_a_map() const { return false; }
  // Stops the shell's own long work (a map file being opened) and says what it was doing;
  // nullopt when none runs.
  virtual std::optional<std::string> cancel_own() { return std::nullopt; }
  // The commands that are the program's own (command.h): those that need the window, the GL
  // or the disk, at once; and those about files, in the map's turn (OpenFile: a file read on a
  // worker, whose result comes back as LandGround or LandMap).
  virtual void carry_out(const ShellCommand& command) = 0;
  virtual void carry_out(const FileCommand& command) = 0;
  // A message for the user (an error when `failed`): the status line, the log, stderr.
  virtual void message(const std::string& text, bool failed) = 0;
  // How many failures the messages have told so far (a script's line is refused when one
  // came while it was carried out).
  virtual uint64_t failures() const = 0;
  // A line for scripts on stdout ("Opened FILE ...").
  virtual void say(const std::string& line) = 0;
  // A finish of the rain began (the program times it).
  virtual void finish_began() {}
  // A tick rained (AppCore::tick): a time-lapse takes its frame.
  virtual void rained() {}
};

// A seed as the sketch picks one: Math.floor(Math.random() * 1000000).
uint32_t random_seed();

// A script's command (session/script.h) as the app's: a map file to save is the shell's
// SaveMap, never over a file; the rest are the session's commands as they are.
Command command_of(const session::ScriptCommand& command);

class AppCore {
 public:
  AppCore(uint32_t seed, Shell& shell);

  // The map, its view and the camera, as the shell sees them: changed only through dispatch.
  const session::LiveModel& model() const { return model_; }
  const UiState& ui() const { return ui_; }
  const render::MapCamera& camera() const { return camera_; }
  // The 3D view's camera.
  const render::OrbitCamera& orbit() const { return orbit_; }
  // The map point (x column, y row, in cells) under a canvas point of the map's area: through
  // the map camera's frame, or in the 3D view the surface the pointer's ray meets first (as it
  // is drawn: the sea at its plane, lakes when shown); none off the map.
  std::optional<glm::dvec2> map_point_at(glm::dvec2 pixel) const;
  // Where the map is seen now (the layout's map area, drawable pixels): zooming about a point
  // and panning by a drag are worked out in it.
  // The 3D view's camera frames the island for it once it is known (FrameIsland asked for
  // before the first frame waits for it).
  void set_map_area(const render::MapArea& area);
  // The brush's circle on the 3D view's surface around the ground under the canvas point
  // `pixel`, as canvas points into ui().brush_ring (none when the pointer is off the ground).
  void trace_brush_ring(glm::dvec2 pixel);
  // The cross-section's row on the 3D view's surface, as canvas points into ui().row_line
  // (none outside the 3D view). Allocates only the first time.
  void trace_row_line();

  // Carries out `command`, or keeps it waiting while the map is busy (see the top).
  void dispatch(const Command& command);
  // What the shell's work that kept the map busy left (a map file read and placed: LandMap):
  // ahead of every command that waited behind that work.
  void dispatch_first(const Command& command);
  // A script's line, behind everything waiting: the lines are carried out by update(), a
  // frame's worth at a time, so the window draws (and Esc stops the script) between them.
  void enqueue_script_step(ScriptStep step);
  // The script's lines carried out, of all given; nullopt when none is waiting.
  std::optional<std::pair<std::size_t, std::size_t>> script_progress() const;
  // Once a frame: a finish whose worker is done lands (true when it did), then what waited is
  // carried out in order until the map is busy again or, for a script's lines, kFrameBudgetMs
  // has gone by (so a script of thousands of lines, each short, leaves the window a frame
  // between them), and the 3D view's eye is kept out of the ground.
  bool update();
  static constexpr double kFrameBudgetMs = 25;
  bool map_busy() const;
  std::size_t waiting() const { return waiting_.size(); }
  // The rain's ticks for a frame, the sketch's draw() at 60 a second: exactly one in a scripted
  // run (`one_tick`: --frames counts them), else as many as the `seconds` since the last frame
  // hold with what was owed before, at most kMostTicksPerFrame (a slow frame, down to 5 fps,
  // still rains 60 ticks a second; further behind, the rest is let go). Under the rule for a
  // busy map: none while the shell's work holds it (a picture in tiles, a map file being
  // opened); a finish's worker lands in a tick. The shell is told after each tick that rained
  // (Shell::rained). Returns the ticks' CPU times.
  struct TickTimes {
    double rain_ms = 0;
    double rivers_ms = 0;
  };
  TickTimes tick(double seconds, bool one_tick);
  static constexpr double kTickSeconds = 1.0 / 60.0;  // the sketch's frame: 60 a second
  static constexpr int kMostTicksPerFrame = 12;
  // No ticks owed (while the flags' commands are still being carried out at start).
  void owe_no_ticks() { tick_debt_ = 0; }
  // p5 draws the first frame after setup even when it does not loop.
  void first_frame() { model_.refresh(); }
  // The run's end: long work under way lands, waited for a piece at a time, unless `give_up`
  // says to stop (a signal): then it is dropped, the map as it was before it, and what it was
  // doing is returned.
  std::optional<std::string> end_work(const std::function<bool()>& give_up);
  // Whether the rain stopped itself at the target since the last call.
  bool take_stopped();

 private:
  void carry_out(const Command& command);
  void carry_out_history(const session::HistoryCommand& command);
  void carry_out_ui(const UiCommand& command);
  // The heightmap exports' format and the program they are for, each kept fit for the other.
  void set_export_format(io::HeightmapFormat format);
  void set_export_preset(std::optional<exports::EnginePreset> preset);
  // Metres for the exports, or a refusal saying which value is out of its range.
  void set_real_units(const io::RealUnits& units);
  void step_timeline(int direction);
  void show_section_row(int row);
  // A change the core refuses (std::invalid_argument) changes nothing, and says why.
  void refusing(const std::function<void()>& change);
  void land_ground(const GroundRead& read);
  void land_map(const MapRead& read);
  // A script's line: its command, its refusals named by it; a refused line stops the script.
  void run_script_step(const ScriptStep& step);
  void stop_script();
  void cancel_work();
  // Painting: a press begins a stroke (one step of the history, an edit), drags add to its
  // path, a release ends it; what was painted since the last piece is carried out as a piece
  // of the stroke at once on a press or a release, and once a frame (update()) between.
  void paint(const Paint& paint);
  void paint_piece();
  void refuse(const std::string& message) { shell_.message(message, true); }
  // Home in the 3D view: the whole island, for the map area's aspect and the relief drawn.
  void frame_island();
  // The lakes' depths as the 3D view draws them: when they are shown (else none).
  std::span<const float> lakes_drawn() const;
  // Once a frame in the 3D view: its eye kept out of the ground (OrbitCamera::clear_ground),
  // whether a camera command or the ground's own change took it there.
  void keep_eye_clear();

  session::LiveModel model_;
  Shell& shell_;
  UiState ui_;
  render::MapCamera camera_;
  render::OrbitCamera orbit_;
  render::MapArea map_area_;
  bool map_area_known_ = false;
  bool frame_pending_ = false;  // FrameIsland before the map's area was known
  std::deque<Command> waiting_;
  double tick_debt_ = 0;          // seconds of 60 Hz ticks owed
  std::size_t script_given_ = 0;  // the script's lines given, and carried out (or refused)
  std::size_t script_done_ = 0;
  bool stopped_ = false;
  // The stroke being painted: its brush, seed and flatten target (a piece's template), the
  // path's points not yet carried out, the last point carried out and where the next piece's
  // first dab falls.
  struct PaintingStroke {
    BrushStroke piece;
    std::vector<Point> pending;
    std::optional<Point> last;
    double next_start = 0;
  };
  std::optional<PaintingStroke> painting_;
};

}  // namespace terrain::app
