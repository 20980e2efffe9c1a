// Drainage: where the rain on a heightfield goes (the drainage API of seed 003, and the
// sketch's buildRivers()).
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
//   flood   seed 003's: in a filled hollow the water takes the link the flood arrived on
//           (which leads to where the hollow brims over) instead of the filled surface's
//           slope, which would drain a lake as a fan of straight parallel lines; elsewhere
//           steepest descent. `min_drop` is the slope a filled cell keeps over its flooder.
//
// Guarantees: downstream[c] is -1 at an outlet (a cell below sea level, or one with no lower
// neighbour); flow strictly grows downstream; a cell and the cell below it share a basin;
// each outlet's flow is the size of its basin, and the outlets' flows sum to the cell count.
// Cost: one flood (a sort and a sweep, see priority_flood.h), one sweep for the routing, and
// flow and basins by walking down from each headwater: every step goes to a neighbouring
// cell, so the walks stay in cache where a pass in height order would jump across the map.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/heightfield.h"
#include "core/priority_flood.h"
#include "core/sketch.h"

namespace terrain {

enum class Routing { sketch, flood };

struct DrainageParams {
  double sea_level = sketch::sea_level.initial;  // cells below it are sea: outlets, and flood seeds
  Routing routing = Routing::sketch;
  double min_drop = sketch::FILL_EPSILON;  // epsilon of the fill (the sketch's 1e-6)
  bool fill_hollows = true;                // false: route over the raw surface, hollows kept
};

class Drainage {
 public:
  Drainage() = default;

  // Works out the drainage of `field`. `ripple`, if given (same size), is added to the field
  // before routing, in float32 as the sketch does (the sketch routing adds wander_ripple()).
  // Reusing one Drainage for fields of the same size allocates nothing.
  void compute(const Heightfield& field, const DrainageParams& params,
               const Heightfield* ripple = nullptr);

  int width() const { return surface_.filled.width(); }
  int height() const { return surface_.filled.height(); }
  std::size_t size() const { return flow_.size(); }

  // The surface the water was routed over: field (+ ripple), hollows filled.
  const Heightfield& routing_surface() const { return surface_.filled; }
  // Cells from the lowest to the highest of the routing surface (the order the flood took
  // them): every cell comes before all the cells that drain into it. (Without filling, the
  // cells sorted by height.)
  std::span<const int32_t> lowest_first() const { return surface_.order; }
  // For each cell, the cell it drains into, or -1 at an outlet.
  std::span<const int32_t> downstream() const { return downstream_; }
  // How many cells drain through each cell, itself counted.
  std::span<const uint32_t> flow() const { return flow_; }
  uint32_t flow(int x, int y) const { return flow_[index(x, y)]; }
  // The flow counts as a field (normalise before imaging; a logarithm reads better).
  Heightfield flow_field() const;

  // Which outlet each cell's water reaches, numbered in basin order.
  std::span<const int32_t> basins() const { return basins_; }
  int32_t basin(int x, int y) const { return basins_[index(x, y)]; }
  // The outlet cell of each basin, in basin order (outlets in row-major order of their cell).
  std::span<const int32_t> outlets() const { return outlets_; }
  int32_t outlet(int x, int y) const { return outlets_[static_cast<std::size_t>(basin(x, y))]; }

 private:
  std::size_t index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width()) +
           static_cast<std::size_t>(x);
  }

  Heightfield routed_;  // field + ripple
  FloodResult surface_;
  FloodWorkspace flood_work_;
  std::vector<uint8_t> donors_;  // scratch: inflows not yet added, per cell
  std::vector<int32_t> path_;    // scratch: a walk down to a labelled cell
  std::vector<int32_t> downstream_;
  std::vector<uint32_t> flow_;
  std::vector<int32_t> basins_;
  std::vector<int32_t> outlets_;
};

// The pure form.
Drainage drainage(const Heightfield& field, const DrainageParams& params = {},
                  const Heightfield* ripple = nullptr);

}  // namespace terrain
