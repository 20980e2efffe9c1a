// The ground's two generators (see ground.h).
#include "core/ground.h"

#include <charconv>

#include "core/enum_names.h"
#include "core/island.h"

namespace terrain {

Heightfield grow_ground(uint32_t seed, const GroundParams& params, int width, int height) {
  if (params.generator == Generator::island) {
    IslandParams island;
    island.terrain_scale = params.terrain_scale;
    return params.island_frame == IslandFrame::world
               ? world_island_terrain(seed, island, width, height)
               : island_terrain(seed, island, width, height);
  }
  DiamondSquareParams ds;
  ds.roughness = params.roughness;
  ds.island = kDiamondSquareIsland;
  return diamond_square(seed, width, height, ds);
}

std::string ground_height_problem(std::span<const float> heights, int width) {
  for (std::size_t k = 0; k < heights.size(); k++) {
    const float h = heights[k];
    if (h >= -kMaxGroundHeight && h <= kMaxGroundHeight) continue;  // (NaN fails it too)
    const auto w = static_cast<std::size_t>(width > 0 ? width : 1);
    char value[32];  // the float's own shortest text: 3.4e+38, not 3.3999999521443642e+38
    const std::string_view shown(value, std::to_chars(value, value + sizeof value, h).ptr);
    return "the height at column " + std::to_string(k % w) + ", row " + std::to_string(k / w) +
           " is " + std::string(shown) + " (a ground holds finite heights from " +
           std::to_string(-static_cast<long>(kMaxGroundHeight)) + " to " +
           std::to_string(static_cast<long>(kMaxGroundHeight)) + ")";
  }
  return "";
}

constexpr EnumName<Generator> kGeneratorNames[] = {{Generator::island, "island"},
                                                   {Generator::diamond_square, "diamond-square"}};

std::string_view generator_name(Generator generator) {
  return enum_name(kGeneratorNames, generator, "diamond-square");
}

std::optional<Generator> parse_generator(std::string_view name) {
  return parse_enum(kGeneratorNames, name);
}

constexpr EnumName<IslandFrame> kIslandFrameNames[] = {{IslandFrame::cells, "cells"},
                                                       {IslandFrame::world, "world"}};

std::string_view island_frame_name(IslandFrame frame) {
  return enum_name(kIslandFrameNames, frame, "world");
}

std::optional<IslandFrame> parse_island_frame(std::string_view name) {
  return parse_enum(kIslandFrameNames, name);
}

}  // namespace terrain
