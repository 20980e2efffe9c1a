// 16-bit grayscale PNG heightmaps through libpng (see heightmap_png.h).
//
// libpng reports errors by longjmp to the setjmp of the function that called it, through its
// own C frames; an exception must never cross them. So every call into libpng that can fail is
// made from a small function (write_all, read_header, read_pixels) that sets the jump point and
// holds no C++ object a longjmp could skip; the objects (buffers, the result) live in the caller,
// which turns a failed call into a HeightmapError. The callbacks (bytes in and out, errors)
// never throw: they record what went wrong in the plain state they share and call png_error.
#include "io/heightmap_png.h"

#include <png.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <system_error>

#include "io/png.h"  // png_u32 (the project's PNG helpers; <png.h> above is libpng)

namespace terrain::io {
namespace {

// What the callbacks share with the functions that called libpng: plain data only.
struct PngState {
  // Writing: where the bytes go (appended by on_write, which catches its own bad_alloc).
  std::vector<uint8_t>* out = nullptr;
  // Reading: the bytes and how far libpng has read.
  const uint8_t* data = nullptr;
  std::size_t size = 0;
  std::size_t at = 0;
  // The error, in words, once libpng has failed.
  char message[256] = {};
  bool own_message = false;  // set by a callback that put its own words in `message`
};

PngState& state_of(png_structp png) {
  return *static_cast<PngState*>(png_get_error_ptr(png));
}

void fail_with(png_structp png, const char* words) {
  PngState& state = state_of(png);
  std::snprintf(state.message, sizeof state.message, "%s", words);
  state.own_message = true;
  png_error(png, words);
}

void on_error(png_structp png, png_const_charp message) {
  PngState& state = state_of(png);
  if (!state.own_message) {
    std::snprintf(state.message, sizeof state.message, "corrupt PNG (libpng: %s)",
                  message != nullptr ? message : "unknown error");
  }
  png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}  // nothing is printed; warnings change nothing

void on_write(png_structp png, png_bytep bytes, std::size_t length) {
  PngState& state = state_of(png);
  bool failed = false;
  try {
    state.out->insert(state.out->end(), bytes, bytes + length);
  } catch (const std::bad_alloc&) {
    failed = true;
  }
  if (failed) fail_with(png, "out of memory");
}

void on_flush(png_structp) {}

void on_read(png_structp png, png_bytep bytes, std::size_t length) {
  PngState& state = state_of(png);
  if (length > state.size - state.at) fail_with(png, "truncated");
  std::memcpy(bytes, state.data + state.at, length);
  state.at += length;
}

// The shortest decimal that reads back as `value` whether it is read as a float32 or as a
// double: the shortest for the double that holds the float exactly. (The float's own shortest
// text, "0.1" for 0.1f, is another number when read as a double, as Python, NumPy and most
// readers do, and the heights would then come back more than half a step off for a small
// range.) Read as a float32 the text gives the same float: it lies within half a double's step
// of it, far closer than the next float.
void put_float(std::string& out, float value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, static_cast<double>(value));
  out.append(buffer, result.ptr);
}

// --- Writing ---------------------------------------------------------------------------------

// Writes the whole file: the header, the range chunk `text`, then the rows of `values` (width x
// height, row 0 first) as big-endian samples through `row` (2 * width bytes). False when
// libpng failed (the state's message says why).
bool write_all(png_structp png, png_infop info, int width, int height, png_textp text,
               const uint16_t* values, png_bytep row) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 16,
               PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_set_text(png, info, text, 1);
  png_write_info(png, info);
  const std::size_t w = static_cast<std::size_t>(width);
  for (int y = 0; y < height; y++) {
    const uint16_t* source = values + static_cast<std::size_t>(y) * w;
    for (std::size_t x = 0; x < w; x++) {
      row[2 * x] = static_cast<png_byte>(source[x] >> 8);
      row[2 * x + 1] = static_cast<png_byte>(source[x] & 0xFF);
    }
    png_write_row(png, row);
  }
  png_write_end(png, info);
  return true;
}

// The same for RGBA8 rows, at zlib level 1 (a large picture, written fast).
bool write_rgba(png_structp png, png_infop info, int width, int height, const uint8_t* rgba) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8,
               PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, 1);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB | PNG_FILTER_UP | PNG_FILTER_PAETH);
  png_write_info(png, info);
  const std::size_t stride = static_cast<std::size_t>(width) * 4;
  for (int y = 0; y < height; y++) {
    png_write_row(png, const_cast<png_bytep>(rgba + static_cast<std::size_t>(y) * stride));
  }
  png_write_end(png, info);
  return true;
}

