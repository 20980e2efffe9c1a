// The map's words (see map_view.h).
#include "core/map_view.h"

namespace terrain {

std::string_view map_view_name(MapView view) {
  switch (view) {
    case MapView::map:
      return "map";
    case MapView::basins:
      return "basins";
    case MapView::flow:
      return "flow";
    case MapView::three_d:
      return "3d";
  }
  return "map";
}

std::optional<MapView> parse_map_view(std::string_view name) {
  for (const MapView view : kMapViews) {
    if (name == map_view_name(view)) return view;
  }
  return std::nullopt;
}

std::string_view rivers_by_name(RiversBy by) {
  return by == RiversBy::flow ? "flow" : "order";
}

std::optional<RiversBy> parse_rivers_by(std::string_view name) {
  if (name == "flow") return RiversBy::flow;
  if (name == "order") return RiversBy::order;
  return std::nullopt;
}

std::string_view routing_name(Routing routing) {
  return routing == Routing::sketch ? "sketch" : "flood";
}

std::optional<Routing> parse_routing(std::string_view name) {
  if (name == "sketch") return Routing::sketch;
  if (name == "flood") return Routing::flood;
  return std::nullopt;
}

}  // namespace terrain
