// Finishing the rain now: the rest of the rain on a worker thread, landing as the frame where
// live rain stops.
//
// Sections: helpers; Rain::rebind (the copy the worker rains on); the finish against live rain
// to the target (the sketch's own seed-42 run, then mid-run starts with drops_per_frame that do
// not divide RAIN_TARGET, playing and paused), the progress, commands while finishing, recipe
// replay; what is refused; destroying a model mid-finish.
//
// Each full rain is about 0.7 s in Release: these tests rain six, and two more at the highest
// sea level (about half the cost).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "../core/test_support.h"
#include "allocation_counter.h"
#include "core/island.h"
#include "core/rain.h"
#include "map_bytes.h"
#include "session/live_model.h"

namespace terrain::session {
namespace {

constexpr auto kTarget = static_cast<uint64_t>(sketch::RAIN_TARGET);

// --- Helpers ---------------------------------------------------------------------------------

template <typename T>
bool same_bytes(std::span<const T> a, std::span<const T> b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size_bytes()) == 0;
}
template <typename T>
bool same_bytes(const std::vector<T>& a, const std::vector<T>& b) {
  return same_bytes(std::span<const T>(a), std::span<const T>(b));
}
using session::same_bytes;  // two fields (map_bytes.h)

Settings finish_settings(int drops_per_frame) {
  Settings s;
  s.drops_per_frame = drops_per_frame;
  return s;
}

// Where live rain stops: the first whole number of ticks at or past the target.
uint64_t stop_after(uint64_t drops, int per_tick) {
  const auto n = static_cast<uint64_t>(per_tick);
  return drops + (kTarget - drops + n - 1) / n * n;
}

// Two models' drawn state after the rain stopped: the same heights, drops, rivers' picture
// (what is drawn of it: a jump, so no ghosts), and hydrology.
void expect_same_map(const LiveModel& finished, const LiveModel& live) {
  EXPECT_EQ(finished.drops(), live.drops());
  EXPECT_TRUE(same_bytes(finished.heights(), live.heights()))
      << testing::bit_differences(finished.heights().data(), live.heights().data(),
                                  std::min(finished.heights().size(), live.heights().size()))
      << " heights differ";
  EXPECT_TRUE(same_bytes(finished.original(), live.original()));
  EXPECT_EQ(finished.rain().stats().drops, live.rain().stats().drops);
  EXPECT_EQ(finished.rain().stats().steps, live.rain().stats().steps);
  EXPECT_TRUE(same_bytes(finished.water(), live.water()));
  EXPECT_TRUE(same_bytes(finished.rivers().downstream, live.rivers().downstream));
  EXPECT_TRUE(same_bytes(finished.rivers().shown, live.rivers().shown));
  EXPECT_TRUE(same_bytes(finished.rivers().fade_in, live.rivers().fade_in));
  EXPECT_TRUE(same_bytes(finished.rivers().ghost_fade, live.rivers().ghost_fade));
  const Drainage& a = finished.hydrology().drainage();
  const Drainage& b = live.hydrology().drainage();
  EXPECT_TRUE(same_bytes(a.downstream(), b.downstream()));
  EXPECT_TRUE(same_bytes(a.flow(), b.flow()));
  EXPECT_TRUE(same_bytes(a.basins(), b.basins()));
  EXPECT_TRUE(same_bytes(finished.hydrology().strahler(), live.hydrology().strahler()));
  EXPECT_TRUE(same_bytes(finished.hydrology().lake_depth(), live.hydrology().lake_depth()));
}

// The rivers as a paused redraw leaves them: the latest drainage, every piece faded in.
void expect_jumped(const LiveModel& model) {
  EXPECT_TRUE(same_bytes(model.rivers().shown,
                         std::vector<float>(model.water().begin(), model.water().end())));
  EXPECT_TRUE(std::all_of(model.rivers().fade_in.begin(), model.rivers().fade_in.end(),
                          [](float f) { return f == 1.0f; }));
  EXPECT_TRUE(std::all_of(model.rivers().ghost_fade.begin(), model.rivers().ghost_fade.end(),
                          [](float g) { return g == 0.0f; }));
}

// Live rain: ticks until it stops itself.
void tick_to_stop(LiveModel& model) {
  model.play();
  for (int k = 0; k < 100000 && model.playing(); k++) model.tick();
  ASSERT_TRUE(model.stopped_at_target());
}

// Ticks two models `n` frames each, in step.
void tick_both(LiveModel& a, LiveModel& b, int n) {
  for (int k = 0; k < n; k++) {
    a.tick();
    b.tick();
  }
}

// --- Rain::rebind ------------------------------------------------------------------------------

// A copy of a rain rebound to a copy of its field rains what the original would, and leaves
// the original and its field alone.
TEST(FinishRainRebind, ACopyReboundToACopyOfTheFieldRainsTheSameDrops) {
  Heightfield field = island_terrain(42);
  Rain rain(field, 42);
  rain.run(300);
  const Heightfield before = field;
  Heightfield copy = field;
  Rain other = rain;
  other.rebind(copy);
  other.run(700);
  EXPECT_TRUE(same_bytes(field, before));
  EXPECT_EQ(rain.stats().drops, 300u);
  EXPECT_EQ(&other.field(), &copy);
  rain.run(700);
  EXPECT_TRUE(same_bytes(copy, field));
  EXPECT_TRUE(same_bytes(field, eroded(island_terrain(42), {}, 1000, 42)));
  EXPECT_EQ(other.stats().steps, rain.stats().steps);
  Heightfield tiny(1, 5);
  EXPECT_NE(testing::invalid_argument_message([&] { other.rebind(tiny); }).find("at least 2 x 2"),
            std::string::npos);
}

// --- The finish against live rain ------------------------------------------------------------

// The sketch's own run (seed 42, 1000 drops a frame) finished from its first frame: while the
// worker rains, the map stays as it was and the progress moves, never back, with nothing
// allocated; it lands at the sketch's 300,000 drops with its eroded.f32, and its rivers, as
// the frame that stopped the rain; the recipe is that rain. Then there is nothing to finish.
TEST(FinishRain, FromTheStartMatchesTheSketchsRunWhileTheProgressMoves) {
  LiveModel model(42, finish_settings(1000));
  model.tick();
  const Heightfield before = model.heights();
  const uint64_t version = model.version();
  model.finish_rain();
  ASSERT_TRUE(model.finishing());
  EXPECT_GT(model.version(), version);
  EXPECT_TRUE(model.playing());

  std::vector<double> progress;
  progress.reserve(100000);
  bool moved_early = false;
  uint64_t allocations = 0;
  {
    terrain::testing::CountAllocations counter;
    // Neither a second start nor the command does anything (nor waits).
    model.finish_rain();
    model.apply(ViewCommand{FinishRain{}});
    EXPECT_TRUE(model.finishing());
    // The app's frames: the worker rains while this thread reads the map.
    while (model.drops() < kTarget) {
      if (progress.size() < progress.capacity()) progress.push_back(model.progress());
      moved_early = moved_early || !same_bytes(model.heights(), before);
      EXPECT_FALSE(model.update_work());
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    allocations = counter.count();
  }
  EXPECT_EQ(allocations, 0u);  // polling, and the worker's loop, allocate nothing
  EXPECT_FALSE(moved_early);   // the heights stay as they were until the finish lands
  EXPECT_TRUE(model.finishing());
  {
    terrain::testing::CountAllocations counter;
    EXPECT_TRUE(model.update_work());
    allocations = counter.count();
  }
  EXPECT_EQ(allocations, 0u);  // nor does the landing: a swap, every array was sized
  EXPECT_FALSE(model.finishing());
  EXPECT_FALSE(model.update_work());

  // The progress moved while finishing, in chunks, never back.
  ASSERT_GE(progress.size(), 3u);
  EXPECT_TRUE(std::is_sorted(progress.begin(), progress.end()));
  EXPECT_GT(std::count_if(progress.begin(), progress.end(),
                          [&](double p) { return p > progress.front() && p < 1.0; }),
            0);

  // Landed: as the frame where live rain stops.
  EXPECT_TRUE(model.stopped_at_target());
  EXPECT_FALSE(model.playing());
  EXPECT_EQ(model.drops(), kTarget);
  EXPECT_DOUBLE_EQ(model.progress(), 1.0);
  EXPECT_EQ(
      testing::bit_differences(model.heights().data(), testing::read_field("eroded.f32").data(),
                               model.heights().size()),
      0u);
  EXPECT_TRUE(
      same_bytes(model.water(), std::span<const float>(testing::read_raw<float>("water.f32"))));
  EXPECT_TRUE(same_bytes(model.rivers().downstream, testing::read_raw<int32_t>("downstream.i32")));
  expect_jumped(model);
  EXPECT_EQ(model.rain().route_count(), 0);
  ASSERT_EQ(model.recipe().commands.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<RainDrops>(model.recipe().commands[0]));
  EXPECT_EQ(std::get<RainDrops>(model.recipe().commands[0]).drops, kTarget);
  // The next frame clears the stop, as after a live stop.
  model.tick();
  EXPECT_FALSE(model.stopped_at_target());

  // Nothing to finish: at the target, and beyond it once played on. Nothing changes.
  const auto refused_unchanged = [&](const std::string& words) {
    const uint64_t v = model.version();
    const uint64_t drops = model.drops();
    const bool playing = model.playing();
    const std::size_t commands = model.recipe().commands.size();
    const std::string message = testing::invalid_argument_message([&] { model.finish_rain(); });
    EXPECT_NE(message.find(words), std::string::npos) << message;
    EXPECT_FALSE(model.finishing());
    EXPECT_EQ(model.version(), v);
    EXPECT_EQ(model.drops(), drops);
    EXPECT_EQ(model.playing(), playing);
    EXPECT_EQ(model.recipe().commands.size(), commands);
  };
  refused_unchanged(
      "nothing to finish: the rain has reached its target already (300000 of "
      "300000 drops)");
  model.play();
  model.tick();
  refused_unchanged("(301000 of 300000 drops)");
  EXPECT_NE(testing::invalid_argument_message([&] {
              model.apply(ViewCommand{FinishRain{}});
            }).find("nothing to finish"),
            std::string::npos);
}

// Mid-run and paused, 7000 drops a tick (which does not divide 300,000: live rain stops at
// 301,000), started by the view command. A command while finishing waits for the finish, then
// applies; the map is the one live rain to the stop leaves, and the recipe replays to it.
// A finish landed while playing rests as live rain's stop does (a new seed rains again); one
// asked for while paused keeps the pause for the next map.
TEST(FinishRain, LandedWhilePlayingANewSeedRainsAgainWhilePausedItStaysPaused) {
  LiveModel playing(3);
  playing.finish_rain();
  playing.wait_work();
  EXPECT_FALSE(playing.playing());
  EXPECT_TRUE(playing.resting());
  playing.apply(MapCommand{SetSeed{4}});
  EXPECT_TRUE(playing.playing());

  LiveModel paused(3);
  paused.pause();
  paused.finish_rain();
  paused.wait_work();
  EXPECT_FALSE(paused.resting());
  paused.apply(MapCommand{SetSeed{4}});
  EXPECT_FALSE(paused.playing());
}

TEST(FinishRain, PausedMidRunACommandWaitsThenAppliesAndTheRecipeReplays) {
  Settings s = finish_settings(7000);
  s.erosion = 0.4;
  LiveModel model(7, s);
  LiveModel live(7, s);
  tick_both(model, live, 5);
  model.pause();
  model.apply(ViewCommand{FinishRain{}});
  ASSERT_TRUE(model.finishing());
  EXPECT_FALSE(model.playing());
  EXPECT_LT(model.drops(), stop_after(35000, 7000));
  // A paused refresh while the worker rains: a frame without rain, nothing lands.
  const Heightfield before = model.heights();
  model.refresh();
  EXPECT_TRUE(model.finishing());
  EXPECT_TRUE(same_bytes(model.heights(), before));
  const uint64_t frames = model.frame_count();

  // The command waits and then applies.
  model.apply(ViewCommand{SetContourLevels{3}});
  EXPECT_FALSE(model.finishing());
  EXPECT_EQ(model.settings().contour_levels, 3);
  EXPECT_EQ(model.frame_count(), frames + 2);  // the landing's frame, then the command's redraw
  EXPECT_EQ(model.drops(), 301000u);
  EXPECT_FALSE(model.playing());

  tick_to_stop(live);
  EXPECT_EQ(live.drops(), 301000u);
  live.apply(ViewCommand{SetContourLevels{3}});
  expect_same_map(model, live);
  expect_jumped(model);

  // The recipe: the live ticks' rain and the finish's are one rain; replayed, the same heights.
  const LiveModel replay(model.recipe());
  EXPECT_TRUE(same_bytes(replay.heights(), model.heights()));
  EXPECT_EQ(replay.drops(), model.drops());
  EXPECT_EQ(replay.settings().erosion, 0.4);
}

// Mid-run and playing, 370 drops a tick (live rain stops at 300,070), rivers hidden and the
// flood's routing: the app ticks while finishing; the ticks rain nothing, and the tick after
// the worker is done lands it: the hydrology is the live stop's.
TEST(FinishRain, PlayingMidRunTicksRainNothingAndATickLandsIt) {
  Settings s = finish_settings(370);
  s.show_rivers = false;
  s.routing = Routing::flood;
  LiveModel model(3, s);
  LiveModel live(3, s);
  tick_both(model, live, 20);
  model.finish_rain();
  const Heightfield before = model.heights();
  int ticks = 0;
  while (model.finishing() && ticks < 100000) {
    model.tick();
    ticks++;
    if (model.finishing()) {
      ASSERT_TRUE(same_bytes(model.heights(), before)) << "tick " << ticks;
      ASSERT_TRUE(model.playing());
      ASSERT_FALSE(model.stopped_at_target());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));  // a frame's pace, near enough
  }
  // (How many ticks ran before the worker was done depends on the machine: each that did
  // was checked above.)
  EXPECT_TRUE(model.stopped_at_target());  // set by the tick that landed it
  EXPECT_FALSE(model.playing());
  EXPECT_EQ(model.drops(), 300070u);
  EXPECT_EQ(model.rain().stats().drops, 300070u);

  tick_to_stop(live);
  EXPECT_EQ(live.drops(), stop_after(20 * 370, 370));
  expect_same_map(model, live);
  EXPECT_EQ(model.hydrology().params().routing, Routing::flood);
}

// A map command while finishing waits for the finish, then applies after it: the finish's
// rain is the old settings', the new erosion the rain's from then on. (The highest sea level,
// where most drops land in the sea at once: a cheap rain.)
TEST(FinishRain, AMapCommandWhileFinishingWaitsThenApplies) {
  Settings s = finish_settings(3000);
  s.sea_level = sketch::sea_level.max;
  LiveModel model(11, s);
  model.finish_rain();
  model.apply(MapCommand{SetErosion{0.5}});
  EXPECT_FALSE(model.finishing());
  EXPECT_EQ(model.drops(), kTarget);
  RainParams p;
  p.sea_level = s.sea_level;
  EXPECT_TRUE(same_bytes(model.heights(), eroded(island_terrain(11), p, kTarget, 11)));
  EXPECT_EQ(model.rain().params().erosion, 0.5);
  const std::vector<MapCommand> commands = model.recipe().commands;  // worked out: a copy
  ASSERT_EQ(commands.size(), 2u);
  EXPECT_EQ(std::get<RainDrops>(commands[0]).drops, kTarget);
  EXPECT_EQ(std::get<SetErosion>(commands[1]).value, 0.5);
}

// --- Refused, and destroyed mid-finish ---------------------------------------------------------

// drops_per_frame 0: live rain would never reach the target, so there is nothing to finish.
TEST(FinishRainRefused, NoDropsPerFrameMeansNothingToFinishAndNothingChanges) {
  LiveModel model(42, finish_settings(0));
  model.tick();
  const uint64_t version = model.version();
  const std::string message = testing::invalid_argument_message([&] { model.finish_rain(); });
  EXPECT_EQ(message,
            "nothing to finish: drops_per_frame is 0, so the rain would never reach its target of "
            "300000 drops");
  EXPECT_FALSE(model.finishing());
  EXPECT_EQ(model.version(), version);
  EXPECT_EQ(model.drops(), 0u);
  EXPECT_TRUE(model.playing());
  EXPECT_TRUE(model.recipe().commands.empty());
}

// The destructor stops the worker at its next chunk and joins it: no leak, no race (the
// sanitizer build checks), and no waiting for the whole rain.
TEST(FinishRainDestroyed, AModelDestroyedMidFinishStopsItsWorker) {
  for (const bool playing : {true, false}) {
    LiveModel model(42);
    if (!playing) model.pause();
    model.finish_rain();
    EXPECT_TRUE(model.finishing());
  }
  // At once, before the worker has begun.
  LiveModel model(5);
  model.finish_rain();
}

}  // namespace
}  // namespace terrain::session
