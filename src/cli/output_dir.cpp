// terrain-cli's output directory (see output_dir.h).
#include "cli/output_dir.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include "cli/options.h"

namespace terrain::cli {

namespace fs = std::filesystem;

OutputDirectory::OutputDirectory(fs::path dir, std::vector<std::string> names, bool force)
    : dir_(std::move(dir)), names_(std::move(names)), force_(force) {
  std::error_code error;
  const fs::file_status status = fs::status(dir_, error);
  if (fs::exists(status)) {
    if (!fs::is_directory(status)) usage_error("--out " + shown(dir_) + " is not a directory");
    // An existing output file is refused before anything is created or computed.
    for (const std::string& name : names_) {
      const fs::path target = dir_ / name;
      const fs::file_status existing = fs::symlink_status(target, error);
      if (!fs::exists(existing)) continue;
      if (fs::is_directory(existing)) {
        usage_error(shown(target) + " is a directory, so --force cannot replace it with a file");
      }
      // Only a regular file is replaced, --force or not (io/atomic_file.h).
      if (const std::string refusal = io::replace_refusal(target); !refusal.empty()) {
        usage_error(shown(target) + ": " + refusal +
                    " (allowed: a new file, or with --force a regular file to replace)");
      }
      if (!force_) {
        usage_error(shown(target) + " already exists (pass --force to replace the output files)");
      }
    }
  } else {
    // The missing directories, innermost first, then created outermost first.
    std::vector<fs::path> missing;
    for (fs::path p = dir_; !p.empty(); p = p.parent_path()) {
      std::error_code ignored;
      if (fs::exists(fs::status(p, ignored))) break;
      missing.push_back(p);
      if (p == p.parent_path()) break;
    }
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
      if (::mkdir(it->c_str(), 0777) == 0) {
        created_dirs_.push_back(*it);
      } else if (errno != EEXIST || !fs::is_directory(*it, error)) {
        // "out/" names "out" twice over; anything else is a real failure.
        const int why = errno;
        const std::string reason = std::system_category().message(why);
        for (auto d = created_dirs_.rbegin(); d != created_dirs_.rend(); ++d) ::rmdir(d->c_str());
        created_dirs_.clear();
        usage_error("--out " + shown(dir_) + ": cannot create directory " + shown(*it) + ": " +
                    reason);
      }
    }
  }
  // Proves a file can be made here (a read-only or special file system fails now, before
  // the run, not after it): stages an empty first file and drops it.
  try {
    io::StagedFile probe(dir_ / names_.front(), std::span<const std::byte>());
  } catch (const std::exception& e) {
    for (auto d = created_dirs_.rbegin(); d != created_dirs_.rend(); ++d) ::rmdir(d->c_str());
    created_dirs_.clear();
    usage_error("--out " + shown(dir_) + " cannot be written: " + e.what());
  }
}

OutputDirectory::~OutputDirectory() {
  if (committed_) return;
  staged_.clear();  // removes the temporaries
  // Only directories that are empty again go (rmdir refuses any other), innermost first.
  for (auto d = created_dirs_.rbegin(); d != created_dirs_.rend(); ++d) ::rmdir(d->c_str());
}

void OutputDirectory::stage(std::string_view name, std::span<const std::byte> bytes) {
  try {
    staged_.emplace_back(dir_ / name, bytes);
  } catch (const std::exception& e) {
    usage_error(e.what());
  }
}

void OutputDirectory::commit() {
  const io::WriteMode mode = force_ ? io::WriteMode::replace : io::WriteMode::never_overwrite;
  for (std::size_t i = 0; i < staged_.size(); i++) {
    try {
      staged_[i].commit(mode);
    } catch (const std::exception& e) {
      // Files this run created are taken back; with --force an older file already replaced
      // cannot be, so those are left (they are whole files either way).
      if (!force_) {
        for (std::size_t k = 0; k < i; k++) ::unlink(staged_[k].target().c_str());
      }
      std::string message = e.what();
      if (message.ends_with("already exists")) message += " (pass --force to replace it)";
      usage_error(message);
    }
  }
  committed_ = true;
}

}  // namespace terrain::cli
