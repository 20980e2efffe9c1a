// terrain-cli --ground FILE [--fit crop|stretch], end to end through the built program: a
// heightmap this project wrote comes back as the ground at its own heights and rains to the
// same bytes as the run that wrote it; a foreign picture of another size becomes a ground of
// the grid's size from 0 to 1; the grid is the file's own size unless --width / --height are
// given; and bad files and flags are one line, exit 2 and nothing written.
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

class CliGround : public testing::CliTest {};

io::NpyArray ground_grid(const fs::path& file) {
  return io::read_npy(file);
}

TEST_F(CliGround, AFileThisProjectWroteRainsToTheSameBytesAsTheRunThatWroteIt) {
  const std::vector<std::string> settings{"--seed", "9", "--drops", "3000"};
  for (const std::string ext : {".tif", ".exr", ".npy"}) {
    SCOPED_TRACE(ext);
    std::vector<std::string> first = settings;
    first.insert(first.end(),
                 {"--width", "120", "--height", "70", "--out", path("a" + ext).string(),
                  "--heightmap-original", path("ground" + ext).string()});
    ASSERT_EQ(run(first).status, 0);
    std::vector<std::string> second = settings;
    second.insert(second.end(),
                  {"--ground", path("ground" + ext).string(), "--out", path("b" + ext).string()});
    const CliRun again = run(second);
    ASSERT_EQ(again.status, 0) << again.err;
    // The file's own size, its own heights, and the same rain on them.
    for (const std::string name : {"original.npy", "eroded.npy", "flow.npy", "basins.npy"}) {
      EXPECT_EQ(io::read_file(path("a" + ext) / name), io::read_file(path("b" + ext) / name))
          << name;
    }
    const std::string summary = io::read_file(path("b" + ext) / "summary.json");
    EXPECT_NE(summary.find("\"ground\""), std::string::npos) << summary;
    EXPECT_NE(summary.find("\"fit\": \"crop\""), std::string::npos) << summary;
  }
  // The 16-bit PNG comes back within half a step of its range.
  ASSERT_EQ(run({"--drops", "0", "--width", "64", "--height", "40", "--out", path("p").string(),
                 "--heightmap-original", path("g.png").string()})
                .status,
            0);
  ASSERT_EQ(
      run({"--drops", "0", "--ground", path("g.png").string(), "--out", path("q").string()}).status,
      0);
  const std::vector<float> a =
      io::npy_values<float>(ground_grid(path("p") / "original.npy"), 40, 64);
  const std::vector<float> b =
      io::npy_values<float>(ground_grid(path("q") / "original.npy"), 40, 64);
  const auto [lo, hi] = std::minmax_element(a.begin(), a.end());
  for (std::size_t i = 0; i < a.size(); i++) {
    ASSERT_LE(std::abs(double(a[i]) - b[i]), (double(*hi) - *lo) / 65535 / 2 + 1e-6) << i;
  }
}

TEST_F(CliGround, AForeignPictureBecomesAGroundOfTheGridsSizeFromZeroToOne) {
  // An 8-bit colour picture, 80 x 50, of a diagonal ramp: read as luminance, fitted, scaled.
  std::vector<uint8_t> rgba(80 * 50 * 4);
  for (int y = 0; y < 50; y++) {
    for (int x = 0; x < 80; x++) {
      uint8_t* p = &rgba[(static_cast<std::size_t>(y) * 80 + x) * 4];
      p[0] = p[1] = p[2] = static_cast<uint8_t>(20 + x + y);
      p[3] = 255;
    }
  }
  io::write_png(path("ramp.png"), rgba, 80, 50, io::PixelFormat::rgba8);
  for (const std::string fit : {"crop", "stretch"}) {
    SCOPED_TRACE(fit);
    const CliRun result =
        run({"--drops", "100", "--ground", path("ramp.png").string(), "--fit", fit, "--width",
             "320", "--height", "180", "--out", path("out-" + fit).string()});
    ASSERT_EQ(result.status, 0) << result.err;
    const std::vector<float> h =
        io::npy_values<float>(ground_grid(path("out-" + fit) / "original.npy"), 180, 320);
    const auto [lo, hi] = std::minmax_element(h.begin(), h.end());
    EXPECT_EQ(*lo, 0.0f);
    EXPECT_EQ(*hi, 1.0f);
    // Still a ramp: rising to the right and down.
    EXPECT_LT(h[90 * 320 + 10], h[90 * 320 + 300]);
    EXPECT_LT(h[10 * 320 + 160], h[170 * 320 + 160]);
  }
  // Without --width and --height the grid is the file's own size.
  ASSERT_EQ(
      run({"--drops", "0", "--ground", path("ramp.png").string(), "--out", path("own").string()})
          .status,
      0);
  const io::NpyArray own = ground_grid(path("own") / "original.npy");
  EXPECT_EQ(own.width, 80);
  EXPECT_EQ(own.height, 50);
}

TEST_F(CliGround, BadFilesAndFlagsAreOneLineExitTwoAndNothingWritten) {
  testing::write_text(path("empty.png"), "");
  testing::write_text(path("junk.tif"), "not a tiff, only words");
  // Heights near float32's limit (they crashed the rain): a float .npy keeps its own heights.
  std::vector<float> huge(320 * 180, 3.4e38f);
  for (std::size_t k = 0; k < huge.size(); k += 3) huge[k] = -3.4e38f;
  const std::vector<std::byte> npy = io::encode_npy(std::span<const float>(huge), 180, 320);
  io::write_file_atomically(path("huge.npy"), npy, io::WriteMode::replace);
  const std::string out = path("out").string();
  struct Case {
    std::vector<std::string> args;
    std::string starts;
  };
  const std::vector<Case> cases = {
      {{"--ground", path("empty.png").string()},
       "terrain-cli: --ground " + path("empty.png").string() + ": the file is empty"},
      {{"--ground", path("junk.tif").string()},
       "terrain-cli: --ground " + path("junk.tif").string() + ": "},
      {{"--ground", path("missing.exr").string()},
       "terrain-cli: --ground " + path("missing.exr").string() + ": No such file or directory"},
      {{"--ground", path("x.jpg").string()},
       "terrain-cli: --ground " + path("x.jpg").string() + ": the extension names no heightmap"},
      {{"--ground", path("huge.npy").string()},
       "terrain-cli: --ground " + path("huge.npy").string() +
           ": the height at column 0, row 0 is -3.4e+38 (a ground holds finite heights from "
           "-1000000 to 1000000)"},
      {{"--fit", "stretch"}, "terrain-cli: --fit only applies with --ground FILE"},
      {{"--ground", path("junk.tif").string(), "--generator", "diamond-square"},
       "terrain-cli: --generator does not apply with --ground"},
      {{"--ground", path("junk.tif").string(), "--fit", "zoom"},
       "terrain-cli: --fit 'zoom' is not a fit (allowed: crop or stretch)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.starts);
    const CliRun result = refused(testing::joined({"--drops", "10", "--out", out}, c.args));
    EXPECT_EQ(result.err.rfind(c.starts, 0), 0u) << result.err;
  }
}

}  // namespace
}  // namespace terrain
