// The map file's container (.tsmap): a header, then sections, each compressed with zstd and
// carrying its own xxHash checksum, so that a file proves it is whole before anything of it is
// used. What the sections hold (the history, checkpoints, the view) is the session's
// (session/map_file_contents, to come); this is only the container, and its reader is the one
// that meets outside data (fuzzed: tests/fuzz/map_file_fuzz.cpp).
//
// The layout, every number little-endian:
//   magic           8 bytes  "TSMAP\r\n" then 0x1a (a text tool stops early at the 0x1a; a
//                            line-ending conversion shows as a bad magic)
//   format version  uint32   kMapFileVersion; a reader refuses a newer one, saying so
//   section count   uint32   at most kMaxMapFileSections
//   then each section:
//     tag           4 bytes  four ASCII letters ("HIST", "CHKP", "VIEW" ...)
//     raw size      uint64   its bytes uncompressed, at most kMaxMapFileSectionBytes
//     stored size   uint64   its bytes as stored (one zstd frame), at most what the file has left
//     checksum      uint64   XXH64 (seed 0) of the stored bytes
//     stored bytes
//   nothing after the last section.
// A reader checks every size against what the file holds before it allocates by it; a section
// is decompressed a bounded chunk at a time, so memory grows only with the bytes zstd actually
// produces, never with a size the file claims. Only the sections the reader asks for are
// decompressed, each up to its own limit checked against the size it declares first: a
// section of another tag, or a later one of a tag already read, has its sizes and checksum
// checked and is otherwise passed over, however much it would hold decompressed (60 sections
// of 512 MiB of zeros each fit in 2 MB).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain::io {

inline constexpr uint32_t kMapFileVersion = 1;
inline constexpr uint32_t kMaxMapFileSections = 64;
inline constexpr uint64_t kMaxMapFileSectionBytes = 512ull << 20;  // 512 MiB uncompressed
inline constexpr std::array<uint8_t, 8> kMapFileMagic = {'T', 'S', 'M', 'A', 'P', '\r', '\n', 0x1a};

// The most bytes a section of `raw` bytes takes stored: zstd's ZSTD_COMPRESSBOUND (map_file.cpp
// checks the two agree), of which the limits of a whole file are made.
constexpr uint64_t map_file_stored_bound(uint64_t raw) {
  constexpr uint64_t kSmall = 128 << 10;
  return raw + (raw >> 8) + (raw < kSmall ? (kSmall - raw) >> 11 : 0);
}
// The bytes of the container's header and of a section's.
inline constexpr uint64_t kMapFileHeaderBytes = 8 + 4 + 4;
inline constexpr uint64_t kMapFileSectionHeaderBytes = 4 + 8 + 8 + 8;

// A map file that cannot be read: what() is one line saying what is wrong with it.
class MapFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct MapFileSection {
  std::array<char, 4> tag{};   // four ASCII letters
  std::vector<uint8_t> bytes;  // uncompressed
  bool operator==(const MapFileSection&) const = default;
};

// The tag from four letters ("HIST").
std::array<char, 4> map_file_tag(const char (&letters)[5]);

// A section to write, its bytes in parts one after another (the grids of a map, each where it
// already is: nothing is gathered into one buffer first).
struct MapFileSectionParts {
  std::array<char, 4> tag{};
  std::vector<std::span<const uint8_t>> parts;
};

// The whole file, each section compressed straight into it (one allocation for the file).
// Throws std::invalid_argument for more than kMaxMapFileSections sections, a section over
// kMaxMapFileSectionBytes or a tag that is not four ASCII letters.
std::vector<uint8_t> encode_map_file(std::span<const MapFileSectionParts> sections);
std::vector<uint8_t> encode_map_file(std::span<const MapFileSection> sections);

// A section a reader asks for: its tag, and the most bytes it may hold decompressed (at most
// kMaxMapFileSectionBytes).
struct MapFileWanted {
  std::array<char, 4> tag{};
  uint64_t max_bytes = kMaxMapFileSectionBytes;
};

// The first section of each wanted tag the file holds, decompressed, in the file's order; every
// other section is checked whole (its sizes against the file, its checksum) but not
// decompressed. Throws MapFileError, one line each, for: an empty file, a file that is not a
// map file (another format's magic: "a PNG image, not a map file"), a newer format ("made by a
// newer Terrain Sandbox (format 3; this one reads up to 1)"), a file cut short, a section
// whose checksum or sizes do not match (a wanted one declaring more than its limit: "section
// VIEW claims 70000 bytes (at most 65536)"), too many sections, and bytes after the last
// section.
std::vector<MapFileSection> decode_map_file(std::span<const uint8_t> file,
                                            std::span<const MapFileWanted> wanted);

}  // namespace terrain::io
