// The map file's container (see map_file.h): zstd for the sections, xxHash for their checksums.
#include "io/map_file.h"

#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string_view>

namespace terrain::io {
namespace {

// zstd's level: 1, zstd's fastest. Heights compress little at any level (3 keeps 2% more of a
// 300,000-drop map's grids for twice the time: bench/map_file_bench.cpp).
constexpr int kZstdLevel = 1;
// Decompression's step: memory grows this much at a time, as zstd produces it.
constexpr std::size_t kChunk = 64 * 1024;
constexpr std::size_t kHeaderBytes = kMapFileHeaderBytes;
constexpr std::size_t kSectionHeaderBytes = kMapFileSectionHeaderBytes;
static_assert(map_file_stored_bound(0) == ZSTD_COMPRESSBOUND(0) &&
              map_file_stored_bound(1000) == ZSTD_COMPRESSBOUND(1000) &&
              map_file_stored_bound(kMaxMapFileSectionBytes) ==
                  ZSTD_COMPRESSBOUND(kMaxMapFileSectionBytes));

// Little-endian numbers written into a buffer already sized.
void put_at(std::vector<uint8_t>& out, std::size_t at, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; i++)
    out[at + static_cast<std::size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
}

uint64_t get_le(std::span<const uint8_t> bytes) {
  uint64_t v = 0;
  for (std::size_t i = bytes.size(); i-- > 0;) v = (v << 8) | bytes[i];
  return v;
}

bool is_tag(std::span<const uint8_t> tag) {
  return std::all_of(tag.begin(), tag.end(), [](uint8_t c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  });
}

std::string tag_text(std::span<const uint8_t> tag) {
  return std::string(tag.begin(), tag.end());
}

// What another format's first bytes say it is, for the message; empty when unknown.
std::string foreign_format(std::span<const uint8_t> file) {
  const auto starts = [&](std::string_view magic) {
    return file.size() >= magic.size() && std::memcmp(file.data(), magic.data(), magic.size()) == 0;
  };
  if (starts("\x89PNG")) return "a PNG image";
  if (starts("\x93NUMPY")) return "a NumPy .npy file";
  if (starts(std::string_view("II*\0", 4)) || starts(std::string_view("MM\0*", 4))) {
    return "a TIFF image";
  }
  if (starts("\x76\x2f\x31\x01")) return "an OpenEXR image";
  if (starts("GIF8")) return "a GIF image";
  if (starts("\x28\xb5\x2f\xfd")) return "a zstd stream";
  if (starts("\x1f\x8b")) return "a gzip file";
  if (starts("PK\x03\x04")) return "a ZIP archive";
  if (starts("{") || starts("[")) return "a JSON text";
  return "";
}

struct DctxFree {
  void operator()(ZSTD_DCtx* c) const { ZSTD_freeDCtx(c); }
};

// One zstd frame, exactly `raw_size` bytes once decompressed; nothing after it.
std::vector<uint8_t> decompress(std::span<const uint8_t> stored, uint64_t raw_size,
                                const std::string& section) {
  const std::unique_ptr<ZSTD_DCtx, DctxFree> dctx(ZSTD_createDCtx());
  if (!dctx) throw std::bad_alloc();
  std::vector<uint8_t> raw;
  ZSTD_inBuffer in{stored.data(), stored.size(), 0};
  std::size_t left = 1;  // zstd's hint: 0 once the frame is complete
  while (left != 0) {
    // Room for the next chunk, but never past the size the section declares (+1, to notice
    // more).
    const std::size_t done = raw.size();
    const std::size_t room =
        static_cast<std::size_t>(std::min<uint64_t>(kChunk, raw_size + 1 - done));
    raw.resize(done + room);
    ZSTD_outBuffer out{raw.data() + done, room, 0};
    left = ZSTD_decompressStream(dctx.get(), &out, &in);
    raw.resize(done + out.pos);
    if (ZSTD_isError(left)) {
      throw MapFileError("section " + section + " is damaged (" + ZSTD_getErrorName(left) + ")");
    }
    if (raw.size() > raw_size) {
      throw MapFileError("section " + section + " holds more than the " + std::to_string(raw_size) +
                         " bytes it declares");
    }
    if (left != 0 && in.pos == in.size && out.pos < room) {
      throw MapFileError("section " + section + " is cut short");
    }
  }
  if (in.pos != in.size) {
    throw MapFileError("section " + section + " has bytes after its compressed data");
  }
  if (raw.size() != raw_size) {
    throw MapFileError("section " + section + " holds " + std::to_string(raw.size()) +
                       " bytes, not the " + std::to_string(raw_size) + " it declares");
  }
  return raw;
}

}  // namespace

std::array<char, 4> map_file_tag(const char (&letters)[5]) {
  return {letters[0], letters[1], letters[2], letters[3]};
}

namespace {

struct CctxFree {
  void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
};

}  // namespace

std::vector<uint8_t> encode_map_file(std::span<const MapFileSectionParts> sections) {
  if (sections.size() > kMaxMapFileSections) {
    throw std::invalid_argument("a map file holds at most " + std::to_string(kMaxMapFileSections) +
                                " sections");
  }
  // Room for the whole file at once: every section at zstd's bound.
  std::size_t bound = kHeaderBytes;
  for (const MapFileSectionParts& section : sections) {
    const auto* tag = reinterpret_cast<const uint8_t*>(section.tag.data());
    if (!is_tag({tag, 4})) throw std::invalid_argument("a section's tag is four ASCII letters");
    std::size_t raw = 0;
    for (const std::span<const uint8_t> part : section.parts) raw += part.size();
    if (raw > kMaxMapFileSectionBytes) {
      throw std::invalid_argument("section " + tag_text({tag, 4}) + " is over " +
                                  std::to_string(kMaxMapFileSectionBytes) + " bytes");
    }
    bound += kSectionHeaderBytes + ZSTD_compressBound(raw);
  }
  // The header, then each section compressed in place: one buffer, sized once.
  std::vector<uint8_t> out(bound);
  std::copy(kMapFileMagic.begin(), kMapFileMagic.end(), out.begin());
  put_at(out, 8, kMapFileVersion, 4);
  put_at(out, 12, sections.size(), 4);
  std::size_t at = kHeaderBytes;
  const std::unique_ptr<ZSTD_CCtx, CctxFree> cctx(ZSTD_createCCtx());
  if (!cctx) throw std::bad_alloc();
  const auto check = [](std::size_t r) {
    if (ZSTD_isError(r)) {
      throw std::runtime_error(std::string("zstd cannot compress: ") + ZSTD_getErrorName(r));
    }
    return r;
  };
  for (const MapFileSectionParts& section : sections) {
    std::copy(section.tag.begin(), section.tag.end(),
              out.begin() + static_cast<std::ptrdiff_t>(at));
    const std::size_t sizes = at + 4;  // raw size, stored size, checksum: filled in below
    const std::size_t start = sizes + 24;
    uint64_t raw = 0;
    for (const std::span<const uint8_t> part : section.parts) raw += part.size();
    check(ZSTD_CCtx_reset(cctx.get(), ZSTD_reset_session_only));
    check(ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, kZstdLevel));
    check(ZSTD_CCtx_setPledgedSrcSize(cctx.get(), raw));
    ZSTD_outBuffer dst{out.data(), out.size(), start};
    for (const std::span<const uint8_t> part : section.parts) {
      ZSTD_inBuffer src{part.data(), part.size(), 0};
      while (src.pos < src.size) {
        check(ZSTD_compressStream2(cctx.get(), &dst, &src, ZSTD_e_continue));
      }
    }
    ZSTD_inBuffer none{nullptr, 0, 0};
    while (check(ZSTD_compressStream2(cctx.get(), &dst, &none, ZSTD_e_end)) != 0) {
    }
    put_at(out, sizes, raw, 8);
    put_at(out, sizes + 8, dst.pos - start, 8);
    put_at(out, sizes + 16, XXH64(out.data() + start, dst.pos - start, 0), 8);
    at = dst.pos;
  }
  out.resize(at);
  return out;
}

