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
// Errors: every failure throws std::runtime_error whose message names the path and gives the
// system's reason (strerror), e.g. "cannot write out/flow.npy: No space left on device".
//
// Sections: WriteMode; StagedFile (write now, put in place later, for writing several files
// as a set); write_file_atomically (the one-file form).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

namespace terrain::io {

enum class WriteMode {
  replace,          // an existing target is replaced atomically
  never_overwrite,  // an existing target is an error, and is left untouched
};

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
  // existing file is left unchanged. On any failure the temporary is removed and this throws;
  // calling commit() twice is an error (std::logic_error).
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

// The whole content of a file; throws std::runtime_error naming the path if it cannot be read.
std::string read_file(const std::filesystem::path& path);

}  // namespace terrain::io
