// terrain-cli --layers DIR, end to end: the hydrology of the eroded ground as four pictures of
// one pixel per cell, each agreeing with the grids the same run writes: the Strahler orders
// read back exactly, the lakes' depths within half a step of their range, the flow's brightness
// rising with the flow; an existing picture is refused without --force. libpng itself reads
// back what each file is: strahler.png one gray band, flow.png and basins.png RGB, 8 bits.
#include <gtest/gtest.h>
#include <png.h>

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "io/heightmap.h"
#include "io/npy.h"
#include "io/png.h"
#include "io_test_support.h"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;

// A PNG's header and pixels as libpng reads them, with no transformation asked for.
struct PngAsStored {
  bool read = false;
  int color_type = -1;
  int bit_depth = 0;
  int channels = 0;
  int width = 0;
  int height = 0;
  std::vector<uint8_t> pixels;  // rows as stored (8-bit samples)
};

// libpng's reading, in a function of its own so that a longjmp out of it clobbers nothing.
bool read_stored(png_structp png, png_infop info, FILE* file, PngAsStored* out) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_init_io(png, file);
  png_read_info(png, info);
  out->color_type = png_get_color_type(png, info);
  out->bit_depth = png_get_bit_depth(png, info);
  out->channels = png_get_channels(png, info);
  out->width = static_cast<int>(png_get_image_width(png, info));
  out->height = static_cast<int>(png_get_image_height(png, info));
  const std::size_t row = png_get_rowbytes(png, info);
  out->pixels.resize(row * static_cast<std::size_t>(out->height));
  for (int y = 0; y < out->height; y++) {
    png_read_row(png, &out->pixels[row * static_cast<std::size_t>(y)], nullptr);
  }
  return true;
}

PngAsStored read_png_as_stored(const fs::path& path) {
  PngAsStored result;
  FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return result;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  result.read = read_stored(png, info, file, &result);
  png_destroy_read_struct(&png, &info, nullptr);
  std::fclose(file);
  return result;
}

class CliLayers : public testing::CliTest {};

TEST_F(CliLayers, StrahlerIsOneGrayBandAndFlowAndBasinsAreRgb) {
  const fs::path out = path("out");
  const fs::path layers = path("layers");
  const CliRun result =
      run({"--seed", "4", "--drops", "5000", "--width", "96", "--height", "64", "--out",
           out.string(), "--layers", layers.string(), "--scheme", "site_light"});
  ASSERT_EQ(result.status, 0) << result.err;
  const auto orders = io::npy_values<uint8_t>(io::read_npy(out / "strahler.npy"), 64, 96);

  const PngAsStored strahler = read_png_as_stored(layers / "strahler.png");
  ASSERT_TRUE(strahler.read);
  EXPECT_EQ(strahler.color_type, PNG_COLOR_TYPE_GRAY);
  EXPECT_EQ(strahler.bit_depth, 8);
  EXPECT_EQ(strahler.channels, 1);
  ASSERT_EQ(strahler.pixels.size(), orders.size());
  for (std::size_t i = 0; i < orders.size(); i++) {
    ASSERT_EQ(strahler.pixels[i], orders[i] * 20) << i;
  }
  // The RGB pictures are the colours the RGBA pictures were: stb's reading (alpha 255 added)
  // of each is what libpng reads, pixel for pixel.
  for (const char* name : {"flow.png", "basins.png"}) {
    SCOPED_TRACE(name);
    const PngAsStored rgb = read_png_as_stored(layers / name);
    ASSERT_TRUE(rgb.read);
    EXPECT_EQ(rgb.color_type, PNG_COLOR_TYPE_RGB);
    EXPECT_EQ(rgb.bit_depth, 8);
    EXPECT_EQ(rgb.channels, 3);
    EXPECT_EQ(rgb.width, 96);
    EXPECT_EQ(rgb.height, 64);
    const io::RgbaImage rgba = io::read_png(layers / name);
    ASSERT_EQ(rgb.pixels.size(), rgba.pixels.size() / 4 * 3);
    std::set<uint32_t> colours;
    for (std::size_t i = 0; i < rgba.pixels.size() / 4; i++) {
      for (std::size_t k = 0; k < 3; k++) ASSERT_EQ(rgb.pixels[3 * i + k], rgba.pixels[4 * i + k]);
      colours.insert(uint32_t{rgb.pixels[3 * i]} << 16 | uint32_t{rgb.pixels[3 * i + 1]} << 8 |
                     rgb.pixels[3 * i + 2]);
    }
    EXPECT_GT(colours.size(), 20u);  // a picture, not a flat fill
  }
  // The lakes stay a 16-bit gray heightmap.
  const PngAsStored lakes = read_png_as_stored(layers / "lakes.png");
  ASSERT_TRUE(lakes.read);
  EXPECT_EQ(lakes.color_type, PNG_COLOR_TYPE_GRAY);
  EXPECT_EQ(lakes.bit_depth, 16);
}

