// Strokes with HTML canvas semantics: round caps and joins, a line width, an rgba colour and
// globalAlpha, antialiased, and ONE PATH STROKED ONCE: where pieces of a path overlap the
// stroke does not darken, because the union of the path's stroke is painted once.
//
// How: a path is a list of segments (stroke_path.h), and with round caps and joins its stroke
// is the union of the segments' capsules. Each stroke takes two passes over its segments,
// each segment a quad around its capsule (shaders/stroke.vert.glsl):
//   1. coverage: each fragment's coverage by its capsule goes into a shared R32F target with
//      GL_MAX blending, as stroke_id + coverage / 2. Coverage falls with the distance to the
//      capsule, so the maximum over capsules is the coverage of their union; a later stroke's
//      larger id always wins, so the target is cleared once per frame, not per stroke.
//   2. composite: each pixel near the path reads the union's coverage and paints colour x
//      alpha x coverage, once. Either the same shapes again, each stroke at its own depth
//      with GL_LESS and depth writes on so only the first shape of the stroke at a pixel gets
//      through; or, when it is cheaper, one rectangle over the path's bounding box.
// The cost follows the length of the lines, not the size of the window. All segments of a
// frame are uploaded once, as a buffer texture.
//
// Costs, measured with Mesa's llvmpipe (where a triangle costs about as much as a couple of
// hundred pixels of a simple shader): one triangle per segment rather than a quad, and the
// rectangle composite for paths whose bounding box has fewer than kPixelsPerSegment pixels
// per segment (the contour paths, which cover the map with short segments).
//
// The sketch's canvas rasterises with 4 x 4 supersampling; this coverage is the exact area
// for edges along the pixel axes and the average of any sampling for others, which is as
// close as a renderer that does not copy its fixed-point edge stepping can get (RMSE about
// 0.01 against its renders, below the 0.01-0.02 between that canvas and Chrome's).
//
// A frame: clear(), add_path() and stroke() for every stroke in painting order, then draw().
// Allocation: the segment list and the GL buffer only grow.
// Needs a current GL context for every call, including destruction.
#pragma once

#include <epoxy/gl.h>

#include <span>
#include <vector>

#include "render/geometry/color_scheme.h"
#include "render/geometry/stroke_path.h"
#include "render/gl/gl_program.h"

namespace terrain::render {

// The framebuffers a frame's strokes are drawn with: the scene (colour + depth) and the
// coverage target (R32F, same size), both top row first (canvas row y in framebuffer row y).
struct StrokeTargets {
  GLuint scene_fbo = 0;
  GLuint coverage_fbo = 0;
  GLuint coverage_texture = 0;
  int width = 0;
  int height = 0;
};

class StrokeRenderer {
 public:
  // Most strokes in one frame (each needs its own depth step and coverage id).
  static constexpr int kMaxStrokes = 65534;
  // A path whose bounding box has fewer pixels than this per segment is composited with one
  // rectangle over the box rather than with its segments' triangles.
  static constexpr double kPixelsPerSegment = 150;

  StrokeRenderer() = default;
  StrokeRenderer(const StrokeRenderer&) = delete;
  StrokeRenderer& operator=(const StrokeRenderer&) = delete;
  ~StrokeRenderer() { release(); }

  // Compiles the programs and creates the buffers. Throws std::runtime_error on failure.
  void init(const ShaderFeatures& features);
  void release();

  // Forgets the last frame's paths and strokes, keeping the storage.
  void clear();
  // Adds a path's segments, and its miter joins if it has them; returns its handle for
  // stroke(). An empty path is allowed (its strokes draw nothing).
  int add_path(std::span<const StrokeSegment> segments,
               std::span<const StrokeJoin> miter_joins = {});
  int add_path(const StrokePath& path) { return add_path(path.segments(), path.joins()); }
  // Queues one stroke of a path: the canvas's ctx.stroke(path) with this strokeStyle colour,
  // globalAlpha and lineWidth (round caps and joins). Throws std::invalid_argument for a
  // handle not returned by add_path() this frame, or past kMaxStrokes.
  void stroke(int path, const CanvasColor& color, double global_alpha, double line_width);

  // Uploads the segments and paints every queued stroke in order into targets.scene_fbo.
  // Clears the coverage target and the scene's depth first. Leaves the scene framebuffer
  // bound, blending and the depth test disabled.
  void draw(const StrokeTargets& targets);

  std::size_t segment_count() const { return segments_.size(); }
  std::size_t stroke_count() const { return strokes_.size(); }

 private:
  struct PathRange {
    GLint first;  // first segment in the buffer
    GLsizei count;
    GLsizei joins;                   // miter joins, stored right after the segments
    float miter;                     // the longest miter, in half-widths (0 without joins)
    float left, top, right, bottom;  // bounding box of the segments' ends, canvas pixels
  };
  struct Stroke {
    int path;
    float color[4];  // rgb, alpha x globalAlpha
    float half_width;
  };

  GLuint coverage_program_ = 0;
  GLuint composite_program_ = 0;
  GLuint box_program_ = 0;           // the composite over a path's bounding box
  GLuint vao_ = 0;                   // empty: the vertex shader reads the buffer texture
  GLuint buffer_ = 0;                // the frame's segments
  GLuint buffer_texture_ = 0;        // ...seen as an RGBA32F buffer texture
  std::size_t buffer_capacity_ = 0;  // in segments
  GLint max_segments_ = 0;           // GL_MAX_TEXTURE_BUFFER_SIZE
  std::vector<StrokeSegment> segments_;
  std::vector<PathRange> paths_;
  std::vector<Stroke> strokes_;

  GLint cov_target_size_ = -1, cov_half_width_ = -1, cov_depth_ = -1, cov_path_id_ = -1,
        cov_shape_vs_ = -1;
  GLint comp_target_size_ = -1, comp_half_width_ = -1, comp_depth_ = -1, comp_path_id_ = -1,
        comp_color_ = -1, comp_shape_ = -1;
  GLint box_target_size_ = -1, box_rect_ = -1, box_path_id_ = -1, box_color_ = -1;
};

}  // namespace terrain::render
