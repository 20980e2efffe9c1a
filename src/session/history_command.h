// History commands: going back and forth along the map's history (history.h), as plain
// values like the map and view commands, so the keys, the panel's buttons and list, the
// timeline and a script's lines all go through one path.
//
// They change the map (it becomes what it was at that point, bytes and all) but are not
// steps of the history themselves: undoing an undo is redo. Each pauses the rain, so what
// was undone stays available to redo until a new action (Play included) starts a new branch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <variant>

namespace terrain::session {

// Back by `steps` steps (Ctrl+Z: 1). Fewer when the history holds fewer.
struct Undo {
  int steps = 1;
};
// Forward again by `steps` undone steps (Ctrl+Shift+Z, Ctrl+Y: 1).
struct Redo {
  int steps = 1;
};
// The timeline: the map as it was at drop `drops` of its life since its last new start (a
// seed, a restart, a new ground), with the steps taken up to that count.
struct Seek {
  uint64_t drops = 0;
};
// The History list: the map after its first `done` steps (0: as the history began).
struct GoToStep {
  std::size_t done = 0;
};
// A drag of a slider (or a value typed into a field) begins and ends: the changes it makes
// between, and the rain that falls meanwhile, are one step.
struct BeginEdit {};
struct EndEdit {};

using HistoryCommand = std::variant<Undo, Redo, Seek, GoToStep, BeginEdit, EndEdit>;

}  // namespace terrain::session
