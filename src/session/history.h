// The map's history: every map command carried out since the session began, in order, as
// the steps a person took (the History list), with checkpoints of the session along it, so
// that any earlier moment of the map, down to a single drop, comes back exactly.
//
// The rain is deterministic (the sketch's drops from one seeded stream), so a map is its
// commands: the state at any place of the history is a checkpoint at or before it with the
// commands between replayed. This class is the bookkeeping (commands, steps, places,
// checkpoints, labels); the recorded map (recorded_map.h: the live model's and terrain-cli's)
// carries the commands out, makes the checkpoints and restores them.
//
// Commands are kept in `atoms`: rain after rain is one atom (the ticks of live rain), a
// setting set again inside one step keeps its last value. A step is one action of the user's
// with the rain that fell while it was made and after it, until the next action: what undo
// takes back whole (the timeline is the way back through the rain itself).
//   rain      only the rain before any action ("Rain: 48,200 drops")
//   setting   a slider or a typed value; a drag is one action from where it began to where it
//             ended ("Erosion 0.30 → 0.45 + 45,600 drops")
//   stroke    a brush stroke
//   new map   a seed, a restart, a terrain scale, a generator, a roughness, an opened ground
// Drops per frame only decides where ticks fall, not the map: it is not a step.
//
// A place (HistoryPosition) is the first `atom` atoms and `partial` drops of the next one: the
// timeline can stop inside a rain. Places are kept canonical: the end of a rain atom is written
// as inside it (atom, its drops), so a rain that goes on extends the atom without moving the
// checkpoints taken in it.
//
// Checkpoints are kept at the session's start, at each new map and every `spacing()` units of
// replay cost (a drop is a unit; growing a new ground counts kNewMapCost), so reaching any place
// replays at most that much. Their grids live in a CheckpointStore of fixed size; when it is
// full the spacing doubles and every other checkpoint goes (never the first), so the memory
// stays under the store's ceiling however long the session runs.
#pragma once

#include <algorithm>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/heightfield.h"
#include "core/rain.h"
#include "session/checkpoint_store.h"
#include "session/map.h"
#include "session/map_command.h"
#include "session/map_recipe.h"
#include "session/settings.h"

namespace terrain::session {

struct HistoryPosition {
  std::size_t atom = 0;  // atoms [0, atom) carried out
  uint64_t partial = 0;  // then this many drops of atoms[atom], a rain
  auto operator<=>(const HistoryPosition&) const = default;
};

enum class StepKind { rain, setting, new_map, stroke };

struct HistoryStep {
  StepKind kind = StepKind::rain;
  std::size_t first = 0;  // its atoms: [first, end)
  std::size_t end = 0;
  uint64_t drops_at = 0;  // the map's drops (since its last new start) where it began
  uint32_t seed_before = 0;
  MapSettings before;  // the map settings where it began, for its label
  bool edit = false;   // a drag or a typed value (BeginEdit .. EndEdit)
};

// The hash of a map's state at a checkpoint: XXH64 (seed 0) over the heights, then the
// original ground (float32 little-endian, row 0 first), then the rain's random state (uint32),
// the drops since the map's last new start (uint64) and the rain's six counts (uint64 each:
// drops, steps, flat, off_map, sea, max_steps), all little-endian.
uint64_t state_hash(std::span<const float> heights, std::span<const float> original,
                    const RainState& rain, uint64_t drops);

// A checkpoint of the session: everything a map needs to go on exactly as it would have.
// (What is worked out from it, the rivers, the hydrology and the basins' tones, is not kept.)
struct Checkpoint {
  HistoryPosition at;
  uint64_t cost = 0;  // the replay cost from the session's start to here
  int heights = -1;   // slots in the store
  int original = -1;
  MapStart map;        // seed, settings (drops_per_frame aside) and ground file now
  RainState rain;      // the random stream, settings and counts
  uint64_t drops = 0;  // since the map's last new start
  uint64_t hash = 0;   // state_hash of the map here (map files keep it: saved_map.h)
};

// The timeline of the map at the present place: its life since its last new start.
struct Timeline {
  uint64_t total = 0;           // drops to the end of this map's life in the history
  uint64_t now = 0;             // drops at the present place
  std::vector<uint64_t> marks;  // where the steps other than rain were taken, in drops
};

class History {
 public:
  // Replay cost units of growing a new ground (about what the rain takes for that many drops).
  static constexpr uint64_t kNewMapCost = 1000;
  // What carrying a command out costs a replay, in drops: rain its drops, a new map
  // kNewMapCost, a stroke its dabs (a dab of 256 cells about a drop) and its rain here's drops,
  // a setting nothing.
  static uint64_t replay_cost(const MapCommand& command);
  // The first spacing of checkpoints, in replay cost units: at about 420,000 drops a second
  // (docs/figures.md) 4096 drops are about 10 ms, so that with the rivers worked out for the
  // new place (about 3.5 ms) reaching any place takes under a 16 ms frame.
  static constexpr uint64_t kFirstSpacing = 4096;
  // The store's ceiling: the history of a session never holds more than this in grids.
  static constexpr std::size_t kBudgetBytes = std::size_t{60} << 20;
  // The grids a store of `budget_bytes` keeps of a grid of `cells` cells: at least 3, however
  // large the grid. A history never has more checkpoints than this, nor a map file more grids.
  static constexpr std::size_t store_slots(std::size_t cells,
                                           std::size_t budget_bytes = kBudgetBytes) {
    return std::max<std::size_t>(3, budget_bytes / (cells * sizeof(float)));
  }

