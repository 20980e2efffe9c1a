// Strokes with HTML canvas semantics (round caps and joins, a line width, an rgba colour and
// globalAlpha, antialiased, and one path stroked once: no darkening where its pieces
// overlap), painted in one pass over the pixels.
//
// The CPU sorts the frame's strokes into 8 x 8 pixel tiles (render/geometry/stroke_tiles.h);
// this uploads the tiles' runs, the shapes and the stroke styles as textures, and a fragment
// shader paints every stroke of a pixel's tile in order (shaders/stroke_tiles.glsl). Any
// program that links stroke_tiles.glsl can paint them: the map pass does, over the relief, so
// the whole map is one pass; draw() paints them on their own over a target.
//
// A frame: clear(), add_path() and stroke() for every stroke in painting order, prepare() for
// the canvas size (sorts and uploads), then draw() or a program of one's own after
// use_textures(). Allocation: every list and GL buffer only grows.
// Needs a current GL context for every call, including destruction.
#pragma once

#include <epoxy/gl.h>

#include <span>

#include "render/geometry/color_scheme.h"
#include "render/geometry/stroke_path.h"
#include "render/geometry/stroke_tiles.h"
#include "render/gl/gl_program.h"

namespace terrain::render {

// A framebuffer to paint strokes over, which keeps canvas row y in framebuffer row y.
struct StrokeTargets {
  GLuint scene_fbo = 0;
  int width = 0;
  int height = 0;
};

class StrokeRenderer {
 public:
  // The texture units the stroke textures are bound to (unit 0 is left to the caller).
  static constexpr GLint kTileRunsUnit = 1;
  static constexpr GLint kRunsUnit = 2;
  static constexpr GLint kItemsUnit = 3;
  static constexpr GLint kStylesUnit = 4;

  StrokeRenderer() = default;
  StrokeRenderer(const StrokeRenderer&) = delete;
  StrokeRenderer& operator=(const StrokeRenderer&) = delete;
  ~StrokeRenderer() { release(); }

  // Compiles the overlay program and creates the textures. Throws std::runtime_error on
  // failure.
  void init(const ShaderFeatures& features);
  void release();

  // --- the frame's strokes (see StrokeTiles) ---
  void clear() { tiles_.clear(); }
  int add_path(std::span<const StrokeSegment> segments,
               std::span<const StrokeJoin> miter_joins = {}) {
    return tiles_.add_path(segments, miter_joins);
  }
  int add_path(const StrokePath& path) { return tiles_.add_path(path); }
  void stroke(int path, const CanvasColor& color, double global_alpha, double line_width) {
    tiles_.stroke(path, color, global_alpha, line_width);
  }

  // Sorts the strokes into the tiles of a width x height canvas (tiles() holds them).
  // With `threads`, bands of tiles are sorted at once (stroke_tiles.h).
  void sort(int width, int height, WorkThreads* threads = nullptr) {
    tiles_.bin(width, height, threads);
  }
  // sort(), then uploads the tiles. Throws std::invalid_argument when they outgrow what this
  // GL's buffer textures hold.
  void prepare(int width, int height, WorkThreads* threads = nullptr);
  // Binds the uploaded textures to their units (for a program that links stroke_tiles.glsl).
  void use_textures() const;
  // Points a program's stroke samplers at those units (once, after linking it).
  static void set_sampler_units(GLuint program);

  // prepare() for the target's size, then paints every stroke over targets.scene_fbo in one
  // pass. Leaves the scene framebuffer bound, blending disabled, texture unit 0 active.
  void draw(const StrokeTargets& targets);

  const StrokeTiles& tiles() const { return tiles_; }
  std::size_t segment_count() const { return tiles_.segment_count(); }
  std::size_t stroke_count() const { return tiles_.stroke_count(); }

 private:
  // A buffer texture and its buffer, grown as needed.
  struct BufferTexture {
    GLuint buffer = 0;
    GLuint texture = 0;
    std::size_t capacity = 0;  // bytes
  };
  void upload(BufferTexture& target, GLenum format, const void* data, std::size_t bytes);

  StrokeTiles tiles_;
  GLuint program_ = 0;    // the overlay: strokes alone over a target
  GLuint vao_ = 0;        // empty: the full-screen triangle makes its own corners
  GLuint tile_runs_ = 0;  // RG32UI 2D texture, one texel per tile
  int tile_texture_w_ = 0;
  int tile_texture_h_ = 0;
  BufferTexture runs_;
  BufferTexture items_;
  BufferTexture styles_;
  GLint max_texels_ = 0;  // GL_MAX_TEXTURE_BUFFER_SIZE
};

}  // namespace terrain::render
