// The island the heightmap and export benchmarks measure: the sketch's island for seed 42 after
// 50,000 drops (so the heights are as rough as a file a user exports, not a smooth field that
// compresses too well) and its hydrology as terrain-cli's pipeline works it out (the default
// options: sketch routing with the seed's ripple, the sketch's sea level and minimum flow). Each
// is made on first use, outside the timed loops (so a filter that skips these benchmarks skips
// the rain too).
#pragma once

#include <cstdint>

#include "core/heightfield.h"
#include "core/hydrology.h"
#include "eroded_island.h"

namespace terrain::bench {

inline constexpr uint32_t kIslandSeed = 42;
inline constexpr uint64_t kIslandDrops = 50000;

inline const Heightfield& eroded_island() {
  static const Heightfield field = testing::rained_ground(kIslandSeed, kIslandDrops);
  return field;
}

inline const Hydrology& island_hydrology() {
  static const Hydrology hydrology = testing::hydrology_of(eroded_island(), kIslandSeed);
  return hydrology;
}

}  // namespace terrain::bench
