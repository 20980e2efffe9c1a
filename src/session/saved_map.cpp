// A map as a map file keeps it (saved_map.h).
//
// Sections: the state's hash; saving a history; a history from a saved map (rebuilt by
// recording its commands step by step, as the session did, so that what it holds is checked
// by the same code that made it); the file's sections written and read.
#include "session/saved_map.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <stdexcept>
#include <string_view>
#include <variant>

#include "core/ground.h"
#include "io/map_file.h"
#include "session/json_read.h"

namespace terrain::session {

using io::MapFileError;
using json_read::Json;

// --- The state's hash ---------------------------------------------------------------------------

PlaceState place_state(const MapRecipe& commands, const HistoryPosition& at) {
  PlaceState place{{commands.seed, commands.settings, commands.ground}, 0};
  const std::size_t end = std::min(at.atom, commands.commands.size());
  for (std::size_t k = 0; k < end; k++) {
    const MapCommand& c = commands.commands[k];
    advance_head(place.head, c);
    if (starts_a_new_map(c)) place.drops = 0;
    if (const auto* rain = std::get_if<RainDrops>(&c)) place.drops += rain->drops;
  }
  place.drops += at.partial;
  return place;
}

// --- Saving a history ---------------------------------------------------------------------------

SavedMap saved_history(const History& history, int width, int height, GridCache* cache) {
  SavedMap saved;
  saved.width = width;
  saved.height = height;
  const MapStart& start = history.start();
  saved.commands = {start.seed, start.ground, start.settings,
                    std::vector<MapCommand>(history.atoms().begin(), history.atoms().end())};
  for (const HistoryStep& s : history.steps()) saved.steps.push_back({s.first, s.end, s.edit});
  saved.position = history.position();
  saved.drops_per_frame = start.settings.drops_per_frame;
  saved.spacing = history.spacing();

  // Which checkpoints keep their grids: the first, the last at or before the place, the last,
  // and the first at or after each multiple of a step: the spacing doubled until the history's
  // cost is at most kSavedGaps steps. The same checkpoints are picked save after save while the
  // history grows (the step only doubles, keeping every other pick), so an autosave copies only
  // the grids new since the last one.
  const std::span<const Checkpoint> all = history.checkpoints();
  const CheckpointStore& store = history.store();
  const std::size_t cells = store.cells();
  const std::size_t before = static_cast<std::size_t>(
      std::upper_bound(all.begin(), all.end(), saved.position,
                       [](const HistoryPosition& p, const Checkpoint& c) { return p < c.at; }) -
      all.begin() - 1);
  uint64_t step = history.spacing();
  while (history.cost(history.end()) / step > kSavedGaps) step *= 2;
  std::map<int, int> grid_of_slot;
  GridCache kept;
  const auto grid = [&](int slot) {
    const auto [it, added] = grid_of_slot.emplace(slot, static_cast<int>(saved.grids.size()));
    if (added) {
      const std::tuple<uint64_t, int, uint64_t> key{store.id(), slot, store.generation(slot)};
      std::shared_ptr<const std::vector<float>> values;
      if (cache != nullptr) {
        if (const auto found = cache->grids.find(key); found != cache->grids.end()) {
          values = found->second;
        }
      }
      if (!values) {
        const float* from = store.values(slot);
        // A buffer of an earlier save no save holds any more is written again: its memory is
        // the system's already (a new one costs its pages, about a millisecond a grid here).
        std::shared_ptr<std::vector<float>> buffer;
        if (cache != nullptr) {
          for (auto& spare : cache->spare) {
            if (spare && spare.use_count() == 1) {
              buffer = std::move(spare);
              break;
            }
          }
        }
        if (buffer) {
          buffer->assign(from, from + cells);
        } else {
          buffer = std::make_shared<std::vector<float>>(from, from + cells);
        }
        values = std::move(buffer);
      }
      kept.grids.emplace(key, values);
      saved.grids.push_back(std::move(values));
    }
    return it->second;
  };
  uint64_t next = 0;  // the next multiple of the step
  for (std::size_t k = 0; k < all.size(); k++) {
    const Checkpoint& c = all[k];
    SavedCheckpoint s{c.at, c.rain.random, c.rain.stats, c.hash, -1, -1};
    if (k == 0 || k == before || k + 1 == all.size() || c.cost >= next) {
      s.heights = grid(c.heights);
      s.original = grid(c.original);
    }
    if (c.cost >= next) next = (c.cost / step + 1) * step;
    saved.checkpoints.push_back(s);
  }
  if (cache != nullptr) {
    // The grids this save did not take become spare buffers (once no save holds them).
    kept.spare.clear();
    for (auto& [key, values] : cache->grids) {
      if (kept.grids.find(key) == kept.grids.end()) {
        kept.spare.push_back(std::const_pointer_cast<std::vector<float>>(values));
      }
    }
    for (auto& spare : cache->spare) {
      if (spare) kept.spare.push_back(std::move(spare));
    }
    if (kept.spare.size() > kMaxSpareGrids) kept.spare.resize(kMaxSpareGrids);
    *cache = std::move(kept);
  }
  return saved;
}

// --- A history from a saved map -----------------------------------------------------------------

namespace {

[[noreturn]] void bad(const std::string& what) {
  throw MapFileError(what);
}

// A place on the commands, as the history writes it: the end of a rain is written inside it.
bool is_place(std::span<const MapCommand> atoms, const HistoryPosition& at) {
  if (at.atom > atoms.size()) return false;
  if (at.partial > 0) {
    if (at.atom == atoms.size()) return false;
    const auto* rain = std::get_if<RainDrops>(&atoms[at.atom]);
    return rain != nullptr && at.partial <= rain->drops;
  }
  return at.atom == 0 || !std::holds_alternative<RainDrops>(atoms[at.atom - 1]);
}

std::string place_text(const HistoryPosition& at) {
  return "command " + std::to_string(at.atom) + ", drop " + std::to_string(at.partial);
}

void check_ground_size(const std::optional<GroundFile>& ground, const SavedMap& saved) {
  if (!ground) return;
  const Heightfield& h = *ground->heights;
  if (h.width() != saved.width || h.height() != saved.height) {
    bad("the ground " + ground->name + " is " + std::to_string(h.width()) + " x " +
        std::to_string(h.height()) + " cells, not the map's " + std::to_string(saved.width) +
        " x " + std::to_string(saved.height));
  }
}

}  // namespace

History history_of(const SavedMap& saved, std::size_t budget_bytes) {
  if (saved.width < 2 || saved.height < 2) bad("the map is smaller than 2 x 2 cells");
  const std::size_t cells = static_cast<std::size_t>(saved.width) * saved.height;
  const std::span<const MapCommand> atoms = saved.commands.commands;
  check_ground_size(saved.commands.ground, saved);
  for (const MapCommand& c : atoms) {
    if (const auto* g = std::get_if<SetGround>(&c)) check_ground_size(g->ground, saved);
  }
  for (std::size_t k = 0; k < saved.grids.size(); k++) {
    if (!saved.grids[k] || saved.grids[k]->size() != cells) {
      bad("grid " + std::to_string(k) + " holds " +
          std::to_string(saved.grids[k] ? saved.grids[k]->size() : 0) + " heights, not the map's " +
          std::to_string(cells));
    }
  }

  uint64_t total = 0;
  for (const MapCommand& c : atoms) {
    total += std::min(History::replay_cost(c), kMaxSavedCost + 1);
    if (total > kMaxSavedCost) {
      bad("the history claims more than " + std::to_string(kMaxSavedCost) + " drops of rain");
    }
  }

  // The steps, recorded again as the session recorded them.
  History history({saved.commands.seed, saved.commands.settings, saved.commands.ground}, cells,
                  budget_bytes);
  PlaceState now{{saved.commands.seed, saved.commands.settings, saved.commands.ground}, 0};
  std::size_t next = 0;
  for (const SavedStep& step : saved.steps) {
    if (step.first != next || step.end <= step.first || step.end > atoms.size()) {
      bad("the history's steps do not follow its commands (a step from " +
          std::to_string(step.first) + " to " + std::to_string(step.end) + " of " +
          std::to_string(atoms.size()) + ")");
    }
    // Each step's atoms as they were written: a file from before rain joined the step before
    // it has rain after an action as a step, and an atom, of its own.
    history.keep_rain_apart();
    if (step.edit) history.begin_edit();
    for (std::size_t k = step.first; k < step.end; k++) {
      history.record(atoms[k], now.head.seed, now.head.settings, now.drops);
      advance_head(now.head, atoms[k]);
      if (starts_a_new_map(atoms[k])) now.drops = 0;
      if (const auto* rain = std::get_if<RainDrops>(&atoms[k])) now.drops += rain->drops;
    }
    if (step.edit) history.end_edit();
    next = step.end;
  }
  if (next != atoms.size()) bad("the history's steps do not cover its commands");
  // The steps the file gives, with rain after an action joined to that action's step as the
  // history keeps it now (a file from before kept it as a step of its own).
  std::vector<SavedStep> joined;
  joined.reserve(saved.steps.size());
  for (const SavedStep& step : saved.steps) {
    const bool rain_only =
        std::all_of(atoms.begin() + static_cast<std::ptrdiff_t>(step.first),
                    atoms.begin() + static_cast<std::ptrdiff_t>(step.end),
                    [](const MapCommand& c) { return std::holds_alternative<RainDrops>(c); });
    if (rain_only && !joined.empty()) {
      joined.back().end = step.end;
    } else {
      joined.push_back(step);
    }
  }
  bool same = history.atoms().size() == atoms.size() && history.steps().size() == joined.size();
  for (std::size_t k = 0; same && k < joined.size(); k++) {
    const HistoryStep& s = history.steps()[k];
    same = SavedStep{s.first, s.end, s.edit} == joined[k];
  }
  if (!same) bad("the history's steps are not those its commands make");

  if (!is_place(atoms, saved.position)) {
    bad("the map's place (" + place_text(saved.position) + ") is not a place of its history");
  }
  if (saved.spacing < History::kFirstSpacing || saved.spacing > kMaxSavedSpacing ||
      !std::has_single_bit(saved.spacing / History::kFirstSpacing) ||
      saved.spacing % History::kFirstSpacing != 0) {
    bad("the checkpoints' spacing " + std::to_string(saved.spacing) + " is not " +
        std::to_string(History::kFirstSpacing) + " times a power of two up to " +
        std::to_string(kMaxSavedSpacing));
  }

  // The checkpoints with grids, each proving its grids by its hash.
  if (saved.checkpoints.empty() || saved.checkpoints[0].at != HistoryPosition{} ||
      saved.checkpoints[0].heights < 0) {
    bad("the history's first checkpoint is not at its start with its grids");
  }
  const SavedCheckpoint* last = nullptr;
  const SavedCheckpoint* last_with_grids = nullptr;
  for (std::size_t k = 0; k < saved.checkpoints.size(); k++) {
    const SavedCheckpoint& c = saved.checkpoints[k];
    const std::string name = "checkpoint " + std::to_string(k);
    if (!is_place(atoms, c.at))
      bad(name + " (" + place_text(c.at) + ") is not a place of the history");
    if (last != nullptr && !(last->at < c.at)) bad(name + " is not after the one before it");
    last = &c;
    if (c.heights < 0 && c.original < 0) continue;
    const auto grid_count = static_cast<int>(saved.grids.size());
    if (c.heights < 0 || c.heights >= grid_count || c.original < 0 || c.original >= grid_count) {
      bad(name + "'s grids are not among the file's " + std::to_string(grid_count));
    }
    const PlaceState place = place_state(saved.commands, c.at);
    const RainState rain{c.random, rain_params_of(place.head.settings), c.stats};
    const std::vector<float>& heights = *saved.grids[static_cast<std::size_t>(c.heights)];
    const std::vector<float>& original = *saved.grids[static_cast<std::size_t>(c.original)];
    if (state_hash(heights, original, rain, place.drops) != c.hash) {
      bad(name + "'s grids and rain do not match its hash");
    }
    const bool original_is_last =
        last_with_grids != nullptr && last_with_grids->original == c.original;
    try {
      history.add_checkpoint(c.at, heights.data(), original.data(), original_is_last, place.head,
                             rain, place.drops);
    } catch (const std::length_error&) {
      bad("the map keeps more checkpoints than a history holds");
    }
    last_with_grids = &c;
  }
  history.set_spacing(saved.spacing);
  history.set_position(saved.position);
  // Opening replays from the last checkpoint with grids at or before the place: never more than
  // the spacing, as the session kept them.
  const HistoryPosition at = history.position();
  if (history.cost(at) - history.checkpoint_before(at).cost > saved.spacing) {
    bad("the map's place is further than the checkpoints' spacing from a checkpoint with grids");
  }
  return history;
}

// --- The file's sections ------------------------------------------------------------------------

namespace {

constexpr const char* kHistoryFormat = "terrain-sandbox map history";
constexpr const char* kViewFormat = "terrain-sandbox map view";

Json place_json(const HistoryPosition& at) {
  Json json;
  json["command"] = at.atom;
  json["drops"] = at.partial;
  return json;
}

std::string hex(uint64_t v) {
  char text[17];
  for (int i = 15; i >= 0; i--, v >>= 4) text[i] = "0123456789abcdef"[v & 15];
  text[16] = 0;
  return text;
}

std::span<const uint8_t> text_bytes(const std::string& text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

std::string history_text(const SavedMap& saved) {
  Json json;
  json["format"] = kHistoryFormat;
  json["width"] = saved.width;
  json["height"] = saved.height;
  json["position"] = place_json(saved.position);
  json["drops_per_frame"] = saved.drops_per_frame;
  json["spacing"] = saved.spacing;
  json["grids"] = saved.grids.size();
  Json steps = Json::array();
  for (const SavedStep& s : saved.steps) {
    Json step;
    step["first"] = s.first;
    step["end"] = s.end;
    step["edit"] = s.edit;
    steps.push_back(std::move(step));
  }
  json["steps"] = std::move(steps);
  Json checkpoints = Json::array();
  for (const SavedCheckpoint& c : saved.checkpoints) {
    Json entry;
    entry["at"] = place_json(c.at);
    entry["random"] = c.random;
    Json stats;
    stats["drops"] = c.stats.drops;
    stats["steps"] = c.stats.steps;
    stats["flat"] = c.stats.flat;
    stats["off_map"] = c.stats.off_map;
    stats["sea"] = c.stats.sea;
    stats["max_steps"] = c.stats.max_steps;
    entry["stats"] = std::move(stats);
    entry["hash"] = hex(c.hash);
    if (c.heights >= 0) {
      entry["heights"] = c.heights;
      entry["original"] = c.original;
    }
    checkpoints.push_back(std::move(entry));
  }
  json["checkpoints"] = std::move(checkpoints);
  return json.dump();
}

std::string view_text(const SavedMap& saved) {
  const ViewSettings& v = saved.view;
  Json json;
  json["format"] = kViewFormat;
  json["view"] = std::string(map_view_name(v.view));
  json["contour_levels"] = v.contour_levels;
  json["show_rivers"] = v.show_rivers;
  json["show_original"] = v.show_original;
  json["debug_mode"] = v.debug_mode;
  json["show_lakes"] = v.show_lakes;
  json["rivers_by"] = std::string(rivers_by_name(v.rivers_by));
  json["min_flow"] = v.min_flow;
  json["routing"] = std::string(routing_name(v.routing));
  Json window;
  try {
    window = json_read::parse_json(saved.window, {kMaxViewValues});
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("the window's view: ") + e.what());
  }
  json["window"] = std::move(window);
  return json.dump();
}

}  // namespace

std::vector<uint8_t> map_file_bytes(const SavedMap& saved) {
  static_assert(std::endian::native == std::endian::little, "map files are little-endian");
  const std::string recipe = recipe_text(saved.commands);
  const std::string history = history_text(saved);
  const std::string view = view_text(saved);
  std::vector<std::span<const uint8_t>> grids;
  for (const auto& grid : saved.grids) {
    grids.emplace_back(reinterpret_cast<const uint8_t*>(grid->data()),
                       grid->size() * sizeof(float));
  }
  const std::vector<io::MapFileSectionParts> sections = {
      {io::map_file_tag("RCPE"), {text_bytes(recipe)}},
      {io::map_file_tag("HIST"), {text_bytes(history)}},
      {io::map_file_tag("GRID"), grids},
      {io::map_file_tag("VIEW"), {text_bytes(view)}}};
  return io::encode_map_file(std::span<const io::MapFileSectionParts>(sections));
}

namespace {

using namespace json_read;

// A JSON section within its limits (saved_map.h), checked before any value is built.
Json parsed(const io::MapFileSection& section, const std::string& name, std::size_t values) {
  try {
    return parse_json(std::span<const uint8_t>(section.bytes), {values});
  } catch (const std::invalid_argument& e) {
    fail(name, e.what());
  }
}

// The most of something HIST may count, checked before anything is allocated by it.
void check_count(std::size_t count, std::size_t most, const std::string& where,
                 const std::string& what) {
  if (count > most) {
    fail(where,
         "holds " + std::to_string(count) + " " + what + " (at most " + std::to_string(most) + ")");
  }
}

void check_format(const Json& json, const char* format, const std::string& where) {
  object_at(json, where);
  const Json& f = member(json, "format", where);
  if (f != Json(format))
    fail(where + ".format", std::string("must be \"") + format + "\", not " + shown(f));
}

HistoryPosition place_at(const Json& json, const std::string& where) {
  object_at(json, where);
  only_keys(json, {"command", "drops"}, where);
  return {whole_at<std::size_t>(member(json, "command", where), where + ".command", 0,
                                std::numeric_limits<uint32_t>::max()),
          whole_at<uint64_t>(member(json, "drops", where), where + ".drops", 0,
                             std::numeric_limits<uint64_t>::max())};
}

uint64_t hash_at(const Json& json, const std::string& where) {
  const std::string& text = string_at(json, where);
  uint64_t v = 0;
  bool ok = text.size() == 16;
  for (const char c : text) {
    const char* digits = "0123456789abcdef";
    const char* d = std::strchr(digits, c);
    ok = ok && c != 0 && d != nullptr;
    if (ok) v = (v << 4) | static_cast<uint64_t>(d - digits);
  }
  if (!ok) fail(where, "must be 16 hexadecimal digits (lower case), not " + shown(json));
  return v;
}

// Returns how many grids GRID holds.
std::size_t read_history(const Json& json, SavedMap& saved) {
  const std::string where = "HIST";
  check_format(json, kHistoryFormat, where);
  only_keys(json,
            {"format", "width", "height", "position", "drops_per_frame", "spacing", "grids",
             "steps", "checkpoints"},
            where);
  const auto at = [&](const char* key) { return where + "." + key; };
  constexpr int kMaxSide = 16384;
  saved.width = whole_at<int>(member(json, "width", where), at("width"), 2, kMaxSide);
  saved.height = whole_at<int>(member(json, "height", where), at("height"), 2, kMaxSide);
  saved.position = place_at(member(json, "position", where), at("position"));
  saved.drops_per_frame = whole_at<int>(member(json, "drops_per_frame", where),
                                        at("drops_per_frame"), 0, kMaxDropsPerFrame);
  saved.spacing = whole_at<uint64_t>(member(json, "spacing", where), at("spacing"), 1,
                                     std::numeric_limits<uint64_t>::max());
  // A history's store keeps this many grids of this map at most, and a checkpoint each.
  const std::size_t slots =
      History::store_slots(static_cast<std::size_t>(saved.width) * saved.height);
  const auto grids = whole_at<std::size_t>(member(json, "grids", where), at("grids"), 1, slots);
  const Json& steps = array_at(member(json, "steps", where), at("steps"));
  // Each step covers at least one command.
  check_count(steps.size(), saved.commands.commands.size(), at("steps"),
              "steps, more than the recipe's commands");
  saved.steps.reserve(steps.size());
  for (std::size_t k = 0; k < steps.size(); k++) {
    const std::string w = at("steps") + "[" + std::to_string(k) + "]";
    const Json& s = object_at(steps[k], w);
    only_keys(s, {"first", "end", "edit"}, w);
    constexpr auto most = std::numeric_limits<uint32_t>::max();
    saved.steps.push_back({whole_at<std::size_t>(member(s, "first", w), w + ".first", 0, most),
                           whole_at<std::size_t>(member(s, "end", w), w + ".end", 0, most),
                           bool_at(member(s, "edit", w), w + ".edit")});
  }
  const Json& checkpoints = array_at(member(json, "checkpoints", where), at("checkpoints"));
  check_count(checkpoints.size(), slots, at("checkpoints"),
              "checkpoints, more than a history of " + std::to_string(saved.width) + " x " +
                  std::to_string(saved.height) + " cells keeps");
  saved.checkpoints.reserve(checkpoints.size());
  for (std::size_t k = 0; k < checkpoints.size(); k++) {
    const std::string w = at("checkpoints") + "[" + std::to_string(k) + "]";
    const Json& c = object_at(checkpoints[k], w);
    only_keys(c, {"at", "random", "stats", "hash", "heights", "original"}, w);
    SavedCheckpoint s;
    s.at = place_at(member(c, "at", w), w + ".at");
    s.random = whole_at<uint32_t>(member(c, "random", w), w + ".random", 0,
                                  std::numeric_limits<uint32_t>::max());
    const Json& stats = object_at(member(c, "stats", w), w + ".stats");
    only_keys(stats, {"drops", "steps", "flat", "off_map", "sea", "max_steps"}, w + ".stats");
    const auto count = [&](const char* key) {
      return whole_at<uint64_t>(member(stats, key, w + ".stats"), w + ".stats." + key, 0,
                                std::numeric_limits<uint64_t>::max());
    };
    s.stats = {count("drops"),   count("steps"), count("flat"),
               count("off_map"), count("sea"),   count("max_steps")};
    s.hash = hash_at(member(c, "hash", w), w + ".hash");
    if (c.contains("heights") || c.contains("original")) {
      const int most = static_cast<int>(grids) - 1;
      s.heights = whole_at<int>(member(c, "heights", w), w + ".heights", 0, most);
      s.original = whole_at<int>(member(c, "original", w), w + ".original", 0, most);
    }
    saved.checkpoints.push_back(s);
  }
  return grids;
}

void read_view(const Json& json, SavedMap& saved) {
  const std::string where = "VIEW";
  check_format(json, kViewFormat, where);
  only_keys(json,
            {"format", "view", "contour_levels", "show_rivers", "show_original", "debug_mode",
             "show_lakes", "rivers_by", "min_flow", "routing", "window"},
            where);
  const auto at = [&](const char* key) { return where + "." + key; };
  ViewSettings& v = saved.view;
  const auto named = [&](const char* key, auto parse, const char* allowed) {
    const std::string& text = string_at(member(json, key, where), at(key));
    const auto value = parse(text);
    if (!value) fail(at(key), std::string("must be ") + allowed + ", not " + shown(Json(text)));
    return *value;
  };
  v.view = named("view", parse_map_view, kMapViewWords);
  v.contour_levels = whole_at<int>(member(json, "contour_levels", where), at("contour_levels"),
                                   static_cast<int>(sketch::contour_levels.min),
                                   static_cast<int>(sketch::contour_levels.max));
  v.show_rivers = bool_at(member(json, "show_rivers", where), at("show_rivers"));
  v.show_original = bool_at(member(json, "show_original", where), at("show_original"));
  v.debug_mode = bool_at(member(json, "debug_mode", where), at("debug_mode"));
  v.show_lakes = bool_at(member(json, "show_lakes", where), at("show_lakes"));
  v.rivers_by = named("rivers_by", parse_rivers_by, "\"flow\" or \"order\"");
  v.min_flow =
      whole_at<int>(member(json, "min_flow", where), at("min_flow"), 1, saved.width * saved.height);
  v.routing = named("routing", parse_routing, "\"sketch\" or \"flood\"");
  saved.window = object_at(member(json, "window", where), at("window")).dump();
}

// The GRID section into the grids HIST counts.
void read_grids(const io::MapFileSection& section, std::size_t count, SavedMap& saved) {
  const std::size_t cells = static_cast<std::size_t>(saved.width) * saved.height;
  if (section.bytes.size() / 4 / cells != count || section.bytes.size() != count * cells * 4) {
    fail("GRID", "holds " + std::to_string(section.bytes.size()) + " bytes, not the " +
                     std::to_string(count) + " grids of " + std::to_string(saved.width) + " x " +
                     std::to_string(saved.height) + " float32 heights HIST counts");
  }
  for (std::size_t k = 0; k < count; k++) {
    auto grid = std::make_shared<std::vector<float>>(cells);
    std::memcpy(grid->data(), section.bytes.data() + k * cells * 4, cells * 4);
    // What a ground may hold (core/ground.h): the rain goes on from these heights.
    if (const std::string problem = ground_height_problem(*grid, saved.width); !problem.empty()) {
      fail("GRID", "grid " + std::to_string(k) + ": " + problem);
    }
    saved.grids.push_back(std::move(grid));
  }
}

// The map the sections hold, each section's bytes let go once read: the file at its largest
// is read with one copy of each section at a time, not two (docs/map-file.md, "Limits").
SavedMap saved_map_of(std::vector<io::MapFileSection> sections) {
  const auto find = [&](const char(&tag)[5]) -> io::MapFileSection& {
    for (io::MapFileSection& s : sections) {
      if (s.tag == io::map_file_tag(tag)) return s;
    }
    throw MapFileError(std::string("section ") + tag + " is missing");
  };
  const auto let_go = [](io::MapFileSection& section) {
    std::vector<uint8_t>().swap(section.bytes);
  };
  SavedMap saved;
  try {
    io::MapFileSection& recipe = find("RCPE");
    saved.commands = parse_recipe(
        std::string_view(reinterpret_cast<const char*>(recipe.bytes.data()), recipe.bytes.size()));
    let_go(recipe);
    io::MapFileSection& history = find("HIST");
    const std::size_t grids = read_history(parsed(history, "HIST", kMaxHistoryValues), saved);
    let_go(history);
    io::MapFileSection& grid = find("GRID");
    read_grids(grid, grids, saved);
    let_go(grid);
    read_view(parsed(find("VIEW"), "VIEW", kMaxViewValues), saved);
  } catch (const std::invalid_argument& e) {
    throw MapFileError(e.what());
  }
  return saved;
}

}  // namespace

std::span<const io::MapFileWanted> map_file_sections() {
  static const io::MapFileWanted sections[] = {
      {io::map_file_tag("RCPE"), io::kMaxMapFileSectionBytes},
      {io::map_file_tag("HIST"), kMaxHistorySectionBytes},
      {io::map_file_tag("GRID"), io::kMaxMapFileSectionBytes},
      {io::map_file_tag("VIEW"), kMaxViewSectionBytes}};
  return sections;
}

// The file's limit holds the four sections at zstd's bound for theirs, and the other sections.
static_assert(kMaxMapFileBytes >= io::kMapFileHeaderBytes + 4 * io::kMapFileSectionHeaderBytes +
                                      2 * io::map_file_stored_bound(io::kMaxMapFileSectionBytes) +
                                      io::map_file_stored_bound(kMaxHistorySectionBytes) +
                                      io::map_file_stored_bound(kMaxViewSectionBytes) +
                                      kMaxOtherSectionsBytes);

SavedMap read_map_file(std::span<const uint8_t> file) {
  return saved_map_of(io::decode_map_file(file, map_file_sections()));
}

bool is_map_file_path(const std::string& path) {
  const std::string_view ext = kMapFileExtension;
  if (path.size() <= ext.size()) return false;
  for (std::size_t k = 0; k < ext.size(); k++) {
    const char c = path[path.size() - ext.size() + k];
    if (std::tolower(static_cast<unsigned char>(c)) != ext[k]) return false;
  }
  return true;
}

void write_map_file(const std::string& path, const SavedMap& saved, io::WriteMode mode) {
  io::write_file_atomically(path, std::span<const uint8_t>(map_file_bytes(saved)), mode);
}

namespace {

// What went wrong opening the file at `path`, as one line "PATH: what is wrong".
[[noreturn]] void failed_to_open(const std::string& path) {
  try {
    throw;
  } catch (const io::ReadError& e) {
    throw MapFileError(path + ": " + e.reason());
  } catch (const std::bad_alloc&) {
    throw MapFileError(path + ": there is not enough memory to open it");
  } catch (const std::exception& e) {
    throw MapFileError(path + ": " + e.what());
  }
}

}  // namespace

SavedMap read_map_file(const std::string& path) {
  try {
    std::vector<io::MapFileSection> sections;
    {
      const std::string bytes = io::read_file(path, {"a map file", kMaxMapFileBytes});
      sections = io::decode_map_file(
          std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
          map_file_sections());
    }  // the file's bytes let go before its sections are read
    return saved_map_of(std::move(sections));
  } catch (...) {
    failed_to_open(path);
  }
}

OpenedMapFile open_map_file(const std::string& path) {
  SavedMap saved = read_map_file(path);
  try {
    History history = history_of(saved);
    return {std::move(saved), std::move(history)};
  } catch (...) {
    failed_to_open(path);
  }
}

}  // namespace terrain::session
