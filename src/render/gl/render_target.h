// An offscreen canvas of one size: an RGBA8 colour texture and its framebuffer, keeping canvas
// row y in framebuffer row y, so pixel centres are canvas positions in gl_FragCoord and a
// read-back is top row first.
//
// Needs a current GL context for every call, including destruction.
#pragma once

#include <epoxy/gl.h>

#include <cstdint>
#include <span>

#include "render/gl/stroke_renderer.h"

namespace terrain::render {

class RenderTarget {
 public:
  RenderTarget() = default;
  RenderTarget(const RenderTarget&) = delete;
  RenderTarget& operator=(const RenderTarget&) = delete;
  ~RenderTarget() { release(); }

  // (Re)allocates for width x height unless already that size. Throws std::runtime_error if
  // the framebuffer is not complete.
  void ensure(int width, int height);
  void release();

  int width() const { return width_; }
  int height() const { return height_; }
  GLuint scene_fbo() const { return scene_fbo_; }
  GLuint scene_color() const { return scene_color_; }
  StrokeTargets stroke_targets() const { return {scene_fbo_, width_, height_}; }

  // Reads the scene as RGBA8, top row first; `rgba` must hold width * height * 4 bytes.
  // Restores the read framebuffer binding.
  void read_scene(std::span<uint8_t> rgba) const;

 private:
  GLuint scene_fbo_ = 0;
  GLuint scene_color_ = 0;
  int width_ = 0;
  int height_ = 0;
};

}  // namespace terrain::render
