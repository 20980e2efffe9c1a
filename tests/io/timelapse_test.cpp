// Time-lapses: the GIF and the MP4 of a rain decode (with giflib, and with libavformat and
// libavcodec) to the frames recorded, at their size, the first frame the map at drop 0 and the
// last the map at the end; bad requests are refused up front naming what is wrong; nothing is
// ever written but a whole file, never over an existing one; frames are encoded on the
// writer's worker, never on the caller's thread.
#include "io/timelapse.h"

#include <gif_lib.h>
#include <gtest/gtest.h>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/frame.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "clip_decode.h"
#include "core/ground.h"
#include "core/heightfield.h"
#include "core/rain.h"
#include "error_of.h"
#include "io/gif_encoder.h"
#include "io/mp4_encoder.h"
#include "io_test_support.h"

namespace terrain::io {
namespace {

namespace fs = std::filesystem;
using terrain::testing::listing;
using terrain::testing::ScratchDir;
using Frame = std::vector<uint8_t>;  // RGBA8, top row first

// --- Frames ----------------------------------------------------------------------------------

// A map of `field` as the app draws one, roughly: sea below 0.25 in blues, land from green
// through brown to white, shaded from the north-west; each cell `scale` x `scale` pixels.
Frame paint_map(const Heightfield& field, int scale) {
  const int w = field.width() * scale;
  const int h = field.height() * scale;
  Frame pixels(static_cast<std::size_t>(w) * h * 4);
  auto mix = [](double a, double b, double t) { return a + (b - a) * t; };
  for (int cy = 0; cy < field.height(); cy++) {
    for (int cx = 0; cx < field.width(); cx++) {
      const double z = field.at(cx, cy);
      const double dx =
          field.at(std::min(cx + 1, field.width() - 1), cy) - field.at(std::max(cx - 1, 0), cy);
      const double dy =
          field.at(cx, std::min(cy + 1, field.height() - 1)) - field.at(cx, std::max(cy - 1, 0));
      const double shade = std::clamp(0.8 - 6.0 * (dx + dy), 0.35, 1.2);
      double rgb[3];
      if (z < 0.25) {
        const double t = std::clamp(z / 0.25, 0.0, 1.0);
        rgb[0] = mix(10, 60, t), rgb[1] = mix(30, 120, t), rgb[2] = mix(80, 170, t);
      } else {
        const double t = std::clamp((z - 0.25) / 0.75, 0.0, 1.0);
        const double u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
        if (t < 0.5) {
          rgb[0] = mix(70, 150, u), rgb[1] = mix(140, 120, u), rgb[2] = mix(60, 70, u);
        } else {
          rgb[0] = mix(150, 250, u), rgb[1] = mix(120, 250, u), rgb[2] = mix(70, 250, u);
        }
        for (double& c : rgb) c *= shade;
      }
      for (int sy = 0; sy < scale; sy++) {
        for (int sx = 0; sx < scale; sx++) {
          uint8_t* p =
              &pixels[(static_cast<std::size_t>(cy * scale + sy) * w + cx * scale + sx) * 4];
          for (int c = 0; c < 3; c++) p[c] = static_cast<uint8_t>(std::clamp(rgb[c], 0.0, 255.0));
          p[3] = 255;
        }
      }
    }
  }
  return pixels;
}

// The sketch's island (seed 42) painted at 640 x 360 at drop 0 and then after every
// `drops` drops, `count` frames in all (the same for every test that asks).
const std::vector<Frame>& rain_frames() {
  static const std::vector<Frame> frames = [] {
    constexpr int kCount = 12;
    constexpr uint64_t kDrops = 2000;  // 10 ticks of the app's default 200 drops
    Heightfield ground = grow_ground(42, {});
    Rain rain(ground, 42);
    std::vector<Frame> out;
    out.push_back(paint_map(ground, 2));
    for (int i = 1; i < kCount; i++) {
      rain.run(kDrops);
      out.push_back(paint_map(ground, 2));
    }
    return out;
  }();
  return frames;
}

// A moving gradient with a square on it, w x h, frame `i`.
Frame synthetic_frame(int w, int h, int i) {
  Frame pixels(static_cast<std::size_t>(w) * h * 4);
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      uint8_t* p = &pixels[(static_cast<std::size_t>(y) * w + x) * 4];
      p[0] = static_cast<uint8_t>((x * 255 / std::max(1, w - 1) + i * 8) % 256);
      p[1] = static_cast<uint8_t>(y * 255 / std::max(1, h - 1));
      p[2] = 128;
      p[3] = 255;
      const int sx = (i * 3) % std::max(1, w - w / 4);
      if (x >= sx && x < sx + w / 4 && y >= h / 4 && y < h / 2) {
        p[0] = 250, p[1] = 240, p[2] = 20;
      }
    }
  }
  return pixels;
}

