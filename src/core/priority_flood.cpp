#include "core/priority_flood.h"

#include <algorithm>

namespace terrain {

void priority_flood(const Heightfield& field, double sea_level, double epsilon, FloodResult& out,
                    FloodWorkspace& work) {
  const int cols = field.width();
  const int rows = field.height();
  const std::size_t n = field.size();
  if (out.filled.width() != cols || out.filled.height() != rows) out.filled = Heightfield(cols, rows);
  std::copy(field.data(), field.data() + n, out.filled.data());
  out.order.resize(n);
  out.parent.assign(n, -1);
  work.reached.assign(n, 0);
  work.queue.clear();
  float* filled = out.filled.data();
  uint8_t* reached = work.reached.data();

  for (int y = 0; y < rows; y++) {
    for (int x = 0; x < cols; x++) {
      const std::size_t i = field.index(x, y);
      if (x == 0 || y == 0 || x == cols - 1 || y == rows - 1 || filled[i] < sea_level) {
        reached[i] = 1;
        work.queue.push(static_cast<int32_t>(i), filled[i]);
      }
    }
  }

  std::size_t popped = 0;
  while (!work.queue.empty()) {
    const int32_t i = work.queue.pop();
    out.order[popped++] = i;
    const int x = i % cols;
    const int y = i / cols;
    const double raised = filled[i] + epsilon;
    for (int dy = -1; dy <= 1; dy++) {
      const int ny = y + dy;
      if (ny < 0 || ny >= rows) continue;
      for (int dx = -1; dx <= 1; dx++) {
        const int nx = x + dx;
        if (nx < 0 || nx >= cols) continue;
        const std::size_t j = static_cast<std::size_t>(ny) * cols + nx;
        if (reached[j]) continue;
        reached[j] = 1;
        filled[j] = static_cast<float>(std::max(static_cast<double>(filled[j]), raised));
        out.parent[j] = i;
        work.queue.push(static_cast<int32_t>(j), filled[j]);
      }
    }
  }
}

Heightfield filled(const Heightfield& field, double sea_level, double epsilon) {
  FloodResult result;
  FloodWorkspace work;
  priority_flood(field, sea_level, epsilon, result, work);
  return std::move(result.filled);
}

}  // namespace terrain
