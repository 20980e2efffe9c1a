// The menu bar across the window's top, as a desktop program has one:
//   File  New seed, Open..., Open heightmap..., Open recent >, Save, Save as..., Save PNG,
//         Export > (each export into the save folder, Render PNG, the time-lapse), Export as >
//         (each export under a name chosen), Save folder..., Quit
//   Edit  Undo, Redo, Paint with the brush
//   View  Map shows > (map, basins, flow, 3D), 3D view, the side view strip, the panel, Fit
//         map, Fullscreen
//   Help  Keys, About
// Each entry shows its shortcut. Like the panel it reads the model and says what was asked
// for as commands (command.h), changing nothing itself; the Keys and About windows it opens
// are the shell's (UiState::help).
#pragma once

#include <vector>

#include "app/core/command.h"
#include "app/core/layout.h"
#include "app/core/ui_state.h"
#include "session/live_model.h"

namespace terrain::app {

// The menu bar's height in points with Dear ImGui's style and font now (the layout keeps it
// free at the window's top).
float menu_bar_height();

// Draws the menu bar and, when asked for, the Keys and About windows; what the user picked is
// appended to `commands`. Each entry is noted in ui.controls as "menu/ENTRY" (its menu as
// "menu/file" ...) for the GUI tests.
void draw_menu_bar(const session::LiveModel& model, UiState& ui, const Layout& layout,
                   float pixels_per_point, std::vector<Command>& commands);

}  // namespace terrain::app
