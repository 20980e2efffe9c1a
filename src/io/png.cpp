// PNG images in memory (see png.h). libstb holds the stb implementations, so only the
// declarations are included here.
#include "io/png.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain::io {
namespace {

// stb_image_write hands the encoded file over in pieces; this collects them.
void append_to_vector(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<uint8_t>*>(context);
  const auto* bytes = static_cast<const uint8_t*>(data);
  out->insert(out->end(), bytes, bytes + size);
}

// The most pixels a PNG may have to be read here (8192 x 8192): the decoder allocates the whole
// image as RGBA8 (256 MiB at this size) before it reads a row, so a tiny file must not be able
// to claim more.
constexpr uint64_t kMaxPixels = uint64_t{8192} * 8192;

// Walks a PNG's chunks before stb_image reads it, so that what the decoder trusts is checked:
// every chunk's length lies within the file (stb would grow a buffer to any length a chunk
// claims), the header's size is allowed, and empty image-data chunks (legal, and written by
// no common encoder) are left out, which stb does not handle cleanly. Returns the bytes to
// decode: the input, or `scratch` holding it without the empty chunks. Throws
// std::runtime_error saying what is wrong.
std::span<const uint8_t> checked_chunks(std::span<const uint8_t> bytes,
                                        std::vector<uint8_t>& scratch) {
  constexpr std::size_t kSignature = 8;
  bool drop = false;
  bool header = false;
  std::size_t at = kSignature;
  while (at < bytes.size()) {
    const std::size_t left = bytes.size() - at;
    if (left < 12) {
      throw std::runtime_error("not a readable PNG: cut short at byte " + std::to_string(at) +
                               " (a chunk needs at least 12 bytes, " + std::to_string(left) +
                               " remain)");
    }
    const uint32_t length = png_u32(&bytes[at]);
    const std::string type(reinterpret_cast<const char*>(&bytes[at + 4]), 4);
    if (length > left - 12) {
      throw std::runtime_error("not a readable PNG: its chunk \"" + type + "\" at byte " +
                               std::to_string(at) + " claims " + std::to_string(length) +
                               " bytes, and only " + std::to_string(left - 12) + " remain");
    }
    if (!header) {
      if (type != "IHDR" || length != 13) {
        throw std::runtime_error(
            "not a readable PNG: it does not begin with its header chunk (IHDR)");
      }
      const uint64_t width = png_u32(&bytes[at + 8]);
      const uint64_t height = png_u32(&bytes[at + 12]);
      if (width == 0 || height == 0 || width * height > kMaxPixels) {
        throw std::runtime_error("PNG of " + std::to_string(width) + " x " +
                                 std::to_string(height) + " pixels: allowed are 1 up to " +
                                 std::to_string(kMaxPixels) + " pixels (8192 x 8192)");
      }
      header = true;
    }
    drop = drop || (type == "IDAT" && length == 0);
    at += 12 + length;
    if (type == "IEND") break;
  }
  if (!drop) return bytes;
  scratch.assign(bytes.begin(), bytes.begin() + kSignature);
  for (std::size_t c = kSignature; c < at;) {
    const uint32_t length = png_u32(&bytes[c]);
    const bool empty_data = length == 0 && std::equal(&bytes[c + 4], &bytes[c + 8], "IDAT");
    if (!empty_data) scratch.insert(scratch.end(), &bytes[c], &bytes[c + 12 + length]);
    c += 12 + length;
  }
  return scratch;
}

}  // namespace

std::vector<uint8_t> encode_png(std::span<const uint8_t> pixels, int width, int height,
                                PixelFormat format) {
  const int channels = static_cast<int>(format);
  if (width < 1 || height < 1) {
    throw std::invalid_argument("encode_png: size " + std::to_string(width) + " x " +
                                std::to_string(height) + " (both must be at least 1)");
  }
  const std::size_t expected = static_cast<std::size_t>(width) * static_cast<std::size_t>(height) *
                               static_cast<std::size_t>(channels);
  if (pixels.size() != expected) {
    throw std::invalid_argument("encode_png: " + std::to_string(pixels.size()) + " bytes for a " +
                                std::to_string(width) + " x " + std::to_string(height) +
                                " image of " + std::to_string(channels) +
                                " bytes a pixel (expected " + std::to_string(expected) + ")");
  }
  // stb takes the row stride as an int.
  if (static_cast<long long>(width) * channels > std::numeric_limits<int>::max()) {
    throw std::invalid_argument("encode_png: rows of " + std::to_string(width) +
                                " pixels are too long");
  }
  std::vector<uint8_t> png;
  if (stbi_write_png_to_func(append_to_vector, &png, width, height, channels, pixels.data(),
                             width * channels) == 0) {
    throw std::runtime_error("encode_png: the PNG encoder failed for a " + std::to_string(width) +
                             " x " + std::to_string(height) + " image");
  }
  return png;
}

RgbaImage decode_png(std::span<const uint8_t> bytes) {
  // Every PNG file starts with these 8 bytes; stb_image reads other formats too, so they are
  // checked here to keep this a PNG reader.
  constexpr uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (bytes.size() < sizeof kSignature ||
      !std::equal(std::begin(kSignature), std::end(kSignature), bytes.begin())) {
    throw std::runtime_error("not a PNG: it does not start with the PNG signature");
  }
  if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    throw std::runtime_error("decode_png: input too large");
  }
  std::vector<uint8_t> scratch;
  bytes = checked_chunks(bytes, scratch);
  int width = 0;
  int height = 0;
  int channels_in_file = 0;
  // Asks for 4 channels whatever the file holds, so every image comes back RGBA8.
  constexpr int kRgba = 4;
  stbi_uc* decoded = stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &width,
                                           &height, &channels_in_file, kRgba);
  if (decoded == nullptr) {
    const char* why = stbi_failure_reason();
    throw std::runtime_error(std::string("not a readable PNG: ") + (why ? why : "unknown error"));
  }
  RgbaImage image;
  image.width = width;
  image.height = height;
  image.pixels.assign(decoded, decoded + static_cast<std::size_t>(width) *
                                             static_cast<std::size_t>(height) * kRgba);
  stbi_image_free(decoded);
  return image;
}

RgbaImage read_png(const std::filesystem::path& path) {
  const std::string content = read_file(path, {"a PNG image", kMaxPngFileBytes});
  try {
    return decode_png(std::span(reinterpret_cast<const uint8_t*>(content.data()), content.size()));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

void write_png(const std::filesystem::path& path, std::span<const uint8_t> pixels, int width,
               int height, PixelFormat format, WriteMode mode) {
  write_file_atomically(path, std::span<const uint8_t>(encode_png(pixels, width, height, format)),
                        mode);
}

}  // namespace terrain::io
