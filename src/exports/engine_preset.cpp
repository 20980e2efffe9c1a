#include "exports/engine_preset.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "core/enum_names.h"
#include "session/map_recipe.h"

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

std::span<const io::HeightmapFormat> preset_formats(EnginePreset preset) {
  using io::HeightmapFormat;
  static constexpr HeightmapFormat kUnreal[] = {HeightmapFormat::png, HeightmapFormat::r16};
  static constexpr HeightmapFormat kUnity[] = {HeightmapFormat::r16};
  static constexpr HeightmapFormat kGodot[] = {HeightmapFormat::exr, HeightmapFormat::r16};
  static constexpr HeightmapFormat kBlender[] = {HeightmapFormat::exr};
  static constexpr HeightmapFormat kGis[] = {HeightmapFormat::tiff};
  switch (preset) {
    case EnginePreset::unreal:
      return kUnreal;
    case EnginePreset::unity:
      return kUnity;
    case EnginePreset::godot:
      return kGodot;
    case EnginePreset::blender:
      return kBlender;
    case EnginePreset::gis:
      return kGis;
  }
  return {};
}

bool preset_takes(EnginePreset preset, io::HeightmapFormat format) {
  const std::span<const io::HeightmapFormat> formats = preset_formats(preset);
  return std::find(formats.begin(), formats.end(), format) != formats.end();
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

PresetHeightmap preset_heightmap(const Heightfield& field, EnginePreset preset,
                                 std::pair<int, int> size, GroundFit fit,
                                 const io::RealUnits& units, io::HeightmapFormat format,
                                 const std::string& file_name, const std::string& map) {
  const auto [w, h] =
      size.first > 0 ? size : default_preset_size(preset, field.width(), field.height());
  const Heightfield fitted = fit_ground(field, w, h, fit);
  // The map's cells are `metres.cell_size` square; the file's cover the window of the map it
  // was made from, spread over its own cells.
  const io::RealUnits metres = units.given() ? units : kPresetUnits;
  const SourceWindow window = ground_window(field.width(), field.height(), w, h, fit);
  const double cell_x = metres.cell_size * window.width / w;
  const double cell_y = metres.cell_size * window.height / h;

  PresetHeightmap out;
  out.width = w;
  out.height = h;
  out.bytes = io::encode_heightmap(fitted, format, {cell_x, metres.height_scale});
  const auto [low, high] = std::minmax_element(fitted.data(), fitted.data() + fitted.size());
  // In metres as the float formats store them (float32 of the double product).
  auto in_metres = [&](float v) {
    return static_cast<double>(static_cast<float>(static_cast<double>(v) * metres.height_scale));
  };
  HeightmapSidecar sidecar;
  sidecar.preset = preset;
  sidecar.file = file_name;
  sidecar.format = format;
  sidecar.width = w;
  sidecar.height = h;
  sidecar.cell_x = cell_x;
  sidecar.cell_y = cell_y;
  sidecar.min_m = in_metres(*low);
  sidecar.max_m = in_metres(*high);
  sidecar.map = map;
  out.sidecar = sidecar_text(sidecar);
  return out;
}

std::string map_facts_json(const session::Map& map) {
  nlohmann::ordered_json facts;
  facts["seed"] = map.seed();
  facts["drops"] = map.drops();
  if (map.ground_file()) facts["ground"] = map.ground_file()->name;
  facts["width"] = map.width();
  facts["height"] = map.height();
  // Then the settings as the map's recipe writes them (session/map_recipe.h).
  const nlohmann::ordered_json settings =
      nlohmann::ordered_json::parse(session::settings_text(map.settings()));
  for (const auto& [key, value] : settings.items()) facts[key] = value;
  return facts.dump();
}

std::filesystem::path sidecar_path(const std::filesystem::path& heightmap) {
  std::filesystem::path sidecar = heightmap;
  sidecar += ".json";
  return sidecar;
}

}  // namespace terrain::exports