// --- Reading ---------------------------------------------------------------------------------

int channels_of(int color_type) {
  switch (color_type) {
    case PNG_COLOR_TYPE_GRAY:
    case PNG_COLOR_TYPE_PALETTE:
      return 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA:
      return 2;
    case PNG_COLOR_TYPE_RGB:
      return 3;
    case PNG_COLOR_TYPE_RGB_ALPHA:
      return 4;
    default:
      return 0;
  }
}

std::string size_text(uint32_t width, uint32_t height) {
  return std::to_string(width) + " x " + std::to_string(height) + " pixels";
}

// Checks the file before libpng reads it, so that what it would trust is checked first:
// - the size the header (IHDR, the first chunk) claims, so that a size out of bounds is refused
//   in words and nothing is allocated for it;
// - every chunk's length lies within the file (libpng allocates a chunk's buffer as long as it
//   claims before reading it);
// - the image data in the file could hold that many pixels at all (deflate packs at most 1032
//   bytes into one), so a small file claiming a large image is refused before its pixels are
//   allocated.
// Leaves anything else (a missing or malformed IHDR, a chunk cut short in its header) to
// libpng.
void check_chunks(std::span<const uint8_t> bytes) {
  uint64_t raw_bytes = 0;  // the least the filtered rows take, interlaced or not
  std::string size;
  if (bytes.size() >= 8 + 8 + 13 && std::memcmp(bytes.data() + 12, "IHDR", 4) == 0 &&
      png_u32(bytes.data() + 8) == 13) {
    const uint32_t width = png_u32(bytes.data() + 16);
    const uint32_t height = png_u32(bytes.data() + 20);
    if (width == 0) throw HeightmapError("width 0");
    if (height == 0) throw HeightmapError("height 0");
    const auto most = static_cast<uint32_t>(kMaxHeightmapSide);
    if (width > most || height > most) {
      throw HeightmapError("is " + size_text(width, height) + "; at most " + std::to_string(most) +
                           " on a side");
    }
    const int bit_depth = bytes[24];
    const int channels = channels_of(bytes[25]);
    if (channels > 0 && bit_depth >= 1 && bit_depth <= 16) {
      const uint64_t row_bits = uint64_t{width} * static_cast<uint64_t>(channels * bit_depth);
      raw_bytes = (row_bits + 7) / 8 * height;
      size = size_text(width, height);
    }
  }
  uint64_t image_data = 0;
  for (std::size_t at = 8; at + 8 <= bytes.size();) {
    const uint64_t length = png_u32(bytes.data() + at);
    const uint64_t available = bytes.size() - (at + 8);
    if (length + 4 > available) {
      throw HeightmapError("truncated: a chunk of " + std::to_string(length) +
                           " bytes runs past the end of the file");
    }
    if (std::memcmp(bytes.data() + at + 4, "IDAT", 4) == 0) image_data += length;
    if (std::memcmp(bytes.data() + at + 4, "IEND", 4) == 0) break;
    at += 12 + static_cast<std::size_t>(length);
  }
  if (raw_bytes > image_data * 1032 + 1024) {
    throw HeightmapError("truncated: too little image data for " + size);
  }
}

// What read_header learns.
struct Layout {
  png_uint_32 width = 0;
  png_uint_32 height = 0;
  int bit_depth = 0;  // after the transformations: 8 or 16
  int channels = 0;   // 1 gray, 2 gray + alpha, 3 RGB, 4 RGBA
  int passes = 1;     // 7 when interlaced
  std::size_t row_bytes = 0;
};

// Reads up to the image data and sets the transformations: palette to RGB, 1, 2 and 4-bit gray
// to 8 bits, 16 bits kept (big-endian). False when libpng failed.
bool read_header(png_structp png, png_infop info, Layout* layout) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_user_limits(png, static_cast<png_uint_32>(kMaxHeightmapSide),
                      static_cast<png_uint_32>(kMaxHeightmapSide));
  png_set_chunk_malloc_max(png, 8u << 20);
  png_read_info(png, info);
  png_uint_32 width = 0;
  png_uint_32 height = 0;
  int bit_depth = 0;
  int color_type = 0;
  int interlace = 0;
  png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, nullptr, nullptr);
  layout->width = width;
  layout->height = height;
  if (width == 0 || height == 0 || width > static_cast<png_uint_32>(kMaxHeightmapSide) ||
      height > static_cast<png_uint_32>(kMaxHeightmapSide)) {
    return true;  // refused by the caller, in words, before anything is allocated
  }
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  layout->passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  layout->bit_depth = png_get_bit_depth(png, info);
  layout->channels = png_get_channels(png, info);
  layout->row_bytes = png_get_rowbytes(png, info);
  return true;
}

