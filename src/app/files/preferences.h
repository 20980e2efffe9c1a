// What the app remembers between runs besides the panel's place (ImGui's .ini): the save
// folder, and the folders the file dialog used lately (file_dialog.h). A JSON file in the user's
// config folder (config_paths.h), written whole or not at all; a missing or unreadable file is the
// defaults.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace terrain::app {

struct Preferences {
  std::string save_folder;  // empty: the default (default_save_folder())
  // The file dialog's recent folders, newest first, at most kMostRecentFolders (file_dialog.h;
  // more in the file are dropped).
  std::vector<std::string> recent_folders;
};

// The most the preferences file (and user-dirs.dirs) may hold: nine paths (the save folder and
// the recent folders) of at most 4096 bytes, six times that written as JSON escapes.
inline constexpr uint64_t kMaxPreferencesBytes = uint64_t{256} << 10;
inline constexpr std::size_t kMaxPreferencesValues = 64;

// The preferences in `file`; the defaults when it is missing or not what it should be (not a
// regular file, over its limits, not JSON).
Preferences load_preferences(const std::filesystem::path& file);
// Writes them to `file` (replacing it whole); throws std::runtime_error naming the file.
void save_preferences(const std::filesystem::path& file, const Preferences& preferences);

// The panel's place as Dear ImGui keeps it (its .ini text, in the config folder beside the
// preferences), read and written here rather than by ImGui, which would open a FIFO there and
// wait for a writer, or write through a link to a device: only a regular file of at most
// kMaxPanelSettingsBytes is read ("" when missing or refused: ImGui's defaults), and it is
// written whole or not at all, over a regular file only (io/atomic_file.h).
inline constexpr uint64_t kMaxPanelSettingsBytes = uint64_t{1} << 20;
std::string load_panel_settings(const std::filesystem::path& file);
// Throws std::runtime_error naming the file.
void save_panel_settings(const std::filesystem::path& file, const std::string& text);

// Where saves go unless the user said otherwise: a "Terrain Sandbox" folder in the desktop's
// Pictures folder (XDG_PICTURES_DIR of $XDG_CONFIG_HOME/user-dirs.dirs, as xdg-user-dir
// PICTURES reads it; else $HOME/Pictures), made on the first save. "." when there is no home.
std::filesystem::path default_save_folder();

}  // namespace terrain::app
