// The map's history (history.h): steps, places, checkpoints and labels.
#include "session/history.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <type_traits>
#include <variant>

#define XXH_STATIC_LINKING_ONLY  // XXH64_state_t on the stack: hashing allocates nothing
#include <xxhash.h>

#include "core/number_text.h"
#include "core/overloaded.h"
#include "core/sketch.h"

namespace terrain::session {
namespace {

const RainDrops* as_rain(const MapCommand& c) {
  return std::get_if<RainDrops>(&c);
}

// A value as its slider shows it ("0.30"), or exactly when the slider's decimals would not.
std::string value_text(double value, double step) {
  const int decimals = std::max(0, static_cast<int>(std::ceil(-std::log10(step) - 1e-9)));
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  if (std::strtod(text, nullptr) != value) return number_text(value);
  return text;
}

struct SettingName {
  const char* label;
  double step;
};

// The label and the slider's step of a setting command (nullptr label for others).
SettingName setting_of(const MapCommand& c) {
  if (std::holds_alternative<SetErosion>(c)) return {"Erosion", sketch::erosion.step};
  if (std::holds_alternative<SetDeposition>(c)) return {"Deposition", sketch::deposition.step};
  if (std::holds_alternative<SetInertia>(c)) return {"Inertia", sketch::inertia.step};
  if (std::holds_alternative<SetBrushRadius>(c)) return {"Brush radius", 1};
  if (std::holds_alternative<SetSeaLevel>(c)) return {"Sea level", sketch::sea_level.step};
  if (std::holds_alternative<SetTerrainScale>(c)) {
    return {"Terrain scale", sketch::terrain_scale.step};
  }
  if (std::holds_alternative<SetRoughness>(c)) return {"Roughness", kRoughness.step};
  return {nullptr, 0};
}

double setting_value(const MapSettings& s, const MapCommand& c) {
  if (std::holds_alternative<SetErosion>(c)) return s.erosion;
  if (std::holds_alternative<SetDeposition>(c)) return s.deposition;
  if (std::holds_alternative<SetInertia>(c)) return s.inertia;
  if (std::holds_alternative<SetBrushRadius>(c)) return s.brush_radius;
  if (std::holds_alternative<SetSeaLevel>(c)) return s.sea_level;
  if (std::holds_alternative<SetTerrainScale>(c)) return s.terrain_scale;
  if (std::holds_alternative<SetRoughness>(c)) return s.roughness;
  return 0;
}

}  // namespace

// --- The state's hash ------------------------------------------------------------------------

namespace {

void hash_u64(XXH64_state_t* state, uint64_t v) {
  uint8_t bytes[8];
  for (int i = 0; i < 8; i++) bytes[i] = static_cast<uint8_t>(v >> (8 * i));
  XXH64_update(state, bytes, sizeof bytes);
}

void hash_floats(XXH64_state_t* state, std::span<const float> values) {
  static_assert(std::endian::native == std::endian::little, "map files are little-endian");
  XXH64_update(state, values.data(), values.size_bytes());
}

}  // namespace

uint64_t state_hash(std::span<const float> heights, std::span<const float> original,
                    const RainState& rain, uint64_t drops) {
  XXH64_state_t stack;
  XXH64_state_t* state = &stack;
  XXH64_reset(state, 0);
  hash_floats(state, heights);
  hash_floats(state, original);
  const uint8_t random[4] = {
      static_cast<uint8_t>(rain.random), static_cast<uint8_t>(rain.random >> 8),
      static_cast<uint8_t>(rain.random >> 16), static_cast<uint8_t>(rain.random >> 24)};
  XXH64_update(state, random, sizeof random);
  hash_u64(state, drops);
  for (const uint64_t count : {rain.stats.drops, rain.stats.steps, rain.stats.flat,
                               rain.stats.off_map, rain.stats.sea, rain.stats.max_steps}) {
    hash_u64(state, count);
  }
  return XXH64_digest(state);
}

History::History(const MapStart& start, std::size_t cells, std::size_t budget_bytes)
    : start_(start), store_(cells, store_slots(cells, budget_bytes)) {
  // Room for a session's worth, so that recording a tick's rain never allocates.
  atoms_.reserve(256);
  cost_before_.reserve(257);
  cost_before_.push_back(0);
  steps_.reserve(128);
  checkpoints_.reserve(store_.capacity() + 1);
}

// --- Places ------------------------------------------------------------------------------------

HistoryPosition History::canonical(HistoryPosition at) const {
  if (at.partial == 0 && at.atom > 0 && at.atom <= atoms_.size()) {
    if (const RainDrops* rain = as_rain(atoms_[at.atom - 1])) return {at.atom - 1, rain->drops};
  }
  return at;
}

HistoryPosition History::end() const {
  return canonical({atoms_.size(), 0});
}

uint64_t History::replay_cost(const MapCommand& command) {
  if (const RainDrops* rain = as_rain(command)) return rain->drops;
  if (const auto* stroke = std::get_if<Stroke>(&command)) {
    const BrushStroke& s = stroke->stroke;
    const auto side = static_cast<uint64_t>(2 * s.radius + 1);
    const uint64_t per_dab =
        1 + side * side / 256 +
        (s.tool == BrushTool::rain ? static_cast<uint64_t>(s.strength * kRainHereDrops + 1) : 0);
    return dab_count(s) * per_dab;
  }
  return starts_a_new_map(command) ? kNewMapCost : 0;
}

uint64_t History::atom_cost(std::size_t k) const {
  return replay_cost(atoms_[k]);
}

uint64_t History::cost(const HistoryPosition& at) const {
  return cost_before_[std::min(at.atom, atoms_.size())] + at.partial;
}

HistoryPosition History::step_start(std::size_t k) const {
  return k < steps_.size() ? canonical({steps_[k].first, 0}) : end();
}

HistoryPosition History::step_end(std::size_t done) const {
  if (done == 0) return {};
  return canonical({steps_[std::min(done, steps_.size()) - 1].end, 0});
}

std::size_t History::steps_done(const HistoryPosition& at) const {
  std::size_t done = steps_.size();
  while (done > 0 && step_end(done) > at) done--;
  return done;
}

bool History::inside_step(const HistoryPosition& at) const {
  const std::size_t done = steps_done(at);
  return done < steps_.size() && at > step_start(done);
}

bool History::can_undo() const {
  return position_ > HistoryPosition{};
}

bool History::can_redo() const {
  return position_ < end();
}

HistoryPosition History::undo_target(int steps) const {
  if (!can_undo() || steps < 1) return position_;
  const std::size_t done = steps_done(position_);
  // Inside a step (the timeline stopped in it), undo goes to its start first.
  const auto back = static_cast<std::size_t>(steps) - (inside_step(position_) ? 1 : 0);
  return step_end(done >= back ? done - back : 0);
}

HistoryPosition History::redo_target(int steps) const {
  if (!can_redo() || steps < 1) return position_;
  const std::size_t done = steps_done(position_);
  return step_end(std::min(steps_.size(), done + static_cast<std::size_t>(steps)));
}

std::size_t History::map_first_atom(const HistoryPosition& at) const {
  for (std::size_t k = std::min(at.atom, atoms_.size()); k-- > 0;) {
    if (starts_a_new_map(atoms_[k])) return k + 1;
  }
  return 0;
}

std::size_t History::map_end_atom(const HistoryPosition& at) const {
  for (std::size_t k = at.atom; k < atoms_.size(); k++) {
    if (starts_a_new_map(atoms_[k])) return k;
  }
  return atoms_.size();
}

std::optional<HistoryPosition> History::seek_target(uint64_t drops) const {
  const std::size_t first = map_first_atom(position_);
  const std::size_t last = map_end_atom(position_);
  uint64_t so_far = 0;
  for (std::size_t k = first; k < last; k++) {
    if (const RainDrops* rain = as_rain(atoms_[k])) {
      if (so_far + rain->drops > drops) return canonical({k, drops - so_far});
      so_far += rain->drops;
    }
  }
  if (so_far < drops) return std::nullopt;
  return canonical({last, 0});
}

const Timeline& History::timeline() const {
  if (timeline_version_ == version_ && timeline_at_ == position_) return timeline_;
  const std::size_t first = map_first_atom(position_);
  const std::size_t last = map_end_atom(position_);
  timeline_.total = 0;
  timeline_.now = 0;
  for (std::size_t k = first; k < last; k++) {
    if (const RainDrops* rain = as_rain(atoms_[k])) {
      if (k < position_.atom) timeline_.now += rain->drops;
      if (k == position_.atom) timeline_.now += position_.partial;
      timeline_.total += rain->drops;
    }
  }
  timeline_.marks.clear();
  for (const HistoryStep& s : steps_) {
    if (s.kind != StepKind::rain && s.first >= first && s.first < last &&
        !starts_a_new_map(atoms_[s.first])) {
      timeline_.marks.push_back(s.drops_at);
    }
  }
  timeline_version_ = version_;
  timeline_at_ = position_;
  return timeline_;
}

// --- Recording ---------------------------------------------------------------------------------

void History::push_atom(const MapCommand& command) {
  atoms_.push_back(command);
  cost_before_.push_back(cost_before_.back() + atom_cost(atoms_.size() - 1));
}

void History::release(const Checkpoint& c) {
  store_.release(c.heights);
  store_.release(c.original);
}

void History::drop_checkpoints_after(const HistoryPosition& at) {
  // The first checkpoint (the session's start) is never after anything.
  while (checkpoints_.size() > 1 && checkpoints_.back().at > at) {
    release(checkpoints_.back());
    checkpoints_.pop_back();
  }
}

void History::cut() {
  const HistoryPosition at = position_;
  if (at == end()) return;
  std::size_t keep = at.atom;
  if (at.partial > 0) {
    std::get<RainDrops>(atoms_[at.atom]).drops = at.partial;
    keep = at.atom + 1;
  }
  atoms_.resize(keep);
  cost_before_.resize(keep + 1);
  if (keep > 0) cost_before_[keep] = cost_before_[keep - 1] + atom_cost(keep - 1);
  while (!steps_.empty() && steps_.back().first >= keep) steps_.pop_back();
  if (!steps_.empty()) steps_.back().end = std::min(steps_.back().end, keep);
  drop_checkpoints_after(at);
  edit_step_.reset();
  rain_open_ = keep > 0 && as_rain(atoms_[keep - 1]) != nullptr;  // a rain cut short goes on
  position_ = end();
  version_++;
  shape_version_++;
}

void History::record(const MapCommand& command, uint32_t seed_before, const MapSettings& before,
                     uint64_t drops_before) {
  cut();
  if (const RainDrops* rain = as_rain(command)) {
    if (rain->drops == 0) return;
    // Rain joins the step before it: an action and the rain that fell after it are one step,
    // which undo takes back whole (the timeline is the way back through the rain itself).
    // Only rain before any action is a step of its own.
    if (steps_.empty()) {
      steps_.push_back(
          {StepKind::rain, atoms_.size(), atoms_.size(), drops_before, seed_before, before, false});
      shape_version_++;
    }
    HistoryStep& step = steps_.back();
    if (rain_open_ && !atoms_.empty() && atoms_.size() - 1 >= step.first &&
        as_rain(atoms_.back())) {
      std::get<RainDrops>(atoms_.back()).drops += rain->drops;  // a tick more of the same rain
      cost_before_.back() += rain->drops;
    } else {
      push_atom(command);
    }
    rain_open_ = true;
    step.end = atoms_.size();
  } else if (edit_step_) {
    // Inside an edit: a value set again with nothing between keeps only its last value (the
    // map after it is the same), and what was kept after the old value goes.
    HistoryStep& step = steps_.back();
    const std::size_t last = atoms_.size() - 1;
    if (atoms_.size() > step.first && atoms_[last].index() == command.index() &&
        !std::holds_alternative<Stroke>(command)) {
      drop_checkpoints_after({last, 0});
      atoms_[last] = command;
    } else {
      push_atom(command);
    }
    if (starts_a_new_map(command)) {
      step.kind = StepKind::new_map;
    } else if (std::holds_alternative<Stroke>(command) && step.kind != StepKind::new_map) {
      step.kind = StepKind::stroke;
    }
    step.end = atoms_.size();
  } else {
    const StepKind kind = starts_a_new_map(command)                 ? StepKind::new_map
                          : std::holds_alternative<Stroke>(command) ? StepKind::stroke
                                                                    : StepKind::setting;
    steps_.push_back(
        {kind, atoms_.size(), atoms_.size(), drops_before, seed_before, before, editing_});
    push_atom(command);
    steps_.back().end = atoms_.size();
    if (editing_) edit_step_ = steps_.size() - 1;
  }
  if (!as_rain(command)) {
    shape_version_++;
    rain_open_ = false;
  }
  position_ = end();
  version_++;
}

void History::begin_edit() {
  editing_ = true;
  edit_step_.reset();
}

void History::end_edit() {
  editing_ = false;
  edit_step_.reset();
}

// --- Checkpoints -------------------------------------------------------------------------------

bool History::wants_checkpoint() const {
  if (checkpoints_.empty()) return true;
  const Checkpoint& last = checkpoints_.back();
  if (last.at >= position_) return false;
  if (position_ == end() && !atoms_.empty() && starts_a_new_map(atoms_.back())) return true;
  return cost(position_) - last.cost >= spacing_;
}

uint64_t History::until_checkpoint() const {
  if (checkpoints_.empty()) return 1;
  const uint64_t since = cost(position_) - checkpoint_before(position_).cost;
  return since < spacing_ ? spacing_ - since : 1;
}

void History::thin() {
  spacing_ *= 2;
  // Keep a checkpoint when leaving it out would leave more than the spacing to replay between
  // the last one kept and the next: every gap stays within the spacing.
  std::size_t kept = 1;
  for (std::size_t k = 1; k < checkpoints_.size(); k++) {
    const uint64_t next = k + 1 < checkpoints_.size() ? checkpoints_[k + 1].cost : cost(end());
    if (next - checkpoints_[kept - 1].cost > spacing_) {
      checkpoints_[kept++] = checkpoints_[k];
    } else {
      release(checkpoints_[k]);
    }
  }
  checkpoints_.resize(kept);
  version_++;
}

void History::make_room(std::size_t slots) {
  for (int k = 0; k < 64 && store_.free() < slots && checkpoints_.size() > 1; k++) thin();
}

void History::restored(const Checkpoint& c) {
  store_.retain(c.original);
  if (original_slot_ >= 0) store_.release(original_slot_);
  original_slot_ = c.original;
}

bool History::checkpoint(const Heightfield& heights, const Heightfield& original,
                         bool original_changed, const MapStart& map, const RainState& rain,
                         uint64_t drops) {
  if (!checkpoints_.empty() && checkpoints_.back().at >= position_) return false;
  make_room(2);
  const int h = store_.take(heights.data());
  if (h < 0) return false;
  if (original_changed || original_slot_ < 0) {
    // The history holds the original ground once, and every checkpoint of this map again.
    const int o = drops == 0 ? h : store_.take(original.data());
    if (o < 0) {
      store_.release(h);
      return false;
    }
    if (o == h) store_.retain(o);
    if (original_slot_ >= 0) store_.release(original_slot_);
    original_slot_ = o;
  }
  store_.retain(original_slot_);
  checkpoints_.push_back({position_, cost(position_), h, original_slot_, map, rain, drops,
                          state_hash(heights.values(), original.values(), rain, drops)});
  version_++;
  return true;
}

void History::add_checkpoint(const HistoryPosition& at, const float* heights, const float* original,
                             bool original_is_last, const MapStart& map, const RainState& rain,
                             uint64_t drops) {
  const int h = store_.take(heights);  // the checkpoint's hold on its heights
  if (h < 0) throw std::length_error("the history's store has no room for another checkpoint");
  // The new original ground, held once by the history.
  int o = -1;
  if (original == heights) {
    o = h;
    store_.retain(o);
  } else if (original_is_last && original_slot_ >= 0) {
    o = original_slot_;
    store_.retain(o);
  } else {
    o = store_.take(original);
    if (o < 0) {
      store_.release(h);
      throw std::length_error("the history's store has no room for another checkpoint");
    }
  }
  if (original_slot_ >= 0) store_.release(original_slot_);
  original_slot_ = o;
  store_.retain(o);  // the checkpoint's hold on its original ground
  const std::size_t cells = store_.cells();
  checkpoints_.push_back({at, cost(at), h, o, map, rain, drops,
                          state_hash({heights, cells}, {original, cells}, rain, drops)});
  version_++;
}

void History::checkpoint_in_rain(uint64_t into, int heights_slot, const MapStart& map,
                                 const RainState& rain, uint64_t drops) {
  const std::size_t k = atoms_.size() - 1;
  const HistoryPosition at = canonical({k, into});
  store_.retain(original_slot_);
  const std::size_t cells = store_.cells();
  const uint64_t hash = state_hash({store_.values(heights_slot), cells},
                                   {store_.values(original_slot_), cells}, rain, drops);
  checkpoints_.push_back({at, cost(at), heights_slot, original_slot_, map, rain, drops, hash});
  version_++;
}

const Checkpoint& History::checkpoint_before(const HistoryPosition& to) const {
  const auto after =
      std::upper_bound(checkpoints_.begin(), checkpoints_.end(), to,
                       [](const HistoryPosition& p, const Checkpoint& c) { return p < c.at; });
  return *(after - 1);
}

// --- Reading -----------------------------------------------------------------------------------

MapRecipe History::recipe_at(const HistoryPosition& at) const {
  MapStart map = start_;
  MapRecipe recipe{map.seed, map.ground, map.settings, {}};
  const std::size_t end_atom = std::min(at.atom + (at.partial > 0 ? 1 : 0), atoms_.size());
  for (std::size_t k = 0; k < end_atom; k++) {
    MapCommand command = atoms_[k];
    if (k == at.atom) command = RainDrops{at.partial};
    advance_head(map, command);
    if (starts_a_new_map(command)) {
      recipe = {map.seed, map.ground, map.settings, {}};
    } else {
      append_map_command(recipe.commands, command);
    }
  }
  return recipe;
}

std::size_t History::bytes() const {
  return store_.bytes_held() + atoms_.capacity() * sizeof(MapCommand) +
         cost_before_.capacity() * sizeof(uint64_t) + steps_.capacity() * sizeof(HistoryStep) +
         checkpoints_.capacity() * sizeof(Checkpoint);
}

// --- Labels ------------------------------------------------------------------------------------

std::string start_label(const History& history) {
  const MapStart& s = history.start();
  if (s.ground) return "Start: " + s.ground->name;
  return "Start: seed " + std::to_string(s.seed);
}

uint64_t step_drops(const History& history, std::size_t k) {
  const HistoryStep& step = history.steps()[k];
  uint64_t drops = 0;
  for (std::size_t a = step.first; a < step.end; a++) {
    if (const RainDrops* rain = as_rain(history.atoms()[a])) drops += rain->drops;
  }
  return drops;
}

std::string step_action_label(const History& history, std::size_t k) {
  const HistoryStep& step = history.steps()[k];
  const std::span<const MapCommand> atoms =
      history.atoms().subspan(step.first, step.end - step.first);
  MapStart after{step.seed_before, step.before, std::nullopt};
  const MapCommand* new_map = nullptr;
  for (const MapCommand& c : atoms) {
    advance_head(after, c);
    if (starts_a_new_map(c)) new_map = &c;
  }
  if (step.kind == StepKind::rain) return "Rain";
  if (step.kind == StepKind::stroke) {
    // "Stroke: raise, radius 6, strength 0.5" (a stroke painted over several frames is one).
    for (const MapCommand& c : atoms) {
      const auto* stroke = std::get_if<Stroke>(&c);
      if (stroke == nullptr) continue;
      std::string tool(brush_tool_name(stroke->stroke.tool));
      std::replace(tool.begin(), tool.end(), '_', ' ');
      return "Stroke: " + tool + ", radius " + value_text(stroke->stroke.radius, 1) +
             ", strength " + value_text(stroke->stroke.strength, 0.01);
    }
  }

  std::string label;
  const auto change = [&](const MapCommand& c) {
    const SettingName name = setting_of(c);
    return std::string(name.label) + " " + value_text(setting_value(step.before, c), name.step) +
           " \u2192 " + value_text(setting_value(after.settings, c), name.step);
  };
  if (new_map != nullptr) {
    std::visit(
        Overloaded{[&](const SetSeed& c) { label = "Seed " + std::to_string(c.seed); },
                   [&](const Restart&) { label = "Restart: seed " + std::to_string(after.seed); },
                   [&](const SetGenerator& c) {
                     label = "Ground: " + std::string(generator_name(c.value));
                     label += c.value == Generator::diamond_square
                                  ? ", roughness " +
                                        value_text(after.settings.roughness, kRoughness.step)
                                  : ", terrain scale " + value_text(after.settings.terrain_scale,
                                                                    sketch::terrain_scale.step);
                   },
                   [&](const SetGround& c) {
                     label = "Opened " + c.ground.name + " (" +
                             std::string(ground_fit_name(c.ground.fit)) + ")";
                   },
                   [&](const auto&) { label = change(*new_map); }},
        *new_map);
  } else {
    // Each setting changed, once, in the order first changed.
    for (std::size_t a = 0; a < atoms.size(); a++) {
      if (setting_of(atoms[a]).label == nullptr) continue;
      bool seen = false;
      for (std::size_t b = 0; b < a; b++) seen = seen || atoms[b].index() == atoms[a].index();
      if (seen) continue;
      if (!label.empty()) label += ", ";
      label += change(atoms[a]);
    }
  }
  return label;
}

std::string step_label(const History& history, std::size_t k) {
  const uint64_t drops = step_drops(history, k);
  if (history.steps()[k].kind == StepKind::rain) {
    return "Rain: " + with_thousands(drops) + " drops";
  }
  std::string label = step_action_label(history, k);
  if (drops > 0) label += " + " + with_thousands(drops) + " drops";
  return label;
}

}  // namespace terrain::session
