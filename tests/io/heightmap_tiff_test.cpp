// TIFF heightmaps: real fields round trip bit for bit, libtiff's own TIFFOpen and
// TIFFReadScanline read what is written, foreign files (uint16, int16, float64, tiled and
// big-endian float32) are read, and every bad file is refused with its reason, never a crash
// and never a word on stderr. In real units the TIFF is a GeoTIFF: libgeotiff and libtiff read
// back its pixel scale, tiepoint and keys, and its samples are the heights in metres.
#include "io/heightmap_tiff.h"

#include <geotiffio.h>
#include <geovalues.h>
#include <gtest/gtest.h>
#include <tiffio.h>
#include <xtiffio.h>

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

// The HeightmapError decode_tiff refuses `bytes` with, or "(no error)".
std::string tiff_error(std::span<const uint8_t> bytes) {
  return testing::heightmap_refusal(decode_tiff, bytes);
}

TEST(HeightmapTiff, IslandRoundTripsBitForBit) {
  testing::expect_lossless_round_trip(island_terrain(42), encode_tiff, decode_tiff);
}

TEST(HeightmapTiff, OddSizesAndNegativeHeightsRoundTripBitForBit) {
  for (const auto& [w, h] : {std::pair{37, 23}, std::pair{2, 301}, std::pair{5000, 3}}) {
    testing::expect_lossless_round_trip(testing::sunk(island_terrain(9, {}, w, h)), encode_tiff,
                                        decode_tiff);
  }
  testing::expect_lossless_round_trip(Heightfield(1, 1, -3.25f), encode_tiff, decode_tiff);
}

TEST(HeightmapTiff, LibtiffReadsTheFileByPathAsDeflatedFloat32Strips) {
  testing::ScratchDir dir;
  const Heightfield field = testing::sunk(island_terrain(3, {}, 65, 41));
  testing::write_bytes(dir / "h.tif", encode_tiff(field));
  TIFF* tif = TIFFOpen((dir / "h.tif").c_str(), "r");
  ASSERT_NE(tif, nullptr);
  uint32_t w = 0, h = 0;
  uint16_t spp = 0, bits = 0, format = 0, photometric = 0, compression = 0, planar = 0;
  TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &w);
  TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &h);
  TIFFGetField(tif, TIFFTAG_SAMPLESPERPIXEL, &spp);
  TIFFGetField(tif, TIFFTAG_BITSPERSAMPLE, &bits);
  TIFFGetField(tif, TIFFTAG_SAMPLEFORMAT, &format);
  TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &photometric);
  TIFFGetField(tif, TIFFTAG_COMPRESSION, &compression);
  TIFFGetField(tif, TIFFTAG_PLANARCONFIG, &planar);
  EXPECT_EQ(w, 65u);
  EXPECT_EQ(h, 41u);
  EXPECT_EQ(spp, 1);
  EXPECT_EQ(bits, 32);
  EXPECT_EQ(format, SAMPLEFORMAT_IEEEFP);
  EXPECT_EQ(photometric, PHOTOMETRIC_MINISBLACK);
  EXPECT_EQ(compression, COMPRESSION_ADOBE_DEFLATE);
  EXPECT_EQ(planar, PLANARCONFIG_CONTIG);
  EXPECT_FALSE(TIFFIsTiled(tif));
  std::vector<float> values(65 * 41);
  for (uint32_t y = 0; y < 41; y++) {
    ASSERT_EQ(TIFFReadScanline(tif, values.data() + y * 65, y, 0), 1);
  }
  TIFFClose(tif);
  testing::expect_bit_identical(Heightfield(65, 41, values), field);
}

