// Helpers shared by the exports tests: a real eroded island and its hydrology, made once.
#pragma once

#include <cstdint>

#include "core/heightfield.h"
#include "core/hydrology.h"
#include "eroded_island.h"

namespace terrain::testing {

// The sketch's island for seed 4 after 20,000 drops, as terrain-cli makes it
// (terrain-cli --seed 4 --drops 20000).
inline constexpr uint32_t kIslandSeed = 4;
inline constexpr uint64_t kIslandDrops = 20000;

inline const Heightfield& eroded_island() {
  static const Heightfield field = rained_ground(kIslandSeed, kIslandDrops);
  return field;
}

// Its hydrology with terrain-cli's defaults (sketch routing with the seed's ripple).
inline const Hydrology& island_hydrology() {
  static const Hydrology hydrology = hydrology_of(eroded_island(), kIslandSeed);
  return hydrology;
}

}  // namespace terrain::testing
