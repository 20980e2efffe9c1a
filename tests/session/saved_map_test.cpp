// Map files of the live session (session/saved_map.h): save -> open gives the same map, the
// same history (undo works across them) and the same view; open -> rain on equals the rain
// that never stopped; a file that does not hold together is refused and changes nothing.
//
// Sections: helpers; round trips; rain that goes on; checkpoints kept; files refused.
#include "session/saved_map.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "diamond_ground.h"
#include "io/map_file.h"
#include "map_bytes.h"
#include "session/live_model.h"
#include "session/recorded_map.h"

namespace terrain::session {
namespace {

// --- Helpers ---------------------------------------------------------------------------------

void history(LiveModel& model, const HistoryCommand& command) {
  model.apply(command);
}

// A session with a step of every kind: rain, a drag, a typed value, a seed, a ground, a
// generator, and rain after each.
void a_busy_session(LiveModel& model) {
  ticks(model, 40);
  history(model, BeginEdit{});
  model.apply(MapCommand{SetErosion{0.35}});
  ticks(model, 3);
  model.apply(MapCommand{SetErosion{0.45}});
  history(model, EndEdit{});
  ticks(model, 30);
  model.apply(MapCommand{SetSeaLevel{0.3}});
  ticks(model, 12);
  model.apply(MapCommand{SetSeed{77}});
  ticks(model, 25);
  model.apply(MapCommand{SetGround{diamond_ground("alps.png", GroundFit::stretch, 3)}});
  model.rain_now(9000);
  model.apply(MapCommand{SetGenerator{Generator::diamond_square}});
  ticks(model, 10);
}

SavedMap through_a_file(const SavedMap& saved) {
  return read_map_file(map_file_bytes(saved));
}

std::vector<std::string> labels(const LiveModel& model) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < model.history().steps().size(); k++) {
    out.push_back(step_label(model.history(), k));
  }
  return out;
}

// --- Round trips -----------------------------------------------------------------------------

TEST(SavedMap, SaveThenOpenGivesTheSameMapHistoryAndView) {
  LiveModel model(42);
  a_busy_session(model);
  model.apply(ViewCommand{SetView{MapView::basins}});
  model.apply(ViewCommand{ShowLakes{true}});
  model.apply(ViewCommand{SetMinFlow{321}});
  model.apply(ViewCommand{SetRouting{Routing::flood}});
  model.apply(MapCommand{SetDropsPerFrame{350}});

  LiveModel opened(1);
  opened.open(through_a_file(model.save()));
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
  EXPECT_EQ(opened.settings().view_settings(), model.settings().view_settings());
  EXPECT_EQ(opened.settings().drops_per_frame, 350);
  EXPECT_EQ(labels(opened), labels(model));
  EXPECT_EQ(opened.history().position(), model.history().position());
  EXPECT_FALSE(opened.playing());
  // Its recipe replays it (drops per frame is in its settings rather than a command).
  const LiveModel replayed(opened.recipe());
  EXPECT_EQ(bytes_of(replayed), bytes_of(model));

  // Undo works across the save: every step back, then forward again, in both.
  const std::size_t steps = model.history().steps().size();
  for (std::size_t k = 0; k < steps; k++) {
    history(model, Undo{1});
    history(opened, Undo{1});
    ASSERT_EQ(bytes_of(opened), bytes_of(model)) << "after " << k + 1 << " undos";
  }
  for (std::size_t k = 0; k < steps; k++) {
    history(model, Redo{1});
    history(opened, Redo{1});
    ASSERT_EQ(bytes_of(opened), bytes_of(model)) << "after " << k + 1 << " redos";
  }
}

// A map saved after an undo and a seek opens there, its redo steps still there.
TEST(SavedMap, AMapSavedInsideItsHistoryOpensThereWithItsRedoSteps) {
  LiveModel model(5);
  a_busy_session(model);
  history(model, Undo{3});
  history(model, Seek{4321});
  ASSERT_TRUE(model.history().can_redo());

  LiveModel opened(6);
  opened.open(through_a_file(model.save()));
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
  EXPECT_EQ(opened.history().position(), model.history().position());
  EXPECT_EQ(opened.history().timeline().total, model.history().timeline().total);
  history(model, Redo{2});
  history(opened, Redo{2});
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
}

