// terrain-cli --heightmap and --heightmap-original, end to end through the built program: each
// format written beside the run's grids and read back through the project's readers (the
// PNG within half a step of its range, the floats exactly, the R16 as its words), the size
// and range printed, and bad paths refused before any work with one line, exit 2 and nothing
// written. With --cell-size and --height-scale the TIFF is a GeoTIFF of that pixel size (its
// tags read back with libgeotiff) and the float files hold metres.
#include <geotiffio.h>
#include <geovalues.h>
#include <gtest/gtest.h>
#include <xtiffio.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "glb_validator.h"
#include "io/heightmap.h"
#include "io/npy.h"
#include "io_test_support.h"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;

class CliHeightmap : public testing::CliTest {};

std::vector<float> heightmap_grid(const fs::path& file) {
  return io::npy_values<float>(io::read_npy(file), 90, 160);
}

TEST_F(CliHeightmap, EveryFormatHoldsTheRunsGroundAtItsHeights) {
  const std::vector<std::string> small{"--width", "160", "--height", "90", "--drops", "2000"};
  for (const std::string ext : {".png", ".exr", ".tif", ".npy", ".r16"}) {
    SCOPED_TRACE(ext);
    const fs::path out = path("out" + ext);
    const fs::path after = path("after" + ext);
    const fs::path before = path("before" + ext);
    std::vector<std::string> args = small;
    args.insert(args.end(), {"--out", out.string(), "--heightmap", after.string(),
                             "--heightmap-original", before.string()});
    const CliRun result = run(args);
    ASSERT_EQ(result.status, 0) << result.err;
    const std::vector<float> eroded = heightmap_grid(out / "eroded.npy");
    const std::vector<float> original = heightmap_grid(out / "original.npy");
    for (const auto& [file, want] : {std::pair{after, &eroded}, std::pair{before, &original}}) {
      const auto [lo, hi] = std::minmax_element(want->begin(), want->end());
      const double step = (double(*hi) - *lo) / 65535;
      // The size and range are printed for every heightmap.
      char line[512];
      std::snprintf(line, sizeof line, "wrote %s (160 x 90, heights ", file.c_str());
      EXPECT_NE(result.out.find(line), std::string::npos) << result.out;
      if (ext == ".r16") {
        const std::string bytes = io::read_file(file);
        ASSERT_EQ(bytes.size(), want->size() * 2);
        for (std::size_t i = 0; i < want->size(); i++) {
          const int v = static_cast<uint8_t>(bytes[2 * i]) | static_cast<uint8_t>(bytes[2 * i + 1])
                                                                 << 8;
          ASSERT_LE(std::abs(*lo + v * step - (*want)[i]), step / 2 + 1e-6) << i;
        }
        continue;
      }
      const io::HeightmapFile back = io::read_heightmap(file);
      ASSERT_EQ(back.heights.width(), 160);
      ASSERT_EQ(back.heights.height(), 90);
      EXPECT_TRUE(back.own_heights);
      for (std::size_t i = 0; i < want->size(); i++) {
        if (ext == ".png") {
          ASSERT_LE(std::abs(double(back.heights.data()[i]) - (*want)[i]), step / 2 + 1e-6) << i;
        } else {
          ASSERT_EQ(back.heights.data()[i], (*want)[i]) << i;
        }
      }
    }
  }
}

