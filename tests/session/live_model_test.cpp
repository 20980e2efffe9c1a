// The live model: the sketch's draw() and control handlers, frame by frame.
//
// Sections: helpers; the rain (parity with the core and with the sketch's seed-42 run, the
// stop at RAIN_TARGET); the rivers (when they are rebuilt, the easing, jumps, ghosts); the
// controls; debug routes; a steady tick allocates nothing; timings.
#include "session/live_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../core/test_support.h"
#include "allocation_counter.h"
#include "brush_strokes.h"
#include "core/drainage.h"
#include "core/island.h"
#include "core/rain.h"

namespace terrain::session {
namespace {

using terrain::testing::bit_differences;
using terrain::testing::read_field;
using terrain::testing::read_raw;

constexpr std::size_t kCells = static_cast<std::size_t>(sketch::COLS) * sketch::ROWS;

// --- Helpers ---------------------------------------------------------------------------------

std::size_t differences(std::span<const float> a, std::span<const float> b) {
  EXPECT_EQ(a.size(), b.size());
  return bit_differences(a.data(), b.data(), std::min(a.size(), b.size()));
}
std::size_t differences(const Heightfield& a, const Heightfield& b) {
  return differences(a.values(), b.values());
}

template <typename T>
std::vector<T> copy_of(std::span<const T> values) {
  return std::vector<T>(values.begin(), values.end());
}
template <typename T>
std::vector<T> copy_of(const std::vector<T>& values) {
  return values;
}

// The sketch's buildRivers(terrain), worked out here with the core alone.
struct Rivers {
  std::vector<float> water;
  std::vector<int32_t> downstream;
};
Rivers rivers_of(const Heightfield& terrain, double sea_level, uint32_t seed) {
  const Heightfield ripple = wander_ripple(seed);
  DrainageParams params;
  params.sea_level = sea_level;
  const Drainage d = drainage(terrain, params, &ripple);
  Rivers r;
  for (uint32_t f : d.flow()) r.water.push_back(static_cast<float>(f));
  r.downstream = copy_of(d.downstream());
  return r;
}

Settings with_drops(int drops_per_frame) {
  Settings s;
  s.drops_per_frame = drops_per_frame;
  return s;
}

// The sketch's easing, written out: Float32Array values read as doubles, stored as float32.
float eased(float shown, float water) {
  return static_cast<float>(static_cast<double>(shown) +
                            (static_cast<double>(water) - static_cast<double>(shown)) * 0.15);
}
float faded_in(float fade) {
  return static_cast<float>(static_cast<double>(fade) + (1 - static_cast<double>(fade)) * 0.15);
}
float faded_out(float ghost) {
  return static_cast<float>(static_cast<double>(ghost) * (1 - 0.15));
}

// --- The rain --------------------------------------------------------------------------------

// Each tick runs drops_per_frame drops of the rain seeded by the seed, as rain() does.
TEST(LiveModelRain, TicksRainTheSameDropsAsTheCoreRain) {
  for (const int d : {200, 370}) {
    LiveModel model(42, with_drops(d));
    const int ticks = 12;
    for (int k = 0; k < ticks; k++) model.tick();
    EXPECT_EQ(model.drops(), static_cast<uint64_t>(ticks * d));
    const Heightfield expected =
        eroded(island_terrain(42), {}, static_cast<uint64_t>(ticks * d), 42);
    EXPECT_EQ(differences(model.heights(), expected), 0u) << "drops_per_frame " << d;
    EXPECT_EQ(differences(model.original(), island_terrain(42)), 0u);
  }
}

// 300 ticks of 1000 drops is the sketch's whole run: the heights are its eroded.f32, and the
// frame in which the rain stopped itself (paused by then, so due) rebuilt the rivers from them:
// its water.f32 and downstream.i32.
TEST(LiveModelRain, ThreeHundredThousandDropsMatchTheSketchAndTheStoppedFrameRebuildsRivers) {
  LiveModel model(42, with_drops(1000));
  int ticks = 0;
  while (model.playing() && ticks < 400) {
    model.tick();
    ticks++;
  }
  EXPECT_EQ(ticks, 300);
  EXPECT_TRUE(model.stopped_at_target());
  EXPECT_EQ(model.drops(), 300000u);
  EXPECT_EQ(differences(model.heights(), read_field("eroded.f32")), 0u);
  EXPECT_EQ(differences(model.water(), read_raw<float>("water.f32")), 0u);
  EXPECT_EQ(copy_of(model.rivers().downstream), read_raw<int32_t>("downstream.i32"));
  // A paused frame jumps: what is drawn is the new rivers.
  EXPECT_EQ(differences(model.rivers().shown, model.water()), 0u);
}

// Unlike the sketch (which stays paused), a new map after the rain stopped itself rains
// again: a seed, a restart, a terrain scale, a generator, a roughness, a ground; a map the
// user paused stays paused, and so does one whose stop came while the user had paused.
TEST(LiveModelRain, ANewMapAfterTheRainStoppedItselfRainsAgainAndAPausedOneStaysPaused) {
  const std::vector<std::pair<const char*, std::function<void(LiveModel&)>>> new_maps = {
      {"seed", [](LiveModel& m) { m.apply(MapCommand{SetSeed{8}}); }},
      {"restart", [](LiveModel& m) { m.apply(MapCommand{Restart{}}); }},
      {"terrain scale", [](LiveModel& m) { m.apply(MapCommand{SetTerrainScale{0.02}}); }},
      {"generator",
       [](LiveModel& m) { m.apply(MapCommand{SetGenerator{Generator::diamond_square}}); }},
      {"roughness", [](LiveModel& m) { m.apply(MapCommand{SetRoughness{0.4}}); }},
      {"ground", [](LiveModel& m) {
         GroundFile g;
         g.name = "flat.png";
         g.heights = std::make_shared<const Heightfield>(sketch::COLS, sketch::ROWS, 0.5f);
         m.apply(MapCommand{SetGround{g}});
       }}};
  for (const auto& [what, new_map] : new_maps) {
    LiveModel model(5, with_drops(10000));
    model.rain_now(300000);  // playing when it passes the stop: the rain stopped itself
    ASSERT_FALSE(model.playing()) << what;
    ASSERT_TRUE(model.resting()) << what;
    new_map(model);
    EXPECT_TRUE(model.playing()) << what << ": a new map after the stop rains";
    EXPECT_FALSE(model.resting()) << what;
    EXPECT_EQ(model.drops(), 0u) << what;
    model.tick();
    EXPECT_EQ(model.drops(), 10000u) << what;
  }
  // Paused by the user after the stop: the next map stays paused.
  LiveModel paused(5, with_drops(10000));
  while (paused.playing()) paused.tick();
  EXPECT_TRUE(paused.resting()) << "a tick's stop rests too";
  paused.pause();
  EXPECT_FALSE(paused.resting());
  paused.apply(MapCommand{SetSeed{6}});
  EXPECT_FALSE(paused.playing()) << "a map the user paused stays paused";
  // Played on past the stop, then a new map: it rains (it was raining).
  LiveModel on(5, with_drops(10000));
  while (on.playing()) on.tick();
  on.play();
  on.tick();
  on.apply(MapCommand{SetSeed{9}});
  EXPECT_TRUE(on.playing());
  // Paused before the drops that pass the target were rained at once: stays paused.
  LiveModel before(5);
  before.pause();
  before.rain_now(300000);
  EXPECT_FALSE(before.resting());
  before.apply(MapCommand{SetSeed{9}});
  EXPECT_FALSE(before.playing());
}

// A map opened from a file, or taken to a place of its history while it rained, is paused by
// the program: a new seed after it rains, as in a fresh session. A pause of the user's before
// an undo stays theirs.
TEST(LiveModelRain, ANewMapAfterOpeningOrUndoRainsAndTheUsersPauseStays) {
  LiveModel saved(5, with_drops(1000));
  saved.rain_now(20000);
  const SavedMap file = saved.save();
  for (const bool user_paused : {false, true}) {
    LiveModel opened(7, with_drops(1000));
    if (user_paused) opened.pause();
    opened.open(file);
    EXPECT_FALSE(opened.playing());
    opened.apply(MapCommand{SetSeed{8}});
    EXPECT_TRUE(opened.playing()) << "an opened map, then a new seed: it rains";
    opened.tick();
    EXPECT_EQ(opened.drops(), 1000u);
  }
  LiveModel undone(5, with_drops(1000));
  undone.tick();
  undone.apply(MapCommand{SetErosion{0.5}});
  undone.tick();
  undone.apply(HistoryCommand{Undo{1}});
  EXPECT_FALSE(undone.playing());
  undone.apply(MapCommand{SetSeed{8}});
  EXPECT_TRUE(undone.playing()) << "an undo while it rained, then a new seed: it rains";
  LiveModel paused(5, with_drops(1000));
  paused.tick();
  paused.apply(MapCommand{SetErosion{0.5}});
  paused.pause();
  paused.apply(HistoryCommand{Undo{1}});
  paused.apply(MapCommand{SetSeed{8}});
  EXPECT_FALSE(paused.playing()) << "paused by the user before the undo: stays paused";
}

TEST(LiveModelRain, StopsOnceWhenPassingTheTargetAndPlayCarriesOn) {
  LiveModel model(5, with_drops(7000));
  int stops = 0;
  for (int k = 1; k <= 43; k++) {
    model.tick();
    stops += model.stopped_at_target();
    EXPECT_EQ(model.stopped_at_target(), k == 43) << "tick " << k;
  }
  EXPECT_EQ(stops, 1);
  EXPECT_EQ(model.drops(), 301000u);  // 43 * 7000, the first total at or past 300,000
  EXPECT_FALSE(model.playing());
  EXPECT_DOUBLE_EQ(model.progress(), 1.0);

  // Paused, a tick does nothing; only the tick that stopped says so.
  const Heightfield stopped = model.heights();
  model.tick();
  EXPECT_FALSE(model.stopped_at_target());
  EXPECT_EQ(model.drops(), 301000u);
  EXPECT_EQ(differences(model.heights(), stopped), 0u);

  model.play();
  for (int k = 0; k < 20; k++) {
    model.tick();
    EXPECT_FALSE(model.stopped_at_target());
    EXPECT_TRUE(model.playing());
  }
  EXPECT_EQ(model.drops(), 301000u + 20 * 7000u);
}

// --- The rivers ------------------------------------------------------------------------------

// p5 counts a frame before drawing it, so the first tick is frame 1: rivers_for is null then,
// so they are worked out; after that only on frames 15, 30, 45, ... while it rains.
TEST(LiveModelRivers, RebuiltOnlyEveryRiverEveryTicksWhilePlaying) {
  LiveModel model(42);
  uint64_t builds = 0;
  int water_changes = 0;
  std::vector<float> water = copy_of(model.water());
  for (uint64_t k = 1; k <= 61; k++) {
    model.tick();
    EXPECT_EQ(model.frame_count(), k);
    const bool due = k == 1 || k % sketch::RIVER_EVERY == 0;
    builds += due;
    EXPECT_EQ(model.river_builds(), builds) << "tick " << k;
    const bool changed = differences(model.water(), water) != 0;
    if (!due) {
      EXPECT_FALSE(changed) << "tick " << k;
    } else {
      water_changes += changed;
      const Rivers expected = rivers_of(model.heights(), sketch::sea_level.initial, 42);
      EXPECT_EQ(differences(model.water(), expected.water), 0u) << "tick " << k;
      EXPECT_EQ(copy_of(model.rivers().downstream), expected.downstream) << "tick " << k;
    }
    water = copy_of(model.water());
  }
  EXPECT_EQ(builds, 5u);
  EXPECT_GE(water_changes, 4);  // the rain moved the rivers between builds
}

// Between rebuilds, every frame shown moves RIVER_EASE of the way to water, fade_in moves
// RIVER_EASE of the way to 1 and ghost_fade keeps 1 - RIVER_EASE of itself, in the sketch's
// Float32Array arithmetic.
TEST(LiveModelRivers, ShownEasesTowardsWaterByRiverEaseEachTick) {
  LiveModel model(42);
  for (int k = 0; k < 15; k++) model.tick();  // rebuilt on tick 15 and eased once
  // A cell whose water moved at the rebuild: it is still easing.
  std::size_t cell = kCells;
  for (std::size_t i = 0; i < kCells; i++) {
    if (model.water()[i] >= sketch::RIVER_START && model.rivers().shown[i] != model.water()[i]) {
      cell = i;
      break;
    }
  }
  ASSERT_LT(cell, kCells) << "no river cell is easing after the rebuild";
  const float target = model.water()[cell];
  float expected = model.rivers().shown[cell];
  for (int k = 16; k <= 20; k++) {
    std::vector<float> shown = copy_of(model.rivers().shown);
    std::vector<float> fade = copy_of(model.rivers().fade_in);
    std::vector<float> ghost = copy_of(model.rivers().ghost_fade);
    const uint64_t version = model.version();
    model.tick();
    expected = eased(expected, target);
    EXPECT_EQ(model.rivers().shown[cell], expected) << "tick " << k;
    EXPECT_NE(model.rivers().shown[cell], target) << "tick " << k;  // not a jump
    // Every cell, every array.
    for (std::size_t i = 0; i < kCells; i++) {
      shown[i] = eased(shown[i], model.water()[i]);
      fade[i] = faded_in(fade[i]);
      ghost[i] = faded_out(ghost[i]);
    }
    EXPECT_EQ(differences(model.rivers().shown, shown), 0u) << "tick " << k;
    EXPECT_EQ(differences(model.rivers().fade_in, fade), 0u) << "tick " << k;
    EXPECT_EQ(differences(model.rivers().ghost_fade, ghost), 0u) << "tick " << k;
    EXPECT_GT(model.version(), version);
  }
  // One worked value: the first step from a whole number of cells.
  LiveModel fresh(42);
  for (int k = 0; k < 14; k++) fresh.tick();
  const float before = fresh.rivers().shown[cell];
  fresh.tick();
  EXPECT_EQ(
      fresh.rivers().shown[cell],
      static_cast<float>(before + (static_cast<double>(fresh.water()[cell]) - before) * 0.15));
}

// "A redraw while paused jumps straight to the new rivers."
TEST(LiveModelRivers, APausedRefreshJumpsToTheNewRivers) {
  LiveModel model(42);
  for (int k = 0; k < 20; k++) model.tick();  // easing after the rebuild on tick 15
  ASSERT_NE(differences(model.rivers().shown, model.water()), 0u);
  model.pause();
  const uint64_t builds = model.river_builds();
  model.apply(ViewCommand{SetContourLevels{5}});  // any control refreshes while paused
  EXPECT_EQ(model.river_builds(), builds + 1);    // drops moved on since tick 15
  const Rivers expected = rivers_of(model.heights(), sketch::sea_level.initial, 42);
  EXPECT_EQ(differences(model.water(), expected.water), 0u);
  EXPECT_EQ(differences(model.rivers().shown, model.water()), 0u);
  EXPECT_TRUE(std::all_of(model.rivers().fade_in.begin(), model.rivers().fade_in.end(),
                          [](float f) { return f == 1.0f; }));
  EXPECT_TRUE(std::all_of(model.rivers().ghost_fade.begin(), model.rivers().ghost_fade.end(),
                          [](float g) { return g == 0.0f; }));
  // Nothing new to work out: a second refresh does not rebuild.
  model.apply(ViewCommand{SetContourLevels{6}});
  EXPECT_EQ(model.river_builds(), builds + 1);
}

// Showing the original terrain is a change of view: its rivers come at the next tick, at once.
TEST(LiveModelRivers, TogglingShowOriginalJumpsToThatTerrainsRivers) {
  LiveModel model(42);
  for (int k = 0; k < 20; k++) model.tick();
  model.apply(ViewCommand{ShowOriginal{true}});
  EXPECT_EQ(&model.terrain(), &model.original());
  const uint64_t builds = model.river_builds();
  model.tick();  // frame 21: not a RIVER_EVERY frame
  EXPECT_EQ(model.river_builds(), builds + 1);
  const Rivers on_original = rivers_of(model.original(), sketch::sea_level.initial, 42);
  EXPECT_EQ(differences(model.water(), on_original.water), 0u);
  EXPECT_EQ(differences(model.rivers().shown, model.water()), 0u);
  EXPECT_TRUE(std::all_of(model.rivers().fade_in.begin(), model.rivers().fade_in.end(),
                          [](float f) { return f == 1.0f; }));

  model.tick();  // same view: eases (towards the same water), no rebuild
  EXPECT_EQ(model.river_builds(), builds + 1);
  model.apply(ViewCommand{ShowOriginal{false}});
  model.tick();
  EXPECT_EQ(model.river_builds(), builds + 2);
  const Rivers on_eroded = rivers_of(model.heights(), sketch::sea_level.initial, 42);
  EXPECT_EQ(differences(model.water(), on_eroded.water), 0u);
  EXPECT_EQ(differences(model.rivers().shown, model.water()), 0u);
}

// "Sea level re-colours and re-routes at once": the next tick works the rivers out again for
// the new sea, whatever the frame; and the rain's drops stop at the new sea too.
TEST(LiveModelRivers, ChangingSeaLevelReroutesAtTheNextTick) {
  LiveModel model(42);
  for (int k = 0; k < 17; k++) model.tick();
  model.apply(MapCommand{SetSeaLevel{0.31}});
  EXPECT_EQ(model.rain().params().sea_level, 0.31);
  const uint64_t builds = model.river_builds();
  model.tick();  // frame 18
  EXPECT_EQ(model.river_builds(), builds + 1);
  const Rivers expected = rivers_of(model.heights(), 0.31, 42);
  EXPECT_EQ(differences(model.water(), expected.water), 0u);
  EXPECT_EQ(copy_of(model.rivers().downstream), expected.downstream);
  EXPECT_EQ(differences(model.rivers().shown, model.water()), 0u);  // a new view jumps
  // And the next frames ease again, with no rebuild until frame 30.
  for (int k = 19; k < 30; k++) model.tick();
  EXPECT_EQ(model.river_builds(), builds + 1);
}

// A piece that changes course at a rebuild leaves a ghost along its old line: ghost_to and
// ghost_after are where it went, ghost_water what was drawn, ghost_fade its opacity then,
// which fades by (1 - RIVER_EASE) a frame; the new piece fades in from 0.
TEST(LiveModelRivers, APieceThatChangesCourseLeavesAFadingGhost) {
  LiveModel model(42, with_drops(1000));
  std::vector<std::size_t> ghosts;
  for (int k = 1; k <= 240 && ghosts.empty(); k++) {
    const std::vector<int32_t> was_to = copy_of(model.rivers().downstream);
    const std::vector<float> shown = copy_of(model.rivers().shown);
    const std::vector<float> fade = copy_of(model.rivers().fade_in);
    const std::vector<float> ghost_fade = copy_of(model.rivers().ghost_fade);
    const std::vector<int32_t> ghost_to = copy_of(model.rivers().ghost_to);
    model.tick();
    if (k == 1 || k % sketch::RIVER_EVERY != 0) continue;
    const std::span<const int32_t> now_to = model.rivers().downstream;
    for (std::size_t i = 0; i < kCells; i++) {
      const int32_t was = was_to[i];
      const int32_t was_after = was >= 0 ? was_to[static_cast<std::size_t>(was)] : -1;
      const int32_t now = now_to[i];
      const int32_t now_after = now >= 0 ? now_to[static_cast<std::size_t>(now)] : -1;
      const bool moved = was != now || was_after != now_after;
      if (moved && shown[i] >= sketch::RIVER_START) {
        EXPECT_EQ(model.rivers().fade_in[i], faded_in(0.0f)) << "cell " << i;  // restarted at 0
        if (was >= 0) {
          EXPECT_EQ(model.rivers().ghost_to[i], was) << "cell " << i;
          EXPECT_EQ(model.rivers().ghost_after[i], was_after) << "cell " << i;
          EXPECT_EQ(model.rivers().ghost_water[i], shown[i]) << "cell " << i;
          EXPECT_EQ(model.rivers().ghost_fade[i], faded_out(fade[i])) << "cell " << i;
          ghosts.push_back(i);
        }
      } else {
        EXPECT_EQ(model.rivers().fade_in[i], faded_in(fade[i])) << "cell " << i;
        EXPECT_EQ(model.rivers().ghost_fade[i], faded_out(ghost_fade[i])) << "cell " << i;
        EXPECT_EQ(model.rivers().ghost_to[i], ghost_to[i]) << "cell " << i;
      }
    }
  }
  ASSERT_FALSE(ghosts.empty()) << "no river changed course in 240 ticks";
  // The ghosts fade frame by frame until the next rebuild.
  for (int k = 0; k < 5; k++) {
    const std::vector<float> before = copy_of(model.rivers().ghost_fade);
    model.tick();
    for (std::size_t i : ghosts) EXPECT_EQ(model.rivers().ghost_fade[i], faded_out(before[i]));
  }
  EXPECT_GT(model.rivers().ghost_fade[ghosts.front()], 0.0f);
}

// Rivers off: their picture is not worked out, as drawRivers() is not called (the hydrology
// still is, for the views: drainage_views_test.cpp).
TEST(LiveModelRivers, HiddenRiversAreNotWorkedOut) {
  Settings s;
  s.show_rivers = false;
  LiveModel model(42, s);
  for (int k = 0; k < 30; k++) model.tick();
  EXPECT_EQ(model.river_builds(), 0u);
  EXPECT_EQ(model.rivers().downstream.size(), kCells);  // zeros, as the sketch's Int32Array starts
  model.apply(ViewCommand{ShowRivers{true}});
  model.tick();  // rivers_for is null: due at once
  EXPECT_EQ(model.river_builds(), 1u);
}

// A ridge raised across the island's rivers on a map whose rain has stopped: the rivers, the
// lakes, the basins and the flow are of the ground with the ridge at once, whether the rivers
// are shown or hidden, and go back to the ground without it on undo. (The sketch keys its
// rivers on the drop count alone; a stroke changes the ground without a drop.)
TEST(LiveModelRivers, FollowTheGroundAfterAStrokeOnAStoppedMap) {
  for (const bool shown : {true, false}) {
    SCOPED_TRACE(shown ? "rivers shown" : "rivers hidden");
    Settings s = with_drops(600);
    s.show_rivers = shown;
    LiveModel model(42, s);
    model.rain_now(sketch::RAIN_TARGET);  // the rain stops itself: paused
    ASSERT_FALSE(model.playing());
    const std::vector<int32_t> before = copy_of(model.hydrology().drainage().downstream());
    const BrushStroke ridge = testing::brush_stroke(BrushTool::raise, 8, 1, {{20, 90}, {300, 90}});
    for (int k = 0; k < 20; k++) model.apply(MapCommand{Stroke{ridge}});
    const Rivers expected = rivers_of(model.heights(), sketch::sea_level.initial, 42);
    ASSERT_NE(expected.downstream, before);  // the ridge turns rivers
    EXPECT_EQ(copy_of(model.hydrology().drainage().downstream()), expected.downstream);
    if (shown) {
      EXPECT_EQ(copy_of(model.rivers().downstream), expected.downstream);
      EXPECT_EQ(differences(model.water(), expected.water), 0u);
    }
    model.apply(HistoryCommand{Undo{20}});
    EXPECT_EQ(copy_of(model.hydrology().drainage().downstream()), before);
    model.apply(HistoryCommand{Redo{20}});
    EXPECT_EQ(copy_of(model.hydrology().drainage().downstream()), expected.downstream);
  }
}

// While it rains with no drops a frame, a stroke still reroutes the rivers on their schedule.
TEST(LiveModelRivers, FollowAStrokeWhileRainingNoDrops) {
  LiveModel model(42, with_drops(0));
  model.rain_now(20000);
  for (int k = 0; k < 15; k++) model.tick();
  const uint64_t builds = model.river_builds();
  const BrushStroke ridge = testing::brush_stroke(BrushTool::raise, 8, 1, {{20, 90}, {300, 90}});
  model.apply(MapCommand{Stroke{ridge}});
  for (int k = 0; k < 15; k++) model.tick();
  EXPECT_EQ(model.river_builds(), builds + 1);
  EXPECT_EQ(copy_of(model.rivers().downstream),
            rivers_of(model.heights(), sketch::sea_level.initial, 42).downstream);
}
// --- Controls --------------------------------------------------------------------------------

TEST(LiveModelControls, SetSeedGivesTheMapOfThatSeed) {
  LiveModel model(7);
  for (int k = 0; k < 5; k++) model.tick();
  model.apply(MapCommand{SetSeed{42}});
  LiveModel fresh(42);
  EXPECT_EQ(model.seed(), 42u);
  EXPECT_EQ(model.drops(), 0u);
  EXPECT_EQ(differences(model.heights(), fresh.heights()), 0u);
  EXPECT_EQ(differences(model.original(), fresh.original()), 0u);
  for (int k = 0; k < 10; k++) {
    model.tick();
    fresh.tick();
  }
  EXPECT_EQ(model.drops(), fresh.drops());
  EXPECT_EQ(differences(model.heights(), fresh.heights()), 0u);
  // Its rivers are those of its own wander ripple.
  const Rivers expected = rivers_of(model.heights(), sketch::sea_level.initial, 42);
  model.pause();
  model.refresh();
  EXPECT_EQ(differences(model.water(), expected.water), 0u);
}

TEST(LiveModelControls, RestartBringsBackTheOriginalTerrainAndNoDrops) {
  LiveModel model(42);
  for (int k = 0; k < 10; k++) model.tick();
  ASSERT_NE(differences(model.heights(), model.original()), 0u);
  model.apply(MapCommand{Restart{}});
  EXPECT_EQ(model.drops(), 0u);
  EXPECT_EQ(differences(model.heights(), island_terrain(42)), 0u);
  EXPECT_EQ(differences(model.original(), island_terrain(42)), 0u);
  EXPECT_TRUE(model.playing());  // restarting does not pause
  // The rain starts again from randomSeed(seed).
  for (int k = 0; k < 3; k++) model.tick();
  EXPECT_EQ(differences(model.heights(), eroded(island_terrain(42), {}, 600, 42)), 0u);
}

TEST(LiveModelControls, TerrainScaleGrowsAnotherTerrain) {
  LiveModel model(42);
  for (int k = 0; k < 3; k++) model.tick();
  model.apply(MapCommand{SetTerrainScale{0.02}});
  IslandParams p;
  p.terrain_scale = 0.02;
  EXPECT_EQ(model.drops(), 0u);
  EXPECT_EQ(differences(model.heights(), island_terrain(42, p)), 0u);
  EXPECT_NE(differences(model.heights(), island_terrain(42)), 0u);
  EXPECT_EQ(model.settings().terrain_scale, 0.02);
}

TEST(LiveModelControls, RainSettingsChangeTheRainThatFollows) {
  struct Case {
    std::function<void(LiveModel&)> set;
    std::function<void(RainParams&)> expect;
  };
  const std::vector<Case> cases = {
      {[](LiveModel& m) { m.apply(MapCommand{SetBrushRadius{4}}); },
       [](RainParams& p) { p.brush_radius = 4; }},
      {[](LiveModel& m) { m.apply(MapCommand{SetErosion{0.6}}); },
       [](RainParams& p) { p.erosion = 0.6; }},
      {[](LiveModel& m) { m.apply(MapCommand{SetDeposition{0.1}}); },
       [](RainParams& p) { p.deposition = 0.1; }},
      {[](LiveModel& m) { m.apply(MapCommand{SetInertia{0.3}}); },
       [](RainParams& p) { p.inertia = 0.3; }},
  };
  const Heightfield plain = eroded(island_terrain(42), {}, 1000, 42);
  for (std::size_t c = 0; c < cases.size(); c++) {
    LiveModel model(42);
    cases[c].set(model);
    for (int k = 0; k < 5; k++) model.tick();
    RainParams p;
    cases[c].expect(p);
    EXPECT_EQ(differences(model.heights(), eroded(island_terrain(42), p, 1000, 42)), 0u) << c;
    EXPECT_NE(differences(model.heights(), plain), 0u) << c;
  }
  // Mid-run: 2 ticks at radius 2, then 3 at radius 5, from one random stream.
  LiveModel model(42);
  model.tick();
  model.tick();
  model.apply(MapCommand{SetBrushRadius{5}});
  for (int k = 0; k < 3; k++) model.tick();
  Heightfield expected = island_terrain(42);
  Rain rain(expected, 42);
  rain.run(400);
  RainParams p;
  p.brush_radius = 5;
  rain.set_params(p);
  rain.run(600);
  EXPECT_EQ(differences(model.heights(), expected), 0u);
}

TEST(LiveModelControls, EveryControlBumpsTheVersionPlayingOrPaused) {
  const std::vector<std::pair<std::string, std::function<void(LiveModel&)>>> controls = {
      {"drops_per_frame", [](LiveModel& m) { m.apply(MapCommand{SetDropsPerFrame{500}}); }},
      {"erosion", [](LiveModel& m) { m.apply(MapCommand{SetErosion{0.5}}); }},
      {"deposition", [](LiveModel& m) { m.apply(MapCommand{SetDeposition{0.5}}); }},
      {"inertia", [](LiveModel& m) { m.apply(MapCommand{SetInertia{0.2}}); }},
      {"brush_radius", [](LiveModel& m) { m.apply(MapCommand{SetBrushRadius{3}}); }},
      {"sea_level", [](LiveModel& m) { m.apply(MapCommand{SetSeaLevel{0.4}}); }},
      {"contour_levels", [](LiveModel& m) { m.apply(ViewCommand{SetContourLevels{3}}); }},
      {"terrain_scale", [](LiveModel& m) { m.apply(MapCommand{SetTerrainScale{0.01}}); }},
      {"seed", [](LiveModel& m) { m.apply(MapCommand{SetSeed{9}}); }},
      {"restart", [](LiveModel& m) { m.apply(MapCommand{Restart{}}); }},
      {"show_rivers", [](LiveModel& m) { m.apply(ViewCommand{ShowRivers{false}}); }},
      {"show_original", [](LiveModel& m) { m.apply(ViewCommand{ShowOriginal{true}}); }},
      {"debug_mode", [](LiveModel& m) { m.apply(ViewCommand{SetDebugMode{true}}); }},
      {"toggle_play", [](LiveModel& m) { m.toggle_play(); }},
  };
  for (const bool playing : {true, false}) {
    for (const auto& [name, control] : controls) {
      LiveModel model(42);
      model.tick();
      if (!playing) model.pause();
      const uint64_t version = model.version();
      const uint64_t frames = model.frame_count();
      control(model);
      EXPECT_GT(model.version(), version) << name << (playing ? " playing" : " paused");
      // The sketch's refresh(): a redraw only while paused (toggle_play starts playing).
      if (name != "toggle_play") {
        EXPECT_EQ(model.frame_count(), frames + (playing ? 0 : 1)) << name;
      }
    }
  }
}

TEST(LiveModelControls, TickingAStillMapLeavesTheVersionAlone) {
  LiveModel model(42, with_drops(0));
  for (int k = 0; k < 15; k++) model.tick();
  model.pause();
  const uint64_t version = model.version();
  for (int k = 0; k < 10; k++) model.tick();  // paused: nothing moves
  EXPECT_EQ(model.version(), version);
}

TEST(LiveModelControls, ValuesOutOfRangeAreRefusedNamingControlValueAndRange) {
  LiveModel model(42);
  model.tick();
  const Settings before = model.settings();
  const uint64_t version = model.version();
  const auto refused = [&](const std::function<void()>& f, const std::string& words) {
    try {
      f();
      ADD_FAILURE() << "accepted: " << words;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  refused([&] { model.apply(MapCommand{SetDropsPerFrame{10001}}); },
          "drops_per_frame must be a whole number from 0 to 10000, not 10001");
  refused([&] { model.apply(MapCommand{SetDropsPerFrame{-1}}); }, "drops_per_frame");
  refused([&] { model.apply(MapCommand{SetErosion{1.5}}); },
          "erosion must be from 0 to 1, not 1.5");
  refused([&] { model.apply(MapCommand{SetDeposition{-0.1}}); },
          "deposition must be from 0 to 1, not -0.1");
  refused([&] { model.apply(MapCommand{SetInertia{0.6}}); },
          "inertia must be from 0 to 0.5, not 0.6");
  refused([&] { model.apply(MapCommand{SetBrushRadius{7}}); },
          "brush_radius must be a whole number from 1 to 6, not 7");
  refused([&] { model.apply(MapCommand{SetBrushRadius{0}}); }, "brush_radius");
  refused([&] { model.apply(MapCommand{SetSeaLevel{0.61}}); },
          "sea_level must be from 0 to 0.6, not 0.61");
  refused([&] { model.apply(ViewCommand{SetContourLevels{21}}); },
          "contour_levels must be a whole number from 0 to 20");
  refused([&] { model.apply(MapCommand{SetTerrainScale{0.001}}); },
          "terrain_scale must be from 0.004 to 0.03, not 0.001");
  refused([&] { model.apply(MapCommand{SetErosion{std::nan("")}}); },
          "erosion must be from 0 to 1, not nan");
  refused([&] { LiveModel bad(1, with_drops(20000)); }, "drops_per_frame");
  EXPECT_EQ(model.version(), version);
  EXPECT_EQ(model.settings().drops_per_frame, before.drops_per_frame);
  EXPECT_EQ(model.settings().erosion, before.erosion);
  EXPECT_EQ(model.settings().brush_radius, before.brush_radius);
  EXPECT_EQ(model.settings().sea_level, before.sea_level);
  EXPECT_EQ(model.settings().terrain_scale, before.terrain_scale);
  EXPECT_EQ(model.rain().params().erosion, before.erosion);
}

// --- Debug routes ----------------------------------------------------------------------------

// The routes drawn are those of the latest frame's drops (at most 40); the sketch empties
// `paths` at the end of each looping frame, so a frame that stopped the rain keeps its own,
// and a redraw after pause() has none.
TEST(LiveModelDebug, RoutesAreThoseOfTheLatestFrame) {
  Settings s = with_drops(7000);
  LiveModel model(42, s);
  model.apply(ViewCommand{SetDebugMode{true}});
  EXPECT_TRUE(model.rain().keeping_routes());
  model.tick();
  ASSERT_EQ(model.rain().route_count(), Rain::kMaxRoutes);
  const Point first = model.rain().route(0)[0];
  model.tick();
  ASSERT_EQ(model.rain().route_count(), Rain::kMaxRoutes);
  EXPECT_NE(model.rain().route(0)[0].x, first.x);  // new drops, not the first frame's

  while (model.playing()) model.tick();  // stops at 301,000
  EXPECT_EQ(model.rain().route_count(), Rain::kMaxRoutes);
  model.apply(
      ViewCommand{SetContourLevels{4}});  // a paused redraw keeps the stopping frame's routes
  EXPECT_EQ(model.rain().route_count(), Rain::kMaxRoutes);

  model.play();
  model.tick();
  model.pause();
  EXPECT_EQ(model.rain().route_count(), Rain::kMaxRoutes);  // still on screen after pause()
  model.apply(
      ViewCommand{SetContourLevels{5}});  // the redraw after a looping frame: `paths` was emptied
  EXPECT_EQ(model.rain().route_count(), 0);

  model.play();
  model.apply(ViewCommand{SetDebugMode{false}});
  model.tick();
  EXPECT_EQ(model.rain().route_count(), 0);
}

// --- Performance -----------------------------------------------------------------------------

// Every array is sized once per terrain: ticks that rain and ease, with debug routes on, and
// a paused refresh, allocate nothing.
TEST(LiveModelPerformance, ASteadyTickAllocatesNothing) {
  LiveModel model(42);
  model.apply(ViewCommand{SetDebugMode{true}});
  for (int k = 0; k < 16; k++) model.tick();  // first builds done (frames 1 and 15)
  uint64_t allocations = 0;
  {
    terrain::testing::CountAllocations counter;
    for (int k = 0; k < 13; k++) model.tick();  // frames 17 to 29
    allocations = counter.count();
  }
  EXPECT_EQ(model.rain().route_count(), Rain::kMaxRoutes);  // the routes were traced
  EXPECT_EQ(allocations, 0u);

  model.pause();
  model.apply(ViewCommand{SetContourLevels{4}});  // rebuilds: drops moved on since frame 15
  {
    terrain::testing::CountAllocations counter;
    model.apply(ViewCommand{SetContourLevels{5}});  // a paused redraw: jump, no rebuild
    allocations = counter.count();
  }
  EXPECT_EQ(allocations, 0u);
}

// The same with the rivers worked out again: ticks on frames 30 and 45, and a paused refresh
// for a new sea level, after the first builds have sized everything.
TEST(LiveModelPerformance, ARiverRebuildAllocatesNothing) {
  LiveModel model(42);
  model.apply(ViewCommand{SetDebugMode{true}});
  for (int k = 0; k < 16; k++) model.tick();  // first builds done (frames 1 and 15)
  const uint64_t builds = model.river_builds();
  uint64_t allocations = 0;
  {
    terrain::testing::CountAllocations counter;
    for (int k = 0; k < 30; k++) model.tick();  // frames 17 to 46
    model.pause();
    model.apply(MapCommand{SetSeaLevel{0.3}});
    model.play();
    allocations = counter.count();
  }
  EXPECT_EQ(model.river_builds(), builds + 3);  // the count did cover rebuilds
  EXPECT_EQ(allocations, 0u);
}

// The figures the app shows: thread CPU time of the rain and of the rivers, measured every
// tick (what they are is the benchmark's: bench/drainage_bench.cpp, bench/rain_bench.cpp).
TEST(LiveModelPerformance, TimingsAreThreadCpuMillisecondsOfRainAndRivers) {
  LiveModel model(42);
  for (int k = 0; k < 29; k++) model.tick();
  const TickTimings easing = model.last_timings();  // frame 29: easing only
  const uint64_t builds = model.river_builds();
  model.tick();
  const TickTimings rebuild = model.last_timings();  // frame 30: rebuild and easing
  EXPECT_EQ(model.river_builds(), builds + 1);
  EXPECT_GT(easing.rain_ms, 0.0);  // measured, not left at 0
  EXPECT_GT(rebuild.rivers_ms, 0.0);
  EXPECT_TRUE(std::isfinite(rebuild.rain_ms) && std::isfinite(rebuild.rivers_ms));
  std::cout << "[ timings  ] default settings, seed 42: rain " << rebuild.rain_ms
            << " ms/tick; rivers " << rebuild.rivers_ms << " ms on a rebuild tick, "
            << easing.rivers_ms << " ms on an easing tick\n";
}

}  // namespace
}  // namespace terrain::session