// A map file from before rain joined the action before it kept that rain as a step, and an
// atom, of its own: it opens with the rain joined to the action's step, at the same place and
// bytes, and one undo takes the action back with its rain.
TEST(SavedMap, AFileWithRainAfterAnActionAsAStepOfItsOwnOpensWithTheRainJoined) {
  LiveModel model(5);
  ticks(model, 10);  // atom 0: rain
  history(model, BeginEdit{});
  model.apply(MapCommand{SetErosion{0.35}});  // atom 1
  ticks(model, 3);                            // atom 2: the rain during the drag
  history(model, EndEdit{});
  ticks(model, 4);  // and after it, the same atom now
  SavedMap saved = model.save();
  ASSERT_EQ(saved.steps.size(), 2u);
  ASSERT_EQ(saved.commands.commands.size(), 3u);
  ASSERT_EQ(saved.checkpoints.size(), 1u);  // the start's only: no place inside the rain to move
  // As such a file had it: the rain after the drag an atom and a step of its own.
  auto& rain = std::get<RainDrops>(saved.commands.commands[2]);
  ASSERT_EQ(rain.drops, 1400u);
  rain.drops = 600;
  saved.commands.commands.push_back(MapCommand{RainDrops{800}});
  saved.steps = {{0, 1, false}, {1, 3, true}, {3, 4, false}};
  saved.position = {3, 800};

  LiveModel opened(6);
  opened.open(through_a_file(saved));
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
  ASSERT_EQ(opened.history().steps().size(), 2u);
  EXPECT_EQ(opened.history().atoms().size(), 4u);  // as the file wrote them
  EXPECT_EQ(step_label(opened.history(), 1), "Erosion 0.30 \u2192 0.35 + 1,400 drops");
  history(opened, Undo{1});
  history(model, Undo{1});
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
  EXPECT_EQ(opened.drops(), 2000u);
}

// --- Rain that goes on -----------------------------------------------------------------------

// Open -> rain on equals the rain that never stopped, byte for byte, and so does a new step.
TEST(SavedMap, RainAfterOpeningIsTheRainThatNeverStopped) {
  LiveModel model(42);
  ticks(model, 123);
  model.apply(MapCommand{SetInertia{0.2}});
  ticks(model, 7);
  LiveModel opened(3);
  opened.open(through_a_file(model.save()));
  ticks(model, 250);
  ticks(opened, 250);
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
  model.apply(MapCommand{SetDeposition{0.5}});
  opened.apply(MapCommand{SetDeposition{0.5}});
  model.rain_now(5000);
  opened.rain_now(5000);
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
  EXPECT_EQ(labels(opened), labels(model));
}

// --- Checkpoints kept ------------------------------------------------------------------------

// A long history keeps grids for a bounded number of its checkpoints, no gap between them
// over a sixteenth of its cost, and every checkpoint's hash; a seek into a gap after opening
// replays from the one before and lands on the same bytes.
TEST(SavedMap, ALongHistoryKeepsSomeCheckpointsGridsAndEveryHash) {
  LiveModel model(11);
  for (int k = 0; k < 30; k++) {
    model.rain_now(10000);
    model.apply(MapCommand{SetErosion{k % 2 ? 0.3 : 0.31}});
  }
  history(model, Seek{150000});
  const SavedMap saved = model.save();
  ASSERT_EQ(saved.checkpoints.size(), model.history().checkpoints().size());
  const uint64_t total = model.history().cost(model.history().end());
  uint64_t last = 0;
  std::size_t with_grids = 0;
  for (const SavedCheckpoint& c : saved.checkpoints) {
    if (c.heights < 0) continue;
    with_grids++;
    const uint64_t cost = model.history().cost(c.at);
    EXPECT_LE(cost - last, total / 8 + model.history().spacing());
    last = cost;
  }
  EXPECT_LE(with_grids, kSavedGaps + 3);
  EXPECT_LT(with_grids, saved.checkpoints.size() / 3);
  EXPECT_LE(saved.grids.size(), with_grids + 2);  // an original ground per map, shared

  LiveModel opened(2);
  opened.open(through_a_file(saved));
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
  for (const uint64_t drops : {uint64_t{0}, uint64_t{4097}, uint64_t{77777}, uint64_t{299999}}) {
    history(model, Seek{drops});
    history(opened, Seek{drops});
    ASSERT_EQ(bytes_of(opened), bytes_of(model)) << "at drop " << drops;
  }
}

