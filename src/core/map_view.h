// What the map shows, in the words the app's flags, panel and keys use: the view (the sketch's
// map, the "Drainage" API documentation's basins or flow panels, or the map in 3D: its
// picture draped over the ground as a lit surface) and how rivers are
// stroked (by the sketch's flow classes, or by Strahler order as the documentation strokes
// them). Shared by the live session, the renderer and terrain-cli, so one word means one
// thing everywhere.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "core/drainage.h"

namespace terrain {

enum class MapView { map, basins, flow, three_d };
inline constexpr std::array<MapView, 4> kMapViews{MapView::map, MapView::basins, MapView::flow,
                                                  MapView::three_d};
// The words allowed where a view is named, for messages.
inline constexpr const char* kMapViewWords = "\"map\", \"basins\", \"flow\" or \"3d\"";

// Whether the view paints the drainage (the basins or the flow) rather than the sketch's relief
// (the map, and the 3D view, which drapes the map over the ground).
inline bool drainage_view(MapView view) {
  return view == MapView::basins || view == MapView::flow;
}

enum class RiversBy { flow, order };

// "map", "basins", "flow", "3d".
std::string_view map_view_name(MapView view);
std::optional<MapView> parse_map_view(std::string_view name);
// "flow", "order".
std::string_view rivers_by_name(RiversBy by);
std::optional<RiversBy> parse_rivers_by(std::string_view name);
// "sketch", "flood".
std::string_view routing_name(Routing routing);
std::optional<Routing> parse_routing(std::string_view name);

}  // namespace terrain
