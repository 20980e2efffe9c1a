// A map's recipe as text, with nlohmann-json (see map_recipe.h).
//
// Sections: writing; reading (each value checked where it is read, so a message can say where
// it is).
#include "session/map_recipe.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <type_traits>

#include "core/ground.h"
#include "session/base64.h"
#include "session/json_read.h"
#include "session/map.h"

namespace terrain::session {

using json_read::Json;

namespace {

using namespace json_read;

constexpr const char* kFormat = "terrain-sandbox map recipe";
constexpr int kVersion = 1;

Generator generator_at(const Json& value, const std::string& where) {
  if (value.is_string()) {
    if (const auto g = parse_generator(value.get_ref<const std::string&>())) return *g;
  }
  fail(where, "must be \"island\" or \"diamond-square\", not " + shown(value));
}

MapSettings settings_at(const Json& json) {
  const std::string where = "settings";
  if (!json.is_object()) fail(where, "must be an object, not " + shown(json));
  only_keys(json,
            {"drops_per_frame", "erosion", "deposition", "inertia", "brush_radius", "sea_level",
             "terrain_scale", "generator", "roughness", "island_frame"},
            where);
  Settings s;
  auto at = [&](const char* key) { return where + "." + key; };
  s.drops_per_frame = whole_at<int>(member(json, "drops_per_frame", where), at("drops_per_frame"),
                                    0, kMaxDropsPerFrame);
  s.erosion = real_at(member(json, "erosion", where), at("erosion"));
  s.deposition = real_at(member(json, "deposition", where), at("deposition"));
  s.inertia = real_at(member(json, "inertia", where), at("inertia"));
  s.brush_radius = whole_at<int>(member(json, "brush_radius", where), at("brush_radius"),
                                 static_cast<int>(sketch::brush_radius.min),
                                 static_cast<int>(sketch::brush_radius.max));
  s.sea_level = real_at(member(json, "sea_level", where), at("sea_level"));
  s.terrain_scale = real_at(member(json, "terrain_scale", where), at("terrain_scale"));
  // The generator and its roughness came after the first recipes: without them a recipe is
  // the sketch's noise island, as it was then.
  if (const auto it = json.find("generator"); it != json.end()) {
    s.generator = generator_at(*it, at("generator"));
  }
  if (const auto it = json.find("roughness"); it != json.end()) {
    s.roughness = real_at(*it, at("roughness"));
  }
  // The island's frame came with maps of any size: a recipe without it grew its island by the
  // cells, and replays so (at 320 x 180 the two are the same).
  s.island_frame = IslandFrame::cells;
  if (const auto it = json.find("island_frame"); it != json.end()) {
    const std::optional<IslandFrame> frame =
        it->is_string() ? parse_island_frame(it->get<std::string>()) : std::nullopt;
    if (!frame) fail(at("island_frame"), "must be \"world\" or \"cells\", not " + shown(*it));
    s.island_frame = *frame;
  }
  checked_at(where, [&] { check_settings(s); });
  return s;
}

// A ground's side, and its cells at most: the sizes terrain-cli grows grounds at.
constexpr int kMaxGroundSide = 16384;
constexpr int64_t kMaxGroundCells = int64_t{8192} * 8192;

GroundFile ground_at(const Json& json, const std::string& where) {
  if (!json.is_object()) fail(where, "must be an object, not " + shown(json));
  only_keys(json, {"file", "fit", "width", "height", "heights"}, where);
  auto at = [&](const char* key) { return where + "." + key; };
  GroundFile ground;
  const Json& file = member(json, "file", where);
  if (!file.is_string()) fail(at("file"), "must be a string, not " + shown(file));
  ground.name = file.get<std::string>();
  const Json& fit = member(json, "fit", where);
  std::optional<GroundFit> parsed;
  if (fit.is_string()) parsed = parse_ground_fit(fit.get_ref<const std::string&>());
  if (!parsed) fail(at("fit"), "must be \"crop\" or \"stretch\", not " + shown(fit));
  ground.fit = *parsed;
  const int width = whole_at<int>(member(json, "width", where), at("width"), 2, kMaxGroundSide);
  const int height = whole_at<int>(member(json, "height", where), at("height"), 2, kMaxGroundSide);
  const int64_t cells = int64_t{width} * height;
  if (cells > kMaxGroundCells) {
    fail(where, std::to_string(width) + " x " + std::to_string(height) +
                    " cells is more than a ground has (at most 8192 x 8192 cells)");
  }
  const Json& text = member(json, "heights", where);
  const std::string expected = "base64 of " + std::to_string(width) + " x " +
                               std::to_string(height) + " little-endian float32 values (" +
                               std::to_string(cells * 4) + " bytes)";
  if (!text.is_string()) fail(at("heights"), "must be " + expected + ", not " + shown(text));
  const std::string& chars = text.get_ref<const std::string&>();
  // The length is checked before decoding, so a long wrong text is not decoded for nothing.
  if (chars.size() != static_cast<std::size_t>((cells * 4 + 2) / 3 * 4)) {
    fail(at("heights"),
         "must be " + expected + ", not " + std::to_string(chars.size()) + " characters of text");
  }
  const std::optional<std::vector<uint8_t>> bytes = base64_decode(chars);
  if (!bytes) fail(at("heights"), "must be " + expected + ", but it is not base64");
  auto heights = std::make_shared<Heightfield>(width, height);
  float* values = heights->data();
  for (int64_t k = 0; k < cells; k++) {
    const uint8_t* b = bytes->data() + k * 4;
    const uint32_t u =
        uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
    values[k] = std::bit_cast<float>(u);
  }
  // What a ground may hold (core/ground.h).
  if (const std::string problem = ground_height_problem(heights->values(), width);
      !problem.empty()) {
    fail(at("heights"), problem);
  }
  ground.heights = std::move(heights);
  return ground;
}

// A brush stroke: {"tool": "raise", "radius": 6, "strength": 0.5, "falloff": "smooth",
// "points": [[100, 80], [120, 87.5]]}, falloff optional (smooth), and for a stroke continuing
// another (painted over several frames) "seed", "start" and "flatten_to". Its messages read as
// the settings' do: "WHERE: stroke radius must be from 1 to 40, not 60".
BrushStroke stroke_at(const Json& json, const std::string& where) {
  const auto bad = [&](const std::string& what) { fail(where, "stroke " + what); };
  if (!json.is_object()) {
    bad("must be an object of tool, radius, strength, falloff and points, not " + shown(json));
  }
  for (const auto& [key, value] : json.items()) {
    bool known = false;
    for (const char* k :
         {"tool", "radius", "strength", "falloff", "points", "seed", "start", "flatten_to"}) {
      known = known || key == k;
    }
    if (!known) {
      bad("has no \"" + utf8_prefix(key, kShown) +
          "\" (it has tool, radius, strength, falloff, points, seed, start, flatten_to)");
    }
  }
  const auto needed = [&](const char* key) -> const Json& {
    const auto it = json.find(key);
    if (it == json.end()) bad(std::string(key) + " is missing");
    return *it;
  };
  const auto number = [&](const Json& v, const std::string& name) {
    if (!v.is_number()) bad(name + " must be a number, not " + shown(v));
    return v.get<double>();
  };
  BrushStroke s;
  const Json& tool = needed("tool");
  const auto parsed_tool =
      tool.is_string() ? parse_brush_tool(tool.get<std::string>()) : std::nullopt;
  if (!parsed_tool) {
    bad("tool must be \"raise\", \"lower\", \"smooth\", \"flatten\", \"roughen\" or "
        "\"rain_here\", not " +
        shown(tool));
  }
  s.tool = *parsed_tool;
  s.radius = number(needed("radius"), "radius");
  s.strength = number(needed("strength"), "strength");
  if (const auto it = json.find("falloff"); it != json.end()) {
    const auto parsed =
        it->is_string() ? parse_brush_falloff(it->get<std::string>()) : std::nullopt;
    if (!parsed) bad("falloff must be \"smooth\", \"linear\" or \"hard\", not " + shown(*it));
    s.falloff = *parsed;
  }
  const Json& points = needed("points");
  if (!points.is_array() || points.empty() || points.size() > kMaxStrokePoints) {
    bad("points must be 1 to " + std::to_string(kMaxStrokePoints) + " points [column, row], not " +
        shown(points));
  }
  s.points.reserve(points.size());
  for (std::size_t k = 0; k < points.size(); k++) {
    const std::string name = "points[" + std::to_string(k) + "]";
    const Json& p = points[k];
    if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) {
      bad(name + " must be [column, row], not " + shown(p));
    }
    s.points.push_back({p[0].get<double>(), p[1].get<double>()});
  }
  if (const auto it = json.find("seed"); it != json.end()) {
    if (!it->is_number_unsigned() || it->get<uint64_t>() > std::numeric_limits<uint32_t>::max()) {
      bad("seed must be a whole number from 0 to 4294967295, not " + shown(*it));
    }
    s.seed = static_cast<uint32_t>(it->get<uint64_t>());
  }
  if (const auto it = json.find("start"); it != json.end()) s.start = number(*it, "start");
  if (const auto it = json.find("flatten_to"); it != json.end()) {
    s.flatten_to = number(*it, "flatten_to");
  }
  checked_at(where, [&] { check_stroke(s); });
  return s;
}

Json stroke_json(const BrushStroke& s) {
  Json json;
  json["tool"] = std::string(brush_tool_name(s.tool));
  json["radius"] = s.radius;
  json["strength"] = s.strength;
  json["falloff"] = std::string(brush_falloff_name(s.falloff));
  Json points = Json::array();
  for (const Point& p : s.points) points.push_back(Json::array({p.x, p.y}));
  json["points"] = std::move(points);
  if (s.seed != 0) json["seed"] = s.seed;
  if (s.start != 0) json["start"] = s.start;
  if (s.flatten_to) json["flatten_to"] = *s.flatten_to;
  return json;
}

// `joint` goes between `where` and the command's key: "commands[3].rain" in a recipe, "run.jsonl
// line 3: rain" for a command on its own.
MapCommand command_at(const Json& json, const std::string& where, const char* joint = ".") {
  if (!json.is_object() || json.size() != 1) {
    fail(where, "must be an object of one key, the command's name, not " + shown(json));
  }
  const std::string name = json.begin().key();
  const Json& value = json.begin().value();
  const std::string at = where + joint + name;
  auto real = [&](const char* setting, const sketch::Range& range) {
    const double v = real_at(value, at);
    checked_at(where, [&] { check_range(setting, v, range); });
    return v;
  };
  if (name == "rain") return RainDrops{whole_at<uint64_t>(value, at, 0, kMaxRainDrops)};
  if (name == "seed") {
    return SetSeed{whole_at<uint32_t>(value, at, 0, std::numeric_limits<uint32_t>::max())};
  }
  if (name == "restart") {
    if (value != Json(true)) fail(at, "must be true, not " + shown(value));
    return Restart{};
  }
  if (name == "terrain_scale") return SetTerrainScale{real("terrain_scale", sketch::terrain_scale)};
  if (name == "erosion") return SetErosion{real("erosion", sketch::erosion)};
  if (name == "deposition") return SetDeposition{real("deposition", sketch::deposition)};
  if (name == "inertia") return SetInertia{real("inertia", sketch::inertia)};
  if (name == "sea_level") return SetSeaLevel{real("sea_level", sketch::sea_level)};
  if (name == "brush_radius") {
    return SetBrushRadius{whole_at<int>(value, at, static_cast<int>(sketch::brush_radius.min),
                                        static_cast<int>(sketch::brush_radius.max))};
  }
  if (name == "drops_per_frame") {
    return SetDropsPerFrame{whole_at<int>(value, at, 0, kMaxDropsPerFrame)};
  }
  if (name == "generator") return SetGenerator{generator_at(value, at)};
  if (name == "roughness") return SetRoughness{real("roughness", kRoughness)};
  if (name == "ground") return SetGround{ground_at(value, at)};
  if (name == "stroke") return Stroke{stroke_at(value, where)};
  fail(where, "\"" + utf8_prefix(name, kShown) +
                  "\" is not a map command (rain, seed, restart, terrain_scale, erosion, "
                  "deposition, inertia, brush_radius, sea_level, drops_per_frame, generator, "
                  "roughness, ground, stroke)");
}

}  // namespace

