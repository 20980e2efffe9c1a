// The sketch's viewport (see frame.h).
#include "core/frame.h"

#include <algorithm>

namespace terrain {

// viewport(): scale = max(width / (COLS - 1), height / (ROWS - 1)), the grid centred.
Frame Frame::viewport(double width, double height, int cols, int rows) {
  const double scale = std::max(width / (cols - 1), height / (rows - 1));
  return {(width - (cols - 1) * scale) / 2, (height - (rows - 1) * scale) / 2, scale, scale};
}

}  // namespace terrain