// A file written by libtiff itself: w x h samples of `bits` and `format`, sample i = value(i),
// in strips or tiles, in byte order `mode` ("w" native, "wb" big-endian).
template <typename T>
std::vector<uint8_t> foreign(const testing::ScratchDir& dir, int w, int h, uint16_t format,
                             bool tiled, T (*value)(int), const char* mode = "w",
                             uint16_t samples = 1) {
  const std::filesystem::path path = dir / "foreign.tif";
  TIFF* tif = TIFFOpen(path.c_str(), mode);
  if (tif == nullptr) throw std::runtime_error("TIFFOpen failed");
  TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, static_cast<uint32_t>(w));
  TIFFSetField(tif, TIFFTAG_IMAGELENGTH, static_cast<uint32_t>(h));
  TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, samples);
  TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, static_cast<uint16_t>(sizeof(T) * 8));
  TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, format);
  TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, samples == 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK);
  TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_LZW);
  std::vector<T> all(static_cast<std::size_t>(w * h * samples));
  for (std::size_t i = 0; i < all.size(); i++) all[i] = value(static_cast<int>(i / samples));
  if (tiled) {
    const uint32_t tw = 16;
    const uint32_t th = 16;
    TIFFSetField(tif, TIFFTAG_TILEWIDTH, tw);
    TIFFSetField(tif, TIFFTAG_TILELENGTH, th);
    std::vector<T> tile(tw * th);
    for (int y0 = 0; y0 < h; y0 += th) {
      for (int x0 = 0; x0 < w; x0 += tw) {
        std::fill(tile.begin(), tile.end(), T{});
        for (int y = y0; y < std::min<int>(h, y0 + th); y++) {
          for (int x = x0; x < std::min<int>(w, x0 + tw); x++) {
            tile[(y - y0) * tw + (x - x0)] = all[static_cast<std::size_t>(y * w + x)];
          }
        }
        TIFFWriteTile(tif, tile.data(), static_cast<uint32_t>(x0), static_cast<uint32_t>(y0), 0, 0);
      }
    }
  } else {
    TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, 3u);
    for (int y = 0; y < h; y++) {
      TIFFWriteScanline(tif, all.data() + static_cast<std::size_t>(y * w * samples),
                        static_cast<uint32_t>(y), 0);
    }
  }
  TIFFClose(tif);
  return testing::bytes_of_file(path);
}

TEST(HeightmapTiff, ForeignUint16IsRawValues) {
  testing::ScratchDir dir;
  const HeightmapFile file = decode_tiff(foreign<uint16_t>(
      dir, 7, 5, SAMPLEFORMAT_UINT, false, [](int i) { return static_cast<uint16_t>(i * 1800); }));
  EXPECT_FALSE(file.own_heights);
  ASSERT_EQ(file.heights.width(), 7);
  ASSERT_EQ(file.heights.height(), 5);
  for (int i = 0; i < 35; i++) EXPECT_EQ(file.heights[i], static_cast<float>(i * 1800));
}

TEST(HeightmapTiff, ForeignInt16IsRawSignedValues) {
  testing::ScratchDir dir;
  const HeightmapFile file =
      decode_tiff(foreign<int16_t>(dir, 6, 4, SAMPLEFORMAT_INT, false,
                                   [](int i) { return static_cast<int16_t>(i * 700 - 9000); }));
  EXPECT_FALSE(file.own_heights);
  for (int i = 0; i < 24; i++) EXPECT_EQ(file.heights[i], static_cast<float>(i * 700 - 9000));
}

TEST(HeightmapTiff, ForeignFloat64IsOwnHeights) {
  testing::ScratchDir dir;
  const HeightmapFile file = decode_tiff(foreign<double>(dir, 5, 9, SAMPLEFORMAT_IEEEFP, false,
                                                         [](int i) { return i * 0.125 - 2.0; }));
  EXPECT_TRUE(file.own_heights);
  for (int i = 0; i < 45; i++) EXPECT_EQ(file.heights[i], static_cast<float>(i * 0.125 - 2.0));
}

