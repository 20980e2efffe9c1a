// 16-bit grayscale PNG heightmaps through libpng (see heightmap.h for the rules).
//
// Written: 16-bit grayscale, no interlacing, no gamma, colour-space or other ancillary chunks
// but one tEXt chunk, keyword kPngRangeKeyword, text "MIN MAX" (each the shortest decimal that
// reads back as the same number read as a float32 or as a double), so the project, and any
// reader parsing doubles, reads its own files back at their heights within half a step:
// h = min + value / 65535 * (max - min).
// Read: any PNG of 8 or 16 bits per sample (gray, gray + alpha, RGB, RGBA, palette, 1/2/4-bit
// gray expanded), colour as luminance (Rec. 709: 0.2126 R + 0.7152 G + 0.0722 B), alpha
// ignored; own_heights when the range chunk is there and well formed.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "io/heightmap.h"

namespace terrain::io {

inline constexpr const char* kPngRangeKeyword = "terrain-sandbox range";

// The PNG bytes of a quantized field of width x height.
std::vector<uint8_t> encode_png16(const Quantized16& q, int width, int height);
// Large RGBA8 pictures (the app's renders at up to 7680 x 4320), top row first, through the
// same libpng writer: zlib level 1 with the sub, up and Paeth filters, about four times faster
// than io::encode_png (stb) for a file of the same size (an 8K map: under 2 s for about 14 MB,
// where stb takes 7 s). Throws std::invalid_argument for a size or length that do not agree.
std::vector<uint8_t> encode_png_rgba_quick(std::span<const uint8_t> rgba, int width, int height);
// A PNG's samples as heights: with the range chunk, the project's heights; else the raw
// sample values (0..255 or 0..65535, luminance for colour). Throws HeightmapError.
HeightmapFile decode_png_heightmap(std::span<const uint8_t> bytes);

}  // namespace terrain::io
