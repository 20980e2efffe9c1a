// The debug overlay's text: "<drops> drops" as the sketch's drawDebug() writes it with
// p5's text(): 14 px, the browser's sans-serif, left-aligned on an alphabetic baseline.
//
// The font is what fontconfig resolves "sans-serif" to, as the browser resolves it on Linux
// (DejaVu Sans on Debian), rasterised with stb_truetype into an atlas, its em 14 px as CSS
// sizes fonts, three times oversampled across so glyphs land at sub-pixel positions as the
// browser places them.
//
// Needs a current GL context for every call, including destruction.
#pragma once

#include <epoxy/gl.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "render/geometry/color_scheme.h"
#include "render/gl/gl_program.h"

namespace terrain::render {

// "<n with thousands separators> drops", as `${drops.toLocaleString()} drops` in en-US
// (e.g. "300,000 drops"). Writes into `out` and returns the text; no allocation.
std::string_view format_drop_count(uint64_t drops, char (&out)[40]);

class TextOverlay {
 public:
  TextOverlay() = default;
  TextOverlay(const TextOverlay&) = delete;
  TextOverlay& operator=(const TextOverlay&) = delete;
  ~TextOverlay() { release(); }

  // Finds and rasterises the font for `em_pixels`, uploads the atlas, compiles the program.
  // Throws std::runtime_error, saying what is missing, when no sans-serif font can be read.
  void init(const ShaderFeatures& features, double em_pixels);
  void release();
  // The font file the atlas was made from.
  const std::string& font_path() const { return font_path_; }

  // Fills `text` with its left end at x and its baseline at y (canvas pixels) into the bound
  // framebuffer of target_w x target_h, blending over what is there; `flip` for a framebuffer
  // whose top row is last (a window's).
  void draw(std::string_view text, double x, double baseline_y, const CanvasColor& color,
            int target_w, int target_h, bool flip);

 private:
  // Printable ASCII, which is all the count needs.
  static constexpr int kFirstChar = 32;
  static constexpr int kCharCount = 95;
  struct Glyph {
    float x0, y0, x1, y1;  // the quad, relative to the pen on the baseline
    float u0, v0, u1, v1;  // where it is in the atlas
    float advance;
  };
  std::vector<Glyph> glyphs_;  // kCharCount, from kFirstChar
  std::string font_path_;
  GLuint program_ = 0;
  GLuint texture_ = 0;
  GLuint vao_ = 0;
  GLuint buffer_ = 0;
  std::size_t buffer_capacity_ = 0;  // in floats
  std::vector<float> vertices_;      // x, y, u, v per vertex, 6 per glyph
  GLint u_target_size_ = -1, u_color_ = -1, u_flip_ = -1;
};

}  // namespace terrain::render
