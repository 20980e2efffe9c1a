#include "app/shell/frame_stats.h"

#include <algorithm>

namespace terrain::app {

FrameStats::FrameStats() {
  for (auto& h : history_) h.assign(kKept, 0.0);
  scratch_.reserve(kKept);
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
