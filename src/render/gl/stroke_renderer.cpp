// Canvas strokes by coverage union and once-per-pixel compositing (see stroke_renderer.h).
//
// Sections: setup, building a frame's strokes, drawing.
#include "render/gl/stroke_renderer.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace terrain::render {

namespace {

// Each stroke's composite pass draws at its own depth, 1 - k / kDepthSteps in window
// coordinates for the k-th stroke, nearer for every later one, so GL_LESS lets each stroke
// through once per pixel and every later stroke through again. 2^16 steps are exact in a
// 24-bit depth buffer.
constexpr double kDepthSteps = 65536;

// Texture units: the segments for the vertex shader, the coverage for the composite pass.
constexpr GLint kSegmentUnit = 1;
constexpr GLint kCoverageUnit = 0;

}  // namespace

// --- setup -----------------------------------------------------------------------------------

void StrokeRenderer::init(const ShaderFeatures& features) {
  release();
  coverage_program_ = link_program(features, "stroke.vert", "stroke_coverage.frag");
  composite_program_ = link_program(features, "stroke.vert", "stroke_composite.frag");
  box_program_ = link_program(features, "rect.vert", "stroke_composite.frag");

  cov_target_size_ = uniform_location(coverage_program_, "u_target_size");
  cov_half_width_ = uniform_location(coverage_program_, "u_half_width");
  cov_depth_ = uniform_location(coverage_program_, "u_depth");
  cov_path_id_ = uniform_location(coverage_program_, "u_path_id");
  cov_shape_vs_ = uniform_location(coverage_program_, "u_shape");
  comp_target_size_ = uniform_location(composite_program_, "u_target_size");
  comp_half_width_ = uniform_location(composite_program_, "u_half_width");
  comp_depth_ = uniform_location(composite_program_, "u_depth");
  comp_path_id_ = uniform_location(composite_program_, "u_path_id");
  comp_color_ = uniform_location(composite_program_, "u_color");
  comp_shape_ = uniform_location(composite_program_, "u_shape");
  glUseProgram(coverage_program_);
  glUniform1i(uniform_location(coverage_program_, "u_segments"), kSegmentUnit);
  glUseProgram(composite_program_);
  glUniform1i(uniform_location(composite_program_, "u_segments"), kSegmentUnit);
  glUniform1i(uniform_location(composite_program_, "u_coverage"), kCoverageUnit);
  box_target_size_ = uniform_location(box_program_, "u_target_size");
  box_rect_ = uniform_location(box_program_, "u_rect");
  box_path_id_ = uniform_location(box_program_, "u_path_id");
  box_color_ = uniform_location(box_program_, "u_color");
  glUseProgram(box_program_);
  glUniform1i(uniform_location(box_program_, "u_coverage"), kCoverageUnit);
  glUseProgram(0);

  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_segments_);
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &buffer_);
  glGenTextures(1, &buffer_texture_);
}

