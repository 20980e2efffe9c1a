// The menu bar's shortcuts (menu_shortcuts.h).
#include "app/panel/menu_shortcuts.h"

#include "core/map_view.h"

namespace terrain::app {
namespace {

using A = KeyAction;
using session::Settings;

Command set_view(MapView view) {
  return session::ViewCommand{session::SetView{view}};
}

const MenuShortcut kMenuShortcuts[] = {
    // File
    {"new_seed", A::new_seed, [](const Settings&) -> Command { return UiCommand{NewSeed{}}; }},
    {"open", A::open_map,
     [](const Settings&) -> Command { return ShellCommand{ChooseFile{FileChoice::map_to_open}}; }},
    {"save", A::save_map, [](const Settings&) -> Command { return ShellCommand{SaveMapNow{}}; }},
    {"save_as", A::save_map_as,
     [](const Settings&) -> Command { return ShellCommand{SaveMapAs{}}; }},
    {"save_png", A::save_png, [](const Settings&) -> Command { return ShellCommand{SavePng{}}; }},
    {"quit", A::quit, [](const Settings&) -> Command { return ShellCommand{Quit{}}; }},
    // Edit
    {"undo", A::undo,
     [](const Settings&) -> Command { return session::HistoryCommand{session::Undo{}}; }},
    {"redo", A::redo,
     [](const Settings&) -> Command { return session::HistoryCommand{session::Redo{}}; }},
    {"paint", A::paint, [](const Settings&) -> Command { return UiCommand{TogglePaintMode{}}; }},
    // View
    {"map_shows_map", A::next_view,
     [](const Settings&) -> Command { return set_view(MapView::map); }, true},
    {"map_shows_basins", A::next_view,
     [](const Settings&) -> Command { return set_view(MapView::basins); }, true},
    {"map_shows_flow", A::next_view,
     [](const Settings&) -> Command { return set_view(MapView::flow); }, true},
    {"map_shows_3d", A::next_view,
     [](const Settings&) -> Command { return set_view(MapView::three_d); }, true},
    {"strip", A::strip, [](const Settings&) -> Command { return UiCommand{ToggleSideView{}}; }},
    {"panel", A::panel, [](const Settings&) -> Command { return ShellCommand{TogglePanel{}}; }},
    {"fit", A::fit,
     [](const Settings& s) -> Command {
       if (s.view == MapView::three_d) return UiCommand{FrameIsland{}};
       return UiCommand{FitMap{}};
     }},
    {"fullscreen", A::fullscreen,
     [](const Settings&) -> Command { return ShellCommand{ToggleFullscreen{}}; }},
};

}  // namespace

std::span<const MenuShortcut> menu_shortcuts() {
  return kMenuShortcuts;
}

const MenuShortcut* menu_shortcut(std::string_view entry) {
  for (const MenuShortcut& m : kMenuShortcuts) {
    if (entry == m.entry) return &m;
  }
  return nullptr;
}

std::string shortcut_text(KeyAction action) {
  for (const KeyBinding& b : key_table()) {
    if (b.action == action) return key_name(b.key, b.mods);
  }
  return "";
}

}  // namespace terrain::app
