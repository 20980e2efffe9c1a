#include "core/river_network.h"

#include <algorithm>

namespace terrain {

Frame Frame::viewport(double width, double height, int cols, int rows) {
  const double scale = std::max(width / (cols - 1), height / (rows - 1));
  return {(width - (cols - 1) * scale) / 2, (height - (rows - 1) * scale) / 2, scale, scale};
}

DrainageGraph graph_of(const Drainage& d) {
  return {d.width(), d.downstream(), d.flow(), d.highest_first()};
}

std::vector<Reach> river_reaches(const DrainageGraph& graph, uint32_t min_flow,
                                 const Frame& frame) {
  const std::size_t n = graph.downstream.size();
  auto is_river = [&](std::size_t i) { return graph.flow[i] >= min_flow; };

  // How many river cells run into each cell.
  std::vector<uint8_t> inflows(n, 0);
  for (std::size_t i = 0; i < n; i++) {
    const int32_t d = graph.downstream[i];
    if (d >= 0 && is_river(i) && inflows[static_cast<std::size_t>(d)] < 255) {
      inflows[static_cast<std::size_t>(d)]++;
    }
  }

  // The largest order arriving at each meeting, and how many inflows bring it.
  std::vector<uint8_t> best_in(n, 0);
  std::vector<uint8_t> best_count(n, 0);

  std::vector<Reach> reaches;
  for (const int32_t start : graph.highest_first) {
    const std::size_t s = static_cast<std::size_t>(start);
    if (!is_river(s) || inflows[s] == 1) continue;  // not a source or a meeting
    Reach reach;
    reach.order = inflows[s] == 0 ? 1 : best_in[s] + (best_count[s] >= 2 ? 1 : 0);
    reach.cells.push_back(start);
    std::size_t c = s;
    while (graph.downstream[c] >= 0) {
      const std::size_t d = static_cast<std::size_t>(graph.downstream[c]);
      reach.cells.push_back(static_cast<int32_t>(d));
      c = d;
      if (inflows[d] >= 2) {  // a meeting: this reach ends on it
        const auto order = static_cast<uint8_t>(reach.order);
        if (order > best_in[d]) {
          best_in[d] = order;
          best_count[d] = 1;
        } else if (order == best_in[d]) {
          best_count[d]++;
        }
        break;
      }
    }
    reach.flow = graph.flow[c];
    reach.points.reserve(reach.cells.size());
    for (const int32_t cell : reach.cells) {
      const int x = cell % graph.width;
      const int y = cell / graph.width;
      reach.points.push_back({frame.left + x * frame.scale_x, frame.top + y * frame.scale_y});
    }
    reaches.push_back(std::move(reach));
  }
  return reaches;
}

std::vector<uint8_t> strahler_orders(const DrainageGraph& graph, uint32_t min_flow) {
  std::vector<uint8_t> orders(graph.downstream.size(), 0);
  // Reaches come headwaters first, so a meeting cell, the last cell of the reaches into it,
  // is written last by the reach that starts there: its order is the reach below's.
  for (const Reach& reach : river_reaches(graph, min_flow)) {
    for (const int32_t cell : reach.cells) {
      orders[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(reach.order);
    }
  }
  return orders;
}

}  // namespace terrain
