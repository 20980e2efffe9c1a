// A time-lapse of the rain being recorded (see recording.h).
#include "app/recording.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace terrain::app {

Recording::Recording(std::filesystem::path path, const RecordingOptions& options)
    : options_(options), started_(std::chrono::steady_clock::now()) {
  if (options.every < 1 || options.every > kMaxEvery) {
    throw std::invalid_argument("a frame every " + std::to_string(options.every) +
                                " ticks: allowed 1.." + std::to_string(kMaxEvery));
  }
  io::TimelapseOptions writer;
  writer.width = options.width;
  writer.height = options.height;
  // A headless run waits for its encoder rather than lose a frame; the window never waits.
  writer.when_full = options.scripted ? io::TimelapseOptions::WhenFull::wait
                                      : io::TimelapseOptions::WhenFull::drop;
  writer_ = std::make_unique<io::TimelapseWriter>(std::move(path), writer);
  pixels_.resize(static_cast<std::size_t>(options.width) *
                 static_cast<std::size_t>(options.height) * 4);
}

bool Recording::tick() {
  if (stopped_) return false;
  ticks_++;
  fresh_ = false;
  return ticks_ % options_.every == 0;
}

void Recording::capture(render::MapRenderer& renderer, const render::MapInputs& inputs) {
  if (stopped_) return;
  const auto start = std::chrono::steady_clock::now();
  renderer.snapshot(inputs, options_.width, options_.height, pixels_);
  writer_->add_frame(pixels_);
  fresh_ = true;
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  captures_++;
  capture_ms_ += ms;
  longest_capture_ms_ = std::max(longest_capture_ms_, ms);
}

void Recording::stop() {
  if (stopped_) return;
  stopped_ = true;
  writer_->finish_in_background();
}

void Recording::stop_and_wait() {
  stopped_ = true;
  writer_->finish();
}

double Recording::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

}  // namespace terrain::app
