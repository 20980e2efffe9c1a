// PNG images in memory: gray8, RGB8 or RGBA8 pixels to PNG bytes (stb_image_write: colour type
// 0, 2 or 6 at 8 bits), and PNG bytes or files back to RGBA8 pixels (stb_image), for snapshots,
// the hydrology's pictures and for comparing pictures in tests.
//
// Pixels are rows top to bottom, each row left to right, 1, 3 or 4 bytes a pixel, no padding.
// Writing a file goes through atomic_file.h, so a snapshot appears whole or not at all.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "io/atomic_file.h"

namespace terrain::io {

// A PNG's numbers (a chunk's length, the width and height in IHDR): four bytes, big-endian.
inline uint32_t png_u32(const uint8_t* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | uint32_t{p[3]};
}

// Bytes a pixel: 1 for gray8, 3 for RGB8, 4 for RGBA8.
enum class PixelFormat { gray8 = 1, rgb8 = 3, rgba8 = 4 };

// Decoded pixels, always RGBA8, top row first.
struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> pixels;  // width * height * 4 bytes

  bool operator==(const RgbaImage&) const = default;
};

// The PNG file (as bytes) of a width x height image. Throws std::invalid_argument if a size
// is below 1 or `pixels` does not hold exactly width * height pixels of `format`, and
// std::runtime_error if the encoder fails.
std::vector<uint8_t> encode_png(std::span<const uint8_t> pixels, int width, int height,
                                PixelFormat format);

// Decodes PNG bytes to RGBA8 (a gray image gets R = G = B, an RGB or gray one alpha 255). Throws
// std::runtime_error with the decoder's reason if the bytes are not a PNG it can read.
RgbaImage decode_png(std::span<const uint8_t> bytes);

// The most bytes read_png reads (a regular file only, atomic_file.h): the largest picture the
// programs render, 7680 x 4320 RGBA (133 MB stored uncompressed), with room to spare.
inline constexpr uint64_t kMaxPngFileBytes = uint64_t{512} << 20;

// Reads and decodes a PNG file; errors name the file.
RgbaImage read_png(const std::filesystem::path& path);

// encode_png, then write_file_atomically: by default an existing file is never overwritten.
void write_png(const std::filesystem::path& path, std::span<const uint8_t> pixels, int width,
               int height, PixelFormat format, WriteMode mode = WriteMode::never_overwrite);

}  // namespace terrain::io
