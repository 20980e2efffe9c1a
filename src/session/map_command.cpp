// Map commands (see map_command.h).
#include "session/map_command.h"

#include <type_traits>

namespace terrain::session {

std::string_view command_name(const MapCommand& command) {
  return std::visit(
      [](const auto& c) -> std::string_view {
        using C = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<C, RainDrops>) return "rain";
        if constexpr (std::is_same_v<C, SetSeed>) return "seed";
        if constexpr (std::is_same_v<C, Restart>) return "restart";
        if constexpr (std::is_same_v<C, SetTerrainScale>) return "terrain_scale";
        if constexpr (std::is_same_v<C, SetErosion>) return "erosion";
        if constexpr (std::is_same_v<C, SetDeposition>) return "deposition";
        if constexpr (std::is_same_v<C, SetInertia>) return "inertia";
        if constexpr (std::is_same_v<C, SetBrushRadius>) return "brush_radius";
        if constexpr (std::is_same_v<C, SetSeaLevel>) return "sea_level";
        if constexpr (std::is_same_v<C, SetDropsPerFrame>) return "drops_per_frame";
        if constexpr (std::is_same_v<C, SetGenerator>) return "generator";
        if constexpr (std::is_same_v<C, SetRoughness>) return "roughness";
        if constexpr (std::is_same_v<C, SetGround>) return "ground";
        if constexpr (std::is_same_v<C, Stroke>) return "stroke";
      },
      command);
}

bool starts_a_new_map(const MapCommand& command) {
  return std::holds_alternative<SetSeed>(command) || std::holds_alternative<Restart>(command) ||
         std::holds_alternative<SetTerrainScale>(command) ||
         std::holds_alternative<SetGenerator>(command) ||
         std::holds_alternative<SetRoughness>(command) ||
         std::holds_alternative<SetGround>(command);
}

bool is_setting(const MapCommand& command) {
  return !std::holds_alternative<RainDrops>(command) && !std::holds_alternative<Stroke>(command) &&
         !starts_a_new_map(command);
}

void append_map_command(std::vector<MapCommand>& commands, const MapCommand& command) {
  if (!commands.empty() && commands.back().index() == command.index()) {
    if (const auto* rain = std::get_if<RainDrops>(&command)) {
      std::get<RainDrops>(commands.back()).drops += rain->drops;
      return;
    }
    if (is_setting(command)) {
      // A setting set again with no rain between: only its last value shapes the map.
      commands.back() = command;
      return;
    }
  }
  commands.push_back(command);
}

}  // namespace terrain::session
