// Where the app keeps what it remembers between runs: the user's config folder (XDG), never
// the working directory.
#pragma once

#include <filesystem>
#include <string>

namespace terrain::app {

// A folder of the app's, made if missing; or, when it cannot be had, why not.
struct AppFolder {
  std::filesystem::path path;  // empty when there is none
  // Why there is none, naming the folder and the system's reason: "cannot make the state folder
  // /home/ann/.local/state/terrain-sandbox: Permission denied".
  std::string problem;

  explicit operator bool() const { return !path.empty(); }
  const std::filesystem::path& operator*() const { return path; }
};

// $XDG_CONFIG_HOME/terrain-sandbox, or $HOME/.config/terrain-sandbox when XDG_CONFIG_HOME is
// unset or not absolute (as the XDG base directory spec says); created if missing. No path,
// and the problem, when neither is usable or the folder cannot be made.
AppFolder config_folder();

// $XDG_STATE_HOME/terrain-sandbox, or $HOME/.local/state/terrain-sandbox (the spec's default):
// what the app keeps of a run that is not a setting (autosaves, the recent maps); created if
// missing. No path, and the problem, as above.
AppFolder state_folder();

}  // namespace terrain::app
