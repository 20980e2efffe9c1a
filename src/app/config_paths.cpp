#include "app/config_paths.h"

#include <cstdlib>
#include <system_error>

namespace terrain::app {

namespace {

// $VARIABLE/terrain-sandbox, or $HOME/FALLBACK/terrain-sandbox, made if missing.
std::optional<std::filesystem::path> xdg_folder(const char* variable, const char* fallback) {
  std::filesystem::path base;
  const char* xdg = std::getenv(variable);
  if (xdg != nullptr && xdg[0] == '/') {
    base = xdg;
  } else {
    const char* home = std::getenv("HOME");
    if (home == nullptr || home[0] != '/') return std::nullopt;
    base = std::filesystem::path(home) / fallback;
  }
  const std::filesystem::path folder = base / "terrain-sandbox";
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec || !std::filesystem::is_directory(folder, ec)) return std::nullopt;
  return folder;
}

}  // namespace

std::optional<std::filesystem::path> config_folder() {
  return xdg_folder("XDG_CONFIG_HOME", ".config");
}

std::optional<std::filesystem::path> state_folder() {
  return xdg_folder("XDG_STATE_HOME", ".local/state");
}

}  // namespace terrain::app