// One row of samples as heights: gray, or the luminance of RGB, alpha ignored; each
// `offset + value * scale`.
void convert_row(const png_byte* row, const Layout& layout, double offset, double scale,
                 float* out) {
  const int c = layout.channels;
  const bool wide = layout.bit_depth == 16;
  const auto sample = [&](std::size_t i) -> double {
    return wide ? static_cast<double>(row[2 * i] << 8 | row[2 * i + 1]) : row[i];
  };
  for (std::size_t x = 0; x < layout.width; x++) {
    const std::size_t i = x * static_cast<std::size_t>(c);
    const double v =
        c >= 3 ? 0.2126 * sample(i) + 0.7152 * sample(i + 1) + 0.0722 * sample(i + 2) : sample(i);
    out[x] = static_cast<float>(offset + v * scale);
  }
}

// Reads the pixels into `out` (raw values: offset 0, scale 1) and the chunks after them.
// `rows` holds one row (not interlaced) or the whole image (interlaced: every pass adds to
// it). False when libpng failed.
bool read_pixels(png_structp png, png_infop info, const Layout* layout, png_bytep rows,
                 float* out) {
  if (setjmp(png_jmpbuf(png))) return false;
  const std::size_t w = layout->width;
  if (layout->passes == 1) {
    for (png_uint_32 y = 0; y < layout->height; y++) {
      png_read_row(png, rows, nullptr);
      convert_row(rows, *layout, 0, 1, out + y * w);
    }
  } else {
    for (int pass = 0; pass < layout->passes; pass++) {
      for (png_uint_32 y = 0; y < layout->height; y++) {
        png_read_row(png, rows + y * layout->row_bytes, nullptr);
      }
    }
    for (png_uint_32 y = 0; y < layout->height; y++) {
      convert_row(rows + y * layout->row_bytes, *layout, 0, 1, out + y * w);
    }
  }
  png_read_end(png, info);
  return true;
}

// The range chunk's "MIN MAX", if it is two finite floats with min <= max.
bool parse_range(const char* text, std::size_t length, float& min, float& max) {
  const char* end = text + length;
  const char* space = std::find(text, end, ' ');
  if (space == end) return false;
  const auto a = std::from_chars(text, space, min);
  const auto b = std::from_chars(space + 1, end, max);
  return a.ec == std::errc() && a.ptr == space && b.ec == std::errc() && b.ptr == end &&
         space + 1 != end && !std::isspace(static_cast<unsigned char>(space[1])) &&
         std::isfinite(min) && std::isfinite(max) && min <= max;
}

// Frees libpng's structures when the decoder or encoder is done, however it ends.
struct ReadStructs {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~ReadStructs() { png_destroy_read_struct(&png, &info, nullptr); }
};
struct WriteStructs {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~WriteStructs() { png_destroy_write_struct(&png, &info); }
};

// The bytes that `write(png, info)` (write_all or write_rgba above) makes through libpng, with
// `reserve` bytes set aside first; throws Error with libpng's words when it fails.
template <typename Error, typename Write>
std::vector<uint8_t> png_bytes(std::size_t reserve, Write write) {
  std::vector<uint8_t> out;
  out.reserve(reserve);
  PngState state;
  state.out = &out;
  WriteStructs structs;
  structs.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
  if (structs.png == nullptr) throw std::bad_alloc();
  structs.info = png_create_info_struct(structs.png);
  if (structs.info == nullptr) throw std::bad_alloc();
  png_set_write_fn(structs.png, &state, on_write, on_flush);
  if (!write(structs.png, structs.info)) {
    throw Error(std::string("cannot write the PNG: ") + state.message);
  }
  return out;
}

}  // namespace

