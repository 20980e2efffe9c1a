// A map with its history, without the live session's drawing and time: every command recorded
// as the live session records it (history.h) and checkpoints kept on the same schedule, so that
// terrain-cli's map saves as a map file, opens from one at its place and rains on from there
// exactly as the app would. The live session (live_model.h) brings places back with the same
// two functions below, so both programs restore and replay the same way.
#pragma once

#include <cstdint>
#include <memory>

#include "session/history.h"
#include "session/map.h"
#include "session/map_command.h"
#include "session/saved_map.h"
#include "session/settings.h"
#include "session/work.h"

namespace terrain::session {

// The map back to checkpoint `c` (its grids from the history's store), drops per frame left at
// `drops_per_frame` (it is not a step); the history told its original ground is the one now.
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

  // Checks and carries a map command out, recording it (after a place before the history's end,
  // the steps after it go, as after an undo in the window). Throws std::invalid_argument as
  // Map::check does, changing nothing. Drops per frame is kept but is not a step.
  void carry_out(const MapCommand& command);

  const Map& map() const { return *map_; }
  const History& history() const { return history_; }
  // The map file's contents (the view left at its defaults but for min_flow, kept within the
  // grid's cells: the caller sets what it shows).
  SavedMap save() const;

 private:
  void rain(uint64_t n);
  void keep_checkpoint();

  std::unique_ptr<Map> map_;
  History history_;
  bool original_changed_ = true;  // a new ground since the last checkpoint
};

}  // namespace terrain::session