// --- writing ---------------------------------------------------------------------------------

namespace {

// A ground as the recipe keeps it: its heights as little-endian float32 bytes, in base64.
Json ground_json(const GroundFile& ground) {
  const Heightfield& h = *ground.heights;
  std::vector<uint8_t> bytes(h.size() * 4);
  for (std::size_t k = 0; k < h.size(); k++) {
    const auto u = std::bit_cast<uint32_t>(h.data()[k]);
    for (int j = 0; j < 4; j++) bytes[k * 4 + j] = static_cast<uint8_t>(u >> (8 * j));
  }
  Json json;
  json["file"] = ground.name;
  json["fit"] = std::string(ground_fit_name(ground.fit));
  json["width"] = h.width();
  json["height"] = h.height();
  json["heights"] = base64_encode(bytes);
  return json;
}

// The recipe's "settings" object.
Json settings_json(const MapSettings& s) {
  Json settings;
  settings["drops_per_frame"] = s.drops_per_frame;
  settings["erosion"] = s.erosion;
  settings["deposition"] = s.deposition;
  settings["inertia"] = s.inertia;
  settings["brush_radius"] = s.brush_radius;
  settings["sea_level"] = s.sea_level;
  settings["terrain_scale"] = s.terrain_scale;
  settings["generator"] = std::string(generator_name(s.generator));
  settings["roughness"] = s.roughness;
  settings["island_frame"] = std::string(island_frame_name(s.island_frame));
  return settings;
}

}  // namespace

