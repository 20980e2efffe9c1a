// terrain-cli --verify-map (verify_map.h).
#include "cli/verify_map.h"

#include <cstdio>
#include <memory>
#include <string>

#include "core/number_text.h"
#include "flags/flags.h"
#include "session/history.h"
#include "session/map.h"
#include "session/recorded_map.h"
#include "session/saved_map.h"

namespace terrain::cli {

int verify_map(const std::filesystem::path& path, Progress& progress, session::Work& work) {
  session::SavedMap saved;
  std::unique_ptr<session::History> history;
  try {
    session::OpenedMapFile file = session::open_map_file(path.string());
    saved = std::move(file.saved);
    history = std::make_unique<session::History>(std::move(file.history));
  } catch (const std::exception& e) {
    // open_map_file's messages start with the path: "walk.tsmap: section HIST is damaged".
    throw flags::UsageError(std::string("--verify-map ") + e.what());
  }
  // The history's start, grown as it was then (or on its ground of its own), then its commands
  // replayed to each checkpoint in turn.
  const session::MapRecipe& start = saved.commands;
  std::unique_ptr<session::Map> map =
      start.ground
          ? std::make_unique<session::Map>(start.seed, start.settings, *start.ground)
          : std::make_unique<session::Map>(start.seed, start.settings, saved.width, saved.height);
  const std::size_t count = saved.checkpoints.size();
  session::HistoryPosition at;
  work.set_total(history->cost(history->end()));
  for (std::size_t k = 0; k < count; k++) {
    const session::SavedCheckpoint& c = saved.checkpoints[k];
    run_watched(progress, "replaying " + path.filename().string(), work,
                [&] { session::replay_history(*map, *history, at, c.at, &work); });
    at = c.at;
    const uint64_t hash = session::state_hash(map->heights().values(), map->original().values(),
                                              map->rain().state(), map->drops());
    const std::string where = "checkpoint " + std::to_string(k + 1) + " of " +
                              std::to_string(count) + ", command " + std::to_string(c.at.atom) +
                              ", drop " + with_thousands(map->drops());
    if (hash != c.hash) {
      std::printf("%s: differs (this build makes other bytes here)\n", where.c_str());
      std::printf(
          "%s: this build does not replay the map as it was made; it first differs at "
          "checkpoint %zu\n",
          path.c_str(), k + 1);
      return 1;
    }
    std::printf("%s: the same\n", where.c_str());
  }
  progress.finish();
  std::printf("%s: this build replays all %zu checkpoints to the same bytes\n", path.c_str(),
              count);
  return 0;
}

}  // namespace terrain::cli
