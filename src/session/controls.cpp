// Reading the controls as the web page reads them (see controls.h).
//
// Sections: decimals (a double's shortest decimal text, scaled to whole numbers); the range
// input's snapping; the seed field.
//
// Chrome keeps a range input's value as a decimal (its Decimal class), not a double: the
// value is read from the double's shortest text, snapped to min + k * step with k rounded
// half up, clamped, and written back as text that the page's parseFloat reads. Doing the same
// with whole numbers here gives the very double the sketch's handler gets (0.35, never
// 0.35000000000000003).
#include "session/controls.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

namespace terrain::session {
namespace {

// --- Decimals --------------------------------------------------------------------------------

// A double's shortest round-trip text in fixed notation, as JavaScript's Number#toString
// gives for numbers of this size ("0.35", "200", "0.35000000000000003").
struct DecimalText {
  bool negative = false;
  std::string whole;     // digits before the point
  std::string fraction;  // digits after it, no trailing zeros
};

DecimalText decimal_text(double value) {
  // The longest fixed text of a double is about 330 characters (1e-324 written out).
  char buffer[400];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  if (result.ec != std::errc()) throw std::invalid_argument("snap_to_step: cannot write the value");
  std::string_view text(buffer, static_cast<std::size_t>(result.ptr - buffer));
  DecimalText d;
  if (!text.empty() && text.front() == '-') {
    d.negative = true;
    text.remove_prefix(1);
  }
  const std::size_t point = text.find('.');
  d.whole = std::string(text.substr(0, point));
  if (point != std::string_view::npos) d.fraction = std::string(text.substr(point + 1));
  while (!d.fraction.empty() && d.fraction.back() == '0') d.fraction.pop_back();
  return d;
}

// Digits after the point in a double's shortest text (0.05 -> 2, 0.004 -> 3, 10 -> 0).
int decimals_of(double value) {
  return static_cast<int>(decimal_text(value).fraction.size());
}

// Whole numbers of this size hold a slider's values at its scale: a range needing more
// (a step below 1e-17, a maximum near 1e18) is refused.
[[noreturn]] void too_fine() {
  throw std::invalid_argument("snap_to_step: the range needs more digits than it can hold");
}

int64_t times_ten(int64_t v) {
  int64_t out = 0;
  if (__builtin_mul_overflow(v, int64_t{10}, &out)) too_fine();
  return out;
}

// floor(value * 10^scale), worked out from the value's decimal text, so exactly.
int64_t scaled_floor(double value, int scale) {
  const DecimalText d = decimal_text(value);
  int64_t magnitude = 0;
  for (char c : d.whole) magnitude = times_ten(magnitude) + (c - '0');
  bool dropped = false;  // nonzero digits beyond the scale
  for (int k = 0; k < scale; k++) {
    const std::size_t at = static_cast<std::size_t>(k);
    magnitude = times_ten(magnitude) + (at < d.fraction.size() ? d.fraction[at] - '0' : 0);
  }
  for (std::size_t at = static_cast<std::size_t>(scale); at < d.fraction.size(); at++) {
    dropped |= d.fraction[at] != '0';
  }
  if (!d.negative) return magnitude;
  return dropped ? -magnitude - 1 : -magnitude;
}

// The text of the whole number `scaled` / 10^scale, trailing zeros dropped ("0.35", "200").
std::string scaled_text(int64_t scaled, int scale) {
  const bool negative = scaled < 0;
  std::string digits = std::to_string(negative ? -scaled : scaled);
  if (static_cast<int>(digits.size()) <= scale) {
    digits.insert(0, static_cast<std::size_t>(scale + 1) - digits.size(), '0');
  }
  std::string whole = digits.substr(0, digits.size() - static_cast<std::size_t>(scale));
  std::string fraction = digits.substr(digits.size() - static_cast<std::size_t>(scale));
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  std::string text = negative && (whole != "0" || !fraction.empty()) ? "-" : "";
  text += whole;
  if (!fraction.empty()) text += "." + fraction;
  return text;
}

// --- The range input -------------------------------------------------------------------------

// The value's text after Chrome's snapping: the value clamped to [min, max], then
// k = round((value - min) / step) with halves rounded up (Decimal::round), k at most
// (max - min) / step, and min + k * step written with the decimals of min and step.
//
// Exactness: k only depends on where the value sits against the half steps, and those are
// whole numbers at `scale` (one more decimal than the step, and at least min's). Flooring the
// value at that scale never moves it across one, so whole-number arithmetic decides k exactly.
std::string snapped_text(double value, const sketch::Range& range) {
  if (std::isnan(value)) throw std::invalid_argument("snap_to_step: the value is not a number");
  if (!(range.step > 0) || !(range.min <= range.max)) {
    throw std::invalid_argument("snap_to_step: the range needs min <= max and a step above 0");
  }
  const double clamped = value < range.min ? range.min : value > range.max ? range.max : value;
  const int min_decimals = decimals_of(range.min);
  const int step_decimals = decimals_of(range.step);
  const int scale = std::max(min_decimals, step_decimals + 1);

  const int64_t v = scaled_floor(clamped, scale);
  const int64_t min = scaled_floor(range.min, scale);
  const int64_t max = scaled_floor(range.max, scale);
  const int64_t step = scaled_floor(range.step, scale);
  int64_t twice = 0;  // 2 * (v - min), checked
  if (__builtin_mul_overflow(v - min, int64_t{2}, &twice)) too_fine();
  const int64_t k = std::min((twice + step) / (2 * step), (max - min) / step);

  // min + k * step at the decimals of min and step (both exact there).
  const int out_scale = std::max(min_decimals, step_decimals);
  int64_t out = 0;
  if (__builtin_mul_overflow(k, scaled_floor(range.step, out_scale), &out)) too_fine();
  return scaled_text(scaled_floor(range.min, out_scale) + out, out_scale);
}

// --- The seed field ----------------------------------------------------------------------------

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

double snap_to_step(double value, const sketch::Range& range) {
  const std::string text = snapped_text(value, range);
  double parsed = 0;
  std::from_chars(text.data(), text.data() + text.size(), parsed);  // parseFloat
  return parsed;
}

std::string slider_label(double snapped, const sketch::Range& range) {
  return snapped_text(snapped, range);
}

std::optional<uint32_t> parse_seed(std::string_view text, std::string* error) {
  std::string_view digits = text;
  while (!digits.empty() && is_space(digits.front())) digits.remove_prefix(1);
  while (!digits.empty() && is_space(digits.back())) digits.remove_suffix(1);
  bool whole = !digits.empty();
  uint64_t value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') {
      whole = false;
      break;
    }
    value = value * 10 + static_cast<uint64_t>(c - '0');
    if (value > UINT32_MAX) {
      whole = false;
      break;
    }
  }
  if (whole) return static_cast<uint32_t>(value);
  if (error) {
    // What was typed, shortened if long, so the message stays one line.
    constexpr std::size_t kShown = 40;
    std::string typed(text.substr(0, kShown));
    if (text.size() > kShown) typed += "...";
    *error = "seed must be a whole number from 0 to 4294967295, not \"" + typed + "\"";
  }
  return std::nullopt;
}

}  // namespace terrain::session
