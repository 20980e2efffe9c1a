// Shaded relief on the GPU: the heights as an R32F texture, each cell's colour worked out by
// shaders/relief_cells.frag.glsl into a cols x rows RGBA8 texture (the sketch's terrain_img),
// which the map pass scales up to the canvas with bilinear smoothing (shaders/map.frag.glsl).
//
// With double-precision shaders (ShaderFeatures::fp64) the per-cell bytes are the sketch's
// exactly; otherwise within one level.
//
// Needs a current GL context for every call, including destruction (release()).
#pragma once

#include <epoxy/gl.h>

#include <cstdint>
#include <span>

#include "core/heightfield.h"
#include "render/geometry/color_scheme.h"
#include "render/gl/gl_program.h"

namespace terrain::render {

class ReliefRenderer {
 public:
  ReliefRenderer() = default;
  ReliefRenderer(const ReliefRenderer&) = delete;
  ReliefRenderer& operator=(const ReliefRenderer&) = delete;
  ~ReliefRenderer() { release(); }

  // Compiles the programs and creates the textures. Throws std::runtime_error on failure.
  void init(const ShaderFeatures& features);
  // Deletes every GL object (safe to call twice).
  void release();
  bool exact() const { return features_.fp64; }

  // Uploads the heights and works out every cell's colour into the cell image. Leaves the
  // cells framebuffer bound; the caller binds its own target afterwards.
  void update(const Heightfield& terrain, double sea_level, const ColorScheme& scheme);

  // Takes a cell image worked out elsewhere (the CPU's views, view_cells.h) in place of
  // update()'s: RGBA8, cols x rows, top row first (cols * rows * 4 bytes).
  void upload_cells(std::span<const uint8_t> rgba, int cols, int rows);

  // The cell image of the last update(), RGBA8, one texel per cell (grid row y in texel
  // row y). The map pass scales it up (shaders/map.frag.glsl).
  GLuint cells_texture() const { return cells_; }

  // The cell image of the last update(): RGBA8, row-major, top row first. `rgba` must hold
  // cols * rows * 4 bytes.
  void read_cells(std::span<uint8_t> rgba) const;
  int cols() const { return cols_; }
  int rows() const { return rows_; }

 private:
  void set_scheme_uniforms(const ColorScheme& scheme, double sea_level);
  // (Re)allocates the textures for a cols x rows grid.
  void resize(int cols, int rows);

  ShaderFeatures features_;
  GLuint cells_program_ = 0;
  GLuint heights_ = 0;  // R32F texture
  GLuint cells_ = 0;    // RGBA8 texture
  GLuint cells_fbo_ = 0;
  GLuint vao_ = 0;  // empty: the vertex shaders make their own corners
  int cols_ = 0;
  int rows_ = 0;
  // What the relief uniforms were last set for, so an unchanged scheme is not re-sent.
  const ColorScheme* uniform_scheme_ = nullptr;
  double uniform_sea_level_ = -1;

  // Uniform locations.
  GLint u_sea_level_ = -1, u_sea_shallow_ = -1, u_sea_deep_ = -1, u_light_ = -1, u_relief_ = -1,
        u_ambient_ = -1, u_bands_ = -1;
};

}  // namespace terrain::render
