// A time-lapse of the rain: RGBA8 frames handed over one by one, encoded on a worker thread
// into an animated GIF or an H.264 MP4 (chosen by the file's extension), and the file written
// whole or not at all when the recording stops.
//
// The caller's thread (the app's main loop) only copies each frame into a ring of buffers
// allocated up front (a memcpy: about a tenth of a millisecond at 640 x 360); the worker
// quantizes and compresses (gif_encoder.h) or converts and encodes (mp4_encoder.h) into
// memory, and once finished writes the bytes with write_file_atomically, never over a file
// that exists. A failure at any point leaves no file and no temporary behind.
//
// Use:
//   TimelapseWriter writer("rain.gif");            // checks everything it can up front
//   every N ticks: writer.add_frame(pixels);       // RGBA8, top row first
//   on stop: writer.finish_in_background();        // then poll writer.progress() for the UI
//      or    writer.finish();                      // blocks; throws the error, if any
//   to abandon it: writer.cancel();                // nothing is written
//
// Errors: std::runtime_error whose message names the path, e.g. "cannot record a time-lapse
// to out/rain.mp4: 641 x 360 pixels: an MP4 needs even sizes" or "cannot write out/rain.gif:
// it already exists".
//
// Threads: add_frame, finish_in_background, finish and cancel are called from one thread (the
// writer's owner); progress() from any thread.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <thread>

namespace terrain::io {

enum class TimelapseFormat { gif, mp4 };

// The format a path's extension names: ".gif" or ".mp4", in any case; otherwise none.
std::optional<TimelapseFormat> timelapse_format_for(const std::filesystem::path& path);

// The sizes a time-lapse may have (an MP4's must also be even).
inline constexpr int kTimelapseMinSize = 2;
inline constexpr int kTimelapseMaxWidth = 7680;
inline constexpr int kTimelapseMaxHeight = 4320;

// The playback rates a time-lapse may have, frames a second, and the default.
inline constexpr int kTimelapseMinFps = 1;
inline constexpr int kTimelapseMaxFps = 60;
inline constexpr int kTimelapseDefaultFps = 25;
// A time-lapse's frames: every N ticks of rain (--every, the panel).
inline constexpr int kTimelapseMaxEvery = 1000;
inline constexpr int kTimelapseDefaultEvery = 10;

struct TimelapseOptions {
  int width = 640;
  int height = 360;
  // Playback, kTimelapseMinFps..kTimelapseMaxFps: an MP4's frame rate (exactly: its time base
  // is 1 / frames_per_second); a GIF shows each frame 100 / frames_per_second centiseconds,
  // rounded, at least 2 (a GIF's delays are whole centiseconds, and browsers slow shorter
  // ones down), so 30 fps plays at 33.3 and 60 at 50.
  int frames_per_second = kTimelapseDefaultFps;
  // Frame buffers between the caller and the worker (1..64), allocated up front; no more than
  // fit in 256 MiB (at least 2): 8K frames get 2.
  int queue_frames = 8;
  // When every buffer is waiting to be encoded: drop the frame (add_frame returns false and
  // counts it; the app's frame never waits), or wait for the worker (for a headless run).
  enum class WhenFull { drop, wait };
  WhenFull when_full = WhenFull::drop;
  int mp4_crf = 20;                 // x264's constant rate factor, 0..51
  std::string mp4_preset = "fast";  // x264's speed preset
};

struct TimelapseProgress {
  enum class State {
    recording,  // taking frames
    finishing,  // no more frames: the worker encodes what is queued and writes the file
    written,    // the file is in place
    failed,     // nothing was written: see `error`
    cancelled,  // nothing was written
  };
  State state = State::recording;
  int64_t frames_added = 0;    // taken by add_frame (the file's frames, once written)
  int64_t frames_encoded = 0;  // of those, encoded so far
  int64_t frames_dropped = 0;  // refused by add_frame because the queue was full
  std::string error;           // why it failed, naming the path
};

class TimelapseWriter {
 public:
  // Checks, before any frame: the format (from the extension), the size and the options,
  // that the folder exists and the file does not, and that the encoder opens; then starts
  // the worker. Throws std::runtime_error naming the path and the value refused.
  explicit TimelapseWriter(std::filesystem::path path, const TimelapseOptions& options = {});
  // Cancels a recording that was never finished; waits for one finishing to be written.
  ~TimelapseWriter();
  TimelapseWriter(const TimelapseWriter&) = delete;
  TimelapseWriter& operator=(const TimelapseWriter&) = delete;

  // Queues a copy of one frame, width * height RGBA8 pixels (alpha ignored), top row first;
  // never encodes on the calling thread. Returns false, keeping nothing, when the frame was
  // dropped (the queue full in WhenFull::drop) or the encoder has failed (progress() says
  // why; finish() throws it). Throws std::invalid_argument for a frame of the wrong size and
  // std::logic_error once finishing or cancelled.
  bool add_frame(std::span<const uint8_t> rgba);

  // Stops taking frames: the worker encodes those queued, finishes the file and writes it.
  // Returns at once; progress() follows it. A second call does nothing.
  void finish_in_background();
  // finish_in_background(), then waits until the file is written. Throws std::runtime_error
  // (naming the path) if it could not be: no frames, an encoder failure, the file appearing
  // meanwhile, a full disk. Throws std::logic_error after cancel().
  void finish();
  // Stops now, throwing away what was recorded; nothing is written (a file already written
  // stays). Waits for the worker to stop (at most one frame's encoding).
  void cancel();

  TimelapseProgress progress() const;
  bool done() const;  // written, failed or cancelled
  // Frames taken so far (progress().frames_added).
  int64_t frames() const { return progress().frames_added; }

  const std::filesystem::path& path() const { return path_; }
  TimelapseFormat format() const { return format_; }
  const TimelapseOptions& options() const { return options_; }
  // The frame buffers the queue holds (see TimelapseOptions::queue_frames).
  int queue_capacity() const;
  // The thread the last frame was encoded on (the worker's; no thread before the first), for
  // tests.
  std::thread::id worker_thread_id() const;

 private:
  class Impl;
  std::filesystem::path path_;
  TimelapseFormat format_ = TimelapseFormat::gif;
  TimelapseOptions options_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace terrain::io
