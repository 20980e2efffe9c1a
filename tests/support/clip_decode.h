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

// A video's stream and every frame, converted to RGBA8.
struct DecodedVideo {
  int width = 0;
  int height = 0;
  AVCodecID codec = AV_CODEC_ID_NONE;
  int pixel_format = -1;
  AVRational frame_rate{0, 1};
  std::vector<std::vector<uint8_t>> frames;  // RGBA8, top row first
};

DecodedVideo decode_video(const std::filesystem::path& path);

}  // namespace terrain::testing
