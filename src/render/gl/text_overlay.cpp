// Debug text from an ImGui font atlas (see text_overlay.h).
//
// Sections: the count's text, the font, drawing.
#include "render/gl/text_overlay.h"

#include <imgui.h>
#include <stb/stb_truetype.h>

#include <cstdio>
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

// Debian's fonts-dejavu-core: what the browser's sans-serif resolves to on Debian.
constexpr const char* kSansSerif = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

}  // namespace

TextOverlay::TextOverlay() = default;
TextOverlay::~TextOverlay() {
  release();
}

void TextOverlay::init(const ShaderFeatures& features, double em_pixels) {
  release();
  atlas_ = std::make_unique<ImFontAtlas>();
  std::ifstream file(kSansSerif, std::ios::binary);
  if (file) font_data_.assign(std::istreambuf_iterator<char>(file), {});
  stbtt_fontinfo info;
  if (!font_data_.empty() &&
      stbtt_InitFont(&info, font_data_.data(), stbtt_GetFontOffsetForIndex(font_data_.data(), 0))) {
    // CSS sizes a font by its em; ImGui by ascent - descent. Convert.
    int ascent = 0, descent = 0, line_gap = 0;
    stbtt_GetFontVMetrics(&info, &ascent, &descent, &line_gap);
    const float em_scale = stbtt_ScaleForMappingEmToPixels(&info, static_cast<float>(em_pixels));
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;
    config.OversampleH = 3;  // sub-pixel glyph positions, as the browser places them
    config.OversampleV = 1;
    font_ = atlas_->AddFontFromMemoryTTF(font_data_.data(), static_cast<int>(font_data_.size()),
                                         em_scale * static_cast<float>(ascent - descent), &config);
    font_name_ = kSansSerif;
  }
  if (font_ == nullptr) {
    font_ = atlas_->AddFontDefault();
    font_name_ = "ProggyClean (ImGui default)";
  }
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  atlas_->GetTexDataAsAlpha8(&pixels, &width, &height);
  if (pixels == nullptr) throw std::runtime_error("text: the font atlas could not be built");

  program_ = link_program(features, "text.vert", "text.frag");
  u_target_size_ = uniform_location(program_, "u_target_size");
  u_color_ = uniform_location(program_, "u_color");
  glUseProgram(program_);
  glUniform1i(uniform_location(program_, "u_atlas"), 0);
  glUseProgram(0);

  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE, pixels);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  // Glyphs land at sub-pixel positions: blend the oversampled atlas.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  atlas_->ClearTexData();  // the pixels live on the GPU now

  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &buffer_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 4 * sizeof(float), nullptr);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  vertices_.reserve(6 * 4 * 32);
}

void TextOverlay::release() {
  if (program_) glDeleteProgram(program_);
  if (texture_) glDeleteTextures(1, &texture_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (buffer_) glDeleteBuffers(1, &buffer_);
  program_ = texture_ = vao_ = buffer_ = 0;
  buffer_capacity_ = 0;
  font_ = nullptr;
  atlas_.reset();
  font_data_.clear();
}

// --- drawing ---------------------------------------------------------------------------------

void TextOverlay::draw(std::string_view text, double x, double baseline_y, const CanvasColor& color,
                       int target_w, int target_h) {
  if (program_ == 0) throw std::logic_error("TextOverlay::draw before init()");
  // ImGui's glyph boxes are relative to the top of a line whose baseline is at its rounded
  // ascent (the same expression ImGui's atlas builder uses).
  const float ascent = static_cast<float>(static_cast<int>(font_->Ascent + 0.5f));
  vertices_.clear();
  auto pen = static_cast<float>(x);
  const auto top = static_cast<float>(baseline_y) - ascent;
  for (char c : text) {
    const ImFontGlyph* glyph =
        font_->FindGlyph(static_cast<ImWchar>(static_cast<unsigned char>(c)));
    if (glyph == nullptr) continue;
    if (glyph->Visible) {
      const float x0 = pen + glyph->X0, x1 = pen + glyph->X1;
      const float y0 = top + glyph->Y0, y1 = top + glyph->Y1;
      const float quad[6][4] = {{x0, y0, glyph->U0, glyph->V0}, {x1, y0, glyph->U1, glyph->V0},
                                {x0, y1, glyph->U0, glyph->V1}, {x1, y0, glyph->U1, glyph->V0},
                                {x1, y1, glyph->U1, glyph->V1}, {x0, y1, glyph->U0, glyph->V1}};
      for (const auto& vertex : quad) vertices_.insert(vertices_.end(), vertex, vertex + 4);
    }
    pen += glyph->AdvanceX;
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