TEST_F(CliHeightmap, BadPathsAreRefusedBeforeAnyWorkAndNothingIsWritten) {
  testing::write_text(path("kept.png"), "keep me");
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::string out = path("out").string();
  const std::vector<Case> cases = {
      {{"--heightmap", path("h.jpg").string()},
       "terrain-cli: --heightmap '" + path("h.jpg").string() +
           "' has no heightmap extension (allowed: a file name ending in .png, .r16, .exr, "
           ".tif or .npy, in an existing directory or in --out's)"},
      {{"--heightmap", path("kept.png").string()},
       "terrain-cli: --heightmap '" + path("kept.png").string() +
           "' already exists (pass --force to replace it)"},
      {{"--heightmap-original", path("no/such/dir/h.exr").string()},
       "terrain-cli: --heightmap-original '" + path("no/such/dir/h.exr").string() +
           "': its directory '" + path("no/such/dir").string() +
           "' does not exist (allowed: an existing directory, or --out's or --layers' own, "
           "which the run creates)"},
      {{"--heightmap", path("same.tif").string(), "--heightmap-original",
        path("same.tif").string()},
       "terrain-cli: --heightmap and --heightmap-original name the same file '" +
           path("same.tif").string() + "'"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    EXPECT_EQ(refused(testing::joined({"--drops", "10", "--out", out}, c.args)).err,
              c.message + "\n");
  }
  EXPECT_EQ(io::read_file(path("kept.png")), "keep me");
  // With --force the existing file is replaced by the heightmap.
  const CliRun forced = run({"--drops", "10", "--width", "40", "--height", "30", "--out", out,
                             "--heightmap", path("kept.png").string(), "--force"});
  EXPECT_EQ(forced.status, 0) << forced.err;
  EXPECT_EQ(io::read_heightmap(path("kept.png")).heights.width(), 40);
}

// --out says it creates its folder, so a heightmap (or an SVG, a mesh) may go into that folder
// before it exists; a folder under it that nothing creates, or a name the run writes there
// itself, is still refused before any work, nothing created.
TEST_F(CliHeightmap, AFileMayGoIntoTheOutFolderTheRunCreates) {
  const fs::path out = path("ds7");
  const CliRun made = run({"--seed", "7", "--drops", "100", "--width", "40", "--height", "30",
                           "--out", out.string(), "--heightmap", (out / "h.r16").string(), "--svg",
                           (out / "map.svg").string(), "--mesh", (out / "map.glb").string()});
  ASSERT_EQ(made.status, 0) << made.err;
  EXPECT_EQ(io::read_file(out / "h.r16").size(), 40u * 30u * 2u);
  EXPECT_TRUE(fs::is_regular_file(out / "map.svg"));
  EXPECT_TRUE(testing::valid_glb(out / "map.glb"));
  EXPECT_TRUE(fs::is_regular_file(out / "eroded.npy"));
  // The same with a trailing separator on --out and "./" in the file's path.
  const fs::path other = path("ds8");
  const CliRun slashes =
      run({"--drops", "10", "--width", "20", "--height", "20", "--out", other.string() + "/",
           "--heightmap", (other / "." / "h.tif").string()});
  ASSERT_EQ(slashes.status, 0) << slashes.err;
  EXPECT_EQ(io::read_heightmap(other / "h.tif").heights.width(), 20);

  const fs::path fresh = path("fresh");
  const std::vector<std::pair<std::vector<std::string>, std::string>> refusals = {
      {{"--heightmap", (fresh / "eroded.npy").string()},
       "terrain-cli: --heightmap '" + (fresh / "eroded.npy").string() +
           "' is one of the files --out writes (allowed: any other file name)"},
      {{"--layers", path("pictures").string(), "--heightmap-original",
        (path("pictures") / "lakes.png").string()},
       "terrain-cli: --heightmap-original '" + (path("pictures") / "lakes.png").string() +
           "' is one of the files --layers writes (allowed: any other file name)"},
      {{"--heightmap", (fresh / "sub" / "h.png").string()},
       "terrain-cli: --heightmap '" + (fresh / "sub" / "h.png").string() + "': its directory '" +
           (fresh / "sub").string() +
           "' does not exist (allowed: an existing directory, or --out's or --layers' own, "
           "which the run creates)"},
  };
  for (const auto& [extra, message] : refusals) {
    SCOPED_TRACE(message);
    EXPECT_EQ(refused(testing::joined({"--drops", "10", "--out", fresh.string()}, extra)).err,
              message + "\n");
  }
}

TEST_F(CliHeightmap, RealUnitsMakeTheTiffAGeoTiffAndTheFloatFilesMetres) {
  const fs::path out = path("real");
  const CliRun result =
      run({"--seed", "3", "--drops", "2000", "--width", "80", "--height", "50", "--out",
           out.string(), "--heightmap", (out / "h.tif").string(), "--heightmap-original",
           (out / "o.npy").string(), "--cell-size", "30", "--height-scale", "1200"});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find(" m, cells of 30 m)"), std::string::npos) << result.out;
  const std::vector<float> eroded = io::npy_values<float>(io::read_npy(out / "eroded.npy"), 50, 80);
  const std::vector<float> original =
      io::npy_values<float>(io::read_npy(out / "original.npy"), 50, 80);
  const io::HeightmapFile tif = io::read_heightmap(out / "h.tif");
  const io::HeightmapFile npy = io::read_heightmap(out / "o.npy");
  for (std::size_t i = 0; i < eroded.size(); i++) {
    ASSERT_EQ(tif.heights.data()[i], static_cast<float>(double(eroded[i]) * 1200)) << i;
    ASSERT_EQ(npy.heights.data()[i], static_cast<float>(double(original[i]) * 1200)) << i;
  }
  TIFF* file = XTIFFOpen((out / "h.tif").c_str(), "r");
  ASSERT_NE(file, nullptr);
  uint16_t count = 0;
  double* scale = nullptr;
  ASSERT_EQ(TIFFGetField(file, TIFFTAG_GEOPIXELSCALE, &count, &scale), 1);
  ASSERT_EQ(count, 3);
  EXPECT_EQ(scale[0], 30);
  EXPECT_EQ(scale[1], 30);
  GTIF* keys = GTIFNew(file);
  ASSERT_NE(keys, nullptr);
  unsigned short raster = 0;
  EXPECT_EQ(GTIFKeyGet(keys, GTRasterTypeGeoKey, &raster, 0, 1), 1);
  EXPECT_EQ(raster, RasterPixelIsArea);
  GTIFFree(keys);
  XTIFFClose(file);
  // The grids in --out stay the model's (0..1 over cells): the run's own state.
  EXPECT_LE(*std::max_element(eroded.begin(), eroded.end()), 1.0f);
}

