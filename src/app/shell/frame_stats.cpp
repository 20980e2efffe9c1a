#include "app/shell/frame_stats.h"

#include <algorithm>
#include <cstdio>

namespace terrain::app {

FrameStats::FrameStats() {
  for (auto& h : history_) h.assign(kKept, 0.0);
  scratch_.reserve(kKept);
  input_ms_.reserve(kKept);
}

void FrameStats::swapped(bool finishing) {
  const Clock::time_point previous = last_swap_;
  last_swap_ = Clock::now();
  last_swap_cpu_ms_ = session::process_cpu_ms();
  if (swaps_++ == 0) {
    first_swap_ = last_swap_;
    first_swap_cpu_ms_ = last_swap_cpu_ms_;
  } else if (finishing) {
    // The frames while the rain finishes, the one it lands in included: how long the longest
    // took, swap to swap.
    longest_finish_frame_ms_ =
        std::max(longest_finish_frame_ms_,
                 std::chrono::duration<double, std::milli>(last_swap_ - previous).count());
  }
  if (finishing) finish_frames_++;
}

void FrameStats::input_answered(double ms) {
  if (swaps_ > 0 && input_ms_.size() < input_ms_.capacity()) input_ms_.push_back(ms);
}

void FrameStats::finish_began() {
  finish_started_ = Clock::now();
  finish_frames_ = 0;
  longest_finish_frame_ms_ = 0;
}

double FrameStats::finish_ms() const {
  return std::chrono::duration<double, std::milli>(Clock::now() - finish_started_).count();
}

void FrameStats::print(const char* painter, const std::string& last_frame) const {
  std::printf(
      "frames %zu, median CPU ms per frame: rain %.3f rivers %.3f contours %.3f drawing %.3f"
      " (CPU side %.3f); painting %.3f wall ms (%s painter; the 3D surface %.3f); GL calls %.3f "
      "CPU ms, swap %.3f wall ms\n",
      frames(), median(Stage::rain), median(Stage::rivers), median(Stage::contours),
      median(Stage::drawing), median(Stage::cpu_side), median(Stage::painting), painter,
      median(Stage::surface), median(Stage::gl), median(Stage::swap));
  std::printf("drawing, median ms: river paths %.3f, tiles %.3f, panel %.3f (last frame: %s)\n",
              median(Stage::paths), median(Stage::tiles), median(Stage::panel), last_frame.c_str());
  // Input to screen: from an input event to the swap of the frame that answered it.
  if (!input_ms_.empty()) {
    std::vector<double> ms = input_ms_;
    std::sort(ms.begin(), ms.end());
    std::printf(
        "input to screen: %zu frames answered input, median %.1f ms, 90th percentile %.1f ms, "
        "longest %.1f ms\n",
        ms.size(), ms[ms.size() / 2], ms[ms.size() * 9 / 10], ms.back());
  }
  // The frame rate between the first swap and the last.
  const double seconds = std::chrono::duration<double>(last_swap_ - first_swap_).count();
  if (swaps_ >= 2 && seconds > 0) {
    std::printf("frame rate %.2f fps (%llu frames in %.3f s, first swap to last)\n",
                static_cast<double>(swaps_ - 1) / seconds, static_cast<unsigned long long>(swaps_),
                seconds);
    // What a frame costs the CPU in all: every thread of the process (with a software GL that
    // includes its rasterizer's threads), between the same swaps.
    std::printf("process CPU %.3f ms a frame (all threads)\n",
                (last_swap_cpu_ms_ - first_swap_cpu_ms_) / static_cast<double>(swaps_ - 1));
  }
}

void FrameStats::end_frame() {
  const std::size_t slot = frames_ % kKept;
  for (std::size_t s = 0; s < kStages; s++) history_[s][slot] = current_[s];
  current_.fill(0.0);
  frames_++;
}

namespace {
double median_of(std::vector<double>& v) {
  if (v.empty()) return 0;
  const auto middle = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), middle, v.end());
  return *middle;
}
}  // namespace

double FrameStats::recent_median(Stage stage) const {
  const auto& h = history_[static_cast<std::size_t>(stage)];
  const std::size_t n = std::min(frames_, kRecent);
  scratch_.clear();
  for (std::size_t k = 0; k < n; k++) scratch_.push_back(h[(frames_ - 1 - k) % kKept]);
  return median_of(scratch_);
}

double FrameStats::median(Stage stage) const {
  const auto& h = history_[static_cast<std::size_t>(stage)];
  const std::size_t n = std::min(frames_, kKept);
  scratch_.assign(h.begin(), h.begin() + static_cast<std::ptrdiff_t>(n));
  return median_of(scratch_);
}

}  // namespace terrain::app
