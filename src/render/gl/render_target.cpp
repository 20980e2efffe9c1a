// The renderer's framebuffers (see render_target.h).
#include "render/gl/render_target.h"

#include <stdexcept>
#include <string>

namespace terrain::render {

void RenderTarget::ensure(int width, int height) {
  if (width == width_ && height == height_ && scene_fbo_ != 0) return;
  release();
  width_ = width;
  height_ = height;
  glGenTextures(1, &scene_color_);
  glBindTexture(GL_TEXTURE_2D, scene_color_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  // Read with texelFetch or glReadPixels only; nearest keeps it complete without mipmaps.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
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
  const std::size_t needed =
      static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 4;
  if (rgba.size() != needed) {
    throw std::invalid_argument("read_scene: the output holds " + std::to_string(rgba.size()) +
                                " bytes; " + std::to_string(width_) + "x" +
                                std::to_string(height_) + " RGBA8 needs " + std::to_string(needed));
  }
  GLint previous = 0;
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previous);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, scene_fbo_);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previous));
}

}  // namespace terrain::render
