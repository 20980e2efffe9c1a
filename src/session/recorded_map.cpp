// A map with its history (recorded_map.h).
#include "session/recorded_map.h"

#include <algorithm>
#include <variant>

namespace terrain::session {

void restore_checkpoint(Map& map, History& history, const Checkpoint& c, int drops_per_frame) {
  const CheckpointStore& store = history.store();
  MapStart head = c.map;
  head.settings.drops_per_frame = drops_per_frame;
  map.restore(store.values(c.heights), store.values(c.original), head, c.rain, c.drops);
  history.restored(c);
}

bool replay_history(Map& map, const History& history, const HistoryPosition& from,
                    const HistoryPosition& to, Work* work) {
  bool new_map = false;
  const std::span<const MapCommand> atoms = history.atoms();
  for (std::size_t k = from.atom; k < atoms.size() && k <= to.atom; k++) {
    const uint64_t begin = k == from.atom ? from.partial : 0;
    if (const auto* rain = std::get_if<RainDrops>(&atoms[k])) {
      const uint64_t end = k == to.atom ? to.partial : rain->drops;
      if (end <= begin) continue;
      if (work) {
        map.rain(end - begin, *work);
      } else {
        map.rain(end - begin);
      }
    } else if (k < to.atom) {
      if (!work) {
        new_map = map.carry_out(atoms[k]) || new_map;
        continue;
      }
      // The command's cost counted whole, whatever of it carry_out counted as it went.
      const uint64_t done = work->done();
      new_map = map.carry_out(atoms[k], *work) || new_map;
      const uint64_t counted = work->done() - done;
      const uint64_t cost = History::replay_cost(atoms[k]);
      if (cost > counted) work->advance(cost - counted);
    }
  }
  return new_map;
}

RecordedMap::RecordedMap(uint32_t seed, const MapSettings& settings, int width, int height)
    : map_(std::make_unique<Map>(seed, settings, width, height)),
      history_(map_->head(), map_->heights().size()) {
  keep_checkpoint();
}

RecordedMap::RecordedMap(uint32_t seed, const MapSettings& settings, const GroundFile& ground)
    : map_(std::make_unique<Map>(seed, settings, ground)),
      history_(map_->head(), map_->heights().size()) {
  keep_checkpoint();
}

namespace {

// The map of the saved history's start, to restore its checkpoints into (their grids are the
// file's, so a ground of the start's size is all it needs to be).
std::unique_ptr<Map> start_of(const SavedMap& saved) {
  const MapRecipe& c = saved.commands;
  if (c.ground) return std::make_unique<Map>(c.seed, c.settings, *c.ground);
  return std::make_unique<Map>(c.seed, c.settings, saved.width, saved.height);
}

}  // namespace

PlacedMap place_map(const SavedMap& saved, const History& history, Work* work) {
  const HistoryPosition at = history.position();
  PlacedMap placed{start_of(saved), history.checkpoint_before(at), false};
  const Checkpoint& c = placed.from;
  if (work) work->set_total(history.cost(at) - c.cost);
  MapStart head = c.map;
  head.settings.drops_per_frame = saved.drops_per_frame;  // not a step: the file's
  const CheckpointStore& store = history.store();
  placed.map->restore(store.values(c.heights), store.values(c.original), head, c.rain, c.drops);
  placed.new_map = replay_history(*placed.map, history, c.at, at, work);
  return placed;
}

// The history is read (and checked) before the map is placed on it.
RecordedMap::RecordedMap(const SavedMap& saved, Work* work)
    : RecordedMap(saved, history_of(saved), work) {}

RecordedMap::RecordedMap(const SavedMap& saved, History&& history, Work* work)
    : history_(std::move(history)) {
  PlacedMap placed = place_map(saved, history_, work);
  map_ = std::move(placed.map);
  history_.restored(placed.from);
  history_.set_position(history_.position());
  original_changed_ = placed.new_map;
}

void RecordedMap::carry_out(const MapCommand& command) {
  map_->check(command);
  if (const auto* rain_drops = std::get_if<RainDrops>(&command)) {
    rain(rain_drops->drops);
    return;
  }
  const uint32_t seed_before = map_->seed();
  const MapSettings before = map_->settings();
  const uint64_t drops_before = map_->drops();
  if (map_->carry_out(command)) original_changed_ = true;
  if (std::holds_alternative<SetDropsPerFrame>(command)) return;
  history_.record(command, seed_before, before, drops_before);
  keep_checkpoint();
}

// Rain in pieces that end where checkpoints are due, as the live session rains.
void RecordedMap::rain(uint64_t n) {
  while (n > 0) {
    const uint64_t piece = std::min(n, history_.until_checkpoint());
    map_->rain(piece);
    n -= piece;
    history_.record(RainDrops{piece}, map_->seed(), map_->settings(), map_->drops() - piece);
    keep_checkpoint();
  }
}

void RecordedMap::keep_checkpoint() {
  if (!history_.wants_checkpoint()) return;
  if (history_.checkpoint(map_->heights(), map_->original(), original_changed_, map_->head(),
                          map_->rain().state(), map_->drops())) {
    original_changed_ = false;
  }
}

SavedMap RecordedMap::save() const {
  SavedMap saved = saved_history(history_, map_->width(), map_->height());
  saved.drops_per_frame = map_->settings().drops_per_frame;
  const int cells = map_->width() * map_->height();
  saved.view.min_flow = std::min(saved.view.min_flow, cells);
  return saved;
}

}  // namespace terrain::session
