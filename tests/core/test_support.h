// Helpers shared by the core tests: reading the sketch's reference grids.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/heightfield.h"
#include "error_of.h"

namespace terrain::testing {

// Runs `call`, expects std::invalid_argument, and returns its message ("" and a failure if
// nothing was thrown).
template <typename Call>
std::string invalid_argument_message(Call call) {
  const std::optional<std::string> message = thrown_message<std::invalid_argument>(call);
  if (!message) ADD_FAILURE() << "no std::invalid_argument";
  return message.value_or("");
}

inline std::string reference_path(const std::string& name) {
  return std::string(TERRAIN_TEST_DATA) + "/seed-42/" + name;
}

// Reads a raw little-endian grid of T; throws (so the test fails, never skips) when missing.
template <typename T>
std::vector<T> read_raw(const std::string& name, std::size_t count = 320 * 180) {
  std::ifstream in(reference_path(name), std::ios::binary);
  if (!in) throw std::runtime_error("reference file missing: " + reference_path(name));
  std::vector<T> values(count);
  in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(count * sizeof(T)));
  if (in.gcount() != static_cast<std::streamsize>(count * sizeof(T))) {
    throw std::runtime_error("reference file short: " + reference_path(name));
  }
  return values;
}

inline Heightfield read_field(const std::string& name) {
  return Heightfield(320, 180, read_raw<float>(name));
}

// How many cells differ bit for bit (so -0 and +0 differ, and NaN equals itself).
inline std::size_t bit_differences(const float* a, const float* b, std::size_t n) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; i++) count += std::memcmp(a + i, b + i, sizeof(float)) != 0;
  return count;
}

}  // namespace terrain::testing
