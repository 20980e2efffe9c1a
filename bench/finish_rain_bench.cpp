// Finishing the rain now: a whole 300,000-drop rain from a fresh seed-42 model (the defaults,
// 200 drops a frame), wall time from finish_rain() to the finish landed, the worker raining
// while this thread polls as the app's frames would. Also the longest the calling thread spent
// in one call (the start, a poll, the landing with its river rebuild): what a frame of the app
// can lose to the model while it finishes.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

#include "session/live_model.h"
#include "timing.h"

namespace terrain::session {
namespace {

using Clock = std::chrono::steady_clock;

void BM_FinishRain300kDrops(benchmark::State& state) {
  double start_ms = 0;  // the longest finish_rain() call
  double land_ms = 0;   // the longest landing update_work() call
  double poll_ms = 0;   // the longest other update_work() call
  for (auto _ : state) {
    state.PauseTiming();
    auto model = std::make_unique<LiveModel>(42);
    state.ResumeTiming();
    Clock::time_point t = Clock::now();
    model->finish_rain();
    start_ms = std::max(start_ms, ms_since(t));
    for (;;) {
      t = Clock::now();
      const bool landed = model->update_work();
      const double spent = ms_since(t);
      if (landed) {
        land_ms = std::max(land_ms, spent);
        break;
      }
      poll_ms = std::max(poll_ms, spent);
      std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    benchmark::DoNotOptimize(model->heights().data());
    state.PauseTiming();
    model.reset();
    state.ResumeTiming();
  }
  state.counters["drops_per_s"] = benchmark::Counter(
      static_cast<double>(sketch::RAIN_TARGET) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
  state.counters["start_ms"] = start_ms;
  state.counters["poll_ms"] = poll_ms;
  state.counters["land_ms"] = land_ms;
}
BENCHMARK(BM_FinishRain300kDrops)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

}  // namespace
}  // namespace terrain::session
