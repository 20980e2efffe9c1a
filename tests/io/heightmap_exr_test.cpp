// OpenEXR heightmaps: real fields round trip bit for bit, OpenEXR itself reads what is written
// (by path, its own file stream), foreign files (HALF RGB, UINT, tiled) are read, and every bad
// file is refused with its reason, never a crash.
#include "io/heightmap_exr.h"

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfInputFile.h>
#include <ImfOutputFile.h>
#include <ImfRgbaFile.h>
#include <ImfTiledOutputFile.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/island.h"
#include "io_test_support.h"
#include "lossless_heightmap.h"

namespace terrain::io {
namespace {

// The HeightmapError decode_exr refuses `bytes` with, or "(no error)".
std::string exr_error(std::span<const uint8_t> bytes) {
  return testing::heightmap_refusal(decode_exr, bytes);
}

TEST(HeightmapExr, IslandRoundTripsBitForBit) {
  const Heightfield island = island_terrain(42);
  ASSERT_EQ(island.width(), 320);
  ASSERT_EQ(island.height(), 180);
  testing::expect_lossless_round_trip(island, encode_exr, decode_exr);
}

TEST(HeightmapExr, OddSizesAndNegativeHeightsRoundTripBitForBit) {
  for (const auto& [w, h] : {std::pair{37, 23}, std::pair{2, 301}, std::pair{333, 3}}) {
    testing::expect_lossless_round_trip(testing::sunk(island_terrain(7, {}, w, h)), encode_exr,
                                        decode_exr);
  }
}

TEST(HeightmapExr, OnePixelRoundTrips) {
  testing::expect_lossless_round_trip(Heightfield(1, 1, -3.25f), encode_exr, decode_exr);
}

TEST(HeightmapExr, OpenExrReadsTheFileByPathAsOneZipFloatChannelY) {
  testing::ScratchDir dir;
  const Heightfield field = testing::sunk(island_terrain(3, {}, 65, 41));
  testing::write_bytes(dir / "h.exr", encode_exr(field));
  Imf::InputFile file((dir / "h.exr").c_str());
  const Imf::Header& header = file.header();
  EXPECT_EQ(header.compression(), Imf::ZIP_COMPRESSION);
  EXPECT_TRUE(file.isComplete());
  int channels = 0;
  for (auto c = header.channels().begin(); c != header.channels().end(); ++c) {
    channels++;
    EXPECT_STREQ(c.name(), "Y");
    EXPECT_EQ(c.channel().type, Imf::FLOAT);
  }
  EXPECT_EQ(channels, 1);
  const Imath::Box2i window = header.dataWindow();
  ASSERT_EQ(window.min.x, 0);
  ASSERT_EQ(window.min.y, 0);
  ASSERT_EQ(window.max.x, 64);
  ASSERT_EQ(window.max.y, 40);
  std::vector<float> values(field.size());
  Imf::FrameBuffer frame;
  frame.insert("Y", Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(values.data()), sizeof(float),
                               sizeof(float) * 65));
  file.setFrameBuffer(frame);
  file.readPixels(0, 40);
  testing::expect_bit_identical(Heightfield(65, 41, values), field);
}

TEST(HeightmapExr, ForeignHalfRgbIsReadThroughItsRedChannel) {
  testing::ScratchDir dir;
  const int w = 9;
  const int h = 6;
  std::vector<Imf::Rgba> pixels(w * h);
  for (int i = 0; i < w * h; i++) {
    pixels[i] = Imf::Rgba(half(static_cast<float>(i) * 0.25f - 3.0f), half(7.0f), half(-9.0f));
  }
  {
    Imf::RgbaOutputFile out((dir / "rgb.exr").c_str(), w, h, Imf::WRITE_RGB);
    out.setFrameBuffer(pixels.data(), 1, w);
    out.writePixels(h);
  }
  const HeightmapFile file = decode_exr(testing::bytes_of_file(dir / "rgb.exr"));
  ASSERT_EQ(file.heights.width(), w);
  ASSERT_EQ(file.heights.height(), h);
  EXPECT_TRUE(file.own_heights);
  for (int i = 0; i < w * h; i++) {
    EXPECT_EQ(file.heights[static_cast<std::size_t>(i)], static_cast<float>(i) * 0.25f - 3.0f);
  }
}

// A file of one channel named `name` of `type`, w x h, value i at pixel i, offset window.
std::vector<uint8_t> one_channel_file(const testing::ScratchDir& dir, const char* name,
                                      Imf::PixelType type, int w, int h, bool tiled) {
  const std::filesystem::path path = dir / "one.exr";
  Imath::Box2i window(Imath::V2i(-5, 10), Imath::V2i(-5 + w - 1, 10 + h - 1));
  Imf::Header header(window, window);
  header.channels().insert(name, Imf::Channel(type));
  std::vector<uint32_t> uints(static_cast<std::size_t>(w * h));
  std::vector<float> floats(uints.size());
  for (std::size_t i = 0; i < uints.size(); i++) {
    uints[i] = static_cast<uint32_t>(i);
    floats[i] = static_cast<float>(i);
  }
  Imf::FrameBuffer frame;
  if (type == Imf::UINT) {
    frame.insert(name, Imf::Slice::Make(Imf::UINT, uints.data(), window));
  } else {
    frame.insert(name, Imf::Slice::Make(Imf::FLOAT, floats.data(), window));
  }
  if (tiled) {
    header.setTileDescription(Imf::TileDescription(4, 3, Imf::ONE_LEVEL));
    Imf::TiledOutputFile out(path.c_str(), header);
    out.setFrameBuffer(frame);
    out.writeTiles(0, out.numXTiles() - 1, 0, out.numYTiles() - 1);
  } else {
    Imf::OutputFile out(path.c_str(), header);
    out.setFrameBuffer(frame);
    out.writePixels(h);
  }
  return testing::bytes_of_file(path);
}

// one_channel_file's heights read back: w x h, each cell its index.
void expect_read_back(const char* name, Imf::PixelType type, int w, int h, bool tiled) {
  testing::ScratchDir dir;
  const HeightmapFile file = decode_exr(one_channel_file(dir, name, type, w, h, tiled));
  ASSERT_EQ(file.heights.width(), w);
  ASSERT_EQ(file.heights.height(), h);
  for (std::size_t i = 0; i < file.heights.size(); i++) {
    EXPECT_EQ(file.heights[i], static_cast<float>(i));
  }
}

TEST(HeightmapExr, ForeignUintChannelIsTheFirstChannelConverted) {
  expect_read_back("height", Imf::UINT, 5, 4, false);
}

TEST(HeightmapExr, ForeignTiledFileIsRead) {
  expect_read_back("Y", Imf::FLOAT, 11, 7, true);
}

TEST(HeightmapExr, NonFiniteHeightsAreRefusedWritingAndReading) {
  Heightfield field(3, 2, 1.0f);
  field.at(1, 1) = std::numeric_limits<float>::quiet_NaN();
  EXPECT_THROW(encode_exr(field), HeightmapError);
  field.at(1, 1) = std::numeric_limits<float>::infinity();
  EXPECT_THROW(encode_exr(field), HeightmapError);

  testing::ScratchDir dir;
  for (float bad :
       {std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::infinity()}) {
    std::vector<float> values(6, 2.0f);
    values[4] = bad;
    Imf::Header header(3, 2);
    header.channels().insert("Y", Imf::Channel(Imf::FLOAT));
    {
      Imf::OutputFile out((dir / "nan.exr").c_str(), header);
      Imf::FrameBuffer frame;
      frame.insert("Y", Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(values.data()), 4, 12));
      out.setFrameBuffer(frame);
      out.writePixels(2);
    }
    EXPECT_EQ(exr_error(testing::bytes_of_file(dir / "nan.exr")),
              "a height is not finite (NaN or infinity)");
  }
}

