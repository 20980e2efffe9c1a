// Hydrology: drainage, Strahler's order per cell and lakes of one ground (see hydrology.h).
#include "core/hydrology.h"

#include <stdexcept>
#include <string>

#include "core/island.h"

namespace terrain {
namespace {

std::string size_text(int width, int height) {
  return std::to_string(width) + " x " + std::to_string(height);
}

}  // namespace

void Hydrology::compute(const Heightfield& ground, const HydrologyParams& params,
                        const Heightfield* ripple) {
  // Everything is checked before anything changes, so a refused compute leaves the last
  // hydrology (and its version) as it was.
  if (params.min_flow == 0) {
    throw std::invalid_argument("Hydrology: min_flow must be at least 1 (it is 0)");
  }
  if (params.routing == Routing::sketch) {
    if (ripple == nullptr) {
      throw std::invalid_argument("Hydrology: sketch routing needs the wander ripple (none given)");
    }
    if (ripple->width() != ground.width() || ripple->height() != ground.height()) {
      throw std::invalid_argument("Hydrology: the ripple is " +
                                  size_text(ripple->width(), ripple->height()) + ", the ground " +
                                  size_text(ground.width(), ground.height()) +
                                  " (they must be the same size)");
    }
  }

  DrainageParams drainage_params;
  drainage_params.sea_level = params.sea_level;
  drainage_params.routing = params.routing;
  // The sketch bends its rivers on the flat with the ripple; the flood routing has its own
  // way through flats and takes none.
  drainage_.compute(ground, drainage_params, params.routing == Routing::sketch ? ripple : nullptr);

  const std::size_t n = ground.size();
  strahler_.resize(n);
  strahler_per_cell(drainage_, params.min_flow, strahler_, inflow_top_, inflow_count_);
  lake_depth_.resize(n);
  lake_depths(ground, params.sea_level, lake_depth_, lake_fill_, lake_work_);

  params_ = params;
  version_++;
}

void Hydrology::compute(const Heightfield& ground, const HydrologyParams& params, uint32_t seed) {
  if (params.routing != Routing::sketch) {
    compute(ground, params);
    return;
  }
  if (ripple_.width() != ground.width() || ripple_.height() != ground.height() ||
      ripple_seed_ != seed) {
    ripple_ = wander_ripple(seed, ground.width(), ground.height());
    ripple_seed_ = seed;
  }
  compute(ground, params, &ripple_);
}

void strahler_per_cell(const Drainage& drainage, uint32_t min_flow, std::span<uint8_t> out,
                       std::vector<uint8_t>& inflow_top, std::vector<uint8_t>& inflow_count) {
  const std::size_t n = drainage.size();
  if (out.size() != n) {
    throw std::invalid_argument("strahler_per_cell: out has " + std::to_string(out.size()) +
                                " cells, the drainage " + std::to_string(n));
  }
  // assign() keeps the capacity: once sized, nothing is allocated.
  inflow_top.assign(n, 0);
  inflow_count.assign(n, 0);
  const std::span<const int32_t> lowest_first = drainage.lowest_first();
  const std::span<const int32_t> downstream = drainage.downstream();
  const std::span<const uint32_t> flow = drainage.flow();

  // Highest first, every cell comes after all the cells that drain into it, so its inflows
  // are complete when it is reached. A cell one river runs into is inside that river's reach
  // and keeps its order; a meeting starts the reach below it, whose order is the document's
  // rule. Orders never come near 255 (each step up needs twice the cells), but a byte is kept
  // from wrapping all the same.
  for (std::size_t k = n; k-- > 0;) {
    const auto i = static_cast<std::size_t>(lowest_first[k]);
    if (flow[i] < min_flow) {
      out[i] = 0;
      continue;
    }
    uint8_t order = 1;  // a source: no river runs into it
    if (inflow_top[i] > 0) {
      order = inflow_top[i];
      if (inflow_count[i] >= 2 && order < 255) order++;
    }
    out[i] = order;
    const int32_t d = downstream[i];
    if (d < 0) continue;
    const auto to = static_cast<std::size_t>(d);
    if (order > inflow_top[to]) {
      inflow_top[to] = order;
      inflow_count[to] = 1;
    } else if (order == inflow_top[to] && inflow_count[to] < 2) {
      inflow_count[to]++;  // two are as good as more: the rule only asks "two or more"
    }
  }
}

void lake_depths(const Heightfield& ground, double sea_level, std::span<float> out,
                 FloodResult& fill, FloodWorkspace& work) {
  const std::size_t n = ground.size();
  if (out.size() != n) {
    throw std::invalid_argument("lake_depths: out has " + std::to_string(out.size()) +
                                " cells, the ground " + std::to_string(n));
  }
  // Epsilon 0: standing water is flat, at the height where its hollow brims over. (The
  // routing's fill slopes by epsilon so that water can run; a lake's surface does not.)
  priority_flood(ground, sea_level, 0.0, fill, work);
  const float* filled = fill.filled.data();
  const float* heights = ground.data();
  for (std::size_t i = 0; i < n; i++) {
    out[i] = filled[i] > heights[i]
                 ? static_cast<float>(static_cast<double>(filled[i]) - heights[i])
                 : 0.0f;
  }
}

}  // namespace terrain
