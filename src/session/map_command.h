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
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/brush_stroke.h"
#include "core/ground.h"
#include "core/ground_fit.h"
#include "core/heightfield.h"

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

// A ground of your own: a heightmap file, already read and fitted to the grid (io/ground_file.h),
// as the heights themselves, so that the command (and a recipe holding it) gives the same
// bytes whatever becomes of the file. The heights are shared and never change: copying the
// command copies no cells.
struct GroundFile {
  std::string name;                            // the file's name, without its folders
  GroundFit fit = GroundFit::crop;             // how it was fitted to the grid
  std::shared_ptr<const Heightfield> heights;  // the grid's size, every value finite
};
// The ground becomes the file's: the original ground the rain carves, in place of a grown
// one, while the seed still decides the rain (and the rivers' ripple). A new start, as a new
// seed is; a new seed or a restart keeps the file's ground, and only a generator's control
// (terrain scale, generator, roughness) grows a ground again.
struct SetGround {
  GroundFile ground;
};

// A brush stroke shapes the ground by hand (core/brush_stroke.h): raise, lower, smooth,
// flatten, roughen or rain here along a path, at the drop count where it is made. Not a new
// map and not a setting: a stroke after a stroke is another stroke. (The rain's own
// `brush_radius` is a setting of the rain, SetBrushRadius.)
struct Stroke {
  BrushStroke stroke;
  bool operator==(const Stroke&) const = default;
};

using MapCommand = std::variant<RainDrops, SetSeed, Restart, SetTerrainScale, SetErosion,
                                SetDeposition, SetInertia, SetBrushRadius, SetSeaLevel,
                                SetDropsPerFrame, SetGenerator, SetRoughness, SetGround, Stroke>;

// The command's name as map files write it: the sketch's names ("rain", "seed", "restart",
// "terrain_scale", "erosion", "deposition", "inertia", "brush_radius", "sea_level",
// "drops_per_frame"), and "generator", "roughness", "ground" and "stroke".
std::string_view command_name(const MapCommand& command);

// Whether the command starts a new map (a new island, no drops): everything before it no
// longer shapes the heights.
bool starts_a_new_map(const MapCommand& command);

// Appends `command` to a map's commands, keeping them as short as the same map allows: rain
// after rain is one rain, and a setting set again with no rain between keeps only its last
// value. Allocates only when the list grows.
void append_map_command(std::vector<MapCommand>& commands, const MapCommand& command);

// Whether a command is a setting (a value that the same setting set again replaces): not rain,
// not a new map, not a stroke.
bool is_setting(const MapCommand& command);

}  // namespace terrain::session
