// Pictures at any size, end to end: --screenshot with --render-size and the panel's Render PNG
// give the requested size, the view as the window shows it, and scaled down they are the
// window-size picture; bad sizes are refused.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "gui_support.h"
#include "io/png.h"

namespace terrain::gui {
namespace {

using std::chrono::seconds;
namespace fs = std::filesystem;

// `big` scaled down by a whole factor: each pixel the mean of a factor x factor block.
io::RgbaImage shrunk(const io::RgbaImage& big, int factor) {
  io::RgbaImage small;
  small.width = big.width / factor;
  small.height = big.height / factor;
  small.pixels.assign(static_cast<std::size_t>(small.width) * small.height * 4, 0);
  for (int y = 0; y < small.height; y++) {
    for (int x = 0; x < small.width; x++) {
      for (int c = 0; c < 4; c++) {
        int sum = 0;
        for (int dy = 0; dy < factor; dy++) {
          for (int dx = 0; dx < factor; dx++) {
            sum += big.pixels[((static_cast<std::size_t>(y) * factor + dy) * big.width +
                               static_cast<std::size_t>(x) * factor + dx) *
                                  4 +
                              c];
          }
        }
        small.pixels[(static_cast<std::size_t>(y) * small.width + x) * 4 + c] =
            static_cast<uint8_t>((sum + factor * factor / 2) / (factor * factor));
      }
    }
  }
  return small;
}

TEST(RenderGui, An8kScreenshotHasItsSizeAndScaledDownIsTheWindowsPicture) {
  TempDir dir;
  for (const std::vector<std::string>& view :
       {std::vector<std::string>{},
        std::vector<std::string>{"--zoom", "2.5", "--center", "90,60"}}) {
    std::vector<std::string> args = {"--seed", "42", "--drops", "20000", "--paused"};
    args.insert(args.end(), view.begin(), view.end());
    const io::RgbaImage window =
        one_frame(args, dir, "window" + std::to_string(view.size()) + ".png");
    std::vector<std::string> big_args = args;
    big_args.insert(big_args.end(), {"--render-size", "7680x4320"});
    double taken = 0;
    const io::RgbaImage big =
        one_frame(big_args, dir, "big" + std::to_string(view.size()) + ".png", &taken);
    std::printf("an 8K screenshot (the app's whole run: start, rain, render, PNG) in %.2f s\n",
                taken);
    ASSERT_EQ(big.width, 7680);
    ASSERT_EQ(big.height, 4320);
    const double error = rmse(shrunk(big, 6), window);
    std::printf("8K scaled down by 6 against the window's picture: RMSE %.4f\n", error);
    // Lines keep their pixel widths (the sketch's), so they are thinner scaled down: close,
    // not equal.
    EXPECT_LT(error, 0.05);
  }
}

TEST(RenderGui, ThePanelsRenderPngIsTheScreenshotAtThatSize) {
  TempDir dir;
  App app(saving_in(dir, {"--seed", "12", "--drops", "10000", "--paused"}), dir.path);
  const std::string window = window_after_layout(app, "render");
  ASSERT_FALSE(window.empty());
  scroll_into_view(app, window, "render");
  click(window, latest_rect(app, "render"));
  const std::string saved = nth_line(app, "Saved ", 1);
  ASSERT_NE(saved, "") << app.out() << app.err();
  EXPECT_NE(saved.find(" (3840 x 2160)"), std::string::npos) << saved;
  EXPECT_EQ(app.quit(), 0);
  const fs::path path = saved_path(saved);
  EXPECT_NE(path.filename().string().find("_seed12_10000drops_"), std::string::npos) << path;
  EXPECT_NE(path.filename().string().find("_3840x2160.png"), std::string::npos) << path;
  EXPECT_EQ(io::read_png(path), one_frame({"--seed", "12", "--drops", "10000", "--paused",
                                           "--render-size", "3840x2160"},
                                          dir, "expected.png"));
}

TEST(RenderGui, BadRenderSizesAreRefusedWithOneLine) {
  TempDir dir;
  const fs::path shot = dir.path / "shot.png";
  for (const auto& [args, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--frames", "1", "--screenshot", shot.string(), "--render-size", "8000x100"},
            "terrain-sandbox: --render-size '8000x100' is out of range (allowed: WxH, W "
            "16..7680 and H 16..4320)\n"},
           {{"--frames", "1", "--screenshot", shot.string(), "--render-size", "100x4321"},
            "terrain-sandbox: --render-size '100x4321' is out of range (allowed: WxH, W "
            "16..7680 and H 16..4320)\n"},
           {{"--frames", "1", "--render-size", "640x360"},
            "terrain-sandbox: --render-size only applies with --screenshot PATH (the panel "
            "renders at any size too)\n"}}) {
    std::string err;
    EXPECT_EQ(run_app(args, dir.path, nullptr, &err), 2);
    EXPECT_EQ(err, message);
    EXPECT_FALSE(fs::exists(shot));
  }
}

}  // namespace
}  // namespace terrain::gui
