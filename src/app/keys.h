// The keyboard shortcuts: the command a key press stands for, given what it would toggle.
//
//   Space play / pause     R restart          N new seed         S save PNG
//   F11, F fullscreen      Esc leave it       W show rivers      O show original terrain
//   D debug mode           1-5 colour scheme  H hide / show the panel
//   V next view (map, basins, flow)           L show lakes       T rivers by Strahler order
//   B the side view strip                     Home, Z fit the map G finish the rain now
//   K next side view (cross-section, the two skylines)
//   Ctrl+Z undo  Ctrl+Shift+Z, Ctrl+Y redo    [ ] the timeline back / forward by 1% of the drops
// (The app ignores them while a text field has the keyboard.)
#pragma once

#include <SDL.h>

#include <optional>

#include "app/command.h"
#include "session/settings.h"

namespace terrain::app {

// The command for `key`, or nullopt for a key that has none. `settings`, `fullscreen` and
// `side_view` are what the toggles toggle; `schemes` is how many colour schemes the number
// keys can pick; `mod` the modifier keys held (with Ctrl, only Z and Y mean anything).
std::optional<Command> command_for_key(SDL_Keycode key, const session::Settings& settings,
                                       bool fullscreen, SideView side_view, int schemes,
                                       SDL_Keymod mod = KMOD_NONE);

// The keys as the panel and --help list them, one per line.
inline constexpr const char* kKeyHelp =
    "Space  play / pause\n"
    "R      restart\n"
    "N      new seed\n"
    "S      save PNG\n"
    "F11 F  fullscreen (Esc leaves)\n"
    "W      show rivers\n"
    "O      show original terrain\n"
    "D      debug mode\n"
    "V      next view: map, basins, flow\n"
    "L      show lakes\n"
    "T      rivers by Strahler order\n"
    "1-5    colour scheme\n"
    "H      hide / show this panel\n"
    "B      hide / show the side view strip\n"
    "K      next side view: cross-section, skylines\n"
    "Home Z  fit the whole map (the sketch's view)\n"
    "G      finish the rain now\n"
    "[ ]    the timeline back / forward 1%\n"
    "P      paint / navigate (a drag paints or pans)\n"
    "(not while typing in a field)\n"
    "(Ctrl+Z undo; Ctrl+Shift+Z or Ctrl+Y redo)\n"
    "(Ctrl+S save the map; Ctrl+Shift+S save as; Ctrl+O open)\n"
    "(Ctrl+Q quit: asks first if the map has changes not saved)\n"
    "(Esc cancels long work: a big rain, a far undo, a map file opening)";

// The mouse over the map, as the panel lists it.
inline constexpr const char* kMouseHelp =
    "Wheel        zoom about the pointer (up to 16x)\n"
    "Drag         pan\n"
    "Shift+click  cross-section along that row\n"
    "Paint (P)    drag paints, middle drag pans\n"
    "Ctrl+wheel   the brush's radius";

}  // namespace terrain::app