TEST_F(CliLayers, FourPicturesOfOnePixelPerCellAgreeWithTheGrids) {
  const fs::path out = path("out");
  const fs::path layers = path("layers");
  const CliRun result =
      run({"--seed", "4", "--drops", "20000", "--out", out.string(), "--layers", layers.string()});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find("wrote 4 pictures to " + layers.string()), std::string::npos);
  const int w = 320;
  const int h = 180;
  const auto orders = io::npy_values<uint8_t>(io::read_npy(out / "strahler.npy"), h, w);
  const auto flow = io::npy_values<uint32_t>(io::read_npy(out / "flow.npy"), h, w);
  const auto lakes = io::npy_values<float>(io::read_npy(out / "lakes.npy"), h, w);
  const auto eroded = io::npy_values<float>(io::read_npy(out / "eroded.npy"), h, w);

  const io::RgbaImage strahler = io::read_png(layers / "strahler.png");
  ASSERT_EQ(strahler.width, w);
  ASSERT_EQ(strahler.height, h);
  int rivers = 0;
  for (std::size_t i = 0; i < orders.size(); i++) {
    ASSERT_EQ(strahler.pixels[4 * i], orders[i] * 20) << i;
    rivers += orders[i] > 0;
  }
  EXPECT_GT(rivers, 100);

  const io::HeightmapFile depth = io::read_heightmap(layers / "lakes.png");
  ASSERT_EQ(depth.heights.width(), w);
  const float deepest = *std::max_element(lakes.begin(), lakes.end());
  for (std::size_t i = 0; i < lakes.size(); i++) {
    ASSERT_LE(std::abs(depth.heights.data()[i] - lakes[i]), deepest / 65535 / 2 + 1e-7) << i;
  }

  // The flow's brightness rises with the flow, on land.
  const io::RgbaImage flow_png = io::read_png(layers / "flow.png");
  ASSERT_EQ(flow_png.width, w);
  auto brightness = [&](std::size_t i) {
    return flow_png.pixels[4 * i] + flow_png.pixels[4 * i + 1] + flow_png.pixels[4 * i + 2];
  };
  std::vector<std::size_t> land;
  for (std::size_t i = 0; i < eroded.size(); i++) {
    if (eroded[i] > 0.3f) land.push_back(i);
  }
  std::sort(land.begin(), land.end(), [&](auto a, auto b) { return flow[a] < flow[b]; });
  ASSERT_GT(land.size(), 1000u);
  EXPECT_LT(brightness(land.front()), brightness(land.back()));
  EXPECT_LE(brightness(land[land.size() / 4]), brightness(land[land.size() * 3 / 4]));

  const io::RgbaImage basins = io::read_png(layers / "basins.png");
  EXPECT_EQ(basins.width, w);
  EXPECT_EQ(basins.height, h);

  // Again without --force: the pictures are kept, nothing is written.
  const CliRun again =
      run({"--drops", "10", "--out", path("out2").string(), "--layers", layers.string()});
  EXPECT_EQ(again.status, 2);
  EXPECT_NE(again.err.find("already exists"), std::string::npos) << again.err;
  EXPECT_FALSE(fs::exists(path("out2") / "flow.npy"));
}

}  // namespace
}  // namespace terrain
