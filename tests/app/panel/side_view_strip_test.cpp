// The side view strip, painted on the CPU as its picture, in a headless ImGui context (no
// window, no GL: the picture and the draw list are only read back): the cross-section's ground
// is the core's heights along the row, under the map's cells at any zoom and pan; the walk has
// a column per pixel at the answer's heights; skylines are made again only when their seed,
// parameters or width change; a steady frame allocates nothing and repaints no unchanged
// column; bad parameters are shown instead of thrown; and the row mark lies on its row inside
// the map.
#include "app/panel/side_view_strip.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "allocation_counter.h"
#include "core/frame.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/island.h"
#include "core/rain.h"
#include "core/skyline.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/side_view.h"

namespace terrain::app {
namespace {

constexpr float kW = 1100;
constexpr float kH = 700;
// The strip under a map, as the app lays them out: the map above, the strip below.
const ImVec2 kMapMin{0, 0};
const ImVec2 kMapMax{kW, 520};
const ImVec2 kStripMin{20, 530};
const ImVec2 kStripMax{kW - 30, kH};

// A headless ImGui: a context with its font atlas built and a display size, frames begun
// and ended without any backend.
class HeadlessImGui {
 public:
  HeadlessImGui() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = {kW, kH};
    unsigned char* pixels = nullptr;
    int w = 0;
    int h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

  ImDrawList* begin() {
    ImGui::NewFrame();
    return ImGui::GetBackgroundDrawList();
  }
  void end() { ImGui::Render(); }
};

struct Map {
  Heightfield original;
  Heightfield now;
  Hydrology hydrology;
  Map() {
    original = island_terrain(3);
    now = original;
    Rain rain(now, 3);
    rain.run(now.size());
    HydrologyParams params;
    hydrology.compute(now, params, 3u);
  }
};
const Map& map_3() {
  static const Map map;
  return map;
}

struct Drawn {
  int vertices = 0;
  float min_x = 1e9f;
  float max_x = -1e9f;
  float min_y = 1e9f;
  float max_y = -1e9f;
};
// What was added to `draw` from vertex `from` on.
Drawn drawn_since(const ImDrawList* draw, int from) {
  Drawn d;
  for (int i = from; i < draw->VtxBuffer.Size; ++i) {
    const ImVec2 p = draw->VtxBuffer[i].pos;
    ++d.vertices;
    d.min_x = std::min(d.min_x, p.x);
    d.max_x = std::max(d.max_x, p.x);
    d.min_y = std::min(d.min_y, p.y);
    d.max_y = std::max(d.max_y, p.y);
  }
  return d;
}

// The first pixel row of a strip from `top`, `height` rows tall, whose centre lies at or
// below y: where a silhouette whose top is at y starts.
int first_row(float y, float top, int height) {
  return static_cast<int>(std::clamp(std::ceil(y - top - 0.5f), 0.0f, static_cast<float>(height)));
}

class SideViewStrip : public ::testing::Test {
 protected:
  SideViewStrip() { cache.use_gl = false; }
  HeadlessImGui imgui;
  SideViewCache cache;
  SideViewState state;
  Frame frame = Frame::viewport(kMapMax.x - kMapMin.x, kMapMax.y - kMapMin.y, map_3().now.width(),
                                map_3().now.height());

  SideViewInputs inputs(const render::ColorScheme& scheme) const {
    SideViewInputs in;
    in.original = &map_3().original;
    in.now = &map_3().now;
    in.lake_depth = map_3().hydrology.lake_depth();
    in.sea_level = 0.25;
    in.scheme = &scheme;
    in.map_frame = &frame;
    return in;
  }

