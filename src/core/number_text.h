// Numbers in error messages: the shortest text that reads back as the same double, so a
// message shows the value exactly as given (0.35, not 0.34999999999999998).
#pragma once

#include <charconv>
#include <string>

namespace terrain {

inline std::string number_text(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

}  // namespace terrain
