// Autosave and recovery (autosave.h).
#include "app/autosave.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace terrain::app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kAutosavePrefix = "autosave-";
constexpr const char* kDeclinedPrefix = "declined-";

// The PID part of "autosave-PID.tsmap", or "" when the name is not one of ours.
std::string pid_part(const std::string& name, const char* prefix) {
  const std::string p = prefix;
  const std::string ext = session::kMapFileExtension;
  if (name.size() <= p.size() + ext.size() || name.compare(0, p.size(), p) != 0 ||
      name.compare(name.size() - ext.size(), ext.size(), ext) != 0) {
    return "";
  }
  const std::string pid = name.substr(p.size(), name.size() - p.size() - ext.size());
  const bool digits =
      std::all_of(pid.begin(), pid.end(), [](char c) { return c >= '0' && c <= '9'; });
  return digits ? pid : "";
}

// Whether a live run holds the lock of autosave-PID (tried without waiting, and let go).
bool held(const fs::path& lock_file) {
  const int fd = ::open(lock_file.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return false;  // no lock file: no run holds it
  const bool taken = ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);  // closing lets go of a lock this took
  return taken;
}

std::time_t written_at(const fs::path& file) {
  std::error_code ec;
  const auto when = fs::last_write_time(file, ec);
  if (ec) return 0;
  return std::chrono::system_clock::to_time_t(std::chrono::file_clock::to_sys(when));
}

}  // namespace

Autosave::Autosave(fs::path folder) : folder_(std::move(folder)) {
  std::error_code ec;
  fs::create_directories(folder_, ec);
  const std::string pid = std::to_string(::getpid());
  file_ = folder_ / (std::string(kAutosavePrefix) + pid + session::kMapFileExtension);
  lock_file_ = folder_ / (std::string(kAutosavePrefix) + pid + ".lock");
  // A run gone long ago had this process's number: its map is kept under another name.
  if (fs::exists(file_, ec)) {
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    fs::rename(
        file_,
        folder_ / (std::string(kAutosavePrefix) + pid + "0" +
                   std::to_string(std::chrono::duration_cast<std::chrono::seconds>(now).count()) +
                   session::kMapFileExtension),
        ec);
  }
  lock_ = ::open(lock_file_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_ < 0 || ::flock(lock_, LOCK_EX | LOCK_NB) != 0) {
    const std::string why = std::strerror(errno);
    if (lock_ >= 0) ::close(lock_);
    throw std::runtime_error("cannot keep autosaves in " + folder_.string() + ": " + why);
  }
}

Autosave::~Autosave() {
  if (writing_.valid()) writing_.wait();
  if (lock_ >= 0) ::close(lock_);
}

bool Autosave::due(double now, const std::string& stamp) const {
  return !busy() && now - last_start_ >= kEverySeconds && stamp != last_stamp_;
}

void Autosave::start(session::SavedMap saved, const std::string& stamp, double now) {
  last_start_ = now;
  last_stamp_ = stamp;
  const fs::path file = file_;
  writing_ = std::async(std::launch::async, [saved = std::move(saved), file]() -> std::string {
    try {
      session::write_map_file(file.string(), saved, io::WriteMode::replace);
      return "";
    } catch (const std::exception& e) {
      return e.what();
    }
  });
}

std::optional<std::string> Autosave::take_result() {
  if (!writing_.valid() ||
      writing_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
    return std::nullopt;
  }
  return writing_.get();
}

void Autosave::end(const std::optional<session::SavedMap>& unsaved) {
  if (writing_.valid()) writing_.wait();
  std::error_code ec;
  if (unsaved) {
    try {
      session::write_map_file(file_.string(), *unsaved, io::WriteMode::replace);
    } catch (const std::exception&) {
      // The last autosave, a few seconds older, stays.
    }
  } else {
    fs::remove(file_, ec);
  }
  fs::remove(lock_file_, ec);  // the file, if kept, is left behind now
}

std::vector<Autosave::Leftover> Autosave::leftovers(const fs::path& folder) {
  std::vector<Leftover> found;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (const std::string pid = pid_part(name, kAutosavePrefix); !pid.empty()) {
      if (held(folder / (std::string(kAutosavePrefix) + pid + ".lock"))) continue;
      found.push_back({entry.path(), written_at(entry.path()), false});
    } else if (!pid_part(name, kDeclinedPrefix).empty()) {
      found.push_back({entry.path(), written_at(entry.path()), true});
    }
  }
  std::sort(found.begin(), found.end(),
            [](const Leftover& a, const Leftover& b) { return a.saved > b.saved; });
  return found;
}

void Autosave::decline(const Leftover& leftover) {
  std::error_code ec;
  if (leftover.declined) {
    fs::remove(leftover.file, ec);
    return;
  }
  const std::string name = leftover.file.filename().string();
  const std::string pid = pid_part(name, kAutosavePrefix);
  fs::rename(leftover.file,
             leftover.file.parent_path() /
                 (std::string(kDeclinedPrefix) + pid + session::kMapFileExtension),
             ec);
  fs::remove(leftover.file.parent_path() / (std::string(kAutosavePrefix) + pid + ".lock"), ec);
}

void Autosave::recovered(const Leftover& leftover) {
  std::error_code ec;
  fs::remove(leftover.file, ec);
  const std::string pid = pid_part(leftover.file.filename().string(), kAutosavePrefix);
  if (!pid.empty()) {
    fs::remove(leftover.file.parent_path() / (std::string(kAutosavePrefix) + pid + ".lock"), ec);
  }
}

}  // namespace terrain::app
