// The history: how long undo, redo and the timeline take to bring a map back, and how much
// memory the history of a long session holds.
//
// Each session is made as a user makes one: live ticks of 200 drops (the defaults), with a
// slider moved every 3,000 drops (a step of the history each), to 300,000 and to 1,000,000
// drops. Then, timed one by one: a seek to 129 counts spread over the whole timeline (and
// back to the end), and undo / redo to every step of the History list. Each is a whole
// command as the app carries it out: the checkpoint restored, the commands after it
// replayed, the hydrology and rivers worked out for the place. The counters give the median
// and the longest; the target is a 16 ms frame. And what the recipe of such a session costs.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

#include "session/live_model.h"
#include "sessions.h"
#include "timing.h"

namespace terrain::session {
namespace {

using Clock = std::chrono::steady_clock;

struct Spread {
  double median = 0;
  double longest = 0;
};

Spread spread(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms.back()};
}

void seeks(benchmark::State& state, uint64_t drops) {
  const auto model = session_of(drops);
  const uint64_t total = model->history().timeline().total;
  std::vector<double> ms;
  for (auto _ : state) {
    ms.clear();
    for (int k = 128; k >= 0; k--) {
      const uint64_t to = total * static_cast<uint64_t>(k) / 128 + (k % 2 == 0 ? 0 : 137);
      const Clock::time_point t = Clock::now();
      model->apply(HistoryCommand{Seek{std::min(to, total)}});
      ms.push_back(ms_since(t));
    }
  }
  const Spread s = spread(ms);
  state.counters["seeks"] = static_cast<double>(ms.size());
  state.counters["median_ms"] = s.median;
  state.counters["longest_ms"] = s.longest;
  state.counters["history_MiB"] = static_cast<double>(model->history().bytes()) / (1024.0 * 1024.0);
  state.counters["checkpoints"] = static_cast<double>(model->history().checkpoints().size());
  state.counters["spacing"] = static_cast<double>(model->history().spacing());
}

void BM_HistorySeek300k(benchmark::State& state) {
  seeks(state, 300000);
}
BENCHMARK(BM_HistorySeek300k)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_HistorySeek1M(benchmark::State& state) {
  seeks(state, 1000000);
}
BENCHMARK(BM_HistorySeek1M)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

// Undo one step at a time from the end to the start, then redo back to the end: every depth.
void BM_HistoryUndoRedoEveryStep300k(benchmark::State& state) {
  const auto model = session_of(300000);
  std::vector<double> ms;
  for (auto _ : state) {
    ms.clear();
    while (model->history().can_undo()) {
      const Clock::time_point t = Clock::now();
      model->apply(HistoryCommand{Undo{}});
      ms.push_back(ms_since(t));
    }
    while (model->history().can_redo()) {
      const Clock::time_point t = Clock::now();
      model->apply(HistoryCommand{Redo{}});
      ms.push_back(ms_since(t));
    }
  }
  const Spread s = spread(ms);
  state.counters["steps"] = static_cast<double>(ms.size());
  state.counters["median_ms"] = s.median;
  state.counters["longest_ms"] = s.longest;
}
BENCHMARK(BM_HistoryUndoRedoEveryStep300k)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

// The recipe of a long session (LiveModel::recipe), which is read from the history on each
// call rather than kept up to date as the map changes: what one call costs.
void BM_HistoryRecipe1M(benchmark::State& state) {
  const auto model = session_of(1000000);
  std::size_t commands = 0;
  for (auto _ : state) {
    const MapRecipe recipe = model->recipe();
    commands = recipe.commands.size();
    benchmark::DoNotOptimize(commands);
  }
  state.counters["commands"] = static_cast<double>(commands);
  state.counters["atoms"] = static_cast<double>(model->history().atoms().size());
}
BENCHMARK(BM_HistoryRecipe1M)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace terrain::session
