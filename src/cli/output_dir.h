// terrain-cli's output directory: checked before any work, written as a set at the end.
//
// Before the run: refuses an existing output file unless --force; creates the directory (and
// any missing parents) if needed; proves a file can be created in it. After the run: each
// file is staged (written and fsync'ed to a temporary beside its target), and only when all
// are staged are they renamed into place. If anything fails, the temporaries are removed, any
// file already put in place by this run (never an older one) is removed again, and the
// directories this run created are removed if they are still empty, so a failed run leaves
// things as they were. (With --force the older files a failed run already replaced cannot
// come back; renames within one directory practically never fail.)
#pragma once

#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include "io/atomic_file.h"

namespace terrain::cli {

class OutputDirectory {
 public:
  // Checks and prepares `dir` for the files `names`. Throws UsageError naming the path and
  // the reason: "DIR/flow.npy already exists (pass --force to replace the output files)",
  // "--out DIR is not a directory", "DIR/flow.npy: it is a FIFO, not a file (...)" (only a
  // regular file is replaced, --force or not), "cannot create directory ...", "cannot write ...".
  OutputDirectory(std::filesystem::path dir, std::vector<std::string> names, bool force);
  // Without a successful commit(): removes temporaries and the directories it created.
  ~OutputDirectory();
  OutputDirectory(const OutputDirectory&) = delete;
  OutputDirectory& operator=(const OutputDirectory&) = delete;

  // Writes one of the names' bytes to its temporary. Throws UsageError if it cannot.
  void stage(std::string_view name, std::span<const std::byte> bytes);
  // Puts every staged file in place (replacing with --force, else never overwriting). Throws
  // UsageError if one cannot be, after undoing what this run put in place.
  void commit();

  const std::filesystem::path& path() const { return dir_; }

 private:
  std::filesystem::path dir_;
  std::vector<std::string> names_;
  bool force_;
  std::vector<std::filesystem::path> created_dirs_;  // outermost first
  std::vector<io::StagedFile> staged_;
  bool committed_ = false;
};

}  // namespace terrain::cli
