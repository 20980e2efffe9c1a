// Time-lapses, against the issue's targets ("recording at the defaults costs the frame under
// 1 ms of the main thread"; the encoding, on its worker, keeps up with a frame every 10 ticks,
// 6 frames a second at 60 ticks a second):
//
//   BM_TimelapseAddFrame   what io::TimelapseWriter::add_frame costs the calling thread at the
//                          default 640 x 360 (the copy into the writer's queue), each call
//                          timed alone once the worker has a free buffer (manual time).
//   BM_GifEncodeFrame      io::GifEncoder on the worker: one 640 x 360 frame of the rain
//                          (quantized, compressed), frames 10 ticks apart (2000 drops); and
//                          "every_pixel_changed", frames that differ everywhere (its worst).
//   BM_Mp4EncodeFrame      io::Mp4Encoder: the same frames converted to YUV 4:2:0 and encoded
//                          by libx264 on one thread, at its presets.
//   BM_TimelapseRecording  a whole recording of 30 frames through the writer to a file in a
//                          temporary folder: add_frame each, finish(), the file written.
//
// The frames are the sketch's island (seed 42) painted as a map (heights tinted and shaded,
// each cell 2 x 2 pixels), after every 2000 drops of its rain, made once outside the loops.
// Counters: per_frame (the encoding time of one frame), bytes_per_frame (its encoded size),
// dropped (frames the queue refused: 0), bytes (a recording's file).
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/ground.h"
#include "core/heightfield.h"
#include "core/rain.h"
#include "io/gif_encoder.h"
#include "io/mp4_encoder.h"
#include "io/timelapse.h"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using Frame = std::vector<uint8_t>;

constexpr int kWidth = 640;
constexpr int kHeight = 360;
constexpr int kFrames = 30;

// The field painted as a map: sea in blues below 0.25, land green to brown to white, shaded
// from the north-west, each cell 2 x 2 pixels.
Frame paint_map(const Heightfield& field) {
  constexpr int kScale = 2;
  const int w = field.width() * kScale;
  Frame pixels(static_cast<std::size_t>(w) * field.height() * kScale * 4);
  auto mix = [](double a, double b, double t) { return a + (b - a) * t; };
  for (int cy = 0; cy < field.height(); cy++) {
    for (int cx = 0; cx < field.width(); cx++) {
      const double z = field.at(cx, cy);
      const double slope =
          field.at(std::min(cx + 1, field.width() - 1), cy) - field.at(std::max(cx - 1, 0), cy) +
          field.at(cx, std::min(cy + 1, field.height() - 1)) - field.at(cx, std::max(cy - 1, 0));
      const double shade = std::clamp(0.8 - 6.0 * slope, 0.35, 1.2);
      double rgb[3];
      if (z < 0.25) {
        const double t = std::clamp(z / 0.25, 0.0, 1.0);
        rgb[0] = mix(10, 60, t);
        rgb[1] = mix(30, 120, t);
        rgb[2] = mix(80, 170, t);
      } else {
        const double t = std::clamp((z - 0.25) / 0.75, 0.0, 1.0);
        const double u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
        rgb[0] = t < 0.5 ? mix(70, 150, u) : mix(150, 250, u);
        rgb[1] = t < 0.5 ? mix(140, 120, u) : mix(120, 250, u);
        rgb[2] = t < 0.5 ? mix(60, 70, u) : mix(70, 250, u);
        for (double& c : rgb) c *= shade;
      }
      for (int sy = 0; sy < kScale; sy++) {
        for (int sx = 0; sx < kScale; sx++) {
          const std::size_t at =
              (static_cast<std::size_t>(cy * kScale + sy) * w + cx * kScale + sx) * 4;
          for (int c = 0; c < 3; c++) {
            pixels[at + c] = static_cast<uint8_t>(std::clamp(rgb[c], 0.0, 255.0));
          }
          pixels[at + 3] = 255;
        }
      }
    }
  }
  return pixels;
}

// kFrames frames of the rain, 2000 drops (10 ticks at 200 drops a tick) apart, from drop 0.
const std::vector<Frame>& rain_frames() {
  static const std::vector<Frame> frames = [] {
    Heightfield ground = grow_ground(42, {});
    Rain rain(ground, 42);
    std::vector<Frame> out;
    for (int i = 0; i < kFrames; i++) {
      if (i > 0) rain.run(2000);
      out.push_back(paint_map(ground));
    }
    return out;
  }();
  return frames;
}

