// The ground as a mesh for Blender, a game engine or any glTF viewer: binary glTF 2.0 (.glb,
// through tinygltf) or Wavefront OBJ (docs/exports.md).
//
// One vertex per cell, row-major (vertex y * W + x is cell (x, y)), two triangles per grid
// square: a W x H map has W * H vertices and 2 * (W - 1) * (H - 1) triangles (57,600 and
// 114,202 for the sketch's 320 x 180).
//
// Coordinates, glTF's Y-up, right-handed, in cells: x = the column, y = the height times the
// exaggeration (float(double(height) * exaggeration): at the default 40 a height of 1 stands
// 40 cells tall over a 320-cell-wide map), z = the row (row 0, the map's top edge, is the
// far side, -z, in a view from the south). Blender's importers turn Y-up into its Z-up, so the
// map lies flat and the right way round: column along +X, row 0 at +Y's end, height up +Z.
// The triangles wind counter-clockwise seen from above (their normals point up).
//
// In real units (MeshInputs::units given: terrain-cli's --cell-size and --height-scale), in
// metres instead: x = column x cell size, y = height x height scale (replacing the
// exaggeration), z = row x cell size, each float(double(...) * ...).
//
// Normals: of the exaggerated surface by central differences (one-sided at the map's edge),
// (-dy/dx, 1, -dy/dz) normalised.
//
// Colours per vertex: the map's own cell colours (relief_cells(): the shaded relief the map
// view shows, in the chosen scheme). glTF: COLOR_0, float VEC3, linear (the sRGB levels
// decoded, as glTF requires), under a material that takes the colour as it is (base colour
// white, metallic 0, roughness 1). OBJ: the common "v x y z r g b" extension, the sRGB levels
// / 255, as Blender's and MeshLab's importers read it; "vn" normals and "f a//a b//b c//c"
// faces, 1-based.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/heightfield.h"
#include "io/heightmap.h"
#include "render/geometry/color_scheme.h"

namespace terrain::exports {

enum class MeshFormat { glb, obj };

// The format a path's extension names (.glb, .obj; any case), or nullopt.
std::optional<MeshFormat> mesh_format_for(const std::filesystem::path& path);
// ".glb or .obj", for messages.
inline constexpr std::string_view kMeshExtensions = ".glb or .obj";

inline constexpr double kDefaultExaggeration = 40;
inline constexpr double kMaxExaggeration = 1000;
// The most cells a mesh may have: 4096 x 4096 (a .glb of about 1 GB; glTF's binary container
// holds at most 4 GB).
inline constexpr uint64_t kMaxMeshCells = 4096ull * 4096ull;

struct MeshInputs {
  const Heightfield* ground = nullptr;         // required, at least 2 x 2
  std::span<const uint8_t> rgba;               // required: 4 bytes a cell, relief_cells()'s
  double exaggeration = kDefaultExaggeration;  // > 0 and finite; unused with units
  io::RealUnits units;                         // when given, the mesh is in metres (see above)
};

// The map's colours for a mesh: relief_cells() of `ground` (RGBA8, 4 bytes a cell).
std::vector<uint8_t> mesh_colors(const Heightfield& ground, double sea_level,
                                 const render::ColorScheme& scheme);

// Binary glTF 2.0 / OBJ text of the mesh. Throw std::invalid_argument on missing or
// wrongly sized inputs, an exaggeration that is not a positive finite number, units out of
// range (io::check_real_units), or more than kMaxMeshCells cells.
std::vector<uint8_t> mesh_glb(const MeshInputs& inputs);
std::string mesh_obj(const MeshInputs& inputs);
// Either, by format.
std::vector<uint8_t> mesh_file(const MeshInputs& inputs, MeshFormat format);

// The sRGB transfer function undone: an 8-bit level as the linear value glTF's COLOR_0 holds.
float srgb_to_linear(uint8_t level);

}  // namespace terrain::exports