TEST(HeightmapTiff, ForeignTiledFloat32IsRead) {
  testing::ScratchDir dir;
  for (const char* mode : {"w", "wb"}) {  // little- and big-endian
    SCOPED_TRACE(mode);
    const HeightmapFile file = decode_tiff(foreign<float>(
        dir, 37, 20, SAMPLEFORMAT_IEEEFP, true, [](int i) { return static_cast<float>(i) - 0.5f; },
        mode));
    EXPECT_TRUE(file.own_heights);
    ASSERT_EQ(file.heights.width(), 37);
    ASSERT_EQ(file.heights.height(), 20);
    for (int i = 0; i < 37 * 20; i++) EXPECT_EQ(file.heights[i], static_cast<float>(i) - 0.5f);
  }
}

TEST(HeightmapTiff, RgbIsRefusedWithItsSampleCount) {
  testing::ScratchDir dir;
  const std::vector<uint8_t> rgb = foreign<uint8_t>(
      dir, 4, 4, SAMPLEFORMAT_UINT, false, [](int i) { return static_cast<uint8_t>(i); }, "w", 3);
  EXPECT_EQ(tiff_error(rgb), "3 samples per pixel; a heightmap has 1");
}

TEST(HeightmapTiff, NonFiniteHeightsAreRefusedWritingAndReading) {
  Heightfield field(3, 2, 1.0f);
  field.at(2, 1) = std::numeric_limits<float>::quiet_NaN();
  EXPECT_THROW(encode_tiff(field), HeightmapError);
  testing::ScratchDir dir;
  EXPECT_EQ(tiff_error(foreign<float>(
                dir, 4, 3, SAMPLEFORMAT_IEEEFP, false,
                [](int i) { return i == 7 ? std::numeric_limits<float>::infinity() : 1.0f; })),
            "a height is not finite (NaN or infinity)");
  EXPECT_EQ(tiff_error(foreign<double>(
                dir, 4, 3, SAMPLEFORMAT_IEEEFP, true,
                [](int i) { return i == 11 ? std::numeric_limits<double>::quiet_NaN() : 1.0; })),
            "a height is not finite (NaN or infinity)");
}

TEST(HeightmapTiff, NotATiffFile) {
  EXPECT_EQ(tiff_error({}), "not a TIFF file (no bytes)");
  const std::vector<uint8_t> few = {'I', 'I'};
  EXPECT_EQ(tiff_error(few), "not a TIFF file");
  std::vector<uint8_t> wrong = encode_tiff(Heightfield(4, 4, 1.0f));
  wrong[2] = 41;
  EXPECT_EQ(tiff_error(wrong), "not a TIFF file");
  const std::vector<uint8_t> header_only = {'I', 'I', 42, 0};
  EXPECT_TRUE(tiff_error(header_only).starts_with("truncated")) << tiff_error(header_only);
}

TEST(HeightmapTiff, TruncatedFilesAreRefusedAtEveryCut) {
  const std::vector<uint8_t> whole = encode_tiff(island_terrain(5, {}, 40, 50));
  for (std::size_t cut = 0; cut < whole.size(); cut += 5) {
    const std::string error = tiff_error(std::span<const uint8_t>(whole).first(cut));
    EXPECT_NE(error, "(no error)") << cut;
  }
  const std::string error = tiff_error(std::span<const uint8_t>(whole).first(whole.size() / 2));
  EXPECT_TRUE(error.starts_with("truncated") || error.starts_with("libtiff: ")) << error;
}

// Sets the value of IFD entry `tag` (SHORT or LONG) in a little-endian classic TIFF.
void patch_tag(std::vector<uint8_t>& file, uint16_t tag, uint32_t value) {
  uint32_t ifd = 0;
  std::memcpy(&ifd, file.data() + 4, 4);
  uint16_t count = 0;
  std::memcpy(&count, file.data() + ifd, 2);
  for (uint16_t e = 0; e < count; e++) {
    uint8_t* entry = file.data() + ifd + 2 + 12 * e;
    uint16_t t = 0;
    uint16_t type = 0;
    std::memcpy(&t, entry, 2);
    std::memcpy(&type, entry + 2, 2);
    if (t != tag) continue;
    if (type == TIFF_SHORT) {
      const uint16_t v = static_cast<uint16_t>(value);
      std::memcpy(entry + 8, &v, 2);
    } else {
      std::memcpy(entry + 8, &value, 4);
    }
    return;
  }
  throw std::runtime_error("no such tag");
}

