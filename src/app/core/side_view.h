// The side view: a strip under the map that shows the land from the side. Either a
// cross-section of the map along one row (the ground before the rain and now, the sea, the
// lakes; it follows the rain live), or one of the two skylines of the side-view document,
// "How can I generate a 2D mountain landscape procedurally?" (the random-walk slope, or random
// points per section), each with its own seed and parameters.
//
// This is what the app remembers of it; the strip itself is drawn by side_view_strip.h and
// changed only through the commands in command.h.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/skyline.h"

namespace terrain::app {

enum class SideView { cross_section, walk, sections };
// The side views in the order K steps through them.
inline constexpr std::array<SideView, 3> kSideViews{SideView::cross_section, SideView::walk,
                                                    SideView::sections};

// "cross-section", "walk", "sections": the names --side-view takes.
std::string_view side_view_name(SideView view);
std::optional<SideView> parse_side_view(std::string_view name);

struct SideViewState {
  bool shown = true;  // the strip under the map (hidden: the map takes its place)
  SideView view = SideView::cross_section;
  // The map row the cross-section cuts along, 0 at the top; nullopt: the middle row.
  std::optional<int> row;
  // The skylines' own seed (the first answer: "use a random number generator which allows you
  // to set a seed value"), apart from the map's so that one never shifts the other.
  uint32_t skyline_seed = 1;
  RandomWalkParams walk;  // its `columns` is the strip's width in pixels when drawn
  SectionParams sections;
};

// The strip's height as a share of the window's at first (the shell keeps it as the splitter
// above it leaves it: the strip grows and shrinks with the window): 170 pixels of 720.
inline constexpr float kDefaultStripShare = 170.0f / 720.0f;

// The strip's height limits (window pixels) and the side bar's width limits. Each part beside
// the map takes at most half the window, so the map always keeps the larger part of it.
inline constexpr float kMinStripHeight = 60;
inline constexpr float kMaxStripShare = 0.5f;  // of the window's height
inline constexpr float kMinSideBarWidth = 240;
inline constexpr float kMaxSideBarShare = 0.5f;  // of the window's width
// The side bar's width as a share of the window's at first: 360 pixels of 1280.
inline constexpr float kDefaultSideBarShare = 0.28125f;
// Below this width (in points) the side bar hides itself until it is asked for (H, or the
// Panel button over the map), so that a small window is mostly map.
inline constexpr float kPanelFoldWidth = 720;

}  // namespace terrain::app