// A fresh empty folder under /tmp, removed with its files when it goes.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "terrain-timelapse-bench-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

void BM_TimelapseAddFrame(benchmark::State& state, const char* extension) {
  const std::vector<Frame>& frames = rain_frames();
  TempDir dir;
  io::TimelapseWriter writer(dir.path() / (std::string("rain") + extension));
  std::size_t next = 0;
  for (auto _ : state) {
    // Untimed: the worker frees a buffer, as it does between the app's captures.
    while (writer.progress().frames_added - writer.progress().frames_encoded >=
           writer.queue_capacity()) {
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    const auto start = std::chrono::steady_clock::now();
    const bool taken = writer.add_frame(frames[next]);
    const auto end = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(taken);
    state.SetIterationTime(std::chrono::duration<double>(end - start).count());
    next = (next + 1) % frames.size();
  }
  state.counters["dropped"] = static_cast<double>(writer.progress().frames_dropped);
  writer.cancel();
}
BENCHMARK_CAPTURE(BM_TimelapseAddFrame, gif, ".gif")
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_TimelapseAddFrame, mp4, ".mp4")
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);

// The frames in order (the rain, 10 ticks apart), or alternating the first and the last (every
// pixel changes every frame).
const Frame& frame_for(std::size_t i, bool every_pixel_changed) {
  const std::vector<Frame>& frames = rain_frames();
  if (every_pixel_changed) return i % 2 == 0 ? frames.front() : frames.back();
  return frames[i % frames.size()];
}

// Each run: a new encoder from `make()` (outside the timing) given kFrames frames, then its
// file made; counts per_frame and bytes_per_frame. The GIF and MP4 benchmarks are this.
template <typename MakeEncoder>
void time_encoder(benchmark::State& state, const MakeEncoder& make, bool every_pixel_changed) {
  frame_for(0, false);  // made before the timing
  std::size_t bytes = 0;
  int64_t frames = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto encoder = make();
    state.ResumeTiming();
    for (std::size_t i = 0; i < std::size_t{kFrames}; i++)
      encoder.add_frame(frame_for(i, every_pixel_changed));
    bytes += encoder.finish().size();
    frames += kFrames;
  }
  state.SetItemsProcessed(frames);
  state.counters["per_frame"] = benchmark::Counter(
      static_cast<double>(frames), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["bytes_per_frame"] = static_cast<double>(bytes) / static_cast<double>(frames);
}

void BM_GifEncodeFrame(benchmark::State& state, bool every_pixel_changed) {
  time_encoder(
      state, [] { return io::GifEncoder(kWidth, kHeight, 4); }, every_pixel_changed);
}
BENCHMARK_CAPTURE(BM_GifEncodeFrame, rain, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GifEncodeFrame, every_pixel_changed, true)->Unit(benchmark::kMillisecond);

void BM_Mp4EncodeFrame(benchmark::State& state, const char* preset) {
  time_encoder(
      state,
      [preset] {
        return io::Mp4Encoder(kWidth, kHeight, 25, io::Mp4Settings{20, preset});
      },
      false);
}
BENCHMARK_CAPTURE(BM_Mp4EncodeFrame, veryfast, "veryfast")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Mp4EncodeFrame, fast, "fast")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Mp4EncodeFrame, medium, "medium")->Unit(benchmark::kMillisecond);

void BM_TimelapseRecording(benchmark::State& state, const char* extension) {
  const std::vector<Frame>& frames = rain_frames();
  TempDir dir;
  int run = 0;
  for (auto _ : state) {
    io::TimelapseOptions options;
    options.when_full = io::TimelapseOptions::WhenFull::wait;
    const fs::path path = dir.path() / ("rain-" + std::to_string(run++) + extension);
    io::TimelapseWriter writer(path, options);
    for (const Frame& f : frames) writer.add_frame(f);
    writer.finish();
    state.PauseTiming();
    state.counters["bytes"] = static_cast<double>(fs::file_size(path));
    fs::remove(path);
    state.ResumeTiming();
  }
}
BENCHMARK_CAPTURE(BM_TimelapseRecording, gif, ".gif")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TimelapseRecording, mp4, ".mp4")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace terrain