// Mean absolute difference per channel (RGB; `b` has `b_channels` bytes a pixel).
double mean_abs_error(const Frame& rgba, const std::vector<uint8_t>& b, int b_channels) {
  double sum = 0;
  const std::size_t pixels = rgba.size() / 4;
  for (std::size_t i = 0; i < pixels; i++) {
    for (int c = 0; c < 3; c++) sum += std::abs(int{rgba[4 * i + c]} - int{b[b_channels * i + c]});
  }
  return sum / static_cast<double>(pixels * 3);
}

// Peak signal to noise ratio over RGB, in dB (both RGBA8).
double psnr(const Frame& a, const Frame& b) {
  double se = 0;
  const std::size_t pixels = a.size() / 4;
  for (std::size_t i = 0; i < pixels; i++) {
    for (int c = 0; c < 3; c++) {
      const double d = static_cast<double>(a[4 * i + c]) - static_cast<double>(b[4 * i + c]);
      se += d * d;
    }
  }
  const double mse = se / static_cast<double>(pixels * 3);
  return mse == 0 ? 99.0 : 10 * std::log10(255.0 * 255.0 / mse);
}

// --- Decoding with the libraries themselves ---------------------------------------------------

using terrain::testing::decode_gif;
using terrain::testing::decode_video;
using terrain::testing::DecodedGif;
using terrain::testing::DecodedVideo;

