// Shaded relief on the GPU (see relief_renderer.h).
//
// Sections: setup, the cell pass, the scaled image, reading back.
#include "render/gl/relief_renderer.h"

#include <array>
#include <stdexcept>
#include <string>

#include "core/sketch.h"
#include "render/geometry/relief.h"
#include "render/gl/gl_texture.h"

namespace terrain::render {

// --- setup -----------------------------------------------------------------------------------

void ReliefRenderer::init(const ShaderFeatures& features) {
  release();
  features_ = features;
  cells_program_ = link_program(features, "fullscreen.vert", {"relief_cells.frag"});

  u_sea_level_ = uniform_location(cells_program_, "u_sea_level");
  u_sea_shallow_ = uniform_location(cells_program_, "u_sea_shallow");
  u_sea_deep_ = uniform_location(cells_program_, "u_sea_deep");
  u_light_ = uniform_location(cells_program_, "u_light");
  u_relief_ = uniform_location(cells_program_, "u_relief");
  u_ambient_ = uniform_location(cells_program_, "u_ambient");
  u_bands_ = uniform_location(cells_program_, "u_bands[0]");
  glUseProgram(cells_program_);
  glUniform1i(uniform_location(cells_program_, "u_heights"), 0);

  glUseProgram(0);

  glGenVertexArrays(1, &vao_);
  glGenTextures(1, &heights_);
  glGenTextures(1, &cells_);
  glGenFramebuffers(1, &cells_fbo_);
  for (GLuint texture : {heights_, cells_}) {
    glBindTexture(GL_TEXTURE_2D, texture);
    set_nearest_clamp();
  }
  glBindTexture(GL_TEXTURE_2D, 0);
}

void ReliefRenderer::release() {
  if (cells_program_) glDeleteProgram(cells_program_);
  if (heights_) glDeleteTextures(1, &heights_);
  if (cells_) glDeleteTextures(1, &cells_);
  if (cells_fbo_) glDeleteFramebuffers(1, &cells_fbo_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  cells_program_ = heights_ = cells_ = cells_fbo_ = vao_ = 0;
  cols_ = rows_ = 0;
  uniform_scheme_ = nullptr;
}

// --- the cell pass ---------------------------------------------------------------------------

void ReliefRenderer::set_scheme_uniforms(const ColorScheme& scheme, double sea_level) {
  if (uniform_scheme_ == &scheme && uniform_sea_level_ == sea_level) return;
  const ReliefLight light = relief_light();
  const Rgb shallow = rgb(scheme.sea_shallow);
  const Rgb deep = rgb(scheme.sea_deep);
  if (features_.fp64) {
    // The sketch's doubles, bit for bit.
    std::array<double, kBandCount * 3> bands{};
    for (int i = 0; i < kBandCount; i++) {
      for (int k = 0; k < 3; k++)
        bands[static_cast<std::size_t>(i * 3 + k)] =
            scheme.bands[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)];
    }
    glUniform1d(u_sea_level_, sea_level);
    glUniform3d(u_sea_shallow_, shallow[0], shallow[1], shallow[2]);
    glUniform3d(u_sea_deep_, deep[0], deep[1], deep[2]);
    glUniform3d(u_light_, light.x, light.y, light.z);
    glUniform1d(u_relief_, sketch::RELIEF);
    glUniform1d(u_ambient_, sketch::AMBIENT);
    glUniform3dv(u_bands_, kBandCount, bands.data());
  } else {
    std::array<float, kBandCount * 3> bands{};
    for (int i = 0; i < kBandCount; i++) {
      for (int k = 0; k < 3; k++)
        bands[static_cast<std::size_t>(i * 3 + k)] = static_cast<float>(
            scheme.bands[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)]);
    }
    auto f = [](double v) { return static_cast<float>(v); };
    glUniform1f(u_sea_level_, f(sea_level));
    glUniform3f(u_sea_shallow_, f(shallow[0]), f(shallow[1]), f(shallow[2]));
    glUniform3f(u_sea_deep_, f(deep[0]), f(deep[1]), f(deep[2]));
    glUniform3f(u_light_, f(light.x), f(light.y), f(light.z));
    glUniform1f(u_relief_, f(sketch::RELIEF));
    glUniform1f(u_ambient_, f(sketch::AMBIENT));
    glUniform3fv(u_bands_, kBandCount, bands.data());
  }
  uniform_scheme_ = &scheme;
  uniform_sea_level_ = sea_level;
}

void ReliefRenderer::update(const Heightfield& terrain, double sea_level,
                            const ColorScheme& scheme) {
  if (cells_program_ == 0) throw std::logic_error("ReliefRenderer::update before init()");
  glActiveTexture(GL_TEXTURE0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  resize(terrain.width(), terrain.height());
  glBindTexture(GL_TEXTURE_2D, heights_);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, cols_, rows_, GL_RED, GL_FLOAT, terrain.data());

  glBindFramebuffer(GL_FRAMEBUFFER, cells_fbo_);
  glViewport(0, 0, cols_, rows_);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
  glUseProgram(cells_program_);
  set_scheme_uniforms(scheme, sea_level);
  glBindVertexArray(vao_);
  glBindTexture(GL_TEXTURE_2D, heights_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

void ReliefRenderer::resize(int cols, int rows) {
  if (cols == cols_ && rows == rows_) return;
  cols_ = cols;
  rows_ = rows;
  glBindTexture(GL_TEXTURE_2D, heights_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, cols_, rows_, 0, GL_RED, GL_FLOAT, nullptr);
  glBindTexture(GL_TEXTURE_2D, cells_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, cols_, rows_, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindFramebuffer(GL_FRAMEBUFFER, cells_fbo_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, cells_, 0);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    throw std::runtime_error("relief: the RGBA8 cell target is not complete");
  }
}

void ReliefRenderer::upload_cells(std::span<const uint8_t> rgba, int cols, int rows) {
  if (cells_program_ == 0) throw std::logic_error("ReliefRenderer::upload_cells before init()");
  if (cols < 1 || rows < 1 ||
      rgba.size() != static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows) * 4) {
    throw std::invalid_argument("relief: a " + std::to_string(cols) + "x" + std::to_string(rows) +
                                " cell image needs " + std::to_string(cols * rows * 4) +
                                " bytes, not " + std::to_string(rgba.size()));
  }
  glActiveTexture(GL_TEXTURE0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  resize(cols, rows);
  glBindTexture(GL_TEXTURE_2D, cells_);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, cols_, rows_, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glBindTexture(GL_TEXTURE_2D, 0);
}

// --- reading back ----------------------------------------------------------------------------

void ReliefRenderer::read_cells(std::span<uint8_t> rgba) const {
  // The target keeps grid row y in framebuffer row y, so row 0 read first is the top row.
  read_rgba8(cells_fbo_, cols_, rows_, rgba, "read_cells");
}

}  // namespace terrain::render
