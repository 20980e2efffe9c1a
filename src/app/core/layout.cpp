// The window's parts (layout.h).
#include "app/core/layout.h"

#include <algorithm>
#include <cmath>

#include "app/core/side_view.h"

namespace terrain::app {
namespace {

// The most a part beside the map may take: its share of the window, and always a pixel less
// than the window so that the map keeps at least one.
float clamp_part(float size, float window, float least, float share) {
  const float most = std::max(0.0f, std::min(window * share, window - 1));
  return std::clamp(size, std::min(least, most), most);
}

}  // namespace

float clamp_side_bar_width(float width, float window_width) {
  return clamp_part(width, window_width, kMinSideBarWidth, kMaxSideBarShare);
}

float clamp_strip_height(float height, float window_height) {
  return clamp_part(height, window_height, kMinStripHeight, kMaxStripShare);
}

bool side_bar_shown(bool visible, bool opened_small, float width_points) {
  return visible && (width_points >= kPanelFoldWidth || opened_small);
}

Layout lay_out(int width, int height, bool side_bar, float side_bar_width, bool strip,
               float strip_height, float timeline_height, float menu_height) {
  const auto w = static_cast<float>(std::max(1, width));
  const auto window_h = static_cast<float>(std::max(1, height));
  // The menu bar across the top (never so tall that no pixel of map is left); the parts below.
  const float top = std::floor(std::clamp(menu_height, 0.0f, window_h - 1));
  const float h = window_h - top;
  Layout layout;
  layout.menu_bar = {0, 0, w, top};
  // Whole pixels, so the map's edges fall between pixels and nothing overlaps.
  const float bar =
      side_bar ? static_cast<float>(static_cast<int>(clamp_side_bar_width(side_bar_width, w)))
               : 0.0f;
  const float below =
      strip ? static_cast<float>(static_cast<int>(clamp_strip_height(strip_height, h))) : 0.0f;
  if (bar > 0) layout.side_bar = {0, top, bar, h};
  const float line = static_cast<float>(
      static_cast<int>(std::clamp(timeline_height, 0.0f, std::max(0.0f, h - below - 1))));
  layout.map = {bar, top, w - bar, h - below - line};
  if (line > 0) layout.timeline = {bar, top + h - below - line, w - bar, line};
  if (below > 0) layout.strip = {bar, window_h - below, w - bar, below};
  return layout;
}

DropDownPlace place_drop_down(float needed, float beside, float full) {
  if (needed <= beside) return {false, beside};
  return {true, std::max(beside, full)};
}

}  // namespace terrain::app
