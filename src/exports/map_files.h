// The sets of files a map leaves the sandbox as, the same from terrain-cli and the app's panel:
//
//   layer_files  the hydrology as pictures, one pixel per cell (hydrology_layers.h):
//                flow.png and basins.png (RGB8), strahler.png (one gray band, 8 bits) and
//                lakes.png (the lakes' depth as a 16-bit heightmap with its range)
//   grid_files   the grids as terrain-cli writes them (float32 / uint32 / int32 / uint8 .npy,
//                rows first): original, eroded, filled, flow, downstream, basins, strahler,
//                lakes
//
// Everything is encoded in memory; where the files go, and that they land whole or not at all,
// is the caller's (terrain-cli's output directory, io::save_new_folder).
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/heightfield.h"
#include "core/hydrology.h"
#include "io/snapshot_file.h"
#include "render/geometry/color_scheme.h"

namespace terrain::exports {

// The pictures of `hydrology`, worked out for `ground`, in `scheme`'s colours (the CLI's are
// site_dark's). Throws std::invalid_argument when the hydrology is not of the ground's size.
std::vector<io::NamedFile> layer_files(const Heightfield& ground, double sea_level,
                                       const Hydrology& hydrology,
                                       const render::ColorScheme& scheme);

// The grids of a map (its ground before and after the rain, and the hydrology of `eroded`),
// each encoded and handed to `put` in turn, so only one file's bytes are held at a time (at
// 8192² a grid is 256 MB).
void each_grid_file(
    const Heightfield& original, const Heightfield& eroded, const Hydrology& hydrology,
    const std::function<void(const std::string& name, std::span<const std::byte> bytes)>& put);
// The same, all of them at once (for small maps, such as the app's).
std::vector<io::NamedFile> grid_files(const Heightfield& original, const Heightfield& eroded,
                                      const Hydrology& hydrology);

}  // namespace terrain::exports
