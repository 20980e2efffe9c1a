// 16-bit PNG heightmaps through libpng: fields come back within half a step of 1/65535 of their
// range, an independent reader (stb_image) sees the same 16-bit values, the file holds the
// range chunk and no colour-space chunk, foreign PNGs (8-bit gray, RGB, RGBA, palette, 16-bit
// RGB, low-bit gray, interlaced) read as their raw values or luminance, and bad bytes are
// refused in words, never crashing.
#include "io/heightmap_png.h"

#include <gtest/gtest.h>
#include <png.h>
#include <stb_image.h>
#include <stb_image_write.h>
#include <zlib.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/island.h"
#include "error_of.h"

namespace terrain::io {
namespace {

// The quantization heightmap.h specifies (the integrator's quantize16 is not this test's
// subject): round((h - min) / (max - min) * 65535), all 0 for a flat field.
Quantized16 quantized(const Heightfield& field) {
  Quantized16 q;
  q.min = field.min();
  q.max = field.max();
  const double span = static_cast<double>(q.max) - static_cast<double>(q.min);
  for (float h : field.values()) {
    const double v = span > 0 ? (static_cast<double>(h) - q.min) / span * 65535 : 0;
    q.values.push_back(static_cast<uint16_t>(std::lround(v)));
  }
  return q;
}

std::vector<uint8_t> encoded(const Heightfield& field) {
  return encode_png16(quantized(field), field.width(), field.height());
}

// Every decoded height within half a step (and float rounding) of the original's.
void expect_round_trip(const Heightfield& field) {
  const HeightmapFile file = decode_png_heightmap(encoded(field));
  ASSERT_TRUE(file.own_heights);
  ASSERT_EQ(file.heights.width(), field.width());
  ASSERT_EQ(file.heights.height(), field.height());
  const double span = static_cast<double>(field.max()) - field.min();
  const double scale = std::max(std::abs(field.max()), std::abs(field.min()));
  const double tolerance = span / 65535 / 2 + scale * 1e-6;
  for (std::size_t i = 0; i < field.size(); i++) {
    ASSERT_NEAR(file.heights[i], field[i], tolerance) << "at " << i;
  }
  EXPECT_EQ(file.heights.min(), field.min());
  EXPECT_EQ(file.heights.max(), field.max());
}

// --- Chunks ------------------------------------------------------------------------------------

uint32_t be32(const uint8_t* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | uint32_t{p[3]};
}
void put32(std::vector<uint8_t>& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<uint8_t>(v >> shift));
}

struct Chunk {
  std::string type;
  std::vector<uint8_t> data;
  std::size_t offset = 0;  // of its length field
  bool crc_ok = false;
};

std::vector<Chunk> chunks_of(const std::vector<uint8_t>& png) {
  std::vector<Chunk> chunks;
  std::size_t at = 8;
  while (at + 12 <= png.size()) {
    const uint32_t length = be32(png.data() + at);
    if (at + 12 + length > png.size()) break;
    Chunk c;
    c.type.assign(reinterpret_cast<const char*>(png.data() + at + 4), 4);
    c.data.assign(png.begin() + static_cast<std::ptrdiff_t>(at + 8),
                  png.begin() + static_cast<std::ptrdiff_t>(at + 8 + length));
    c.offset = at;
    const uLong crc = crc32(0, png.data() + at + 4, length + 4);
    c.crc_ok = crc == be32(png.data() + at + 8 + length);
    chunks.push_back(std::move(c));
    at += 12 + length;
  }
  EXPECT_EQ(at, png.size()) << "bytes after the last whole chunk";
  return chunks;
}

std::vector<uint8_t> make_chunk(const char* type, const std::vector<uint8_t>& data) {
  std::vector<uint8_t> out;
  out.reserve(data.size() + 12);
  put32(out, static_cast<uint32_t>(data.size()));
  for (int k = 0; k < 4; k++) out.push_back(static_cast<uint8_t>(type[k]));
  for (uint8_t b : data) out.push_back(b);
  put32(out, static_cast<uint32_t>(crc32(0, out.data() + 4, static_cast<uInt>(data.size() + 4))));
  return out;
}

// Recomputes the CRC of the chunk whose length field is at `offset`.
void fix_crc(std::vector<uint8_t>& png, std::size_t offset) {
  const uint32_t length = be32(png.data() + offset);
  const auto crc = static_cast<uint32_t>(crc32(0, png.data() + offset + 4, length + 4));
  for (int k = 0; k < 4; k++)
    png[offset + 8 + length + k] = static_cast<uint8_t>(crc >> (24 - 8 * k));
}

// --- Foreign PNGs --------------------------------------------------------------------------------

// A PNG written by libpng: rows of raw samples (big-endian for 16 bits, packed for fewer than
// 8), optionally a palette and a text chunk.
struct Foreign {
  int width = 1;
  int height = 1;
  int bit_depth = 8;
  int color_type = PNG_COLOR_TYPE_GRAY;
  bool interlaced = false;
  std::vector<uint8_t> raw;  // height rows of the packed row size
  std::vector<png_color> palette;
  std::vector<uint8_t> trns;
  std::string key;  // a tEXt chunk when not empty
  std::string text;
};

Foreign foreign(int width, int height, int bit_depth, int color_type) {
  Foreign f;
  f.width = width;
  f.height = height;
  f.bit_depth = bit_depth;
  f.color_type = color_type;
  return f;
}

void png_test_error(png_structp png, png_const_charp message) {
  ADD_FAILURE() << "libpng (writing the test's file): " << message;
  png_longjmp(png, 1);
}

bool write_foreign(png_structp png, png_infop info, const Foreign* f, png_textp text,
                   png_bytepp rows) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_IHDR(png, info, static_cast<png_uint_32>(f->width), static_cast<png_uint_32>(f->height),
               f->bit_depth, f->color_type,
               f->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (!f->palette.empty()) {
    png_set_PLTE(png, info, f->palette.data(), static_cast<int>(f->palette.size()));
  }
  if (!f->trns.empty()) {
    png_set_tRNS(png, info, f->trns.data(), static_cast<int>(f->trns.size()), nullptr);
  }
  if (text != nullptr) png_set_text(png, info, text, 1);
  png_set_rows(png, info, rows);
  png_write_png(png, info, PNG_TRANSFORM_IDENTITY, nullptr);
  return true;
}

void append_bytes(png_structp png, png_bytep data, std::size_t length) {
  auto* out = static_cast<std::vector<uint8_t>*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + length);
}