// A save given the grids of the one before copies only those that are new since: the
// autosave's few every few seconds.
TEST(SavedMap, ASaveWithACacheCopiesOnlyTheGridsThatAreNew) {
  LiveModel model(21);
  model.rain_now(60000);
  const History& history = model.history();
  GridCache cache;
  const SavedMap first = saved_history(history, 320, 180, &cache);
  ASSERT_GE(first.grids.size(), 4u);
  model.rain_now(5000);  // one checkpoint more (4,096 drops apart)
  const SavedMap second = saved_history(history, 320, 180, &cache);
  std::size_t shared = 0;
  for (const auto& grid : second.grids) {
    for (const auto& before : first.grids) shared += grid.get() == before.get();
  }
  EXPECT_GE(shared + 2, second.grids.size()) << "more than two grids copied again";
  EXPECT_EQ(cache.grids.size(), second.grids.size());
  // The same bytes as a save without the cache.
  EXPECT_EQ(map_file_bytes(second), map_file_bytes(saved_history(history, 320, 180)));

  // Another history in its place (a map opened) has a store of its own: nothing of the old
  // one's is taken for it, though its slots have the same numbers.
  LiveModel other(22);
  other.rain_now(60000);
  model.open(other.save());
  const SavedMap third = model.save(&cache);
  EXPECT_NO_THROW(history_of(read_map_file(map_file_bytes(third))));
  EXPECT_EQ(map_file_bytes(third), map_file_bytes(model.save()));
}

// --- Files refused ---------------------------------------------------------------------------

// A file that does not hold together says what is wrong and changes nothing.
TEST(SavedMap, AMapThatDoesNotHoldTogetherIsRefusedAndChangesNothing) {
  LiveModel source(8);
  ticks(source, 50);
  source.apply(MapCommand{SetErosion{0.4}});
  ticks(source, 50);
  const SavedMap good = source.save();

  LiveModel model(42);
  ticks(model, 20);
  const MapBytes before = bytes_of(model);
  const auto refused = [&](SavedMap bad, const std::string& says) {
    SCOPED_TRACE(says);
    try {
      model.open(through_a_file(bad));
      ADD_FAILURE() << "opened";
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
    }
    EXPECT_EQ(bytes_of(model), before);
  };
  {
    SavedMap bad = good;
    auto changed = std::make_shared<std::vector<float>>(*bad.grids[0]);
    (*changed)[100] += 0.25f;
    bad.grids[0] = changed;
    refused(bad, "checkpoint 0's grids and rain do not match its hash");
  }
  {
    SavedMap bad = good;
    bad.steps.pop_back();
    refused(bad, "the history's steps do not cover its commands");
  }
  {
    SavedMap bad = good;
    bad.steps[0].edit = !bad.steps[0].edit;
    refused(bad, "are not those its commands make");
  }
  {
    SavedMap bad = good;
    bad.position = {bad.commands.commands.size() + 1, 0};
    refused(bad, "is not a place of its history");
  }
  {
    SavedMap bad = good;
    bad.checkpoints[0].heights = -1;
    bad.checkpoints[0].original = -1;
    refused(bad, "first checkpoint is not at its start with its grids");
  }
  {
    SavedMap bad = good;
    bad.spacing = 5000;
    refused(bad, "is not 4096 times a power of two");
  }
  {
    SavedMap bad = good;
    for (std::size_t k = 1; k < bad.checkpoints.size(); k++) {
      bad.checkpoints[k].heights = bad.checkpoints[k].original = -1;
    }
    refused(bad, "further than the checkpoints' spacing from a checkpoint with grids");
  }
  {
    SavedMap bad = good;
    // Eleven maps' lives of rain, each within what a map may rain.
    for (int k = 0; k < 11; k++) {
      bad.commands.commands.push_back(Restart{});
      bad.steps.push_back({bad.commands.commands.size() - 1, bad.commands.commands.size(), false});
      for (int n = 0; n < 10; n++) {
        bad.commands.commands.push_back(RainDrops{kMaxRainDrops});
        bad.commands.commands.push_back(SetErosion{0.5});
      }
      bad.steps.push_back({bad.commands.commands.size() - 20, bad.commands.commands.size(), false});
    }
    refused(bad, "claims more than 100000000000 drops of rain");
  }
  {
    SavedMap bad = good;
    bad.commands.commands.push_back(RainDrops{kMaxRainDrops + 1});
    bad.steps.push_back({bad.commands.commands.size() - 1, bad.commands.commands.size(), false});
    refused(bad, "commands[3].rain: must be a whole number from 0 to 1000000000, not 1000000001");
  }
  {
    SavedMap bad = good;
    bad.view.min_flow = 0;
    refused(bad, "VIEW.min_flow: must be a whole number from 1 to 57600, not 0");
  }
  // Heights no ground may hold, with every checksum good: in a grid, and in the start's ground.
  for (const float huge : {3.4e38f, -2e38f}) {
    SavedMap bad = good;
    auto changed = std::make_shared<std::vector<float>>(*bad.grids[0]);
    (*changed)[321] = huge;
    bad.grids[0] = changed;
    refused(bad, "GRID: grid 0: the height at column 1, row 1 is ");
    SavedMap far = good;
    auto heights = std::make_shared<Heightfield>(sketch::COLS, sketch::ROWS, 0.5f);
    heights->at(2, 3) = huge;
    far.commands.ground = GroundFile{"far.npy", GroundFit::crop, heights};
    refused(far, "ground.heights: the height at column 2, row 3 is ");
  }
}

