// PNG: what is encoded decodes to the same pixels, RGB gains opaque alpha, and bad input is
// refused with a reason.
#include "io/png.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "io_test_support.h"

namespace terrain::io {
namespace {

// A w x h image whose every byte differs from its neighbours', so a swapped channel, a row
// read bottom-up or a lost column would show.
std::vector<uint8_t> pattern(int w, int h, int channels) {
  std::vector<uint8_t> pixels(static_cast<std::size_t>(w * h * channels));
  for (std::size_t i = 0; i < pixels.size(); i++) pixels[i] = static_cast<uint8_t>(i * 37 + i / 7);
  return pixels;
}

TEST(Png, RgbaPixelsRoundTripExactly) {
  const std::vector<uint8_t> pixels = pattern(7, 5, 4);
  const RgbaImage image = decode_png(encode_png(pixels, 7, 5, PixelFormat::rgba8));
  EXPECT_EQ(image.width, 7);
  EXPECT_EQ(image.height, 5);
  EXPECT_EQ(image.pixels, pixels);
}

TEST(Png, RgbPixelsComeBackAsRgbaWithOpaqueAlpha) {
  const std::vector<uint8_t> rgb = pattern(3, 4, 3);
  const RgbaImage image = decode_png(encode_png(rgb, 3, 4, PixelFormat::rgb8));
  ASSERT_EQ(image.pixels.size(), 3u * 4 * 4);
  for (std::size_t p = 0; p < 12; p++) {
    EXPECT_EQ(image.pixels[p * 4 + 0], rgb[p * 3 + 0]);
    EXPECT_EQ(image.pixels[p * 4 + 1], rgb[p * 3 + 1]);
    EXPECT_EQ(image.pixels[p * 4 + 2], rgb[p * 3 + 2]);
    EXPECT_EQ(image.pixels[p * 4 + 3], 255);
  }
}

TEST(Png, EncodedBytesAreAPngFile) {
  const std::vector<uint8_t> png = encode_png(pattern(2, 2, 4), 2, 2, PixelFormat::rgba8);
  const std::vector<uint8_t> signature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  ASSERT_GT(png.size(), signature.size());
  EXPECT_TRUE(std::equal(signature.begin(), signature.end(), png.begin()));
}

TEST(Png, EncodeRefusesPixelsThatDoNotFitTheSize) {
  EXPECT_THROW(encode_png(pattern(2, 2, 3), 2, 2, PixelFormat::rgba8), std::invalid_argument);
  EXPECT_THROW(encode_png({}, 0, 0, PixelFormat::rgba8), std::invalid_argument);
}

TEST(Png, DecodeRefusesWhatIsNotAPng) {
  const std::vector<uint8_t> junk = {'G', 'I', 'F', '8', '9', 'a', 0, 0, 0, 0};
  EXPECT_THROW(decode_png(junk), std::runtime_error);
  // The signature alone, with the image cut off, is refused by the decoder with its reason.
  std::vector<uint8_t> cut = encode_png(pattern(4, 4, 4), 4, 4, PixelFormat::rgba8);
  cut.resize(20);
  try {
    decode_png(cut);
    FAIL() << "decoded a truncated PNG";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("not a readable PNG: ", 0), 0u) << e.what();
  }
}

// The message decode_png() throws for `bytes`.
std::string png_refusal(const std::vector<uint8_t>& bytes) {
  try {
    decode_png(bytes);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "(decoded)";
}

// Where the first chunk of `type` starts in a PNG (its length field), or npos.
std::size_t chunk_at(const std::vector<uint8_t>& png, const char* type) {
  for (std::size_t at = 8; at + 12 <= png.size();) {
    const uint32_t length = uint32_t{png[at]} << 24 | uint32_t{png[at + 1]} << 16 |
                            uint32_t{png[at + 2]} << 8 | uint32_t{png[at + 3]};
    if (std::equal(type, type + 4, &png[at + 4])) return at;
    at += 12 + length;
  }
  return std::string::npos;
}

TEST(Png, AChunkClaimingMoreThanTheFileHoldsIsRefusedBeforeDecoding) {
  // A 2 GiB chunk in a file of a few hundred bytes must not make the decoder allocate 2 GiB.
  std::vector<uint8_t> png = encode_png(pattern(4, 4, 4), 4, 4, PixelFormat::rgba8);
  const std::size_t idat = chunk_at(png, "IDAT");
  ASSERT_NE(idat, std::string::npos);
  png[idat] = 0x7f;
  png[idat + 1] = 0xff;
  EXPECT_EQ(
      png_refusal(png).rfind(
          "not a readable PNG: its chunk \"IDAT\" at byte " + std::to_string(idat) + " claims ", 0),
      0u)
      << png_refusal(png);
}

TEST(Png, AnEmptyImageDataChunkIsLeftOut) {
  // Legal, rare, and not handled cleanly by the decoder: the image reads as without it.
  const std::vector<uint8_t> pixels = pattern(5, 3, 4);
  std::vector<uint8_t> png = encode_png(pixels, 5, 3, PixelFormat::rgba8);
  const std::size_t idat = chunk_at(png, "IDAT");
  ASSERT_NE(idat, std::string::npos);
  // Length 0, "IDAT", and the CRC-32 of "IDAT".
  const uint8_t empty[12] = {0, 0, 0, 0, 'I', 'D', 'A', 'T', 0x35, 0xAF, 0x06, 0x1E};
  png.insert(png.begin() + static_cast<std::ptrdiff_t>(idat), std::begin(empty), std::end(empty));
  const RgbaImage image = decode_png(png);
  EXPECT_EQ(image.width, 5);
  EXPECT_EQ(image.pixels, pixels);
}

TEST(Png, AHeaderClaimingMoreThan8192By8192PixelsIsRefused) {
  std::vector<uint8_t> png = encode_png(pattern(2, 2, 4), 2, 2, PixelFormat::rgba8);
  const std::size_t header = chunk_at(png, "IHDR");
  ASSERT_EQ(header, 8u);
  // width 65536, height 8192: the CRC no longer matters, the size is refused first.
  png[header + 8] = 0;
  png[header + 9] = 1;
  png[header + 10] = 0;
  png[header + 11] = 0;
  png[header + 12] = 0;
  png[header + 13] = 0;
  png[header + 14] = 0x20;
  png[header + 15] = 0;
  EXPECT_EQ(png_refusal(png),
            "PNG of 65536 x 8192 pixels: allowed are 1 up to 67108864 pixels (8192 x 8192)");
}

TEST(Png, SnapshotFilesAreWrittenOnceAndReadBack) {
  testing::ScratchDir dir;
  const std::vector<uint8_t> pixels = pattern(6, 3, 4);
  write_png(dir / "shot.png", pixels, 6, 3, PixelFormat::rgba8);
  EXPECT_EQ(read_png(dir / "shot.png").pixels, pixels);
  // By default a snapshot never overwrites: the first one stays.
  EXPECT_THROW(write_png(dir / "shot.png", pattern(1, 1, 4), 1, 1, PixelFormat::rgba8),
               std::runtime_error);
  EXPECT_EQ(read_png(dir / "shot.png").width, 6);
  EXPECT_EQ(testing::listing(dir.path()).size(), 1u);
}

}  // namespace
}  // namespace terrain::io
