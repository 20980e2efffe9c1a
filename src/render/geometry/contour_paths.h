// The contour lines as the sketch's drawContours() strokes them: two paths, the regular lines
// (width 1, colors.line) and the index lines (width 1.5, colors.index_line: the coastline and
// every fifth level), each one path of separate segments stroked once.
#pragma once

#include <vector>

#include "core/contours.h"
#include "core/frame.h"
#include "core/heightfield.h"
#include "render/geometry/stroke_path.h"

namespace terrain::render {

class ContourPaths {
 public:
  static constexpr double kRegularWidth = 1;  // the sketch's lineWidth for regular lines
  static constexpr double kIndexWidth = 1.5;  // ...and for index lines

  // Rebuilds both paths for the sketch's levels (contour_levels(sea_level, count)) traced over
  // `field` and placed by `frame`. count 0 leaves both empty, as the sketch then draws none.
  // Allocates only while growing, or when sea_level or count change.
  void build(const Heightfield& field, double sea_level, int count, const Frame& frame);

  const StrokePath& regular() const { return regular_; }
  const StrokePath& index_lines() const { return index_; }

 private:
  std::vector<ContourLevel> levels_;
  double levels_sea_ = -1;  // what levels_ was worked out for
  int levels_count_ = -1;
  std::vector<ContourSegment> segments_;
  StrokePath regular_;
  StrokePath index_;
};

}  // namespace terrain::render
