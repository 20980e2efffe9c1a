// The menu bar across the window's top, as a desktop program has one:
//   File  New seed, Open..., Open heightmap..., Open recent >, Save, Save as..., Save PNG,
//         Export > (each export into the save folder, Render PNG, the time-lapse), Export as >
//         (each export under a name chosen), Save folder..., Quit
//   Edit  Undo, Redo, Paint with the brush
//   View  Map shows > (map, basins, flow, 3D), 3D view, the side view strip, the panel, Fit
//         map, Fullscreen
//   Help  Keys, About
// Each entry with a shortcut shows its key as the key table names it (menu_shortcuts.h). Like
// the panel it reads the model and says what was asked for as commands (command.h), changing
// nothing itself; the Keys and About windows it opens are the shell's (UiState::help).
#pragma once

#include <vector>

#include "app/panel/panel.h"

namespace terrain::app {

// The menu bar's height in points with Dear ImGui's style and font now (the layout keeps it
// free at the window's top).
float menu_bar_height();

// Draws the menu bar and, when asked for, the Keys and About windows; what the user picked is
// asked for in the frame (PanelFrame::ask). Each entry is noted in the frame's controls as
// "menu/ENTRY" (its menu as "menu/file" ...) for the GUI tests.
void draw_menu_bar(const PanelFrame& frame);

}  // namespace terrain::app
