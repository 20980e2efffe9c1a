// View commands: what changes how the live map is shown or whether time runs, but not the map
// itself (map_command.h): the sketch's contour levels, its three checkboxes, play / pause and
// finishing the rain now, and the "Drainage" API documentation's views, lakes, river
// stroking, minFlow and routing.
// They are plain values too, so every control of the app goes through one path.
#pragma once

#include <cstdint>
#include <variant>

#include "core/drainage.h"
#include "core/map_view.h"

namespace terrain::session {

struct SetContourLevels {  // lines between sea level and the top, 0 for none
  int value = 0;
};
struct ShowRivers {
  bool on = true;
};
struct ShowOriginal {  // draw the terrain as it was before any rain
  bool on = false;
};
struct SetDebugMode {  // the routes of the latest drops and the count
  bool on = false;
};
struct Play {};
struct Pause {};
struct TogglePlay {};
// Time too: the rest of the rain, up to where live rain would stop itself at the target, at
// full speed on a worker thread; the terrain and rivers jump to it when it lands
// (LiveModel::finish_rain).
struct FinishRain {};
struct SetView {  // the map, the basins or the flow
  MapView view = MapView::map;
};
struct ShowLakes {
  bool on = false;
};
struct SetRiversBy {  // by the sketch's flow classes or by Strahler order
  RiversBy by = RiversBy::flow;
};
struct SetMinFlow {  // the documentation's minFlow, in cells: 1..kMinFlowMax
  int value = 0;
};
struct SetRouting {
  Routing routing = Routing::sketch;
};

using ViewCommand =
    std::variant<SetContourLevels, ShowRivers, ShowOriginal, SetDebugMode, Play, Pause, TogglePlay,
                 SetView, ShowLakes, SetRiversBy, SetMinFlow, SetRouting, FinishRain>;

}  // namespace terrain::session
