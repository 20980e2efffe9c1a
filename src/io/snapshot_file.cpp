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

SaveResult save_snapshot(const std::filesystem::path& folder, std::string_view stem,
                         std::span<const uint8_t> rgba, int width, int height) {
  // The stem is one file name in the folder, never a path leading out of it.
  if (stem.empty() || stem == "." || stem == ".." ||
      stem.find_first_of(std::string_view("/\0", 2)) != std::string_view::npos) {
    return failure("cannot save a snapshot named \"" + std::string(stem) +
                   "\": the name must be one file name, without '/'");
  }
  const fs::path dir = folder.empty() ? fs::path(".") : folder;
  std::error_code error;
  const fs::file_status status = fs::status(dir, error);
  if (status.type() == fs::file_type::not_found) {
    return failure("cannot save in " + dir.string() + ": no such folder");
  }
  if (error) return failure("cannot save in " + dir.string() + ": " + error.message());
  if (status.type() != fs::file_type::directory) {
    return failure("cannot save in " + dir.string() + ": it is not a folder");
  }

  const std::string base(stem);
  std::vector<uint8_t> png;
  try {
    png = io::encode_png(rgba, width, height, io::PixelFormat::rgba8);
  } catch (const std::exception& e) {
    return failure("cannot save " + (dir / (base + ".png")).string() + ": " + e.what());
  }

  for (int n = 1; n <= kMaxNames; n++) {
    const fs::path path = dir / (n == 1 ? base + ".png" : base + "-" + std::to_string(n) + ".png");
    if (taken(path)) continue;
    try {
      // Whole or not at all, and never over a file: a name taken between the check above
      // and the write makes it fail, and the next name is tried.
      io::write_file_atomically(path, std::span<const uint8_t>(png),
                                io::WriteMode::never_overwrite);
      SaveResult result;
      result.ok = true;
      result.path = path;
      return result;
    } catch (const std::exception& e) {
      if (taken(path)) continue;
      return failure(e.what());
    }
  }
  return failure("cannot save " + (dir / (base + ".png")).string() + ": it and " + base +
                 "-2.png to " + base + "-" + std::to_string(kMaxNames) + ".png are all taken");
}

}  // namespace terrain::io
