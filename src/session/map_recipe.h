// A map's recipe: the seed and the map settings of its last new start (a seed, a restart, a
// new terrain scale, generator, roughness or ground), the ground when it came from a file, then
// every map command applied since, in order. A
// fresh session given the recipe grows the same island and rains the same drops on it with the same
// settings, so it has the same heights, bit for bit, as the session it came from (tests/session).
//
// As text (a JSON object, keys in this order):
//   {"format": "terrain-sandbox map recipe", "version": 1,
//    "seed": 42,
//    "ground": {"file": "dem.png", "fit": "crop", "width": 320, "height": 180,
//               "heights": "AAAAAM3MTD4..."},           (only for a ground from a file)
//    "settings": {"drops_per_frame": 200, "erosion": 0.3, "deposition": 0.3, "inertia": 0.05,
//                 "brush_radius": 2, "sea_level": 0.25, "terrain_scale": 0.012,
//                 "generator": "island", "roughness": 0.55, "island_frame": "world"},
//    "commands": [{"rain": 6000}, {"erosion": 0.45}, {"rain": 3000}, {"restart": true}, ...]}
// Each command is an object of one key, the command's name (map_command.h), and its value:
// a whole number of drops for "rain", the seed for "seed", true for "restart", "island" or
// "diamond-square" for "generator", an object as the recipe's own "ground" for "ground" (its
// heights the little-endian float32 values, row 0 first, in base64), the setting's value for
// the others. A recipe without
// "generator" and "roughness" in its settings (as the first ones were written) is the noise
// island's, and one without "island_frame" grows its island by the cells (core/ground.h), as
// recipes did before it. Numbers are written so they read back as the same doubles.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "session/map_command.h"
#include "session/settings.h"

namespace terrain::session {

struct MapRecipe {
  uint32_t seed = 0;
  // The ground of the last new start when it came from a file (else the generator grows it).
  std::optional<GroundFile> ground;
  MapSettings settings;
  std::vector<MapCommand> commands;
};

// The recipe as text (see above), ending in a newline.
std::string recipe_text(const MapRecipe& recipe);
// Its "settings" object alone, as text (a heightmap's sidecar carries it: exports/engine_preset.h).
std::string settings_text(const MapSettings& settings);

// What a recipe's text may hold (a map file's RCPE section is one), checked before anything is
// built from it: JSON values in all (json_read.h: a command of rain is 2, a stroke 3 a point),
// nested at most json_read::kMaxJsonDepth deep, and commands. A session's history of a million
// commands is hours of strokes and slider drags while it rains; the values keep the memory a
// recipe's text takes built to a few hundred megabytes at most (docs/map-file.md).
inline constexpr std::size_t kMaxRecipeValues = std::size_t{1} << 22;
inline constexpr std::size_t kMaxRecipeCommands = std::size_t{1} << 20;
// What one command's text may hold (a script's line): the longest stroke and a few values more.
inline constexpr std::size_t kMaxCommandValues = 3 * kMaxStrokePoints + 64;

// Reads a recipe's text. Throws std::invalid_argument with one line naming what is wrong
// (where, which value, what is allowed): not JSON, nested too deep or too many values (above),
// another format or version, a missing or unknown key, a value of the wrong kind or out of its
// slider's range (the same ranges the session checks), so that a recipe that reads can be
// applied whole.
MapRecipe parse_recipe(std::string_view text);

// One map command as the recipe writes it, a JSON object of one key ({"erosion": 0.45}), from
// its text, checked as the recipe's are. Throws std::invalid_argument "WHERE: what is wrong".
MapCommand parse_map_command(std::string_view text, const std::string& where);
// Whether `name` is a map command's (command_name()'s names).
bool is_map_command_name(std::string_view name);

}  // namespace terrain::session