void StrokeRenderer::release() {
  if (coverage_program_) glDeleteProgram(coverage_program_);
  if (composite_program_) glDeleteProgram(composite_program_);
  if (box_program_) glDeleteProgram(box_program_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (buffer_) glDeleteBuffers(1, &buffer_);
  if (buffer_texture_) glDeleteTextures(1, &buffer_texture_);
  coverage_program_ = composite_program_ = box_program_ = vao_ = buffer_ = buffer_texture_ = 0;
  buffer_capacity_ = 0;
}

// --- building a frame's strokes --------------------------------------------------------------

void StrokeRenderer::clear() {
  segments_.clear();
  paths_.clear();
  strokes_.clear();
}

int StrokeRenderer::add_path(std::span<const StrokeSegment> segments,
                             std::span<const StrokeJoin> miter_joins) {
  PathRange range{static_cast<GLint>(segments_.size()),
                  static_cast<GLsizei>(segments.size()),
                  static_cast<GLsizei>(miter_joins.size()),
                  0,
                  0,
                  0,
                  0,
                  0};
  if (!segments.empty()) {
    range.left = range.right = segments[0].x0;
    range.top = range.bottom = segments[0].y0;
    for (const StrokeSegment& s : segments) {
      range.left = std::min({range.left, s.x0, s.x1});
      range.right = std::max({range.right, s.x0, s.x1});
      range.top = std::min({range.top, s.y0, s.y1});
      range.bottom = std::max({range.bottom, s.y0, s.y1});
    }
  }
  segments_.insert(segments_.end(), segments.begin(), segments.end());
  for (const StrokeJoin& join : miter_joins) {
    range.miter = std::max(range.miter, std::hypot(join.miter_x, join.miter_y));
    segments_.push_back({join.x, join.y, join.miter_x, join.miter_y});
  }
  paths_.push_back(range);
  return static_cast<int>(paths_.size()) - 1;
}

void StrokeRenderer::stroke(int path, const CanvasColor& color, double global_alpha,
                            double line_width) {
  if (path < 0 || path >= static_cast<int>(paths_.size())) {
    throw std::invalid_argument("stroke: path " + std::to_string(path) + " was not added (" +
                                std::to_string(paths_.size()) + " paths this frame)");
  }
  if (paths_[static_cast<std::size_t>(path)].count == 0) return;  // nothing to paint
  const auto alpha = static_cast<float>(color.a * global_alpha);
  if (alpha <= 0 || !(line_width > 0)) return;  // the canvas paints nothing either
  if (strokes_.size() >= static_cast<std::size_t>(kMaxStrokes)) {
    throw std::invalid_argument("stroke: more than " + std::to_string(kMaxStrokes) +
                                " strokes in one frame");
  }
  strokes_.push_back(
      {path, {color.r, color.g, color.b, alpha}, static_cast<float>(line_width / 2)});
}

// --- drawing ---------------------------------------------------------------------------------

void StrokeRenderer::draw(const StrokeTargets& targets) {
  if (coverage_program_ == 0) throw std::logic_error("StrokeRenderer::draw before init()");
  if (segments_.size() > static_cast<std::size_t>(max_segments_)) {
    throw std::invalid_argument("stroke: " + std::to_string(segments_.size()) +
                                " segments in one frame; this GL allows " +
                                std::to_string(max_segments_));
  }

  // Upload: grow the buffer only when the segments outgrow it.
  glBindBuffer(GL_TEXTURE_BUFFER, buffer_);
  if (segments_.size() > buffer_capacity_ || buffer_capacity_ == 0) {
    buffer_capacity_ = std::max<std::size_t>(1024, segments_.size() + segments_.size() / 2);
    glBufferData(GL_TEXTURE_BUFFER,
                 static_cast<GLsizeiptr>(buffer_capacity_ * sizeof(StrokeSegment)), nullptr,
                 GL_STREAM_DRAW);
    glActiveTexture(GL_TEXTURE0 + kSegmentUnit);
    glBindTexture(GL_TEXTURE_BUFFER, buffer_texture_);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, buffer_);
  }
  if (!segments_.empty()) {
    glBufferSubData(GL_TEXTURE_BUFFER, 0,
                    static_cast<GLsizeiptr>(segments_.size() * sizeof(StrokeSegment)),
                    segments_.data());
  }
  glBindBuffer(GL_TEXTURE_BUFFER, 0);

  // The coverage target starts at 0 (below every stroke id), the depth at the far plane.
  glBindFramebuffer(GL_FRAMEBUFFER, targets.coverage_fbo);
  glViewport(0, 0, targets.width, targets.height);
  glDisable(GL_SCISSOR_TEST);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glBindFramebuffer(GL_FRAMEBUFFER, targets.scene_fbo);
  glDepthMask(GL_TRUE);
  glClearDepth(1.0);
  glClear(GL_DEPTH_BUFFER_BIT);
  if (strokes_.empty()) return;

  const auto width = static_cast<float>(targets.width);
  const auto height = static_cast<float>(targets.height);
  glUseProgram(coverage_program_);
  glUniform2f(cov_target_size_, width, height);
  glUniform1f(cov_depth_, 0.0f);
  glUseProgram(composite_program_);
  glUniform2f(comp_target_size_, width, height);
  glUseProgram(box_program_);
  glUniform2f(box_target_size_, width, height);

  glBindVertexArray(vao_);
  glActiveTexture(GL_TEXTURE0 + kSegmentUnit);
  glBindTexture(GL_TEXTURE_BUFFER, buffer_texture_);
  glActiveTexture(GL_TEXTURE0 + kCoverageUnit);
  glBindTexture(GL_TEXTURE_2D, targets.coverage_texture);
  glEnable(GL_BLEND);
  glDepthFunc(GL_LESS);

  for (std::size_t n = 0; n < strokes_.size(); n++) {
    const Stroke& stroke = strokes_[n];
    const PathRange& range = paths_[static_cast<std::size_t>(stroke.path)];
    const auto id = static_cast<float>(n + 1);
    // One triangle per segment (shaders/stroke.vert.glsl).
    const GLint first = range.first * 3;
    const GLsizei count = range.count * 3;

    // 1. The union's coverage.
    glBindFramebuffer(GL_FRAMEBUFFER, targets.coverage_fbo);
    glDisable(GL_DEPTH_TEST);
    glBlendEquation(GL_MAX);
    glBlendFunc(GL_ONE, GL_ONE);
    glUseProgram(coverage_program_);
    glUniform1f(cov_half_width_, stroke.half_width);
    glUniform1f(cov_path_id_, id);
    glUniform1i(cov_shape_vs_, 0);
    glDrawArrays(GL_TRIANGLES, first, count);
    if (range.joins > 0) {
      glUniform1i(cov_shape_vs_, 1);
      glDrawArrays(GL_TRIANGLES, first + count, range.joins * 3);
    }

    // 2. Painted once per pixel over the scene (the scene stays opaque: its alpha is kept).
    glBindFramebuffer(GL_FRAMEBUFFER, targets.scene_fbo);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    // The box reaches as far as any covered pixel centre: half the width (or the longest
    // miter) and half a pixel.
    const float reach = stroke.half_width * std::max(1.0f, range.miter) + 1.0f;
    const float left = std::max(0.0f, range.left - reach);
    const float top = std::max(0.0f, range.top - reach);
    const float right = std::min(width, range.right + reach);
    const float bottom = std::min(height, range.bottom + reach);
    const double box_pixels = std::max(0.0f, right - left) * std::max(0.0f, bottom - top);
    if (box_pixels < kPixelsPerSegment * (range.count + range.joins)) {
      glDisable(GL_DEPTH_TEST);
      glUseProgram(box_program_);
      glUniform4f(box_rect_, left, top, right, bottom);
      glUniform1f(box_path_id_, id);
      glUniform4fv(box_color_, 1, stroke.color);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    } else {
      glEnable(GL_DEPTH_TEST);
      glUseProgram(composite_program_);
      glUniform1f(comp_half_width_, stroke.half_width);
      glUniform1f(comp_path_id_, id);
      // Window depth 1 - k / steps is clip depth 1 - 2 k / steps.
      glUniform1f(comp_depth_,
                  static_cast<float>(1.0 - 2.0 * static_cast<double>(n + 1) / kDepthSteps));
      glUniform4fv(comp_color_, 1, stroke.color);
      glUniform1i(comp_shape_, 0);
      glDrawArrays(GL_TRIANGLES, first, count);
      if (range.joins > 0) {
        glUniform1i(comp_shape_, 1);
        glDrawArrays(GL_TRIANGLES, first + count, range.joins * 3);
      }
    }
  }

  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glBlendEquation(GL_FUNC_ADD);
  glBindVertexArray(0);
  glActiveTexture(GL_TEXTURE0 + kSegmentUnit);
  glBindTexture(GL_TEXTURE_BUFFER, 0);
  glActiveTexture(GL_TEXTURE0);
}

}  // namespace terrain::render
