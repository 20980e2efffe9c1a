// H.264 MP4 in memory: RGBA8 frames in, the bytes of an .mp4 out (FFmpeg's libavcodec,
// libavformat and libswscale; the encoder is libx264's where FFmpeg has it, as Debian's does).
//
// Frames are converted to YUV 4:2:0 with BT.709's matrix at limited range (swscale set so),
// and tagged so, matrix, primaries and transfer all BT.709, in the stream and in the
// container; so both sizes must be even. The encoder runs on one thread, the caller's: the
// time-lapse writer gives it a worker thread of its own, and it must not take the app's cores.
// The muxer writes into memory through a seekable buffer and, at the end, moves the index
// ("moov") in front of the frames (faststart), so a player can start before it has the whole
// file.
//
// Alpha is ignored.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace terrain::io {

struct Mp4Settings {
  int crf = 20;                 // x264's constant rate factor, 0 (lossless) .. 51
  std::string preset = "fast";  // x264's speed preset: ultrafast .. placebo
};

class Mp4Encoder {
 public:
  // A width x height video (even, 2..7680 x 2..4320) at `frames_per_second` (1..120). Throws
  // std::invalid_argument naming a value out of range, and std::runtime_error when FFmpeg has
  // no H.264 encoder or refuses the settings (with FFmpeg's reason).
  Mp4Encoder(int width, int height, int frames_per_second, const Mp4Settings& settings = {});
  ~Mp4Encoder();
  Mp4Encoder(const Mp4Encoder&) = delete;
  Mp4Encoder& operator=(const Mp4Encoder&) = delete;

  // Converts and encodes one frame: width * height RGBA8 pixels, top row first. Throws
  // std::invalid_argument if the size is wrong, std::logic_error after finish(), and
  // std::runtime_error with FFmpeg's reason if encoding fails.
  void add_frame(std::span<const uint8_t> rgba);

  // Flushes the encoder, writes the index and hands over the file's bytes (the encoder is
  // done). Throws std::runtime_error if no frame was added or FFmpeg fails.
  std::vector<uint8_t> finish();

  int frames() const { return frames_; }
  // The encoder's name, e.g. "libx264".
  std::string codec_name() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
  int width_ = 0;
  int height_ = 0;
  int frames_ = 0;
};

}  // namespace terrain::io
