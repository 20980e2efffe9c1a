// Scripts (script.h), read with nlohmann-json; the map commands through the recipe's reader,
// so a line says what a recipe would.
#include "session/script.h"

#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/map_view.h"
#include "core/overloaded.h"
#include "core/sketch.h"
#include "session/json_read.h"
#include "session/map_recipe.h"
#include "session/saved_map.h"
#include "session/settings.h"

namespace terrain::session {
namespace {

using Json = json_read::Json;
// A script's line reads "KEY must be ..." as the map commands' checks (settings.h) do; the
// shared readers' "WHERE: ..." and shortened values are used as they are.
using json_read::fail;

bool is_true(const Json& v) {
  return v.is_boolean() && v.get<bool>();
}

bool flag(const Json& v, const std::string& where, const std::string& key) {
  if (!v.is_boolean()) fail(where, key + " must be true or false, not " + json_read::shown(v));
  return v.get<bool>();
}

void must_be_true(const Json& v, const std::string& where, const std::string& key) {
  if (!is_true(v)) fail(where, key + " must be true");
}

int64_t whole(const Json& v, const std::string& where, const std::string& key, int64_t min,
              int64_t max) {
  if (v.is_number_integer()) {
    if (v.is_number_unsigned()) {
      const auto u = v.get<uint64_t>();
      if (u <= static_cast<uint64_t>(max) && static_cast<int64_t>(u) >= min) {
        return static_cast<int64_t>(u);
      }
    } else {
      const auto i = v.get<int64_t>();
      if (i >= min && i <= max) return i;
    }
  }
  fail(where,
       key + " must be a whole number from " + std::to_string(min) + " to " + std::to_string(max));
}

std::string text_of(const Json& v, const std::string& where, const std::string& key,
                    const char* allowed) {
  if (!v.is_string()) fail(where, key + " must be " + allowed);
  return v.get<std::string>();
}

ScriptCommand command_of(const Json& json, std::string_view line, const std::string& where) {
  if (!json.is_object() || json.size() != 1) {
    fail(where, "must be a JSON object of one key, the command's name");
  }
  const std::string key = json.begin().key();
  const Json& v = json.begin().value();
  if (is_map_command_name(key)) return parse_map_command(line, where);
  constexpr int64_t kMostSteps = 1000000;
  if (key == "undo")
    return HistoryCommand{Undo{static_cast<int>(whole(v, where, key, 1, kMostSteps))}};
  if (key == "redo")
    return HistoryCommand{Redo{static_cast<int>(whole(v, where, key, 1, kMostSteps))}};
  if (key == "seek") {
    return HistoryCommand{
        Seek{static_cast<uint64_t>(whole(v, where, key, 0, std::numeric_limits<int64_t>::max()))}};
  }
  if (key == "step") {
    return HistoryCommand{GoToStep{
        static_cast<std::size_t>(whole(v, where, key, 0, std::numeric_limits<int64_t>::max()))}};
  }
  if (key == "begin_edit") {
    must_be_true(v, where, key);
    return HistoryCommand{BeginEdit{}};
  }
  if (key == "end_edit") {
    must_be_true(v, where, key);
    return HistoryCommand{EndEdit{}};
  }
  if (key == "view") {
    const auto view = parse_map_view(text_of(v, where, key, kMapViewWords));
    if (!view) fail(where, std::string("view must be ") + kMapViewWords);
    return ViewCommand{SetView{*view}};
  }
  if (key == "rivers_by") {
    const auto by = parse_rivers_by(text_of(v, where, key, "\"flow\" or \"order\""));
    if (!by) fail(where, "rivers_by must be \"flow\" or \"order\"");
    return ViewCommand{SetRiversBy{*by}};
  }
  if (key == "routing") {
    const auto routing = parse_routing(text_of(v, where, key, "\"sketch\" or \"flood\""));
    if (!routing) fail(where, "routing must be \"sketch\" or \"flood\"");
    return ViewCommand{SetRouting{*routing}};
  }
  if (key == "min_flow") {
    return ViewCommand{SetMinFlow{static_cast<int>(whole(v, where, key, 1, kMinFlowMax))}};
  }
  if (key == "contour_levels") {
    return ViewCommand{SetContourLevels{
        static_cast<int>(whole(v, where, key, static_cast<int64_t>(sketch::contour_levels.min),
                               static_cast<int64_t>(sketch::contour_levels.max)))}};
  }
  if (key == "lakes") return ViewCommand{ShowLakes{flag(v, where, key)}};
  if (key == "rivers") return ViewCommand{ShowRivers{flag(v, where, key)}};
  if (key == "original") return ViewCommand{ShowOriginal{flag(v, where, key)}};
  if (key == "debug") return ViewCommand{SetDebugMode{flag(v, where, key)}};
  if (key == "play") {
    must_be_true(v, where, key);
    return ViewCommand{Play{}};
  }
  if (key == "pause") {
    must_be_true(v, where, key);
    return ViewCommand{Pause{}};
  }
  if (key == "save_map") {
    const std::string path = text_of(v, where, key, "a file's path");
    if (path.empty()) fail(where, "save_map must be a file's path, not empty");
    return SaveMapFile{path};
  }
  if (key == "finish") {
    must_be_true(v, where, key);
    return ViewCommand{FinishRain{}};
  }
  fail(where,
       "\"" + key.substr(0, 40) +
           "\" is not a command (the map's: rain, seed, restart, terrain_scale, erosion, "
           "deposition, inertia, brush_radius, sea_level, drops_per_frame, generator, "
           "roughness, ground, stroke; the history's: undo, redo, seek, step, begin_edit, "
           "end_edit; the "
           "view's: view, lakes, rivers_by, min_flow, routing, contour_levels, rivers, original, "
           "debug, play, pause, finish; files: save_map)");
}

}  // namespace

std::vector<ScriptLine> parse_script(std::string_view text, const std::string& name) {
  std::vector<ScriptLine> lines;
  std::size_t number = 0;
  std::size_t values = 0;  // in the lines before, to keep the whole script's within its limit
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    number++;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) {
      line.remove_suffix(1);
    }
    std::size_t first = 0;
    while (first < line.size() && (line[first] == ' ' || line[first] == '\t')) first++;
    line.remove_prefix(first);
    if (line.empty() || line.front() == '#') continue;
    const std::string where = (name.empty() ? "" : name + " ") + "line " + std::to_string(number);
    if (lines.size() == kMaxScriptLines) {
      fail(where, "a script holds at most " + std::to_string(kMaxScriptLines) + " commands");
    }
    Json json;
    std::size_t count = 0;
    try {
      json = json_read::parse_json(line, {kMaxCommandValues}, &count);
    } catch (const std::invalid_argument& e) {
      fail(where, e.what());
    }
    values += count;
    if (values > kMaxScriptValues) {
      fail(where, "the script holds more than " + std::to_string(kMaxScriptValues) +
                      " JSON values by this line (at most " + std::to_string(kMaxScriptValues) +
                      ")");
    }
    lines.push_back({number, command_of(json, line, where)});
  }
  return lines;
}

void apply_script_command(LiveModel& model, const ScriptCommand& command) {
  std::visit(Overloaded{[&](const SaveMapFile& c) {
                          write_map_file(c.path, model.save(), io::WriteMode::never_overwrite);
                        },
                        [&](const auto& c) { model.apply(c); }},
             command);
}

}  // namespace terrain::session
