// The linework and the meshes, against the export issue's speed target: "At 320x180: SVG and
// mesh exports under 100 ms each".
//
//   BM_MapSvg    exports::map_svg of the eroded island: the coastline and ten contour levels
//                traced and joined into chains (contour_polylines, one sweep a level), the
//                river reaches traced, the document written (by flow classes and by order)
//   BM_MeshGlb   exports::mesh_glb: positions, normals, linear colours, indices, through
//                tinygltf into a .glb in memory
//   BM_MeshObj   exports::mesh_obj: the same as OBJ text
//   BM_MeshColors  the map's colours the meshes take (relief_cells), which terrain-cli works
//                out once for a mesh
//
// The island is the sketch's for seed 42 after 50,000 drops with its hydrology, as
// bench_island.h makes it, made once outside the timed loops. `bytes` is the file's size.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bench_island.h"
#include "core/ground.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/rain.h"
#include "exports/mesh.h"
#include "exports/svg.h"
#include "render/geometry/color_scheme.h"

namespace terrain {
namespace {

using bench::eroded_island;
using bench::island_hydrology;

const render::ColorScheme& scheme() {
  return *render::find_color_scheme("site_dark");
}

void BM_MapSvg(benchmark::State& state) {
  exports::SvgInputs in;
  in.ground = &eroded_island();
  in.hydrology = &island_hydrology();
  in.scheme = &scheme();
  in.rivers_by = state.range(0) == 0 ? RiversBy::flow : RiversBy::order;
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string text = exports::map_svg(in);
    bytes = text.size();
    benchmark::DoNotOptimize(text.data());
  }
  state.SetLabel(state.range(0) == 0 ? "rivers by flow" : "rivers by order");
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_MapSvg)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_MeshColors(benchmark::State& state) {
  for (auto _ : state) {
    const std::vector<uint8_t> rgba =
        exports::mesh_colors(eroded_island(), RainParams{}.sea_level, scheme());
    benchmark::DoNotOptimize(rgba.data());
  }
}
BENCHMARK(BM_MeshColors)->Unit(benchmark::kMillisecond);

void BM_Mesh(benchmark::State& state, exports::MeshFormat format) {
  const std::vector<uint8_t> rgba =
      exports::mesh_colors(eroded_island(), RainParams{}.sea_level, scheme());
  exports::MeshInputs in;
  in.ground = &eroded_island();
  in.rgba = rgba;
  in.exaggeration = exports::kDefaultExaggeration;
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::vector<uint8_t> file = exports::mesh_file(in, format);
    bytes = file.size();
    benchmark::DoNotOptimize(file.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK_CAPTURE(BM_Mesh, glb, exports::MeshFormat::glb)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Mesh, obj, exports::MeshFormat::obj)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace terrain
