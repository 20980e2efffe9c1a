// PNG: what is encoded decodes to the same pixels, RGB gains opaque alpha, and bad input is
// refused with a reason.
#include "io/png.h"

#include <gtest/gtest.h>

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
