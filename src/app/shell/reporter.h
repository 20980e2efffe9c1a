// Everything the app prints on stdout for scripts and tests, in one place: the loop's last step
// (report) hands it the frame's state, and it prints what changed.
//
// For scripts, always: "seed N" and "playing" / "paused" as they change, "rain stopped at N
// drops" when the rain stops itself, "rain finished in N ms (...)" when a finish lands.
// For the GUI tests, with TERRAIN_SANDBOX_LAYOUT=1: where every control is ("layout NAME x y w
// h"), every setting as it changes ("state KEY VALUE", state_report.h), the map's, the strip's
// and the timeline's rectangles, the camera ("view zoom Z center X,Y", and "view frame LEFT TOP
// SCALE": where grid point 0,0 lands in the window and the pixels a cell), the cross-section's row
// and what the hover readout shows ("readout {...}", as --probe prints it). A test waits for
// the line that says its click took effect rather than sleeping; "input N M X Y" when N key and
// button events (presses, releases, wheel turns) and M pointer moves have been answered: a
// whole frame has run after each, and what it changed is in the lines before; X Y is where the
// last move answered went.
#pragma once

#include <cstdint>
#include <optional>

#include "app/core/layout.h"
#include "app/panel/panel.h"
#include "app/shell/state_report.h"
#include "render/geometry/map_camera.h"
#include "session/cell_readout.h"
#include "session/live_model.h"

namespace terrain::app {

class Reporter {
 public:
  // `for_tests`: print the GUI tests' lines too.
  explicit Reporter(bool for_tests) : for_tests_(for_tests) {}
  bool for_tests() const { return for_tests_; }

  // Once all is set up at start: "seed N" and "playing" or "paused".
  void start(const session::LiveModel& model);
  // What a frame leaves: the scripts' lines, and the tests' from the second frame on
  // (`laid_out`: the panel has been drawn once, so its controls have their places).
  struct Frame {
    const session::LiveModel& model;
    const UiState& ui;
    const ShellState& shell;
    ControlRects& controls;  // the panel's: its rectangles are taken as they are reported
    const Layout& layout;
    const render::MapCamera& camera;
    bool stopped = false;  // the rain stopped itself at the target in this frame
    bool laid_out = false;
    uint64_t inputs_answered = 0;  // key and button events a whole frame has run after
    uint64_t moves_answered = 0;   // and pointer moves
    int x_answered = -1;           // where the last pointer move answered went
    int y_answered = -1;
  };
  void frame(const Frame& f);
  // A finish landed: how long it took and the frames drawn meanwhile.
  void finished(double ms, uint64_t frames, double longest_ms);

 private:
  void script_lines(const session::LiveModel& model, bool stopped);
  void test_lines(const Frame& f);

  bool for_tests_;
  bool started_ = false;
  uint32_t seed_ = 0;
  bool playing_ = false;
  std::optional<session::CellPosition> hover_;
  unsigned camera_ = 0;
  terrain::Frame placed_{0, 0, 0, 0};
  Rect map_{-1, -1, -1, -1};
  StateValues state_;
  std::optional<int> row_;
  uint64_t inputs_answered_ = 0;
  uint64_t moves_answered_ = 0;
  int x_answered_ = -1;
  int y_answered_ = -1;
};

}  // namespace terrain::app