// The message of the std::runtime_error that constructing a writer throws ("" if none).
std::string refusal(const fs::path& path, const TimelapseOptions& options = {}) {
  try {
    TimelapseWriter writer(path, options);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TimelapseOptions waiting(int width = 640, int height = 360) {
  TimelapseOptions options;
  options.width = width;
  options.height = height;
  options.when_full = TimelapseOptions::WhenFull::wait;  // every frame kept
  return options;
}

// Records `frames` to `path` through a writer that waits for room (every frame kept), which
// takes `format` and every frame and has encoded and written them all once finished (the
// writer gone, as the file is then); returns its progress then.
TimelapseProgress record_every_frame(const fs::path& path, TimelapseFormat format,
                                     const std::vector<Frame>& frames) {
  TimelapseWriter writer(path, waiting());
  EXPECT_EQ(writer.format(), format);
  for (const Frame& f : frames) EXPECT_TRUE(writer.add_frame(f));
  writer.finish();
  const TimelapseProgress progress = writer.progress();
  EXPECT_EQ(progress.state, TimelapseProgress::State::written);
  EXPECT_EQ(progress.frames_encoded, static_cast<int64_t>(frames.size()));
  EXPECT_EQ(writer.frames(), static_cast<int64_t>(frames.size()));
  EXPECT_TRUE(writer.done());
  return progress;
}

// --- Formats -------------------------------------------------------------------------------

TEST(Timelapse, TheExtensionChoosesTheFormatInAnyCase) {
  EXPECT_EQ(timelapse_format_for("rain.gif"), TimelapseFormat::gif);
  EXPECT_EQ(timelapse_format_for("out/Rain.GIF"), TimelapseFormat::gif);
  EXPECT_EQ(timelapse_format_for("rain.mp4"), TimelapseFormat::mp4);
  EXPECT_EQ(timelapse_format_for("rain.Mp4"), TimelapseFormat::mp4);
  EXPECT_EQ(timelapse_format_for("rain.png"), std::nullopt);
  EXPECT_EQ(timelapse_format_for("gif"), std::nullopt);
  EXPECT_EQ(timelapse_format_for("rain.gif.tmp"), std::nullopt);
}

// --- The palette ---------------------------------------------------------------------------

TEST(Timelapse, AFewColoursAreQuantizedExactly) {
  const uint8_t colours[5][3] = {
      {0, 0, 0}, {255, 255, 255}, {200, 16, 40}, {8, 99, 250}, {120, 130, 140}};
  Frame pixels;
  for (int i = 0; i < 100; i++) {
    const auto& c = colours[(i * 7) % 5];
    pixels.insert(pixels.end(), {c[0], c[1], c[2], 255});
  }
  const QuantizedImage image = quantize_rgba(pixels, 256);
  EXPECT_EQ(image.palette.size(), 5u);
  ASSERT_EQ(image.indices.size(), 100u);
  for (int i = 0; i < 100; i++) {
    const auto& c = colours[(i * 7) % 5];
    const auto& p = image.palette[image.indices[i]];
    EXPECT_EQ(p[0], c[0]);
    EXPECT_EQ(p[1], c[1]);
    EXPECT_EQ(p[2], c[2]);
  }
}

TEST(Timelapse, TheMapsGradientsKeepCloseToTheirColours) {
  const Frame& map = rain_frames().back();
  const QuantizedImage image = quantize_rgba(map, 256);
  EXPECT_LE(image.palette.size(), 256u);
  std::vector<uint8_t> rgb;
  for (const uint8_t index : image.indices) {
    rgb.insert(rgb.end(), image.palette[index].begin(), image.palette[index].end());
  }
  EXPECT_LT(mean_abs_error(map, rgb, 3), 3.0);
  EXPECT_THROW(quantize_rgba(map, 0), std::invalid_argument);
  EXPECT_THROW(quantize_rgba(std::span(map).first(3), 16), std::invalid_argument);
}

// --- Whole recordings ----------------------------------------------------------------------

TEST(Timelapse, TheGifOfTheRainDecodesToItsFramesFromDropZeroToTheEnd) {
  ScratchDir dir;
  const fs::path path = dir / "rain.gif";
  const std::vector<Frame>& frames = rain_frames();
  const TimelapseProgress progress = record_every_frame(path, TimelapseFormat::gif, frames);
  EXPECT_EQ(progress.frames_added, static_cast<int64_t>(frames.size()));
  EXPECT_EQ(progress.frames_dropped, 0);
  // Only the file: no temporary left beside it.
  EXPECT_EQ(listing(dir.path()).size(), 1u);
  const DecodedGif gif = decode_gif(path);
  EXPECT_EQ(gif.width, 640);
  EXPECT_EQ(gif.height, 360);
  EXPECT_TRUE(gif.loops_forever);
  ASSERT_EQ(gif.frames.size(), frames.size());
  for (std::size_t i = 0; i < frames.size(); i++) {
    EXPECT_EQ(gif.delays[i], 4) << "frame " << i;  // 25 frames a second
    EXPECT_LT(mean_abs_error(frames[i], gif.frames[i], 3), 6.0) << "frame " << i;
  }
  // The first frame is the map at drop 0, the last the map at the end (and they differ).
  EXPECT_LT(mean_abs_error(frames.front(), gif.frames.front(), 3), 3.0);
  EXPECT_LT(mean_abs_error(frames.back(), gif.frames.back(), 3), 3.0);
  ASSERT_NE(frames.front(), frames.back());
  EXPECT_LT(mean_abs_error(frames.back(), gif.frames.back(), 3),
            mean_abs_error(frames.front(), gif.frames.back(), 3));
  EXPECT_LT(mean_abs_error(frames.front(), gif.frames.front(), 3),
            mean_abs_error(frames.back(), gif.frames.front(), 3));
}

TEST(Timelapse, TheMp4OfTheRainDecodesToItsFramesFromDropZeroToTheEnd) {
  ScratchDir dir;
  const fs::path path = dir / "rain.mp4";
  const std::vector<Frame>& frames = rain_frames();
  record_every_frame(path, TimelapseFormat::mp4, frames);
  EXPECT_EQ(listing(dir.path()).size(), 1u);
  const std::string bytes = read_file(path);
  ASSERT_GT(bytes.size(), 8u);
  EXPECT_EQ(bytes.substr(4, 4), "ftyp");
  const DecodedVideo video = decode_video(path);
  EXPECT_EQ(video.codec, AV_CODEC_ID_H264);
  EXPECT_EQ(video.pixel_format, AV_PIX_FMT_YUV420P);
  EXPECT_EQ(video.width, 640);
  EXPECT_EQ(video.height, 360);
  EXPECT_EQ(video.frame_rate.num, 25);
  EXPECT_EQ(video.frame_rate.den, 1);
  ASSERT_EQ(video.frames.size(), frames.size());
  for (std::size_t i = 0; i < frames.size(); i++) {
    EXPECT_GT(psnr(frames[i], video.frames[i]), 30.0) << "frame " << i;
  }
  EXPECT_LT(psnr(frames.front(), video.frames.back()), psnr(frames.back(), video.frames.back()));
  EXPECT_LT(psnr(frames.back(), video.frames.front()), psnr(frames.front(), video.frames.front()));
}

// The top-level boxes of an MP4 (ISO base media file), in file order, by walking their
// headers: a 32-bit size (1: a 64-bit size follows the type; 0: to the end) and a type.
std::vector<std::string> top_level_boxes(const std::string& bytes) {
  std::vector<std::string> types;
  std::size_t at = 0;
  const auto be = [&](std::size_t from, int count) {
    uint64_t v = 0;
    for (int k = 0; k < count; k++) v = v << 8 | static_cast<uint8_t>(bytes[from + k]);
    return v;
  };
  while (at + 8 <= bytes.size()) {
    uint64_t size = be(at, 4);
    types.push_back(bytes.substr(at + 4, 4));
    if (size == 1 && at + 16 <= bytes.size()) size = be(at + 8, 8);
    if (size == 0) size = bytes.size() - at;
    if (size < 8) break;
    at += size;
  }
  EXPECT_EQ(at, bytes.size()) << "the boxes do not end with the file";
  return types;
}

// The Y, Cb and Cr samples at the middle of a video's first frame, as decoded (no conversion).
struct Yuv {
  int y = -1;
  int cb = -1;
  int cr = -1;
};
Yuv middle_of_first_frame(const fs::path& path) {
  Yuv out;
  AVFormatContext* in = nullptr;
  if (avformat_open_input(&in, path.c_str(), nullptr, nullptr) < 0) return out;
  const AVCodec* codec = nullptr;
  const int stream = avformat_find_stream_info(in, nullptr) >= 0
                         ? av_find_best_stream(in, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
                         : -1;
  AVCodecContext* decoder = stream >= 0 ? avcodec_alloc_context3(codec) : nullptr;
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  if (decoder != nullptr &&
      avcodec_parameters_to_context(decoder, in->streams[stream]->codecpar) >= 0 &&
      avcodec_open2(decoder, codec, nullptr) >= 0) {
    bool got = false;
    while (!got && av_read_frame(in, packet) >= 0) {
      if (packet->stream_index == stream) avcodec_send_packet(decoder, packet);
      av_packet_unref(packet);
      got = avcodec_receive_frame(decoder, frame) == 0;
    }
    if (!got) {
      avcodec_send_packet(decoder, nullptr);
      got = avcodec_receive_frame(decoder, frame) == 0;
    }
    if (got && frame->format == AV_PIX_FMT_YUV420P) {
      const int x = frame->width / 2;
      const int y = frame->height / 2;
      out.y = frame->data[0][y * frame->linesize[0] + x];
      out.cb = frame->data[1][(y / 2) * frame->linesize[1] + x / 2];
      out.cr = frame->data[2][(y / 2) * frame->linesize[2] + x / 2];
    }
  }
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&decoder);
  avformat_close_input(&in);
  return out;
}

// Y'CbCr at limited range (8 bits) of an RGB colour, for a matrix with luma weights kr, kb.
Yuv limited_range(double r, double g, double b, double kr, double kb) {
  r /= 255, g /= 255, b /= 255;
  const double y = kr * r + (1 - kr - kb) * g + kb * b;
  return {static_cast<int>(std::lround(16 + 219 * y)),
          static_cast<int>(std::lround(128 + 224 * (b - y) / (2 * (1 - kb)))),
          static_cast<int>(std::lround(128 + 224 * (r - y) / (2 * (1 - kr))))};
}

// The MP4 starts playing before it is all there (its index, "moov", before the frames'
// "mdat"), is tagged BT.709 limited range throughout and holds pixels converted so (the
// samples are BT.709's, not BT.601's), and plays at the rate asked for.
TEST(Timelapse, TheMp4HasItsIndexFirstItsColoursTaggedAsConvertedAndItsRate) {
  ScratchDir dir;
  const fs::path path = dir / "tagged.mp4";
  constexpr int kW = 64;
  constexpr int kH = 36;
  const uint8_t colour[3] = {200, 40, 90};
  Frame plain(static_cast<std::size_t>(kW) * kH * 4);
  for (std::size_t i = 0; i < plain.size(); i += 4) {
    plain[i] = colour[0], plain[i + 1] = colour[1], plain[i + 2] = colour[2], plain[i + 3] = 255;
  }
  TimelapseOptions options = waiting(kW, kH);
  options.frames_per_second = 12;
  {
    TimelapseWriter writer(path, options);
    for (int i = 0; i < 30; i++)
      ASSERT_TRUE(writer.add_frame(i < 5 ? plain : synthetic_frame(kW, kH, i)));
    writer.finish();
  }
  const std::vector<std::string> boxes = top_level_boxes(read_file(path));
  ASSERT_FALSE(boxes.empty());
  EXPECT_EQ(boxes.front(), "ftyp");
  const auto moov = std::find(boxes.begin(), boxes.end(), "moov");
  const auto mdat = std::find(boxes.begin(), boxes.end(), "mdat");
  ASSERT_NE(moov, boxes.end());
  ASSERT_NE(mdat, boxes.end());
  EXPECT_LT(moov - boxes.begin(), mdat - boxes.begin());

  const DecodedVideo video = decode_video(path);
  EXPECT_EQ(video.color_primaries, AVCOL_PRI_BT709);
  EXPECT_EQ(video.color_trc, AVCOL_TRC_BT709);
  EXPECT_EQ(video.color_space, AVCOL_SPC_BT709);
  EXPECT_EQ(video.color_range, AVCOL_RANGE_MPEG);
  EXPECT_EQ(video.frame_rate.num, 12);
  EXPECT_EQ(video.frame_rate.den, 1);
  ASSERT_EQ(video.frames.size(), 30u);
  // The time base is not 1 / rate: the MP4 muxer doubles the rate's until it is at least
  // 10,000 (12 x 1024), and each frame lasts 1024 of its ticks, 1 / 12 s (docs/exports.md).
  EXPECT_EQ(video.time_base.num, 1);
  EXPECT_EQ(video.time_base.den, 12288);
  ASSERT_EQ(video.packet_durations.size(), 30u);
  for (const int64_t d : video.packet_durations) EXPECT_EQ(d, 1024);

  // The samples are BT.709's (Y 83 for this colour; BT.601's would be 96).
  const Yuv got = middle_of_first_frame(path);
  const Yuv bt709 = limited_range(colour[0], colour[1], colour[2], 0.2126, 0.0722);
  const Yuv bt601 = limited_range(colour[0], colour[1], colour[2], 0.299, 0.114);
  ASSERT_GT(std::abs(bt709.y - bt601.y), 10);
  EXPECT_NEAR(got.y, bt709.y, 2);
  EXPECT_NEAR(got.cb, bt709.cb, 2);
  EXPECT_NEAR(got.cr, bt709.cr, 2);
  // And converted back as tagged, the colour comes back.
  const std::vector<uint8_t>& first = video.frames.front();
  const std::size_t middle = (static_cast<std::size_t>(kH / 2) * kW + kW / 2) * 4;
  for (int c = 0; c < 3; c++) EXPECT_NEAR(first[middle + c], colour[c], 3) << c;
}

// The rate asked for: the GIF's delay is 100 / fps centiseconds, rounded, at least 2; 1..60
// frames a second are allowed, anything else is refused naming the value.
TEST(Timelapse, TheFrameRateIsTheOneAskedForWithinOneToSixty) {
  ScratchDir dir;
  for (const auto& [fps, delay] : {std::pair{1, 100}, std::pair{12, 8}, std::pair{25, 4},
                                   std::pair{30, 3}, std::pair{60, 2}}) {
    SCOPED_TRACE(fps);
    const fs::path path = dir / ("rate" + std::to_string(fps) + ".gif");
    TimelapseOptions options = waiting(32, 18);
    options.frames_per_second = fps;
    {
      TimelapseWriter writer(path, options);
      for (int i = 0; i < 3; i++) ASSERT_TRUE(writer.add_frame(synthetic_frame(32, 18, i)));
      writer.finish();
    }
    const DecodedGif gif = decode_gif(path);
    ASSERT_EQ(gif.delays.size(), 3u);
    for (const int d : gif.delays) EXPECT_EQ(d, delay);
  }
  const fs::path mp4 = dir / "rate60.mp4";
  TimelapseOptions sixty = waiting(32, 18);
  sixty.frames_per_second = 60;
  {
    TimelapseWriter writer(mp4, sixty);
    for (int i = 0; i < 3; i++) ASSERT_TRUE(writer.add_frame(synthetic_frame(32, 18, i)));
    writer.finish();
  }
  const DecodedVideo sixty_fps = decode_video(mp4);
  EXPECT_EQ(sixty_fps.frame_rate.num, 60);
  EXPECT_EQ(sixty_fps.time_base.den, 15360);  // 60 x 256; each frame 256 ticks, 1 / 60 s
  for (const int64_t d : sixty_fps.packet_durations) EXPECT_EQ(d, 256);
  EXPECT_EQ(TimelapseOptions{}.frames_per_second, 25);
  for (const int bad : {0, 61, -5}) {
    TimelapseOptions options;
    options.frames_per_second = bad;
    const std::string why = refusal(dir / "bad.mp4", options);
    EXPECT_NE(why.find("frames a second " + std::to_string(bad) + ": allowed are 1..60"),
              std::string::npos)
        << why;
  }
  EXPECT_FALSE(fs::exists(dir / "bad.mp4"));
}

TEST(Timelapse, SmallSizesAndStillFramesKeepEveryFrame) {
  ScratchDir dir;
  for (const auto& [w, h] : {std::pair{64, 36}, std::pair{2, 2}, std::pair{30, 18}}) {
    for (const char* ext : {".gif", ".mp4"}) {
      const fs::path path = dir / (std::to_string(w) + "x" + std::to_string(h) + ext);
      std::vector<Frame> frames;
      for (int i = 0; i < 9; i++) frames.push_back(synthetic_frame(w, h, i / 3 * 3));  // 3 still
      TimelapseWriter writer(path, waiting(w, h));
      for (const Frame& f : frames) ASSERT_TRUE(writer.add_frame(f));
      writer.finish();
      if (std::string(ext) == ".gif") {
        const DecodedGif gif = decode_gif(path);
        EXPECT_EQ(gif.width, w);
        EXPECT_EQ(gif.height, h);
        ASSERT_EQ(gif.frames.size(), frames.size()) << path;
        for (std::size_t i = 0; i < frames.size(); i++) {
          EXPECT_LT(mean_abs_error(frames[i], gif.frames[i], 3), 6.0) << path << " frame " << i;
        }
      } else {
        const DecodedVideo video = decode_video(path);
        EXPECT_EQ(video.width, w);
        EXPECT_EQ(video.height, h);
        EXPECT_EQ(video.frames.size(), frames.size()) << path;
      }
    }
  }
}

// --- Refusals ------------------------------------------------------------------------------

TEST(Timelapse, BadRequestsAreRefusedUpFrontNamingWhatIsWrong) {
  ScratchDir dir;
  auto options = [](int w, int h) {
    TimelapseOptions o;
    o.width = w;
    o.height = h;
    return o;
  };
  const std::string odd = refusal(dir / "odd.mp4", options(641, 360));
  EXPECT_NE(odd.find("odd.mp4"), std::string::npos) << odd;
  EXPECT_NE(odd.find("641 x 360"), std::string::npos) << odd;
  EXPECT_NE(odd.find("even"), std::string::npos) << odd;
  // An odd size is fine for a GIF.
  EXPECT_EQ(refusal(dir / "odd.gif", options(641, 361)), "");

  const std::string extension = refusal(dir / "rain.avi");
  EXPECT_NE(extension.find("rain.avi"), std::string::npos) << extension;
  EXPECT_NE(extension.find(".gif and .mp4"), std::string::npos) << extension;
  EXPECT_NE(refusal(dir / "rain").find(".gif and .mp4"), std::string::npos);

  const std::string folder = refusal(dir / "missing" / "rain.gif");
  EXPECT_NE(folder.find("the folder"), std::string::npos) << folder;
  EXPECT_NE(folder.find("does not exist"), std::string::npos) << folder;

  const std::string small = refusal(dir / "small.gif", options(1, 360));
  EXPECT_NE(small.find("1 x 360"), std::string::npos) << small;
  EXPECT_NE(small.find("2..7680 x 2..4320"), std::string::npos) << small;
  EXPECT_NE(refusal(dir / "big.mp4", options(7682, 360)).find("7682"), std::string::npos);
  EXPECT_NE(refusal(dir / "tall.gif", options(640, 4321)).find("4321"), std::string::npos);

  TimelapseOptions fast;
  fast.frames_per_second = 0;
  EXPECT_NE(refusal(dir / "fps.gif", fast).find("frames a second 0"), std::string::npos);
  TimelapseOptions queue;
  queue.queue_frames = 0;
  EXPECT_NE(refusal(dir / "queue.gif", queue).find("queued frames 0"), std::string::npos);
  TimelapseOptions crf;
  crf.mp4_crf = 52;
  EXPECT_NE(refusal(dir / "crf.mp4", crf).find("52"), std::string::npos);
  TimelapseOptions preset;
  preset.mp4_preset = "warp";
  EXPECT_NE(refusal(dir / "preset.mp4", preset).find("warp"), std::string::npos);

  // Nothing was written by any of them (odd.gif was opened and cancelled unfinished).
  EXPECT_TRUE(listing(dir.path()).empty());
}

TEST(Timelapse, AnExistingFileIsNeverOverwritten) {
  ScratchDir dir;
  const fs::path path = dir / "rain.gif";
  terrain::testing::write_text(path, "mine");
  const auto before = listing(dir.path());
  const std::string refused = refusal(path);
  EXPECT_NE(refused.find("already exists"), std::string::npos) << refused;
  EXPECT_EQ(listing(dir.path()), before);

  // A file that appears while recording is not overwritten either: the finish fails.
  const fs::path later = dir / "later.mp4";
  TimelapseWriter writer(later, waiting(64, 36));
  writer.add_frame(synthetic_frame(64, 36, 0));
  terrain::testing::write_text(later, "someone else's");
  const auto with_it = listing(dir.path());
  // finish() fails ("(no error)" if it does not).
  const std::string failed =
      terrain::testing::error_of<std::runtime_error>([&] { writer.finish(); });
  EXPECT_NE(failed.find("later.mp4"), std::string::npos) << failed;
  EXPECT_NE(failed.find("already exists"), std::string::npos) << failed;
  EXPECT_EQ(writer.progress().state, TimelapseProgress::State::failed);
  EXPECT_EQ(listing(dir.path()), with_it);
  EXPECT_EQ(read_file(later), "someone else's");
}

TEST(Timelapse, CancelledOrEmptyRecordingsLeaveNothing) {
  ScratchDir dir;
  {
    TimelapseWriter writer(dir / "cancelled.gif", waiting(64, 36));
    for (int i = 0; i < 5; i++) writer.add_frame(synthetic_frame(64, 36, i));
    writer.cancel();
    EXPECT_EQ(writer.progress().state, TimelapseProgress::State::cancelled);
    EXPECT_THROW(writer.add_frame(synthetic_frame(64, 36, 0)), std::logic_error);
    EXPECT_THROW(writer.finish(), std::logic_error);
  }
  {
    // Dropped without finishing: the same as cancelled.
    TimelapseWriter writer(dir / "dropped.mp4", waiting(64, 36));
    for (int i = 0; i < 5; i++) writer.add_frame(synthetic_frame(64, 36, i));
  }
  {
    TimelapseWriter writer(dir / "empty.gif", waiting(64, 36));
    // finish() fails ("(no error)" if it does not).
    const std::string failed =
        terrain::testing::error_of<std::runtime_error>([&] { writer.finish(); });
    EXPECT_NE(failed.find("empty.gif"), std::string::npos) << failed;
    EXPECT_NE(failed.find("no frames"), std::string::npos) << failed;
  }
  EXPECT_TRUE(listing(dir.path()).empty());
}

TEST(Timelapse, AFrameOfTheWrongSizeOrAfterTheEndIsAProgrammingError) {
  ScratchDir dir;
  TimelapseWriter writer(dir / "rain.gif", waiting(64, 36));
  EXPECT_THROW(writer.add_frame(synthetic_frame(64, 34, 0)), std::invalid_argument);
  EXPECT_TRUE(writer.add_frame(synthetic_frame(64, 36, 0)));
  writer.finish();
  writer.finish();  // a second finish does nothing
  EXPECT_THROW(writer.add_frame(synthetic_frame(64, 36, 0)), std::logic_error);
  EXPECT_EQ(decode_gif(dir / "rain.gif").frames.size(), 1u);
}

// --- The caller's thread -------------------------------------------------------------------

TEST(Timelapse, TheQueueHoldsTheFramesAskedForWithinItsMemory) {
  ScratchDir dir;
  EXPECT_EQ(TimelapseWriter(dir / "a.gif").queue_capacity(), 8);
  TimelapseOptions three;
  three.queue_frames = 3;
  EXPECT_EQ(TimelapseWriter(dir / "b.mp4", three).queue_capacity(), 3);
  TimelapseOptions uhd;  // 33 MB a frame: 8 fit in 256 MiB, 64 do not
  uhd.width = 3840;
  uhd.height = 2160;
  uhd.queue_frames = 64;
  EXPECT_EQ(TimelapseWriter(dir / "c.gif", uhd).queue_capacity(), 8);
  EXPECT_TRUE(listing(dir.path()).empty());
}

TEST(Timelapse, FramesAreEncodedOnTheWorkerNeverOnTheCaller) {
  ScratchDir dir;
  for (const char* name : {"rain.gif", "rain.mp4"}) {
    TimelapseWriter writer(dir / name, waiting());
    EXPECT_EQ(writer.worker_thread_id(), std::thread::id());  // nothing encoded yet
    writer.add_frame(rain_frames().front());
    writer.finish();
    EXPECT_NE(writer.worker_thread_id(), std::this_thread::get_id()) << name;
    EXPECT_NE(writer.worker_thread_id(), std::thread::id()) << name;
  }
}

TEST(Timelapse, AFullQueueDropsFramesRatherThanWaitForTheEncoder) {
  // Two alternating maps: every frame changes everywhere, so each takes a whole encode. With
  // one buffer, a caller that hands frames over back to back finds the buffer still being
  // encoded (an add_frame that encoded would never drop); it goes on until it has been refused
  // a few times (a handful of calls: a copy against a whole encode; the bound is only there so
  // that a writer that never drops ends the test), and what was taken is what the file holds.
  ScratchDir dir;
  const fs::path path = dir / "rain.gif";
  const std::vector<Frame>& maps = rain_frames();
  TimelapseOptions options;
  options.queue_frames = 1;
  TimelapseWriter writer(path, options);
  int taken = 0;
  int calls = 0;
  for (; calls < 100000 && calls - taken < 3; calls++) {
    taken += writer.add_frame(maps[calls % 2 == 0 ? 0 : 11]) ? 1 : 0;
  }
  writer.finish();
  const TimelapseProgress progress = writer.progress();
  EXPECT_EQ(progress.frames_added, taken);
  EXPECT_EQ(progress.frames_added + progress.frames_dropped, calls);
  EXPECT_EQ(progress.frames_dropped, 3);
  EXPECT_EQ(decode_gif(path).frames.size(), static_cast<std::size_t>(taken));
}

// What handing a frame over costs the caller against encoding it is measured in bench/
// (timelapse_bench.cpp: BM_TimelapseAddFrame against BM_GifEncodeFrame), not here: a test's
// time on a shared machine says nothing.

}  // namespace
}  // namespace terrain::io