  Drawn frame_of(const SideViewInputs& in) {
    ImDrawList* draw = imgui.begin();
    const int from = draw->VtxBuffer.Size;
    draw_side_view_strip(draw, kStripMin, kStripMax, state, in, cache);
    const Drawn d = drawn_since(draw, from);
    imgui.end();
    return d;
  }
};

// Anti-aliased lines fringe up to a pixel or so past their ends; the clip rectangle trims
// them.
constexpr float kFringe = 2;

void expect_inside_strip(const Drawn& d) {
  EXPECT_GE(d.min_x, kStripMin.x - kFringe);
  EXPECT_LE(d.max_x, kStripMax.x + kFringe);
  EXPECT_GE(d.min_y, kStripMin.y - kFringe);
  EXPECT_LE(d.max_y, kStripMax.y + kFringe);
}

TEST_F(SideViewStrip, EveryViewPaintsAPictureOfTheStripsSizeOnEveryScheme) {
  const int w = static_cast<int>(std::floor(kStripMax.x - kStripMin.x));
  const int h = static_cast<int>(std::floor(kStripMax.y - kStripMin.y));
  for (const render::ColorScheme& scheme : render::color_schemes()) {
    for (SideView view : {SideView::cross_section, SideView::walk, SideView::sections}) {
      SCOPED_TRACE(scheme.key + " " + std::string(side_view_name(view)));
      state.view = view;
      const Drawn d = frame_of(inputs(scheme));
      expect_inside_strip(d);  // the caption
      ASSERT_EQ(cache.image.width, w);
      ASSERT_EQ(cache.image.height, h);
      ASSERT_EQ(cache.image.pixels.size(), static_cast<std::size_t>(w) * h);
      // Land somewhere and sky somewhere: the top row is sky in every column, land reaches
      // the bottom row in most.
      int land = 0;
      for (const auto& c : cache.image.columns) land += c.ground < h ? 1 : 0;
      EXPECT_GT(land, w / 2);
      for (int x = 0; x < w; ++x) {
        const uint32_t top = cache.image.pixels[static_cast<std::size_t>(x)];
        const uint32_t bottom = cache.image.pixels[static_cast<std::size_t>(h - 1) * w + x];
        EXPECT_EQ(top >> 24, 0xffu);  // opaque
        EXPECT_EQ(bottom >> 24, 0xffu);
      }
    }
  }
}

// The sky is never the sea's colour (a Topographic sky of the deep sea's blue made the land
// look submerged), and the strip's top rows are sky in every column: no peak reaches them,
// and the caption sits over sky.
TEST_F(SideViewStrip, TheSkyIsNotTheSeasColourAndThePeaksLeaveHeadroomOnEveryScheme) {
  const int h = static_cast<int>(std::floor(kStripMax.y - kStripMin.y));
  const auto headroom = static_cast<int>(strip_headroom(h));
  ASSERT_GE(headroom, 10);
  auto far_from = [](uint32_t pixel, const render::P5Color& c) {
    const render::CanvasColor k = render::canvas_color(c);
    int most = 0;
    const double channels[3] = {k.r, k.g, k.b};
    for (int i = 0; i < 3; ++i) {
      const auto v = static_cast<int>((pixel >> (8 * i)) & 0xffu);
      most = std::max(most, std::abs(v - static_cast<int>(std::lround(channels[i] * 255.0))));
    }
    return most;
  };
  for (const render::ColorScheme& scheme : render::color_schemes()) {
    for (SideView view : {SideView::cross_section, SideView::walk, SideView::sections}) {
      SCOPED_TRACE(scheme.key + " " + std::string(side_view_name(view)));
      state.view = view;
      // Skylines whose peaks would reach the top of the strip without the headroom.
      state.walk.step_max = 20;
      state.sections.shift = 2000;
      frame_of(inputs(scheme));
      for (const auto& c : cache.image.columns) {
        EXPECT_GE(c.ground, headroom);
        EXPECT_GE(c.original, view == SideView::cross_section ? headroom : -1);
      }
      const uint32_t sky = cache.image.pixels[0];
      EXPECT_GE(far_from(sky, scheme.sea_deep), 30) << std::hex << sky;
      EXPECT_GE(far_from(sky, scheme.sea_shallow), 30) << std::hex << sky;
    }
  }
}

TEST_F(SideViewStrip, TheCrossSectionsGroundIsTheCoresHeightsAlongTheRow) {
  const int h = static_cast<int>(std::floor(kStripMax.y - kStripMin.y));
  const render::VerticalMap vertical = render::cross_section_vertical(
      kStripMin.y + strip_headroom(h), kStripMin.y + static_cast<float>(h));
  for (int row : {30, 90, 151}) {
    for (const Frame& f : {frame, Frame{-2400, -900, 14, 14}, Frame{150, 0, 3.3, 3.3}}) {
      frame = f;
      state.row = row;
      frame_of(inputs(render::color_schemes()[0]));
      const Heightfield& now = map_3().now;
      const Heightfield& original = map_3().original;
      int checked = 0;
      for (int x = 0; x < cache.image.width; ++x) {
        // The map's cell whose column this pixel lies in: the grid point nearest its centre.
        const double centre = kStripMin.x + static_cast<double>(x) + 0.5;
        const auto cell = static_cast<int>(std::floor((centre - f.left) / f.scale_x + 0.5));
        const auto& c = cache.image.columns[static_cast<std::size_t>(x)];
        if (cell < 0 || cell >= now.width()) {
          EXPECT_EQ(c.ground, h) << "no land beside the map, column " << x;
          continue;
        }
        EXPECT_EQ(c.ground, first_row(vertical.y(now.at(cell, row)), kStripMin.y, h))
            << "row " << row << " column " << x << " cell " << cell;
        const int before = first_row(vertical.y(original.at(cell, row)), kStripMin.y, h);
        EXPECT_EQ(c.original, before < c.ground ? before : h) << "column " << x;
        // The sea stands at sea level wherever the ground is below it.
        if (now.at(cell, row) < 0.25f) {
          EXPECT_EQ(c.water, first_row(vertical.y(0.25), kStripMin.y, h)) << "column " << x;
        }
        checked++;
      }
      EXPECT_GT(checked, 100);
    }
  }
}

TEST_F(SideViewStrip, TheCrossSectionFollowsAZoomedAndPannedMap) {
  const render::ColorScheme& scheme = render::color_schemes()[2];
  frame = {-2400, -900, 14, 14};
  state.row = 70;
  frame_of(inputs(scheme));
  const int h = cache.image.height;
  for (const auto& c : cache.image.columns) EXPECT_LT(c.ground, h);
  // Panned past the map's right edge: the strip is sky, and no land.
  frame = {-10000, 0, 2, 2};
  frame_of(inputs(scheme));
  for (const auto& c : cache.image.columns) EXPECT_EQ(c.ground, h);
}

TEST_F(SideViewStrip, TheWalkHasAColumnPerPixelOfTheStripAtTheAnswersHeights) {
  state.view = SideView::walk;
  frame_of(inputs(render::color_schemes()[0]));
  const auto width = static_cast<std::size_t>(std::floor(kStripMax.x - kStripMin.x));
  EXPECT_EQ(cache.shape.size(), width);
  for (std::size_t x = 0; x < cache.shape.size(); ++x) {
    EXPECT_EQ(cache.shape[x].x0, kStripMin.x + static_cast<float>(x));
    EXPECT_EQ(cache.shape[x].x1, kStripMin.x + static_cast<float>(x + 1));
  }
  // Each column's surface where the answer's canvas puts it: y = height from the top.
  RandomWalkParams params = state.walk;
  params.columns = static_cast<int>(width);
  const std::vector<double> heights = random_walk_skyline(state.skyline_seed, params);
  const int h = cache.image.height;
  const render::VerticalMap vertical = render::walk_vertical(
      params, kStripMin.y + strip_headroom(h), kStripMin.y + static_cast<float>(h));
  for (std::size_t x = 0; x < width; ++x) {
    EXPECT_EQ(cache.image.columns[x].ground, first_row(vertical.y(heights[x]), kStripMin.y, h))
        << x;
  }
  state.view = SideView::sections;
  frame_of(inputs(render::color_schemes()[0]));
  EXPECT_EQ(cache.shape.size(), width);
}

TEST_F(SideViewStrip, ASteadyFrameRepaintsNoColumn) {
  state.view = SideView::walk;
  const SideViewInputs in = inputs(render::color_schemes()[0]);
  frame_of(in);
  EXPECT_EQ(cache.image.repainted, cache.image.width);
  frame_of(in);
  EXPECT_EQ(cache.image.repainted, 0);
  state.view = SideView::cross_section;
  frame_of(in);
  EXPECT_GT(cache.image.repainted, 0);
  frame_of(in);
  EXPECT_EQ(cache.image.repainted, 0) << "the same heights: nothing to paint";
  // Another scheme paints every column again.
  frame_of(inputs(render::color_schemes()[1]));
  EXPECT_EQ(cache.image.repainted, cache.image.width);
}

TEST_F(SideViewStrip, SkylinesAreMadeAgainOnlyWhenTheirInputsChange) {
  const SideViewInputs in = inputs(render::color_schemes()[1]);
  state.view = SideView::walk;
  frame_of(in);
  EXPECT_EQ(cache.skylines_made(), 1u);
  frame_of(in);
  frame_of(in);
  EXPECT_EQ(cache.skylines_made(), 1u) << "a steady frame makes no skyline";
  state.walk.columns = 12;  // ignored: the strip's width decides
  frame_of(in);
  EXPECT_EQ(cache.skylines_made(), 1u);
  state.skyline_seed = 9;
  frame_of(in);
  EXPECT_EQ(cache.skylines_made(), 2u);
  state.walk.step_max = 4;
  frame_of(in);
  EXPECT_EQ(cache.skylines_made(), 3u);
  state.view = SideView::sections;
  frame_of(in);
  frame_of(in);
  EXPECT_EQ(cache.skylines_made(), 4u);
  state.sections.smooth_steps = 100;
  frame_of(in);
  EXPECT_EQ(cache.skylines_made(), 5u);
  // Back to the walk as it was: still cached.
  state.view = SideView::walk;
  frame_of(in);
  EXPECT_EQ(cache.skylines_made(), 5u);
  // Another width is another walk.
  ImDrawList* draw = imgui.begin();
  draw_side_view_strip(draw, kStripMin, {kStripMax.x - 100, kStripMax.y}, state, in, cache);
  imgui.end();
  EXPECT_EQ(cache.skylines_made(), 6u);
}

TEST_F(SideViewStrip, ASteadyFrameAllocatesNothing) {
  for (SideView view : {SideView::cross_section, SideView::walk, SideView::sections}) {
    state.view = view;
    const SideViewInputs in = inputs(render::color_schemes()[0]);
    frame_of(in);
    frame_of(in);
    // ImGui's own buffers go through its allocator, not operator new; these count only the
    // strip's.
    testing::CountAllocations count;
    for (int i = 0; i < 5; ++i) frame_of(in);
    EXPECT_EQ(count.count(), 0u) << side_view_name(view);
  }
  // The count does see the strip's own: a fresh cache's first frame makes its buffers.
  cache = SideViewCache{};
  cache.use_gl = false;
  testing::CountAllocations count;
  frame_of(inputs(render::color_schemes()[0]));
  EXPECT_GT(count.count(), 0u);
}

TEST_F(SideViewStrip, BadParametersAreShownNotThrown) {
  state.view = SideView::walk;
  state.walk.height_max = -1;
  EXPECT_NO_THROW(frame_of(inputs(render::color_schemes()[0])));
  EXPECT_NE(cache.error(), "");
  state.view = SideView::sections;
  EXPECT_NO_THROW(frame_of(inputs(render::color_schemes()[0])));
  EXPECT_EQ(cache.error(), "") << "the sections' own parameters are fine";
  state.sections.sections = 1;
  EXPECT_NO_THROW(frame_of(inputs(render::color_schemes()[0])));
  EXPECT_NE(cache.error(), "");
}

TEST_F(SideViewStrip, MissingInputsOrAHiddenStripDrawNothing) {
  const SideViewInputs full = inputs(render::color_schemes()[0]);
  state.shown = false;
  EXPECT_EQ(frame_of(full).vertices, 0);
  EXPECT_EQ(cache.image.width, 0) << "nothing painted";
  state.shown = true;
  SideViewInputs in = full;
  in.scheme = nullptr;
  EXPECT_EQ(frame_of(in).vertices, 0);
  in = full;
  in.now = nullptr;
  EXPECT_EQ(frame_of(in).vertices, 0);
  EXPECT_EQ(cache.image.width, 0);
  // Lake depths of another size: no lakes, but the rest.
  in = full;
  const std::vector<float> wrong(10, 0.1f);
  in.lake_depth = wrong;
  frame_of(in);
  int land = 0;
  for (const auto& c : cache.image.columns) land += c.ground < cache.image.height ? 1 : 0;
  EXPECT_GT(land, 100);
  // An original of another size: the sky only.
  const Heightfield small(8, 8, 0.5f);
  in = full;
  in.original = &small;
  EXPECT_NO_THROW(frame_of(in));
}

TEST_F(SideViewStrip, TheRowMarkLiesOnItsRowInsideTheMap) {
  const render::ColorScheme& scheme = render::color_schemes()[3];
  for (int row : {20, 90, 150}) {
    ImDrawList* draw = imgui.begin();
    const int from = draw->VtxBuffer.Size;
    draw_row_mark(draw, kMapMin, kMapMax, frame, row, scheme);
    const Drawn d = drawn_since(draw, from);
    imgui.end();
    const auto y = static_cast<float>(frame.top + row * frame.scale_y);
    ASSERT_GT(d.vertices, 0) << row;
    EXPECT_NEAR(d.min_y, y, 4) << row;  // a 3 px outline, anti-aliased
    EXPECT_NEAR(d.max_y, y, 4) << row;
    EXPECT_GE(d.min_x, kMapMin.x - kFringe);
    EXPECT_LE(d.max_x, kMapMax.x + kFringe);
  }
  // A row off the area (the frame cuts the first rows off at this size): nothing.
  ImDrawList* draw = imgui.begin();
  const int from = draw->VtxBuffer.Size;
  draw_row_mark(draw, kMapMin, kMapMax, Frame{0, -400, 4, 4}, 10, scheme);
  EXPECT_EQ(drawn_since(draw, from).vertices, 0);
  imgui.end();
}

}  // namespace
}  // namespace terrain::app
