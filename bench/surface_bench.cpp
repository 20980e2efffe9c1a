// The 3D view's surface on the CPU (render/geometry/surface_raster.h): seed 42's island, its
// relief draped at 3 pixels a cell as the app drapes it at 1280 x 720, drawn into a 1280 x 720
// canvas from the app's default camera (yaw 20, pitch 45) and two others, on one thread and on
// two (the app's WorkThreads on this 2-core machine). The app's frame adds the rain, the drape's
// painting and the upload: bench/views.sh SET=3d measures the whole frame.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "core/island.h"
#include "render/geometry/map_raster.h"
#include "render/geometry/relief.h"
#include "render/geometry/surface_raster.h"

namespace {

using namespace terrain;
using namespace terrain::render;

constexpr int kWidth = 1280;
constexpr int kHeight = 720;

struct Scene {
  Heightfield heights = island_terrain(42);
  int scale = drape_scale(kWidth, kHeight, heights.width(), heights.height());
  int drape_w = drape_side(heights.width(), scale);
  int drape_h = drape_side(heights.height(), scale);
  std::vector<uint32_t> drape;

  Scene() {
    const ColorScheme& scheme = color_schemes()[0];
    std::vector<uint8_t> cells(heights.size() * 4);
    relief_cells(heights, 0.25, scheme, cells);
    drape.resize(static_cast<std::size_t>(drape_w) * drape_h);
    MapRaster raster(1);
    raster.paint({cells, heights.width(), heights.height(), drape_frame(scale),
                  canvas_color(scheme.sea_deep), nullptr},
                 drape_w, drape_h, drape);
  }

  SurfaceInputs inputs() const {
    SurfaceInputs in;
    in.heights = &heights;
    in.sea_level = 0.25;
    in.drape = drape;
    in.drape_width = drape_w;
    in.drape_height = drape_h;
    in.drape_frame = drape_frame(scale);
    in.sky_top = {20, 40, 80};
    in.sky_bottom = {60, 90, 130};
    in.soil = {100, 70, 40};
    in.water = {40, 90, 200};
    return in;
  }
};

// Arguments: yaw, pitch (degrees), threads.
void BM_Surface3d(benchmark::State& state) {
  const Scene scene;
  OrbitCamera camera(scene.heights.width(), scene.heights.height());
  camera.set_angles(static_cast<double>(state.range(0)), static_cast<double>(state.range(1)));
  camera.frame_map(double(kWidth) / kHeight);
  WorkThreads threads(static_cast<int>(state.range(2)));
  std::vector<uint32_t> pixels(static_cast<std::size_t>(kWidth) * kHeight);
  SurfaceRaster raster;
  const SurfaceInputs in = scene.inputs();
  for (auto _ : state) {
    raster.draw(in, camera, {0, 0, kWidth, kHeight}, kWidth, kHeight, pixels, {}, &threads);
    benchmark::DoNotOptimize(pixels.data());
  }
}
BENCHMARK(BM_Surface3d)
    ->ArgNames({"yaw", "pitch", "threads"})
    ->Args({20, 45, 1})
    ->Args({20, 45, 2})
    ->Args({0, 90, 2})
    ->Args({200, 15, 2})
    ->Unit(benchmark::kMillisecond);

}  // namespace
