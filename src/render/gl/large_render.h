// Pictures of the map larger than the window (up to 7680 x 4320 in the app), drawn in tiles:
// each tile is the whole picture's frame shifted by the tile's corner, drawn off-screen with
// MapRenderer::snapshot and copied into place, so the lines are drawn as the sketch's viewport
// draws them at the whole picture's size (its scale, its widths), and no tile is larger than
// the GL allows (the smallest of GL_MAX_TEXTURE_SIZE, GL_MAX_RENDERBUFFER_SIZE,
// GL_MAX_VIEWPORT_DIMS and the renderer's own limit).
//
// Tiles are bands of whole rows where the GL allows the picture's width (about four million
// pixels each: 8 bands for 8K), else a grid; step() draws one, so the app can draw its window
// and a progress bar between them. The debug count sits where the whole picture puts it.
//
// Every call needs the renderer's GL context current.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "render/geometry/map_inputs.h"
#include "render/gl/map_renderer.h"

namespace terrain::render {

class LargeRender {
 public:
  // Pixels a band holds at most (the GL's limits permitting).
  static constexpr long kBandPixels = 4L * 1024 * 1024;

  // Starts a width x height picture of `inputs` (their frame is the whole picture's: empty
  // means the sketch's viewport of width x height; their area is ignored) and allocates it.
  // `most_tile_side`: a smaller tile limit than the GL's (0: the GL's), for tests.
  // Throws std::invalid_argument for a size outside 1..16384, std::bad_alloc if it cannot
  // be held.
  void start(const MapInputs& inputs, int width, int height, int most_tile_side = 0);
  // Draws the next tile with `renderer`; true once the last one is done (then image() is whole).
  // The inputs' pointers must stay valid (and unchanged, for a consistent picture) until then.
  bool step(MapRenderer& renderer);
  // The whole picture at once: start, then every step.
  static std::vector<uint8_t> render(MapRenderer& renderer, const MapInputs& inputs, int width,
                                     int height, int most_tile_side = 0);

  bool active() const { return next_ < tiles_; }
  int tiles() const { return tiles_; }
  int tiles_done() const { return next_; }
  double progress() const { return tiles_ == 0 ? 1.0 : static_cast<double>(next_) / tiles_; }
  int width() const { return width_; }
  int height() const { return height_; }
  // RGBA8, top row first, width * height * 4 bytes.
  const std::vector<uint8_t>& image() const { return image_; }
  std::vector<uint8_t> take_image() { return std::move(image_); }
  // The largest tile side the GL allows (needs a current context).
  static int gl_tile_limit();

 private:
  MapInputs inputs_;
  Frame frame_;
  int width_ = 0;
  int height_ = 0;
  int tile_w_ = 0;
  int tile_h_ = 0;
  int columns_ = 0;
  int tiles_ = 0;
  int next_ = 0;
  std::vector<uint8_t> image_;
  std::vector<uint8_t> tile_;
};

}  // namespace terrain::render
