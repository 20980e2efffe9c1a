// terrain-cli --preset, end to end through the built program: each engine's heightmap at its
// size and in its format, read back by GDAL (the program GIS users open them in; Debian's GDAL
// has no EXR driver, so the EXR files are read back through OpenEXR), with a JSON sidecar whose
// size, cells, range and import scales match the file; and every misuse refused before any work.
#include <gtest/gtest.h>
#include <stdio.h>  // popen, pclose

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/ground_fit.h"
#include "io/heightmap.h"
#include "io/npy.h"
#include "io_test_support.h"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;

class CliPreset : public testing::CliTest {};

// gdalinfo -json -mm of `file` (-mm: the band's minimum and maximum, computed, no .aux.xml).
// Its stderr is let go: for the GeoTIFF's local grid in metres (an engineering CRS, no datum)
// -json's WGS84 extent makes PROJ say "CRS has no geodetic CRS", which plain gdalinfo does not.
nlohmann::ordered_json gdalinfo(const fs::path& file) {
  const std::string command =
      "gdalinfo -json -mm " + testing::shell_quoted(file.string()) + " 2>/dev/null";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run gdalinfo");
  std::string text;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
  if (::pclose(pipe) != 0) throw std::runtime_error("gdalinfo failed: " + text);
  try {
    return nlohmann::ordered_json::parse(text);
  } catch (const nlohmann::json::exception&) {
    throw std::runtime_error("gdalinfo's output is not JSON: " + text);
  }
}

// A VRT that reads a 16-bit little-endian RAW file of w x h, as an engine's RAW import does.
fs::path raw_vrt(const fs::path& raw, int w, int h) {
  fs::path vrt = raw;
  vrt += ".vrt";
  std::ofstream(vrt) << "<VRTDataset rasterXSize=\"" << w << "\" rasterYSize=\"" << h << "\">\n"
                     << "  <VRTRasterBand dataType=\"UInt16\" band=\"1\" "
                        "subClass=\"VRTRawRasterBand\">\n"
                     << "    <SourceFilename relativetoVRT=\"0\">" << raw.string()
                     << "</SourceFilename>\n"
                     << "    <ImageOffset>0</ImageOffset><PixelOffset>2</PixelOffset>"
                     << "<LineOffset>" << 2 * w << "</LineOffset><ByteOrder>LSB</ByteOrder>\n"
                     << "  </VRTRasterBand>\n</VRTDataset>\n";
  return vrt;
}

Heightfield grid_of(const fs::path& npy, int w, int h) {
  Heightfield field(w, h);
  const std::vector<float> values = io::npy_values<float>(io::read_npy(npy), h, w);
  std::copy(values.begin(), values.end(), field.data());
  return field;
}

const std::vector<std::string> kSmall{"--seed",   "5",  "--width", "160",
                                      "--height", "90", "--drops", "2000"};

