// A map file far from its checkpoints' grids, for the tests of long work in the live session:
// a source model's history saved at its start, keeping the grids of its first checkpoint only
// (as a long history's file keeps few), so that every place inside its rain is a far replay.
#pragma once

#include <cstddef>

#include "session/live_model.h"
#include "session/saved_map.h"

namespace terrain::session {

// `source` taken back to its start (the timeline's seek to drop 0) and saved, every checkpoint
// after the first keeping no grids.
inline SavedMap saved_with_first_grids_only(LiveModel& source) {
  source.apply(HistoryCommand{Seek{0}});
  SavedMap saved = source.save();
  for (std::size_t k = 1; k < saved.checkpoints.size(); k++) {
    saved.checkpoints[k].heights = saved.checkpoints[k].original = -1;
  }
  return saved;
}

}  // namespace terrain::session
