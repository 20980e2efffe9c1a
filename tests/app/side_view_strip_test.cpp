// The side view strip as ImGui draws it, in a headless ImGui context (no window, no GL: the
// draw list is only read back): every shape stays inside the strip, the walk has a column per
// pixel, skylines are made again only when their seed, parameters or width change, a steady
// frame allocates nothing, bad parameters are shown instead of thrown, and the row mark lies
// on its row inside the map.
#include "app/side_view_strip.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "allocation_counter.h"
#include "core/frame.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/island.h"
#include "core/rain.h"
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

class SideViewStrip : public ::testing::Test {
 protected:
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

TEST_F(SideViewStrip, EveryViewDrawsInsideTheStripOnEveryScheme) {
  for (const render::ColorScheme& scheme : render::color_schemes()) {
    for (SideView view : {SideView::cross_section, SideView::walk, SideView::sections}) {
      state.view = view;
      const Drawn d = frame_of(inputs(scheme));
      EXPECT_GT(d.vertices, 100) << scheme.key << " " << side_view_name(view);
      expect_inside_strip(d);
    }
  }
}

TEST_F(SideViewStrip, TheCrossSectionFollowsAZoomedAndPannedMap) {
  const render::ColorScheme& scheme = render::color_schemes()[2];
  frame = {-2400, -900, 14, 14};
  state.row = 70;
  const Drawn d = frame_of(inputs(scheme));
  EXPECT_GT(d.vertices, 100);
  expect_inside_strip(d);
  // Panned past the map's right edge: the strip has its sky and caption, and no land.
  frame = {-10000, 0, 2, 2};
  const Drawn empty = frame_of(inputs(scheme));
  EXPECT_LT(empty.vertices, d.vertices / 4);
}

TEST_F(SideViewStrip, TheWalkHasAColumnPerPixelOfTheStrip) {
  state.view = SideView::walk;
  frame_of(inputs(render::color_schemes()[0]));
  const auto width = static_cast<std::size_t>(std::floor(kStripMax.x - kStripMin.x));
  EXPECT_EQ(cache.shape.size(), width);
  for (std::size_t x = 0; x < cache.shape.size(); ++x) {
    EXPECT_EQ(cache.shape[x].x0, kStripMin.x + static_cast<float>(x));
    EXPECT_EQ(cache.shape[x].x1, kStripMin.x + static_cast<float>(x + 1));
  }
  state.view = SideView::sections;
  frame_of(inputs(render::color_schemes()[0]));
  EXPECT_EQ(cache.shape.size(), width);
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
  state.shown = true;
  SideViewInputs in = full;
  in.scheme = nullptr;
  EXPECT_EQ(frame_of(in).vertices, 0);
  in = full;
  in.now = nullptr;
  EXPECT_EQ(frame_of(in).vertices, 0);
  // Lake depths of another size: no lakes, but the rest.
  in = full;
  const std::vector<float> wrong(10, 0.1f);
  in.lake_depth = wrong;
  EXPECT_GT(frame_of(in).vertices, 100);
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
