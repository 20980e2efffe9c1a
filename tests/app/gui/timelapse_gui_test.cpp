// Time-lapses end to end: terrain-sandbox --timelapse records a run from its first frame to its
// last, the Record button records into the save folder, and the files decode (giflib,
// libavformat) to the frames expected: the first the map at drop 0, the last the map at the end.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "clip_decode.h"
#include "gui_support.h"
#include "io/png.h"

namespace terrain::gui {
namespace {

using std::chrono::seconds;
namespace fs = std::filesystem;

// The map at drop 0 as a recording from the first frame sees it: before the first tick, so
// before the rivers are first worked out (they ease in from then on, as the sketch's do).
io::RgbaImage drop_zero(const std::string& seed, const std::string& size, const TempDir& dir) {
  return screenshot(
      {"--seed", seed, "--paused", "--no-rivers", "--frames", "1", "--render-size", size}, dir,
      "first.png");
}

// Peak signal to noise ratio over RGB in dB; `frame` has `channels` bytes a pixel.
double psnr(const io::RgbaImage& picture, const std::vector<uint8_t>& frame, int channels) {
  const std::size_t pixels = static_cast<std::size_t>(picture.width) * picture.height;
  if (frame.size() != pixels * static_cast<std::size_t>(channels)) return 0;
  double sum = 0;
  for (std::size_t p = 0; p < pixels; p++) {
    for (int c = 0; c < 3; c++) {
      const double d =
          picture.pixels[p * 4 + c] - frame[p * static_cast<std::size_t>(channels) + c];
      sum += d * d;
    }
  }
  const double mse = sum / static_cast<double>(pixels * 3);
  return mse == 0 ? 99 : 10 * std::log10(255.0 * 255.0 / mse);
}

// Mean absolute difference per channel over RGB; `frame` has `channels` bytes a pixel.
double mean_error(const io::RgbaImage& picture, const std::vector<uint8_t>& frame, int channels) {
  const std::size_t pixels = static_cast<std::size_t>(picture.width) * picture.height;
  EXPECT_EQ(frame.size(), pixels * static_cast<std::size_t>(channels));
  if (frame.size() != pixels * static_cast<std::size_t>(channels)) return 1e9;
  double sum = 0;
  for (std::size_t p = 0; p < pixels; p++) {
    for (int c = 0; c < 3; c++) {
      sum +=
          std::abs(picture.pixels[p * 4 + c] - frame[p * static_cast<std::size_t>(channels) + c]);
    }
  }
  return sum / static_cast<double>(pixels * 3);
}

TEST(TimelapseGui, AScriptedGifRecordsFromDropZeroToTheLastFrame) {
  TempDir dir;
  const fs::path gif = dir.path / "rain.gif";
  std::string out;
  std::string err;
  ASSERT_EQ(run_app({"--seed", "42", "--frames", "40", "--every", "10", "--timelapse", gif.string(),
                     "--timelapse-size", "320x180"},
                    dir.path, &out, &err),
            0)
      << err;
  EXPECT_EQ(lines_starting(out, "Saved " + gif.string() + " (5 frames;").size(), 1u) << out;
  const testing::DecodedGif clip = testing::decode_gif(gif);
  EXPECT_EQ(clip.width, 320);
  EXPECT_EQ(clip.height, 180);
  ASSERT_EQ(clip.frames.size(), 5u);  // drop 0, then after ticks 10, 20, 30 and 40
  EXPECT_TRUE(clip.loops_forever);
  const io::RgbaImage first = drop_zero("42", "320x180", dir);
  const io::RgbaImage last =
      screenshot({"--seed", "42", "--frames", "40", "--render-size", "320x180"}, dir, "last.png");
  const double first_error = mean_error(first, clip.frames.front(), 3);
  const double last_error = mean_error(last, clip.frames.back(), 3);
  std::printf("GIF: first frame %.2f, last frame %.2f levels from the pictures\n", first_error,
              last_error);
  EXPECT_LT(first_error, 3.0);
  EXPECT_LT(last_error, 3.0);
  EXPECT_GT(mean_error(first, clip.frames.back(), 3), last_error) << "the rain changed the map";
}

TEST(TimelapseGui, AScriptedMp4IsH264AtItsSizeFromDropZeroToTheLastFrame) {
  TempDir dir;
  const fs::path mp4 = dir.path / "rain.mp4";
  std::string err;
  ASSERT_EQ(run_app({"--seed", "7", "--frames", "30", "--every", "10", "--timelapse", mp4.string()},
                    dir.path, nullptr, &err),
            0)
      << err;
  const testing::DecodedVideo clip = testing::decode_video(mp4);
  EXPECT_EQ(clip.width, 640);
  EXPECT_EQ(clip.height, 360);
  EXPECT_EQ(clip.codec, AV_CODEC_ID_H264);
  EXPECT_EQ(clip.pixel_format, AV_PIX_FMT_YUV420P);
  ASSERT_EQ(clip.frames.size(), 4u);
  const io::RgbaImage first = drop_zero("7", "640x360", dir);
  const io::RgbaImage last =
      screenshot({"--seed", "7", "--frames", "30", "--render-size", "640x360"}, dir, "last.png");
  const double first_psnr = psnr(first, clip.frames.front(), 4);
  const double last_psnr = psnr(last, clip.frames.back(), 4);
  std::printf("MP4: first frame %.1f dB, last frame %.1f dB PSNR against the pictures\n",
              first_psnr, last_psnr);
  EXPECT_GT(first_psnr, 28);
  EXPECT_GT(last_psnr, 28);
  EXPECT_GT(last_psnr, psnr(first, clip.frames.back(), 4)) << "the rain changed the map";
}

// Waits (up to two minutes) until the app says a recording holds at least `frames` frames.
bool recorded_at_least(App& app, int frames) {
  for (int k = 0; k < 1200; k++) {
    for (const std::string& line : lines_starting(app.out(), "state recording 1 ")) {
      if (std::atoi(line.c_str() + std::strlen("state recording 1 ")) >= frames) return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

TEST(TimelapseGui, TheRecordButtonRecordsIntoTheSaveFolderUntilItIsPressedAgain) {
  TempDir dir;
  const fs::path saves = dir.path / "saves";
  fs::create_directories(saves);
  App app({"--seed", "3", "--save-folder", saves.string()}, dir.path);
  const std::string window = window_after_layout(app, "record");
  ASSERT_FALSE(window.empty());
  scroll_into_view(app, window, "record");
  click(window, latest_rect(app, "record"));
  ASSERT_NE(app.wait_for_line("Recording ", seconds(30)), "") << app.out() << app.err();
  // Five frames taken (the app says how many as they come: two can land in one of its frames,
  // so the count may pass 5 without saying it), then stopped.
  ASSERT_TRUE(recorded_at_least(app, 5)) << app.out() << app.err();
  click(window, latest_rect(app, "record"));
  const std::string saved = nth_line(app, "Saved ", 1);
  ASSERT_NE(saved, "") << app.out() << app.err();
  EXPECT_EQ(app.quit(), 0);
  const fs::path path = saved_path(saved);
  EXPECT_EQ(path.extension(), ".gif");
  EXPECT_NE(path.filename().string().find("_seed3_"), std::string::npos) << path;
  const testing::DecodedGif clip = testing::decode_gif(path);
  EXPECT_EQ(clip.width, 640);
  EXPECT_EQ(clip.height, 360);
  EXPECT_GE(clip.frames.size(), 5u);
  EXPECT_NE(saved.find(" (" + std::to_string(clip.frames.size()) + " frames;"), std::string::npos)
      << saved;
}

}  // namespace
}  // namespace terrain::gui
