// The menu bar's entries that show a shortcut (menu_bar.h), with the key table's action whose
// key each shows and what the entry asks for: the shortcut's text comes from the key table
// (keys.h), so the menu cannot name a key the app does not answer, and keys_test checks that the
// key asks for what the entry does. No ImGui: the menu bar draws them.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "app/core/command.h"
#include "app/core/keys.h"
#include "session/settings.h"

namespace terrain::app {

struct MenuShortcut {
  const char* entry;  // the entry's name, as the menu bar notes it ("menu/ENTRY")
  KeyAction action;   // the key table's action whose first key the entry shows
  // What picking the entry asks for, given the settings now.
  Command (*asks)(const session::Settings& settings);
  // The key steps through its menu's entries (V through Map shows): it asks for this entry's
  // command only from the entry before it, rather than from anywhere.
  bool steps = false;
};

// Every entry of the menu bar that shows a shortcut.
std::span<const MenuShortcut> menu_shortcuts();

// The entry named `entry` (nullptr: none has a shortcut).
const MenuShortcut* menu_shortcut(std::string_view entry);

// The shortcut an action's entry shows: its first key in the key table, as key_name() names
// it ("Ctrl+O", "F11"); "" when the table has none.
std::string shortcut_text(KeyAction action);

}  // namespace terrain::app
