// Heightmaps in and out, against the heightmap issue's speed targets:
//
//   "At 320x180 every export takes under 50 ms": each format io::encode_heightmap writes
//   (png, r16, exr, tiff, npy), in memory and through io::write_heightmap to a file in a
//   temporary directory, of a real eroded 320x180 island (the sketch's island after 50,000
//   drops, so the heights are as rough as a file a user exports, not a smooth field that
//   compresses too well); and the hydrology's four pictures as terrain-cli --layers makes
//   them (render::hydrology_layers, then flow, basins and Strahler as RGBA PNGs and the lakes'
//   depth as a 16-bit heightmap PNG).
//
//   "Importing a 4096² 16-bit PNG under 1 s": a 4096x4096 island encoded once as the project's
//   own 16-bit PNG, then the whole import the app does (decode, fit_ground to 320x180 by crop),
//   the decode alone, and the same import from a file in /tmp through io::read_heightmap.
//
// The ground, the rain, the hydrology and the 4096² file are made once, outside the timed
// loops. The `bytes` counter is the size of the file written or read.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "bench_island.h"
#include "core/ground.h"
#include "core/ground_fit.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/rain.h"
#include "exports/map_files.h"
#include "io/heightmap.h"
#include "io/png.h"
#include "render/geometry/color_scheme.h"

