// The window's part of a map file's view (session/saved_map.h keeps it as JSON text): the
// colour scheme, where the map is looked at from (zoom and centre) and the strip under it (shown,
// which view, the cross-section's row), so that a map opens looking as it did when saved.
//
//   {"scheme": "site_dark", "zoom": 2.5, "center": [160.5, 90], "side_view": true,
//    "side": "cross-section", "row": 90, "relief": 1.5,
//    "camera": {"yaw": 20, "pitch": 45, "distance": 420, "target": [159.5, 12, 89.5]},
//    "file": "/home/ann/maps/alps.tsmap"}
// "relief" and "camera" are the 3D view's (its Relief height, and its camera: degrees, and
// world cells).
// "center" and "row" are left out at fit and at the middle row; "file" (the map's own file, for
// an autosave to bring back with the map) when it has one. Every key is optional on
// reading (a map saved by terrain-cli has none); what is given is checked.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/core/command.h"
#include "app/core/ui_state.h"
#include "render/geometry/map_camera.h"
#include "render/geometry/orbit_camera.h"

namespace terrain::app {

// The window's view now, as JSON object text.
std::string window_view_json(const UiState& ui, const render::MapCamera& camera,
                             const render::OrbitCamera& orbit);

// The commands that bring a saved window view back (SetScheme, FitMap, SetZoom, SetCenter,
// SetSectionRow, SetSideView, ShowSideView, SetExaggeration, SetCamera, PlaceCamera), in that
// order. Throws
// std::invalid_argument "VIEW.window.KEY: what is wrong" for a value that is not one of them
// (an unknown scheme, a zoom or centre off the camera's range, a row off a grid of `rows`).
std::vector<Command> window_view_commands(std::string_view json, const render::MapCamera& camera,
                                          int rows);
// Its "file", or "" (the JSON checked by window_view_commands first).
std::string window_view_file(std::string_view json);

}  // namespace terrain::app
