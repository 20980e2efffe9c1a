// Canvas strokes painted from screen tiles in one pass (see stroke_renderer.h).
//
// Sections: setup, uploading a frame's tiles, painting.
#include "render/gl/stroke_renderer.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "render/gl/gl_texture.h"

namespace terrain::render {

// --- setup -----------------------------------------------------------------------------------

void StrokeRenderer::init(const ShaderFeatures& features) {
  release();
  program_ = link_program(features, "fullscreen.vert", {"stroke_tiles", "stroke_overlay.frag"});
  set_sampler_units(program_);
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_texels_);
  glGenVertexArrays(1, &vao_);
  glGenTextures(1, &tile_runs_);
  glBindTexture(GL_TEXTURE_2D, tile_runs_);
  set_nearest_clamp();  // integer texels, read with texelFetch only
  glBindTexture(GL_TEXTURE_2D, 0);
  for (BufferTexture* t : {&runs_, &items_, &styles_}) {
    glGenBuffers(1, &t->buffer);
    glGenTextures(1, &t->texture);
  }
}

void StrokeRenderer::release() {
  if (program_) glDeleteProgram(program_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (tile_runs_) glDeleteTextures(1, &tile_runs_);
  program_ = vao_ = tile_runs_ = 0;
  tile_texture_w_ = tile_texture_h_ = 0;
  for (BufferTexture* t : {&runs_, &items_, &styles_}) {
    if (t->buffer) glDeleteBuffers(1, &t->buffer);
    if (t->texture) glDeleteTextures(1, &t->texture);
    *t = {};
  }
}

void StrokeRenderer::set_sampler_units(GLuint program) {
  glUseProgram(program);
  glUniform1i(uniform_location(program, "u_tile_runs"), kTileRunsUnit);
  glUniform1i(uniform_location(program, "u_runs"), kRunsUnit);
  glUniform1i(uniform_location(program, "u_items"), kItemsUnit);
  glUniform1i(uniform_location(program, "u_styles"), kStylesUnit);
  glUseProgram(0);
}

// --- uploading -------------------------------------------------------------------------------

void StrokeRenderer::upload(BufferTexture& target, GLenum format, const void* data,
                            std::size_t bytes) {
  glBindBuffer(GL_TEXTURE_BUFFER, target.buffer);
  if (bytes > target.capacity || target.capacity == 0) {
    // Grow by half again, so a map that grows a little each frame does not reallocate each
    // frame; the texture is pointed at the new storage.
    target.capacity = std::max<std::size_t>(4096, bytes + bytes / 2);
    glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(target.capacity), nullptr,
                 GL_STREAM_DRAW);
    glBindTexture(GL_TEXTURE_BUFFER, target.texture);
    glTexBuffer(GL_TEXTURE_BUFFER, format, target.buffer);
    glBindTexture(GL_TEXTURE_BUFFER, 0);
  }
  if (bytes > 0) glBufferSubData(GL_TEXTURE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
}

void StrokeRenderer::prepare(int width, int height, WorkThreads* threads) {
  if (program_ == 0) throw std::logic_error("StrokeRenderer::prepare before init()");
  sort(width, height, threads);
  const auto too_many = [&](const char* what, std::size_t count) {
    if (count <= static_cast<std::size_t>(max_texels_)) return;
    throw std::invalid_argument("stroke: " + std::to_string(count) + " " + what +
                                " in one frame; this GL's buffer textures hold " +
                                std::to_string(max_texels_));
  };
  too_many("tile runs", tiles_.runs().size());
  too_many("placed shapes", tiles_.items().size());
  too_many("stroke styles", tiles_.styles().size() * 2);

  glActiveTexture(GL_TEXTURE0 + kTileRunsUnit);
  glBindTexture(GL_TEXTURE_2D, tile_runs_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  if (tiles_.tiles_x() != tile_texture_w_ || tiles_.tiles_y() != tile_texture_h_) {
    tile_texture_w_ = tiles_.tiles_x();
    tile_texture_h_ = tiles_.tiles_y();
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32UI, tile_texture_w_, tile_texture_h_, 0, GL_RG_INTEGER,
                 GL_UNSIGNED_INT, tiles_.tile_runs().data());
  } else {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, tile_texture_w_, tile_texture_h_, GL_RG_INTEGER,
                    GL_UNSIGNED_INT, tiles_.tile_runs().data());
  }
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GL_TEXTURE0);
  upload(runs_, GL_RGBA32UI, tiles_.runs().data(), tiles_.runs().size_bytes());
  upload(items_, GL_RGBA32F, tiles_.items().data(), tiles_.items().size_bytes());
  upload(styles_, GL_RGBA32F, tiles_.styles().data(), tiles_.styles().size_bytes());
}

void StrokeRenderer::use_textures() const {
  glActiveTexture(GL_TEXTURE0 + kTileRunsUnit);
  glBindTexture(GL_TEXTURE_2D, tile_runs_);
  glActiveTexture(GL_TEXTURE0 + kRunsUnit);
  glBindTexture(GL_TEXTURE_BUFFER, runs_.texture);
  glActiveTexture(GL_TEXTURE0 + kItemsUnit);
  glBindTexture(GL_TEXTURE_BUFFER, items_.texture);
  glActiveTexture(GL_TEXTURE0 + kStylesUnit);
  glBindTexture(GL_TEXTURE_BUFFER, styles_.texture);
  glActiveTexture(GL_TEXTURE0);
}

// --- painting --------------------------------------------------------------------------------

void StrokeRenderer::draw(const StrokeTargets& targets) {
  prepare(targets.width, targets.height);
  glBindFramebuffer(GL_FRAMEBUFFER, targets.scene_fbo);
  glViewport(0, 0, targets.width, targets.height);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  if (tiles_.stroke_count() == 0) return;
  // Premultiplied "over"; the scene stays opaque (its alpha is kept).
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_ONE, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
  glUseProgram(program_);
  use_textures();
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_BLEND);
}

}  // namespace terrain::render
