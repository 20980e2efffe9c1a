// A steady frame allocates nothing: once the renderer has drawn a frame of a given size and
// content, drawing it again makes no C++ heap allocation (every path, vertex list and buffer
// is kept and reused). Counted by tests/support/allocation_counter (every form of operator new).
#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "core/rain.h"
#include "render/gl/map_renderer.h"
#include "render_test_support.h"

namespace terrain::render {
namespace {

class SteadyFrame : public ::testing::TestWithParam<MapPainter> {};

TEST_P(SteadyFrame, DrawingTheSameMapAgainAllocatesNothing) {
  testing::GlContext::get();
  const Heightfield terrain = testing::read_seed_field("eroded.f32");
  const testing::PausedRivers rivers = testing::paused_rivers(terrain);
  const testing::RainRoutes routes(terrain, 3);
  MapRenderer renderer;
  renderer.init({.painter = GetParam()});
  MapInputs inputs = testing::map_inputs(terrain, find_color_scheme("site_dark"), &rivers.picture);
  routes.show(inputs, 123456);

  const testing::PlainFramebuffer window_fb(800, 450);
  for (int k = 0; k < 3; k++) renderer.draw(inputs, 800, 450);  // grow everything

  terrain::testing::CountAllocations counter;
  for (int k = 0; k < 5; k++) {
    inputs.drops += 200;
    renderer.draw(inputs, 800, 450);
  }
  EXPECT_EQ(counter.count(), 0u);
  glFinish();
}

INSTANTIATE_TEST_SUITE_P(Painters, SteadyFrame, ::testing::Values(MapPainter::gpu, MapPainter::cpu),
                         testing::PainterTestName());

}  // namespace
}  // namespace terrain::render