namespace terrain {
namespace {

using io::HeightmapFormat;

using bench::eroded_island;
using bench::island_hydrology;
using bench::kIslandSeed;

// A directory of this process's own under the system's temporary directory, removed at exit.
const std::filesystem::path& scratch_dir() {
  struct Dir {
    std::filesystem::path path;
    Dir()
        : path(std::filesystem::temp_directory_path() /
               ("terrain_heightmap_bench_" + std::to_string(::getpid()))) {
      std::filesystem::create_directories(path);
    }
    ~Dir() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const Dir dir;
  return dir.path;
}

// One format's bytes of the eroded 320x180 island, in memory: the encoder alone.
void BM_ExportHeightmap(benchmark::State& state, HeightmapFormat format) {
  const Heightfield& field = eroded_island();
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::vector<uint8_t> encoded = io::encode_heightmap(field, format);
    bytes = encoded.size();
    benchmark::DoNotOptimize(encoded.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
  state.SetBytesProcessed(static_cast<int64_t>(bytes) * state.iterations());
}

// The same export as a file, the whole of what terrain-cli --heightmap FILE costs after the
// rain: encode, then the atomic write (a temporary beside it, renamed over the last
// iteration's file). Real time, since the file system's part is not this thread's CPU.
void BM_WriteHeightmapFile(benchmark::State& state, HeightmapFormat format) {
  const Heightfield& field = eroded_island();
  const std::filesystem::path path =
      scratch_dir() / ("export." + std::string(io::heightmap_format_name(format)));
  for (auto _ : state) io::write_heightmap(path, field, /*replace=*/true);
  const auto bytes = std::filesystem::file_size(path);
  state.counters["bytes"] = static_cast<double>(bytes);
  state.SetBytesProcessed(static_cast<int64_t>(bytes) * state.iterations());
}

// Both, for every format, under the names BENCHMARK_CAPTURE would give them
// (BM_ExportHeightmap/png ... BM_WriteHeightmapFile/npy), the exports first.
[[maybe_unused]] const bool kFormatBenchmarksRegistered = [] {
  constexpr HeightmapFormat kFormats[] = {HeightmapFormat::png, HeightmapFormat::r16,
                                          HeightmapFormat::exr, HeightmapFormat::tiff,
                                          HeightmapFormat::npy};
  for (const HeightmapFormat format : kFormats) {
    const std::string name(io::heightmap_format_name(format));
    benchmark::RegisterBenchmark(("BM_ExportHeightmap/" + name).c_str(), BM_ExportHeightmap, format)
        ->Unit(benchmark::kMillisecond);
  }
  for (const HeightmapFormat format : kFormats) {
    const std::string name(io::heightmap_format_name(format));
    benchmark::RegisterBenchmark(("BM_WriteHeightmapFile/" + name).c_str(), BM_WriteHeightmapFile,
                                 format)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  return true;
}();

// terrain-cli --layers DIR's four pictures of the eroded island, produced and encoded as it
// does them (the hydrology itself is the pipeline's, worked out once outside the loop): the
// layers in the site_dark scheme, flow, basins and Strahler as RGBA PNGs, the lakes' depth as
// a 16-bit heightmap PNG. `bytes` is the four files together.
void BM_HydrologyLayers(benchmark::State& state) {
  const Heightfield& ground = eroded_island();
  const Hydrology& hydrology = island_hydrology();
  const render::ColorScheme& scheme = *render::find_color_scheme("site_dark");
  const double sea_level = RainParams{}.sea_level;
  std::size_t bytes = 0;
  for (auto _ : state) {
    // What terrain-cli --layers and the panel's Export layers encode (exports/map_files.h).
    const std::vector<io::NamedFile> files =
        exports::layer_files(ground, sea_level, hydrology, scheme);
    bytes = 0;
    for (const io::NamedFile& file : files) bytes += file.bytes.size();
    benchmark::DoNotOptimize(bytes);
  }
  state.counters["bytes"] = static_cast<double>(bytes);
  state.SetBytesProcessed(static_cast<int64_t>(bytes) * state.iterations());
}
BENCHMARK(BM_HydrologyLayers)->Unit(benchmark::kMillisecond);

// The panel's Export layers and Export grids whole, but for the file system: the hydrology of
// the ground after the rain worked out again (the app does, so every file of an export is of
// the same heights), then the files encoded.
void BM_PanelExport(benchmark::State& state) {
  const bool layers = state.range(0) == 0;
  const Heightfield& ground = eroded_island();
  const Heightfield original = grow_ground(kIslandSeed, {});
  const render::ColorScheme& scheme = *render::find_color_scheme("site_dark");
  std::size_t bytes = 0;
  for (auto _ : state) {
    Hydrology hydrology;
    hydrology.compute(ground, HydrologyParams{}, kIslandSeed);
    const std::vector<io::NamedFile> files =
        layers ? exports::layer_files(ground, RainParams{}.sea_level, hydrology, scheme)
               : exports::grid_files(original, ground, hydrology);
    bytes = 0;
    for (const io::NamedFile& file : files) bytes += file.bytes.size();
    benchmark::DoNotOptimize(bytes);
  }
  state.SetLabel(layers ? "layers" : "grids");
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_PanelExport)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The import side: a 4096x4096 island (the island generator at that size) as the project's
// own 16-bit PNG, encoded once.
constexpr int kImportSide = 4096;

const std::vector<uint8_t>& png_4096() {
  static const std::vector<uint8_t> bytes =
      io::encode_heightmap(grow_ground(7, {}, kImportSide, kImportSide), HeightmapFormat::png);
  return bytes;
}

// The same bytes as a file in the scratch directory, written once.
const std::filesystem::path& png_4096_file() {
  static const std::filesystem::path path = [] {
    const std::filesystem::path p = scratch_dir() / "import4096.png";
    const std::vector<uint8_t>& bytes = png_4096();
    std::ofstream(p, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    return p;
  }();
  return path;
}

// What the app makes of a file it is given as its ground: the heights decoded, fitted to the
// 320x180 grid by crop (area average), and scaled to 0..1 if the file is not the project's own
// (this one is, so that step is skipped as the app skips it).
Heightfield import_ground(const io::HeightmapFile& file) {
  Heightfield ground = fit_ground(file.heights, 320, 180, GroundFit::crop);
  if (!file.own_heights) ground = normalized_01(ground);
  return ground;
}

// The whole import from bytes in memory: decode + fit_ground. The target is under 1 s.
void BM_ImportPng4096(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = png_4096();
  for (auto _ : state) {
    const Heightfield ground = import_ground(io::decode_heightmap(bytes, HeightmapFormat::png));
    benchmark::DoNotOptimize(ground.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes.size());
  state.SetBytesProcessed(static_cast<int64_t>(bytes.size()) * state.iterations());
}
BENCHMARK(BM_ImportPng4096)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

// The decode alone (libpng's inflate and the 16-bit values back to heights), to show how much
// of the import is the PNG and how much the resampling.
void BM_ImportPng4096DecodeOnly(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = png_4096();
  for (auto _ : state) {
    const io::HeightmapFile file = io::decode_heightmap(bytes, HeightmapFormat::png);
    benchmark::DoNotOptimize(file.heights.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes.size());
  state.SetBytesProcessed(static_cast<int64_t>(bytes.size()) * state.iterations());
}
BENCHMARK(BM_ImportPng4096DecodeOnly)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

// The import as terrain-cli --ground FILE does it: io::read_heightmap of a file in /tmp (read
// and decode), then the fit. Real time, as the read is the file system's.
void BM_ImportPng4096File(benchmark::State& state) {
  const std::filesystem::path& path = png_4096_file();
  for (auto _ : state) {
    const Heightfield ground = import_ground(io::read_heightmap(path));
    benchmark::DoNotOptimize(ground.data());
  }
  const auto bytes = std::filesystem::file_size(path);
  state.counters["bytes"] = static_cast<double>(bytes);
  state.SetBytesProcessed(static_cast<int64_t>(bytes) * state.iterations());
}
BENCHMARK(BM_ImportPng4096File)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

}  // namespace
}  // namespace terrain
