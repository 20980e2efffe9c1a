// The river network: reaches with Strahler order, drawn from a drainage (the "Drainage" API
// documentation's rivers and strahlerOrders).
//
// A cell is river once `min_flow` cells drain through it. A reach runs from a source (a river
// cell no river runs into) or from a meeting (a river cell two or more rivers run into) down
// to the next meeting or outlet, and ends on that cell, so the reaches into a meeting and the
// reach out of it share it and the lines join. Every river cell is the start or the inside of
// exactly one reach. A river ends at the first sea cell (sea cells are outlets). A single-cell
// reach (a cell over the threshold that leaves the field at once, or a meeting at an outlet)
// is kept rather than dropped.
//
// Strahler order: a headwater reach is 1; a reach below a meeting takes the largest order
// coming in, plus one if two or more of the inflows share it.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/cell_allocator.h"
#include "core/drainage.h"
#include "core/frame.h"
#include "core/point.h"

namespace terrain {

struct Reach {
  std::vector<int32_t> cells;  // from its start down to its last cell
  std::vector<Point> points;   // the cells' grid points in the requested frame
  int order = 0;               // Strahler order
  uint32_t flow = 0;           // flow at its lowest end, in cells
};

// The drainage graph the network is read from: any routing whose downstream links never loop
// and whose flow grows strictly downstream.
struct DrainageGraph {
  int width = 0;
  std::span<const int32_t> downstream;
  std::span<const uint32_t> flow;
};
DrainageGraph graph_of(const Drainage& drainage);

// Every reach of the network, each reach after all the reaches that run into it. Traced by
// walking down from each source in row-major order; a meeting's reach is traced when the
// last reach into it arrives. O(cells).
std::vector<Reach> river_reaches(const DrainageGraph& graph, uint32_t min_flow,
                                 const Frame& frame = {});
inline std::vector<Reach> river_reaches(const Drainage& d, uint32_t min_flow,
                                        const Frame& frame = {}) {
  return river_reaches(graph_of(d), min_flow, frame);
}

// Strahler order per cell: the order of the reach the cell starts or is inside of, 0 outside
// the network.
CellVector<uint8_t> strahler_orders(const DrainageGraph& graph, uint32_t min_flow);
// The same from reaches already traced (as river_reaches returns them) over `cells` cells.
CellVector<uint8_t> strahler_orders(std::span<const Reach> reaches, std::size_t cells);
inline CellVector<uint8_t> strahler_orders(const Drainage& d, uint32_t min_flow) {
  return strahler_orders(graph_of(d), min_flow);
}

}  // namespace terrain
