// A heightmap file as a ground (see ground_file.h).
#include "io/ground_file.h"

namespace terrain::io {

Heightfield ground_from(const HeightmapFile& file, int cols, int rows, GroundFit fit) {
  Heightfield ground = fit_ground(file.heights, cols, rows, fit);
  // A file this project wrote keeps its heights; any other is scaled to 0..1.
  if (!file.own_heights) ground = normalized_01(ground);
  return ground;
}

Heightfield read_ground(const std::filesystem::path& path, int cols, int rows, GroundFit fit) {
  return ground_from(read_heightmap(path), cols, rows, fit);
}

}  // namespace terrain::io
