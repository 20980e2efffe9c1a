#include "app/config_paths.h"

#include <cstdlib>
#include <system_error>

namespace terrain::app {

std::optional<std::filesystem::path> config_folder() {
  std::filesystem::path base;
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg != nullptr && xdg[0] == '/') {
    base = xdg;
  } else {
    const char* home = std::getenv("HOME");
    if (home == nullptr || home[0] != '/') return std::nullopt;
    base = std::filesystem::path(home) / ".config";
  }
  const std::filesystem::path folder = base / "terrain-sandbox";
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec || !std::filesystem::is_directory(folder, ec)) return std::nullopt;
  return folder;
}

}  // namespace terrain::app
