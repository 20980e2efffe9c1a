// Naming and writing what the app saves into its save folder (PNG snapshots as the sketch names
// its saves, heightmaps, sets of files in a folder of their own), never overwriting.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace terrain::io {

// The sizes a picture of the map can be rendered at (--render-size, the panel's Render PNG).
inline constexpr int kMinRenderSide = 16;
inline constexpr int kMaxRenderWidth = 7680;
inline constexpr int kMaxRenderHeight = 4320;

// hydraulic_erosion_<scheme key>_seed<seed>_<drops>drops_<unix time>  (no extension)
std::string snapshot_stem(std::string_view scheme_key, uint32_t seed, uint64_t drops,
                          int64_t unix_time);

struct SaveResult {
  bool ok = false;
  std::filesystem::path path;  // where it went, when ok
  std::string error;           // why not, when !ok (path and reason)
};

// Writes `bytes` as <folder>/<stem><extension> (extension with its dot: ".exr") whole or not
// at all, never replacing a file: if the name is taken, <stem>-2<extension>, -3, ... The
// folder must exist; the stem must be one file name (no '/').
SaveResult save_new_file(const std::filesystem::path& folder, std::string_view stem,
                         std::string_view extension, std::span<const uint8_t> bytes);

// One file of a set saved together.
struct NamedFile {
  std::string name;  // a file name, no folders
  std::vector<uint8_t> bytes;
};
// Makes a new folder <folder>/<stem> (or <stem>-2, -3, ... if the name is taken: never into an
// existing one) and writes every file into it; all of them or, on any failure, none: the
// files written and the new folder are removed again. result.path is the new folder.
SaveResult save_new_folder(const std::filesystem::path& folder, std::string_view stem,
                           const std::vector<NamedFile>& files);

// Encodes RGBA8 pixels (top row first) as PNG and writes <folder>/<stem>.png whole or not at
// all, never replacing a file: if the name is taken, <stem>-2.png, -3, ... (a second save in
// the same second). The folder must exist.
SaveResult save_snapshot(const std::filesystem::path& folder, std::string_view stem,
                         std::span<const uint8_t> rgba, int width, int height);

}  // namespace terrain::io
