// Everything a live map is, to compare two maps exactly (heights and original ground bit for
// bit, drops, the rain's state, seed, settings and the ground's name): the history's and the
// map files' tests say "the same map" with it.
#pragma once

#include <cstdint>
#include <cstring>
#include <ostream>
#include <string>
#include <vector>

#include "session/live_model.h"

namespace terrain::session {

// Two fields of the same size and the same bits.
inline bool same_bytes(const Heightfield& a, const Heightfield& b) {
  return a.width() == b.width() && a.height() == b.height() &&
         std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// Everything a map is, to compare exactly.
struct MapBytes {
  std::vector<float> heights;
  std::vector<float> original;
  uint64_t drops = 0;
  RainState rain;
  uint32_t seed = 0;
  MapSettings settings;
  std::string ground;

  bool operator==(const MapBytes& o) const {
    return heights.size() == o.heights.size() && original.size() == o.original.size() &&
           std::memcmp(heights.data(), o.heights.data(), heights.size() * sizeof(float)) == 0 &&
           std::memcmp(original.data(), o.original.data(), original.size() * sizeof(float)) == 0 &&
           drops == o.drops && rain == o.rain && seed == o.seed && settings == o.settings &&
           ground == o.ground;
  }
};

inline std::ostream& operator<<(std::ostream& out, const MapBytes& m) {
  return out << "{seed " << m.seed << ", drops " << m.drops << ", random " << m.rain.random
             << ", erosion " << m.settings.erosion << ", ground '" << m.ground << "'}";
}

inline MapBytes bytes_of(const LiveModel& model) {
  MapBytes m;
  m.heights.assign(model.heights().values().begin(), model.heights().values().end());
  m.original.assign(model.original().values().begin(), model.original().values().end());
  m.drops = model.drops();
  m.rain = model.rain().state();
  m.seed = model.seed();
  m.settings = model.settings().map();
  m.ground = model.ground_file() ? model.ground_file()->name : "";
  return m;
}

// Ticks a live map n frames of rain, then pauses it.
inline void ticks(LiveModel& model, int n) {
  model.play();
  for (int k = 0; k < n; k++) model.tick();
  model.pause();
}

}  // namespace terrain::session
