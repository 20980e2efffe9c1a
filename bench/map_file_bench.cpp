// Map files (session/saved_map.h): how long saving and opening a map take, and how large the
// file is, for a session of 300,000 drops and one of 1,000,000 (sessions.h: a slider moved
// every 3,000 drops, so 100 and 333 steps).
//
//   save  the session as the window saves it: the history's checkpoints hashed and some of
//         their grids copied (LiveModel::save), the sections compressed, and the file written
//         whole to a temporary name and renamed (write_map_file)
//   open  the file read and checked (read_map_file) and its history rebuilt (history_of), on
//         the app's worker, then the session opened at its place (LiveModel::open: a
//         checkpoint restored, the rain after it replayed, the rivers and the hydrology worked
//         out: the first frame's map), on the main thread ("land")
//   autosave's copy  what an autosave costs the main thread (BM_MapFileAutosaveCopy)
// Each is timed 9 times; the counters give the median and the longest, the file's size and how
// many checkpoints it keeps grids for. Targets (issue: map files): save <= 50 ms, open <= 100 ms
// at 300,000 drops.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "session/live_model.h"
#include "session/saved_map.h"
#include "sessions.h"
#include "timing.h"

namespace terrain::session {
namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

double median(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

void save_and_open(benchmark::State& state, uint64_t drops) {
  const auto model = session_of(drops);
  // (Names appended, not prefixed: GCC 12 sees a false overlap in "literal" + std::string.)
  std::string name = "terrain-bench-";
  name += std::to_string(getpid());
  const fs::path dir = fs::temp_directory_path() / name;
  fs::create_directories(dir);
  std::vector<double> save_ms;
  std::vector<double> open_ms;
  std::vector<double> land_ms;  // the main thread's part: the history rebuilt, it lands
  LiveModel opened(1);
  for (auto _ : state) {
    for (int k = 0; k < 9; k++) {
      std::string file = "m";
      file += std::to_string(k);
      file += ".tsmap";
      const std::string path = (dir / file).string();
      Clock::time_point t = Clock::now();
      write_map_file(path, model->save(), io::WriteMode::never_overwrite);
      save_ms.push_back(ms_since(t));
      t = Clock::now();
      const SavedMap read = read_map_file(path);
      History history = history_of(read);
      PlacedMap placed = place_map(read, history);
      const double on_worker = ms_since(t);
      const Clock::time_point landing = Clock::now();
      opened.open(read, std::move(history), std::move(placed));
      land_ms.push_back(ms_since(landing));
      open_ms.push_back(on_worker + land_ms.back());
    }
  }
  const SavedMap saved = model->save();
  std::size_t with_grids = 0;
  for (const SavedCheckpoint& c : saved.checkpoints) with_grids += c.heights >= 0;
  state.counters["save_median_ms"] = median(save_ms);
  state.counters["save_longest_ms"] = *std::max_element(save_ms.begin(), save_ms.end());
  state.counters["open_median_ms"] = median(open_ms);
  state.counters["open_longest_ms"] = *std::max_element(open_ms.begin(), open_ms.end());
  state.counters["land_median_ms"] = median(land_ms);
  state.counters["land_longest_ms"] = *std::max_element(land_ms.begin(), land_ms.end());
  state.counters["file_MiB"] =
      static_cast<double>(fs::file_size(dir / "m0.tsmap")) / (1024.0 * 1024.0);
  state.counters["checkpoints"] = static_cast<double>(saved.checkpoints.size());
  state.counters["with_grids"] = static_cast<double>(with_grids);
  state.counters["grids"] = static_cast<double>(saved.grids.size());
  state.counters["steps"] = static_cast<double>(saved.steps.size());
  fs::remove_all(dir);
}

// What an autosave costs the main thread (app/autosave.h): the session copied as a map file
// keeps it, with the grids of the autosave before it taken again (session::GridCache): only the
// grids new since are copied. Measured after each 5 seconds of live rain (300 ticks of 200
// drops) on a 300,000-drop session, 20 times; the writing is the worker's.
void BM_MapFileAutosaveCopy(benchmark::State& state) {
  const auto model = session_of(300000);
  GridCache cache;
  model->save(&cache);
  std::vector<double> ms;
  for (auto _ : state) {
    for (int k = 0; k < 20; k++) {
      model->play();
      for (int t = 0; t < 300; t++) model->tick();
      model->pause();
      const Clock::time_point t = Clock::now();
      const SavedMap saved = model->save(&cache);
      ms.push_back(ms_since(t));
      benchmark::DoNotOptimize(saved.grids.data());
    }
  }
  state.counters["copy_median_ms"] = median(ms);
  state.counters["copy_longest_ms"] = *std::max_element(ms.begin(), ms.end());
}
BENCHMARK(BM_MapFileAutosaveCopy)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_MapFile300k(benchmark::State& state) {
  save_and_open(state, 300000);
}
BENCHMARK(BM_MapFile300k)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_MapFile1M(benchmark::State& state) {
  save_and_open(state, 1000000);
}
BENCHMARK(BM_MapFile1M)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

}  // namespace
}  // namespace terrain::session
