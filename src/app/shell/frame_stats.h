// Where each frame's time went: the last few frames for the panel, and every frame's figures
// (up to a fixed number) for --stats at exit; the swaps that count the frame rate, input's time
// to the screen, and the frames drawn while the rain finishes. Recording allocates nothing.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
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
  void add(Stage stage, double ms) { current_[static_cast<std::size_t>(stage)] += ms; }
  // Ends the frame: its figures join the history.
  void end_frame();
  // Median over the last kRecent frames, and over every kept frame.
  double recent_median(Stage stage) const;
  double median(Stage stage) const;
  std::size_t frames() const { return frames_; }

  // A frame's swap returned (`finishing`: the rain is finishing, or its finish landed in this
  // frame): the frame rate's count, the finish's frames and the longest of them.
  void swapped(bool finishing);
  uint64_t swaps() const { return swaps_; }
  // Input's time to the swap of the frame that answered it (none before the first frame: that
  // waited for the start-up, not for a frame).
  void input_answered(double ms);
  // A finish of the rain began; its time so far, its frames and the longest of them (reset by
  // finish_began).
  void finish_began();
  double finish_ms() const;
  uint64_t finish_frames() const { return finish_frames_; }
  double longest_finish_frame_ms() const { return longest_finish_frame_ms_; }
  // --stats: the medians, input to screen, the frame rate and the process's CPU a frame, as
  // lines on stdout (`painter`: "CPU" or "GPU"; `last_frame`: the renderer's counts of the
  // last frame drawn).
  void print(const char* painter, const std::string& last_frame) const;

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr std::size_t kStages = static_cast<std::size_t>(Stage::count);
  std::array<double, kStages> current_{};
  std::array<std::vector<double>, kStages> history_;  // ring of kKept per stage
  std::size_t frames_ = 0;
  mutable std::vector<double> scratch_;
  uint64_t swaps_ = 0;
  Clock::time_point first_swap_;
  Clock::time_point last_swap_;
  double first_swap_cpu_ms_ = 0;  // the process's CPU time at those swaps
  double last_swap_cpu_ms_ = 0;
  std::vector<double> input_ms_;  // input to the swap that showed it, per answered frame
  Clock::time_point finish_started_;
  uint64_t finish_frames_ = 0;
  double longest_finish_frame_ms_ = 0;
};

}  // namespace terrain::app
