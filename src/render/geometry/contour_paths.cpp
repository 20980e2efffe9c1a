// Contour paths from the core's marching squares (see contour_paths.h).
#include "render/geometry/contour_paths.h"

namespace terrain::render {

void ContourPaths::build(const Heightfield& field, double sea_level, int count,
                         const Frame& frame) {
  regular_.clear();
  index_.clear();
  if (count <= 0) return;
  if (sea_level != levels_sea_ || count != levels_count_) {
    levels_ = contour_levels(sea_level, count);
    levels_sea_ = sea_level;
    levels_count_ = count;
  }
  segments_.clear();
  append_contour_segments(field, levels_, segments_);

  // Grid point (x, y) is drawn at (left + x * scale, top + y * scale). Each segment is its own
  // subpath (moveTo, lineTo), so each gets round caps, as in the sketch.
  for (const ContourSegment& segment : segments_) {
    StrokePath& path = levels_[static_cast<std::size_t>(segment.level)].index ? index_ : regular_;
    path.move_to(frame.left + segment.a.x * frame.scale_x, frame.top + segment.a.y * frame.scale_y);
    path.line_to(frame.left + segment.b.x * frame.scale_x, frame.top + segment.b.y * frame.scale_y);
  }
}

}  // namespace terrain::render
