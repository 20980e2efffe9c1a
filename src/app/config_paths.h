// Where the app keeps what it remembers between runs: the user's config folder (XDG), never
// the working directory.
#pragma once

#include <filesystem>
#include <optional>

namespace terrain::app {

// $XDG_CONFIG_HOME/terrain-sandbox, or $HOME/.config/terrain-sandbox when XDG_CONFIG_HOME is
// unset or not absolute (as the XDG base directory spec says); created if missing. nullopt
// when neither is usable or the folder cannot be made.
std::optional<std::filesystem::path> config_folder();

// $XDG_STATE_HOME/terrain-sandbox, or $HOME/.local/state/terrain-sandbox (the spec's default):
// what the app keeps of a run that is not a setting (autosaves, the recent maps); created if
// missing. nullopt as above.
std::optional<std::filesystem::path> state_folder();

}  // namespace terrain::app
