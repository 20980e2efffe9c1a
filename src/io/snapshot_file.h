// Naming and writing PNG snapshots as the sketch names its saves, never overwriting.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace terrain::io {

// hydraulic_erosion_<scheme key>_seed<seed>_<drops>drops_<unix time>  (no extension)
std::string snapshot_stem(std::string_view scheme_key, uint32_t seed, uint64_t drops,
                          int64_t unix_time);

struct SaveResult {
  bool ok = false;
  std::filesystem::path path;  // where it went, when ok
  std::string error;           // why not, when !ok (path and reason)
};

// Encodes RGBA8 pixels (top row first) as PNG and writes <folder>/<stem>.png whole or not at
// all, never replacing a file: if the name is taken, <stem>-2.png, -3, ... (a second save in
// the same second). The folder must exist.
SaveResult save_snapshot(const std::filesystem::path& folder, std::string_view stem,
                         std::span<const uint8_t> rgba, int width, int height);

}  // namespace terrain::io