TEST(HeightmapExr, NotAnExrFile) {
  EXPECT_EQ(exr_error({}), "not an OpenEXR file (no bytes)");
  const std::vector<uint8_t> few = {0x76, 0x2f};
  EXPECT_EQ(exr_error(few), "not an OpenEXR file");
  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 0};
  EXPECT_EQ(exr_error(png), "not an OpenEXR file");
  std::vector<uint8_t> wrong = encode_exr(Heightfield(4, 4, 1.0f));
  wrong[0] ^= 0xFF;
  EXPECT_EQ(exr_error(wrong), "not an OpenEXR file");
}

TEST(HeightmapExr, TruncatedFilesAreRefusedAtEveryCut) {
  const std::vector<uint8_t> whole = encode_exr(island_terrain(5, {}, 40, 50));
  for (std::size_t cut :
       {std::size_t{4}, std::size_t{8}, std::size_t{20}, std::size_t{100}, std::size_t{300},
        whole.size() / 2, whole.size() - 10, whole.size() - 1}) {
    SCOPED_TRACE(cut);
    const std::string error =
        exr_error(std::span<const uint8_t>(whole).first(std::min(cut, whole.size())));
    EXPECT_NE(error, "(no error)");
    EXPECT_TRUE(error.starts_with("truncated") || error.starts_with("OpenEXR: ")) << error;
  }
  // Every cut whatsoever fails cleanly (never a crash).
  for (std::size_t cut = 0; cut < whole.size(); cut += 7) {
    EXPECT_NE(exr_error(std::span<const uint8_t>(whole).first(cut)), "(no error)") << cut;
  }
}

