// The debug overlay's text: "<drops> drops" as the sketch's drawDebug() writes it with
// p5's text(): 14 px, the browser's sans-serif, left-aligned on an alphabetic baseline.
//
// Glyphs come from Dear ImGui's font atlas used on its own (ImFontAtlas rasterises with its
// built-in stb_truetype; no ImGui context is needed): DejaVu Sans from Debian's
// fonts-dejavu-core when it is installed (what sans-serif resolves to on Debian), sized so its
// em is 14 px as CSS sizes fonts, else ImGui's embedded ProggyClean.
//
// Needs a current GL context for every call, including destruction.
#pragma once

#include <epoxy/gl.h>

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "render/geometry/color_scheme.h"
#include "render/gl/gl_program.h"

struct ImFontAtlas;
struct ImFont;

namespace terrain::render {

// "<n with thousands separators> drops", as `${drops.toLocaleString()} drops` in en-US
// (e.g. "300,000 drops"). Writes into `out` and returns the text; no allocation.
std::string_view format_drop_count(uint64_t drops, char (&out)[40]);

class TextOverlay {
 public:
  TextOverlay();
  TextOverlay(const TextOverlay&) = delete;
  TextOverlay& operator=(const TextOverlay&) = delete;
  ~TextOverlay();

  // Builds the font atlas for `em_pixels` and uploads it; compiles the program.
  void init(const ShaderFeatures& features, double em_pixels);
  void release();
  // Which font the atlas holds: a file path, or "ProggyClean (ImGui default)".
  const char* font_name() const { return font_name_; }

  // Fills `text` with its left end at x and its baseline at y (canvas pixels) into the bound
  // framebuffer of target_w x target_h, blending over what is there.
  void draw(std::string_view text, double x, double baseline_y, const CanvasColor& color,
            int target_w, int target_h);

 private:
  std::unique_ptr<ImFontAtlas> atlas_;
  ImFont* font_ = nullptr;
  std::vector<unsigned char> font_data_;  // the TTF, kept alive for the atlas
  const char* font_name_ = "";
  GLuint program_ = 0;
  GLuint texture_ = 0;
  GLuint vao_ = 0;
  GLuint buffer_ = 0;
  std::size_t buffer_capacity_ = 0;  // in floats
  std::vector<float> vertices_;      // x, y, u, v per vertex, 6 per glyph
  GLint u_target_size_ = -1, u_color_ = -1;
};

}  // namespace terrain::render
