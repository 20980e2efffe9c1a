// The panel's font (fonts.h).
#include "app/panel/fonts.h"

#include <imgui.h>

#include <cstddef>

namespace terrain::app {
namespace {

// U+2192 RIGHTWARDS ARROW in ProggyClean's cell (7 x 13 pixels, its baseline at row 10): a
// shaft along the middle of the lower-case letters and a head of two diagonals.
constexpr int kArrowWidth = 7;
constexpr int kArrowHeight = 13;
constexpr const char* kArrow[kArrowHeight] = {
    ".......",  //
    ".......",  //
    ".......",  //
    ".......",  //
    "....#..",  //
    ".....#.",  //
    "######.",  // the shaft, at the height of a hyphen
    ".....#.",  //
    "....#..",  //
    ".......",  //
    ".......",  //
    ".......",  //
    ".......",  //
};

}  // namespace

void add_panel_font() {
  ImGuiIO& io = ImGui::GetIO();
  ImFont* font = io.Fonts->AddFontDefault();
  const int arrow = io.Fonts->AddCustomRectFontGlyph(font, 0x2192, kArrowWidth, kArrowHeight,
                                                     static_cast<float>(kArrowWidth));
  io.Fonts->Build();
  unsigned char* pixels = nullptr;
  int width = 0;
  int height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  const ImFontAtlasCustomRect* rect = io.Fonts->GetCustomRectByIndex(arrow);
  for (int y = 0; y < kArrowHeight; y++) {
    for (int x = 0; x < kArrowWidth; x++) {
      unsigned char* p =
          pixels + (static_cast<std::size_t>(rect->Y + y) * static_cast<std::size_t>(width) +
                    rect->X + static_cast<std::size_t>(x)) *
                       4;
      p[0] = p[1] = p[2] = 255;
      p[3] = kArrow[y][x] == '#' ? 255 : 0;
    }
  }
}

}  // namespace terrain::app
