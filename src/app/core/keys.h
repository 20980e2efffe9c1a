// The keyboard shortcuts: one table (key_table()) of every key the app answers, with the
// modifiers it wants and what it does. command_for_key() looks a press up in it and makes the
// command, given what the key would toggle; key_help() makes the panel's Keys list from it, so
// the list cannot leave out a key the app answers, nor name one it does not.
//
//   Space play / pause     R restart          N new seed         S save PNG
//   F11, F fullscreen      Esc leave it       W show rivers      O show original terrain
//   D debug mode           1-5 colour scheme  H hide / show the panel
//   V next view (map, basins, flow, 3d)       L show lakes       T rivers by Strahler order
//   B the side view strip                     Home, Z fit the map G finish the rain now
//   K next side view (cross-section, the two skylines)           P paint / navigate
//   [ ] the timeline back / forward by 1% of the drops
//   Ctrl+Z undo  Ctrl+Shift+Z, Ctrl+Y redo    Ctrl+S save  Ctrl+Shift+S save as  Ctrl+O open
//   Ctrl+Q quit
// (The app ignores them while a text field has the keyboard. Esc is also read before the table:
// it answers a question, closes an open drop-down and cancels long work first; app.cpp.)
#pragma once

#include <SDL.h>

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/core/command.h"
#include "session/settings.h"

namespace terrain::app {

// The modifier keys a key wants. Without Ctrl the others (Shift, Alt) are not told apart; with
// Ctrl and Shift a key without a Ctrl+Shift meaning has its Ctrl one.
enum class KeyMods { none, ctrl, ctrl_shift };

// What a key does; command_for_key() makes the command from it and the state it toggles.
enum class KeyAction {
  play,              // play / pause
  restart,           // the map from the start
  new_seed,          // a random seed
  save_png,          // the map's picture
  fullscreen,        // fullscreen on or off
  leave_fullscreen,  // only while fullscreen
  rivers,            // rivers shown or not
  original,          // the original terrain shown or not
  debug,             // debug mode on or off
  next_view,         // the next of kMapViews
  lakes,             // lakes shown or not
  rivers_by,         // rivers by flow or by Strahler order
  scheme,            // a colour scheme: the key is the first of a run, one a scheme
  panel,             // the side bar shown or hidden
  strip,             // the side view strip shown or hidden
  next_side_view,    // the next of kSideViews
  fit,               // the whole map (in 3D: the island framed)
  finish_rain,       // the rain to its target now
  timeline_back,     // the timeline back 1%
  timeline_forward,  // ... forward 1%
  paint,             // paint or navigate
  undo,
  redo,
  save_map,
  save_map_as,
  open_map,
  quit,  // asks first if the map has changes not saved
};

struct KeyBinding {
  SDL_Keycode key;
  KeyMods mods;
  KeyAction action;
};

// Every key the app answers, in the order the Keys list gives them (the keys of one action
// together on its line, in this order).
std::span<const KeyBinding> key_table();

// The command for `key`, or nullopt for a key that has none. `settings`, `fullscreen` and
// `side_view` are what the toggles toggle; `schemes` is how many colour schemes the number
// keys can pick; `mod` the modifier keys held.
std::optional<Command> command_for_key(SDL_Keycode key, const session::Settings& settings,
                                       bool fullscreen, SideView side_view, int schemes,
                                       SDL_Keymod mod = KMOD_NONE);

// A key as the Keys list names it: SDL's name ("Space", "F11", "Home", "Z", "["), after "Ctrl+"
// or "Ctrl+Shift+".
std::string key_name(SDL_Keycode key, KeyMods mods);

// One line of the Keys list: the keys, as key_name() names them and joined by ", " (a run of
// number keys as "1-5"), and what they do.
struct KeyHelpLine {
  std::string keys;
  std::string does;
};
// The Keys list, one line per action of key_table(), for `schemes` colour schemes.
std::vector<KeyHelpLine> key_help(int schemes);

// The mouse over the map, as the panel lists it: what is done, and what it does.
inline constexpr std::array<std::array<const char*, 2>, 5> kMouseHelp{{
    {"Wheel", "zoom about the pointer (up to 16x)"},
    {"Drag", "pan"},
    {"Shift+click", "cross-section along that row"},
    {"Paint (P)", "drag paints, middle drag pans"},
    {"Ctrl+wheel", "the brush's radius"},
}};

}  // namespace terrain::app
