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

}  // namespace terrain::app
