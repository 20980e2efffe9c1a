// Where each frame's time went: the last few frames for the panel, and every frame's figures
// (up to a fixed number) for --stats at exit. Recording allocates nothing.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace terrain::app {

enum class Stage { rain, rivers, contours, drawing, swap, count };

class FrameStats {
 public:
  static constexpr std::size_t kRecent = 60;       // frames the panel's medians cover
  static constexpr std::size_t kKept = 1 << 16;    // frames --stats can report on

  FrameStats();
  void record(Stage stage, double ms) { current_[static_cast<std::size_t>(stage)] = ms; }
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

// CPU time of the calling thread, in milliseconds.
double thread_cpu_ms();

}  // namespace terrain::app