TEST(HeightmapTiff, HugeHeadersAreRefusedBeforeAllocating) {
  std::vector<uint8_t> file = encode_tiff(Heightfield(3, 3, 0.5f));
  patch_tag(file, TIFFTAG_IMAGEWIDTH, 20000);
  patch_tag(file, TIFFTAG_IMAGELENGTH, 20000);
  EXPECT_EQ(tiff_error(file), "20000 x 20000 is larger than a heightmap may be (16384 on a side)");
  // Within the limit, over a few bytes: fails on reading, without a whole field's memory.
  patch_tag(file, TIFFTAG_IMAGEWIDTH, 16384);
  patch_tag(file, TIFFTAG_IMAGELENGTH, 16384);
  EXPECT_NE(tiff_error(file), "(no error)");
}

TEST(HeightmapTiff, HugeTilesAreRefusedBeforeAllocating) {
  testing::ScratchDir dir;
  std::vector<uint8_t> file = foreign<float>(dir, 37, 20, SAMPLEFORMAT_IEEEFP, true,
                                             [](int i) { return static_cast<float>(i); });
  patch_tag(file, TIFFTAG_TILEWIDTH, 8192);
  patch_tag(file, TIFFTAG_TILELENGTH, 8192);
  EXPECT_EQ(tiff_error(file), "tiles of 8192 x 8192 are larger than a heightmap needs");
}

TEST(HeightmapTiff, UnsupportedSamplesAreNamed) {
  std::vector<uint8_t> file = encode_tiff(Heightfield(3, 3, 0.5f));
  patch_tag(file, TIFFTAG_BITSPERSAMPLE, 16);
  EXPECT_EQ(tiff_error(file),
            "16-bit float samples are not supported (float32/64, int8/16/32, uint8/16/32 are)");
}

// --- Real units: the GeoTIFF -------------------------------------------------------------------

struct GeoTags {
  std::vector<double> pixel_scale;
  std::vector<double> tiepoint;
  int model_type = -1;
  int raster_type = -1;
  int linear_units = -1;
  int vertical_units = -1;
  std::string citation;
};

// The GeoTIFF tags and keys of the file at `path`, read with libgeotiff's own opening (which
// registers the tags with libtiff).
GeoTags geo_tags(const std::filesystem::path& path) {
  GeoTags tags;
  TIFF* tif = XTIFFOpen(path.c_str(), "r");
  EXPECT_NE(tif, nullptr);
  if (tif == nullptr) return tags;
  uint16_t count = 0;
  double* values = nullptr;
  if (TIFFGetField(tif, TIFFTAG_GEOPIXELSCALE, &count, &values) == 1) {
    tags.pixel_scale.assign(values, values + count);
  }
  if (TIFFGetField(tif, TIFFTAG_GEOTIEPOINTS, &count, &values) == 1) {
    tags.tiepoint.assign(values, values + count);
  }
  GTIF* keys = GTIFNew(tif);
  EXPECT_NE(keys, nullptr);
  if (keys != nullptr) {
    const auto key = [&](geokey_t id) {
      unsigned short value = 0;
      return GTIFKeyGet(keys, id, &value, 0, 1) == 1 ? int{value} : -1;
    };
    tags.model_type = key(GTModelTypeGeoKey);
    tags.raster_type = key(GTRasterTypeGeoKey);
    tags.linear_units = key(ProjLinearUnitsGeoKey);
    tags.vertical_units = key(VerticalUnitsGeoKey);
    char citation[256] = {};
    if (GTIFKeyGet(keys, GTCitationGeoKey, citation, 0, sizeof citation - 1) > 0) {
      tags.citation = citation;
    }
    GTIFFree(keys);
  }
  XTIFFClose(tif);
  return tags;
}