std::vector<uint8_t> libpng_file(const Foreign& f) {
  std::vector<uint8_t> out;
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, png_test_error, nullptr);
  png_infop info = png_create_info_struct(png);
  png_set_write_fn(png, &out, append_bytes, nullptr);
  const std::size_t row_bytes = f.raw.size() / static_cast<std::size_t>(f.height);
  std::vector<png_bytep> rows;
  std::vector<uint8_t> raw = f.raw;
  for (int y = 0; y < f.height; y++) rows.push_back(raw.data() + y * row_bytes);
  std::string key = f.key;
  std::string text = f.text;
  png_text chunk{};
  chunk.compression = PNG_TEXT_COMPRESSION_NONE;
  chunk.key = key.data();
  chunk.text = text.data();
  chunk.text_length = text.size();
  const bool ok = write_foreign(png, info, &f, f.key.empty() ? nullptr : &chunk, rows.data());
  png_destroy_write_struct(&png, &info);
  EXPECT_TRUE(ok);
  return out;
}

void append_stb(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<uint8_t>*>(context);
  out->insert(out->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
}

// An 8-bit PNG of `channels` written by stb_image_write (another encoder than libpng).
std::vector<uint8_t> stb_file(const std::vector<uint8_t>& pixels, int w, int h, int channels) {
  std::vector<uint8_t> out;
  EXPECT_NE(stbi_write_png_to_func(append_stb, &out, w, h, channels, pixels.data(), w * channels),
            0);
  return out;
}

double luminance(double r, double g, double b) {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

std::string decode_error(const std::vector<uint8_t>& bytes) {
  return terrain::testing::error_of<HeightmapError>([&] { decode_png_heightmap(bytes); });
}

Heightfield hand_made() {
  Heightfield field(13, 7);
  for (int y = 0; y < field.height(); y++) {
    for (int x = 0; x < field.width(); x++) {
      field.at(x, y) = static_cast<float>(std::sin(x * 0.7 + y * 1.3) * 812.25 - 300.5);
    }
  }
  return field;
}

// --- Round trips ---------------------------------------------------------------------------------

TEST(HeightmapPng, IslandsRoundTripWithinHalfAStep) {
  for (uint32_t seed : {42u, 7u, 20261201u}) {
    SCOPED_TRACE(seed);
    expect_round_trip(island_terrain(seed));
  }
  expect_round_trip(island_terrain(3, {}, 37, 91));
}

TEST(HeightmapPng, HandMadeFieldsRoundTrip) {
  expect_round_trip(hand_made());                // negative heights
  expect_round_trip(Heightfield(1, 1, -3.25f));  // one pixel
  expect_round_trip(Heightfield(200, 1, 0.0f));  // one row
  Heightfield wide_range(3, 3);
  const float values[] = {-3e38f, 3e38f, 0.0f, 1.0f, -1.0f, 1e-30f, 2.5e37f, -7e37f, 1e38f};
  std::copy(std::begin(values), std::end(values), wide_range.data());
  expect_round_trip(wide_range);
  Heightfield column(1, 300);
  for (int y = 0; y < 300; y++) column.at(0, y) = 1000.0f + static_cast<float>(y) * 0.001f;
  expect_round_trip(column);
}

TEST(HeightmapPng, FlatFieldComesBackExactly) {
  const Heightfield flat(9, 4, 17.125f);
  const Quantized16 q = quantized(flat);
  const HeightmapFile file = decode_png_heightmap(encode_png16(q, 9, 4));
  EXPECT_TRUE(file.own_heights);
  EXPECT_EQ(file.heights, flat);
  const Heightfield flat_negative(2, 2, -0.1f);
  EXPECT_EQ(decode_png_heightmap(encoded(flat_negative)).heights, flat_negative);
}

TEST(HeightmapPng, StbImageReadsTheSame16BitValues) {
  for (const Heightfield& field : {island_terrain(42), hand_made()}) {
    const Quantized16 q = quantized(field);
    const std::vector<uint8_t> png = encode_png16(q, field.width(), field.height());
    int w = 0;
    int h = 0;
    int channels = 0;
    stbi_us* values =
        stbi_load_16_from_memory(png.data(), static_cast<int>(png.size()), &w, &h, &channels, 0);
    ASSERT_NE(values, nullptr) << stbi_failure_reason();
    EXPECT_EQ(w, field.width());
    EXPECT_EQ(h, field.height());
    EXPECT_EQ(channels, 1);
    const std::vector<uint16_t> read(values, values + q.values.size());
    stbi_image_free(values);
    EXPECT_EQ(read, q.values);
  }
}

TEST(HeightmapPng, FileHoldsTheRangeChunkAndNoColourSpaceChunks) {
  Heightfield field = hand_made();
  field.at(0, 0) = -2000.1f;
  field.at(1, 0) = 0.3f * 10000;
  const std::vector<uint8_t> png = encoded(field);
  const std::vector<Chunk> chunks = chunks_of(png);
  ASSERT_GE(chunks.size(), 4u);
  EXPECT_EQ(chunks.front().type, "IHDR");
  EXPECT_EQ(chunks.back().type, "IEND");
  const std::vector<uint8_t>& ihdr = chunks.front().data;
  ASSERT_EQ(ihdr.size(), 13u);
  EXPECT_EQ(be32(ihdr.data()), 13u);
  EXPECT_EQ(be32(ihdr.data() + 4), 7u);
  EXPECT_EQ(ihdr[8], 16);  // bit depth
  EXPECT_EQ(ihdr[9], 0);   // gray
  EXPECT_EQ(ihdr[12], 0);  // not interlaced
  int texts = 0;
  for (const Chunk& c : chunks) {
    EXPECT_TRUE(c.crc_ok) << c.type;
    for (const char* banned : {"gAMA", "sRGB", "iCCP", "cHRM", "pHYs", "zTXt", "iTXt", "sBIT"}) {
      EXPECT_NE(c.type, banned);
    }
    if (c.type == "tEXt") {
      texts++;
      const std::string body(c.data.begin(), c.data.end());
      EXPECT_EQ(body, std::string(kPngRangeKeyword) + '\0' + "-2000.0999755859375 3000");
    }
  }
  EXPECT_EQ(texts, 1);
}

// The range text is the shortest decimal of the double that holds each float, so a reader that
// parses doubles (Python's float(), NumPy) gets the very floats, as a float32 parse does.
TEST(HeightmapPng, RangeTextReadsBackTheSameAsFloatOrDouble) {
  Heightfield field(2, 1);
  field[0] = 0.1f;
  field[1] = 1.0f / 3.0f;
  for (const Chunk& c : chunks_of(encoded(field))) {
    if (c.type != "tEXt") continue;
    const std::string body(c.data.begin(), c.data.end());
    EXPECT_EQ(body.substr(body.find('\0') + 1), "0.10000000149011612 0.3333333432674408");
  }
}

// A small range far from 0: "1000.1" (the float's own shortest text) read as a double is
// 2.4e-5 off the float, over a hundred steps of 0.01 / 65535; the text written reads back, as
// a double, to heights within half a step.
TEST(HeightmapPng, HeightsFromTheRangeParsedAsDoublesAreWithinHalfAStep) {
  Heightfield field(64, 1);
  for (int x = 0; x < 64; x++)
    field[static_cast<std::size_t>(x)] = 1000.1f + 0.01f * static_cast<float>(x) / 63;
  const std::vector<uint8_t> png = encoded(field);
  std::string range;
  for (const Chunk& c : chunks_of(png)) {
    if (c.type != "tEXt") continue;
    const std::string body(c.data.begin(), c.data.end());
    range = body.substr(body.find('\0') + 1);
  }
  ASSERT_FALSE(range.empty());
  char* rest = nullptr;
  const double lo = std::strtod(range.c_str(), &rest);
  const double hi = std::strtod(rest, nullptr);
  EXPECT_EQ(lo, static_cast<double>(field.min()));
  EXPECT_EQ(hi, static_cast<double>(field.max()));
  EXPECT_EQ(std::strtof(range.c_str(), nullptr), field.min());
  // The 16-bit values as stb_image reads them, scaled with the doubles.
  int w = 0, h = 0, n = 0;
  stbi_us* values =
      stbi_load_16_from_memory(png.data(), static_cast<int>(png.size()), &w, &h, &n, 1);
  ASSERT_NE(values, nullptr);
  const double step = (hi - lo) / 65535;
  for (std::size_t i = 0; i < field.size(); i++) {
    EXPECT_LE(std::abs(lo + values[i] * step - field[i]), step / 2 * (1 + 1e-9)) << i;
  }
  stbi_image_free(values);
}

TEST(HeightmapPng, EncoderRefusesWhatItCannotWrite) {
  Quantized16 q;
  q.values.assign(6, 0);
  EXPECT_THROW(encode_png16(q, 2, 2), HeightmapError);
  EXPECT_THROW(encode_png16(q, 0, 6), HeightmapError);
  q.values.assign(kMaxHeightmapSide + 1, 0);
  EXPECT_THROW(encode_png16(q, kMaxHeightmapSide + 1, 1), HeightmapError);
  q.values.assign(4, 0);
  q.max = std::nanf("");
  EXPECT_THROW(encode_png16(q, 2, 2), HeightmapError);
}

// --- Foreign files -------------------------------------------------------------------------------

TEST(HeightmapPng, Gray8ReadsAsRawValues) {
  std::vector<uint8_t> gray;
  for (int i = 0; i < 6 * 5; i++) gray.push_back(static_cast<uint8_t>(i * 8 + 3));
  const HeightmapFile file = decode_png_heightmap(stb_file(gray, 6, 5, 1));
  EXPECT_FALSE(file.own_heights);
  ASSERT_EQ(file.heights.width(), 6);
  ASSERT_EQ(file.heights.height(), 5);
  for (std::size_t i = 0; i < gray.size(); i++) EXPECT_EQ(file.heights[i], gray[i]);
}

TEST(HeightmapPng, Rgb8AndRgba8ReadAsLuminanceAlphaIgnored) {
  std::vector<uint8_t> rgb;
  std::vector<uint8_t> rgba;
  for (int i = 0; i < 4 * 3; i++) {
    const auto r = static_cast<uint8_t>(i * 20);
    const auto g = static_cast<uint8_t>(255 - i * 9);
    const auto b = static_cast<uint8_t>(i * 7 % 256);
    rgb.insert(rgb.end(), {r, g, b});
    rgba.insert(rgba.end(), {r, g, b, static_cast<uint8_t>(i * 21)});
  }
  for (int channels : {3, 4}) {
    SCOPED_TRACE(channels);
    const HeightmapFile file =
        decode_png_heightmap(stb_file(channels == 3 ? rgb : rgba, 4, 3, channels));
    EXPECT_FALSE(file.own_heights);
    ASSERT_EQ(file.heights.size(), 12u);
    for (std::size_t i = 0; i < 12; i++) {
      EXPECT_NEAR(file.heights[i], luminance(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]), 1e-4);
    }
  }
}

TEST(HeightmapPng, PaletteReadsAsTheLuminanceOfItsColours) {
  Foreign f = foreign(5, 2, 4, PNG_COLOR_TYPE_PALETTE);
  f.palette = {{0, 0, 0}, {255, 0, 0}, {0, 255, 0}, {10, 20, 250}, {255, 255, 255}};
  f.trns = {0, 128};
  // Indices (x + y) % 5, two to a byte, each row padded to 3 bytes.
  for (int y = 0; y < 2; y++) {
    for (int x = 0; x < 6; x += 2) {
      const int hi = (x + y) % 5;
      const int lo = x + 1 < 5 ? (x + 1 + y) % 5 : 0;
      f.raw.push_back(static_cast<uint8_t>(hi << 4 | lo));
    }
  }
  const HeightmapFile file = decode_png_heightmap(libpng_file(f));
  EXPECT_FALSE(file.own_heights);
  for (int y = 0; y < 2; y++) {
    for (int x = 0; x < 5; x++) {
      const png_color c = f.palette[static_cast<std::size_t>((x + y) % 5)];
      EXPECT_NEAR(file.heights.at(x, y), luminance(c.red, c.green, c.blue), 1e-4) << x << "," << y;
    }
  }
}

TEST(HeightmapPng, Rgb16ReadsAsLuminanceOnItsOwnScale) {
  Foreign f = foreign(3, 2, 16, PNG_COLOR_TYPE_RGB);
  std::vector<unsigned> samples;
  for (int i = 0; i < 3 * 2 * 3; i++) samples.push_back(static_cast<unsigned>(i * 3851 % 65536));
  for (unsigned s : samples)
    f.raw.insert(f.raw.end(), {static_cast<uint8_t>(s >> 8), static_cast<uint8_t>(s)});
  const HeightmapFile file = decode_png_heightmap(libpng_file(f));
  EXPECT_FALSE(file.own_heights);
  for (std::size_t i = 0; i < 6; i++) {
    EXPECT_NEAR(file.heights[i], luminance(samples[3 * i], samples[3 * i + 1], samples[3 * i + 2]),
                0.01);
  }
  f.color_type = PNG_COLOR_TYPE_RGB_ALPHA;  // the same with alpha: 4 samples a pixel
  f.width = 2;
  f.raw.resize(2 * 2 * 4 * 2);
  const HeightmapFile with_alpha = decode_png_heightmap(libpng_file(f));
  for (std::size_t i = 0; i < 4; i++) {
    EXPECT_NEAR(with_alpha.heights[i],
                luminance(samples[4 * i], samples[4 * i + 1], samples[4 * i + 2]), 0.01);
  }
}

TEST(HeightmapPng, Gray16WithoutTheRangeReadsAsRawValues) {
  Foreign f = foreign(4, 3, 16, PNG_COLOR_TYPE_GRAY);
  for (int i = 0; i < 12; i++) {
    const unsigned v = static_cast<unsigned>(i * 5957);
    f.raw.insert(f.raw.end(), {static_cast<uint8_t>(v >> 8), static_cast<uint8_t>(v)});
  }
  HeightmapFile file = decode_png_heightmap(libpng_file(f));
  EXPECT_FALSE(file.own_heights);
  for (std::size_t i = 0; i < 12; i++) EXPECT_EQ(file.heights[i], static_cast<float>(i * 5957));
  // Interlaced, the same values; gray + alpha, the gray.
  f.interlaced = true;
  file = decode_png_heightmap(libpng_file(f));
  for (std::size_t i = 0; i < 12; i++) EXPECT_EQ(file.heights[i], static_cast<float>(i * 5957));
  f.interlaced = false;
  f.color_type = PNG_COLOR_TYPE_GRAY_ALPHA;
  f.width = 2;
  file = decode_png_heightmap(libpng_file(f));
  ASSERT_EQ(file.heights.size(), 6u);
  for (std::size_t i = 0; i < 6; i++) EXPECT_EQ(file.heights[i], static_cast<float>(2 * i * 5957));
}

TEST(HeightmapPng, LowBitGrayIsExpandedTo8Bits) {
  Foreign f = foreign(8, 1, 2, PNG_COLOR_TYPE_GRAY);
  f.raw = {0b00011011, 0b11100100};  // 0 1 2 3 3 2 1 0
  const HeightmapFile file = decode_png_heightmap(libpng_file(f));
  const float expected[] = {0, 85, 170, 255, 255, 170, 85, 0};
  for (std::size_t i = 0; i < 8; i++) EXPECT_EQ(file.heights[i], expected[i]);
}

TEST(HeightmapPng, RangeChunkScalesAn8BitFileBy255) {
  Foreign f = foreign(3, 1, 8, PNG_COLOR_TYPE_GRAY);
  f.raw = {0, 51, 255};
  f.key = kPngRangeKeyword;
  f.text = "-10 40";
  const HeightmapFile file = decode_png_heightmap(libpng_file(f));
  EXPECT_TRUE(file.own_heights);
  EXPECT_FLOAT_EQ(file.heights[0], -10.0f);
  EXPECT_FLOAT_EQ(file.heights[1], 0.0f);
  EXPECT_FLOAT_EQ(file.heights[2], 40.0f);
}

TEST(HeightmapPng, MalformedRangeChunksAreIgnored) {
  Foreign f = foreign(2, 1, 8, PNG_COLOR_TYPE_GRAY);
  f.raw = {7, 200};
  f.key = kPngRangeKeyword;
  for (const char* text : {"", "1", "5 2", "nan 3", "1 inf", "1  2", "1 2 3", "a b", " 1 2", "1 2 ",
                           "1,2", "1e39 2e39"}) {
    SCOPED_TRACE(text);
    f.text = text;
    const HeightmapFile file = decode_png_heightmap(libpng_file(f));
    EXPECT_FALSE(file.own_heights);
    EXPECT_EQ(file.heights[0], 7.0f);
    EXPECT_EQ(file.heights[1], 200.0f);
  }
  f.key = "another key";
  f.text = "0 1";
  EXPECT_FALSE(decode_png_heightmap(libpng_file(f)).own_heights);
}

// --- Bad bytes -----------------------------------------------------------------------------------

TEST(HeightmapPng, BadBytesAreRefusedInWords) {
  EXPECT_EQ(decode_error({}), "empty");
  EXPECT_EQ(decode_error({0x89, 'P', 'N'}), "truncated");
  EXPECT_EQ(decode_error({'a', 'b', 'c'}), "not a PNG (bad signature)");
  std::vector<uint8_t> png = encoded(island_terrain(42));
  std::vector<uint8_t> wrong = png;
  wrong[1] = 'J';
  EXPECT_EQ(decode_error(wrong), "not a PNG (bad signature)");
  const std::vector<uint8_t> jpeg = {0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0};
  EXPECT_EQ(decode_error(jpeg), "not a PNG (bad signature)");
}

TEST(HeightmapPng, TruncatedFilesAreRefused) {
  const std::vector<uint8_t> png = encoded(island_terrain(42));
  const std::vector<Chunk> chunks = chunks_of(png);
  std::vector<std::size_t> cuts = {8,
                                   9,
                                   12,
                                   20,
                                   33,
                                   40,
                                   png.size() / 3,
                                   png.size() / 2,
                                   png.size() - 13,
                                   png.size() - 12,
                                   png.size() - 1};
  for (const Chunk& c : chunks) cuts.insert(cuts.end(), {c.offset, c.offset + 6, c.offset + 10});
  for (std::size_t cut : cuts) {
    if (cut >= png.size()) continue;
    SCOPED_TRACE(cut);
    const std::vector<uint8_t> part(png.begin(), png.begin() + static_cast<std::ptrdiff_t>(cut));
    EXPECT_NE(decode_error(part).find("truncated"), std::string::npos) << decode_error(part);
  }
}

// A PNG of `width` x `height` whose header is otherwise valid (correct CRC), with `idat`.
std::vector<uint8_t> with_header(uint32_t width, uint32_t height,
                                 const std::vector<uint8_t>& rest) {
  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<uint8_t> ihdr;
  put32(ihdr, width);
  put32(ihdr, height);
  ihdr.insert(ihdr.end(), {16, 0, 0, 0, 0});
  const std::vector<uint8_t> header = make_chunk("IHDR", ihdr);
  png.insert(png.end(), header.begin(), header.end());
  png.insert(png.end(), rest.begin(), rest.end());
  return png;
}

TEST(HeightmapPng, SizesOutOfBoundsAreRefusedBeforeAllocating) {
  // The rest of a real file after its header: its image data would not do for these sizes.
  const std::vector<uint8_t> real = encoded(hand_made());
  const std::vector<uint8_t> rest(real.begin() + 33, real.end());
  EXPECT_EQ(decode_error(with_header(20000, 20000, rest)),
            "is 20000 x 20000 pixels; at most 16384 on a side");
  EXPECT_EQ(decode_error(with_header(20000, 5, rest)),
            "is 20000 x 5 pixels; at most 16384 on a side");
  EXPECT_EQ(decode_error(with_header(5, 4294967295u, rest)),
            "is 5 x 4294967295 pixels; at most 16384 on a side");
  EXPECT_EQ(decode_error(with_header(0, 7, rest)), "width 0");
  EXPECT_EQ(decode_error(with_header(13, 0, rest)), "height 0");
  // Within bounds, but far more pixels than its image data could hold.
  EXPECT_NE(decode_error(with_header(16384, 16384, rest)).find("too little image data"),
            std::string::npos);
  // The header itself is fine: 13 x 7 decodes.
  EXPECT_EQ(decode_png_heightmap(with_header(13, 7, rest)).heights.width(), 13);
}

TEST(HeightmapPng, CorruptImageDataIsRefused) {
  const std::vector<uint8_t> png = encoded(island_terrain(42));
  std::size_t idat = 0;
  std::size_t idat_length = 0;
  for (const Chunk& c : chunks_of(png)) {
    if (c.type == "IDAT") {
      idat = c.offset;
      idat_length = c.data.size();
      break;
    }
  }
  ASSERT_GT(idat_length, 100u);
  // A flipped byte with the CRC left as it was: a CRC error.
  std::vector<uint8_t> bad_crc = png;
  bad_crc[idat + 8 + idat_length / 2] ^= 0x5A;
  EXPECT_NE(decode_error(bad_crc).find("libpng: IDAT: CRC error"), std::string::npos)
      << decode_error(bad_crc);
  // Garbage deflate data under a correct CRC: zlib's complaint, through libpng.
  std::vector<uint8_t> garbage = png;
  for (std::size_t k = 2; k < idat_length; k++)
    garbage[idat + 8 + k] = static_cast<uint8_t>(k * 151 + 7);
  fix_crc(garbage, idat);
  const std::string message = decode_error(garbage);
  EXPECT_EQ(message.rfind("corrupt PNG (libpng: ", 0), 0u) << message;
  // A bad zlib header.
  std::vector<uint8_t> bad_zlib = png;
  bad_zlib[idat + 8] = 0x12;
  fix_crc(bad_zlib, idat);
  EXPECT_EQ(decode_error(bad_zlib).rfind("corrupt PNG (libpng: ", 0), 0u) << decode_error(bad_zlib);
}

TEST(HeightmapPng, EveryFlippedByteOrCutOfASmallFileDecodesOrIsRefused) {
  Heightfield field(5, 4);
  for (std::size_t i = 0; i < field.size(); i++) field[i] = static_cast<float>(i * i) - 3.0f;
  const std::vector<uint8_t> png = encoded(field);
  for (std::size_t at = 0; at < png.size(); at++) {
    for (uint8_t flip : {uint8_t{0x01}, uint8_t{0x80}, uint8_t{0xFF}}) {
      std::vector<uint8_t> bytes = png;
      bytes[at] ^= flip;
      try {
        const HeightmapFile file = decode_png_heightmap(bytes);
        EXPECT_EQ(file.heights.size(), static_cast<std::size_t>(file.heights.width()) *
                                           static_cast<std::size_t>(file.heights.height()));
      } catch (const HeightmapError& e) {
        EXPECT_GT(std::strlen(e.what()), 0u);
      }
    }
    const std::vector<uint8_t> part(png.begin(), png.begin() + static_cast<std::ptrdiff_t>(at));
    EXPECT_THROW(decode_png_heightmap(part), HeightmapError) << at;
  }
}

}  // namespace
}  // namespace terrain::io

