// Pictures of the map larger than the window, in tiles (see large_render.h).
#include "render/gl/large_render.h"

#include <epoxy/gl.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace terrain::render {
namespace {

constexpr int kRendererMaxSide = 16384;  // MapRenderer's own limit on each side

}  // namespace

int LargeRender::gl_tile_limit() {
  GLint texture = 0;
  GLint renderbuffer = 0;
  GLint viewport[2] = {0, 0};
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &texture);
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &renderbuffer);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
  int limit = kRendererMaxSide;
  for (const GLint v : {texture, renderbuffer, viewport[0], viewport[1]}) {
    if (v > 0) limit = std::min(limit, static_cast<int>(v));
  }
  return limit;
}

void LargeRender::start(const MapInputs& inputs, int width, int height, int most_tile_side) {
  if (width < 1 || height < 1 || width > kRendererMaxSide || height > kRendererMaxSide) {
    throw std::invalid_argument("a render of " + std::to_string(width) + " x " +
                                std::to_string(height) + ": allowed 1.." +
                                std::to_string(kRendererMaxSide) + " on each side");
  }
  inputs_ = inputs;
  frame_ = inputs.frame.value_or(
      Frame::viewport(width, height, inputs.terrain->width(), inputs.terrain->height()));
  width_ = width;
  height_ = height;
  int limit = gl_tile_limit();
  if (most_tile_side > 0) limit = std::min(limit, most_tile_side);
  // Bands of whole rows where the width fits, about kBandPixels each; else a grid of squares.
  tile_w_ = std::min(width, limit);
  const long rows = std::max(1L, kBandPixels / tile_w_);
  tile_h_ = static_cast<int>(std::min<long>({static_cast<long>(height), rows, limit}));
  columns_ = (width + tile_w_ - 1) / tile_w_;
  const int bands = (height + tile_h_ - 1) / tile_h_;
  tiles_ = columns_ * bands;
  next_ = 0;
  image_.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4, 0);
}

bool LargeRender::step(MapRenderer& renderer) {
  if (!active()) return true;
  const int column = next_ % columns_;
  const int band = next_ / columns_;
  const int x0 = column * tile_w_;
  const int y0 = band * tile_h_;
  const int w = std::min(tile_w_, width_ - x0);
  const int h = std::min(tile_h_, height_ - y0);
  // The whole picture's frame and area, seen from the tile's corner.
  MapInputs in = inputs_;
  Frame frame = frame_;
  frame.left -= x0;
  frame.top -= y0;
  in.frame = frame;
  in.area = MapArea{-static_cast<double>(x0), -static_cast<double>(y0), static_cast<double>(width_),
                    static_cast<double>(height_)};
  tile_.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
  renderer.snapshot(in, w, h, tile_);
  const std::size_t row_bytes = static_cast<std::size_t>(w) * 4;
  for (int y = 0; y < h; y++) {
    std::memcpy(&image_[(static_cast<std::size_t>(y0 + y) * static_cast<std::size_t>(width_) +
                         static_cast<std::size_t>(x0)) *
                        4],
                &tile_[static_cast<std::size_t>(y) * row_bytes], row_bytes);
  }
  next_++;
  return !active();
}

std::vector<uint8_t> LargeRender::render(MapRenderer& renderer, const MapInputs& inputs, int width,
                                         int height, int most_tile_side) {
  LargeRender job;
  job.start(inputs, width, height, most_tile_side);
  while (!job.step(renderer)) {
  }
  return job.take_image();
}

}  // namespace terrain::render