TEST(HeightmapTiff, InRealUnitsItIsAGeoTiffOfTheCellSizeWithHeightsInMetres) {
  testing::ScratchDir dir;
  const Heightfield field = island_terrain(42);
  const RealUnits units{30, 1200};
  const std::vector<uint8_t> bytes = encode_heightmap(field, HeightmapFormat::tiff, units);
  testing::write_bytes(dir / "geo.tif", bytes);
  const GeoTags tags = geo_tags(dir / "geo.tif");
  EXPECT_EQ(tags.pixel_scale, (std::vector<double>{30, 30, 0}));
  // Raster (0, 0) is the top-left corner at (0, 180 x 30 m): y runs north from the south edge.
  EXPECT_EQ(tags.tiepoint, (std::vector<double>{0, 0, 0, 0, 5400, 0}));
  EXPECT_EQ(tags.model_type, KvUserDefined);
  EXPECT_EQ(tags.raster_type, RasterPixelIsArea);
  EXPECT_EQ(tags.linear_units, Linear_Meter);
  EXPECT_EQ(tags.vertical_units, Linear_Meter);
  EXPECT_NE(tags.citation.find("local grid in metres"), std::string::npos) << tags.citation;
  // The samples, as libtiff reads them through our reader, are the heights in metres.
  const HeightmapFile back = decode_tiff(bytes);
  ASSERT_EQ(back.heights.width(), 320);
  for (std::size_t i = 0; i < field.size(); i++) {
    ASSERT_EQ(back.heights[i], static_cast<float>(static_cast<double>(field[i]) * 1200)) << i;
  }
}

TEST(HeightmapTiff, WithoutRealUnitsEveryFormatIsAsBeforeAndOnlyTheFloatOnesChangeWithThem) {
  testing::ScratchDir dir;
  const Heightfield field = island_terrain(3, {}, 64, 40);
  const RealUnits units{12.5, 300};
  // No units: the plain encoders' bytes, and no GeoTIFF tags.
  EXPECT_EQ(encode_heightmap(field, HeightmapFormat::tiff), encode_tiff(field));
  EXPECT_EQ(encode_heightmap(field, HeightmapFormat::tiff, RealUnits{}), encode_tiff(field));
  testing::write_bytes(dir / "plain.tif", encode_tiff(field));
  const GeoTags plain = geo_tags(dir / "plain.tif");
  EXPECT_TRUE(plain.pixel_scale.empty());
  EXPECT_EQ(plain.model_type, -1);
  // The 16-bit formats are relative to the range: the same with units.
  for (const HeightmapFormat f : {HeightmapFormat::png, HeightmapFormat::r16}) {
    EXPECT_EQ(encode_heightmap(field, f, units), encode_heightmap(field, f));
  }
  // The EXR and the .npy hold the heights in metres.
  for (const HeightmapFormat f : {HeightmapFormat::exr, HeightmapFormat::npy}) {
    const HeightmapFile back = decode_heightmap(encode_heightmap(field, f, units), f);
    for (std::size_t i = 0; i < field.size(); i++) {
      ASSERT_EQ(back.heights[i], static_cast<float>(static_cast<double>(field[i]) * 300)) << i;
    }
  }
  // Units out of range, or one without the other, are refused.
  for (const RealUnits bad : {RealUnits{0, 300}, RealUnits{12.5, 0}, RealUnits{-1, 300},
                              RealUnits{1e6, 300}, RealUnits{12.5, std::nan("")}}) {
    EXPECT_THROW(encode_heightmap(field, HeightmapFormat::tiff, bad), HeightmapError);
  }
}

}  // namespace
}  // namespace terrain::io
