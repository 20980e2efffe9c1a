// SDL's input as the app takes it: the mouse over the map as commands (the wheel zooms about
// the pointer, or with Ctrl sets the brush's radius; a drag pans, or in the 3D view the left
// button orbits; Shift+click picks the cross-section's row; in paint mode the left button
// paints), and the bookkeeping of input against the frames that answer it: a frame that
// answers input is drawn at once, and so are the next few (Dear ImGui finishes some answers a
// frame later: a drop-down's list, a tooltip), and the tests' "input N M" line counts what a
// whole frame has run after, so a test waits on the app, not the clock.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <glm/vec2.hpp>
#include <optional>
#include <vector>

#include "app/core/app_core.h"
#include "app/core/command.h"
#include "app/core/layout.h"

namespace terrain::app {

class SdlInput {
 public:
  // Frames drawn at once after an input, before a still app waits for events again: the frame
  // that answers it and those Dear ImGui needs to finish the answer.
  static constexpr int kFramesAfterInput = 4;

  // The presses, releases and wheel turns of keys and buttons, and the pointer's moves: those
  // polled so far, and those a whole frame has run after (Dear ImGui 1.86 sees a button
  // released in the frame after the press, and a click's command is carried out in that
  // frame's update).
  struct Counts {
    uint64_t polled = 0;
    uint64_t answered = 0;
    uint64_t moves_polled = 0;
    uint64_t moves_answered = 0;
    // Where the pointer was in the last move polled, and in the last move answered (window
    // points; -1 before any): a test waits for its move by where it went, which holds however
    // the display merges or splits moves.
    int x_polled = -1, y_polled = -1;
    int x_answered = -1, y_answered = -1;
  };

  // A new frame's events begin: what was polled up to the last frame has had that whole frame
  // to take effect. `waited`: this frame waits for an event (paused and still).
  void begin_frame(bool waited);
  // Every event polled: counted when it is input; input and the window's changes owe frames.
  void note(const SDL_Event& event);
  // The mouse's events over the map, as commands into `out` (only over the map's area, and not
  // while ImGui has the mouse: `imgui_has_mouse`).
  void mouse(const SDL_Event& event, const AppCore& core, const Layout& layout,
             float pixels_per_point, bool imgui_has_mouse, std::vector<Command>& out);
  // A frame was swapped: the oldest input's time to it in SDL's milliseconds, once, when input
  // waited for it.
  std::optional<double> swapped();
  // The frame's end (drawn or not, minimized): an owed frame paid.
  void end_frame() {
    if (frames_owed_ > 0) frames_owed_--;
  }
  // A frame is owed (input, a new window size): the still app does not wait.
  bool frames_owed() const { return frames_owed_ > 0; }
  bool waited() const { return waited_; }
  const Counts& counts() const { return counts_; }

 private:
  std::optional<glm::dvec2> over_map(double x, double y, const Layout& layout,
                                     float pixels_per_point) const;
  void button_down(const SDL_MouseButtonEvent& e, glm::dvec2 p, const AppCore& core,
                   std::vector<Command>& out);
  void motion(const SDL_MouseMotionEvent& e, glm::dvec2 p, const AppCore& core,
              const Layout& layout, float pixels_per_point, std::vector<Command>& out);

  // The button of a drag that began over the map (0: none): it pans the map; in the 3D view
  // the left button orbits and the others pan.
  uint8_t drag_button_ = 0;
  bool painting_ = false;     // the left button, pressed over the map in paint mode, paints
  glm::dvec2 last_paint_{0};  // where the stroke last was on the map
  // When the oldest input event not yet shown came (SDL's milliseconds).
  std::optional<uint32_t> input_since_;
  int frames_owed_ = 0;
  Counts counts_;
  bool waited_ = false;
};

// A window point (SDL's, in window coordinates) in drawable pixels.
inline glm::dvec2 to_drawable(double x, double y, float pixels_per_point) {
  return {(x + 0.5) * pixels_per_point, (y + 0.5) * pixels_per_point};
}

}  // namespace terrain::app
