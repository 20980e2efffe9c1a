// View commands: what changes how the live map is shown or whether time runs, but not the map
// itself (map_command.h): the sketch's contour levels, its three checkboxes, and play / pause.
// They are plain values too, so every control of the app goes through one path.
#pragma once

#include <variant>

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

using ViewCommand =
    std::variant<SetContourLevels, ShowRivers, ShowOriginal, SetDebugMode, Play, Pause, TogglePlay>;

}  // namespace terrain::session
