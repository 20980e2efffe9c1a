// A heightmap file as a ground: read (heightmap.h), fitted to the grid (core/ground_fit.h),
// and its heights kept or scaled, the one way terrain-cli --ground and the app's Open (the
// panel, a file dropped on the window, terrain-sandbox FILE) both bring a ground in.
//
// Heights: a file this project wrote comes back at its own heights (the range its PNG
// carries, the floats of EXR, TIFF and float .npy); any other file is scaled after resampling
// so that its lowest cell is 0 and its highest 1 (normalized_01).
#pragma once

#include <filesystem>

#include "core/ground_fit.h"
#include "core/heightfield.h"
#include "io/heightmap.h"

namespace terrain::io {

// `file` as a cols x rows ground: fit_ground(file.heights, cols, rows, fit), then scaled to
// 0..1 unless the file has its own heights. Pre: cols, rows >= 2. Throws HeightmapError (not
// naming the file) when the file's own heights are not what a ground may hold (core/ground.h:
// finite, from -kMaxGroundHeight to kMaxGroundHeight).
Heightfield ground_from(const HeightmapFile& file, int cols, int rows, GroundFit fit);

// read_heightmap(path), then ground_from(...). Throws HeightmapError naming the file, as
// read_heightmap does.
Heightfield read_ground(const std::filesystem::path& path, int cols, int rows, GroundFit fit);

}  // namespace terrain::io
