// The ground the rain falls on, grown from a seed by one of two generators: the p5.js
// "Hydraulic Erosion" sketch's noise island, or the "Diamond-square terrain" document's
// fractal with the sketch's island falloff, so that its rain too drains to a sea.
//
// terrain-cli (--generator) and the app's live model both grow their ground here, so the same
// seed and settings give the same bytes in either.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/diamond_square.h"
#include "core/heightfield.h"
#include "core/sketch.h"

namespace terrain {

enum class Generator { island, diamond_square };

// Where the island generator reads its noise on a map of another size than the sketch's:
//   world  at each cell's place in the sketch's world (core/world_frame.h): the same island at
//          every size, finer on a bigger map
//   cells  at the cell's index times the terrain scale, as the sketch does: a new, bigger
//          island on a bigger map (how every map was grown before the world frame; map files
//          and recipes that do not say keep it, so that they replay as they did)
// At 320 x 180 the two are the same, bit for bit.
enum class IslandFrame { cells, world };

// How strongly the diamond-square ground rises to an island: the sketch's ISLAND, so that its
// rain drains to a sea as the noise island's does.
inline constexpr double kDiamondSquareIsland = sketch::ISLAND;

struct GroundParams {
  Generator generator = Generator::island;
  double terrain_scale = sketch::terrain_scale.initial;  // island only
  double roughness = kRoughnessDefault;                  // diamond-square only
  IslandFrame island_frame = IslandFrame::world;         // island only
};

// A width x height ground for `seed`.
Heightfield grow_ground(uint32_t seed, const GroundParams& params, int width = sketch::COLS,
                        int height = sketch::ROWS);

// What a ground may hold, whoever made it (a generator, a heightmap, a script's or a map file's
// ground, a brush): finite heights from -kMaxGroundHeight to kMaxGroundHeight. The sketch's
// grounds run 0..1 and a heightmap with heights of its own (a DEM in metres, say) keeps them;
// the bound keeps every step of the rain (its sums, slopes, capacity and deposits, worked in
// double and stored as float32) more than 10^30 times below float32's largest value, so no
// height the rain writes can overflow to infinity however long it rains (moving material
// conserves it: a cell's height stays within the map's total).
inline constexpr float kMaxGroundHeight = 1e6f;
// Why `heights` (rows of `width`) is not a ground's: "the height at column X, row Y is V (a
// ground holds finite heights from -1000000 to 1000000)" for the first height out of the
// bound, or empty when every one is in it.
std::string ground_height_problem(std::span<const float> heights, int width);

// The words the command lines and map recipes use: "island", "diamond-square".
std::string_view generator_name(Generator generator);
std::optional<Generator> parse_generator(std::string_view name);
// And the island's frames: "cells", "world".
std::string_view island_frame_name(IslandFrame frame);
std::optional<IslandFrame> parse_island_frame(std::string_view name);

}  // namespace terrain
