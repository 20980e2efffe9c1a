// Autosave and recovery: while the map changes it is saved every kEverySeconds seconds as a map
// file in the state folder ($XDG_STATE_HOME/terrain-sandbox), from a copy made on the main
// thread (the history's commands and a grid or two new since the last time: session::GridCache)
// and written on a worker thread, whole or not at all. So a crash, a kill -9 or a power cut
// loses at most a few seconds of the map, and the next start offers to bring it back, history
// and all.
//
// Each run has a file of its own, autosave-PID.tsmap, and holds a lock on autosave-PID.lock
// (flock) for as long as it lives: two windows never write over each other's autosave, and a
// file whose lock nobody holds was left behind by a run that is gone. A run that quits removes
// its file when the map has no changes left unsaved, and keeps it (writing it a last time) when
// it has. Declining the offer keeps the file for one more start (declined-PID.tsmap); declined
// again, it goes. One that cannot be opened is set aside as unreadable-PID.tsmap: kept, never
// offered again, and the next older one is tried.
//
// A run killed (kill -9, a crash) leaves its lock file, and a save cut short its temporary
// (.autosave-PID.tsmap.tmp-*, as io/atomic_file.cpp names it): the next start removes those of runs
// that are gone, and nothing else (a lock is removed only while this process holds it, so a run
// starting meanwhile takes a lock file that stays).
//
// No SDL, GL or ImGui: tests/app/files/autosave_test.cpp tests it without a window.
#pragma once

#include <cstdint>
#include <ctime>
#include <filesystem>
#include <functional>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include "session/saved_map.h"

namespace terrain::app {

class Autosave {
 public:
  static constexpr double kEverySeconds = 5;

  // This run's autosave in `folder` (made if missing), its lock taken. Throws
  // std::runtime_error naming the folder when it cannot be used.
  explicit Autosave(std::filesystem::path folder);
  // Waits for a save under way; the lock file goes (the autosave, if any, is left behind: a run
  // that ends without end() ended as a crash would).
  ~Autosave();
  Autosave(const Autosave&) = delete;
  Autosave& operator=(const Autosave&) = delete;

  // Whether a save is due at `now` (seconds): kEverySeconds since the last one began, none
  // under way, and the map's `stamp` (what changes with it) not the one last saved.
  bool due(double now, const std::string& stamp) const;
  // Writes `saved` on a worker (the caller made it now, with cache()'s grids).
  void start(session::SavedMap saved, const std::string& stamp, double now);
  // The grids the last save copied, for the next one to take.
  session::GridCache& cache() { return cache_; }
  // Once a save's worker is done: "" when it wrote the file, else why not; nullopt meanwhile.
  std::optional<std::string> take_result();
  bool busy() const { return writing_.valid(); }
  // The run ends: with the map's changes unsaved (`unsaved`), written a last time now and kept
  // for the next start; else removed.
  void end(const std::optional<session::SavedMap>& unsaved);

  const std::filesystem::path& file() const { return file_; }

  // A map left behind: by a run that is gone (autosave-PID.tsmap, its lock free) or declined
  // once (declined-PID.tsmap).
  struct Leftover {
    std::filesystem::path file;
    std::time_t saved = 0;  // when it was last written
    bool declined = false;
  };
  // Those in `folder`, the newest first (none of a run still alive). On the way, the lock files
  // and half-written temporaries of runs that are gone are removed (tidy()).
  static std::vector<Leftover> leftovers(const std::filesystem::path& folder);
  // Removes from `folder` what runs that are gone left that is no map: autosave-PID.lock files
  // nobody holds, and .autosave-PID.tsmap.tmp-* temporaries of a PID whose lock nobody holds.
  // Regular files of exactly those names only. Returns how many went.
  static int tidy(const std::filesystem::path& folder);
  // Why a leftover did not open: its reason ("Cannot open PATH: ..."), or "" when it was said
  // already (as the map landed); nullopt when it opened.
  using Opened = std::optional<std::string>;
  // Brings back the newest leftover that opens: `leftovers` (newest first) are tried in turn
  // with `open`, which lands the map. Each that does not open is set aside (set_aside) and
  // `refuse` hears a message naming it, why and where it is kept; the one that opens goes
  // (recovered()). Those after it stay in `leftovers`. Whether one came back.
  static bool bring_back(std::vector<Leftover>& leftovers,
                         const std::function<Opened(const Leftover&)>& open,
                         const std::function<void(const std::string&)>& refuse);
  // Not brought back: kept for one more start, then removed.
  static void decline(const Leftover& leftover);
  // Brought back: the file goes (the map is autosaved under this run's name from now on).
  static void recovered(const Leftover& leftover);
  // Cannot be brought back (damaged, or not a map file at all): renamed unreadable-PID.tsmap
  // (another number if that is taken), never offered again and kept for whoever wants to look
  // at it. The new path, or empty when it could not be moved.
  static std::filesystem::path set_aside(const Leftover& leftover);
  // When it was last written, in local time: "10:32, 02 Dec".
  static std::string saved_when(const Leftover& leftover);

 private:
  // Removes the lock file (while still holding it) and lets go of the lock.
  void let_go_of_lock();

  std::filesystem::path folder_;
  std::filesystem::path file_;
  std::filesystem::path lock_file_;
  int lock_ = -1;
  session::GridCache cache_;
  std::future<std::string> writing_;
  double last_start_ = -1e9;
  std::string last_stamp_;
};

}  // namespace terrain::app