TEST_F(CliHeightmap, BadRealUnitsAreOneLineNamingTheValue) {
  const std::string out = path("out").string();
  const std::string tif = path("h.tif").string();
  const std::string metres = " (allowed: a number of metres above 0, up to 100000)";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--heightmap", tif, "--cell-size", "-1", "--height-scale", "100"},
       "terrain-cli: --cell-size '-1' is out of range" + metres},
      {{"--heightmap", tif, "--cell-size", "0", "--height-scale", "100"},
       "terrain-cli: --cell-size '0' is not above 0" + metres},
      {{"--heightmap", tif, "--cell-size", "30m", "--height-scale", "100"},
       "terrain-cli: --cell-size '30m' is not a number" + metres},
      {{"--heightmap", tif, "--cell-size", "30", "--height-scale", "1e6"},
       "terrain-cli: --height-scale '1e6' is out of range" + metres},
      {{"--heightmap", tif, "--cell-size", "30"},
       "terrain-cli: --cell-size needs --height-scale too (metres across and up go together; "
       "--height-scale 1 keeps the heights as they are)"},
      {{"--heightmap", tif, "--height-scale", "30"},
       "terrain-cli: --height-scale needs --cell-size too (metres across and up go together)"},
      {{"--cell-size", "30", "--height-scale", "100"},
       "terrain-cli: --cell-size and --height-scale only apply with --heightmap, "
       "--heightmap-original or --mesh"},
      {{"--mesh", path("m.glb").string(), "--exaggeration", "3", "--cell-size", "30",
        "--height-scale", "100"},
       "terrain-cli: --exaggeration does not apply with --cell-size and --height-scale (the "
       "mesh's heights are then in metres)"},
  };
  for (const auto& [extra, message] : cases) {
    SCOPED_TRACE(message);
    EXPECT_EQ(refused(testing::joined({"--drops", "10", "--out", out}, extra)).err, message + "\n");
  }
}

}  // namespace
}  // namespace terrain
