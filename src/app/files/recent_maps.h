// The maps opened and saved lately, newest first, for the panel's Map file section: kept in the
// state folder (config_paths.h: $XDG_STATE_HOME/terrain-sandbox/recent-maps.json), written
// whole or not at all; a missing or unreadable file is an empty list. A map whose file has gone
// stays listed, shown as missing, until it is removed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace terrain::app {

class RecentMaps {
 public:
  static constexpr std::size_t kMost = 10;
  // The most its file may hold when read: kMost paths of up to 4096 bytes, each six times
  // that as JSON escapes, with room to spare; a file over either is an empty list.
  static constexpr uint64_t kMaxBytes = uint64_t{1} << 20;
  static constexpr std::size_t kMaxValues = 1024;

  // The list kept in `file` (none yet: empty).
  explicit RecentMaps(std::filesystem::path file);

  const std::vector<std::string>& paths() const { return paths_; }
  // `path` to the top (once), the oldest beyond kMost dropped; written at once.
  void add(const std::string& path);
  // The entry at `index` goes; written at once. Nothing for an index past the end.
  void remove(std::size_t index);
  // Whether the file of the entry at `index` is still there (looked at now).
  bool exists(std::size_t index) const;
  // The last write's failure ("cannot write ..."), or "".
  const std::string& error() const { return error_; }

 private:
  void write();

  std::filesystem::path file_;
  std::vector<std::string> paths_;
  std::string error_;
};

}  // namespace terrain::app
