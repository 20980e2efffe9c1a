// Whole-map renders against the sketch's own pictures (tests/data/renders: seed 42 at a
// 1280x720 canvas, paused, default settings), and snapshots at other sizes.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <tuple>

#include "core/frame.h"
#include "core/hydrology.h"
#include "core/island.h"
#include "core/map_view.h"
#include "core/rain.h"
#include "render/geometry/basin_tones.h"
#include "render/geometry/relief.h"
#include "render/geometry/view_cells.h"
#include "render/gl/map_renderer.h"
#include "render_test_support.h"

namespace terrain::render {
namespace {

using testing::Image;

// The sketch's renders differ from Chrome's own only along strokes, by an RMSE of about
// 0.01-0.02 (tests/data/renders, reference README); a faithful port must stay below this.
constexpr double kMaxRmse = 0.03;

struct RenderCase {
  const char* state;   // "eroded" or "original"
  const char* scheme;  // a colour scheme key
};

using testing::painter_name;

// Both painters of the map pass must draw the sketch's pictures (map_renderer.h).
std::string case_name(const ::testing::TestParamInfo<std::tuple<RenderCase, MapPainter>>& info) {
  const auto& [c, painter] = info.param;
  return std::string(c.state) + "_" + c.scheme + "_" + painter_name(painter);
}

class SketchRender : public ::testing::TestWithParam<std::tuple<RenderCase, MapPainter>> {};

TEST_P(SketchRender, FullRenderIsWithinTheCanvasTolerance) {
  testing::GlContext::get();
  const auto [c, painter] = GetParam();
  const std::string name =
      std::string("42-") + c.state + "-" + c.scheme + "-" + painter_name(painter);
  const Image expected = testing::read_png(
      testing::data_path(std::string("renders/42-") + c.state + "-" + c.scheme + ".png"));
  const Heightfield terrain = testing::read_seed_field(std::string(c.state) + ".f32");
  const testing::PausedRivers rivers = testing::paused_rivers(terrain);

  MapRenderer renderer;
  renderer.init({.painter = painter});
  ASSERT_EQ(renderer.cpu_painter(), painter == MapPainter::cpu);
  MapInputs inputs;
  inputs.terrain = &terrain;
  inputs.sea_level = 0.25;
  inputs.contour_levels = 10;
  inputs.scheme = find_color_scheme(c.scheme);
  inputs.show_rivers = true;
  inputs.rivers = &rivers.picture;
  const Image actual{1280, 720, renderer.snapshot(inputs, 1280, 720)};
  ASSERT_EQ(expected.width, 1280);
  ASSERT_EQ(expected.height, 720);

  const double rmse = testing::rmse_rgb(actual, expected);
  const double off = testing::share_off_by_more_than(actual, expected, 25);
  std::printf("%s: RMSE %.4f, %.2f%% of pixels off by more than 0.1 in a channel\n", name.c_str(),
              rmse, off * 100);
  testing::maybe_dump(name + ".png", actual);
  if (rmse >= kMaxRmse) {
    testing::write_png(testing::output_path(name + ".png"), actual);
    testing::write_png(testing::output_path(name + "-diff.png"),
                       testing::diff_image(actual, expected));
  }
  EXPECT_LT(rmse, kMaxRmse) << "see " << testing::output_path(name + "-diff.png");
}

INSTANTIATE_TEST_SUITE_P(Seed42, SketchRender,
                         ::testing::Combine(::testing::Values(RenderCase{"eroded", "site_dark"},
                                                              RenderCase{"eroded", "site_light"},
                                                              RenderCase{"eroded", "topographic"},
                                                              RenderCase{"eroded", "blueprint"},
                                                              RenderCase{"eroded", "bw"},
                                                              RenderCase{"original", "site_dark"},
                                                              RenderCase{"original", "site_light"},
                                                              RenderCase{"original", "topographic"},
                                                              RenderCase{"original", "blueprint"},
                                                              RenderCase{"original", "bw"}),
                                            ::testing::Values(MapPainter::gpu, MapPainter::cpu)),
                         case_name);

// What the relief alone should look like at any size: the cell image (the CPU reference)
// sampled bilinearly at each pixel centre through the sketch's viewport.
Image expected_relief(const Heightfield& terrain, const ColorScheme& scheme, int width,
                      int height) {
  std::vector<uint8_t> cells(terrain.size() * 4);
  relief_cells(terrain, 0.25, scheme, cells);
  const Frame view = Frame::viewport(width, height, terrain.width(), terrain.height());
  Image image{
      width, height,
      std::vector<uint8_t>(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4)};
  auto cell = [&](int x, int y, int k) {
    x = std::clamp(x, 0, terrain.width() - 1);
    y = std::clamp(y, 0, terrain.height() - 1);
    return static_cast<double>(cells[terrain.index(x, y) * 4 + static_cast<std::size_t>(k)]);
  };
  for (int py = 0; py < height; py++) {
    for (int px = 0; px < width; px++) {
      const double tx = (px + 0.5 - view.left) / view.scale_x;
      const double ty = (py + 0.5 - view.top) / view.scale_y;
      const int x0 = static_cast<int>(std::floor(tx));
      const int y0 = static_cast<int>(std::floor(ty));
      const double fx = tx - x0, fy = ty - y0;
      for (int k = 0; k < 3; k++) {
        const double top = cell(x0, y0, k) * (1 - fx) + cell(x0 + 1, y0, k) * fx;
        const double bottom = cell(x0, y0 + 1, k) * (1 - fx) + cell(x0 + 1, y0 + 1, k) * fx;
        image.rgba[(static_cast<std::size_t>(py) * static_cast<std::size_t>(width) +
                    static_cast<std::size_t>(px)) *
                       4 +
                   static_cast<std::size_t>(k)] =
            static_cast<uint8_t>(std::lround(top * (1 - fy) + bottom * fy));
      }
      image.rgba[(static_cast<std::size_t>(py) * static_cast<std::size_t>(width) +
                  static_cast<std::size_t>(px)) *
                     4 +
                 3] = 255;
    }
  }
  return image;
}

class SnapshotSize : public ::testing::TestWithParam<std::tuple<std::pair<int, int>, MapPainter>> {
};

TEST_P(SnapshotSize, HasThatSizeAndTheViewportsCrop) {
  testing::GlContext::get();
  const auto [size, painter] = GetParam();
  const auto [width, height] = size;
  const Heightfield terrain = testing::read_seed_field("eroded.f32");
  const ColorScheme& scheme = *find_color_scheme("topographic");
  MapRenderer renderer;
  renderer.init({.painter = painter});
  MapInputs inputs = testing::map_inputs(terrain, &scheme);
  inputs.contour_levels = 0;
  inputs.show_rivers = false;
  // A window-sized frame first: the snapshot must not depend on it.
  renderer.snapshot(inputs, 1280, 720);
  const Image actual{width, height, renderer.snapshot(inputs, width, height)};
  ASSERT_EQ(actual.rgba.size(),
            static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  const Image expected = expected_relief(terrain, scheme, width, height);
  const int worst = testing::worst_difference(actual.rgba, expected.rgba);
  EXPECT_LE(worst, 1) << "the relief is not where the sketch's viewport puts it";
  const std::string name = "relief-" + std::to_string(width) + "x" + std::to_string(height) + "-" +
                           painter_name(painter) + ".png";
  testing::maybe_dump(name, actual);
  if (worst > 1) testing::write_png(testing::output_path(name), actual);
}

INSTANTIATE_TEST_SUITE_P(
    Sizes, SnapshotSize,
    ::testing::Combine(::testing::Values(std::pair{640, 360}, std::pair{1000, 1000},
                                         std::pair{1600, 500}, std::pair{1280, 720}),
                       ::testing::Values(MapPainter::gpu, MapPainter::cpu)));

// A snapshot of `inputs` into `pixels` is refused with std::invalid_argument naming `named`;
// `drawn` says what was drawn when it is not.
void expect_refused(MapRenderer& renderer, const MapInputs& inputs, std::vector<uint8_t>& pixels,
                    const std::string& named, const std::string& drawn) {
  try {
    renderer.snapshot(inputs, 16, 16, pixels);
    ADD_FAILURE() << drawn;
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << e.what();
  }
}

TEST(MapRenderer, RejectsBadInputsWithAMessageAndDrawsNothing) {
  testing::GlContext::get();
  const Heightfield terrain = testing::read_seed_field("eroded.f32");
  MapRenderer renderer;
  renderer.init();
  MapInputs inputs = testing::map_inputs(terrain, find_color_scheme("bw"));
  inputs.show_rivers = false;
  std::vector<uint8_t> pixels(16 * 16 * 4, 7);
  EXPECT_THROW(renderer.snapshot(inputs, 0, 10), std::invalid_argument);
  inputs.sea_level = 1.5;
  expect_refused(renderer, inputs, pixels, "sea_level", "a sea level of 1.5 was drawn");
  inputs.sea_level = 0.25;
  inputs.contour_levels = kMaxContourLevels + 1;
  expect_refused(renderer, inputs, pixels, "contour_levels", "too many contour levels were drawn");
  inputs.contour_levels = 10;
  inputs.show_rivers = true;  // with no river arrays
  expect_refused(renderer, inputs, pixels, "rivers.downstream", "rivers with no arrays were drawn");
  EXPECT_TRUE(std::all_of(pixels.begin(), pixels.end(), [](uint8_t v) { return v == 7; }));
}

class DrawIntoTheWindow : public ::testing::TestWithParam<MapPainter> {};

TEST_P(DrawIntoTheWindow, MatchesTheSnapshotAndRedrawsIt) {
  testing::GlContext::get();
  const Heightfield terrain = testing::read_seed_field("eroded.f32");
  const testing::PausedRivers rivers = testing::paused_rivers(terrain);
  MapRenderer renderer;
  renderer.init({.painter = GetParam()});
  MapInputs inputs = testing::map_inputs(terrain, find_color_scheme("site_light"), &rivers.picture);
  const int w = 400, h = 300;
  const std::vector<uint8_t> snapshot = renderer.snapshot(inputs, w, h);

  // A plain framebuffer the "window" would be: draw() must copy the map there, top row at
  // the top (GL's last row).
  const testing::PlainFramebuffer window_fb(w, h);
  const GLuint fbo = window_fb.fbo();
  renderer.draw(inputs, w, h);
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  EXPECT_EQ(static_cast<GLuint>(bound), fbo);
  std::vector<uint8_t> window(static_cast<std::size_t>(w) * h * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, window.data());
  std::size_t differ = 0;
  for (int y = 0; y < h; y++) {
    const uint8_t* a = &window[static_cast<std::size_t>(h - 1 - y) * w * 4];
    const uint8_t* b = &snapshot[static_cast<std::size_t>(y) * w * 4];
    differ += std::memcmp(a, b, static_cast<std::size_t>(w) * 4) != 0;
  }
  EXPECT_EQ(differ, 0u) << "rows differ between draw() and snapshot()";

  // redraw_last() puts the same picture back without drawing it again, only at that size.
  const std::vector<uint8_t> zeros(window.size(), 0);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_FALSE(renderer.redraw_last(w + 1, h));
  EXPECT_TRUE(renderer.redraw_last(w, h));
  std::vector<uint8_t> again(window.size());
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, again.data());
  EXPECT_TRUE(again == window);
  EXPECT_FALSE(again == zeros);
}

INSTANTIATE_TEST_SUITE_P(Painters, DrawIntoTheWindow,
                         ::testing::Values(MapPainter::gpu, MapPainter::cpu),
                         testing::PainterTestName());

// The two painters of the map pass paint the same picture, within a level per channel, for
// every scheme, with contours, rivers (eased, with ghosts), debug routes and the count, at a
// size whose tiles do not fill the canvas.
TEST(MapPainters, CpuAndGpuPaintTheSamePicture) {
  testing::GlContext::get();
  const Heightfield terrain = testing::read_seed_field("eroded-20000.f32");
  testing::PausedRivers rivers = testing::paused_rivers(terrain);
  // Half-faded pieces and ghosts, so every fade level and the ghosts' paths are painted.
  RiverPicture& picture = rivers.picture;
  for (std::size_t i = 0; i < picture.fade_in.size(); i++) {
    picture.fade_in[i] = static_cast<float>((i * 7919) % 100) / 100.0f;
    const int32_t down = picture.downstream[i];
    if (down >= 0 && i % 5 == 0) {
      picture.ghost_to[i] = down;
      picture.ghost_after[i] = picture.downstream[static_cast<std::size_t>(down)];
      picture.ghost_water[i] = picture.shown[i];
      picture.ghost_fade[i] = 0.5f;
    }
  }
  const testing::RainRoutes routes(terrain, 11);
  MapRenderer gpu;
  gpu.init({.painter = MapPainter::gpu});
  MapRenderer cpu;
  cpu.init({.painter = MapPainter::cpu});
  for (const ColorScheme& scheme : color_schemes()) {
    MapInputs inputs = testing::map_inputs(terrain, &scheme);
    inputs.sea_level = 0.3;
    inputs.contour_levels = 12;
    inputs.rivers = &rivers.picture;
    routes.show(inputs, 20000);
    const int w = 1283, h = 725;
    const Image a{w, h, gpu.snapshot(inputs, w, h)};
    const Image b{w, h, cpu.snapshot(inputs, w, h)};
    const int worst = testing::worst_difference(a.rgba, b.rgba);
    std::printf("%s: %zu of %zu channels differ, by at most %d\n", scheme.key.c_str(),
                testing::channels_differing(a.rgba, b.rgba), a.rgba.size(), worst);
    if (worst > 1) {
      testing::write_png(testing::output_path("painters-gpu-" + scheme.key + ".png"), a);
      testing::write_png(testing::output_path("painters-cpu-" + scheme.key + ".png"), b);
    }
    EXPECT_LE(worst, 1) << scheme.key;
  }
}

// The "Drainage" API documentation's views and lakes, and rivers by Strahler order at another
// minimum flow: each painter's cells are view_cells()'s for that view, and the two painters
// paint the same picture within a level per channel. The map view with the sketch's defaults
// given explicitly is the sketch's picture, unchanged.
TEST(MapPainters, EveryViewIsItsCellImageScaledUpAndBothPaintersAgree) {
  testing::GlContext::get();
  const Heightfield terrain = testing::read_seed_field("eroded-20000.f32");
  testing::PausedRivers rivers = testing::paused_rivers(terrain);
  Hydrology hydrology;
  HydrologyParams params;
  params.sea_level = 0.25;
  params.min_flow = 120;
  const Heightfield ripple = wander_ripple(42);
  hydrology.compute(terrain, params, &ripple);
  BasinTones tones;
  tones.update(hydrology.drainage(), terrain, 0.25);
  MapRenderer gpu;
  gpu.init({.painter = MapPainter::gpu});
  MapRenderer cpu;
  cpu.init({.painter = MapPainter::cpu});
  const ColorScheme& scheme = color_schemes()[2];
  std::vector<Image> pictures;
  for (const MapView view : kMapViews) {
    for (const bool lakes : {false, true}) {
      MapInputs inputs = testing::map_inputs(terrain, &scheme);
      inputs.sea_level = 0.25;
      inputs.contour_levels = 10;
      inputs.rivers = &rivers.picture;
      inputs.view = view;
      inputs.show_lakes = lakes;
      inputs.rivers_by = RiversBy::order;
      inputs.min_flow = 120;
      inputs.hydrology = &hydrology;
      if (view == MapView::three_d) inputs.camera = OrbitCamera(terrain.width(), terrain.height());
      const std::string name = std::string(map_view_name(view)) + (lakes ? "+lakes" : "");
      const int w = 960, h = 540;
      const Image a{w, h, gpu.snapshot(inputs, w, h)};
      const Image b{w, h, cpu.snapshot(inputs, w, h)};
      EXPECT_LE(testing::worst_difference(a.rgba, b.rgba), 1) << name;
      // The cells each painter scaled up are the view's.
      std::vector<uint8_t> expected(terrain.size() * 4);
      ViewCellsInputs cells;
      cells.terrain = &terrain;
      cells.sea_level = 0.25;
      cells.scheme = &scheme;
      cells.view = view;
      cells.show_lakes = lakes;
      cells.hydrology = &hydrology;
      cells.tones = &tones;
      view_cells(cells, expected);
      for (MapRenderer* renderer : {&gpu, &cpu}) {
        std::vector<uint8_t> got(terrain.size() * 4);
        renderer->read_relief_cells(got);
        if (view == MapView::map && !lakes && !renderer->exact_relief()) continue;
        EXPECT_EQ(got, expected) << name << (renderer == &gpu ? " (GPU)" : " (CPU)");
      }
      for (const Image& other : pictures) EXPECT_NE(other.rgba, a.rgba) << name;
      pictures.push_back(a);
    }
  }

  // The sketch's defaults given as inputs: the picture of inputs that name none.
  MapInputs plain;
  plain.terrain = &terrain;
  plain.scheme = &scheme;
  plain.sea_level = 0.25;
  plain.rivers = &rivers.picture;
  MapInputs defaults = plain;
  defaults.view = MapView::map;
  defaults.rivers_by = RiversBy::flow;
  defaults.min_flow = sketch::RIVER_START;
  defaults.hydrology = &hydrology;
  EXPECT_EQ(cpu.snapshot(plain, 640, 360), cpu.snapshot(defaults, 640, 360));
}

TEST(MapInputs, TheDrainageViewsNeedAHydrologyOfTheTerrainsSize) {
  const Heightfield terrain = testing::read_seed_field("eroded-20000.f32");
  const RiverPicture rivers = testing::paused_rivers(terrain).picture;
  MapInputs inputs = testing::map_inputs(terrain, &color_schemes()[0], &rivers);
  EXPECT_EQ(check_map_inputs(inputs), "");
  inputs.view = MapView::basins;
  EXPECT_EQ(check_map_inputs(inputs),
            "map inputs: the view needs the hydrology, and none is given");
  inputs.view = MapView::map;
  inputs.show_lakes = true;
  EXPECT_EQ(check_map_inputs(inputs), "map inputs: lakes needs the hydrology, and none is given");
  inputs.show_lakes = false;
  inputs.rivers_by = RiversBy::order;
  EXPECT_EQ(check_map_inputs(inputs),
            "map inputs: rivers by order needs the hydrology, and none is given");
  Hydrology small;
  small.compute(Heightfield(40, 30, 0.5f), {.routing = Routing::flood});
  inputs.hydrology = &small;
  EXPECT_EQ(check_map_inputs(inputs),
            "map inputs: the hydrology is of a 40x30 ground; the terrain is 320x180");
  inputs.min_flow = 0;
  EXPECT_NE(check_map_inputs(inputs).find("min_flow is 0"), std::string::npos);
}

// Zooming keeps every layer aligned: the map drawn at zoom 2 about its middle in a W x H
// canvas is the middle W x H of the map drawn at fit in a 2W x 2H canvas (the same frame moved
// by whole pixels: the same scale, so the same line widths), relief, contours, rivers and
// lakes alike, for both painters. (Within a level per channel where the coordinates' rounding
// differs by the offset; a layer out of place would differ by far more.)
TEST(MapPainters, AZoomedMapIsTheMiddleOfALargerMapAtFit) {
  testing::GlContext::get();
  const Heightfield terrain = testing::read_seed_field("eroded-20000.f32");
  testing::PausedRivers rivers = testing::paused_rivers(terrain);
  Hydrology hydrology;
  hydrology.compute(terrain, HydrologyParams{}, 42u);
  for (MapPainter painter : {MapPainter::gpu, MapPainter::cpu}) {
    SCOPED_TRACE(testing::painter_name(painter));
    MapRenderer renderer;
    renderer.init({.painter = painter});
    MapInputs inputs = testing::map_inputs(terrain, &color_schemes()[2], &rivers.picture);
    inputs.show_lakes = true;
    inputs.hydrology = &hydrology;
    const int w = 640, h = 368;  // halves of whole 8-pixel tiles
    // Both through the camera: at fit (the whole map, letterboxed) in the larger canvas.
    MapCamera camera(terrain.width(), terrain.height());
    inputs.frame = camera.frame({0, 0, double(2 * w), double(2 * h)});
    const Image large{2 * w, 2 * h, renderer.snapshot(inputs, 2 * w, 2 * h)};
    camera.set_zoom(2);
    inputs.frame = camera.frame({0, 0, double(w), double(h)});
    const Image zoomed{w, h, renderer.snapshot(inputs, w, h)};
    int worst = 0;
    std::size_t differ = 0;
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        for (int c = 0; c < 3; c++) {
          const int a = zoomed.rgba[(static_cast<std::size_t>(y) * w + x) * 4 + c];
          const int b =
              large.rgba[(static_cast<std::size_t>(y + h / 2) * 2 * w + x + w / 2) * 4 + c];
          worst = std::max(worst, std::abs(a - b));
          differ += a != b;
        }
      }
    }
    EXPECT_LE(worst, 1);
    EXPECT_LT(differ, static_cast<std::size_t>(w) * h * 3 / 1000) << "channels off by a level";
    // And the zoomed map is not the map at fit.
    inputs.frame.reset();
    EXPECT_NE(renderer.snapshot(inputs, w, h), zoomed.rgba);
  }
}

}  // namespace
}  // namespace terrain::render