  // The history of a session that begins with `start` on a grid of `cells` cells; the
  // checkpoint of that beginning is given to checkpoint() by the recorded map.
  History(const MapStart& start, std::size_t cells, std::size_t budget_bytes = kBudgetBytes);
  History(const History&) = delete;
  History& operator=(const History&) = delete;
  // A history read from a map file takes the place of the session's (saved_map.h).
  History(History&&) = default;
  History& operator=(History&&) = default;

  // --- Recording (the recorded map calls these as it carries commands out) ---
  // A map command carried out at the present place, with the seed, map settings and drops
  // just before it. A place before the end first cuts the history there: the steps after it
  // go (a new action after undo discards redo, as editors do). Rain joins the rain step (or
  // the open edit's); anything else starts a step, or joins the open edit's.
  void record(const MapCommand& command, uint32_t seed_before, const MapSettings& before,
              uint64_t drops_before);
  void begin_edit();
  void end_edit();
  bool editing() const { return editing_; }
  // The next rain begins an atom of its own rather than joining the rain before it: a map file
  // written before rain joined the step before it kept rain after an action as a step of its
  // own, and its atoms are read back as they were.
  void keep_rain_apart() { rain_open_ = false; }

  // --- Checkpoints ---
  // Whether the place now wants a checkpoint: the start, a new map just begun, or `spacing()`
  // cost since the last one.
  bool wants_checkpoint() const;
  // Keeps a checkpoint of the place now. `original_changed`: the original ground is not the one
  // of the last checkpoint kept (a new map since). Thins the checkpoints first when the store
  // is full. False when none was kept (one is already here, or the store is full).
  bool checkpoint(const Heightfield& heights, const Heightfield& original, bool original_changed,
                  const MapStart& map, const RainState& rain, uint64_t drops);
  // How much rain from the present place until the next checkpoint is due (at least 1).
  uint64_t until_checkpoint() const;
  // A checkpoint read from a map file, after the last one kept: its grids are copied into the
  // store. `heights` and `original` may be the same grid (a map with no drops yet), and
  // `original_is_last` shares the last checkpoint's original ground rather than keeping it
  // again. Throws std::length_error when the store has no room left.
  void add_checkpoint(const HistoryPosition& at, const float* heights, const float* original,
                      bool original_is_last, const MapStart& map, const RainState& rain,
                      uint64_t drops);
  // The spacing a map file's history had reached (a power of two times kFirstSpacing).
  void set_spacing(uint64_t spacing) { spacing_ = spacing; }
  // A checkpoint inside the last rain atom, `into` drops into it (a finish's worker's).
  void checkpoint_in_rain(uint64_t into, int heights_slot, const MapStart& map,
                          const RainState& rain, uint64_t drops);
  // The checkpoint to restore to reach `to`: the last at or before it.
  const Checkpoint& checkpoint_before(const HistoryPosition& to) const;
  std::span<const Checkpoint> checkpoints() const { return checkpoints_; }
  CheckpointStore& store() { return store_; }
  const CheckpointStore& store() const { return store_; }
  uint64_t spacing() const { return spacing_; }
  // Frees checkpoint slots until `slots` are free (thinning), for a finish's worker.
  void make_room(std::size_t slots);
  // The recorded map restored `c`: its original ground is the one of the checkpoints to come
  // (until a new map).
  void restored(const Checkpoint& c);

