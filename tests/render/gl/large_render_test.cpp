// Pictures larger than the window, in tiles: whatever the tiles (bands of rows, or a grid when
// the GL's limit is below the width), the picture is the one snapshot draws at that size, in
// both painters, the debug count included where the whole picture puts it.
#include "render/gl/large_render.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "core/rain.h"
#include "render_test_support.h"

namespace terrain::render {
namespace {

TEST(LargeRender, TilesOfAnyShapeMakeTheSnapshotsPicture) {
  testing::GlContext::get();
  const Heightfield terrain = testing::read_seed_field("eroded-20000.f32");
  testing::PausedRivers rivers = testing::paused_rivers(terrain);
  const testing::RainRoutes routes(terrain, 11);
  for (const MapPainter painter : {MapPainter::cpu, MapPainter::gpu}) {
    MapRenderer renderer;
    renderer.init({.painter = painter});
    MapInputs inputs = testing::map_inputs(terrain, &color_schemes()[0], &rivers.picture);
    routes.show(inputs, 20000);  // the count at the whole picture's bottom-left corner
    const int w = 1603, h = 917;
    const std::vector<uint8_t> whole = renderer.snapshot(inputs, w, h);
    // Bands of whole rows (the band limit is far above this size: one tile), a grid of
    // 400-pixel squares, and of 97-pixel ones whose edges cut the debug text.
    for (const int most : {0, 400, 97}) {
      LargeRender job;
      job.start(inputs, w, h, most);
      if (most > 0) {
        EXPECT_EQ(job.tiles(), ((w + most - 1) / most) * ((h + most - 1) / most));
      }
      int steps = 0;
      while (!job.step(renderer)) steps++;
      EXPECT_EQ(steps + 1, job.tiles());
      EXPECT_EQ(job.progress(), 1.0);
      const int worst = testing::worst_difference(job.image(), whole);
      std::printf("%s painter, tiles of at most %d: %d tiles, worst difference %d\n",
                  testing::painter_name(painter), most, job.tiles(), worst);
      EXPECT_LE(worst, 1) << testing::painter_name(painter) << " " << most;
    }
  }
}

TEST(LargeRender, An8kPictureIsBandsOfAboutFourMillionPixels) {
  testing::GlContext::get();
  const Heightfield terrain = testing::read_seed_field("eroded-20000.f32");
  MapRenderer renderer;
  renderer.init();
  MapInputs inputs = testing::map_inputs(terrain, &color_schemes()[0]);
  LargeRender job;
  job.start(inputs, 7680, 4320);
  EXPECT_GE(LargeRender::gl_tile_limit(), 1);
  if (LargeRender::gl_tile_limit() >= 7680) {
    EXPECT_EQ(job.tiles(), 8);  // 546 rows a band
  }
  EXPECT_EQ(job.image().size(), 7680u * 4320u * 4u);
  EXPECT_THROW(job.start(inputs, 0, 10), std::invalid_argument);
  EXPECT_THROW(job.start(inputs, 20000, 10), std::invalid_argument);
}

}  // namespace
}  // namespace terrain::render