std::vector<uint8_t> encode_png16(const Quantized16& q, int width, int height) {
  if (width < 1 || height < 1 || width > kMaxHeightmapSide || height > kMaxHeightmapSide) {
    throw HeightmapError("cannot write a " + std::to_string(width) + " x " +
                         std::to_string(height) + " PNG: 1 to " +
                         std::to_string(kMaxHeightmapSide) + " pixels on a side");
  }
  if (q.values.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {
    throw HeightmapError("cannot write a PNG of " + std::to_string(width) + " x " +
                         std::to_string(height) + " from " + std::to_string(q.values.size()) +
                         " values");
  }
  if (!std::isfinite(q.min) || !std::isfinite(q.max) || q.min > q.max) {
    throw HeightmapError("cannot write a PNG with the range " + std::to_string(q.min) + " .. " +
                         std::to_string(q.max));
  }
  std::string range;
  put_float(range, q.min);
  range.push_back(' ');
  put_float(range, q.max);
  std::string keyword = kPngRangeKeyword;
  png_text text{};
  text.compression = PNG_TEXT_COMPRESSION_NONE;
  text.key = keyword.data();
  text.text = range.data();
  text.text_length = range.size();

  std::vector<png_byte> row(static_cast<std::size_t>(width) * 2);
  return png_bytes<HeightmapError>(0, [&](png_structp png, png_infop info) {
    return write_all(png, info, width, height, &text, q.values.data(), row.data());
  });
}

std::vector<uint8_t> encode_png_rgba_quick(std::span<const uint8_t> rgba, int width, int height) {
  if (width < 1 || height < 1 || width > kMaxHeightmapSide || height > kMaxHeightmapSide ||
      rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4) {
    throw std::invalid_argument("encode_png_rgba_quick: " + std::to_string(rgba.size()) +
                                " bytes for " + std::to_string(width) + " x " +
                                std::to_string(height) + " RGBA8 pixels (sides 1.." +
                                std::to_string(kMaxHeightmapSide) + ")");
  }
  return png_bytes<std::runtime_error>(rgba.size() / 8, [&](png_structp png, png_infop info) {
    return write_rgba(png, info, width, height, rgba.data());
  });
}

HeightmapFile decode_png_heightmap(std::span<const uint8_t> bytes) {
  if (bytes.empty()) throw HeightmapError("empty");
  const std::size_t signature = std::min<std::size_t>(bytes.size(), 8);
  if (png_sig_cmp(bytes.data(), 0, signature) != 0) {
    throw HeightmapError("not a PNG (bad signature)");
  }
  if (bytes.size() < 8) throw HeightmapError("truncated");
  check_chunks(bytes);

  PngState state;
  state.data = bytes.data();
  state.size = bytes.size();
  ReadStructs structs;
  structs.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
  if (structs.png == nullptr) throw std::bad_alloc();
  structs.info = png_create_info_struct(structs.png);
  if (structs.info == nullptr) throw std::bad_alloc();
  png_set_read_fn(structs.png, &state, on_read);

  Layout layout;
  if (!read_header(structs.png, structs.info, &layout)) throw HeightmapError(state.message);
  // (check_chunks has refused these sizes when IHDR came first, as it must.)
  if (layout.width == 0) throw HeightmapError("width 0");
  if (layout.height == 0) throw HeightmapError("height 0");
  if (layout.width > static_cast<png_uint_32>(kMaxHeightmapSide) ||
      layout.height > static_cast<png_uint_32>(kMaxHeightmapSide)) {
    throw HeightmapError("is " + size_text(layout.width, layout.height) + "; at most " +
                         std::to_string(kMaxHeightmapSide) + " on a side");
  }
  const int sample_bytes = layout.bit_depth / 8;
  if ((layout.bit_depth != 8 && layout.bit_depth != 16) || layout.channels < 1 ||
      layout.channels > 4 ||
      layout.row_bytes !=
          std::size_t{layout.width} * static_cast<std::size_t>(layout.channels * sample_bytes)) {
    throw HeightmapError("unsupported PNG layout (" + std::to_string(layout.bit_depth) + " bits, " +
                         std::to_string(layout.channels) + " channels)");
  }

  const std::size_t pixels = std::size_t{layout.width} * layout.height;
  std::vector<float> heights(pixels);
  std::vector<png_byte> rows(layout.row_bytes * (layout.passes == 1 ? 1 : layout.height));
  if (!read_pixels(structs.png, structs.info, &layout, rows.data(), heights.data())) {
    throw HeightmapError(state.message);
  }

  HeightmapFile file;
  png_textp texts = nullptr;
  const int count = png_get_text(structs.png, structs.info, &texts, nullptr);
  for (int k = 0; k < count; k++) {
    if (texts[k].key == nullptr || std::strcmp(texts[k].key, kPngRangeKeyword) != 0) continue;
    float min = 0;
    float max = 0;
    if (texts[k].text != nullptr && parse_range(texts[k].text, texts[k].text_length, min, max)) {
      const double top = layout.bit_depth == 16 ? 65535.0 : 255.0;
      const double span = static_cast<double>(max) - static_cast<double>(min);
      for (float& h : heights) {
        h = static_cast<float>(
            std::clamp(min + h / top * span, static_cast<double>(min), static_cast<double>(max)));
      }
      file.own_heights = true;
    }
    break;
  }
  file.heights = Heightfield(static_cast<int>(layout.width), static_cast<int>(layout.height),
                             std::move(heights));
  return file;
}

}  // namespace terrain::io
