// A heightmap file as a ground (see ground_file.h).
#include "io/ground_file.h"

#include <algorithm>
#include <string>

#include "core/ground.h"

namespace terrain::io {

Heightfield ground_from(const HeightmapFile& file, int cols, int rows, GroundFit fit) {
  // Heights of the file's own are kept: they must be what a ground may hold (core/ground.h),
  // checked before the fit so that its sums never meet float32's limit. (Raw samples are
  // scaled to 0..1 whatever their range.)
  if (file.own_heights) {
    const std::string problem = ground_height_problem(file.heights.values(), file.heights.width());
    if (!problem.empty()) throw HeightmapError(problem);
  }
  Heightfield ground = fit_ground(file.heights, cols, rows, fit);
  // A file this project wrote keeps its heights; any other is scaled to 0..1.
  if (!file.own_heights) ground = normalized_01(ground);
  // A resampling filter rings a little past a sharp step: a height the file holds at the
  // bound may come out just past it, and is kept at the bound.
  for (float& h : ground.values()) h = std::clamp(h, -kMaxGroundHeight, kMaxGroundHeight);
  return ground;
}

Heightfield read_ground(const std::filesystem::path& path, int cols, int rows, GroundFit fit) {
  return ground_from(read_heightmap(path), cols, rows, fit);
}

}  // namespace terrain::io
