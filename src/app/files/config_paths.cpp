#include "app/files/config_paths.h"

#include <cstdlib>
#include <system_error>

namespace terrain::app {

namespace {

namespace fs = std::filesystem;

// How an environment variable stands, for a message: "unset", or its value and what is wrong.
std::string variable_state(const char* name, const char* value) {
  std::string out = name;
  if (value == nullptr || value[0] == '\0') return out + " is unset";
  out += " is '";
  out += value;
  return out + "' (not an absolute path)";
}

// $VARIABLE/terrain-sandbox, or $HOME/FALLBACK/terrain-sandbox, made if missing; `what` names
// it in a problem ("state folder").
AppFolder xdg_folder(const char* variable, const char* fallback, const std::string& what) {
  AppFolder result;
  fs::path base;
  const char* xdg = std::getenv(variable);
  if (xdg != nullptr && xdg[0] == '/') {
    base = xdg;
  } else {
    const char* home = std::getenv("HOME");
    if (home == nullptr || home[0] != '/') {
      result.problem = "there is no " + what + ": " + variable_state(variable, xdg) + " and " +
                       variable_state("HOME", home);
      return result;
    }
    base = fs::path(home) / fallback;
  }
  const fs::path folder = base / "terrain-sandbox";
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) {
    // The system's words (strerror's): "Permission denied", "Not a directory".
    result.problem = "cannot make the " + what + " " + folder.string() + ": " + ec.message();
    return result;
  }
  if (!fs::is_directory(folder, ec)) {
    result.problem = "the " + what + " " + folder.string() + " is not a folder";
    return result;
  }
  result.path = folder;
  return result;
}

}  // namespace

AppFolder config_folder() {
  return xdg_folder("XDG_CONFIG_HOME", ".config", "config folder");
}

AppFolder state_folder() {
  return xdg_folder("XDG_STATE_HOME", ".local/state", "state folder");
}

}  // namespace terrain::app
