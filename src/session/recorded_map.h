// A map with its history, without the live session's drawing and time: every command recorded
// (history.h) and checkpoints kept on their schedule, so that a map saves as a map file, opens
// from one at its place and rains on from there exactly. It is the one place a map's history is
// recorded: terrain-cli's map is one, and the live session (live_model.h) owns one and carries
// every command, every tick's rain and every trip through the history out through it, so both
// programs record, restore and replay the same way, by the same code.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/rain.h"
#include "session/history.h"
#include "session/map.h"
#include "session/map_command.h"
#include "session/saved_map.h"
#include "session/settings.h"
#include "session/work.h"

namespace terrain::session {

// The map back to checkpoint `c` of `history` (its grids from the history's store), drops per
// frame left at `drops_per_frame` (it is not a step). It only reads the history, so a worker may
// do it on a copy of the map (the live session's long work) while the history stays put.
void restore_map(Map& map, const History& history, const Checkpoint& c, int drops_per_frame);
// The same, and the history told its original ground is the one now.
void restore_checkpoint(Map& map, History& history, const Checkpoint& c, int drops_per_frame);
// The history's commands from one place to a later one carried out on `map`, unrecorded, each
// rain as the rain alone. True when a new map was started on the way. With `work`, long work
// (work.h): it counts the replay's cost on it (History::replay_cost) and stops when asked.
bool replay_history(Map& map, const History& history, const HistoryPosition& from,
                    const HistoryPosition& to, Work* work = nullptr);

// A saved map's map at its place: the checkpoint before the place restored into a map of the
// history's start, and the commands after it replayed (at most the checkpoints' spacing: the
// file proved it, history_of). `from` is the checkpoint restored, whose original ground the
// history is to hold once the map is taken (History::restored). Long work with `work`: the
// app does it on the thread that read the file, terrain-cli where a signal can stop it.
struct PlacedMap {
  std::unique_ptr<Map> map;
  Checkpoint from;
  bool new_map = false;  // the replay started a new map
};
PlacedMap place_map(const SavedMap& saved, const History& history, Work* work = nullptr);

// Rain rained on a copy of the map (the live session's long work, on a worker thread:
// live_model.h), with the history's checkpoints inside it where rain here would have kept them.
// The slots of the checkpoints are taken from the history's store before the rain begins (the
// one who rains only writes their values): after marks[k] drops it copies its heights into
// slot_values[k] (the store's slot slots[k]) and its rain's state into states[k]. A rain longer
// than half the store's slots at the history's spacing keeps them further apart (`spacing`,
// doubled until they fit), and the history takes that spacing as the rain lands.
struct RainElsewhere {
  uint64_t drops = 0;
  uint64_t spacing = 0;
  std::vector<uint64_t> marks;
  std::vector<int> slots;
  std::vector<float*> slot_values;
  std::vector<RainState> states;
};

class RecordedMap {
 public:
  // The seed's map grown at width x height, or on a ground of your own (map.h); the history's
  // start.
  RecordedMap(uint32_t seed, const MapSettings& settings, int width, int height);
  RecordedMap(uint32_t seed, const MapSettings& settings, const GroundFile& ground);
  // The saved map at its place, its history whole (redo steps included). Throws
  // io::MapFileError as history_of does; with `work`, WorkStopped when asked to stop (work.h).
  explicit RecordedMap(const SavedMap& saved, Work* work = nullptr);
  // The same with its history already rebuilt from it (open_map_file's).
  RecordedMap(const SavedMap& saved, History&& history, Work* work = nullptr);
  // Moved whole: the map stays where it is on the heap (its rain points into its heights).
  RecordedMap(RecordedMap&&) noexcept = default;
  RecordedMap& operator=(RecordedMap&&) noexcept = default;

  // Checks and carries a map command out, recording it (after a place before the history's end,
  // the steps after it go, as after an undo in the window). Throws std::invalid_argument as
  // Map::check does, changing nothing. Drops per frame is kept but is not a step. Returns true
  // when the command started a new map (Map::carry_out), for what is worked out from the map to
  // start again.
  bool carry_out(const MapCommand& command);
  // Rains n drops, recorded, in pieces that end where checkpoints are due, so that reaching any
  // place replays at most the spacing whatever size each rain was (the live session's ticks
  // rain through here). Unchecked: carry_out checks a command's rain (Map::check) before it
  // rains. Allocates nothing in a steady rain.
  void rain(uint64_t n);

  // --- The live session's long work and places (live_model.h) ---
  // A command carried out on a copy of the map, with the seed, map settings and drops the map
  // had just before it (the copy's first state): the copy takes the map's place (its storage
  // changes hands, the map stays where it is) and the command is recorded as carry_out records
  // it.
  void carried_out(Map&& copy, const MapCommand& command, bool fresh, uint32_t seed_before,
                   const MapSettings& before, uint64_t drops_before);
  // Rain of n drops on a copy of the map, begun: the slots of the checkpoints inside it taken
  // (none after a new map whose checkpoint is still to be kept). Then either rained() or
  // drop_rain() with it.
  RainElsewhere plan_rain(uint64_t n);
  // The copy that rained `rain` takes the map's place: its drops recorded, its checkpoints kept.
  void rained(Map&& copy, RainElsewhere& rain);
  // Rain planned and not landed: its slots go back to the store (what it wrote is dropped).
  void drop_rain(RainElsewhere& rain);
  // The map as it was at `target`: the last checkpoint at or before it restored (drops per
  // frame left as it is: it is not a step) and the commands from there replayed (at most the
  // history's spacing of rain); the history's place is `target` then.
  void go_to(const HistoryPosition& target);
  // A map placed at `at` elsewhere (place_map, or a worker going to a place of this history
  // from checkpoint `from`; `new_map`: the replay started a new map) takes the map's place.
  void take_placed(Map&& placed, const Checkpoint& from, bool new_map, const HistoryPosition& at);
  // A map file's history, and its map placed at its place (place_map), in place of this one's.
  void open(History&& history, PlacedMap&& placed);
  // An edit's beginning and end (History::begin_edit, end_edit): a drag is one step.
  void begin_edit() { history_.begin_edit(); }
  void end_edit() { history_.end_edit(); }
  // The rain's debug routes are the live session's to keep (they are drawn, never recorded).
  void keep_routes(bool on) { map_->rain().keep_routes(on); }
  void clear_routes() { map_->rain().clear_routes(); }

  const Map& map() const { return *map_; }
  const History& history() const { return history_; }
  // The map file's contents (the view left at its defaults but for min_flow, kept within the
  // grid's cells: the caller sets what it shows). `cache`: the grids an earlier save copied
  // (saved_history).
  SavedMap save(GridCache* cache = nullptr) const;

 private:
  void record(const MapCommand& command, bool fresh, uint32_t seed_before,
              const MapSettings& before, uint64_t drops_before);
  void keep_checkpoint();

  std::unique_ptr<Map> map_;
  History history_;
  bool original_changed_ = true;  // a new ground since the last checkpoint
};

}  // namespace terrain::session
