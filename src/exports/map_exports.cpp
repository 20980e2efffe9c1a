// A map's SVG and mesh (see map_exports.h).
#include "exports/map_exports.h"

namespace terrain::exports {

std::string svg_of_map(const session::Map& map, const Hydrology& hydrology,
                       const Linework& linework, const render::ColorScheme& scheme,
                       const SvgPage& page, SvgCounts* counts) {
  SvgInputs in;
  in.ground = &map.heights();
  in.sea_level = map.settings().sea_level;
  in.contour_levels = linework.contour_levels;
  in.hydrology = &hydrology;
  in.rivers_by = linework.rivers_by;
  in.min_flow = linework.min_flow;
  in.scheme = &scheme;
  in.page = page;
  in.title = svg_title(map.seed(), map.drops());
  return map_svg(in, counts);
}

std::vector<uint8_t> mesh_of_map(const session::Map& map, const render::ColorScheme& scheme,
                                 double exaggeration, const io::RealUnits& units,
                                 MeshFormat format) {
  const std::vector<uint8_t> colours = mesh_colors(map.heights(), map.settings().sea_level, scheme);
  MeshInputs in;
  in.ground = &map.heights();
  in.rgba = colours;
  in.exaggeration = exaggeration;
  in.units = units;
  return mesh_file(in, format);
}

}  // namespace terrain::exports
