// Where each frame's time went: the last few frames for the panel, and every frame's figures
// (up to a fixed number) for --stats at exit. Recording allocates nothing.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "session/cpu_time.h"

namespace terrain::app {

// rain, rivers: the model's ticks this frame. contours: marching squares. drawing: the rest
// of the CPU work of drawing (river paths, routes, sorting the strokes into tiles, the
// panel). painting: the CPU painter's map pass (wall time, shared between the cores; 0 when
// the GPU paints). gl: CPU time inside OpenGL calls on this thread (with a software GL such
// as llvmpipe this is the rasterizer's own work: the GPU side). swap: wall time presenting
// the frame.
// cpu_side: the sum of the first four, per frame (its median is the figure to hold to 2 ms).
// surface: the part of painting that draws the 3D view's surface (0 in the other views).
// paths, tiles, panel: the main parts of drawing (the river and route paths; the strokes
// sorted into tiles; building the panel).
enum class Stage {
  rain,
  rivers,
  contours,
  drawing,
  painting,
  gl,
  swap,
  cpu_side,
  paths,
  tiles,
  panel,
  surface,
  count
};

class FrameStats {
 public:
  static constexpr std::size_t kRecent = 60;     // frames the panel's medians cover
  static constexpr std::size_t kKept = 1 << 16;  // frames --stats can report on

  FrameStats();
  void record(Stage stage, double ms) { current_[static_cast<std::size_t>(stage)] = ms; }
  double current(Stage stage) const { return current_[static_cast<std::size_t>(stage)]; }
  // Ends the frame: its figures join the history.
  void end_frame();
  // Median over the last kRecent frames, and over every kept frame.
  double recent_median(Stage stage) const;
  double median(Stage stage) const;
  std::size_t frames() const { return frames_; }

 private:
  static constexpr std::size_t kStages = static_cast<std::size_t>(Stage::count);
  std::array<double, kStages> current_{};
  std::array<std::vector<double>, kStages> history_;  // ring of kKept per stage
  std::size_t frames_ = 0;
  mutable std::vector<double> scratch_;
};

}  // namespace terrain::app
