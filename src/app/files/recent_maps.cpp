// The maps opened and saved lately (recent_maps.h), as JSON with nlohmann-json.
#include "app/files/recent_maps.h"

#include <sys/stat.h>

#include <algorithm>
#include <system_error>
#include <utility>

#include "io/atomic_file.h"
#include "session/json_read.h"

namespace terrain::app {

using session::json_read::Json;

RecentMaps::RecentMaps(std::filesystem::path file) : file_(std::move(file)) {
  try {
    // Read on the window's thread: only a regular file of a bounded size is read, so a FIFO or
    // a device in its place can neither block the window nor fill the memory.
    const Json json = session::json_read::parse_json(
        io::read_file(file_, {"the recent maps' list", kMaxBytes}), {kMaxValues});
    for (const auto& path : json.at("maps")) {
      if (path.is_string() && paths_.size() < kMost) paths_.push_back(path.get<std::string>());
    }
  } catch (const std::exception&) {
    paths_.clear();  // none yet, or not what it should be: an empty list
  }
}

void RecentMaps::add(const std::string& path) {
  paths_.erase(std::remove(paths_.begin(), paths_.end(), path), paths_.end());
  paths_.insert(paths_.begin(), path);
  if (paths_.size() > kMost) paths_.resize(kMost);
  write();
}

void RecentMaps::remove(std::size_t index) {
  if (index >= paths_.size()) return;
  paths_.erase(paths_.begin() + static_cast<std::ptrdiff_t>(index));
  write();
}

bool RecentMaps::exists(std::size_t index) const {
  // stat() on the text itself: looking, once a second, allocates nothing.
  struct stat st = {};
  return index < paths_.size() && ::stat(paths_[index].c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

void RecentMaps::write() {
  Json json;
  json["maps"] = paths_;
  try {
    io::write_file_atomically(file_, json.dump(2) + "\n", io::WriteMode::replace);
    error_.clear();
  } catch (const std::exception& e) {
    error_ = e.what();
  }
}

}  // namespace terrain::app