TEST_F(CliPreset, EachEngineGetsItsSizeAndFormatWithASidecarThatSaysHowToImportIt) {
  struct Case {
    std::string preset;
    std::string file;
    int width;
    int height;
  };
  // A 160 x 90 map: unreal and unity take their smallest square that holds 160; the others the
  // map's own size. Crop keeps the middle 90 x 90 for the squares.
  for (const Case& c : {Case{"unreal", "h.png", 1009, 1009}, Case{"unity", "h.raw", 513, 513},
                        Case{"godot", "h.exr", 160, 90}, Case{"blender", "h.exr", 160, 90},
                        Case{"gis", "h.tif", 160, 90}}) {
    SCOPED_TRACE(c.preset);
    const fs::path dir = path(c.preset);
    fs::create_directory(dir);
    const fs::path file = dir / c.file;
    const CliRun result = run(testing::joined(kSmall, {"--out", (dir / "out").string(), "--preset",
                                                       c.preset, "--heightmap", file.string()}));
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.out.find("wrote " + file.string() + " (" + std::to_string(c.width) + " x " +
                              std::to_string(c.height) + ", for " + c.preset),
              std::string::npos)
        << result.out;

    // What the file should hold: the eroded map fitted to its size, in metres (1,000 m a unit).
    const Heightfield eroded = grid_of(dir / "out" / "eroded.npy", 160, 90);
    const Heightfield fitted = fit_ground(eroded, c.width, c.height, GroundFit::crop);
    const auto [lo, hi] = std::minmax_element(fitted.data(), fitted.data() + fitted.size());
    const double min_m = static_cast<float>(double(*lo) * 1000);
    const double max_m = static_cast<float>(double(*hi) * 1000);
    const double cell = 30.0 * (c.width == c.height ? 90.0 : 160.0) / c.width;

    const nlohmann::ordered_json sidecar = testing::read_json(fs::path(file.string() + ".json"));
    EXPECT_EQ(sidecar["preset"], c.preset);
    EXPECT_EQ(sidecar["file"], c.file);
    EXPECT_EQ(sidecar["width"], c.width);
    EXPECT_EQ(sidecar["height"], c.height);
    EXPECT_DOUBLE_EQ(sidecar["cell_size_m"][0].get<double>(), cell);
    EXPECT_DOUBLE_EQ(sidecar["cell_size_m"][1].get<double>(), cell);
    EXPECT_EQ(sidecar["height_range_m"][0].get<double>(), min_m);
    EXPECT_EQ(sidecar["height_range_m"][1].get<double>(), max_m);
    const double range = max_m - min_m;
    EXPECT_DOUBLE_EQ(sidecar["unreal"]["scale_x_cm"].get<double>(), cell * 100);
    EXPECT_DOUBLE_EQ(sidecar["unreal"]["scale_z"].get<double>(), range * 100 * 128 / 65535);
    // Unreal: value v stands at location + (v - 32768) / 128 * Z cm, so 0 and 65535 land on the
    // range's ends.
    const double z = sidecar["unreal"]["scale_z"].get<double>();
    const double location = sidecar["unreal"]["location_z_cm"].get<double>();
    EXPECT_NEAR(location + (0 - 32768) / 128.0 * z, min_m * 100, 1e-6);
    EXPECT_NEAR(location + (65535 - 32768) / 128.0 * z, max_m * 100, 1e-6);
    EXPECT_DOUBLE_EQ(sidecar["unity"]["terrain_size_m"][0].get<double>(), (c.width - 1) * cell);
    EXPECT_DOUBLE_EQ(sidecar["unity"]["terrain_size_m"][1].get<double>(), range);
    EXPECT_EQ(sidecar["map"]["seed"], 5);
    EXPECT_EQ(sidecar["map"]["width"], 160);
    EXPECT_EQ(sidecar["map"]["erosion"], 0.3);

    // The file, as GDAL (or OpenEXR) reads it.
    if (c.file == "h.exr") {
      const io::HeightmapFile back = io::read_heightmap(file);
      ASSERT_EQ(back.heights.width(), c.width);
      ASSERT_EQ(back.heights.height(), c.height);
      for (std::size_t i = 0; i < fitted.size(); i++) {
        ASSERT_EQ(back.heights[i], static_cast<float>(double(fitted[i]) * 1000)) << i;
      }
      EXPECT_EQ(sidecar["blender"]["displace_strength"], 1.0);
      continue;
    }
    const fs::path read = c.file == "h.raw" ? raw_vrt(file, c.width, c.height) : file;
    const nlohmann::ordered_json info = gdalinfo(read);
    EXPECT_EQ(info["size"][0], c.width);
    EXPECT_EQ(info["size"][1], c.height);
    const nlohmann::ordered_json& band = info["bands"][0];
    if (c.file == "h.tif") {
      EXPECT_EQ(band["type"], "Float32");
      EXPECT_NEAR(band["computedMin"].get<double>(), min_m, 1e-3);
      EXPECT_NEAR(band["computedMax"].get<double>(), max_m, 1e-3);
      EXPECT_EQ(band["unit"], "metre");
      EXPECT_DOUBLE_EQ(info["geoTransform"][1].get<double>(), cell);
      EXPECT_DOUBLE_EQ(info["geoTransform"][5].get<double>(), -cell);
      EXPECT_EQ(info["metadata"]["IMAGE_STRUCTURE"]["COMPRESSION"], "DEFLATE");
      EXPECT_EQ(info["metadata"]["IMAGE_STRUCTURE"]["PREDICTOR"], "3");
    } else {
      EXPECT_EQ(band["type"], "UInt16");
      EXPECT_EQ(band["computedMin"].get<double>(), 0);
      EXPECT_EQ(band["computedMax"].get<double>(), 65535);
      EXPECT_EQ(sidecar["blender"]["displace_strength"].get<double>(), range);
    }
  }
}

