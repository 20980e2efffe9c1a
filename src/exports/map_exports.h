// A map's linework (SVG) and its ground as a mesh, made from a session::Map in one place for
// both programs: the panel's exports and terrain-cli's --svg and --mesh take the map, its
// hydrology and the picture's settings and give the same bytes for the same map, by
// construction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/drainage.h"
#include "core/hydrology.h"
#include "exports/mesh.h"
#include "exports/svg.h"
#include "io/heightmap.h"
#include "render/geometry/color_scheme.h"
#include "session/map.h"

namespace terrain::exports {

// What the linework shows: the picture's settings, not the map's.
struct Linework {
  int contour_levels = static_cast<int>(sketch::contour_levels.initial);
  RiversBy rivers_by = RiversBy::flow;
  uint32_t min_flow = static_cast<uint32_t>(sketch::RIVER_START);
};

// The map's SVG (map_svg): its ground now, traced at its sea level, with `hydrology` (the
// map's, session::hydrology_of), titled with its seed and drops (svg_title). Throws
// std::invalid_argument as map_svg does.
std::string svg_of_map(const session::Map& map, const Hydrology& hydrology,
                       const Linework& linework, const render::ColorScheme& scheme,
                       const SvgPage& page, SvgCounts* counts = nullptr);

// The map's ground now as a mesh in `format`, coloured by the scheme at its sea level; in
// metres when `units` are given, else heights times `exaggeration`. Throws
// std::invalid_argument as mesh_file does.
std::vector<uint8_t> mesh_of_map(const session::Map& map, const render::ColorScheme& scheme,
                                 double exaggeration, const io::RealUnits& units,
                                 MeshFormat format);

}  // namespace terrain::exports
