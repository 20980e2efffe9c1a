// Scripts: every command of the map as a line of text, carried out in order as if given one
// after another in the window (terrain-sandbox --script FILE), so that a test or a user can
// say what happens to a map without a mouse.
//
// One command a line, as a JSON object of one key:
//   the map commands as the map recipe writes them   {"rain": 6000}  {"seed": 42}
//     {"erosion": 0.45}  {"sea_level": 0.3}  {"generator": "diamond-square"}  {"restart": true}
//     (rain, seed, restart, terrain_scale, erosion, deposition, inertia, brush_radius,
//     sea_level, drops_per_frame, generator, roughness, ground)
//   the history   {"undo": 1}  {"redo": 2} (how many steps)  {"seek": 20000} (the timeline
//     to drop N of the map's life since its last new start)  {"step": 3} (the History list:
//     after the first N steps)  {"begin_edit": true} ... {"end_edit": true} (one step)
//   the view and time   {"view": "basins"}  {"lakes": true}  {"rivers_by": "order"}
//     {"min_flow": 40}  {"routing": "flood"}  {"contour_levels": 5}  {"rivers": false}
//     {"original": true}  {"debug": true}  {"play": true}  {"pause": true}  {"finish": true}
//   files   {"save_map": "walk.tsmap"} (the map as it is then, as a map file; never over a file)
// Blank lines and lines starting with # are skipped.
//
// A script is read whole before anything runs: a bad line is refused with its number and
// what is wrong, and nothing is carried out.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "session/history_command.h"
#include "session/live_model.h"
#include "session/map_command.h"
#include "session/view_command.h"

namespace terrain::session {

// {"save_map": "PATH"}: the map as it is at that line, into a map file (saved_map.h), never
// over a file already there.
struct SaveMapFile {
  std::string path;
};

using ScriptCommand = std::variant<MapCommand, ViewCommand, HistoryCommand, SaveMapFile>;

struct ScriptLine {
  std::size_t line = 0;  // from 1
  ScriptCommand command;
};

// The script's commands in order. Throws std::invalid_argument "line N: what is wrong" for the
// first bad line (`name`, if given, in front: "run.jsonl line 3: ..."). At most kMaxScriptLines
// commands; a line at most kMaxCommandValues JSON values (map_recipe.h: the longest stroke)
// nested at most json_read::kMaxJsonDepth deep, and the whole script kMaxScriptValues, each
// line checked before its values are built ("run.jsonl line 3: JSON nested deeper than 64
// levels").
std::vector<ScriptLine> parse_script(std::string_view text, const std::string& name = "");
inline constexpr std::size_t kMaxScriptLines = 100000;
inline constexpr std::size_t kMaxScriptValues = std::size_t{1} << 22;
// The most bytes a script file may have (what the programs read, before reading it): room for
// the lines above at their longest that a run can use (strokes of thousands of points, the
// app's own ground given whole).
inline constexpr std::size_t kMaxScriptBytes = std::size_t{64} << 20;

// Carries one of a script's commands out on a session, as the app does. Throws
// std::invalid_argument, changing nothing, as LiveModel::apply does; std::runtime_error naming
// the file when a map file cannot be written.
void apply_script_command(LiveModel& model, const ScriptCommand& command);

}  // namespace terrain::session
