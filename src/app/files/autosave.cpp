// Autosave and recovery (autosave.h).
#include "app/files/autosave.h"

#include <fcntl.h>
#include <stdio.h>  // renameat2, RENAME_NOREPLACE (glibc >= 2.28)
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <utility>

namespace terrain::app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kAutosavePrefix = "autosave-";
constexpr const char* kDeclinedPrefix = "declined-";
constexpr const char* kUnreadablePrefix = "unreadable-";
constexpr const char* kLockExtension = ".lock";

// The PID part of "autosave-PID.tsmap" (or of another `prefix` and `ext`), or "" when the name
// is not one of ours.
std::string pid_part(const std::string& name, const char* prefix,
                     const std::string& ext = session::kMapFileExtension) {
  const std::string p = prefix;
  if (name.size() <= p.size() + ext.size() || name.compare(0, p.size(), p) != 0 ||
      name.compare(name.size() - ext.size(), ext.size(), ext) != 0) {
    return "";
  }
  const std::string pid = name.substr(p.size(), name.size() - p.size() - ext.size());
  const bool digits =
      std::all_of(pid.begin(), pid.end(), [](char c) { return c >= '0' && c <= '9'; });
  return digits ? pid : "";
}

// The PID part of ".autosave-PID.tsmap.tmp-XXXXXXXXXXXXXXXX", the temporary a save writes
// before it renames it into place (io/atomic_file.cpp names it so: a dot, the file's name,
// ".tmp-" and 16 hex digits), or "" when the name is not exactly that.
std::string temporary_pid_part(const std::string& name) {
  constexpr std::size_t kSuffix = 5 + 16;  // ".tmp-" and the digits
  if (name.size() <= 1 + kSuffix || name[0] != '.') return "";
  const std::size_t at = name.size() - kSuffix;
  if (name.compare(at, 5, ".tmp-") != 0) return "";
  const bool hex =
      std::all_of(name.begin() + static_cast<std::ptrdiff_t>(at + 5), name.end(),
                  [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
  if (!hex) return "";
  return pid_part(name.substr(1, at - 1), kAutosavePrefix);
}

fs::path lock_file_of(const fs::path& folder, const std::string& pid) {
  return folder / (std::string(kAutosavePrefix) + pid + kLockExtension);
}

// Whether `fd` is the file `path` names now (not one unlinked since it was opened; as open()
// does, through a symbolic link).
bool names(int fd, const fs::path& path) {
  struct stat open_file {};
  struct stat named {};
  return ::fstat(fd, &open_file) == 0 && ::stat(path.c_str(), &named) == 0 &&
         open_file.st_dev == named.st_dev && open_file.st_ino == named.st_ino;
}

// Whether a live run holds the lock of autosave-PID (tried without waiting, and let go).
bool held(const fs::path& lock_file) {
  // (Never through a symbolic link, and never waiting on a FIFO: a lock file is a regular file.)
  const int fd = ::open(lock_file.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return false;  // no lock file: no run holds it
  const bool taken = ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);  // closing lets go of a lock this took
  return taken;
}

// Removes a lock file nobody holds: taken first, so no live run's goes, and removed while
// taken, so a run that opened it meanwhile finds, once it has the lock, that the name is no
// longer its file and makes another (Autosave's constructor). Only a regular file, never one
// a symbolic link points at. Whether it went.
bool remove_free_lock(const fs::path& lock_file) {
  const int fd = ::open(lock_file.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return false;
  struct stat s {};
  bool removed = false;
  if (::fstat(fd, &s) == 0 && S_ISREG(s.st_mode) && ::flock(fd, LOCK_EX | LOCK_NB) == 0 &&
      names(fd, lock_file)) {
    removed = ::unlink(lock_file.c_str()) == 0;
  }
  ::close(fd);
  return removed;
}

// Moves `from` to `to` unless a file is there (errno EEXIST then), in one step; as
// io/atomic_file.cpp does, with link() where the file system has no RENAME_NOREPLACE.
int rename_no_replace(const fs::path& from, const fs::path& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return -1;
  if (::link(from.c_str(), to.c_str()) != 0) return -1;
  ::unlink(from.c_str());
  return 0;
}

bool is_regular(const fs::directory_entry& entry) {
  std::error_code ec;
  return entry.symlink_status(ec).type() == fs::file_type::regular;
}

std::time_t written_at(const fs::path& file) {
  std::error_code ec;
  const auto when = fs::last_write_time(file, ec);
  if (ec) return 0;
  return std::chrono::system_clock::to_time_t(std::chrono::file_clock::to_sys(when));
}

// The PID part of a leftover's name, whichever kind it is.
std::string leftover_pid(const fs::path& file) {
  const std::string name = file.filename().string();
  for (const char* prefix : {kAutosavePrefix, kDeclinedPrefix}) {
    if (std::string pid = pid_part(name, prefix); !pid.empty()) return pid;
  }
  return "";
}

}  // namespace

Autosave::Autosave(fs::path folder) : folder_(std::move(folder)) {
  std::error_code ec;
  fs::create_directories(folder_, ec);
  const std::string pid = std::to_string(::getpid());
  file_ = folder_ / (std::string(kAutosavePrefix) + pid + session::kMapFileExtension);
  lock_file_ = lock_file_of(folder_, pid);
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
  // No other live process has this number, but another run starting may hold the lock file a
  // moment as it looks whether it is free, and may remove it then (remove_free_lock): so a
  // lock held by someone is tried again, and one whose file went is taken again on a new file.
  constexpr int kAttempts = 100;  // 10 ms apart: a second in all
  std::string why;
  for (int attempt = 0; attempt < kAttempts; attempt++) {
    // Only a regular file is a lock: never a device, a FIFO or what a symbolic link names.
    lock_ =
        ::open(lock_file_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (lock_ < 0) {
      why = errno == ELOOP ? "its lock file " + lock_file_.string() + " is a symbolic link"
                           : std::string(std::strerror(errno));
      break;
    }
    struct stat kind {};
    if (::fstat(lock_, &kind) != 0 || !S_ISREG(kind.st_mode)) {
      ::close(lock_);
      lock_ = -1;
      why = "its lock file " + lock_file_.string() + " is not a regular file";
      break;
    }
    if (::flock(lock_, LOCK_EX | LOCK_NB) == 0) {
      if (names(lock_, lock_file_)) return;
      why = "its lock file " + lock_file_.string() + " keeps being removed";
    } else {
      why = errno == EWOULDBLOCK
                ? "its lock file " + lock_file_.string() + " is held by another process"
                : std::string(std::strerror(errno));
    }
    ::close(lock_);
    lock_ = -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  throw std::runtime_error("cannot keep autosaves in " + folder_.string() + ": " + why);
}

Autosave::~Autosave() {
  if (writing_.valid()) writing_.wait();
  let_go_of_lock();
}

void Autosave::let_go_of_lock() {
  if (lock_ < 0) return;
  // Removed while still held (see remove_free_lock), and only if it is still this run's file.
  if (names(lock_, lock_file_)) ::unlink(lock_file_.c_str());
  ::close(lock_);
  lock_ = -1;
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
  let_go_of_lock();  // the file, if kept, is left behind now
}

int Autosave::tidy(const fs::path& folder) {
  int removed = 0;
  std::error_code ec;
  std::vector<fs::path> temporaries;
  std::vector<fs::path> locks;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    if (!is_regular(entry)) continue;
    const std::string name = entry.path().filename().string();
    if (!temporary_pid_part(name).empty()) {
      temporaries.push_back(entry.path());
    } else if (!pid_part(name, kAutosavePrefix, kLockExtension).empty()) {
      locks.push_back(entry.path());
    }
  }
  // The temporaries first: a live run writes one only while it holds its lock (it takes the
  // lock before it saves), so one whose lock is free or gone is a dead run's.
  for (const fs::path& temporary : temporaries) {
    const std::string pid = temporary_pid_part(temporary.filename().string());
    if (!held(lock_file_of(folder, pid)) && fs::remove(temporary, ec)) removed++;
  }
  for (const fs::path& lock : locks) removed += remove_free_lock(lock);
  return removed;
}

std::vector<Autosave::Leftover> Autosave::leftovers(const fs::path& folder) {
  tidy(folder);
  std::vector<Leftover> found;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (const std::string pid = pid_part(name, kAutosavePrefix); !pid.empty()) {
      if (held(lock_file_of(folder, pid))) continue;
      found.push_back({entry.path(), written_at(entry.path()), false});
    } else if (!pid_part(name, kDeclinedPrefix).empty()) {
      found.push_back({entry.path(), written_at(entry.path()), true});
    }
  }
  std::sort(found.begin(), found.end(),
            [](const Leftover& a, const Leftover& b) { return a.saved > b.saved; });
  return found;
}

bool Autosave::bring_back(std::vector<Leftover>& leftovers,
                          const std::function<Opened(const Leftover&)>& open,
                          const std::function<void(const std::string&)>& refuse) {
  while (!leftovers.empty()) {
    const Leftover leftover = leftovers.front();
    leftovers.erase(leftovers.begin());
    const Opened why_not = open(leftover);
    if (!why_not) {
      recovered(leftover);
      return true;
    }
    // Kept, not removed: the reason may pass (memory, a file of a newer version) and the map
    // is someone's work; but it is never offered again, so it keeps no older one from coming
    // back.
    const fs::path kept = set_aside(leftover);
    std::string message = *why_not;
    message += message.empty() ? "The map" : "; the map";
    message += " autosaved " + saved_when(leftover) + " cannot be brought back";
    message += kept.empty() ? " (it stays as " + leftover.file.string() + ")"
                            : ": it is kept as " + kept.string() + " and not offered again";
    if (!leftovers.empty()) {
      message += "; trying the one autosaved " + saved_when(leftovers.front());
    }
    refuse(message);
  }
  return false;
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
  remove_free_lock(lock_file_of(leftover.file.parent_path(), pid));
}

void Autosave::recovered(const Leftover& leftover) {
  std::error_code ec;
  fs::remove(leftover.file, ec);
  const std::string pid = pid_part(leftover.file.filename().string(), kAutosavePrefix);
  if (!pid.empty()) remove_free_lock(lock_file_of(leftover.file.parent_path(), pid));
}

fs::path Autosave::set_aside(const Leftover& leftover) {
  const fs::path folder = leftover.file.parent_path();
  const std::string pid = leftover_pid(leftover.file);
  // Never over another file set aside before: a name of its own, numbered if need be.
  for (int k = 1; k <= 1000; k++) {
    std::string name = std::string(kUnreadablePrefix) + pid;
    if (k > 1) {
      name += '-';  // (appended apart: GCC 12 sees a false overlap in "-" + std::string)
      name += std::to_string(k);
    }
    const fs::path to = folder / (name + session::kMapFileExtension);
    if (rename_no_replace(leftover.file, to) == 0) {
      if (!leftover.declined) remove_free_lock(lock_file_of(folder, pid));
      return to;
    }
    if (errno != EEXIST) break;
  }
  return {};
}

std::string Autosave::saved_when(const Leftover& leftover) {
  char when[32] = "";
  std::tm local{};
  if (localtime_r(&leftover.saved, &local) != nullptr)
    std::strftime(when, sizeof when, "%H:%M, %d %b", &local);
  return when;
}

}  // namespace terrain::app
