// The debug overlay: the drop count's text and the routes of the last drops, in (255, 0, 128).
#include <gtest/gtest.h>

#include "core/rain.h"
#include "render/gl/map_renderer.h"
#include "render/gl/text_overlay.h"
#include "render_test_support.h"

namespace terrain::render {
namespace {

TEST(FormatDropCount, GroupsThousandsWithCommasAsEnglishToLocaleString) {
  char buffer[40];
  EXPECT_EQ(format_drop_count(0, buffer), "0 drops");
  EXPECT_EQ(format_drop_count(999, buffer), "999 drops");
  EXPECT_EQ(format_drop_count(1000, buffer), "1,000 drops");
  EXPECT_EQ(format_drop_count(300000, buffer), "300,000 drops");
  EXPECT_EQ(format_drop_count(12345678, buffer), "12,345,678 drops");
  EXPECT_EQ(format_drop_count(18446744073709551615ull, buffer), "18,446,744,073,709,551,615 drops");
}

// Pixels close to the debug colour in a rectangle.
int magenta_pixels(const testing::Image& image, int x0, int y0, int x1, int y1) {
  int n = 0;
  for (int y = y0; y < y1; y++) {
    for (int x = x0; x < x1; x++) {
      const uint8_t* p = image.at(x, y);
      n += p[0] > 200 && p[1] < 60 && p[2] > 90 && p[2] < 170;
    }
  }
  return n;
}

class DebugOverlay : public ::testing::TestWithParam<MapPainter> {};

TEST_P(DebugOverlay, WritesTheCountAtTheBottomLeftAndDrawsTheRoutes) {
  testing::GlContext::get();
  const Heightfield terrain = testing::read_seed_field("eroded.f32");
  Heightfield raining = terrain;
  Rain rain(raining, 7);
  rain.keep_routes(true);
  rain.run(40);
  ASSERT_GT(rain.route_count(), 10);
  MapRenderer renderer;
  renderer.init({.painter = GetParam()});
  // The topographic scheme: no magenta anywhere in it.
  MapInputs inputs = testing::map_inputs(terrain, find_color_scheme("topographic"));
  inputs.show_rivers = false;
  inputs.drops = 300000;
  const testing::Image plain{1280, 720, renderer.snapshot(inputs, 1280, 720)};
  EXPECT_EQ(magenta_pixels(plain, 0, 0, 1280, 720), 0);

  // No routes: only "300,000 drops", 14 px, its baseline 12 px above the bottom, starting
  // 12 px in (the text is about 100 px wide, its digits 10 px tall, "p" and "," reach 3 px
  // below the baseline).
  inputs.debug = true;
  const testing::Image text{1280, 720, renderer.snapshot(inputs, 1280, 720)};
  const int in_box = magenta_pixels(text, 12, 720 - 12 - 12, 116, 720 - 12 + 4);
  testing::maybe_dump("debug-text.png", text);
  EXPECT_GT(in_box, 60);
  EXPECT_EQ(magenta_pixels(text, 0, 0, 1280, 720), in_box) << "magenta outside the text's box";

  // With routes: many magenta pixels away from the text.
  inputs.routes = &rain;
  const testing::Image routes{1280, 720, renderer.snapshot(inputs, 1280, 720)};
  testing::maybe_dump("debug-overlay.png", routes);
  EXPECT_GT(magenta_pixels(routes, 0, 0, 1280, 680), 2000);
}

INSTANTIATE_TEST_SUITE_P(Painters, DebugOverlay,
                         ::testing::Values(MapPainter::gpu, MapPainter::cpu),
                         testing::PainterTestName());

}  // namespace
}  // namespace terrain::render
