// Whole-file-or-nothing writes (see atomic_file.h).
//
// Sections: system helpers (errors, kinds of files, temporary names, writing, directory sync);
// what may be replaced; StagedFile; the one-file forms; read_file.
#include "io/atomic_file.h"

#include <fcntl.h>
#include <stdio.h>  // renameat2, RENAME_NOREPLACE (glibc >= 2.28)
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <random>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace terrain::io {
namespace {

namespace fs = std::filesystem;

// The system's words for an errno value (thread-safe, unlike strerror).
std::string reason(int error) {
  return std::system_category().message(error);
}

[[noreturn]] void fail(const fs::path& target, const std::string& why) {
  throw std::runtime_error("cannot write " + target.string() + ": " + why);
}

// What a file's mode says it is, for messages ("a FIFO"); "" for a regular file.
std::string kind_of(mode_t mode) {
  if (S_ISREG(mode)) return "";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO (a named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a regular file";
}

// The directory a path lives in ("." for a bare file name), where its temporary must go so
// that the final rename stays on one file system.
fs::path directory_of(const fs::path& target) {
  fs::path dir = target.parent_path();
  return dir.empty() ? fs::path(".") : dir;
}

// Creates a new, empty temporary file beside `target`, named ".NAME.tmp-XXXXXXXXXXXXXXXX"
// (hidden, and plainly ours), with O_EXCL so it never takes over someone else's file; a
// clash of the random suffix just draws again. Returns the open descriptor.
int create_temporary(const fs::path& target, fs::path& temporary) {
  // Draws another suffix on a name clash; 16 clashes of 64 random bits do not happen by chance.
  constexpr int kAttempts = 16;
  std::random_device entropy;
  for (int attempt = 0; attempt < kAttempts; attempt++) {
    const uint64_t suffix = (static_cast<uint64_t>(entropy()) << 32) ^ entropy();
    char hex[17];
    for (int i = 0; i < 16; i++) hex[i] = "0123456789abcdef"[(suffix >> (60 - 4 * i)) & 0xF];
    hex[16] = '\0';
    std::string name = ".";  // built step by step: GCC 12 warns falsely on "." + string
    name += target.filename().string();
    name += ".tmp-";
    name += hex;
    temporary = directory_of(target) / name;
    // 0666 less the umask: the permissions any newly created file would get.
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return fd;
    if (errno != EEXIST) {
      const int error = errno;
      temporary.clear();
      fail(target,
           reason(error) + " (creating a temporary file in " + directory_of(target).string() + ")");
    }
  }
  temporary.clear();
  fail(target, "could not find a free temporary file name");
}

// Writes all of `bytes` to `fd`, carrying on after short writes and signals. Returns 0 or
// the errno of the failure.
int write_all(int fd, std::span<const std::byte> bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    done += static_cast<std::size_t>(n);
  }
  return 0;
}

// Makes a rename in `dir` durable (the directory entry itself is data that can be lost in a
// crash). Best effort: some file systems refuse fsync on a directory, and by now the file is
// complete and in place whatever happens here.
void sync_directory(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// Moves `from` onto `to` only if `to` does not exist, in one step. Returns 0 or an errno
// (EEXIST when the target is there).
int rename_no_replace(const fs::path& from, const fs::path& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  const int error = errno;
  // File systems without RENAME_NOREPLACE answer EINVAL (or ENOSYS on old kernels); link()
  // also refuses an existing name atomically, and then the temporary's name is dropped.
  if (error != EINVAL && error != ENOSYS) return error;
  if (::link(from.c_str(), to.c_str()) != 0) return errno;
  ::unlink(from.c_str());
  return 0;
}

}  // namespace

// --- What may be replaced ------------------------------------------------------------------

std::string replace_refusal(const std::filesystem::path& target) {
  struct stat info {};
  if (::lstat(target.c_str(), &info) != 0) {
    // Nothing there is a new name; a path that cannot be looked at fails when written.
    return "";
  }
  if (S_ISREG(info.st_mode)) return "";
  if (!S_ISLNK(info.st_mode)) return "it is " + kind_of(info.st_mode) + ", not a file";
  struct stat pointed {};
  if (::stat(target.c_str(), &pointed) != 0) {
    return "it is a symbolic link to nothing that can be reached (" + reason(errno) + ")";
  }
  if (!S_ISREG(pointed.st_mode)) {
    return "it is a symbolic link to " + kind_of(pointed.st_mode) + ", not to a file";
  }
  return "";
}

// --- StagedFile ----------------------------------------------------------------------------

StagedFile::StagedFile(std::filesystem::path target, std::span<const std::byte> bytes)
    : target_(std::move(target)) {
  if (target_.empty() || !target_.has_filename()) fail(target_, "the path names no file");
  const int fd = create_temporary(target_, temporary_);
  int error = write_all(fd, bytes);
  // The bytes must be on disk before the name points at them, or a crash could leave a
  // complete-looking name over missing data.
  if (error == 0 && ::fsync(fd) != 0) error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) {
    discard();
    fail(target_, reason(error));
  }
}

StagedFile::~StagedFile() {
  discard();
}

StagedFile::StagedFile(StagedFile&& other) noexcept
    : target_(std::move(other.target_)),
      temporary_(std::exchange(other.temporary_, {})),
      committed_(other.committed_) {}

StagedFile& StagedFile::operator=(StagedFile&& other) noexcept {
  if (this != &other) {
    discard();
    target_ = std::move(other.target_);
    temporary_ = std::exchange(other.temporary_, {});
    committed_ = other.committed_;
  }
  return *this;
}

void StagedFile::commit(WriteMode mode) {
  if (committed_) throw std::logic_error("StagedFile::commit: " + target_.string() + " twice");
  if (temporary_.empty())
    throw std::logic_error("StagedFile::commit: " + target_.string() + " was discarded");
  int error = 0;
  if (mode == WriteMode::replace) {
    // Only a regular file is replaced (see the header). A name that is free is taken without
    // replacing, so that what appears there meanwhile is looked at again rather than replaced
    // unseen; the window left between the look and rename() is a rename of one directory entry,
    // and whoever can use it could remove the entry as well.
    for (int attempt = 0;; attempt++) {
      if (const std::string refusal = replace_refusal(target_); !refusal.empty()) {
        discard();
        fail(target_, refusal + " (allowed: " + kWritableTargets + ")");
      }
      struct stat info {};
      if (::lstat(target_.c_str(), &info) == 0) {
        if (::rename(temporary_.c_str(), target_.c_str()) != 0) error = errno;
        break;
      }
      error = rename_no_replace(temporary_, target_);
      // A name that appeared since the look is looked at again, a few times at most.
      if (error != EEXIST || attempt == 3) break;
    }
  } else {
    error = rename_no_replace(temporary_, target_);
  }
  if (error != 0) {
    discard();
    if (error == EEXIST) fail(target_, "it already exists");
    fail(target_, reason(error));
  }
  temporary_.clear();
  committed_ = true;
  sync_directory(directory_of(target_));
}

void StagedFile::discard() noexcept {
  if (temporary_.empty()) return;
  ::unlink(temporary_.c_str());
  temporary_.clear();
}

// --- One file ------------------------------------------------------------------------------

void write_file_atomically(const std::filesystem::path& target, std::span<const std::byte> bytes,
                           WriteMode mode) {
  StagedFile staged(target, bytes);
  staged.commit(mode);
}

void write_file_atomically(const std::filesystem::path& target, std::span<const uint8_t> bytes,
                           WriteMode mode) {
  write_file_atomically(target, std::as_bytes(bytes), mode);
}

void write_file_atomically(const std::filesystem::path& target, const std::string& text,
                           WriteMode mode) {
  write_file_atomically(target, std::as_bytes(std::span<const char>(text)), mode);
}

// --- Reading -------------------------------------------------------------------------------

ReadError::ReadError(const std::filesystem::path& path, const std::string& reason)
    : std::runtime_error("cannot read " + path.string() + ": " + reason), reason_(reason) {}

namespace {

// A descriptor closed however the reading ends.
struct Descriptor {
  int fd;
  ~Descriptor() { ::close(fd); }
};

// Refuses what is not a regular file (`info` of what the path names) or is over the limit.
void check_readable(const fs::path& path, const struct stat& info, const FileLimit& limit) {
  if (!S_ISREG(info.st_mode))
    throw ReadError(path, "it is " + kind_of(info.st_mode) + ", not a file");
  if (static_cast<uint64_t>(info.st_size) > limit.max_bytes) {
    throw ReadError(path, "it is " + std::to_string(info.st_size) + " bytes; " + limit.kind +
                              " is at most " + std::to_string(limit.max_bytes));
  }
}

}  // namespace

std::string read_file(const std::filesystem::path& path, const FileLimit& limit) {
  // Looked at before it is opened: opening a device can do something of its own (a tape
  // rewinds, a watchdog starts), and a FIFO's open waits for a writer.
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) throw ReadError(path, reason(errno));
  check_readable(path, info, limit);
  // O_NONBLOCK: should the name have become a FIFO since, its open does not wait for a writer;
  // what was opened is looked at again below. (A regular file's reads ignore the flag.)
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) throw ReadError(path, reason(errno));
  const Descriptor open_file{fd};
  if (::fstat(fd, &info) != 0) throw ReadError(path, reason(errno));
  check_readable(path, info, limit);
  std::string content;
  content.reserve(static_cast<std::size_t>(info.st_size));
  // Reads in blocks until end of file, never more than one byte past the limit: a file that
  // grows meanwhile is refused, not read on without end.
  constexpr std::size_t kBlock = 1 << 16;
  for (;;) {
    const std::size_t used = content.size();
    const auto room = static_cast<std::size_t>(
        std::min<uint64_t>(kBlock, limit.max_bytes + 1 - static_cast<uint64_t>(used)));
    if (room == 0) {
      throw ReadError(path, "it grew past " + std::to_string(limit.max_bytes) + " bytes (" +
                                limit.kind + " is at most that) while it was read");
    }
    content.resize(used + room);
    const ssize_t n = ::read(fd, content.data() + used, room);
    if (n < 0) {
      content.resize(used);
      if (errno == EINTR) continue;
      throw ReadError(path, reason(errno));
    }
    content.resize(used + static_cast<std::size_t>(n));
    if (n == 0) break;
  }
  return content;
}

}  // namespace terrain::io
