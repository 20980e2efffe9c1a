// Reading the controls as the web page reads them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/sketch.h"

namespace terrain::session {

// A range input's value: the decimal number it shows, snapped to its step from its min and
// clamped to its range, read back as parseFloat would (0.35, not 0.05 * 7). E.g.
// snap_to_step(0.349, erosion) == 0.35 exactly as the double literal 0.35.
double snap_to_step(double value, const sketch::Range& range);
// The text the slider's label shows for a snapped value ("0.35", "200", "0.012").
std::string slider_label(double snapped, const sketch::Range& range);

// The seed field: a whole number 0..4294967295 (surrounding spaces allowed). Anything else
// gives nullopt and `error` says what is allowed.
std::optional<uint32_t> parse_seed(std::string_view text, std::string* error);

}  // namespace terrain::session
