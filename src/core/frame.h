// Where the grid lands on a canvas: grid point (x, y) at (left + x * scale_x,
// top + y * scale_y). The sketch's viewport() is one such frame; river reaches, contours and
// the renderer place their points with it.
#pragma once

namespace terrain {

struct Frame {
  double left = 0;
  double top = 0;
  double scale_x = 1;
  double scale_y = 1;

  // The sketch's viewport: the cols x rows grid fills a width x height canvas without
  // stretching, cropping whichever edges don't fit; grid point (x, y) at left + x * scale.
  static Frame viewport(double width, double height, int cols, int rows);
};

}  // namespace terrain
