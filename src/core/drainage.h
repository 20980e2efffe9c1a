// Drainage: where the rain on a heightfield goes (the "Drainage" API documentation's
// drainage, and the p5.js "Hydraulic Erosion" sketch's buildRivers()).
//
// Every cell gets one unit of rain and passes all its water to one neighbour; working from
// the highest cell to the lowest, water collects as it goes, so a cell carries the rain of
// everything upstream of it, itself counted. Hollows are filled first (priority-flood), so
// every cell has a way out. Everything here is a pure function of the field.
//
// Two routings:
//   sketch  the sketch's: the field plus its wander ripple is filled with epsilon 1e-6 and
//           every cell drains to its steepest downhill neighbour on the filled surface, a
//           diagonal step measured over sqrt(2). Reproduces the sketch's water and downstream.
//   flood   the "Drainage" documentation's: in a filled hollow the water takes the link the
//           flood arrived on (which leads to where the hollow brims over) instead of the
//           filled surface's slope, which would drain a lake as a fan of straight parallel
//           lines; elsewhere steepest descent. `min_drop` is the slope a filled cell keeps
//           over its flooder.
//
// Guarantees: downstream[c] is -1 at an outlet (a cell below sea level, or one with no lower
// neighbour); flow strictly grows downstream; a cell and the cell below it share a basin;
// each outlet's flow is the size of its basin, and the outlets' flows sum to the cell count.
//
// Cost: one flood (a sort and a sweep, see priority_flood.h), one sweep for the routing, then
// flow and basins added up in one of two ways, which give the same downstream, flow, basins
// and outlets (tests/core/drainage_test.cpp holds them to it):
//   - in height order, as the sketch does: flow from the highest cell down and basins from
//     the lowest up, over the order the flood took the cells in. Two plain sweeps, but each
//     step goes wherever the next cell in height order is, anywhere on the map.
//   - by climbing each basin from its outlet: up to every cell whose water reaches it (the
//     neighbours that drain into a cell are its donors), labelling each cell on the way up and
//     handing its water down on the way back, once everything upstream of it is in. Every
//     step goes to a neighbouring cell, so one step's memory is close to the last one's
//     however big the map; basins are climbed side by side, a batch of outlets at a time.
// DrainageParams::height_order_cells chooses: height order up to kDrainageHeightOrderCells
// (2^20 cells, 4 MiB a per-cell array), climbing above, on the reasoning that beyond that the
// height order's jumps miss the cache (figures in docs/drainage.md).
//
// Big maps (kSplitWorkCells, split_work.h) share the sort, the routing and the climbs between
// the cores. A basin's cells belong to no other basin, so two cores never write the same
// cell; the answer is the one-thread answer, bit for bit.
//
// Memory, per cell: the filled surface (4 bytes), the order, downstream, flow and basins (4
// each) and a byte of flood state: 21 bytes, held from pass to pass. The flood works in the
// same memory (its sort uses the four int arrays as two pairs of 8 bytes), so a pass takes
// little more than what it gives back; the routing over a ripple adds the routed field (4).
// A climb's stack holds the cells still to climb beside its path, a few thousand on a
// natural map (a long snaking river on a map made to have one could take up to 4 bytes a
// cell).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/cell_allocator.h"
#include "core/heightfield.h"
#include "core/priority_flood.h"
#include "core/sketch.h"
#include "core/split_work.h"

namespace terrain {

enum class Routing { sketch, flood };

// Maps of up to this many cells add up flow and basins in height order; bigger ones climb
// each basin from its outlet (see above).
inline constexpr std::size_t kDrainageHeightOrderCells = std::size_t{1} << 20;

struct DrainageParams {
  double sea_level = sketch::sea_level.initial;  // cells below it are sea: outlets, and flood seeds
  Routing routing = Routing::sketch;
  double min_drop = sketch::FILL_EPSILON;  // epsilon of the fill (the sketch's 1e-6)
  bool fill_hollows = true;                // false: route over the raw surface, hollows kept
  // How flow and basins are added up, which changes only the speed, never the result: in
  // height order on maps of up to this many cells, by climbing from each outlet on bigger
  // ones (0: always climb; SIZE_MAX: never).
  std::size_t height_order_cells = kDrainageHeightOrderCells;
};

class Drainage {
 public:
  Drainage() = default;

  // Works out the drainage of `field`. `ripple`, if given (same size), is added to the field
  // before routing, in float32 as the sketch does (the sketch routing adds wander_ripple()).
  // Reusing one Drainage for fields of the same size allocates nothing.
  void compute(const Heightfield& field, const DrainageParams& params,
               const Heightfield* ripple = nullptr);

  int width() const { return filled_.width(); }
  int height() const { return filled_.height(); }
  std::size_t size() const { return size_; }

  // The surface the water was routed over: field (+ ripple), hollows filled.
  const Heightfield& routing_surface() const { return filled_; }
  // Cells from the lowest to the highest of the routing surface (the order the flood took
  // them): every cell comes before all the cells that drain into it. (Without filling, the
  // cells sorted by height.)
  std::span<const int32_t> lowest_first() const { return {as_int(lowest_.data()), size_}; }
  // For each cell, the cell it drains into, or -1 at an outlet.
  std::span<const int32_t> downstream() const { return {as_int(links_.data()), size_}; }
  // How many cells drain through each cell, itself counted.
  std::span<const uint32_t> flow() const { return {lowest_.data() + size_, size_}; }
  uint32_t flow(int x, int y) const { return flow()[index(x, y)]; }

  // Which outlet each cell's water reaches, numbered in basin order.
  std::span<const int32_t> basins() const { return {as_int(links_.data()) + size_, size_}; }
  int32_t basin(int x, int y) const { return basins()[index(x, y)]; }
  // The outlet cell of each basin, in basin order (outlets in row-major order of their cell).
  std::span<const int32_t> outlets() const { return outlets_; }
  int32_t outlet(int x, int y) const { return outlets_[static_cast<std::size_t>(basin(x, y))]; }

  // How the last compute() added up flow and basins: true if by climbing from the outlets,
  // false if in height order (see DrainageParams::height_order_cells).
  bool climbed_from_outlets() const { return climbed_; }

 private:
  std::size_t index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width()) +
           static_cast<std::size_t>(x);
  }

  // Signed and unsigned views of one array may alias: the arrays are uint32_t, the cell
  // numbers int32_t.
  static const int32_t* as_int(const uint32_t* p) { return reinterpret_cast<const int32_t*>(p); }
  static int32_t* as_int(uint32_t* p) { return reinterpret_cast<int32_t*>(p); }

  // Adds up flow and labels basins by climbing each basin from its outlet (see above).
  void climb_from_outlets(int slices);

  Heightfield routed_;  // field + ripple
  Heightfield filled_;  // the routing surface
  std::size_t size_ = 0;
  // Two arrays of 2n: [downstream | basins] and [order | flow]; the flood's sort and links
  // before that (priority_flood.h, FloodArrays).
  CellVector<uint32_t> links_;
  CellVector<uint32_t> lowest_;
  CellVector<uint8_t> state_;  // the flood's state (and links), per cell
  FloodWorkspace flood_work_;
  std::array<std::vector<int32_t>, kMostSlices>
      paths_;                            // scratch: a row's steepest, a climb's stack
  std::vector<uint32_t> slice_outlets_;  // scratch: outlets in each slice
  CellVector<int32_t> outlets_;
  bool climbed_ = false;
};

// The pure form.
Drainage drainage(const Heightfield& field, const DrainageParams& params = {},
                  const Heightfield* ripple = nullptr);

}  // namespace terrain
