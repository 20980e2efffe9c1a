// Moving a live model (live_model.h): a model moved while it rains goes on bit for bit as one
// that stayed where it was (its map, its history, its rivers, its frames); long work under way
// moves with it and lands in the model moved to as it would have landed; moving onto a model
// drops that model's own long work at once, as destroying it does.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <span>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "brush_strokes.h"
#include "first_grids_only.h"
#include "map_bytes.h"
#include "session/live_model.h"
#include "session/map_recipe.h"
#include "session/saved_map.h"

namespace terrain::session {
namespace {

using namespace std::chrono_literals;

static_assert(std::is_nothrow_move_constructible_v<LiveModel>);
static_assert(std::is_nothrow_move_assignable_v<LiveModel>);
static_assert(!std::is_copy_constructible_v<LiveModel>);

bool same_float_bits(std::span<const float> a, std::span<const float> b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// Everything a session is, drawn and kept: the map, the history as a map file keeps it (its
// commands, steps, place and checkpoints), the recipe, the eased rivers, the hydrology, the
// frames and whether it rains.
void expect_same_session(const LiveModel& a, const LiveModel& b) {
  EXPECT_EQ(bytes_of(a), bytes_of(b));
  EXPECT_EQ(map_file_bytes(a.save()), map_file_bytes(b.save()));
  EXPECT_EQ(recipe_text(a.recipe()), recipe_text(b.recipe()));
  EXPECT_TRUE(same_float_bits(a.water(), b.water()));
  EXPECT_TRUE(same_float_bits(a.rivers().shown, b.rivers().shown));
  EXPECT_TRUE(same_float_bits(a.rivers().fade_in, b.rivers().fade_in));
  EXPECT_TRUE(same_float_bits(a.rivers().ghost_fade, b.rivers().ghost_fade));
  EXPECT_TRUE(a.rivers().downstream == b.rivers().downstream);
  EXPECT_TRUE(a.hydrology().drainage().flow().size() == b.hydrology().drainage().flow().size() &&
              std::equal(a.hydrology().drainage().flow().begin(),
                         a.hydrology().drainage().flow().end(),
                         b.hydrology().drainage().flow().begin()));
  EXPECT_EQ(a.frame_count(), b.frame_count());
  EXPECT_EQ(a.river_builds(), b.river_builds());
  EXPECT_EQ(a.version(), b.version());
  EXPECT_EQ(a.playing(), b.playing());
  EXPECT_EQ(a.history().checkpoints().size(), b.history().checkpoints().size());
}

// What both sessions do after the move: rain (ticks past a checkpoint and a river rebuild), a
// setting, a stroke, an undo and rain again from there.
void go_on_after_the_move(LiveModel& model) {
  for (int k = 0; k < 40; k++) model.tick();
  model.apply(MapCommand{SetErosion{0.45}});
  for (int k = 0; k < 20; k++) model.tick();
  const BrushStroke raise = testing::brush_stroke(BrushTool::raise, 6, 0.5, {{100, 60}, {120, 70}});
  model.apply(MapCommand{Stroke{raise}});
  for (int k = 0; k < 10; k++) model.tick();
  model.apply(HistoryCommand{Undo{1}});
  model.play();
  for (int k = 0; k < 25; k++) model.tick();
}

TEST(LiveModelMove, AModelMovedWhileItRainsGoesOnBitForBitAsOneNotMoved) {
  LiveModel stayed(2024);
  LiveModel raining(2024);
  for (int k = 0; k < 33; k++) {  // mid-ease: the rivers were rebuilt at frames 15 and 30
    stayed.tick();
    raining.tick();
  }
  ASSERT_TRUE(raining.playing());
  const float* const heights_before = raining.heights().data();

  LiveModel moved(std::move(raining));  // constructed from it
  EXPECT_TRUE(moved.playing());
  EXPECT_EQ(moved.heights().data(), heights_before) << "the map's storage moved along";
  expect_same_session(moved, stayed);
  go_on_after_the_move(moved);
  go_on_after_the_move(stayed);
  expect_same_session(moved, stayed);

  LiveModel other(7);  // assigned over another session
  other.tick();
  other = std::move(moved);
  for (int k = 0; k < 30; k++) {
    other.tick();
    stayed.tick();
  }
  expect_same_session(other, stayed);
  // And it saves and opens as the one not moved does.
  LiveModel opened(1);
  opened.open(other.save());
  LiveModel opened_stayed(1);
  opened_stayed.open(stayed.save());
  expect_same_session(opened, opened_stayed);
}

// Lands the long work under way by updating, as the app does once a frame.
void land_by_updating(LiveModel& model) {
  for (int k = 0; k < 200000 && !model.update_work(); k++) std::this_thread::sleep_for(1ms);
}

// Moving never waits for a worker: the work moves along and lands in the model moved to, the
// map and the history as if it had stayed (a finish, which keeps checkpoints inside its rain,
// and a far seek, whose worker reads the history while the model moves).
TEST(LiveModelMove, LongWorkMovesWithTheModelAndLandsAsIfItHadNotMoved) {
  LiveModel stayed(42);
  LiveModel finishing(42);
  for (int k = 0; k < 12; k++) {
    stayed.tick();
    finishing.tick();
  }
  stayed.finish_rain();
  stayed.wait_work();
  finishing.finish_rain();
  ASSERT_TRUE(finishing.working());
  LiveModel moved(std::move(finishing));
  EXPECT_TRUE(moved.finishing()) << "the finish moved along, still under way";
  land_by_updating(moved);
  EXPECT_FALSE(moved.working());
  EXPECT_TRUE(moved.stopped_at_target());
  EXPECT_EQ(bytes_of(moved), bytes_of(stayed));
  EXPECT_EQ(map_file_bytes(moved.save()), map_file_bytes(stayed.save()));

  // A far seek: a map file keeping the grids of its first checkpoint only, opened at its start.
  LiveModel source(5);
  source.pause();
  source.apply(MapCommand{RainDrops{3 * LiveModel::kLongWork}});
  const SavedMap saved = saved_with_first_grids_only(source);
  LiveModel seeking(5);
  seeking.open(saved);
  LiveModel applied(5);
  applied.open(saved);
  const uint64_t far = 2 * LiveModel::kLongWork + 4321;
  ASSERT_TRUE(seeking.start(HistoryCommand{Seek{far}}));
  LiveModel first(std::move(seeking));
  LiveModel second(9);
  second = std::move(first);  // moved twice, the worker still going
  land_by_updating(second);
  applied.apply(HistoryCommand{Seek{far}});
  EXPECT_EQ(bytes_of(second), bytes_of(applied));
  EXPECT_EQ(second.history().position(), applied.history().position());
  EXPECT_EQ(map_file_bytes(second.save()), map_file_bytes(applied.save()));
}

// The model moved onto stops its worker and joins it (the rain would take about 40 minutes: the
// test ends at all), and is the model moved to it after.
TEST(LiveModelMove, MovingOntoAWorkingModelDropsItsWork) {
  LiveModel model(1);
  ASSERT_TRUE(model.start(MapCommand{RainDrops{kMaxRainDrops}}));
  while (model.work_progress()->done == 0) std::this_thread::sleep_for(1ms);  // under way
  model = LiveModel(3);
  EXPECT_FALSE(model.working());
  const LiveModel fresh(3);
  EXPECT_EQ(bytes_of(model), bytes_of(fresh));
  EXPECT_EQ(map_file_bytes(model.save()), map_file_bytes(fresh.save()));
  // And it rains on.
  LiveModel fresh_raining(3);
  for (int k = 0; k < 20; k++) {
    model.tick();
    fresh_raining.tick();
  }
  expect_same_session(model, fresh_raining);
}

}  // namespace
}  // namespace terrain::session
