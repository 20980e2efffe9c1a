// Hydrology: everything the "Drainage" API documentation reads off one ground, worked out
// together so that the app's views, its cell readout and terrain-cli's files agree cell for
// cell: the drainage (flow, downstream, basins, outlets), Strahler's order per cell at a
// minimum flow, and the lakes.
//
// Routing: the sketch's (steepest descent over the ground plus the sketch's wander ripple,
// filled with its epsilon; `ripple` is required) or the flood's (through filled hollows
// along the links the flood arrived by, no ripple), as drainage.h describes.
//
// Lakes: standing water where the hollows of the ground fill. The ground alone (no ripple)
// is filled by priority-flood with no epsilon, a flat fill, seeded from the map's edges and
// the sea as every fill here is; a lake cell is one where that fill lies above the ground,
// and its depth is the difference (float32, as the heights are). The sea is never a lake:
// its cells are seeds of the flood and keep their height.
//
// Strahler's order per cell equals strahler_orders() of river_network.h (the order of the
// reach a cell starts or is inside of, 0 outside the network), worked out without tracing
// the reaches: from the highest cell down, a river cell no river runs into is 1, a cell one
// river runs into keeps its order, and a meeting takes the largest order coming in, plus one
// if two or more inflows share it.
//
// Reusing one Hydrology for grounds of the same size allocates nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/drainage.h"
#include "core/heightfield.h"
#include "core/priority_flood.h"
#include "core/sketch.h"

namespace terrain {

struct HydrologyParams {
  double sea_level = sketch::sea_level.initial;
  Routing routing = Routing::sketch;
  uint32_t min_flow = static_cast<uint32_t>(sketch::RIVER_START);  // the document's minFlow
};

class Hydrology {
 public:
  // Works out the hydrology of `ground`. With Routing::sketch, `ripple` (the same size) is the
  // sketch's wander ripple and must be given; with Routing::flood it is ignored. Throws
  // std::invalid_argument when the ripple is missing or of another size, or min_flow is 0.
  void compute(const Heightfield& ground, const HydrologyParams& params,
               const Heightfield* ripple = nullptr);

  // The same for the ground of `seed`: with Routing::sketch, the sketch's wander ripple for
  // that seed (wander_ripple(seed, width, height)), worked out on the first call for a seed
  // and size and kept, as the sketch caches `wander`; with Routing::flood, none. What the app's
  // live model, its probes and terrain-cli all call, so they route alike.
  void compute(const Heightfield& ground, const HydrologyParams& params, uint32_t seed);

  const HydrologyParams& params() const { return params_; }
  int width() const { return drainage_.width(); }
  int height() const { return drainage_.height(); }
  std::size_t size() const { return drainage_.size(); }
  // Counts compute() calls: what is drawn from the hydrology changes only when this does.
  uint64_t version() const { return version_; }

  const Drainage& drainage() const { return drainage_; }
  // Strahler's order per cell at params().min_flow, 0 outside the network.
  std::span<const uint8_t> strahler() const { return strahler_; }
  // Lake depth per cell (0 where there is no lake).
  std::span<const float> lake_depth() const { return lake_depth_; }

 private:
  HydrologyParams params_;
  uint64_t version_ = 0;
  Drainage drainage_;
  std::vector<uint8_t> strahler_;
  std::vector<uint8_t> inflow_top_;    // scratch: largest order flowing into each cell
  std::vector<uint8_t> inflow_count_;  // scratch: how many inflows have that order (up to 2)
  std::vector<float> lake_depth_;
  FloodResult lake_fill_;
  FloodWorkspace lake_work_;
  // The wander ripple of the seeded compute(), and the seed it is of.
  Heightfield ripple_;
  uint32_t ripple_seed_ = 0;
};

// Strahler's order per cell of `drainage` at `min_flow`, into `out` (drainage.size() cells),
// as Hydrology does it; the scratch arrays are resized as needed.
void strahler_per_cell(const Drainage& drainage, uint32_t min_flow, std::span<uint8_t> out,
                       std::vector<uint8_t>& inflow_top, std::vector<uint8_t>& inflow_count);

// Lake depth per cell of `ground` at `sea_level` into `out` (ground.size() cells), as Hydrology
// does it.
void lake_depths(const Heightfield& ground, double sea_level, std::span<float> out,
                 FloodResult& fill, FloodWorkspace& work);

}  // namespace terrain
