// The rain's progress as the panel's bar shows it: the drops so far against the sketch's stop
// at RAIN_TARGET, and, once Play has carried the rain past the stop, how far past it (the bar
// then stays full: never over 100%). Allocates nothing (the panel draws it every frame).
#pragma once

#include <cstdint>

namespace terrain::app {

struct RainProgress {
  float fraction = 0;  // of the bar, 0..1
  char text[96] = {};  // "66,400 / 300,000 drops", "406,800 drops (past the 300,000 stop)"
};

RainProgress rain_progress(uint64_t drops);

}  // namespace terrain::app
