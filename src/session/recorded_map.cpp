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
                    const HistoryPosition& to) {
  bool new_map = false;
  const std::span<const MapCommand> atoms = history.atoms();
  for (std::size_t k = from.atom; k < atoms.size() && k <= to.atom; k++) {
    const uint64_t begin = k == from.atom ? from.partial : 0;
    if (const auto* rain = std::get_if<RainDrops>(&atoms[k])) {
      const uint64_t end = k == to.atom ? to.partial : rain->drops;
      if (end > begin) map.rain(end - begin);
    } else if (k < to.atom && map.carry_out(atoms[k])) {
      new_map = true;
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

// The history is read (and checked) before the map is grown from it.
RecordedMap::RecordedMap(const SavedMap& saved) : RecordedMap(saved, history_of(saved)) {}

RecordedMap::RecordedMap(const SavedMap& saved, History&& history)
    : map_(start_of(saved)), history_(std::move(history)) {
  const HistoryPosition at = history_.position();
  const Checkpoint& c = history_.checkpoint_before(at);
  const HistoryPosition from = c.at;
  restore_checkpoint(*map_, history_, c, saved.drops_per_frame);
  replay_history(*map_, history_, from, at);
  history_.set_position(at);
  original_changed_ = false;
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
