#include "exports/engine_preset.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "core/enum_names.h"

namespace terrain::exports {
namespace {

constexpr EnumName<EnginePreset> kPresetNames[] = {{EnginePreset::unreal, "unreal"},
                                                   {EnginePreset::unity, "unity"},
                                                   {EnginePreset::godot, "godot"},
                                                   {EnginePreset::blender, "blender"},
                                                   {EnginePreset::gis, "gis"}};

constexpr std::array<int, 4> kUnrealSides = {1009, 2017, 4033, 8129};
constexpr std::array<int, 4> kUnitySides = {513, 1025, 2049, 4097};

// "1009, 2017, 4033 or 8129"
std::string sides_text(std::span<const int> sides) {
  std::string text;
  for (std::size_t k = 0; k < sides.size(); k++) {
    if (k > 0) text += k + 1 == sides.size() ? " or " : ", ";
    text += std::to_string(sides[k]);
  }
  return text;
}

}  // namespace

std::string_view engine_preset_name(EnginePreset preset) {
  return enum_name(kPresetNames, preset, "unknown");
}

std::optional<EnginePreset> parse_engine_preset(std::string_view name) {
  return parse_enum(kPresetNames, name);
}

std::span<const int> preset_sides(EnginePreset preset) {
  switch (preset) {
    case EnginePreset::unreal:
      return kUnrealSides;
    case EnginePreset::unity:
      return kUnitySides;
    default:
      return {};
  }
}

bool preset_takes(EnginePreset preset, io::HeightmapFormat format) {
  using io::HeightmapFormat;
  switch (preset) {
    case EnginePreset::unreal:
      return format == HeightmapFormat::png || format == HeightmapFormat::r16;
    case EnginePreset::unity:
      return format == HeightmapFormat::r16;
    case EnginePreset::godot:
      return format == HeightmapFormat::exr || format == HeightmapFormat::r16;
    case EnginePreset::blender:
      return format == HeightmapFormat::exr;
    case EnginePreset::gis:
      return format == HeightmapFormat::tiff;
  }
  return false;
}

std::string preset_extensions(EnginePreset preset) {
  switch (preset) {
    case EnginePreset::unreal:
      return ".png or .r16";
    case EnginePreset::unity:
      return ".raw or .r16";
    case EnginePreset::godot:
      return ".exr or .r16";
    case EnginePreset::blender:
      return ".exr";
    case EnginePreset::gis:
      return ".tif";
  }
  return "";
}

std::pair<int, int> default_preset_size(EnginePreset preset, int map_w, int map_h) {
  const std::span<const int> sides = preset_sides(preset);
  if (sides.empty()) return {map_w, map_h};
  const int longer = std::max(map_w, map_h);
  const auto fits = std::find_if(sides.begin(), sides.end(), [&](int s) { return s >= longer; });
  const int side = fits != sides.end() ? *fits : sides.back();
  return {side, side};
}

std::string preset_size_problem(EnginePreset preset, int width, int height) {
  const std::span<const int> sides = preset_sides(preset);
  if (sides.empty()) return "";
  if (width == height && std::find(sides.begin(), sides.end(), width) != sides.end()) return "";
  return std::string(engine_preset_name(preset)) + " takes squares of " + sides_text(sides) +
         " cells a side";
}

double unreal_z_scale(double range_m) {
  return range_m * 100 * 128 / 65535;
}

std::string sidecar_text(const HeightmapSidecar& s) {
  using json = nlohmann::ordered_json;
  const double range = s.max_m - s.min_m;
  const double across = (s.width - 1) * s.cell_x;  // metres from the first cell to the last
  const double down = (s.height - 1) * s.cell_y;
  const bool sixteen = s.format == io::HeightmapFormat::png || s.format == io::HeightmapFormat::r16;
  json out;
  out["format"] = "terrain-sandbox heightmap";
  out["version"] = 1;
  out["preset"] = engine_preset_name(s.preset);
  out["file"] = s.file;
  out["width"] = s.width;
  out["height"] = s.height;
  out["cell_size_m"] = {s.cell_x, s.cell_y};
  out["height_range_m"] = {s.min_m, s.max_m};
  out["rows"] = "row 0 is the map's top (north), each row left (west) to right (east)";
  out["values"] = sixteen ? "16-bit: 0 is the lowest height, 65535 the highest, evenly between"
                          : "float32 heights in metres";
  json unreal;
  unreal["scale_x_cm"] = s.cell_x * 100;
  unreal["scale_y_cm"] = s.cell_y * 100;
  unreal["scale_z"] = unreal_z_scale(range);
  // Unreal puts value 32768 at the actor's height: so the lowest value lands on min_m.
  unreal["location_z_cm"] = s.min_m * 100 + 256 * unreal_z_scale(range);
  out["unreal"] = unreal;
  json unity;
  unity["depth"] = 16;
  unity["byte_order"] = "Windows (little-endian)";
  unity["terrain_size_m"] = {across, range, down};
  unity["position_y_m"] = s.min_m;
  out["unity"] = unity;
  json godot;
  godot["vertex_spacing_m"] = s.cell_x;
  godot["height_range_m"] = {s.min_m, s.max_m};  // for a 16-bit file
  godot["exr_scale"] = 1;                        // an .exr holds metres
  out["godot_terrain3d"] = godot;
  json blender;
  blender["plane_size_m"] = {across, down};
  blender["displace_strength"] = sixteen ? range : 1.0;  // the texture's 0..1, or metres
  blender["displace_midlevel"] = 0;
  blender["image_colour_space"] = "Non-Color";
  out["blender"] = blender;
  out["map"] = json::parse(s.map);
  return out.dump(2) + "\n";
}

}  // namespace terrain::exports
