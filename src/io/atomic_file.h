// Whole-file-or-nothing writes: a file either appears complete, or not at all.
//
// The bytes go to a temporary file beside the target (same directory, so same file system),
// are flushed and fsync'ed, and only then is the temporary renamed onto the target's name.
// A crash, a full disk or any other failure part-way leaves the target as it was: no half
// file is ever seen under the target's name, and the temporary is removed.
//
// Two modes:
//   replace          the target is replaced atomically if it exists (rename()).
//   never_overwrite  the write fails if the target exists, and that check cannot race with
//                    another writer: renameat2(RENAME_NOREPLACE), or link() where the file
//                    system lacks it, both of which refuse an existing name in one step.
//
// What is written over: only a regular file. A name that holds anything else is refused, in
// either mode, with its kind in the message ("it is a character device, not a file"), and is
// left as it was: a device node, a FIFO, a socket or a directory is never replaced by a file
// (a save to `/dev/full` as root would otherwise replace the device itself). A symbolic link is
// never written through: in replace mode a link to a regular file is replaced by the new file
// itself (the link goes; the file it pointed to is left as it was, as is anything outside the
// target's directory), and a link to anything else, or to nothing, is refused.
//
// Errors: every failure throws std::runtime_error whose message names the path and gives the
// system's reason (strerror), e.g. "cannot write out/flow.npy: No space left on device".
//
// Reading (read_file): only a regular file, whole, up to a limit of the file's kind checked
// before anything is read; anything else is refused without blocking (a FIFO, a device such as
// /dev/zero, a directory) and a file over its limit without reading it.
//
// Sections: WriteMode; what may be replaced; StagedFile (write now, put in place later, for
// writing several files as a set); write_file_atomically (the one-file form); read_file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>

namespace terrain::io {

enum class WriteMode {
  replace,          // an existing target is replaced atomically
  never_overwrite,  // an existing target is an error, and is left untouched
};

// Why a file written in replace mode may not take the place of what `target` names, in words
// ("it is a FIFO, not a file"), or "" when it may: nothing there, a regular file, or a
// symbolic link to a regular file (the link is replaced, see the top). Programs check their
// targets with it before any work, so that a refusal comes first, not after the work.
std::string replace_refusal(const std::filesystem::path& target);

// What is allowed in its place, for messages: "a new file, or a regular file to replace".
inline constexpr const char* kWritableTargets = "a new file, or a regular file to replace";

// A file's bytes written, flushed and fsync'ed to a temporary file beside `target`, waiting
// to be put in place with commit(). Destroying it uncommitted removes the temporary, so a
// set of files can be staged one by one and committed only once all of them were written.
class StagedFile {
 public:
  // Writes `bytes` to a new temporary file in the target's directory (created with mode
  // 0666 less the umask, as an ordinary file would be). Throws std::runtime_error naming the
  // target if the temporary cannot be created or written; nothing is left behind then.
  StagedFile(std::filesystem::path target, std::span<const std::byte> bytes);
  ~StagedFile();

  StagedFile(StagedFile&& other) noexcept;
  StagedFile& operator=(StagedFile&& other) noexcept;
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;

  // Puts the file in place under the target's name and syncs the directory. In
  // never_overwrite mode an existing target makes it throw ("... already exists") and the
  // existing file is left unchanged; in replace mode a target that is not a regular file (see
  // the top, replace_refusal) makes it throw and is left unchanged. On any failure the
  // temporary is removed and this throws; calling commit() twice is an error
  // (std::logic_error).
  void commit(WriteMode mode);

  // Removes the temporary now (what the destructor does); a no-op once committed.
  void discard() noexcept;

  const std::filesystem::path& target() const { return target_; }
  const std::filesystem::path& temporary() const { return temporary_; }
  bool committed() const { return committed_; }

 private:
  std::filesystem::path target_;
  std::filesystem::path temporary_;  // empty once committed or discarded
  bool committed_ = false;
};

// Writes `bytes` to `target` whole or not at all (StagedFile, then commit(mode)).
void write_file_atomically(const std::filesystem::path& target, std::span<const std::byte> bytes,
                           WriteMode mode);
void write_file_atomically(const std::filesystem::path& target, std::span<const uint8_t> bytes,
                           WriteMode mode);
void write_file_atomically(const std::filesystem::path& target, const std::string& text,
                           WriteMode mode);

// A kind of file read whole, for read_file: its name in messages and the most bytes one may
// have. Each reader states its own (heightmap.h, map_file.h, script.h, the app's files), from
// what its format can hold.
struct FileLimit {
  const char* kind;  // "a map file", "a heightmap" ...
  uint64_t max_bytes;
};
// The limit of a file whose reader states none: a gibibyte (the tests' own outputs).
inline constexpr FileLimit kAnyFileLimit{"a file read whole", uint64_t{1} << 30};

// A file that cannot be read: what() is "cannot read PATH: REASON"; reason() alone is for a
// caller that says it its own way ("Cannot open PATH: REASON").
class ReadError : public std::runtime_error {
 public:
  ReadError(const std::filesystem::path& path, const std::string& reason);
  const std::string& reason() const { return reason_; }

 private:
  std::string reason_;
};

// The whole content of the regular file at `path` (a symbolic link to one is followed). Throws
// ReadError, naming the path, for:
//   - anything but a regular file: "it is a directory, not a file", "it is a FIFO, not a file",
//     a character or block device, a socket. A FIFO never blocks (it is opened without
//     waiting for a writer), and a device is never opened (opening some does something);
//   - a file over the limit: "it is N bytes; a map file is at most M", checked before anything
//     is read, and never more than the limit read even if the file grows meanwhile;
//   - the system's errors (strerror: "No such file or directory").
std::string read_file(const std::filesystem::path& path, const FileLimit& limit = kAnyFileLimit);

}  // namespace terrain::io