std::string settings_text(const MapSettings& settings) {
  return settings_json(settings).dump();
}

std::string recipe_text(const MapRecipe& recipe) {
  const Json settings = settings_json(recipe.settings);
  Json commands = Json::array();
  for (const MapCommand& command : recipe.commands) {
    Json entry;
    const std::string name(command_name(command));
    std::visit(
        [&](const auto& c) {
          using C = std::decay_t<decltype(c)>;
          if constexpr (std::is_same_v<C, RainDrops>) {
            entry[name] = c.drops;
          } else if constexpr (std::is_same_v<C, SetSeed>) {
            entry[name] = c.seed;
          } else if constexpr (std::is_same_v<C, Restart>) {
            entry[name] = true;
          } else if constexpr (std::is_same_v<C, SetGenerator>) {
            entry[name] = std::string(generator_name(c.value));
          } else if constexpr (std::is_same_v<C, SetGround>) {
            entry[name] = ground_json(c.ground);
          } else if constexpr (std::is_same_v<C, Stroke>) {
            entry[name] = stroke_json(c.stroke);
          } else {
            entry[name] = c.value;
          }
        },
        command);
    commands.push_back(std::move(entry));
  }
  Json json;
  json["format"] = kFormat;
  json["version"] = kVersion;
  json["seed"] = recipe.seed;
  if (recipe.ground) json["ground"] = ground_json(*recipe.ground);
  json["settings"] = std::move(settings);
  json["commands"] = std::move(commands);
  return json.dump(2) + "\n";
}