  // --- Places ---
  HistoryPosition position() const { return position_; }
  HistoryPosition end() const;
  // The map moved to `at` (undo, redo, a seek, a step picked): where the next record cuts.
  void set_position(const HistoryPosition& at) { position_ = canonical(at); }
  // Where undo and redo by `steps` go (the present place when there is nothing to go to).
  HistoryPosition undo_target(int steps) const;
  HistoryPosition redo_target(int steps) const;
  bool can_undo() const;
  bool can_redo() const;
  // After the first `done` steps.
  HistoryPosition step_end(std::size_t done) const;
  // The place at drop `drops` of the present map's life (the steps taken at that count
  // included); nullopt past its end.
  std::optional<HistoryPosition> seek_target(uint64_t drops) const;
  // How many steps are whole before `at`, and whether `at` is inside the next one.
  std::size_t steps_done(const HistoryPosition& at) const;
  bool inside_step(const HistoryPosition& at) const;
  uint64_t cost(const HistoryPosition& at) const;

  // --- Reading ---
  std::span<const MapCommand> atoms() const { return atoms_; }
  std::span<const HistoryStep> steps() const { return steps_; }
  const MapStart& start() const { return start_; }
  // The recipe of the map at `at`: its last new start and the commands since.
  MapRecipe recipe_at(const HistoryPosition& at) const;
  // The present map's timeline (kept until the history changes: reading it allocates nothing).
  const Timeline& timeline() const;
  // Counts every change, for the panel.
  uint64_t version() const { return version_; }
  // Counts every change but rain growing a step (what each step's action is changes only with
  // it; its drops are read as they grow: step_drops).
  uint64_t shape_version() const { return shape_version_; }
  // Bytes held: checkpoint grids, and the commands and steps.
  std::size_t bytes() const;

 private:
  HistoryPosition canonical(HistoryPosition at) const;
  void cut();  // drops what lies after position_
  void drop_checkpoints_after(const HistoryPosition& at);
  void release(const Checkpoint& c);
  void thin();
  void push_atom(const MapCommand& command);
  uint64_t atom_cost(std::size_t k) const;
  std::size_t map_first_atom(const HistoryPosition& at) const;  // after its last new start
  std::size_t map_end_atom(const HistoryPosition& at) const;    // its next new start, or the end
  HistoryPosition step_start(std::size_t k) const;

  MapStart start_;
  std::vector<MapCommand> atoms_;
  std::vector<uint64_t> cost_before_;  // per atom: the replay cost from the start to it
  std::vector<HistoryStep> steps_;
  HistoryPosition position_;
  bool editing_ = false;
  std::optional<std::size_t> edit_step_;  // the open edit's step, once it changed something
  bool rain_open_ = false;                // the last atom is rain the next rain may join
  CheckpointStore store_;
  std::vector<Checkpoint> checkpoints_;  // by place
  int original_slot_ = -1;  // the original ground of the last checkpoint, held once by the history
  uint64_t spacing_ = kFirstSpacing;
  uint64_t version_ = 0;
  uint64_t shape_version_ = 0;
  mutable uint64_t timeline_version_ = ~uint64_t{0};
  mutable HistoryPosition timeline_at_;
  mutable Timeline timeline_;
};

// A step's action in words, without its rain: "Erosion 0.30 → 0.45", "Seed 42", "Ground:
// diamond-square, roughness 0.60", "Opened alps.png (crop)", "Stroke: raise, radius 6,
// strength 0.5"; "Rain" for the rain before any action.
std::string step_action_label(const History& history, std::size_t k);
// The drops that fell in step k, while its action was made and after it.
uint64_t step_drops(const History& history, std::size_t k);
// A step in words, as the History list, undo and redo say it: "Rain: 48,200 drops",
// "Erosion 0.30 → 0.45 + 45,600 drops", "Seed 42" (no rain yet).
std::string step_label(const History& history, std::size_t k);
// The history's beginning: "Start: seed 42".
std::string start_label(const History& history);

}  // namespace terrain::session
