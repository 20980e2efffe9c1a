// The rain's progress (see rain_progress.h).
#include "app/panel/rain_progress.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "core/number_text.h"
#include "core/sketch.h"

namespace terrain::app {

RainProgress rain_progress(uint64_t drops) {
  const auto target = static_cast<uint64_t>(sketch::RAIN_TARGET);
  char done_buffer[32];
  char stop_buffer[32];
  const std::string_view done = with_thousands(drops, done_buffer);
  const std::string_view stop = with_thousands(target, stop_buffer);
  RainProgress p;
  p.fraction =
      static_cast<float>(std::min(1.0, static_cast<double>(drops) / static_cast<double>(target)));
  const char* format = drops > target ? "%.*s drops (past the %.*s stop)" : "%.*s / %.*s drops";
  std::snprintf(p.text, sizeof p.text, format, static_cast<int>(done.size()), done.data(),
                static_cast<int>(stop.size()), stop.data());
  return p;
}

}  // namespace terrain::app
