// The map's words (see map_view.h).
#include "core/map_view.h"

#include "core/enum_names.h"

namespace terrain {

namespace {

constexpr EnumName<MapView> kMapViewNames[] = {{MapView::map, "map"},
                                               {MapView::basins, "basins"},
                                               {MapView::flow, "flow"},
                                               {MapView::three_d, "3d"}};
constexpr EnumName<RiversBy> kRiversByNames[] = {{RiversBy::flow, "flow"},
                                                 {RiversBy::order, "order"}};
constexpr EnumName<Routing> kRoutingNames[] = {{Routing::sketch, "sketch"},
                                               {Routing::flood, "flood"}};

}  // namespace

std::string_view map_view_name(MapView view) {
  return enum_name(kMapViewNames, view, "map");
}

std::optional<MapView> parse_map_view(std::string_view name) {
  return parse_enum(kMapViewNames, name);
}

std::string_view rivers_by_name(RiversBy by) {
  return enum_name(kRiversByNames, by, "order");
}

std::optional<RiversBy> parse_rivers_by(std::string_view name) {
  return parse_enum(kRiversByNames, name);
}

std::string_view routing_name(Routing routing) {
  return enum_name(kRoutingNames, routing, "flood");
}

std::optional<Routing> parse_routing(std::string_view name) {
  return parse_enum(kRoutingNames, name);
}

}  // namespace terrain
