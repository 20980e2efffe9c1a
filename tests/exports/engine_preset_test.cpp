// The engine presets' rules (exports/engine_preset.h): names, formats, sizes at their edges,
// and Unreal's Z scale.
#include "exports/engine_preset.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace terrain::exports {
namespace {

using io::HeightmapFormat;

TEST(EnginePreset, NamesRoundTripAndNothingElseIsOne) {
  for (const EnginePreset p : {EnginePreset::unreal, EnginePreset::unity, EnginePreset::godot,
                               EnginePreset::blender, EnginePreset::gis}) {
    EXPECT_EQ(parse_engine_preset(engine_preset_name(p)), p);
  }
  EXPECT_EQ(parse_engine_preset("Unreal"), std::nullopt);
  EXPECT_EQ(parse_engine_preset(""), std::nullopt);
}

TEST(EnginePreset, EachTakesItsFormatsOnly) {
  auto takes = [](EnginePreset p) {
    std::string out;
    for (const HeightmapFormat f :
         {HeightmapFormat::png, HeightmapFormat::r16, HeightmapFormat::exr, HeightmapFormat::tiff,
          HeightmapFormat::npy}) {
      if (preset_takes(p, f)) out += std::string(io::heightmap_format_name(f)) + " ";
    }
    return out;
  };
  EXPECT_EQ(takes(EnginePreset::unreal), "png r16 ");
  EXPECT_EQ(takes(EnginePreset::unity), "r16 ");
  EXPECT_EQ(takes(EnginePreset::godot), "r16 exr ");
  EXPECT_EQ(takes(EnginePreset::blender), "exr ");
  EXPECT_EQ(takes(EnginePreset::gis), "tiff ");
  EXPECT_EQ(io::heightmap_format_for("terrain.RAW"), HeightmapFormat::r16);  // Unity's name
}

TEST(EnginePreset, TheDefaultSizeIsTheSmallestSideThatHoldsTheMap) {
  using Size = std::pair<int, int>;
  EXPECT_EQ(default_preset_size(EnginePreset::unity, 320, 180), Size(513, 513));
  EXPECT_EQ(default_preset_size(EnginePreset::unity, 513, 100), Size(513, 513));
  EXPECT_EQ(default_preset_size(EnginePreset::unity, 100, 514), Size(1025, 1025));
  EXPECT_EQ(default_preset_size(EnginePreset::unity, 8192, 8192), Size(4097, 4097));
  EXPECT_EQ(default_preset_size(EnginePreset::unreal, 1009, 1009), Size(1009, 1009));
  EXPECT_EQ(default_preset_size(EnginePreset::unreal, 1010, 2), Size(2017, 2017));
  EXPECT_EQ(default_preset_size(EnginePreset::unreal, 8192, 100), Size(8129, 8129));
  EXPECT_EQ(default_preset_size(EnginePreset::gis, 321, 181), Size(321, 181));
  EXPECT_EQ(default_preset_size(EnginePreset::godot, 64, 4096), Size(64, 4096));
}

TEST(EnginePreset, FixedPresetsTakeTheirSquaresOnly) {
  EXPECT_EQ(preset_size_problem(EnginePreset::unity, 4097, 4097), "");
  EXPECT_EQ(preset_size_problem(EnginePreset::unity, 4096, 4096),
            "unity takes squares of 513, 1025, 2049 or 4097 cells a side");
  EXPECT_NE(preset_size_problem(EnginePreset::unity, 513, 1025), "");
  EXPECT_EQ(preset_size_problem(EnginePreset::unreal, 8129, 8129), "");
  EXPECT_NE(preset_size_problem(EnginePreset::unreal, 8130, 8130), "");
  EXPECT_EQ(preset_size_problem(EnginePreset::blender, 2, 8192), "");
}

TEST(EnginePreset, UnrealsZScaleSpansTheRangeWithSixtyFiveThousandFiveHundredThirtyFiveSteps) {
  // At Z = 100 Unreal's 16-bit range is 512 m: 65536 / 128 * 100 cm.
  EXPECT_DOUBLE_EQ(unreal_z_scale(65535.0 / 128), 100.0);
  EXPECT_DOUBLE_EQ(unreal_z_scale(0), 0.0);
}

TEST(EnginePreset, TheSidecarHoldsTheFactsInItsOrder) {
  HeightmapSidecar s;
  s.preset = EnginePreset::gis;
  s.file = "h.tif";
  s.format = HeightmapFormat::tiff;
  s.width = 11;
  s.height = 6;
  s.cell_x = 2;
  s.cell_y = 3;
  s.min_m = -5;
  s.max_m = 15;
  s.map = R"({"seed": 9})";
  const nlohmann::ordered_json j = nlohmann::ordered_json::parse(sidecar_text(s));
  std::vector<std::string> keys;
  for (const auto& [key, value] : j.items()) keys.push_back(key);
  EXPECT_EQ(keys,
            (std::vector<std::string>{"format", "version", "preset", "file", "width", "height",
                                      "cell_size_m", "height_range_m", "rows", "values", "unreal",
                                      "unity", "godot_terrain3d", "blender", "map"}));
  EXPECT_EQ(j["unity"]["terrain_size_m"], nlohmann::ordered_json({20.0, 20.0, 15.0}));
  EXPECT_EQ(j["unity"]["position_y_m"], -5.0);
  EXPECT_EQ(j["blender"]["plane_size_m"], nlohmann::ordered_json({20.0, 15.0}));
  EXPECT_EQ(j["blender"]["displace_strength"], 1.0);  // a float file holds metres
  EXPECT_EQ(j["values"], "float32 heights in metres");
  EXPECT_EQ(j["map"]["seed"], 9);
  s.format = HeightmapFormat::png;
  EXPECT_EQ(nlohmann::ordered_json::parse(sidecar_text(s))["blender"]["displace_strength"], 20.0);
}

}  // namespace
}  // namespace terrain::exports
