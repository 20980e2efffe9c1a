// The ground's two generators (see ground.h).
#include "core/ground.h"

#include "core/island.h"

namespace terrain {

Heightfield grow_ground(uint32_t seed, const GroundParams& params, int width, int height) {
  if (params.generator == Generator::island) {
    IslandParams island;
    island.terrain_scale = params.terrain_scale;
    return island_terrain(seed, island, width, height);
  }
  DiamondSquareParams ds;
  ds.roughness = params.roughness;
  ds.island = kDiamondSquareIsland;
  return diamond_square(seed, width, height, ds);
}

std::string_view generator_name(Generator generator) {
  return generator == Generator::island ? "island" : "diamond-square";
}

std::optional<Generator> parse_generator(std::string_view name) {
  if (name == "island") return Generator::island;
  if (name == "diamond-square") return Generator::diamond_square;
  return std::nullopt;
}

}  // namespace terrain
