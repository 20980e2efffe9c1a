// Where the window's parts go: the menu bar across the top, the side bar (the panel) at the
// window's left edge below it, the side view strip along the bottom of what is left, and the
// map in the rest, so the panel never covers the map. Dear ImGui 1.86 has no docking: the side bar
// and the strip are fixed windows placed here, resized by their splitters (the commands
// ResizeSideBar, ResizeStrip).
//
// All in drawable pixels, y down, the window's top-left corner at (0, 0).
#pragma once

#include "render/geometry/map_camera.h"

namespace terrain::app {

// The rain's timeline: a band this many points tall above the strip.
inline constexpr float kTimelineHeight = 24;

struct Rect {
  float left = 0;
  float top = 0;
  float width = 0;
  float height = 0;

  float right() const { return left + width; }
  float bottom() const { return top + height; }
  bool empty() const { return width <= 0 || height <= 0; }
};

struct Layout {
  Rect menu_bar;  // across the window's top (empty when there is none)
  Rect side_bar;  // empty when the panel is hidden
  Rect strip;     // empty when the side view is hidden
  Rect timeline;  // the rain's timeline, between the map and the strip (empty when not asked for)
  Rect map;       // never empty for a window of at least 1 x 1
  // The map's rectangle as the camera takes it.
  render::MapArea map_area() const { return {map.left, map.top, map.width, map.height}; }
};

// The widths a splitter can give, for a window `window_width` wide: at least
// kMinSideBarWidth, at most kMaxSideBarShare of the window (and never so wide that less than
// one pixel of map is left); the strip likewise with kMinStripHeight and kMaxStripShare.
float clamp_side_bar_width(float width, float window_width);
float clamp_strip_height(float height, float window_height);

// Whether the side bar shows in a window `width_points` wide: as the user left it (`visible`,
// H), and in a window narrower than kPanelFoldWidth only once asked for there (`opened_small`).
bool side_bar_shown(bool visible, bool opened_small, float width_points);

// Where a drop-down goes in the side bar: its frame beside its label, `beside` wide (what the
// bar leaves its controls), when the widest item's text with the frame's padding and arrow
// (`needed`) fits there; else on a line of its own under the label, the bar's whole width
// (`full`), so that no item is cut short in the frame ("16-bit PN" at 800 x 500).
struct DropDownPlace {
  bool label_above = false;
  float width = 0;
};
DropDownPlace place_drop_down(float needed, float beside, float full);

// The parts for a window of `width` x `height` pixels (each at least 1). The menu bar is
// `menu_height` tall (whole pixels; less when the window is too small for it and a pixel of
// map); below it the side bar is as wide as `side_bar_width` allows (clamped), the strip as
// tall as `strip_height` allows, and the map takes what is left beside and above them: the
// parts never overlap and cover the window. The timeline, `timeline_height` tall (less when the
// window is too small for it and a pixel of map), runs along the map's bottom edge, above the
// strip.
Layout lay_out(int width, int height, bool side_bar, float side_bar_width, bool strip,
               float strip_height, float timeline_height = 0, float menu_height = 0);

}  // namespace terrain::app
