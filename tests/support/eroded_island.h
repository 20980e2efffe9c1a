// A real eroded island and its hydrology, as the exports' tests and the benchmarks use them: the
// sketch's ground for a seed after some drops of its rain (rougher than any smooth test field,
// as a user's map is), and the drainage worked out on it as terrain-cli's pipeline does.
#pragma once

#include <cstdint>

#include "core/ground.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/rain.h"

namespace terrain::testing {

// The ground grown from `seed` (no options) after `drops` drops of the rain seeded with it.
inline Heightfield rained_ground(uint32_t seed, uint64_t drops) {
  Heightfield ground = grow_ground(seed, {});
  Rain rain(ground, seed);
  rain.run(drops);
  return ground;
}

// The hydrology of `ground` with `params` (by default terrain-cli's: sketch routing with the
// seed's ripple).
inline Hydrology hydrology_of(const Heightfield& ground, uint32_t seed,
                              const HydrologyParams& params = {}) {
  Hydrology h;
  h.compute(ground, params, seed);
  return h;
}

}  // namespace terrain::testing
