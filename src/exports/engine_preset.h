// Export presets: a heightmap shaped for the program that imports it, and a JSON sidecar
// beside it that says how to import it.
//
// Each preset names the formats and sizes its program takes:
//   unreal   Unreal Engine's landscape: 16-bit .png or .r16, square, 1009, 2017, 4033 or 8129
//            cells a side (the sizes Unreal's landscape import recommends)
//   unity    Unity's terrain: 16-bit little-endian RAW (.raw or .r16), 2^n + 1 square from 513
//            to 4097
//   godot    Godot's Terrain3D: .exr (heights in metres) or .r16, any size
//   blender  Blender's Displace modifier: .exr, heights in metres, any size
//   gis      GIS (GDAL, QGIS): a GeoTIFF in metres, any size
// The heightmap is made from the map at the preset's size (fit_ground: an exact area average
// where it shrinks, bilinear where it grows), cropped (centred, cells kept square) or
// stretched, in real units: the map's --cell-size and --height-scale, or kPresetUnits.
//
// The sidecar (the heightmap's name with ".json" added) holds the file's size, its cells' size
// and its heights' range in metres, every preset's import settings for it (Unreal's scales,
// Unity's terrain size, Terrain3D's height range, Blender's Displace settings), and the map's
// seed and settings.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/ground_fit.h"
#include "core/heightfield.h"
#include "io/heightmap.h"
#include "session/map.h"

namespace terrain::exports {

enum class EnginePreset { unreal, unity, godot, blender, gis };

// "unreal", "unity", "godot", "blender", "gis"; parse_engine_preset gives nullopt for any
// other word (exact, lower case).
std::string_view engine_preset_name(EnginePreset preset);
std::optional<EnginePreset> parse_engine_preset(std::string_view name);
inline constexpr std::string_view kEnginePresetNames = "unreal, unity, godot, blender or gis";

// The real units a preset's file is in when the map has none of its own: cells 30 metres
// square (the sketch's island is then 9.6 km across) and heights of 1 standing 1,000 metres.
inline constexpr io::RealUnits kPresetUnits{30, 1000};

// The square sides a preset's files may have (ascending), or none for any size.
std::span<const int> preset_sides(EnginePreset preset);

// The formats a preset writes, the one it suggests first; whether it writes `format`; and the
// extensions it takes, for messages (".png or .r16").
std::span<const io::HeightmapFormat> preset_formats(EnginePreset preset);
bool preset_takes(EnginePreset preset, io::HeightmapFormat format);
std::string preset_extensions(EnginePreset preset);

// The size a preset's file gets from a map_w x map_h map when none is asked for: for a preset
// of fixed sides, the smallest that holds the map's longer side (else the largest); for any
// other, the map's own size.
std::pair<int, int> default_preset_size(EnginePreset preset, int map_w, int map_h);

// Why a preset cannot write a width x height file ("unreal takes squares of 1009, 2017, 4033
// or 8129 cells a side"), or empty when it can.
std::string preset_size_problem(EnginePreset preset, int width, int height);

// What the sidecar says of one heightmap.
struct HeightmapSidecar {
  EnginePreset preset = EnginePreset::unreal;
  std::string file;  // the heightmap's file name (no directory)
  io::HeightmapFormat format = io::HeightmapFormat::png;
  int width = 0;      // cells
  int height = 0;     // cells
  double cell_x = 0;  // metres a cell is wide
  double cell_y = 0;  // metres a cell is tall
  double min_m = 0;   // the lowest height, metres
  double max_m = 0;   // the highest height, metres
  std::string map;    // the map's seed and settings: a JSON object's text
};

// The sidecar's text: a JSON object, keys in a fixed order, ending in a newline.
std::string sidecar_text(const HeightmapSidecar& sidecar);

// A heightmap made for a preset, and its sidecar.
struct PresetHeightmap {
  std::vector<uint8_t> bytes;  // the file, in `format`
  std::string sidecar;         // sidecar_text()
  int width = 0;
  int height = 0;
};

// `field` (a map's ground, cells `units.cell_size` metres square, or kPresetUnits' when `units`
// are not given) made into `file_name`'s heightmap for `preset`: resampled (fit_ground) to
// `size` (0 x 0: default_preset_size) by `fit`, in `format`, in metres; `map` is the sidecar's
// "map" (a JSON object's text). Preconditions: the preset takes `format` and `size` (or 0 x 0).
PresetHeightmap preset_heightmap(const Heightfield& field, EnginePreset preset,
                                 std::pair<int, int> size, GroundFit fit,
                                 const io::RealUnits& units, io::HeightmapFormat format,
                                 const std::string& file_name, const std::string& map);

// A map's facts for a sidecar's "map": its seed, drops, ground file's name (if any) and size, then
// its settings as its recipe writes them (session/map_recipe.h), a JSON object's text.
std::string map_facts_json(const session::Map& map);

// The sidecar beside `heightmap`: its name with ".json" added ("h.png" -> "h.png.json").
std::filesystem::path sidecar_path(const std::filesystem::path& heightmap);

// Unreal's landscape Z scale for a 16-bit file spanning `range_m` metres: Unreal places value v
// at (v - 32768) / 128 * Z centimetres, so the 65,535 steps span range_m when
// Z = range_m * 100 * 128 / 65535.
double unreal_z_scale(double range_m);

}  // namespace terrain::exports