// The offset of the data window's box2i values (4 little-endian ints) in `file`.
std::size_t data_window_at(const std::vector<uint8_t>& file) {
  const std::string key("dataWindow\0box2i\0", 17);
  const std::string text(file.begin(), file.end());
  const std::size_t at = text.find(key);
  if (at == std::string::npos) throw std::runtime_error("no dataWindow");
  return at + key.size() + 4;  // after the attribute's size
}

void put_int(std::vector<uint8_t>& file, std::size_t at, int32_t v) {
  std::memcpy(file.data() + at, &v, 4);
}

TEST(HeightmapExr, HugeOrEmptyDataWindowsAreRefusedBeforeAllocating) {
  std::vector<uint8_t> file = encode_exr(Heightfield(3, 3, 0.5f));
  const std::size_t window = data_window_at(file);
  put_int(file, window + 8, 19999);   // max.x
  put_int(file, window + 12, 19999);  // max.y
  EXPECT_EQ(exr_error(file), "20000 x 20000 is larger than a heightmap may be (16384 on a side)");

  // Within the limit but far more than the bytes hold: refused by the chunk table's size.
  put_int(file, window + 8, 16383);
  put_int(file, window + 12, 16383);
  EXPECT_TRUE(exr_error(file).starts_with("truncated: 16384 x 16384")) << exr_error(file);

  put_int(file, window + 8, -1);
  put_int(file, window + 12, 2);
  EXPECT_EQ(exr_error(file), "the data window is empty");
  put_int(file, window + 8, 2147483647);
  put_int(file, window + 0, -2147483647 - 1);
  EXPECT_TRUE(exr_error(file).find("larger than a heightmap may be") != std::string::npos);
}

// one_channel_file's tiled file claiming a data window of 16384 x `height` (its tiles as they
// are).
std::vector<uint8_t> tiled_file_claiming(int height) {
  testing::ScratchDir dir;
  std::vector<uint8_t> file = one_channel_file(dir, "Y", Imf::FLOAT, 11, 7, true);
  const std::size_t window = data_window_at(file);
  put_int(file, window + 0, 0);
  put_int(file, window + 4, 0);
  put_int(file, window + 8, 16383);
  put_int(file, window + 12, height - 1);
  return file;
}

TEST(HeightmapExr, TiledFileClaimingMillionsOfTilesIsRefusedBeforeAllocating) {
  const std::vector<uint8_t> file = tiled_file_claiming(16384);
  EXPECT_TRUE(exr_error(file).starts_with("truncated: 16384 x 16384 needs a table of 22372352"))
      << exr_error(file);
}

// The offset of attribute `name`'s 4-byte size in `file`.
std::size_t attribute_size_at(const std::vector<uint8_t>& file, const std::string& name_and_type) {
  const std::string text(file.begin(), file.end());
  const std::size_t at = text.find(name_and_type);
  if (at == std::string::npos) throw std::runtime_error("no such attribute");
  return at + name_and_type.size();
}

TEST(HeightmapExr, AnAttributeLongerThanTheFileIsRefusedBeforeOpenExrAllocatesIt) {
  // An attribute of a type OpenEXR does not know (kept as opaque bytes, as many as its size
  // says), claiming 1.5 GiB.
  std::vector<uint8_t> file = encode_exr(Heightfield(3, 3, 0.5f));
  const std::size_t size_at = attribute_size_at(file, std::string("pixelAspectRatio\0float\0", 23));
  std::memcpy(file.data() + size_at - 6, "flout", 5);
  put_int(file, size_at, 0x60000000);
  EXPECT_TRUE(exr_error(file).starts_with("truncated: an attribute of 1610612736 bytes where "))
      << exr_error(file);

  // A preview image of 4096 x 4096 in a few bytes.
  std::vector<uint8_t> preview = encode_exr(Heightfield(3, 3, 0.5f));
  const std::string key("pixelAspectRatio\0float\0", 23);
  const std::size_t at = attribute_size_at(preview, key) - key.size();
  std::vector<uint8_t> attribute = {'p', 'v', 0, 'p', 'r', 'e', 'v', 'i', 'e', 'w', 0, 8,
                                    0,   0,   0, 0,   16,  0,   0,   0,   16,  0,   0};
  preview.insert(preview.begin() + static_cast<std::ptrdiff_t>(at), attribute.begin(),
                 attribute.end());
  EXPECT_EQ(exr_error(preview), "truncated (in a preview image)");
}

TEST(HeightmapExr, TilesTooLargeForAHeightmapAreRefused) {
  std::vector<uint8_t> file = tiled_file_claiming(16);
  const std::size_t tiles = attribute_size_at(file, std::string("tiles\0tiledesc\0", 15)) + 4;
  put_int(file, tiles + 0, 16384);
  put_int(file, tiles + 4, 16384);
  EXPECT_EQ(exr_error(file),
            "chunks of 1024 MiB (4 bytes a pixel over all channels) are more than a heightmap "
            "needs");
}

}  // namespace
}  // namespace terrain::io
