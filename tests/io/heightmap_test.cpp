// Heightmaps in and out (io/heightmap.h), through every format: the extensions, the 16-bit
// quantization the PNG and the R16 share, R16's bytes, .npy grids of every dtype read, and the
// files: each format written and read back (the PNG within half a step of its range, the
// floats exactly), never over an existing file, and every bad file named in its message.
#include "io/heightmap.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "core/island.h"
#include "error_of.h"
#include "io/npy.h"
#include "io_test_support.h"

namespace terrain::io {
namespace {

namespace fs = std::filesystem;

using TempDir = testing::ScratchDir;

std::string heightmap_error(const std::function<void()>& f) {
  return testing::error_of(f);
}

Heightfield ramp(int w, int h, float lo, float hi) {
  Heightfield f(w, h);
  for (int i = 0; i < w * h; i++) {
    f.data()[i] = lo + (hi - lo) * static_cast<float>(i) / static_cast<float>(w * h - 1);
  }
  return f;
}

TEST(Heightmap, FormatsAreChosenByTheExtensionInAnyCase) {
  EXPECT_EQ(heightmap_format_for("a/b.png"), HeightmapFormat::png);
  EXPECT_EQ(heightmap_format_for("B.PNG"), HeightmapFormat::png);
  EXPECT_EQ(heightmap_format_for("x.r16"), HeightmapFormat::r16);
  EXPECT_EQ(heightmap_format_for("x.exr"), HeightmapFormat::exr);
  EXPECT_EQ(heightmap_format_for("x.tif"), HeightmapFormat::tiff);
  EXPECT_EQ(heightmap_format_for("x.TIFF"), HeightmapFormat::tiff);
  EXPECT_EQ(heightmap_format_for("x.npy"), HeightmapFormat::npy);
  EXPECT_FALSE(heightmap_format_for("x.jpg"));
  EXPECT_FALSE(heightmap_format_for("png"));
}

TEST(Heightmap, QuantizeMapsTheFieldsOwnRangeOntoSixteenBits) {
  const Heightfield f = ramp(7, 5, -0.25f, 1.75f);
  const Quantized16 q = quantize16(f);
  EXPECT_EQ(q.min, -0.25f);
  EXPECT_EQ(q.max, 1.75f);
  EXPECT_EQ(q.values.front(), 0);
  EXPECT_EQ(q.values.back(), 65535);
  for (std::size_t i = 0; i < f.size(); i++) {
    const double t = (double(f.data()[i]) - q.min) / (double(q.max) - q.min);
    EXPECT_EQ(q.values[i], static_cast<uint16_t>(std::lround(t * 65535))) << i;
    // Back to within half a step of the range.
    const double back = q.min + q.values[i] / 65535.0 * (double(q.max) - q.min);
    EXPECT_LE(std::abs(back - f.data()[i]), (double(q.max) - q.min) / 65535 / 2 + 1e-7);
  }
  const Quantized16 flat = quantize16(Heightfield(4, 4, 0.3f));
  EXPECT_EQ(flat.min, 0.3f);
  EXPECT_EQ(flat.max, 0.3f);
  for (uint16_t v : flat.values) EXPECT_EQ(v, 0);
  Heightfield bad(3, 3, 0.5f);
  bad.data()[4] = NAN;
  EXPECT_EQ(heightmap_error([&] { quantize16(bad); }),
            "the height at column 1, row 1 is not finite");
}

TEST(Heightmap, R16IsTheQuantizedValuesAsLittleEndianWordsRowZeroFirst) {
  const Heightfield f = island_terrain(7);
  const Quantized16 q = quantize16(f);
  const std::vector<uint8_t> bytes = encode_heightmap(f, HeightmapFormat::r16);
  ASSERT_EQ(bytes.size(), f.size() * 2);
  for (std::size_t i = 0; i < f.size(); i++) {
    EXPECT_EQ(bytes[2 * i] | bytes[2 * i + 1] << 8, q.values[i]) << i;
  }
  EXPECT_NE(heightmap_error([&] {
              decode_heightmap(bytes, HeightmapFormat::r16);
            }).find("written, not read"),
            std::string::npos);
}

TEST(Heightmap, NpyGridsOfEveryDtypeReadAsHeights) {
  const Heightfield f = ramp(6, 4, -2, 3);
  const std::vector<uint8_t> bytes = encode_heightmap(f, HeightmapFormat::npy);
  const HeightmapFile back = decode_heightmap(bytes, HeightmapFormat::npy);
  EXPECT_TRUE(back.own_heights);
  ASSERT_EQ(back.heights.width(), 6);
  ASSERT_EQ(back.heights.height(), 4);
  EXPECT_EQ(std::memcmp(back.heights.data(), f.data(), f.size() * 4), 0);
  // Integers come in as their raw values, for the import to scale.
  const std::vector<uint8_t> cells = {0, 10, 200, 255, 7, 9};
  const std::vector<std::byte> u8 = encode_npy(std::span<const uint8_t>(cells), 2, 3);
  const HeightmapFile raw = decode_heightmap(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(u8.data()), u8.size()),
      HeightmapFormat::npy);
  EXPECT_FALSE(raw.own_heights);
  EXPECT_EQ(raw.heights.at(2, 0), 200);
  EXPECT_EQ(raw.heights.at(2, 1), 9);
}

TEST(Heightmap, EveryFormatIsWrittenWholeAndReadBackAtItsHeights) {
  const TempDir dir;
  const Heightfield f = island_terrain(3);
  const Quantized16 q = quantize16(f);
  const double step = (double(q.max) - q.min) / 65535;
  for (const std::string ext : {".png", ".exr", ".tif", ".npy"}) {
    SCOPED_TRACE(ext);
    const fs::path path = dir.path() / ("h" + ext);
    write_heightmap(path, f);
    const HeightmapFile back = read_heightmap(path);
    EXPECT_TRUE(back.own_heights);
    ASSERT_EQ(back.heights.width(), f.width());
    ASSERT_EQ(back.heights.height(), f.height());
    for (std::size_t i = 0; i < f.size(); i++) {
      if (ext == ".png") {
        ASSERT_LE(std::abs(double(back.heights.data()[i]) - f.data()[i]), step / 2 + 1e-6) << i;
      } else {
        ASSERT_EQ(back.heights.data()[i], f.data()[i]) << i;
      }
    }
    // Never over an existing file, unless asked to replace it.
    EXPECT_THROW(write_heightmap(path, Heightfield(4, 4, 1)), std::runtime_error);
    EXPECT_EQ(read_heightmap(path).heights.width(), f.width());
    write_heightmap(path, Heightfield(4, 4, 1), true);
    EXPECT_EQ(read_heightmap(path).heights.width(), 4);
  }
  const fs::path r16 = dir.path() / "h.r16";
  write_heightmap(r16, f);
  EXPECT_EQ(fs::file_size(r16), f.size() * 2);
}

TEST(Heightmap, BadFilesAreNamedWithWhatIsWrong) {
  const TempDir dir;
  const fs::path jpg = dir.path() / "x.jpg";
  EXPECT_EQ(heightmap_error([&] { write_heightmap(jpg, Heightfield(2, 2)); }),
            jpg.string() +
                ": the extension names no heightmap format (.png, .r16, .exr, .tif "
                "or .npy)");
  EXPECT_FALSE(fs::exists(jpg));
  const fs::path missing = dir.path() / "missing.png";
  EXPECT_EQ(heightmap_error([&] {
              read_heightmap(missing);
            }).rfind(missing.string() + ": No such file or directory", 0),
            0u);
  for (const std::string ext : {".png", ".exr", ".tif", ".npy"}) {
    const fs::path empty = dir.path() / ("empty" + ext);
    std::ofstream(empty).close();
    EXPECT_EQ(heightmap_error([&] { read_heightmap(empty); }),
              empty.string() + ": the file is empty");
    const fs::path junk = dir.path() / ("junk" + ext);
    std::ofstream(junk) << "this is not a heightmap at all, just some words";
    const std::string message = heightmap_error([&] { read_heightmap(junk); });
    EXPECT_EQ(message.rfind(junk.string() + ": ", 0), 0u) << message;
  }
  EXPECT_EQ(heightmap_error([&] { read_heightmap(dir.path()); }).find("extension"),
            dir.path().string().size() + 6);
}

}  // namespace
}  // namespace terrain::io
