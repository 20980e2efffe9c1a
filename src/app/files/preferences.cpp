// What the app remembers between runs (see preferences.h).
#include "app/files/preferences.h"

#include <cstdlib>
#include <sstream>
#include <string_view>

#include "app/files/file_dialog.h"
#include "io/atomic_file.h"
#include "session/json_read.h"

namespace terrain::app {

using session::json_read::Json;

Preferences load_preferences(const std::filesystem::path& file) {
  Preferences p;
  try {
    // Read on the window's thread at start: only a regular file of a bounded size is read, so
    // a FIFO or a device there can neither block the window nor fill the memory.
    const Json j = session::json_read::parse_json(
        io::read_file(file, {"the preferences file", kMaxPreferencesBytes}),
        {kMaxPreferencesValues});
    if (j.is_object() && j.contains("save_folder") && j["save_folder"].is_string()) {
      p.save_folder = j["save_folder"].get<std::string>();
    }
    if (j.is_object() && j.contains("recent_folders") && j["recent_folders"].is_array()) {
      for (const Json& folder : j["recent_folders"]) {
        if (p.recent_folders.size() >= kMostRecentFolders) break;
        if (folder.is_string()) p.recent_folders.push_back(folder.get<std::string>());
      }
    }
  } catch (const std::exception&) {
    return Preferences{};  // none yet, not ours, or half-edited by hand: the defaults
  }
  return p;
}

void save_preferences(const std::filesystem::path& file, const Preferences& preferences) {
  Json j;
  j["save_folder"] = preferences.save_folder;
  j["recent_folders"] = Json::array();
  for (std::size_t k = 0; k < preferences.recent_folders.size() && k < kMostRecentFolders; k++) {
    j["recent_folders"].push_back(preferences.recent_folders[k]);
  }
  io::write_file_atomically(file, j.dump(2) + "\n", io::WriteMode::replace);
}

std::string load_panel_settings(const std::filesystem::path& file) {
  try {
    return io::read_file(file, {"the panel's settings", kMaxPanelSettingsBytes});
  } catch (const std::exception&) {
    return "";  // none yet, or not a file: ImGui's defaults
  }
}

void save_panel_settings(const std::filesystem::path& file, const std::string& text) {
  io::write_file_atomically(file, text, io::WriteMode::replace);
}

namespace {

// XDG_PICTURES_DIR from user-dirs.dirs: a line XDG_PICTURES_DIR="$HOME/Pictures" (the path is
// "$HOME/..." or absolute, as xdg-user-dirs writes it). "" when there is none.
std::string pictures_from_user_dirs(const std::filesystem::path& file, const std::string& home) {
  // Only a regular file of a bounded size, as the preferences (a FIFO would block the start).
  std::string text;
  try {
    text = io::read_file(file, {"user-dirs.dirs", kMaxPreferencesBytes});
  } catch (const std::exception&) {
    return "";
  }
  std::istringstream in(text);
  constexpr std::string_view key = "XDG_PICTURES_DIR=";
  for (std::string line; std::getline(in, line);) {
    const std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line.compare(start, key.size(), key) != 0) continue;
    std::string value = line.substr(start + key.size());
    while (!value.empty() && (value.back() == ' ' || value.back() == '\r')) value.pop_back();
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
      value = value.substr(1, value.size() - 2);
    }
    if (value.rfind("$HOME", 0) == 0) value = home + value.substr(5);
    if (!value.empty() && value[0] == '/') return value;
  }
  return "";
}

}  // namespace

std::filesystem::path default_save_folder() {
  const char* home_env = std::getenv("HOME");
  const std::string home = home_env != nullptr && home_env[0] == '/' ? home_env : "";
  std::filesystem::path config;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && xdg[0] == '/') {
    config = xdg;
  } else if (!home.empty()) {
    config = std::filesystem::path(home) / ".config";
  }
  std::string pictures;
  if (!config.empty()) pictures = pictures_from_user_dirs(config / "user-dirs.dirs", home);
  if (pictures.empty()) {
    if (home.empty()) return ".";
    pictures = home + "/Pictures";
  }
  return std::filesystem::path(pictures) / "Terrain Sandbox";
}

}  // namespace terrain::app
