// terrain-cli --verify-map FILE: a map file proves its own replay. Its whole history is
// replayed from its start, and at each checkpoint the map's state is hashed as the file hashed
// it (session::state_hash): the same hash is this build making the same bytes; another is the
// first place this build rains differently (a compiler flag or a library that changed what the
// rain computes).
#pragma once

#include <filesystem>

#include "cli/progress.h"
#include "session/work.h"

namespace terrain::cli {

// Prints a line for each checkpoint ("checkpoint 3 of 74, drop 12,288: the same") and one
// in all; returns 0 when every checkpoint is the same, 1 at the first that differs (which it
// names). Throws flags::UsageError for a file that cannot be read or is not a whole map file.
// The replay is long work: its progress on `progress`, and session::WorkStopped thrown when
// `work` is asked to stop (a signal).
int verify_map(const std::filesystem::path& path, Progress& progress, session::Work& work);

}  // namespace terrain::cli
