// Frame timing of the map renderer at the app's default settings (not a test).
//
// Usage: SDL_VIDEODRIVER=offscreen render_timing [frames] [width] [height] [layers]
// layers: "all" (default), "relief", "contours" (relief + contours) or "rivers" (relief +
// rivers), to see what each costs. A fifth argument picks the painter: "gpu", "cpu" or
// "float" (the GPU with the float relief); by default the renderer's own choice.
// Draws seed 42's eroded map (1280 x 720 by default, site_dark, 10 contour levels, rivers)
// into a window-sized framebuffer repeatedly and prints the median and 90th percentile of:
//   build   CPU ms working out contour, river and route geometry, and the tiles
//   raster  CPU ms of the CPU painter's map pass (0 with the GPU painter)
//   submit  CPU ms uploading and issuing GL commands
//   wall    ms for the whole draw() plus glFinish (the GPU's work too; llvmpipe here)
//   process CPU ms of every thread of the process over draw() + glFinish (with llvmpipe, the
//           GPU's work is CPU work on its threads; less disturbed by other processes than wall)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "render/gl/map_renderer.h"
#include "render_test_support.h"

using namespace terrain;
using namespace terrain::render;

namespace {

double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  const int frames = argc > 1 ? std::atoi(argv[1]) : 60;
  const int width = argc > 2 ? std::atoi(argv[2]) : 1280;
  const int height = argc > 3 ? std::atoi(argv[3]) : 720;
  const std::string layers = argc > 4 ? argv[4] : "all";
  testing::GlContext::get();
  const Heightfield terrain = testing::read_seed_field("eroded.f32");
  const testing::PausedRivers rivers = testing::paused_rivers(terrain);
  MapRenderer renderer;
  const std::string painter = argc > 5 ? argv[5] : "";
  renderer.init({.allow_fp64 = painter != "float",
                 .painter = painter == "cpu"                         ? MapPainter::cpu
                            : painter == "gpu" || painter == "float" ? MapPainter::gpu
                                                                     : MapPainter::automatic});
  MapInputs inputs = testing::map_inputs(terrain, find_color_scheme("site_dark"), &rivers.picture);
  inputs.contour_levels = layers == "all" || layers == "contours" ? 10 : 0;
  inputs.show_rivers = layers == "all" || layers == "rivers";

  const testing::PlainFramebuffer window_fb(width, height);

  std::vector<double> build, raster, submit, cpu, wall, process;
  for (int f = 0; f < frames + 5; f++) {
    const double process_start = process_cpu_ms();
    const auto start = std::chrono::steady_clock::now();
    renderer.draw(inputs, width, height);
    const auto issued = std::chrono::steady_clock::now();
    glFinish();
    const auto done = std::chrono::steady_clock::now();
    const double process_end = process_cpu_ms();
    if (f < 5) continue;  // warm-up
    build.push_back(renderer.last_timings().build_ms);
    raster.push_back(renderer.last_timings().raster_ms);
    submit.push_back(renderer.last_timings().submit_ms);
    cpu.push_back(std::chrono::duration<double, std::milli>(issued - start).count());
    wall.push_back(std::chrono::duration<double, std::milli>(done - start).count());
    process.push_back(process_end - process_start);
  }
  std::printf(
      "%dx%d, %d frames, %zu segments, %zu strokes, %zu shapes placed in tiles, %s "
      "painter, relief %s\n",
      width, height, frames, renderer.last_timings().segments, renderer.last_timings().strokes,
      renderer.last_timings().placed, renderer.cpu_painter() ? "CPU" : "GPU",
      renderer.exact_relief() ? "exact" : "float");
  std::printf("build  median %.3f ms  p90 %.3f ms\n", percentile(build, 0.5),
              percentile(build, 0.9));
  std::printf("raster median %.3f ms  p90 %.3f ms (the CPU painter's map pass)\n",
              percentile(raster, 0.5), percentile(raster, 0.9));
  std::printf("submit median %.3f ms  p90 %.3f ms\n", percentile(submit, 0.5),
              percentile(submit, 0.9));
  std::printf("draw() median %.3f ms  p90 %.3f ms (CPU, build + submit + present)\n",
              percentile(cpu, 0.5), percentile(cpu, 0.9));
  std::printf("wall   median %.3f ms  p90 %.3f ms (draw() + glFinish)\n", percentile(wall, 0.5),
              percentile(wall, 0.9));
  std::printf("process median %.3f ms  p90 %.3f ms (CPU of all threads, draw() + glFinish)\n",
              percentile(process, 0.5), percentile(process, 0.9));
  return 0;
}
