// The keyboard shortcuts (see keys.h).
#include "app/core/keys.h"

#include <algorithm>

#include "app/core/side_view.h"
#include "core/map_view.h"

namespace terrain::app {

namespace {

using A = KeyAction;
using M = KeyMods;

constexpr KeyBinding kKeyTable[] = {
    {SDLK_SPACE, M::none, A::play},
    {SDLK_r, M::none, A::restart},
    {SDLK_n, M::none, A::new_seed},
    {SDLK_s, M::none, A::save_png},
    {SDLK_F11, M::none, A::fullscreen},
    {SDLK_f, M::none, A::fullscreen},
    {SDLK_ESCAPE, M::none, A::leave_fullscreen},
    {SDLK_w, M::none, A::rivers},
    {SDLK_o, M::none, A::original},
    {SDLK_d, M::none, A::debug},
    {SDLK_v, M::none, A::next_view},
    {SDLK_l, M::none, A::lakes},
    {SDLK_t, M::none, A::rivers_by},
    {SDLK_1, M::none, A::scheme},
    {SDLK_h, M::none, A::panel},
    {SDLK_b, M::none, A::strip},
    {SDLK_k, M::none, A::next_side_view},
    {SDLK_HOME, M::none, A::fit},
    {SDLK_z, M::none, A::fit},
    {SDLK_g, M::none, A::finish_rain},
    {SDLK_LEFTBRACKET, M::none, A::timeline_back},
    {SDLK_RIGHTBRACKET, M::none, A::timeline_forward},
    {SDLK_p, M::none, A::paint},
    {SDLK_z, M::ctrl, A::undo},
    {SDLK_z, M::ctrl_shift, A::redo},
    {SDLK_y, M::ctrl, A::redo},
    {SDLK_s, M::ctrl, A::save_map},
    {SDLK_s, M::ctrl_shift, A::save_map_as},
    {SDLK_o, M::ctrl, A::open_map},
    {SDLK_q, M::ctrl, A::quit},
};

// The number keys pick at most nine schemes (1 to 9).
constexpr int kMaxSchemeKeys = 9;

// How many keys a binding stands for: a run of `schemes` number keys, or the one key.
int run_length(const KeyBinding& b, int schemes) {
  return b.action == A::scheme ? std::min(schemes, kMaxSchemeKeys) : 1;
}

// The binding `key` with exactly `mods` finds, if any: the key itself or one of its run.
const KeyBinding* find(SDL_Keycode key, KeyMods mods, int schemes) {
  for (const KeyBinding& b : kKeyTable) {
    if (b.mods == mods && key >= b.key && key < b.key + run_length(b, schemes)) return &b;
  }
  return nullptr;
}

// The command for `action`, `offset` keys into its run, given what it toggles.
std::optional<Command> command_for(KeyAction action, int offset, const session::Settings& settings,
                                   bool fullscreen, SideView side_view) {
  using namespace session;
  switch (action) {
    case A::play:
      return ViewCommand{TogglePlay{}};
    case A::restart:
      return MapCommand{Restart{}};
    case A::new_seed:
      return UiCommand{NewSeed{}};
    case A::save_png:
      return ShellCommand{SavePng{}};
    case A::fullscreen:
      return ShellCommand{ToggleFullscreen{}};
    case A::leave_fullscreen:
      if (fullscreen) return ShellCommand{LeaveFullscreen{}};
      return std::nullopt;
    case A::rivers:
      return ViewCommand{ShowRivers{!settings.show_rivers}};
    case A::original:
      return ViewCommand{ShowOriginal{!settings.show_original}};
    case A::debug:
      return ViewCommand{SetDebugMode{!settings.debug_mode}};
    case A::next_view: {
      // The views in turn: map, basins, flow, 3D, and round again.
      const auto next = (static_cast<std::size_t>(settings.view) + 1) % kMapViews.size();
      return ViewCommand{SetView{kMapViews[next]}};
    }
    case A::lakes:
      return ViewCommand{ShowLakes{!settings.show_lakes}};
    case A::rivers_by:
      return ViewCommand{
          SetRiversBy{settings.rivers_by == RiversBy::flow ? RiversBy::order : RiversBy::flow}};
    case A::scheme:
      return UiCommand{SetScheme{offset}};
    case A::panel:
      return ShellCommand{TogglePanel{}};
    case A::strip:
      return UiCommand{ToggleSideView{}};
    case A::next_side_view: {
      // The side views in turn (and the strip shown, as picking one in the panel shows it).
      const auto next = (static_cast<std::size_t>(side_view) + 1) % kSideViews.size();
      return UiCommand{SetSideView{kSideViews[next]}};
    }
    case A::fit:
      // The whole map again: in the 3D view, the whole island from the camera's angle.
      if (settings.view == MapView::three_d) return UiCommand{FrameIsland{}};
      return UiCommand{FitMap{}};
    case A::finish_rain:
      return ViewCommand{FinishRain{}};
    case A::timeline_back:
      return UiCommand{StepTimeline{-1}};
    case A::timeline_forward:
      return UiCommand{StepTimeline{1}};
    case A::paint:
      return UiCommand{TogglePaintMode{}};
    case A::undo:
      return HistoryCommand{Undo{}};
    case A::redo:
      return HistoryCommand{Redo{}};
    case A::save_map:
      return ShellCommand{SaveMapNow{}};
    case A::save_map_as:
      return ShellCommand{SaveMapAs{}};
    case A::open_map:
      return ShellCommand{ChooseFile{FileChoice::map_to_open}};
    case A::quit:
      return ShellCommand{Quit{}};
  }
  return std::nullopt;
}

// What an action does, as the Keys list says it (a switch without a default: an action added
// to KeyAction without its words here does not compile, with warnings as errors).
std::string what_it_does(KeyAction action) {
  switch (action) {
    case A::play:
      return "play / pause";
    case A::restart:
      return "restart";
    case A::new_seed:
      return "new seed";
    case A::save_png:
      return "save PNG";
    case A::fullscreen:
      return "fullscreen";
    case A::leave_fullscreen:
      return "leave fullscreen (before that, Esc answers a question's Cancel, closes an open "
             "drop-down or cancels long work: a big rain, a far undo, a map opening)";
    case A::rivers:
      return "show rivers";
    case A::original:
      return "show original terrain";
    case A::debug:
      return "debug mode";
    case A::next_view: {
      std::string text = "next view:";
      for (const MapView view : kMapViews) {
        text += text.back() == ':' ? " " : ", ";
        text += map_view_name(view);
      }
      return text;
    }
    case A::lakes:
      return "show lakes";
    case A::rivers_by:
      return "rivers by Strahler order or by flow";
    case A::scheme:
      return "colour scheme";
    case A::panel:
      return "hide / show this panel";
    case A::strip:
      return "hide / show the side view strip";
    case A::next_side_view: {
      std::string text = "next side view:";
      for (const SideView view : kSideViews) {
        text += text.back() == ':' ? " " : ", ";
        text += side_view_name(view);
      }
      return text;
    }
    case A::fit:
      return "fit the whole map (in 3D: frame the island)";
    case A::finish_rain:
      return "finish the rain now";
    case A::timeline_back:
      return "the timeline back 1% of the drops";
    case A::timeline_forward:
      return "the timeline forward 1% of the drops";
    case A::paint:
      return "paint / navigate (a drag paints or pans)";
    case A::undo:
      return "undo";
    case A::redo:
      return "redo";
    case A::save_map:
      return "save the map file";
    case A::save_map_as:
      return "save the map file as";
    case A::open_map:
      return "open a map file";
    case A::quit:
      return "quit (asks first if the map has changes not saved)";
  }
  return "";
}

}  // namespace

std::span<const KeyBinding> key_table() {
  return kKeyTable;
}

std::optional<Command> command_for_key(SDL_Keycode key, const session::Settings& settings,
                                       bool fullscreen, SideView side_view, int schemes,
                                       SDL_Keymod mod) {
  const bool ctrl = (mod & KMOD_CTRL) != 0;
  const bool shift = (mod & KMOD_SHIFT) != 0;
  const KeyBinding* b = nullptr;
  if (!ctrl) {
    b = find(key, M::none, schemes);
  } else {
    if (shift) b = find(key, M::ctrl_shift, schemes);
    if (b == nullptr) b = find(key, M::ctrl, schemes);  // Ctrl+R is not R
  }
  if (b == nullptr) return std::nullopt;
  return command_for(b->action, static_cast<int>(key - b->key), settings, fullscreen, side_view);
}

std::string key_name(SDL_Keycode key, KeyMods mods) {
  std::string name = mods == M::ctrl ? "Ctrl+" : mods == M::ctrl_shift ? "Ctrl+Shift+" : "";
  name += SDL_GetKeyName(key);
  return name;
}

std::vector<KeyHelpLine> key_help(int schemes) {
  std::vector<KeyHelpLine> lines;
  std::vector<KeyAction> listed;
  for (const KeyBinding& first : kKeyTable) {
    if (std::find(listed.begin(), listed.end(), first.action) != listed.end()) continue;
    listed.push_back(first.action);
    KeyHelpLine line{"", what_it_does(first.action)};
    for (const KeyBinding& b : kKeyTable) {
      if (b.action != first.action) continue;
      const int run = run_length(b, schemes);
      if (run < 1) continue;  // no schemes: no number key does anything
      if (!line.keys.empty()) line.keys += ", ";
      line.keys += key_name(b.key, b.mods);
      if (run > 1) {
        line.keys += '-';
        line.keys += key_name(b.key + run - 1, M::none);
      }
    }
    if (!line.keys.empty()) lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace terrain::app
