// Numbers in error messages: the shortest text that reads back as the same double, so a
// message shows the value exactly as given (0.35, not 0.34999999999999998).
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace terrain {

inline std::string number_text(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

// A count with a comma before every group of three digits ("300,000"), as JavaScript's
// toLocaleString() writes it in English: into `out`, allocating nothing (the app's panel and
// drop count use it every frame).
inline std::string_view with_thousands(uint64_t n, char (&out)[32]) {
  char digits[20];  // 2^64 has 20 digits
  int count = 0;
  do {
    digits[count++] = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n > 0);
  int length = 0;
  for (int k = count - 1; k >= 0; k--) {
    out[length++] = digits[k];
    if (k > 0 && k % 3 == 0) out[length++] = ',';
  }
  return {out, static_cast<std::size_t>(length)};
}

inline std::string with_thousands(uint64_t n) {
  char out[32];
  return std::string(with_thousands(n, out));
}

}  // namespace terrain
