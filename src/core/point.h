// A point in the plane: grid units (x along a row, y down the rows) or canvas pixels, as its
// owner says. The one point type of the project: contour crossings, drops' routes, river
// reaches and skyline profiles all use it.
#pragma once

namespace terrain {

struct Point {
  double x;
  double y;
};

}  // namespace terrain
