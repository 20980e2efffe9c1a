// Animated GIF in memory: RGBA8 frames in, the bytes of a looping GIF89a out (giflib 5.2).
//
// giflib 5.2 no longer exports a quantizer, so the palette is made here: every frame gets its
// own local palette of up to 255 colours by median cut (quantize_rgba below), which keeps the
// map's long gradients smooth where one global palette would band them. No dithering: a map
// is mostly smooth tints, and dither noise would cost more bytes than it saves in banding.
//
// Frames after the first carry only what changed: the smallest rectangle holding every pixel
// drawn again, the others transparent, over the previous frame (disposal "do not dispose"). A
// pixel is drawn again when its colour changed since the previous frame and what the GIF shows
// of it is more than 4 levels off in some channel (what is kept never drifts further than that
// from the frame's colour: the rain shades most of the island a level or two every few ticks,
// and redrawing all of it cost 60% more bytes for no visible gain). The palette is built from
// the pixels drawn alone. A frame with nothing to draw is a single transparent pixel, so the
// frame count and the timing hold.
//
// Alpha is ignored: every pixel is taken as opaque.
//
// Sections: quantize_rgba (the palette, exposed for tests); GifEncoder.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace terrain::io {

// An image as palette indices: `indices` holds one entry a pixel into `palette` (RGB).
struct QuantizedImage {
  std::vector<std::array<uint8_t, 3>> palette;  // 1..max_colors entries
  std::vector<uint8_t> indices;                 // width * height entries
};

// Median cut of RGBA8 pixels (alpha ignored) to at most `max_colors` (1..256) colours:
// colours are gathered in 32768 bins of 5 bits a channel, boxes of bins are split where the
// squared error along their widest channel drops most, each palette entry is the mean of the
// exact colours in its box, and each bin takes the nearest entry. An image with no more
// distinct colours than max_colors (and no two of them in one bin) comes back exactly.
// Throws std::invalid_argument if `rgba` is not whole pixels or max_colors is out of range.
QuantizedImage quantize_rgba(std::span<const uint8_t> rgba, int max_colors = 256);

class GifEncoder {
 public:
  // A width x height animation (1..65535 each), every frame shown for `delay_centiseconds`
  // (2..65535: browsers slow shorter delays down to 10), looping forever when `loop`. Throws
  // std::invalid_argument naming a value out of range.
  GifEncoder(int width, int height, int delay_centiseconds, bool loop = true);
  ~GifEncoder();
  GifEncoder(const GifEncoder&) = delete;
  GifEncoder& operator=(const GifEncoder&) = delete;

  // Quantizes and compresses one frame: width * height RGBA8 pixels, top row first. Throws
  // std::invalid_argument if the size is wrong, std::logic_error after finish(), and
  // std::runtime_error with giflib's reason if it fails.
  void add_frame(std::span<const uint8_t> rgba);

  // The whole file: the trailer is written and the bytes handed over (the encoder is done).
  // Throws std::runtime_error if no frame was added or giflib fails.
  std::vector<uint8_t> finish();

  int frames() const { return frames_; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  struct State;
  std::unique_ptr<State> state_;
  int width_ = 0;
  int height_ = 0;
  int frames_ = 0;
};

}  // namespace terrain::io
