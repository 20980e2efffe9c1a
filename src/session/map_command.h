// Map commands: everything that changes the map itself (the ground and the rain on it), as
// plain values. A map is its recipe: the seed and settings it was grown with, then the map
// commands applied since, in order; applying the same recipe to a fresh session gives the
// same heights, bit for bit (the rain is the sketch's, drawn from one seeded stream). Undo,
// the rain's history and map files are built on this; map_recipe.h writes and reads it as
// text.
//
// What is not a map command: what only changes the picture (contour levels, rivers, the
// original terrain, debug mode), time (play, pause) and the window (view_command.h and the
// app's own commands).
#pragma once

#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

#include "core/ground.h"

namespace terrain::session {

// Rain this many drops now, as if they had fallen over that many frames of the sketch: the
// ticks of a live run are recorded as this.
struct RainDrops {
  uint64_t drops = 0;
};
// seed = value; restart(): that map comes back (a new island, no drops).
struct SetSeed {
  uint32_t seed = 0;
};
// restart(): the same seed's island again, no drops.
struct Restart {};
// The sketch's sliders that change the ground or the rain, each with its name.
struct SetTerrainScale {  // grows a new island (resetTerrain)
  double value = 0;
};
struct SetErosion {
  double value = 0;
};
struct SetDeposition {
  double value = 0;
};
struct SetInertia {
  double value = 0;
};
struct SetBrushRadius {
  int value = 0;
};
struct SetSeaLevel {  // where a drop stops, so the rain's too
  double value = 0;
};
struct SetDropsPerFrame {  // how hard it rains while it plays
  int value = 0;
};
// How the ground is grown: the sketch's noise island or diamond-square (a new ground, as a
// new terrain scale is).
struct SetGenerator {
  Generator value = Generator::island;
};
struct SetRoughness {  // diamond-square's roughness: grows a new ground
  double value = 0;
};

using MapCommand = std::variant<RainDrops, SetSeed, Restart, SetTerrainScale, SetErosion,
                                SetDeposition, SetInertia, SetBrushRadius, SetSeaLevel,
                                SetDropsPerFrame, SetGenerator, SetRoughness>;

// The command's name as map files write it: the sketch's names ("rain", "seed", "restart",
// "terrain_scale", "erosion", "deposition", "inertia", "brush_radius", "sea_level",
// "drops_per_frame"), and "generator" and "roughness".
std::string_view command_name(const MapCommand& command);

// Whether the command starts a new map (a new island, no drops): everything before it no
// longer shapes the heights.
bool starts_a_new_map(const MapCommand& command);

// Appends `command` to a map's commands, keeping them as short as the same map allows: rain
// after rain is one rain, and a setting set again with no rain between keeps only its last
// value. Allocates only when the list grows.
void append_map_command(std::vector<MapCommand>& commands, const MapCommand& command);

}  // namespace terrain::session