TEST(SavedMap, AMapOfAnotherGridSizeIsRefusedByTheLiveSession) {
  SavedMap saved;
  {
    LiveModel source(4);
    saved = source.save();
  }
  saved.width = 64;
  saved.height = 32;
  LiveModel model(42);
  EXPECT_THROW(
      {
        try {
          model.open(saved);
        } catch (const std::invalid_argument& e) {
          EXPECT_STREQ(e.what(), "the map is 64 x 32 cells; this one's grid is 320 x 180");
          throw;
        }
      },
      std::invalid_argument);
}

// Every place the file can be cut, and a byte flipped in every section, is refused as a map
// file (never a crash or a map that half opens).
TEST(SavedMap, ACutOrDamagedFileIsRefused) {
  LiveModel source(8);
  ticks(source, 10);
  const std::vector<uint8_t> file = map_file_bytes(source.save());
  EXPECT_NO_THROW(read_map_file(file));
  for (std::size_t n = 0; n < file.size(); n += 97) {
    EXPECT_THROW(read_map_file(std::span(file).first(n)), io::MapFileError) << n << " bytes";
  }
  for (std::size_t k = 16; k < file.size(); k += 501) {
    std::vector<uint8_t> damaged = file;
    damaged[k] ^= 0x10;
    EXPECT_THROW(read_map_file(damaged), io::MapFileError) << "byte " << k;
  }
}

// --- terrain-cli's map with its history ---------------------------------------------------

bool same_map(const Map& a, const Map& b) {
  return a.heights().values().size() == b.heights().values().size() &&
         std::equal(a.heights().values().begin(), a.heights().values().end(),
                    b.heights().values().begin()) &&
         std::equal(a.original().values().begin(), a.original().values().end(),
                    b.original().values().begin()) &&
         a.drops() == b.drops() && a.rain().state() == b.rain().state() && a.seed() == b.seed() &&
         a.settings() == b.settings();
}

// A map saved by the window opens in terrain-cli's map at its place, and both rain on to the
// same bytes; what terrain-cli saves opens in the window the same again.
TEST(RecordedMap, OpensAtItsPlaceAndRainsOnAsTheLiveSessionDoes) {
  LiveModel model(42);
  model.rain_now(12345);
  model.apply(MapCommand{SetErosion{0.5}});
  model.rain_now(4000);
  history(model, Undo{1});
  RecordedMap recorded(through_a_file(model.save()));
  EXPECT_EQ(recorded.history().position(), model.history().position());
  EXPECT_TRUE(same_map(recorded.map(), model.map()));
  model.rain_now(7000);
  recorded.carry_out(RainDrops{7000});
  EXPECT_TRUE(same_map(recorded.map(), model.map()));
  EXPECT_EQ(recorded.history().steps().size(), model.history().steps().size());

  LiveModel opened(3);
  opened.open(through_a_file(recorded.save()));
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
  history(opened, Undo{2});
  history(model, Undo{2});
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
}

// terrain-cli's maps come in any size: one saved at 64 x 40 opens again at its place.
TEST(RecordedMap, AMapOfAnySizeSavesAndOpens) {
  RecordedMap map(5, {}, 64, 40);
  map.carry_out(RainDrops{9000});
  map.carry_out(MapCommand{SetDeposition{0.6}});
  map.carry_out(RainDrops{3000});
  const SavedMap saved = through_a_file(map.save());
  EXPECT_EQ(saved.width, 64);
  EXPECT_EQ(saved.view.min_flow, 250);  // the default, within its 2,560 cells
  RecordedMap opened(saved);
  EXPECT_TRUE(same_map(opened.map(), map.map()));
  map.carry_out(RainDrops{5000});
  opened.carry_out(RainDrops{5000});
  EXPECT_TRUE(same_map(opened.map(), map.map()));
  RecordedMap fresh(5, {}, 64, 40);
  fresh.carry_out(RainDrops{9000});
  fresh.carry_out(MapCommand{SetDeposition{0.6}});
  fresh.carry_out(RainDrops{8000});
  EXPECT_TRUE(same_map(fresh.map(), map.map()));
}

}  // namespace
}  // namespace terrain::session
