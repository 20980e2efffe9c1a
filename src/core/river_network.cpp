#include "core/river_network.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace terrain {

DrainageGraph graph_of(const Drainage& d) {
  return {d.width(), d.downstream(), d.flow()};
}

std::vector<Reach> river_reaches(const DrainageGraph& graph, uint32_t min_flow,
                                 const Frame& frame) {
  const std::size_t n = graph.downstream.size();
  auto is_river = [&](std::size_t i) { return graph.flow[i] >= min_flow; };

  // How many river cells run into each cell (at most 8), one byte a cell; and for each
  // meeting (two or more), how many of the reaches into it are still to be traced and the
  // largest order arriving with how many reaches bring it. Meetings are few: a map of them.
  CellVector<uint8_t> inflows(n);  // huge pages on a big map (cell_allocator.h)
  std::fill(inflows.begin(), inflows.end(), uint8_t{0});
  for (std::size_t i = 0; i < n; i++) {
    const int32_t d = graph.downstream[i];
    if (d >= 0 && is_river(i)) inflows[static_cast<std::size_t>(d)]++;
  }
  struct Meeting {
    uint8_t pending = 0;
    uint8_t best_in = 0;
    uint8_t best_count = 0;
  };
  std::unordered_map<std::size_t, Meeting> meetings;
  for (std::size_t i = 0; i < n; i++) {
    if (inflows[i] >= 2) meetings[i].pending = inflows[i];
  }

  std::vector<Reach> reaches;
  auto trace = [&](std::size_t s) {
    // Traces the reach starting at s; returns the meeting it ends on if that meeting now has
    // all its reaches in (its own reach is next), or n.
    Reach reach;
    if (inflows[s] == 0) {
      reach.order = 1;
    } else {
      const Meeting& m = meetings.at(s);
      reach.order = m.best_in + (m.best_count >= 2 ? 1 : 0);
    }
    reach.cells.push_back(static_cast<int32_t>(s));
    std::size_t c = s;
    std::size_t next = n;
    while (graph.downstream[c] >= 0) {
      const auto d = static_cast<std::size_t>(graph.downstream[c]);
      reach.cells.push_back(static_cast<int32_t>(d));
      c = d;
      if (inflows[d] >= 2) {  // a meeting: this reach ends on it
        Meeting& m = meetings.at(d);
        const auto order = static_cast<uint8_t>(reach.order);
        if (order > m.best_in) {
          m.best_in = order;
          m.best_count = 1;
        } else if (order == m.best_in) {
          m.best_count++;
        }
        if (--m.pending == 0) next = d;
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
    return next;
  };

  for (std::size_t s = 0; s < n; s++) {
    if (!is_river(s) || inflows[s] != 0) continue;  // sources start the walks
    for (std::size_t c = trace(s); c < n;) c = trace(c);
  }
  return reaches;
}

CellVector<uint8_t> strahler_orders(const DrainageGraph& graph, uint32_t min_flow) {
  return strahler_orders(river_reaches(graph, min_flow), graph.downstream.size());
}

CellVector<uint8_t> strahler_orders(std::span<const Reach> reaches, std::size_t cells) {
  CellVector<uint8_t> orders(cells);
  std::fill(orders.begin(), orders.end(), uint8_t{0});
  // A reach comes after the reaches into it, so a meeting cell, the last cell of the reaches
  // into it, is written last by the reach that starts there: its order is the reach below's.
  for (const Reach& reach : reaches) {
    for (const int32_t cell : reach.cells) {
      orders[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(reach.order);
    }
  }
  return orders;
}

}  // namespace terrain
