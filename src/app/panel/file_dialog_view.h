// The window's file dialog drawn with Dear ImGui (its rules: file_dialog.h): a modal window in
// the middle of the display, over everything, the rest dimmed and out of reach.
//
//   [Up] [Home] [the folder's path, editable; Return goes there                      ]
//   | Recent folders |  folder/                                                     |
//   |  maps          |  file.tsmap            (folders first, then the kind's files) |
//   (the list was cut: say so)  (why the last Open or Save did not close it)
//   Name [                                     ]  Terrain Sandbox maps (.tsmap)
//                                                            [Cancel] [Open|Save]
//   or, while it asks: Replace NAME? ...                    [Replace] [Cancel]
//
// A click on an entry selects it (a file's name goes in the name field); a double click enters
// a folder or takes a file. Return is Open or Save (in the path field: go there), Esc Cancel;
// both come from the window's events (FileDialog::press_return, press_escape) and are carried
// out here once this frame's typing is in the fields.
//
// Its controls are noted for the GUI tests (control_rects.h): file_dialog_up, file_dialog_home,
// file_dialog_path, file_dialog_recent_K (K from 0, newest first), file_dialog_row_K (the
// listing's K-th entry, for K < kNotedRows), file_dialog_name, file_dialog_cancel,
// file_dialog_accept, and while it asks, file_dialog_replace and file_dialog_keep (its Cancel).
#pragma once

#include <cstddef>

#include "app/files/file_dialog.h"
#include "app/panel/control_rects.h"

namespace terrain::app {

// Rows past this many are not noted (the table of controls is bounded, and a folder is not).
inline constexpr std::size_t kNotedRows = 32;

// Draws the dialog while it is open (and closes its popup once it has closed); its controls
// are noted in `controls` unless it is null.
void draw_file_dialog(FileDialog& dialog, ControlRects* controls);

}  // namespace terrain::app
