// The window's parts (app/layout.h): the side bar and the strip never cover the map, at every
// window size and splitter position.
#include "app/core/layout.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "app/core/side_view.h"

namespace terrain::app {
namespace {

bool overlap(const Rect& a, const Rect& b) {
  if (a.empty() || b.empty()) return false;
  return a.left < b.right() && b.left < a.right() && a.top < b.bottom() && b.top < a.bottom();
}

// The timeline band runs between the map and the strip, never covering either, and gives way
// to a pixel of map in a window too small for it.
TEST(Layout, TheTimelineRunsBetweenTheMapAndTheStrip) {
  for (int h : {1, 2, 25, 64, 360, 720, 2160}) {
    for (bool strip : {false, true}) {
      for (float line : {0.0f, 24.0f, 48.0f}) {
        SCOPED_TRACE(::testing::Message() << "h " << h << " strip " << strip << " line " << line);
        const Layout l = lay_out(1280, h, true, 360, strip, 170, line);
        EXPECT_FALSE(l.map.empty());
        EXPECT_FALSE(overlap(l.map, l.timeline));
        EXPECT_FALSE(overlap(l.strip, l.timeline));
        if (l.timeline.empty()) {
          EXPECT_TRUE(line == 0 || static_cast<float>(h) - l.strip.height <= 1);
          continue;
        }
        EXPECT_EQ(l.timeline.left, l.map.left);
        EXPECT_EQ(l.timeline.width, l.map.width);
        EXPECT_EQ(l.timeline.top, l.map.bottom());
        EXPECT_EQ(l.timeline.bottom(), l.strip.empty() ? static_cast<float>(h) : l.strip.top);
        if (h >= 360) {
          EXPECT_EQ(l.timeline.height, line);
        }
      }
    }
  }
}

// The menu bar takes the window's top rows, whole pixels, and the parts below share what is
// left as before: nothing overlaps it, everything reaches the window's bottom, and a window too
// short for it still keeps a pixel of map.
TEST(Layout, TheMenuBarIsAcrossTheTopAndThePartsBelowIt) {
  for (int h : {1, 2, 19, 20, 64, 360, 720, 2160}) {
    for (bool strip : {false, true}) {
      SCOPED_TRACE(::testing::Message() << "h " << h << " strip " << strip);
      const Layout l = lay_out(1280, h, true, 360, strip, 170, 24, 19.4f);
      EXPECT_EQ(l.menu_bar.top, 0);
      EXPECT_EQ(l.menu_bar.left, 0);
      EXPECT_EQ(l.menu_bar.width, 1280);
      EXPECT_EQ(l.menu_bar.height, std::min(19.0f, static_cast<float>(h - 1)));
      EXPECT_FALSE(l.map.empty());
      for (const Rect* part : {&l.side_bar, &l.map, &l.timeline, &l.strip}) {
        EXPECT_FALSE(overlap(l.menu_bar, *part));
      }
      EXPECT_EQ(l.side_bar.top, l.menu_bar.bottom());
      EXPECT_EQ(l.side_bar.bottom(), static_cast<float>(h));
      EXPECT_EQ(l.map.top, l.menu_bar.bottom());
      const float bottom = !l.strip.empty()      ? l.strip.bottom()
                           : !l.timeline.empty() ? l.timeline.bottom()
                                                 : l.map.bottom();
      EXPECT_EQ(bottom, static_cast<float>(h));
    }
  }
  // Without one, the parts start at the top as they always did.
  EXPECT_EQ(lay_out(1280, 720, true, 360, true, 170, 24).map.top, 0);
  EXPECT_TRUE(lay_out(1280, 720, true, 360, true, 170, 24).menu_bar.empty());
}

TEST(Layout, TheSideBarAndTheStripNeverCoverTheMapAtAnySize) {
  for (int w : {1, 2, 64, 100, 300, 641, 1280, 1920, 3840, 16384}) {
    for (int h : {1, 2, 64, 99, 360, 720, 1080, 16384}) {
      for (bool bar : {false, true}) {
        for (bool strip : {false, true}) {
          for (float bar_width : {0.0f, 240.0f, 360.0f, 5000.0f}) {
            for (float strip_height : {0.0f, 60.0f, 170.0f, 9000.0f}) {
              SCOPED_TRACE(::testing::Message()
                           << w << "x" << h << " bar " << bar << " " << bar_width << " strip "
                           << strip << " " << strip_height);
              const Layout l = lay_out(w, h, bar, bar_width, strip, strip_height);
              EXPECT_FALSE(l.map.empty());
              EXPECT_FALSE(overlap(l.map, l.side_bar));
              EXPECT_FALSE(overlap(l.map, l.strip));
              EXPECT_FALSE(overlap(l.side_bar, l.strip));
              // Together they are the window: the map reaches the right edge and the top, the
              // strip (or the map) the bottom, the bar (or the map) the left.
              EXPECT_EQ(l.map.right(), static_cast<float>(w));
              EXPECT_EQ(l.map.top, 0);
              EXPECT_EQ(l.strip.empty() ? l.map.bottom() : l.strip.bottom(), static_cast<float>(h));
              EXPECT_EQ(l.side_bar.empty() ? l.map.left : l.side_bar.right(), l.map.left);
              if (!l.side_bar.empty()) {
                EXPECT_EQ(l.side_bar.left, 0);
                EXPECT_EQ(l.side_bar.height, static_cast<float>(h));
              }
              if (!l.strip.empty()) {
                EXPECT_EQ(l.strip.left, l.map.left);
                EXPECT_EQ(l.strip.width, l.map.width);
                EXPECT_EQ(l.strip.top, l.map.bottom());
              }
              EXPECT_EQ(l.side_bar.empty(), !bar || w < 2);
              EXPECT_EQ(l.strip.empty(), !strip || h < 2);
            }
          }
        }
      }
    }
  }
}

TEST(Layout, SplittersStayWithinTheirLimits) {
  EXPECT_EQ(clamp_side_bar_width(100, 1280), kMinSideBarWidth);
  EXPECT_EQ(clamp_side_bar_width(5000, 1280), 1280 * kMaxSideBarShare);
  EXPECT_EQ(clamp_side_bar_width(400, 1280), 400);
  EXPECT_EQ(clamp_strip_height(10, 720), kMinStripHeight);
  EXPECT_EQ(clamp_strip_height(5000, 720), 720 * kMaxStripShare);
  EXPECT_EQ(clamp_strip_height(200, 720), 200);
  // A window too small for the least width still keeps a pixel of map.
  EXPECT_LT(clamp_side_bar_width(300, 100), 100);
}

// At the shares the app starts with, in small, usual and large windows: the side bar hides
// itself below kPanelFoldWidth (until asked for), the parts grow and shrink with the window,
// and the map always has more than half of it.
TEST(Layout, AtTheStartingSharesTheMapHasMostOfTheWindowAtEverySize) {
  const SideViewState side;
  for (const auto& [w, h] : {std::pair{640, 360}, std::pair{800, 450}, std::pair{1280, 720},
                             std::pair{1600, 900}, std::pair{2560, 1440}}) {
    SCOPED_TRACE(::testing::Message() << w << "x" << h);
    const bool bar = side_bar_shown(true, false, static_cast<float>(w));
    EXPECT_EQ(bar, static_cast<float>(w) >= kPanelFoldWidth);
    const Layout l = lay_out(w, h, bar, kDefaultSideBarShare * static_cast<float>(w), side.shown,
                             kDefaultStripShare * static_cast<float>(h));
    const double map = static_cast<double>(l.map.width) * l.map.height;
    EXPECT_GT(map, 0.5 * w * h);
    if (bar) {
      EXPECT_NEAR(l.side_bar.width,
                  std::max(kMinSideBarWidth, kDefaultSideBarShare * static_cast<float>(w)), 1);
    }
    EXPECT_NEAR(l.strip.height, kDefaultStripShare * static_cast<float>(h), 1);
  }
  // The usual window keeps the sizes the app always had there.
  const Layout usual =
      lay_out(1280, 720, true, kDefaultSideBarShare * 1280, true, kDefaultStripShare * 720);
  EXPECT_EQ(usual.side_bar.width, 360);
  EXPECT_EQ(usual.strip.height, 170);
  // Hidden by H, it stays hidden at any width; asked for in a small window, it shows there.
  EXPECT_FALSE(side_bar_shown(false, false, 1920));
  EXPECT_FALSE(side_bar_shown(false, true, 640));
  EXPECT_TRUE(side_bar_shown(true, true, 640));
}

TEST(Layout, TheMapAreaIsTheCamerasRectangle) {
  const Layout l = lay_out(1280, 720, true, 360, true, 170);
  const render::MapArea a = l.map_area();
  EXPECT_EQ(a.left, 360);
  EXPECT_EQ(a.top, 0);
  EXPECT_EQ(a.width, 920);
  EXPECT_EQ(a.height, 550);
}

// A drop-down keeps its frame beside its label while its widest item fits there, and goes under
// its label, the bar's whole width, when it does not: whatever the widths, the widest item fits
// in the frame whenever it fits in the bar at all.
TEST(Layout, ADropDownGoesUnderItsLabelWhenItsWidestItemWouldBeCut) {
  // 1280 x 720: a 331-point bar, 211 beside the label; "16-bit PNG" needs about 100.
  EXPECT_FALSE(place_drop_down(100, 211, 331).label_above);
  EXPECT_EQ(place_drop_down(100, 211, 331).width, 211);
  // 800 x 500: 84 beside the label, 204 in all.
  EXPECT_TRUE(place_drop_down(100, 84, 204).label_above);
  EXPECT_EQ(place_drop_down(100, 84, 204).width, 204);
  for (float needed = 10; needed < 400; needed += 7) {
    for (float full = 50; full < 500; full += 13) {
      for (float beside = 0; beside <= full; beside += 11) {
        const DropDownPlace p = place_drop_down(needed, beside, full);
        if (needed <= full) {
          EXPECT_GE(p.width, needed) << needed << " " << beside << " " << full;
        }
        EXPECT_GE(p.width, beside);
        EXPECT_EQ(p.label_above, needed > beside);
      }
    }
  }
}

}  // namespace
}  // namespace terrain::app