// --- reading ---------------------------------------------------------------------------------

namespace {

MapRecipe read_recipe(std::string_view text) {
  // nlohmann's own message says where ("at line 3, column 5") and what it expected, or which
  // number it cannot hold; the limits are checked before anything is built.
  const Json json = parse_json(text, {kMaxRecipeValues});
  if (!json.is_object()) fail("the text", "must be a JSON object, not " + shown(json));
  only_keys(json, {"format", "version", "seed", "ground", "settings", "commands"}, "the recipe");
  const Json& format = member(json, "format", "the recipe");
  if (format != Json(kFormat)) {
    fail("format", std::string("must be \"") + kFormat + "\", not " + shown(format));
  }
  const Json& version = member(json, "version", "the recipe");
  if (version != Json(kVersion)) {
    fail("version", "must be " + std::to_string(kVersion) + " (the only version there is), not " +
                        shown(version));
  }
  MapRecipe recipe;
  recipe.seed = whole_at<uint32_t>(member(json, "seed", "the recipe"), "seed", 0,
                                   std::numeric_limits<uint32_t>::max());
  if (const auto it = json.find("ground"); it != json.end()) {
    recipe.ground = ground_at(*it, "ground");
  }
  recipe.settings = settings_at(member(json, "settings", "the recipe"));
  const Json& commands = member(json, "commands", "the recipe");
  if (!commands.is_array()) fail("commands", "must be an array, not " + shown(commands));
  if (commands.size() > kMaxRecipeCommands) {
    fail("commands", "holds " + std::to_string(commands.size()) + " commands (at most " +
                         std::to_string(kMaxRecipeCommands) + ")");
  }
  recipe.commands.reserve(commands.size());
  uint64_t drops = 0;  // the map's since its last new start: at most kMaxMapDrops (map.h)
  for (std::size_t k = 0; k < commands.size(); k++) {
    const std::string where = "commands[" + std::to_string(k) + "]";
    const MapCommand& command = recipe.commands.emplace_back(command_at(commands[k], where));
    if (starts_a_new_map(command)) drops = 0;
    if (const auto* rain = std::get_if<RainDrops>(&command)) {
      if (const std::string problem = rain_problem(rain->drops, drops); !problem.empty()) {
        fail(where, problem);
      }
      drops += rain->drops;
    }
  }
  return recipe;
}

}  // namespace

MapRecipe parse_recipe(std::string_view text) {
  try {
    return read_recipe(text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("map recipe: ") + e.what());
  }
}

bool is_map_command_name(std::string_view name) {
  for (const char* known : {"rain", "seed", "restart", "terrain_scale", "erosion", "deposition",
                            "inertia", "brush_radius", "sea_level", "drops_per_frame", "generator",
                            "roughness", "ground", "stroke"}) {
    if (name == known) return true;
  }
  return false;
}

MapCommand parse_map_command(std::string_view text, const std::string& where) {
  Json json;
  try {
    json = parse_json(text, {kMaxCommandValues});
  } catch (const std::invalid_argument& e) {
    fail(where, e.what());
  }
  return command_at(json, where, ": ");
}

}  // namespace terrain::session
