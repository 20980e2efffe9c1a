// Every action a user or a script can take, as one value: a button, a key, a dropped file and
// a flag all become a Command, and App::dispatch() is the one place that carries them out.
//
//   session::MapCommand   changes the map (rain, a seed, a slider of the ground or the rain):
//                         recorded in the map's recipe, replayable for the same bytes
//   session::ViewCommand  changes what is shown or whether it rains (contours, toggles, play)
//   UiCommand             the app's own: the window, the panel, the scheme, saving
//   OpenFile              a file given to the app
#pragma once

#include <string>
#include <variant>

#include "session/map_command.h"
#include "session/view_command.h"

namespace terrain::app {

// A new random seed, as the sketch's button picks one (carried out as session::SetSeed with
// the seed picked, so the recipe holds the number).
struct NewSeed {};
// The colour scheme, by its place in render::color_schemes().
struct SetScheme {
  int index = 0;
};
// Save the map as PNG into the save folder, named as the sketch names its saves.
struct SavePng {};
struct ToggleFullscreen {};
struct LeaveFullscreen {};
// Hide or show the panel.
struct TogglePanel {};
// A file given to the app (dropped on the window).
struct OpenFile {
  std::string path;
};
// Close the window and quit.
struct Quit {};

// (UiCommand holds plain flags only; the one command that carries text stands on its own.)
using UiCommand =
    std::variant<NewSeed, SetScheme, SavePng, ToggleFullscreen, LeaveFullscreen, TogglePanel, Quit>;

using Command = std::variant<session::MapCommand, session::ViewCommand, UiCommand, OpenFile>;

}  // namespace terrain::app
