// The sessions the history's and the map files' benchmarks measure, made as a user makes one:
// live ticks of 200 drops (the defaults), with a slider moved every 3,000 drops (a step of the
// history each).
#pragma once

#include <cstdint>
#include <memory>

#include "session/live_model.h"

namespace terrain::session {

// A session of `drops` drops rained live, a slider moved every 3,000 drops.
inline std::unique_ptr<LiveModel> session_of(uint64_t drops) {
  auto model = std::make_unique<LiveModel>(42);
  model->apply(MapCommand{SetDropsPerFrame{200}});
  int k = 0;
  while (model->drops() < drops) {
    model->play();
    for (int t = 0; t < 15 && model->drops() < drops; t++) model->tick();
    // The rain stops itself at 300,000 drops: Play rains on, as a user would press it.
    model->apply(MapCommand{SetErosion{0.05 * (4 + (k++ % 8))}});
  }
  model->pause();
  return model;
}

}  // namespace terrain::session
