// Time-lapses read back with the libraries themselves (giflib; libavformat, libavcodec and
// libswscale), for the io tests and the GUI tests. Both throw std::runtime_error on a file
// they cannot read.
#pragma once

extern "C" {
#include <libavcodec/avcodec.h>
}

#include <cstdint>
#include <filesystem>
#include <vector>

namespace terrain::testing {

// An animated GIF as shown: each frame drawn over the last (RGB8), with its delay.
struct DecodedGif {
  int width = 0;
  int height = 0;
  bool loops_forever = false;
  std::vector<std::vector<uint8_t>> frames;  // RGB8, each as shown (drawn over the last)
  std::vector<int> delays;                   // centiseconds
};

DecodedGif decode_gif(const std::filesystem::path& path);

// A video's stream and every frame, converted to RGBA8 with the matrix and range the stream
// is tagged with (as a player converts it).
struct DecodedVideo {
  int width = 0;
  int height = 0;
  AVCodecID codec = AV_CODEC_ID_NONE;
  int pixel_format = -1;
  AVRational frame_rate{0, 1};
  AVRational time_base{0, 1};             // the stream's (the container's timescale)
  std::vector<int64_t> packet_durations;  // each packet's, in time_base ticks, as stored
  // The stream's colour tags, as libavformat reports them.
  AVColorPrimaries color_primaries = AVCOL_PRI_UNSPECIFIED;
  AVColorTransferCharacteristic color_trc = AVCOL_TRC_UNSPECIFIED;
  AVColorSpace color_space = AVCOL_SPC_UNSPECIFIED;
  AVColorRange color_range = AVCOL_RANGE_UNSPECIFIED;
  std::vector<std::vector<uint8_t>> frames;  // RGBA8, top row first
};

DecodedVideo decode_video(const std::filesystem::path& path);

}  // namespace terrain::testing
