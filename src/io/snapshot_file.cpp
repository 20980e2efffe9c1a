// Naming and writing PNG snapshots as the sketch names its saves (see snapshot_file.h).
#include "io/snapshot_file.h"

#include <exception>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "io/atomic_file.h"
#include "io/png.h"

namespace terrain::io {
namespace {

namespace fs = std::filesystem;

// Names tried for one save: <stem>.png, then <stem>-2.png up to <stem>-<kMaxNames>.png. A
// thousand saves of one map at one drop count in one second is far past any real use; past
// that the save fails rather than searching on.
constexpr int kMaxNames = 1000;

// Whether something (a file, a folder, even a dangling link) already has this name.
bool taken(const fs::path& path) {
  std::error_code ignored;
  return fs::exists(fs::symlink_status(path, ignored));
}

SaveResult failure(std::string why) {
  SaveResult result;
  result.error = std::move(why);
  return result;
}

}  // namespace

// The sketch's save handler names the file
// `hydraulic_erosion_${color_scheme}_seed${seed}_${drops}drops_${Math.floor(Date.now() / 1000)}`.
std::string snapshot_stem(std::string_view scheme_key, uint32_t seed, uint64_t drops,
                          int64_t unix_time) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string.
  std::string stem = "hydraulic_erosion_";
  stem += scheme_key;
  stem += "_seed";
  stem += std::to_string(seed);
  stem += "_";
  stem += std::to_string(drops);
  stem += "drops_";
  stem += std::to_string(unix_time);
  return stem;
}

namespace {

// The checks every save makes first: a stem that is one file name, and a folder that exists.
// The error, or "" when both are fine.
std::string save_problem(const fs::path& dir, std::string_view stem) {
  // The stem is one file name in the folder, never a path leading out of it.
  if (stem.empty() || stem == "." || stem == ".." ||
      stem.find_first_of(std::string_view("/\0", 2)) != std::string_view::npos) {
    return "cannot save a file named \"" + std::string(stem) +
           "\": the name must be one file name, without '/'";
  }
  std::error_code error;
  const fs::file_status status = fs::status(dir, error);
  if (status.type() == fs::file_type::not_found)
    return "cannot save in " + dir.string() + ": no such folder";
  if (error) return "cannot save in " + dir.string() + ": " + error.message();
  if (status.type() != fs::file_type::directory) {
    return "cannot save in " + dir.string() + ": it is not a folder";
  }
  return "";
}

// The n-th name tried for a save: <stem><extension>, then <stem>-2<extension>, ...
fs::path nth_name(const fs::path& dir, const std::string& stem, std::string_view extension, int n) {
  std::string name = stem;
  if (n > 1) {
    name += '-';
    name += std::to_string(n);
  }
  name += extension;
  return dir / name;
}

std::string all_taken(const fs::path& dir, const std::string& stem, std::string_view extension) {
  const std::string e(extension);
  return "cannot save " + (dir / (stem + e)).string() + ": it and " + stem + "-2" + e + " to " +
         stem + "-" + std::to_string(kMaxNames) + e + " are all taken";
}

}  // namespace

SaveResult save_new_file(const std::filesystem::path& folder, std::string_view stem,
                         std::string_view extension, std::span<const uint8_t> bytes) {
  const fs::path dir = folder.empty() ? fs::path(".") : folder;
  if (std::string problem = save_problem(dir, stem); !problem.empty()) return failure(problem);
  const std::string base(stem);
  for (int n = 1; n <= kMaxNames; n++) {
    const fs::path path = nth_name(dir, base, extension, n);
    if (taken(path)) continue;
    try {
      // Whole or not at all, and never over a file: a name taken between the check above
      // and the write makes it fail, and the next name is tried.
      io::write_file_atomically(path, bytes, io::WriteMode::never_overwrite);
      SaveResult result;
      result.ok = true;
      result.path = path;
      return result;
    } catch (const std::exception& e) {
      if (taken(path)) continue;
      return failure(e.what());
    }
  }
  return failure(all_taken(dir, base, extension));
}

SaveResult save_new_folder(const std::filesystem::path& folder, std::string_view stem,
                           const std::vector<NamedFile>& files) {
  const fs::path dir = folder.empty() ? fs::path(".") : folder;
  if (std::string problem = save_problem(dir, stem); !problem.empty()) return failure(problem);
  for (const NamedFile& file : files) {
    if (file.name.empty() || file.name.find('/') != std::string::npos) {
      return failure("cannot save a file named \"" + file.name + "\" in a folder");
    }
  }
  const std::string base(stem);
  for (int n = 1; n <= kMaxNames; n++) {
    const fs::path path = nth_name(dir, base, "", n);
    if (taken(path)) continue;
    // create_directory says whether it made the folder: one that appeared meanwhile is
    // never written into.
    std::error_code error;
    if (!fs::create_directory(path, error)) {
      if (!error || taken(path)) continue;
      return failure("cannot create " + path.string() + ": " + error.message());
    }
    try {
      // Each file staged (written and synced beside its name), then all put in place: a
      // failure part-way removes what was staged and the folder made for it.
      std::vector<StagedFile> staged;
      staged.reserve(files.size());
      for (const NamedFile& file : files) {
        staged.emplace_back(path / file.name, std::as_bytes(std::span<const uint8_t>(file.bytes)));
      }
      for (StagedFile& file : staged) file.commit(WriteMode::never_overwrite);
    } catch (const std::exception& e) {
      std::error_code ignored;
      fs::remove_all(path, ignored);
      return failure(e.what());
    }
    SaveResult result;
    result.ok = true;
    result.path = path;
    return result;
  }
  return failure(all_taken(dir, base, ""));
}

SaveResult save_snapshot(const std::filesystem::path& folder, std::string_view stem,
                         std::span<const uint8_t> rgba, int width, int height) {
  const fs::path dir = folder.empty() ? fs::path(".") : folder;
  if (std::string problem = save_problem(dir, stem); !problem.empty()) return failure(problem);
  std::vector<uint8_t> png;
  try {
    png = io::encode_png(rgba, width, height, io::PixelFormat::rgba8);
  } catch (const std::exception& e) {
    return failure("cannot save " + (dir / (std::string(stem) + ".png")).string() + ": " +
                   e.what());
  }
  return save_new_file(folder, stem, ".png", png);
}

}  // namespace terrain::io
