// The sets of files a map leaves the sandbox as (see map_files.h).
#include "exports/map_files.h"

#include <cstring>
#include <utility>

#include "io/heightmap.h"
#include "io/npy.h"
#include "io/png.h"
#include "render/geometry/hydrology_layers.h"

namespace terrain::exports {
std::vector<io::NamedFile> layer_files(const Heightfield& ground, double sea_level,
                                       const Hydrology& hydrology,
                                       const render::ColorScheme& scheme) {
  const render::HydrologyLayers layers =
      render::hydrology_layers(ground, sea_level, hydrology, scheme);
  // The pictures are drawn as RGBA8 (the views' cells); the files hold what they mean: the
  // flow and the basins as RGB (their alpha is always opaque), the Strahler orders as one gray
  // band, so that a GIS or an image library sees one value a pixel where there is one.
  const auto png = [&](const std::vector<uint8_t>& rgba, io::PixelFormat format) {
    const auto channels = static_cast<std::size_t>(format);
    std::vector<uint8_t> pixels(rgba.size() / 4 * channels);
    for (std::size_t i = 0, n = rgba.size() / 4; i < n; i++) {
      std::memcpy(&pixels[i * channels], &rgba[i * 4], channels);  // gray: R (= G = B)
    }
    return io::encode_png(pixels, layers.width, layers.height, format);
  };
  std::vector<io::NamedFile> files;
  files.push_back({"flow.png", png(layers.flow, io::PixelFormat::rgb8)});
  files.push_back({"basins.png", png(layers.basins, io::PixelFormat::rgb8)});
  files.push_back({"strahler.png", png(layers.strahler, io::PixelFormat::gray8)});
  files.push_back({"lakes.png", io::encode_heightmap(layers.lake_depth, io::HeightmapFormat::png)});
  return files;
}

void each_grid_file(
    const Heightfield& original, const Heightfield& eroded, const Hydrology& hydrology,
    const std::function<void(const std::string& name, std::span<const std::byte> bytes)>& put) {
  const int h = eroded.height();
  const int w = eroded.width();
  const Drainage& drainage = hydrology.drainage();
  put("original.npy", io::encode_npy(original.values(), h, w));
  put("eroded.npy", io::encode_npy(eroded.values(), h, w));
  put("filled.npy", io::encode_npy(drainage.routing_surface().values(), h, w));
  put("flow.npy", io::encode_npy(drainage.flow(), h, w));
  put("downstream.npy", io::encode_npy(drainage.downstream(), h, w));
  put("basins.npy", io::encode_npy(drainage.basins(), h, w));
  put("strahler.npy", io::encode_npy(hydrology.strahler(), h, w));
  put("lakes.npy", io::encode_npy(hydrology.lake_depth(), h, w));
}

std::vector<io::NamedFile> grid_files(const Heightfield& original, const Heightfield& eroded,
                                      const Hydrology& hydrology) {
  std::vector<io::NamedFile> files;
  each_grid_file(original, eroded, hydrology,
                 [&](const std::string& name, std::span<const std::byte> bytes) {
                   std::vector<uint8_t> copy(bytes.size());
                   if (!bytes.empty()) std::memcpy(copy.data(), bytes.data(), bytes.size());
                   files.push_back({name, std::move(copy)});
                 });
  return files;
}

}  // namespace terrain::exports
