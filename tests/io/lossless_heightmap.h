// What the tests of a lossless heightmap format (OpenEXR, TIFF) check the same way for each:
// the round trip it promises (a field encoded and decoded again is the same heights bit for
// bit, and the file says they are its own), and the reason its decoder refuses bad bytes with.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/heightfield.h"
#include "error_of.h"
#include "io/heightmap.h"
#include "io_test_support.h"

namespace terrain::testing {

// A format's encoder and decoder, as heightmap_exr.h and heightmap_tiff.h declare them.
using HeightmapEncoder = std::vector<uint8_t> (*)(const Heightfield&);
using HeightmapDecoder = io::HeightmapFile (*)(std::span<const uint8_t>);

// `field` through `encode` and `decode`: own heights, bit for bit the same.
inline void expect_lossless_round_trip(const Heightfield& field, HeightmapEncoder encode,
                                       HeightmapDecoder decode) {
  const io::HeightmapFile file = decode(encode(field));
  EXPECT_TRUE(file.own_heights);
  expect_bit_identical(file.heights, field);
}

// The HeightmapError `decode` refuses `bytes` with, or "(no error)".
inline std::string heightmap_refusal(HeightmapDecoder decode, std::span<const uint8_t> bytes) {
  return error_of<io::HeightmapError>([&] { decode(bytes); });
}

}  // namespace terrain::testing
