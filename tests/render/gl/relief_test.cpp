// The relief's per-cell colours against the sketch's own terrain_img (its -cells.png renders
// for seed 42 after 300,000 drops, sea level 0.25): the CPU reference and the GPU shader must
// both match byte for byte.
#include "render/geometry/relief.h"

#include <gtest/gtest.h>

#include "render/gl/map_renderer.h"
#include "render_test_support.h"

namespace terrain::render {
namespace {

using testing::Image;

// How many cells differ from the reference in any channel, and the first one, for messages.
struct CellDiff {
  std::size_t count = 0;
  std::string first;
  int max_levels = 0;
};

CellDiff compare_cells(const std::vector<uint8_t>& rgba, const Image& expected) {
  CellDiff diff;
  for (std::size_t p = 0; p < rgba.size(); p += 4) {
    bool differs = false;
    for (std::size_t k = 0; k < 4; k++) {
      const int d = std::abs(rgba[p + k] - expected.rgba[p + k]);
      diff.max_levels = std::max(diff.max_levels, d);
      differs |= d != 0;
    }
    if (differs && diff.count++ == 0) {
      const std::size_t cell = p / 4;
      diff.first = "cell (" + std::to_string(cell % 320) + ", " + std::to_string(cell / 320) +
                   ") is " + std::to_string(rgba[p]) + "," + std::to_string(rgba[p + 1]) + "," +
                   std::to_string(rgba[p + 2]) + ", the sketch's " +
                   std::to_string(expected.rgba[p]) + "," + std::to_string(expected.rgba[p + 1]) +
                   "," + std::to_string(expected.rgba[p + 2]);
    }
  }
  return diff;
}

class ReliefCells : public ::testing::TestWithParam<const char*> {};

TEST_P(ReliefCells, CpuReferenceMatchesTheSketchExactly) {
  const Heightfield terrain = testing::read_seed_field("eroded.f32");
  const Image expected = testing::read_png(
      testing::data_path(std::string("renders/42-eroded-") + GetParam() + "-cells.png"));
  ASSERT_EQ(expected.width, 320);
  ASSERT_EQ(expected.height, 180);
  const ColorScheme* scheme = find_color_scheme(GetParam());
  ASSERT_NE(scheme, nullptr);
  std::vector<uint8_t> cells(terrain.size() * 4);
  relief_cells(terrain, 0.25, *scheme, cells);
  const CellDiff diff = compare_cells(cells, expected);
  EXPECT_EQ(diff.count, 0u) << diff.first;
}

// The cells a renderer with these options works out for seed 42's eroded map in `scheme`,
// compared with the sketch's cell image; `exact` says whether it claims the sketch's bytes.
CellDiff renderer_cells(const MapRendererOptions& options, const char* scheme, bool& exact) {
  testing::GlContext::get();
  MapRenderer renderer;
  renderer.init(options);
  exact = renderer.exact_relief();
  const Heightfield terrain = testing::read_seed_field("eroded.f32");
  const Image expected = testing::read_png(
      testing::data_path(std::string("renders/42-eroded-") + scheme + "-cells.png"));
  MapInputs inputs;
  inputs.terrain = &terrain;
  inputs.sea_level = 0.25;
  inputs.scheme = find_color_scheme(scheme);
  inputs.show_rivers = false;
  renderer.snapshot(inputs, 64, 36);
  std::vector<uint8_t> cells(terrain.size() * 4);
  renderer.read_relief_cells(cells);
  return compare_cells(cells, expected);
}

TEST_P(ReliefCells, GpuDoublePrecisionMatchesTheSketchExactly) {
  bool exact = false;
  const CellDiff diff = renderer_cells({.painter = MapPainter::gpu}, GetParam(), exact);
  ASSERT_TRUE(exact)
      << "this context has no double-precision shaders (GL 4.0 or GL_ARB_gpu_shader_fp64)";
  EXPECT_EQ(diff.count, 0u) << diff.first;
}

TEST_P(ReliefCells, GpuFloatFallbackIsWithinOneLevel) {
  bool exact = true;
  const CellDiff diff =
      renderer_cells({.allow_fp64 = false, .painter = MapPainter::gpu}, GetParam(), exact);
  ASSERT_FALSE(exact);
  EXPECT_LE(diff.max_levels, 1) << diff.first;
  std::printf("float relief: %zu of %u cells differ, by at most %d level(s)\n", diff.count,
              320u * 180u, diff.max_levels);
}

// The CPU painter's cells are the CPU reference's, read back through the renderer.
TEST_P(ReliefCells, CpuPainterMatchesTheSketchExactly) {
  bool exact = false;
  const CellDiff diff = renderer_cells({.painter = MapPainter::cpu}, GetParam(), exact);
  ASSERT_TRUE(exact);
  EXPECT_EQ(diff.count, 0u) << diff.first;
}

INSTANTIATE_TEST_SUITE_P(SketchSchemes, ReliefCells, ::testing::Values("site_dark", "topographic"));

// Every scheme: the GPU (doubles) and the CPU reference agree byte for byte on both terrains
// and at other sea levels, where there is no sketch render to compare with.
TEST(ReliefCellsAgreement, GpuEqualsCpuForEverySchemeTerrainAndSeaLevel) {
  testing::GlContext::get();
  MapRenderer renderer;
  renderer.init({.painter = MapPainter::gpu});
  ASSERT_TRUE(renderer.exact_relief());
  for (const char* name : {"eroded.f32", "original.f32", "eroded-1000.f32"}) {
    const Heightfield terrain = testing::read_seed_field(name);
    for (const ColorScheme& scheme : color_schemes()) {
      for (double sea : {0.0, 0.25, 0.41, 0.6}) {
        MapInputs inputs;
        inputs.terrain = &terrain;
        inputs.sea_level = sea;
        inputs.scheme = &scheme;
        inputs.contour_levels = 0;
        inputs.show_rivers = false;
        renderer.snapshot(inputs, 32, 18);
        std::vector<uint8_t> gpu(terrain.size() * 4), cpu(terrain.size() * 4);
        renderer.read_relief_cells(gpu);
        relief_cells(terrain, sea, scheme, cpu);
        EXPECT_TRUE(gpu == cpu) << name << " " << scheme.key << " sea " << sea;
      }
    }
  }
}

}  // namespace
}  // namespace terrain::render
