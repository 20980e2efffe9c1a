// Texture and read-back helpers (see gl_texture.h).
#include "render/gl/gl_texture.h"

#include <stdexcept>
#include <string>

namespace terrain::render {

void set_nearest_clamp(GLenum target) {
  glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

void read_rgba8(GLuint fbo, int width, int height, std::span<uint8_t> rgba, const char* what) {
  const std::size_t needed = static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4;
  if (rgba.size() != needed) {
    throw std::invalid_argument(std::string(what) + ": the output holds " +
                                std::to_string(rgba.size()) + " bytes; " + std::to_string(width) +
                                "x" + std::to_string(height) + " RGBA8 needs " +
                                std::to_string(needed));
  }
  GLint previous = 0;
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previous);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previous));
}

}  // namespace terrain::render
