// The keyboard shortcuts (see keys.h).
#include "app/keys.h"

namespace terrain::app {

std::optional<Command> command_for_key(SDL_Keycode key, const session::Settings& settings,
                                       bool fullscreen, SideView side_view, int schemes,
                                       SDL_Keymod mod) {
  using namespace session;
  if ((mod & KMOD_CTRL) != 0) {
    if (key == SDLK_z) {
      return (mod & KMOD_SHIFT) != 0 ? Command{HistoryCommand{Redo{}}}
                                     : Command{HistoryCommand{Undo{}}};
    }
    if (key == SDLK_y) return HistoryCommand{Redo{}};
    // Map files: Save, Save as, Open.
    if (key == SDLK_s) {
      return (mod & KMOD_SHIFT) != 0 ? Command{UiCommand{SaveMapAs{}}}
                                     : Command{UiCommand{SaveMapNow{}}};
    }
    if (key == SDLK_o) return UiCommand{ChooseFile{FileChoice::map_to_open}};
    if (key == SDLK_q) return UiCommand{Quit{}};
    return std::nullopt;  // Ctrl+R is not R
  }
  switch (key) {
    case SDLK_LEFTBRACKET:
      return UiCommand{StepTimeline{-1}};
    case SDLK_RIGHTBRACKET:
      return UiCommand{StepTimeline{1}};
    case SDLK_SPACE:
      return ViewCommand{TogglePlay{}};
    case SDLK_r:
      return MapCommand{Restart{}};
    case SDLK_n:
      return UiCommand{NewSeed{}};
    case SDLK_s:
      return UiCommand{SavePng{}};
    case SDLK_F11:
    case SDLK_f:
      return UiCommand{ToggleFullscreen{}};
    case SDLK_ESCAPE:
      if (fullscreen) return UiCommand{LeaveFullscreen{}};
      return std::nullopt;
    case SDLK_w:
      return ViewCommand{ShowRivers{!settings.show_rivers}};
    case SDLK_o:
      return ViewCommand{ShowOriginal{!settings.show_original}};
    case SDLK_d:
      return ViewCommand{SetDebugMode{!settings.debug_mode}};
    case SDLK_h:
      return UiCommand{TogglePanel{}};
    case SDLK_b:
      return UiCommand{ToggleSideView{}};
    case SDLK_p:
      return UiCommand{TogglePaintMode{}};
    case SDLK_k: {
      // The side views in turn: the cross-section, the random walk, the sections (and the
      // strip shown, as picking one in the panel shows it).
      const int next = (static_cast<int>(side_view) + 1) % 3;
      return UiCommand{SetSideView{static_cast<SideView>(next)}};
    }
    case SDLK_HOME:
    case SDLK_z:
      // The whole map again: in the 3D view, the whole island from the camera's angle.
      if (settings.view == MapView::three_d) return UiCommand{FrameIsland{}};
      return UiCommand{FitMap{}};
    case SDLK_g:
      return ViewCommand{FinishRain{}};
    case SDLK_v: {
      // The views in turn: map, basins, flow, 3D, and round again.
      const auto next = (static_cast<std::size_t>(settings.view) + 1) % kMapViews.size();
      return ViewCommand{SetView{kMapViews[next]}};
    }
    case SDLK_l:
      return ViewCommand{ShowLakes{!settings.show_lakes}};
    case SDLK_t:
      return ViewCommand{
          SetRiversBy{settings.rivers_by == RiversBy::flow ? RiversBy::order : RiversBy::flow}};
    default:
      break;
  }
  if (key >= SDLK_1 && key <= SDLK_9 && key - SDLK_1 < schemes) {
    return UiCommand{SetScheme{static_cast<int>(key - SDLK_1)}};
  }
  return std::nullopt;
}

}  // namespace terrain::app
