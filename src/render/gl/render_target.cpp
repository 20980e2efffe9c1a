// The renderer's framebuffers (see render_target.h).
#include "render/gl/render_target.h"

#include <stdexcept>
#include <string>

#include "render/gl/gl_texture.h"

namespace terrain::render {

void RenderTarget::ensure(int width, int height) {
  if (width == width_ && height == height_ && scene_fbo_ != 0) return;
  release();
  width_ = width;
  height_ = height;
  glGenTextures(1, &scene_color_);
  glBindTexture(GL_TEXTURE_2D, scene_color_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  set_nearest_clamp();
  glBindTexture(GL_TEXTURE_2D, 0);
  glGenFramebuffers(1, &scene_fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, scene_fbo_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, scene_color_, 0);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    release();
    throw std::runtime_error("render target " + std::to_string(width) + "x" +
                             std::to_string(height) + " is not complete (RGBA8 is needed)");
  }
}

void RenderTarget::release() {
  if (scene_fbo_) glDeleteFramebuffers(1, &scene_fbo_);
  if (scene_color_) glDeleteTextures(1, &scene_color_);
  scene_fbo_ = scene_color_ = 0;
  width_ = height_ = 0;
}

void RenderTarget::read_scene(std::span<uint8_t> rgba) const {
  read_rgba8(scene_fbo_, width_, height_, rgba, "read_scene");
}

}  // namespace terrain::render
