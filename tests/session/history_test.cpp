// The map's history: undo, redo, the timeline's seek and the History list's steps, each giving
// back the map exactly as it was (heights, original ground, drops, the rain's random stream,
// seed and settings), and the checkpoints that make it fast staying within their ceiling.
//
// Sections: helpers; undo and redo of every kind of step; what is a step; the timeline; a
// random walk of 200 commands against a replay from scratch; checkpoints and their memory.
#include "session/history.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "diamond_ground.h"
#include "map_bytes.h"
#include "session/live_model.h"

namespace terrain::session {
namespace {

// --- Helpers ---------------------------------------------------------------------------------

void undo(LiveModel& model, int steps = 1) {
  model.apply(HistoryCommand{Undo{steps}});
}
void redo(LiveModel& model, int steps = 1) {
  model.apply(HistoryCommand{Redo{steps}});
}
void seek(LiveModel& model, uint64_t drops) {
  model.apply(HistoryCommand{Seek{drops}});
}

std::string last_label(const LiveModel& model) {
  return step_label(model.history(), model.history().steps().size() - 1);
}

// --- Undo and redo ---------------------------------------------------------------------------

// Each kind of step, taken after some rain, undoes to the bytes before it and redoes to the
// bytes after it.
TEST(HistoryUndo, EveryKindOfStepUndoesAndRedoesToTheExactBytes) {
  const std::vector<std::pair<std::string, MapCommand>> steps = {
      {"rain", RainDrops{1234}},
      {"erosion", SetErosion{0.55}},
      {"deposition", SetDeposition{0.1}},
      {"inertia", SetInertia{0.2}},
      {"brush radius", SetBrushRadius{4}},
      {"sea level", SetSeaLevel{0.31}},
      {"seed", SetSeed{7}},
      {"restart", Restart{}},
      {"terrain scale", SetTerrainScale{0.02}},
      {"generator", SetGenerator{Generator::diamond_square}},
      {"roughness", SetRoughness{0.7}},
      {"ground", SetGround{diamond_ground("alps.png", GroundFit::crop, 7)}},
  };
  for (const auto& [name, command] : steps) {
    SCOPED_TRACE(name);
    LiveModel model(42);
    ticks(model, 30);  // 6,000 drops
    model.apply(MapCommand{SetErosion{0.4}});
    ticks(model, 7);
    const MapBytes before = bytes_of(model);
    // Rain joins the step of the action before it, and is undone with it.
    if (std::holds_alternative<RainDrops>(command)) model.apply(MapCommand{SetInertia{0.07}});
    model.apply(command);
    ticks(model, 0);
    const MapBytes after = bytes_of(model);
    ASSERT_FALSE(before == after);
    undo(model);
    EXPECT_EQ(bytes_of(model), before);
    EXPECT_FALSE(model.playing());
    redo(model);
    EXPECT_EQ(bytes_of(model), after);
    // And once more, from a restored state.
    undo(model);
    EXPECT_EQ(bytes_of(model), before);
    redo(model);
    EXPECT_EQ(bytes_of(model), after);
  }
}

// The rain after an undone ground goes on from the restored random stream: the same drops
// fall as if the undone step had never been taken.
TEST(HistoryUndo, RainAfterAnUndoIsTheRainOfTheMapWithoutTheStep) {
  LiveModel model(9);
  ticks(model, 20);
  model.apply(MapCommand{SetSeed{10}});
  ticks(model, 5);
  ASSERT_EQ(step_label(model.history(), 1), "Seed 10 + 1,000 drops");
  undo(model);  // seed 10 with the rain on it, in one
  EXPECT_EQ(model.seed(), 9u);
  ticks(model, 20);

  LiveModel fresh(9);
  ticks(fresh, 40);
  EXPECT_EQ(bytes_of(model), bytes_of(fresh));
}

// A slider moved while it rains takes effect at the drop count where it was moved: undoing
// the rain after it, then the slider, comes back to exactly that count.
TEST(HistoryUndo, ASliderMovedWhileRainingUndoesToItsDropCount) {
  LiveModel model(42);
  model.play();
  for (int k = 0; k < 13; k++) model.tick();
  model.apply(MapCommand{SetErosion{0.6}});  // still playing: at 2,600 drops
  for (int k = 0; k < 9; k++) model.tick();
  model.pause();
  EXPECT_EQ(model.drops(), 4400u);
  ASSERT_EQ(model.history().steps().size(), 2u);  // rain, erosion with the rain after it
  EXPECT_EQ(model.history().steps()[1].drops_at, 2600u);
  EXPECT_EQ(step_label(model.history(), 1), "Erosion 0.30 \u2192 0.60 + 1,800 drops");

  // One undo takes the slider back, with the rain that fell after it.
  undo(model);
  EXPECT_EQ(model.drops(), 2600u);
  EXPECT_EQ(model.settings().erosion, 0.3);
  LiveModel fresh(42);
  ticks(fresh, 13);
  EXPECT_EQ(bytes_of(model), bytes_of(fresh));
}

// A new action after undo discards what could be redone, as editors do.
TEST(HistoryUndo, ANewActionAfterUndoDiscardsTheRedoSteps) {
  LiveModel model(42);
  ticks(model, 5);
  model.apply(MapCommand{SetErosion{0.5}});
  model.apply(MapCommand{SetInertia{0.1}});
  undo(model, 2);
  EXPECT_TRUE(model.history().can_redo());
  model.apply(MapCommand{SetDeposition{0.5}});
  EXPECT_FALSE(model.history().can_redo());
  ASSERT_EQ(model.history().steps().size(), 2u);
  EXPECT_EQ(last_label(model), "Deposition 0.30 \u2192 0.50");
  EXPECT_EQ(model.settings().erosion, 0.3);
}

// Undo at the start and redo at the end change nothing.
TEST(HistoryUndo, NothingToUndoOrRedoChangesNothing) {
  LiveModel model(42);
  const MapBytes start = bytes_of(model);
  undo(model);
  redo(model);
  EXPECT_EQ(bytes_of(model), start);
  ticks(model, 3);
  const MapBytes rained = bytes_of(model);
  redo(model);
  EXPECT_EQ(bytes_of(model), rained);
  undo(model, 50);  // more than there are
  EXPECT_EQ(bytes_of(model), start);
  redo(model, 50);
  EXPECT_EQ(bytes_of(model), rained);
}

// --- What is a step --------------------------------------------------------------------------

TEST(HistorySteps, EachIsNamedInWords) {
  LiveModel model(42);
  ticks(model, 241);  // 48,200 drops
  EXPECT_EQ(last_label(model), "Rain: 48,200 drops");
  model.apply(MapCommand{SetErosion{0.45}});
  EXPECT_EQ(last_label(model), "Erosion 0.30 \u2192 0.45");
  model.apply(MapCommand{SetSeed{42}});
  EXPECT_EQ(last_label(model), "Seed 42");
  model.apply(MapCommand{SetRoughness{0.6}});
  model.apply(MapCommand{SetGenerator{Generator::diamond_square}});
  EXPECT_EQ(last_label(model), "Ground: diamond-square, roughness 0.60");
  model.apply(MapCommand{SetGround{diamond_ground("alps.png", GroundFit::crop, 7)}});
  EXPECT_EQ(last_label(model), "Opened alps.png (crop)");
  model.apply(MapCommand{Restart{}});
  EXPECT_EQ(last_label(model), "Restart: seed 42");
  model.apply(MapCommand{SetTerrainScale{0.02}});
  EXPECT_EQ(last_label(model), "Terrain scale 0.012 \u2192 0.020");
  model.apply(MapCommand{SetInertia{0.123}});  // typed: more decimals than the slider's
  EXPECT_EQ(last_label(model), "Inertia 0.05 \u2192 0.123");
  EXPECT_EQ(start_label(model.history()), "Start: seed 42");
}

// A drag is one step from where it began to where it ended, the rain meanwhile inside it.
TEST(HistorySteps, ADragIsOneStepWithTheRainThatFellMeanwhile) {
  LiveModel model(42);
  ticks(model, 10);
  model.play();
  model.apply(HistoryCommand{BeginEdit{}});
  model.tick();
  model.apply(MapCommand{SetErosion{0.35}});
  model.tick();
  model.apply(MapCommand{SetErosion{0.4}});
  model.apply(MapCommand{SetErosion{0.45}});
  model.tick();
  model.apply(HistoryCommand{EndEdit{}});
  model.tick();
  model.pause();
  ASSERT_EQ(model.history().steps().size(), 2u);  // rain, the drag with the rain after it
  EXPECT_EQ(step_label(model.history(), 1), "Erosion 0.30 \u2192 0.45 + 600 drops");
  undo(model);
  EXPECT_EQ(model.drops(), 2200u);  // the tick before the first change joined the rain
  LiveModel fresh(42);
  ticks(fresh, 11);
  EXPECT_EQ(bytes_of(model), bytes_of(fresh));
  // Replayed, the drag's values take effect where they did.
  redo(model);
  LiveModel replayed(model.recipe());
  EXPECT_EQ(bytes_of(replayed).heights, bytes_of(model).heights);
}

// Drops per frame only decides where ticks fall, and the view's settings only the picture:
// neither is a step.
TEST(HistorySteps, DropsPerFrameAndTheViewAreNotSteps) {
  LiveModel model(42);
  model.apply(MapCommand{SetDropsPerFrame{500}});
  model.apply(ViewCommand{SetView{MapView::basins}});
  model.apply(ViewCommand{ShowLakes{true}});
  model.apply(ViewCommand{SetMinFlow{40}});
  model.apply(ViewCommand{SetRouting{Routing::flood}});
  model.apply(ViewCommand{SetContourLevels{3}});
  model.apply(ViewCommand{ShowRivers{false}});
  EXPECT_TRUE(model.history().steps().empty());
  ticks(model, 2);
  model.apply(MapCommand{SetErosion{0.5}});
  undo(model);
  EXPECT_EQ(model.settings().drops_per_frame, 500);  // kept through undo
  EXPECT_EQ(model.settings().view, MapView::basins);
  EXPECT_EQ(model.drops(), 1000u);
}

// After an undo the routes are emptied and the rivers are those of the terrain.
TEST(HistorySteps, AfterUndoTheRoutesGoAndTheRiversJumpToTheTerrain) {
  LiveModel model(42);
  model.apply(ViewCommand{SetDebugMode{true}});
  ticks(model, 20);
  model.play();
  model.tick();
  ASSERT_GT(model.rain().route_count(), 0);
  model.apply(MapCommand{SetSeaLevel{0.3}});
  model.pause();
  const uint64_t tones = model.ground_version();
  undo(model);
  EXPECT_EQ(model.rain().route_count(), 0);
  EXPECT_NE(model.ground_version(), tones);
  LiveModel fresh(42);
  ticks(fresh, 21);
  fresh.refresh();
  for (std::size_t i = 0; i < fresh.rivers().shown.size(); i++) {
    ASSERT_EQ(model.rivers().shown[i], fresh.rivers().shown[i]) << i;
  }
}

// --- The timeline ----------------------------------------------------------------------------

// Seeking to N gives the map a fresh rain of N drops gives, for N at the start, inside a
// tick, at a tick's edge and at the last drop.
TEST(HistoryTimeline, SeekingToNEqualsAFreshRainOfNDrops) {
  LiveModel model(5);
  ticks(model, 100);  // 20,000 drops over 100 ticks
  for (const uint64_t n : {uint64_t{0}, uint64_t{1}, uint64_t{199}, uint64_t{4096}, uint64_t{12345},
                           uint64_t{20000}, uint64_t{7777}}) {
    SCOPED_TRACE(n);
    seek(model, n);
    LiveModel fresh(5);
    fresh.pause();
    fresh.apply(MapCommand{RainDrops{n}});
    EXPECT_EQ(bytes_of(model), bytes_of(fresh));
    EXPECT_EQ(model.history().timeline().now, n);
    EXPECT_EQ(model.history().timeline().total, 20000u);
  }
  EXPECT_THROW(seek(model, 20001), std::invalid_argument);
}

// A seek shows the settings as they were at that count, with the steps after it not yet
// taken; playing from there is a new branch.
TEST(HistoryTimeline, ASeekShowsTheSettingsOfThatCountAndPlayingBranches) {
  LiveModel model(42);
  ticks(model, 10);
  model.apply(MapCommand{SetErosion{0.7}});
  ticks(model, 10);
  const Timeline& t = model.history().timeline();
  EXPECT_EQ(t.total, 4000u);
  ASSERT_EQ(t.marks.size(), 1u);
  EXPECT_EQ(t.marks[0], 2000u);

  seek(model, 1500);
  EXPECT_EQ(model.settings().erosion, 0.3);
  seek(model, 2000);  // the step at that count is taken
  EXPECT_EQ(model.settings().erosion, 0.7);
  seek(model, 3000);
  EXPECT_EQ(model.drops(), 3000u);
  EXPECT_TRUE(model.history().can_redo());
  ticks(model, 1);  // a new branch: the rest is gone
  EXPECT_FALSE(model.history().can_redo());
  EXPECT_EQ(model.drops(), 3200u);
  EXPECT_EQ(model.history().timeline().total, 3200u);
  LiveModel replayed(model.recipe());
  EXPECT_EQ(bytes_of(replayed).heights, bytes_of(model).heights);
}

// The timeline runs over the map's life since its last new start.
TEST(HistoryTimeline, ItRunsFromTheLastNewStart) {
  LiveModel model(42);
  ticks(model, 10);
  model.apply(MapCommand{SetSeed{3}});
  ticks(model, 4);
  EXPECT_EQ(model.history().timeline().total, 800u);
  seek(model, 0);
  EXPECT_EQ(model.seed(), 3u);
  LiveModel fresh(3);
  EXPECT_EQ(bytes_of(model).heights, bytes_of(fresh).heights);
  undo(model);  // the seed
  EXPECT_EQ(model.history().timeline().total, 2000u);
}

// A finish keeps checkpoints inside its rain: seeking into it is exact.
TEST(HistoryTimeline, SeekingIntoAFinishedRainIsExact) {
  LiveModel model(11);
  ticks(model, 3);
  model.finish_rain();
  model.wait_work();
  EXPECT_EQ(model.drops(), 300000u);
  EXPECT_GT(model.history().checkpoints().size(), 50u);
  for (const uint64_t n : {uint64_t{123457}, uint64_t{600}}) {
    seek(model, n);
    LiveModel fresh(11);
    fresh.pause();
    fresh.apply(MapCommand{RainDrops{n}});
    EXPECT_EQ(bytes_of(model), bytes_of(fresh)) << n;
  }
}

// --- A random walk ---------------------------------------------------------------------------

// 200 commands with undos, redos and seeks among them end in the bytes a fresh session gets
// from replaying the map's surviving commands; undoing everything and redoing it all comes
// back to the same bytes.
TEST(HistoryRandomWalk, TwoHundredCommandsEndAsTheirSurvivingCommandsReplayed) {
  std::mt19937 random(20261202);
  auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  LiveModel model(42);
  model.pause();
  for (int k = 0; k < 200; k++) {
    switch (pick(12)) {
      case 0:
      case 1:
      case 2:
        model.apply(MapCommand{RainDrops{static_cast<uint64_t>(pick(3000))}});
        break;
      case 3:
        model.apply(MapCommand{SetErosion{pick(21) * 0.05}});
        break;
      case 4:
        model.apply(MapCommand{SetSeaLevel{pick(61) * 0.01}});
        break;
      case 5:
        model.apply(MapCommand{SetBrushRadius{1 + pick(6)}});
        break;
      case 6:
        model.apply(MapCommand{pick(4) == 0 ? MapCommand{SetSeed{static_cast<uint32_t>(pick(9))}}
                                            : MapCommand{SetInertia{pick(51) * 0.01}}});
        break;
      case 7:
      case 8:
        undo(model, 1 + pick(3));
        break;
      case 9:
        redo(model, 1 + pick(2));
        break;
      case 10: {
        const uint64_t total = model.history().timeline().total;
        seek(model, total == 0 ? 0 : random() % (total + 1));
        break;
      }
      default:
        model.apply(HistoryCommand{GoToStep{
            static_cast<std::size_t>(pick(static_cast<int>(model.history().steps().size()) + 1))}});
        break;
    }
  }
  const MapBytes end = bytes_of(model);
  LiveModel replayed(model.recipe());
  EXPECT_EQ(bytes_of(replayed).heights, end.heights);
  EXPECT_EQ(bytes_of(replayed).rain, end.rain);
  EXPECT_EQ(bytes_of(replayed).drops, end.drops);

  const std::size_t done = model.history().steps_done(model.history().position());
  model.apply(HistoryCommand{GoToStep{0}});
  EXPECT_EQ(model.drops(), 0u);
  EXPECT_EQ(model.seed(), 42u);
  model.apply(HistoryCommand{GoToStep{done}});
  if (!model.history().inside_step(model.history().position())) {
    EXPECT_EQ(bytes_of(model), end);
  }
}

// --- Checkpoints -----------------------------------------------------------------------------

// A long history keeps its checkpoints within the store's ceiling, every gap between two
// within the spacing, so reaching any place replays at most that much.
TEST(HistoryCheckpoints, AFullStoreThinsAndEveryGapStaysWithinTheSpacing) {
  const std::size_t cells = 4;
  History history({1, {}, std::nullopt}, cells, 10 * cells * sizeof(float));  // 10 slots
  const Heightfield field(2, 2, 0.5f);
  const auto checkpoint_now = [&](uint64_t drops) {
    if (history.wants_checkpoint()) history.checkpoint(field, field, false, {}, {}, drops);
  };
  checkpoint_now(0);
  uint64_t drops = 0;
  for (int k = 0; k < 2000; k++) {
    // A tick of 200 drops, cut where a checkpoint falls due (as the live model rains).
    for (uint64_t left = 200; left > 0;) {
      const uint64_t piece = std::min(left, history.until_checkpoint());
      history.record(RainDrops{piece}, 1, {}, drops);
      drops += piece;
      left -= piece;
      checkpoint_now(drops);
    }
    if (k % 97 == 0) {
      history.record(SetErosion{0.05 * (k % 20)}, 1, {}, drops);
      checkpoint_now(drops);
    }
  }
  EXPECT_LE(history.store().held(), history.store().capacity());
  EXPECT_GT(history.spacing(), History::kFirstSpacing);
  const auto cps = history.checkpoints();
  EXPECT_EQ(cps[0].at, HistoryPosition{});
  for (std::size_t k = 1; k < cps.size(); k++) {
    EXPECT_LE(cps[k].cost - cps[k - 1].cost, history.spacing()) << k;
  }
  EXPECT_LE(history.cost(history.end()) - cps.back().cost, history.spacing());
}

// The checkpoints of a session keep what they must and no more: a setting step costs none of
// the grid slots, a new map one, rain one every spacing.
TEST(HistoryCheckpoints, SlotsAreTakenForRainAndNewMapsOnly) {
  LiveModel model(42);
  EXPECT_EQ(model.history().store().held(), 1u);  // the start: heights = original
  for (int k = 0; k < 20; k++) model.apply(MapCommand{SetErosion{0.05 * k}});
  EXPECT_EQ(model.history().store().held(), 1u);
  model.apply(MapCommand{SetSeed{8}});
  EXPECT_EQ(model.history().store().held(), 2u);
  model.pause();
  model.apply(MapCommand{RainDrops{3 * History::kFirstSpacing}});
  EXPECT_EQ(model.history().store().held(), 5u);  // one every spacing, inside one rain
  ticks(model, 3 * static_cast<int>(History::kFirstSpacing) / 200 + 1);
  EXPECT_EQ(model.history().store().held(), 8u);
}

}  // namespace
}  // namespace terrain::session
