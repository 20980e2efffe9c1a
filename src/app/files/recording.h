// A time-lapse of the rain being recorded (the Record control, --timelapse PATH --every N):
// the map as the view shows it, captured at the recording's size every `every` ticks of rain
// (the first frame when it starts, the last when it stops), each frame handed to an
// io::TimelapseWriter, which encodes on its own worker thread and writes the GIF or MP4 whole
// when the recording stops.
//
// Threads: the main thread's share of a frame is one copy of what the picture is drawn from
// (the terrain, the rivers as drawn, the hydrology when the view needs it: about 2 MB, into
// buffers kept from frame to frame). The picture itself is drawn by the recording's own thread,
// with its own MapRenderer in a GL context of its own (Window::make_offscreen_gl), and handed
// to the writer from there; the writer's worker encodes it. So recording costs the app's frame
// the copy alone (figures in docs/figures.md), and the rain keeps its 60 ticks a second.
//
// Two pictures can wait for the drawing thread; a capture due while both wait is skipped and
// counted (the window never waits), except in a scripted run, which waits instead. The debug
// mode's routes and count are not drawn into a time-lapse.
#pragma once

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/core/app_options.h"
#include "app/platform/window.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/river_picture.h"
#include "io/timelapse.h"
#include "render/geometry/map_inputs.h"

namespace terrain::app {

struct RecordingOptions {
  // Ticks of rain between frames, 1..io::kTimelapseMaxEvery.
  int every = io::kTimelapseDefaultEvery;
  int width = 640;
  int height = 360;
  int fps = io::kTimelapseDefaultFps;  // playback: frames a second, 1..60
  bool scripted = false;  // --timelapse: nothing is skipped or dropped; the app waits instead
};

class Recording {
 public:
  // Opens the writer (io::TimelapseWriter checks the extension, the size, the folder, that the
  // file does not exist) and starts the drawing thread on `gl`, which the recording owns from
  // now on (and frees). Throws std::runtime_error naming the path and what is wrong, and
  // std::invalid_argument for `every` outside 1..io::kTimelapseMaxEvery (freeing `gl` either way).
  Recording(std::filesystem::path path, const RecordingOptions& options, OffscreenGl gl);
  // Stops the drawing thread; a recording never stopped is cancelled (nothing is written).
  ~Recording();
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;

  // One tick of rain has passed: true when a frame is due (every `every` ticks).
  bool tick();
  // Copies what a picture of `inputs` (the picture's at the recording's size) is drawn from and
  // hands it to the drawing thread; returns at once (false when the frame was skipped).
  bool capture(const render::MapInputs& inputs);
  // No more frames: the drawing thread draws those handed over, then the writer finishes on
  // its worker (progress() follows it). The last frame is the caller's to capture first.
  void stop();
  // stop(), then waits until the file is written; throws std::runtime_error if it could not be.
  void stop_and_wait();

  bool stopped() const { return stopped_; }
  // True when the last frame captured is of the map now (no tick of rain since).
  bool fresh() const { return fresh_; }
  bool done() const;
  io::TimelapseProgress progress() const;
  const std::filesystem::path& path() const { return writer_->path(); }
  const RecordingOptions& options() const { return options_; }
  // Seconds since it started, for the panel.
  double seconds() const;
  // Frames skipped because the drawing thread still had two waiting.
  int64_t skipped() const;
  // The captures' cost on the main thread: how many, and their median and longest, in ms
  // (wall time; the first ones include the copies' buffers being allocated).
  int64_t captures() const { return captures_; }
  double median_capture_ms() const;
  double longest_capture_ms() const { return longest_capture_ms_; }

 private:
  // What one picture is drawn from: copies, kept from capture to capture.
  struct Slot {
    bool waiting = false;  // handed over, not yet drawn
    render::MapInputs inputs;
    Heightfield terrain;
    RiverPicture rivers;
    Hydrology hydrology;
    uint64_t hydrology_version = ~uint64_t{0};  // of the hydrology copied, to copy it once
    const Hydrology* hydrology_of = nullptr;    // ... and whose it was
  };
  void draw_loop();  // the drawing thread

  RecordingOptions options_;
  std::unique_ptr<io::TimelapseWriter> writer_;
  OffscreenGl gl_;
  std::array<Slot, 2> slots_;
  int next_slot_ = 0;  // the slot the next capture goes into (they are drawn in turn)
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  bool ending_ = false;     // no more captures: draw what waits, then finish (or cancel)
  bool finishing_ = false;  // ... and finish the file (else cancel it)
  bool thread_done_ = false;
  std::string thread_error_;  // the drawing thread could not start (no GL), or failed
  int64_t skipped_ = 0;
  std::thread thread_;
  int ticks_ = 0;
  bool stopped_ = false;
  bool fresh_ = false;
  std::chrono::steady_clock::time_point started_;
  int64_t captures_ = 0;
  std::vector<double> capture_ms_;  // each capture's, up to kKeptTimes
  static constexpr std::size_t kKeptTimes = 1 << 16;
  double longest_capture_ms_ = 0;
};

}  // namespace terrain::app
