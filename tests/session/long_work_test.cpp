// Long work (live_model.h): a big rain, a far undo or seek and a long stroke begun with start()
// run on a worker, on a copy of the map: the map reads as it was until the work lands, the
// progress moves, and what lands is the map and the history apply() makes of the same command;
// cancel_work() leaves the map exactly as it was, its redo steps and all. What a command and a
// map's life may rain is refused. A model destroyed mid-work stops its worker.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "core/number_text.h"
#include "first_grids_only.h"
#include "map_bytes.h"
#include "session/live_model.h"
#include "session/saved_map.h"

namespace terrain::session {
namespace {

using namespace std::chrono_literals;

// Lands the long work under way by updating, as the app does once a frame.
void until_landed(LiveModel& model) {
  for (int k = 0; k < 200000 && !model.update_work(); k++) std::this_thread::sleep_for(1ms);
}

// The map file bytes of a model's history: two models with the same bytes have the same
// commands, steps, place and checkpoints.
std::vector<uint8_t> history_bytes(const LiveModel& model) {
  return map_file_bytes(model.save());
}

// A map with some rain, a step after it, and an undo: redo steps to lose.
void with_redo_steps(LiveModel& model) {
  model.apply(MapCommand{RainDrops{9000}});
  model.apply(MapCommand{SetErosion{0.5}});
  model.apply(MapCommand{RainDrops{3000}});
  model.apply(HistoryCommand{Undo{1}});
}

TEST(LongWork, ABigRainRunsOnAWorkerAndLandsAsApplyMakesIt) {
  LiveModel worked(7);
  worked.pause();
  with_redo_steps(worked);
  LiveModel applied(7);
  applied.pause();
  with_redo_steps(applied);
  const MapBytes before = bytes_of(worked);
  const uint64_t version = worked.version();

  const uint64_t n = 4 * LiveModel::kLongWork;
  ASSERT_TRUE(worked.start(MapCommand{RainDrops{n}}));
  EXPECT_TRUE(worked.working());
  EXPECT_FALSE(worked.finishing());
  // Until it lands the map reads as it was; only the progress moves.
  EXPECT_TRUE(bytes_of(worked).heights == before.heights);
  uint64_t seen = 0;
  while (worked.working()) {
    const auto progress = worked.work_progress();
    ASSERT_TRUE(progress.has_value());
    EXPECT_EQ(progress->what, "Rain: 400,000 drops");
    EXPECT_EQ(progress->total, n);
    EXPECT_GE(progress->done, seen);
    seen = progress->done;
    EXPECT_EQ(worked.history().atoms().size(), applied.history().atoms().size());
    if (worked.update_work()) break;
    std::this_thread::sleep_for(1ms);
  }
  EXPECT_GT(worked.version(), version);
  EXPECT_FALSE(worked.work_progress().has_value());

  applied.apply(MapCommand{RainDrops{n}});
  EXPECT_EQ(bytes_of(worked), bytes_of(applied));
  EXPECT_EQ(history_bytes(worked), history_bytes(applied));
  EXPECT_EQ(recipe_text(worked.recipe()), recipe_text(applied.recipe()));
  // Short work is carried out at once.
  EXPECT_FALSE(worked.start(MapCommand{RainDrops{LiveModel::kLongWork}}));
  EXPECT_FALSE(worked.working());
}

TEST(LongWork, ACancelledRainLeavesTheMapAndItsRedoStepsAsTheyWere) {
  LiveModel model(11);
  model.pause();
  with_redo_steps(model);
  const MapBytes before = bytes_of(model);
  const std::vector<uint8_t> history = history_bytes(model);
  const std::string recipe = recipe_text(model.recipe());
  ASSERT_TRUE(model.start(MapCommand{RainDrops{kMaxRainDrops}}));
  while (model.work_progress()->done < 20000) std::this_thread::sleep_for(1ms);
  // (Back at all: the worker stopped; the whole rain would take about 40 minutes.)
  EXPECT_EQ(model.cancel_work(), std::optional<std::string>("Rain: 1,000,000,000 drops"));
  EXPECT_FALSE(model.working());
  EXPECT_EQ(bytes_of(model), before);
  EXPECT_EQ(history_bytes(model), history);
  EXPECT_EQ(recipe_text(model.recipe()), recipe);
  EXPECT_TRUE(model.history().can_redo());
  // And it goes on as if nothing had begun: the redo step is there to take.
  model.apply(HistoryCommand{Redo{1}});
  LiveModel straight(11);
  straight.pause();
  with_redo_steps(straight);
  straight.apply(HistoryCommand{Redo{1}});
  EXPECT_EQ(bytes_of(model), bytes_of(straight));
  EXPECT_EQ(model.cancel_work(), std::nullopt) << "nothing to cancel";
}

TEST(LongWork, AFarSeekAndRedoRunOnAWorkerAndLandAsApplyMakesThem) {
  // A map file that keeps the grids of its first checkpoint only (as a long history's file keeps
  // few), opened at its start: every place inside its rain is far from a checkpoint's grids.
  LiveModel source(5);
  source.pause();
  source.apply(MapCommand{RainDrops{3 * LiveModel::kLongWork}});
  source.apply(MapCommand{SetInertia{0.2}});
  source.apply(MapCommand{RainDrops{2000}});
  const SavedMap saved = saved_with_first_grids_only(source);
  LiveModel worked(5);
  worked.open(saved);
  LiveModel applied(5);
  applied.open(saved);
  ASSERT_EQ(worked.history().checkpoints().size(), 1u);

  const uint64_t far = 2 * LiveModel::kLongWork + 12345;
  ASSERT_TRUE(worked.start(HistoryCommand{Seek{far}}));
  EXPECT_EQ(worked.work_progress()->what, "Seek to drop 212,345");
  EXPECT_EQ(worked.work_progress()->total, far);
  EXPECT_EQ(worked.drops(), 0u) << "the map reads as it was until the work lands";
  until_landed(worked);
  applied.apply(HistoryCommand{Seek{far}});
  EXPECT_EQ(bytes_of(worked), bytes_of(applied));
  EXPECT_EQ(worked.history().position(), applied.history().position());
  EXPECT_EQ(worked.drops(), far);
  // Back to the rain's start is near; on to its end, and the step after it, is far again.
  EXPECT_FALSE(worked.start(HistoryCommand{Undo{1}}));
  applied.apply(HistoryCommand{Undo{1}});
  EXPECT_EQ(bytes_of(worked), bytes_of(applied));
  ASSERT_TRUE(worked.start(HistoryCommand{Redo{2}}));
  EXPECT_EQ(worked.work_progress()->what, "Redo 2 steps");
  // Cancelled, the map stays at the rain's start.
  const MapBytes before = bytes_of(worked);
  worked.cancel_work();
  EXPECT_EQ(bytes_of(worked), before);
  ASSERT_TRUE(worked.start(HistoryCommand{Redo{2}}));
  until_landed(worked);
  applied.apply(HistoryCommand{Redo{2}});
  EXPECT_EQ(bytes_of(worked), bytes_of(applied));
  EXPECT_EQ(worked.settings().inertia, 0.2);
  EXPECT_EQ(history_bytes(worked), history_bytes(applied));
}

TEST(LongWork, ALongStrokeRunsOnAWorkerAndLandsAsOneStep) {
  BrushStroke rain_here;
  rain_here.tool = BrushTool::rain;
  rain_here.radius = 20;
  rain_here.strength = 1;
  rain_here.seed = 3;
  // Back and forth over the island: about 800 dabs of 24 drops each.
  for (int k = 0; k < 40; k++) {
    rain_here.points.push_back({40.0, 50.0 + k});
    rain_here.points.push_back({280.0, 50.0 + k});
  }
  const Stroke stroke{rain_here};
  ASSERT_GT(History::replay_cost(MapCommand{stroke}), LiveModel::kLongWork);
  LiveModel worked(3);
  worked.pause();
  LiveModel applied(3);
  applied.pause();
  ASSERT_TRUE(worked.start(MapCommand{stroke}));
  EXPECT_EQ(worked.work_progress()->what, "Stroke: rain_here, radius 20");
  until_landed(worked);
  applied.apply(MapCommand{stroke});
  EXPECT_EQ(bytes_of(worked), bytes_of(applied));
  EXPECT_EQ(history_bytes(worked), history_bytes(applied));
  // Cancelled, nothing of it stays.
  const MapBytes before = bytes_of(worked);
  ASSERT_TRUE(worked.start(MapCommand{stroke}));
  worked.cancel_work();
  EXPECT_EQ(bytes_of(worked), before);
  EXPECT_EQ(worked.history().steps().size(), applied.history().steps().size());
}

TEST(LongWork, WhatACommandAndAMapsLifeMayRainIsRefusedAndChangesNothing) {
  LiveModel model(2);
  model.pause();
  const MapBytes before = bytes_of(model);
  const auto refusal = [&](uint64_t n) -> std::string {
    try {
      model.start(MapCommand{RainDrops{n}});
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "(taken)";
  };
  EXPECT_EQ(refusal(kMaxRainDrops + 1),
            "rain: 1,000,000,001 drops is more than one command may rain (at most "
            "1,000,000,000)");
  EXPECT_FALSE(model.working());
  EXPECT_EQ(bytes_of(model), before);
  EXPECT_EQ(rain_problem(1, kMaxMapDrops),
            "rain: 1 more drops would take the map past 10,000,000,000 drops, the most a map may "
            "rain (it has rained 10,000,000,000)");
  EXPECT_EQ(rain_problem(5, kMaxMapDrops - 5), "");
  EXPECT_EQ(rain_problem(kMaxRainDrops, kMaxMapDrops - kMaxRainDrops), "");
  EXPECT_NE(rain_problem(kMaxRainDrops, kMaxMapDrops - kMaxRainDrops + 1), "");
}

// The destructor stops the worker and joins it: the test ends at all (the rain would take
// about 40 minutes), without a leak or a race (the sanitizer build checks).
TEST(LongWork, AModelDestroyedMidWorkStopsItsWorkerAtOnce) {
  LiveModel model(1);
  ASSERT_TRUE(model.start(MapCommand{RainDrops{kMaxRainDrops}}));
  while (model.work_progress()->done == 0) std::this_thread::sleep_for(1ms);  // under way
}

}  // namespace
}  // namespace terrain::session

namespace terrain::session {
namespace {

// A session's history never grows past what a map file keeps: the command that would take it
// there is refused, saying so, and the map saves and opens.
TEST(LongWork, AHistoryStopsTakingCommandsAtWhatAMapFileKeeps) {
  Settings s;
  s.show_rivers = false;  // (a paused map draws its rivers again after every command)
  LiveModel model(3, s);
  model.pause();
  std::size_t k = 0;
  for (; model.history().atoms().size() + 2 <= kMaxRecipeCommands; k++) {
    model.apply(MapCommand{SetErosion{k % 2 == 0 ? 0.35 : 0.3}});
  }
  const double next = k % 2 == 0 ? 0.35 : 0.3;
  try {
    model.apply(MapCommand{SetErosion{next}});
    ADD_FAILURE() << "taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "erosion: the map's history holds 1,048,575 commands, the most a map file keeps");
  }
  EXPECT_THROW(model.start(MapCommand{SetErosion{next}}), std::invalid_argument);
  model.apply(MapCommand{RainDrops{10}});  // rain still falls
  const SavedMap saved = read_map_file(map_file_bytes(model.save()));
  EXPECT_EQ(saved.commands.commands.size(), kMaxRecipeCommands);
}

}  // namespace
}  // namespace terrain::session