namespace terrain::io {
namespace {

// The quick RGBA writer of the large renders: stb_image (another decoder) reads back every
// byte, at an odd size, and sizes that disagree are refused.
TEST(PngQuick, RgbaPicturesRoundTripThroughAnotherDecoder) {
  const int w = 333;
  const int h = 217;
  std::vector<uint8_t> rgba(static_cast<std::size_t>(w) * h * 4);
  for (std::size_t k = 0; k < rgba.size(); k++) {
    rgba[k] = static_cast<uint8_t>((k * 2654435761u) >> 13);  // noise: every filter is used
  }
  for (std::size_t k = 3; k < rgba.size(); k += 4 * 7) rgba[k] = 255;
  const std::vector<uint8_t> png = encode_png_rgba_quick(rgba, w, h);
  int dw = 0;
  int dh = 0;
  int channels = 0;
  unsigned char* decoded =
      stbi_load_from_memory(png.data(), static_cast<int>(png.size()), &dw, &dh, &channels, 4);
  ASSERT_NE(decoded, nullptr);
  EXPECT_EQ(dw, w);
  EXPECT_EQ(dh, h);
  EXPECT_EQ(channels, 4);
  EXPECT_EQ(std::memcmp(decoded, rgba.data(), rgba.size()), 0);
  stbi_image_free(decoded);
  EXPECT_THROW(encode_png_rgba_quick(rgba, w + 1, h), std::invalid_argument);
  EXPECT_THROW(encode_png_rgba_quick({}, 0, 0), std::invalid_argument);
}

}  // namespace
}  // namespace terrain::io
