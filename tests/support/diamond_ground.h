// A ground file for the session tests that set one: diamond-square heights of the sketch's
// grid size, as if read from an image file named `name` and fitted with `fit`.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/diamond_square.h"
#include "session/live_model.h"

namespace terrain::session {

inline GroundFile diamond_ground(const std::string& name, GroundFit fit, uint32_t seed) {
  return GroundFile{
      name, fit,
      std::make_shared<const Heightfield>(diamond_square(seed, sketch::COLS, sketch::ROWS))};
}

}  // namespace terrain::session
