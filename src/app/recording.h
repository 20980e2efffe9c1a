// A time-lapse of the rain being recorded (the Record control, --timelapse PATH --every N):
// the map as the view shows it, captured at the recording's size every `every` ticks of rain
// (the first frame when it starts, the last when it stops), each frame handed to an
// io::TimelapseWriter, which encodes on its own worker thread and writes the GIF or MP4 whole
// when the recording stops.
//
// The main thread's share is the capture alone: the map drawn off-screen at the recording's
// size (MapRenderer::snapshot into a buffer kept from frame to frame) and one copy into the
// writer's queue. It is timed, so the app can say what recording costs a frame.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/app_options.h"
#include "io/timelapse.h"
#include "render/geometry/map_inputs.h"
#include "render/gl/map_renderer.h"

namespace terrain::app {

struct RecordingOptions {
  int every = kDefaultEvery;  // ticks of rain between frames, 1..kMaxEvery
  int width = 640;
  int height = 360;
  bool scripted = false;  // --timelapse: the writer waits rather than drop a frame
};

class Recording {
 public:
  // Opens the writer (io::TimelapseWriter checks the extension, the size, the folder, that the
  // file does not exist). Throws std::runtime_error naming the path and what is wrong, and
  // std::invalid_argument for `every` outside 1..kMaxEvery.
  Recording(std::filesystem::path path, const RecordingOptions& options);

  // One tick of rain has passed: true when a frame is due (every `every` ticks).
  bool tick();
  // Captures the map now: `inputs` must be the picture's at the recording's size.
  void capture(render::MapRenderer& renderer, const render::MapInputs& inputs);
  // No more frames: the writer finishes on its worker (progress() follows it). The last frame
  // is the caller's to capture first.
  void stop();
  // stop(), then waits until the file is written; throws std::runtime_error if it could not be.
  void stop_and_wait();

  bool stopped() const { return stopped_; }
  // True when the last frame captured is of the map now (no tick of rain since).
  bool fresh() const { return fresh_; }
  bool done() const { return writer_->done(); }
  io::TimelapseProgress progress() const { return writer_->progress(); }
  const std::filesystem::path& path() const { return writer_->path(); }
  const RecordingOptions& options() const { return options_; }
  // Seconds since it started, for the panel.
  double seconds() const;
  // The captures' cost on the calling thread: how many, and their mean and longest, in ms.
  int64_t captures() const { return captures_; }
  double mean_capture_ms() const {
    return captures_ ? capture_ms_ / static_cast<double>(captures_) : 0;
  }
  double longest_capture_ms() const { return longest_capture_ms_; }

 private:
  RecordingOptions options_;
  std::unique_ptr<io::TimelapseWriter> writer_;
  std::vector<uint8_t> pixels_;
  int ticks_ = 0;
  bool stopped_ = false;
  bool fresh_ = false;
  std::chrono::steady_clock::time_point started_;
  int64_t captures_ = 0;
  double capture_ms_ = 0;
  double longest_capture_ms_ = 0;
};

}  // namespace terrain::app
