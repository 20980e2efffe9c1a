// Debug text from a font atlas made with stb_truetype (see text_overlay.h).
//
// Sections: the count's text, the font, drawing.
#include "render/gl/text_overlay.h"

#include <fontconfig/fontconfig.h>
#include <stb/stb_truetype.h>

#include <fstream>
#include <iterator>
#include <stdexcept>

#include "core/number_text.h"

namespace terrain::render {

// --- the count's text ------------------------------------------------------------------------

std::string_view format_drop_count(uint64_t drops, char (&out)[40]) {
  char count[32];
  const std::string_view digits = with_thousands(drops, count);
  std::size_t length = 0;
  for (char c : digits) out[length++] = c;
  for (char c : std::string_view(" drops")) out[length++] = c;
  out[length] = '\0';
  return {out, length};
}

// --- the font --------------------------------------------------------------------------------

namespace {

// The atlas: room for printable ASCII at a 14 px em, three times oversampled across.
constexpr int kAtlasWidth = 512;
constexpr int kAtlasHeight = 256;

struct FontFile {
  std::string path;
  int index = 0;  // the face within a collection
};

// What "sans-serif" is on this system, as fontconfig (and so the browser) resolves it.
FontFile sans_serif() {
  FontFile found;
  FcConfig* config = FcInitLoadConfigAndFonts();
  if (config == nullptr) return found;
  FcPattern* pattern = FcNameParse(reinterpret_cast<const FcChar8*>("sans-serif"));
  FcConfigSubstitute(config, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result = FcResultNoMatch;
  FcPattern* match = FcFontMatch(config, pattern, &result);
  FcChar8* file = nullptr;
  if (match != nullptr && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch) {
    found.path = reinterpret_cast<const char*>(file);
    int index = 0;
    if (FcPatternGetInteger(match, FC_INDEX, 0, &index) == FcResultMatch) found.index = index;
  }
  if (match != nullptr) FcPatternDestroy(match);
  FcPatternDestroy(pattern);
  FcConfigDestroy(config);
  return found;
}

}  // namespace

void TextOverlay::init(const ShaderFeatures& features, double em_pixels) {
  release();
  const FontFile font = sans_serif();
  if (font.path.empty()) {
    throw std::runtime_error(
        "text: fontconfig finds no sans-serif font (install fonts-dejavu-core)");
  }
  std::ifstream file(font.path, std::ios::binary);
  const std::vector<unsigned char> data(std::istreambuf_iterator<char>(file), {});
  const int offset = data.empty() ? -1 : stbtt_GetFontOffsetForIndex(data.data(), font.index);
  std::vector<unsigned char> atlas(static_cast<std::size_t>(kAtlasWidth) * kAtlasHeight);
  stbtt_packedchar packed[kCharCount];
  stbtt_pack_context pack;
  const bool packed_ok = offset >= 0 && stbtt_PackBegin(&pack, atlas.data(), kAtlasWidth,
                                                        kAtlasHeight, 0, 1, nullptr) != 0;
  bool ranged = false;
  if (packed_ok) {
    stbtt_PackSetOversampling(&pack, 3, 1);
    // STBTT_POINT_SIZE: the size is the em, as CSS sizes fonts.
    ranged = stbtt_PackFontRange(&pack, data.data(), font.index,
                                 STBTT_POINT_SIZE(static_cast<float>(em_pixels)), kFirstChar,
                                 kCharCount, packed) != 0;
    stbtt_PackEnd(&pack);
  }
  if (!ranged) {
    throw std::runtime_error("text: cannot read the font " + font.path +
                             " (or its glyphs do not fit the atlas)");
  }
  font_path_ = font.path;
  glyphs_.resize(kCharCount);
  for (int c = 0; c < kCharCount; c++) {
    // The quad of a glyph whose pen sits at (0, 0) on the baseline, and the pen's advance.
    float pen_x = 0;
    float pen_y = 0;
    stbtt_aligned_quad q;
    stbtt_GetPackedQuad(packed, kAtlasWidth, kAtlasHeight, c, &pen_x, &pen_y, &q, 0);
    glyphs_[static_cast<std::size_t>(c)] = {q.x0, q.y0, q.x1, q.y1, q.s0, q.t0, q.s1, q.t1, pen_x};
  }

  program_ = link_program(features, "text.vert", {"text.frag"});
  u_target_size_ = uniform_location(program_, "u_target_size");
  u_color_ = uniform_location(program_, "u_color");
  u_flip_ = uniform_location(program_, "u_flip");
  glUseProgram(program_);
  glUniform1i(uniform_location(program_, "u_atlas"), 0);
  glUseProgram(0);

  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, kAtlasWidth, kAtlasHeight, 0, GL_RED, GL_UNSIGNED_BYTE,
               atlas.data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  // Glyphs land at sub-pixel positions: blend the oversampled atlas.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);

  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &buffer_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 4 * sizeof(float), nullptr);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  vertices_.reserve(6 * 4 * 40);
}

void TextOverlay::release() {
  if (program_) glDeleteProgram(program_);
  if (texture_) glDeleteTextures(1, &texture_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (buffer_) glDeleteBuffers(1, &buffer_);
  program_ = texture_ = vao_ = buffer_ = 0;
  buffer_capacity_ = 0;
  glyphs_.clear();
}

// --- drawing ---------------------------------------------------------------------------------

void TextOverlay::draw(std::string_view text, double x, double baseline_y, const CanvasColor& color,
                       int target_w, int target_h, bool flip) {
  if (program_ == 0) throw std::logic_error("TextOverlay::draw before init()");
  vertices_.clear();
  auto pen = static_cast<float>(x);
  const auto baseline = static_cast<float>(baseline_y);
  for (char c : text) {
    const int k = static_cast<unsigned char>(c) - kFirstChar;
    if (k < 0 || k >= kCharCount) continue;
    const Glyph& g = glyphs_[static_cast<std::size_t>(k)];
    if (g.x1 > g.x0) {
      const float x0 = pen + g.x0, x1 = pen + g.x1;
      const float y0 = baseline + g.y0, y1 = baseline + g.y1;
      const float quad[6][4] = {{x0, y0, g.u0, g.v0}, {x1, y0, g.u1, g.v0}, {x0, y1, g.u0, g.v1},
                                {x1, y0, g.u1, g.v0}, {x1, y1, g.u1, g.v1}, {x0, y1, g.u0, g.v1}};
      for (const auto& vertex : quad) vertices_.insert(vertices_.end(), vertex, vertex + 4);
    }
    pen += g.advance;
  }
  if (vertices_.empty()) return;

  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  if (vertices_.size() > buffer_capacity_) {
    buffer_capacity_ = vertices_.size() * 2;
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(buffer_capacity_ * sizeof(float)),
                 nullptr, GL_STREAM_DRAW);
  }
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(vertices_.size() * sizeof(float)),
                  vertices_.data());
  glUseProgram(program_);
  glUniform2f(u_target_size_, static_cast<float>(target_w), static_cast<float>(target_h));
  glUniform4f(u_color_, color.r, color.g, color.b, color.a);
  glUniform1f(u_flip_, flip ? 1.0f : 0.0f);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(vertices_.size() / 4));
  glBindVertexArray(0);
  glDisable(GL_BLEND);
}

}  // namespace terrain::render