std::vector<uint8_t> encode_map_file(std::span<const MapFileSection> sections) {
  std::vector<MapFileSectionParts> parts;
  for (const MapFileSection& s : sections) parts.push_back({s.tag, {s.bytes}});
  return encode_map_file(std::span<const MapFileSectionParts>(parts));
}

std::vector<MapFileSection> decode_map_file(std::span<const uint8_t> file,
                                            std::span<const MapFileWanted> wanted) {
  if (file.empty()) throw MapFileError("the file is empty");
  if (file.size() < kMapFileMagic.size() ||
      !std::equal(kMapFileMagic.begin(), kMapFileMagic.end(), file.begin())) {
    const std::string what = foreign_format(file);
    throw MapFileError(what.empty() ? "not a map file (it does not start as one)"
                                    : what + ", not a map file");
  }
  if (file.size() < kHeaderBytes) throw MapFileError("the file is cut short in its header");
  const auto version = static_cast<uint32_t>(get_le(file.subspan(8, 4)));
  if (version > kMapFileVersion) {
    throw MapFileError("made by a newer Terrain Sandbox (format " + std::to_string(version) +
                       "; this one reads up to " + std::to_string(kMapFileVersion) + ")");
  }
  if (version == 0) throw MapFileError("format 0 is no map file's format");
  const auto count = static_cast<uint32_t>(get_le(file.subspan(12, 4)));
  if (count > kMaxMapFileSections) {
    throw MapFileError("it claims " + std::to_string(count) + " sections (a map file has at most " +
                       std::to_string(kMaxMapFileSections) + ")");
  }
  std::vector<MapFileSection> sections;
  std::size_t at = kHeaderBytes;
  for (uint32_t k = 0; k < count; k++) {
    if (file.size() - at < kSectionHeaderBytes) {
      throw MapFileError("the file is cut short (section " + std::to_string(k + 1) + " of " +
                         std::to_string(count) + " is missing)");
    }
    const std::span<const uint8_t> tag = file.subspan(at, 4);
    const std::string name = is_tag(tag) ? tag_text(tag) : std::to_string(k + 1);
    if (!is_tag(tag)) throw MapFileError("section " + name + " has no tag: the file is damaged");
    const uint64_t raw_size = get_le(file.subspan(at + 4, 8));
    const uint64_t stored_size = get_le(file.subspan(at + 12, 8));
    const uint64_t checksum = get_le(file.subspan(at + 20, 8));
    at += kSectionHeaderBytes;
    // Read: the first of a wanted tag, up to its own limit; any other is only checked whole.
    const auto want = std::find_if(wanted.begin(), wanted.end(), [&](const MapFileWanted& w) {
      return std::equal(w.tag.begin(), w.tag.end(), tag.begin()) &&
             std::none_of(sections.begin(), sections.end(),
                          [&](const MapFileSection& s) { return s.tag == w.tag; });
    });
    const uint64_t most = want == wanted.end() ? kMaxMapFileSectionBytes
                                               : std::min(want->max_bytes, kMaxMapFileSectionBytes);
    if (raw_size > most) {
      throw MapFileError("section " + name + " claims " + std::to_string(raw_size) +
                         " bytes (at most " + std::to_string(most) + ")");
    }
    if (stored_size > file.size() - at) {
      throw MapFileError("the file is cut short (section " + name + " claims " +
                         std::to_string(stored_size) + " bytes, " +
                         std::to_string(file.size() - at) + " are left)");
    }
    const std::span<const uint8_t> stored = file.subspan(at, static_cast<std::size_t>(stored_size));
    at += static_cast<std::size_t>(stored_size);
    if (XXH64(stored.data(), stored.size(), 0) != checksum) {
      throw MapFileError("section " + name + " is damaged (its checksum does not match)");
    }
    if (want == wanted.end()) continue;
    MapFileSection section;
    section.tag = want->tag;
    section.bytes = decompress(stored, raw_size, name);
    sections.push_back(std::move(section));
  }
  if (at != file.size()) {
    throw MapFileError(std::to_string(file.size() - at) + " bytes follow the last section");
  }
  return sections;
}

}  // namespace terrain::io
