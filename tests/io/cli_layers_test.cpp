// terrain-cli --layers DIR, end to end: the hydrology of the eroded ground as four pictures of
// one pixel per cell, each agreeing with the grids the same run writes: the Strahler orders
// read back exactly, the lakes' depths within half a step of their range, the flow's brightness
// rising with the flow; an existing picture is refused without --force.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
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
using testing::ScratchDir;

TEST(CliLayers, FourPicturesOfOnePixelPerCellAgreeWithTheGrids) {
  ScratchDir work;
  ScratchDir captures;
  const fs::path out = work.path() / "out";
  const fs::path layers = work.path() / "layers";
  const CliRun result = testing::run_cli(
      {"--seed", "4", "--drops", "20000", "--out", out.string(), "--layers", layers.string()},
      captures.path());
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
  const CliRun again = testing::run_cli(
      {"--drops", "10", "--out", (work.path() / "out2").string(), "--layers", layers.string()},
      captures.path());
  EXPECT_EQ(again.status, 2);
  EXPECT_NE(again.err.find("already exists"), std::string::npos) << again.err;
  EXPECT_FALSE(fs::exists(work.path() / "out2" / "flow.npy"));
}

}  // namespace
}  // namespace terrain