TEST_F(CliPreset, ASizeAndStretchAskedForAndTheMapsOwnUnitsAreKept) {
  const fs::path file = path("h.r16");
  const CliRun result = run(testing::joined(
      kSmall,
      {"--out", path("out").string(), "--preset", "godot", "--preset-size", "64x48", "--preset-fit",
       "stretch", "--cell-size", "10", "--height-scale", "500", "--heightmap", file.string()}));
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(fs::file_size(file), 64u * 48u * 2u);
  const nlohmann::ordered_json sidecar = testing::read_json(path("h.r16.json"));
  EXPECT_EQ(sidecar["width"], 64);
  EXPECT_EQ(sidecar["height"], 48);
  EXPECT_DOUBLE_EQ(sidecar["cell_size_m"][0].get<double>(), 10.0 * 160 / 64);
  EXPECT_DOUBLE_EQ(sidecar["cell_size_m"][1].get<double>(), 10.0 * 90 / 48);
  const Heightfield stretched =
      fit_ground(grid_of(path("out") / "eroded.npy", 160, 90), 64, 48, GroundFit::stretch);
  const auto [lo, hi] = std::minmax_element(stretched.data(), stretched.data() + stretched.size());
  EXPECT_EQ(sidecar["height_range_m"][1].get<double>(), static_cast<float>(double(*hi) * 500));
  EXPECT_EQ(sidecar["godot_terrain3d"]["height_range_m"][0].get<double>(),
            static_cast<float>(double(*lo) * 500));
  const nlohmann::ordered_json info = gdalinfo(raw_vrt(file, 64, 48));
  EXPECT_EQ(info["bands"][0]["computedMax"].get<double>(), 65535);
}

TEST_F(CliPreset, MisusesAreRefusedBeforeAnyWork) {
  const std::string out = path("out").string();
  const std::string png = path("h.png").string();
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  for (const Case& c : std::vector<Case>{
           {{"--preset", "bogus", "--heightmap", png},
            "terrain-cli: --preset 'bogus' is not a preset (allowed: unreal, unity, godot, "
            "blender or gis)\n"},
           {{"--preset", "gis"},
            "terrain-cli: --preset only applies with --heightmap or --heightmap-original\n"},
           {{"--preset", "unreal", "--heightmap", path("h.exr").string()},
            "terrain-cli: --heightmap '" + path("h.exr").string() +
                "': unreal takes .png or .r16\n"},
           {{"--preset", "unity", "--heightmap-original", png},
            "terrain-cli: --heightmap-original '" + png + "': unity takes .raw or .r16\n"},
           {{"--preset", "unity", "--preset-size", "1000x1000", "--heightmap",
             path("h.raw").string()},
            "terrain-cli: --preset-size 1000x1000: unity takes squares of 513, 1025, 2049 or "
            "4097 cells a side\n"},
           {{"--preset", "unreal", "--preset-size", "1009x2017", "--heightmap", png},
            "terrain-cli: --preset-size 1009x2017: unreal takes squares of 1009, 2017, 4033 or "
            "8129 cells a side\n"},
           {{"--preset-size", "64x64"},
            "terrain-cli: --preset-size only applies with --preset NAME\n"},
           {{"--preset-fit", "stretch"},
            "terrain-cli: --preset-fit only applies with --preset NAME\n"},
           {{"--preset", "gis", "--preset-fit", "stretch", "--heightmap", path("h.tif").string()},
            "terrain-cli: --preset-fit stretch does not apply to --preset gis (its GeoTIFF's "
            "cells are square: crop)\n"},
       }) {
    SCOPED_TRACE(c.message);
    EXPECT_EQ(refused(testing::joined({"--drops", "10", "--out", out}, c.args)).err, c.message);
  }
  // A sidecar is never written over without --force, and the heightmap is not written either.
  std::ofstream(path("h.png.json")) << "mine\n";
  const CliRun taken =
      refused({"--drops", "10", "--out", out, "--preset", "unreal", "--heightmap", png});
  EXPECT_NE(taken.err.find("h.png.json"), std::string::npos) << taken.err;
  EXPECT_FALSE(fs::exists(png));
}

}  // namespace
}  // namespace terrain
