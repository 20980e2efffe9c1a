// TIFF heightmaps through libtiff (see heightmap.h): one float32 sample per pixel
// (SAMPLEFORMAT_IEEEFP, 32 bits, MINISBLACK), strips, lossless (Deflate) compression, the
// exact heights. Read: 1 sample per pixel of float32/float64, uint8/uint16/uint32 or
// int16/int32 (the floats as own heights, integers as raw values), strips or tiles.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "io/heightmap.h"

namespace terrain::io {

std::vector<uint8_t> encode_tiff(const Heightfield& field);
// own_heights for float samples. Throws HeightmapError.
HeightmapFile decode_tiff(std::span<const uint8_t> bytes);

}  // namespace terrain::io
