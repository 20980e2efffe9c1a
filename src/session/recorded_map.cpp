// A map with its history (recorded_map.h).
#include "session/recorded_map.h"

#include <algorithm>
#include <variant>

namespace terrain::session {

void restore_map(Map& map, const History& history, const Checkpoint& c, int drops_per_frame) {
  const CheckpointStore& store = history.store();
  MapStart head = c.map;
  head.settings.drops_per_frame = drops_per_frame;
  map.restore(store.values(c.heights), store.values(c.original), head, c.rain, c.drops);
}

void restore_checkpoint(Map& map, History& history, const Checkpoint& c, int drops_per_frame) {
  restore_map(map, history, c, drops_per_frame);
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
  restore_map(*placed.map, history, c, saved.drops_per_frame);  // not a step: the file's
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

bool RecordedMap::carry_out(const MapCommand& command) {
  map_->check(command);
  if (const auto* rain_drops = std::get_if<RainDrops>(&command)) {
    rain(rain_drops->drops);
    return false;
  }
  const uint32_t seed_before = map_->seed();
  const MapSettings before = map_->settings();
  const uint64_t drops_before = map_->drops();
  const bool fresh = map_->carry_out(command);
  record(command, fresh, seed_before, before, drops_before);
  return fresh;
}

void RecordedMap::carried_out(Map&& copy, const MapCommand& command, bool fresh,
                              uint32_t seed_before, const MapSettings& before,
                              uint64_t drops_before) {
  *map_ = std::move(copy);
  record(command, fresh, seed_before, before, drops_before);
}

// A command carried out, in the history: a new map wants its own checkpoint (its original
// ground is new), and drops per frame, which only decides where ticks fall, is not a step.
void RecordedMap::record(const MapCommand& command, bool fresh, uint32_t seed_before,
                         const MapSettings& before, uint64_t drops_before) {
  if (fresh) original_changed_ = true;
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

// The checkpoints fall where rain here would keep them: the first where the spacing since the
// last checkpoint is reached, then every spacing. The slots are taken now, on the history's
// thread, so the one who rains writes only their values.
RainElsewhere RecordedMap::plan_rain(uint64_t n) {
  RainElsewhere rain;
  rain.drops = n;
  if (original_changed_) return rain;  // a new map's checkpoint comes first, as it lands
  uint64_t spacing = history_.spacing();
  const Checkpoint& last = history_.checkpoint_before(history_.position());
  const uint64_t since = history_.cost(history_.position()) - last.cost;
  const auto first_mark = [&](uint64_t s) { return since < s ? s - since : s; };
  const auto marks = [&](uint64_t s) {
    const uint64_t first = first_mark(s);
    return first < n ? (n - 1 - first) / s + 1 : 0;
  };
  const uint64_t room = std::max<std::size_t>(history_.store().capacity() / 2, 2);
  while (marks(spacing) + 1 > room) spacing *= 2;
  rain.spacing = spacing;
  history_.make_room(static_cast<std::size_t>(marks(spacing)) + 1);
  for (uint64_t mark = first_mark(spacing); mark < n; mark += spacing) {
    const int slot = history_.store().take_blank();
    if (slot < 0) break;
    rain.marks.push_back(mark);
    rain.slots.push_back(slot);
    rain.slot_values.push_back(history_.store().values_to_write(slot));
  }
  rain.states.resize(rain.marks.size());
  return rain;
}

// The copy's heights take the map's place (their storage changes hands, nothing is copied but
// the rain's few counters and brush); the rain is recorded as one, and its checkpoints go into
// the rain atom it went into.
void RecordedMap::rained(Map&& copy, RainElsewhere& rain) {
  const uint64_t n = rain.drops;
  const uint64_t drops_before = map_->drops();
  *map_ = std::move(copy);
  history_.record(RainDrops{n}, map_->seed(), map_->settings(), drops_before);
  const auto& atom = std::get<RainDrops>(history_.atoms().back());
  const MapStart now = map_->head();
  for (std::size_t k = 0; k < rain.slots.size(); k++) {
    history_.checkpoint_in_rain(atom.drops - n + rain.marks[k], rain.slots[k], now, rain.states[k],
                                drops_before + rain.marks[k]);
  }
  rain.slots.clear();
  if (rain.spacing > history_.spacing()) history_.set_spacing(rain.spacing);
  keep_checkpoint();
}

void RecordedMap::drop_rain(RainElsewhere& rain) {
  for (const int slot : rain.slots) history_.store().release(slot);
  rain.slots.clear();
}

void RecordedMap::go_to(const HistoryPosition& target) {
  const Checkpoint& c = history_.checkpoint_before(target);
  const HistoryPosition from = c.at;
  restore_checkpoint(*map_, history_, c, map_->settings().drops_per_frame);
  original_changed_ = false;
  if (replay_history(*map_, history_, from, target)) original_changed_ = true;
  history_.set_position(target);
}

void RecordedMap::take_placed(Map&& placed, const Checkpoint& from, bool new_map,
                              const HistoryPosition& at) {
  *map_ = std::move(placed);
  history_.restored(from);  // the original ground of the checkpoints to come
  history_.set_position(at);
  original_changed_ = new_map;
}

void RecordedMap::open(History&& history, PlacedMap&& placed) {
  history_ = std::move(history);
  take_placed(std::move(*placed.map), placed.from, placed.new_map, history_.position());
}

void RecordedMap::keep_checkpoint() {
  if (!history_.wants_checkpoint()) return;
  if (history_.checkpoint(map_->heights(), map_->original(), original_changed_, map_->head(),
                          map_->rain().state(), map_->drops())) {
    original_changed_ = false;
  }
}

SavedMap RecordedMap::save(GridCache* cache) const {
  SavedMap saved = saved_history(history_, map_->width(), map_->height(), cache);
  saved.drops_per_frame = map_->settings().drops_per_frame;
  const int cells = map_->width() * map_->height();
  saved.view.min_flow = std::min(saved.view.min_flow, cells);
  return saved;
}

}  // namespace terrain::session
