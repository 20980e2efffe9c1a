// libFuzzer target: a map file (.tsmap) read as the app and terrain-cli read one: the container
// (io::decode_map_file), its sections (session::read_map_file) and the history they make
// (session::history_of), on any bytes; and a map that reads opened at its place and rained on
// from there, its rivers worked out, as terrain-cli --open-map does.
//
// What must hold for every input: each step either succeeds or throws io::MapFileError (any
// other exception escapes, and libFuzzer reports the abort), and never crashes, hangs, leaks,
// allocates more than the file can hold decompressed (libFuzzer's -rss_limit_mb) or hits
// undefined behaviour (ASan, UBSan). Sections that read are written again with encode_map_file
// and read back the same; a map that reads is written again and reads back to the same history.
//
// Structure-aware: random bytes never get past the sections' XXH64 checksums and zstd frames
// (in 2.5 million runs of plain mutation the coverage rose only from 2,445 to 2,694, everything
// inside reached from the seed files alone). So the custom mutator below decodes the container
// and mutates what is inside it: one section's raw bytes (libFuzzer's mutations, or structural
// ones of the JSON sections, json_mutator.h), the grids' heights, the sections themselves
// (copied, dropped, swapped, renamed, or many of zeros added: gigabytes in kilobytes); or the
// map itself, its checkpoints' hashes worked out again so that the file still proves its
// grids, or a command carried out on it. It then compresses and hashes the sections again, as
// the container does. Input that does not decode gets libFuzzer's plain mutations, as the
// container's own bytes do now and then. The custom crossover mixes two files' sections, or
// splices a JSON value of one into the other's.
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "io/map_file.h"
#include "json_mutator.h"
#include "session/map.h"
#include "session/recorded_map.h"
#include "session/saved_map.h"

extern "C" std::size_t LLVMFuzzerMutate(uint8_t* data, std::size_t size, std::size_t max_size);

namespace {

namespace io = terrain::io;
namespace session = terrain::session;
using terrain::fuzz::log_uniform;
using terrain::fuzz::Random;

// What opening and raining on may cost a run: a place at most kMostReplay drops of rain (replay
// cost) after its checkpoint, a grid of at most kMostCells. A map the session saved may need its
// whole spacing, up to 16.7 million drops: far too slow for thousands of runs a second, and the
// programs' own bound is the (a stated cap, checked when the file is read).
constexpr uint64_t kMostReplay = 20000;
constexpr std::size_t kMostCells = 1 << 16;
constexpr uint64_t kRainOn = 100;
constexpr std::size_t kMostRewritten = std::size_t{64} << 20;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "map_file_fuzz: %s\n", what);
  std::abort();
}

// --- The custom mutator ------------------------------------------------------------------------
//
// It holds a file as its sections, and writes them back itself (docs/map-file.md, "The
// container": zstd level 1, XXH64 of the stored bytes) rather than with io::decode_map_file and
// io::encode_map_file: so that it keeps the sections a reader passes over, never decompresses a
// huge one (a section of more than kMostDecoded raw bytes is kept stored, as it is) and never
// holds the gigabytes of zeros it adds.

// The most a JSON section grows to in one mutation: room for a value nested kMostDepth deep.
constexpr std::size_t kMostJsonBytes = std::size_t{4} << 20;
// The largest section the mutator decompresses to change (a JSON section at its largest), and
// the most it decompresses of one file: the rest it keeps stored.
constexpr uint64_t kMostDecoded = kMostJsonBytes + (uint64_t{1} << 20);
constexpr uint64_t kMostDecodedInAll = uint64_t{16} << 20;
// The most bytes of zeros one mutation adds in all: past the fuzzer's memory limit (2 GiB in
// scripts/fuzz.sh) and the item 9, yet quick to compress.
constexpr uint64_t kMostZeros = uint64_t{4} << 30;
constexpr std::size_t kHeaderBytes = 16;         // magic, version, section count
constexpr std::size_t kSectionHeaderBytes = 28;  // tag, raw size, stored size, checksum

// A section: its raw bytes, or (when `stored` holds anything) its stored bytes as they are.
struct Section {
  std::array<char, 4> tag{};
  std::vector<uint8_t> raw;
  std::vector<uint8_t> stored;  // a whole zstd frame of `raw_size` bytes, kept compressed
  uint64_t raw_size = 0;
};

bool has_tag(const Section& s, const char (&tag)[5]) {
  return std::equal(s.tag.begin(), s.tag.end(), tag);
}

bool is_json(const Section& s) {
  return s.stored.empty() && (has_tag(s, "RCPE") || has_tag(s, "HIST") || has_tag(s, "VIEW"));
}

void put_le(std::vector<uint8_t>& out, uint64_t v, int bytes) {
  for (int k = 0; k < bytes; k++) out.push_back(static_cast<uint8_t>(v >> (8 * k)));
}

uint64_t get_le(std::span<const uint8_t> bytes) {
  uint64_t v = 0;
  for (std::size_t k = bytes.size(); k-- > 0;) v = v << 8 | bytes[k];
  return v;
}

// The sections of a file that has a map file's header and sections whose sizes fit it and
// whose frames decompress to what they declare (checksums are not checked: writing them again
// mends them). nullopt for anything else, which plain mutation takes.
std::optional<std::vector<Section>> sections_of(std::span<const uint8_t> file) {
  if (file.size() < kHeaderBytes ||
      !std::equal(io::kMapFileMagic.begin(), io::kMapFileMagic.end(), file.begin())) {
    return std::nullopt;
  }
  const uint64_t count = get_le(file.subspan(12, 4));
  if (count > io::kMaxMapFileSections) return std::nullopt;
  std::vector<Section> sections;
  std::size_t at = kHeaderBytes;
  uint64_t decoded = 0;
  for (uint64_t k = 0; k < count; k++) {
    if (file.size() - at < kSectionHeaderBytes) return std::nullopt;
    Section s;
    std::copy_n(file.begin() + static_cast<std::ptrdiff_t>(at), 4, s.tag.begin());
    s.raw_size = get_le(file.subspan(at + 4, 8));
    const uint64_t stored = get_le(file.subspan(at + 12, 8));
    at += kSectionHeaderBytes;
    if (stored > file.size() - at || s.raw_size > io::kMaxMapFileSectionBytes) return std::nullopt;
    const std::span<const uint8_t> frame = file.subspan(at, stored);
    at += stored;
    if (s.raw_size > kMostDecoded || decoded + s.raw_size > kMostDecodedInAll) {
      s.stored.assign(frame.begin(), frame.end());
    } else {
      decoded += s.raw_size;
      s.raw.resize(s.raw_size);
      const std::size_t n = ZSTD_decompress(s.raw.data(), s.raw.size(), frame.data(), frame.size());
      if (ZSTD_isError(n) || n != s.raw_size) return std::nullopt;
    }
    sections.push_back(std::move(s));
  }
  return sections;
}

// A frame of `raw` compressed as the programs write one (zstd level 1, the size in its header).
std::vector<uint8_t> frame_of(std::span<const uint8_t> raw) {
  std::vector<uint8_t> frame(ZSTD_compressBound(raw.size()));
  const std::size_t n = ZSTD_compress(frame.data(), frame.size(), raw.data(), raw.size(), 1);
  if (ZSTD_isError(n)) return {};
  frame.resize(n);
  return frame;
}

// A frame of `length` zero bytes, compressed from a small buffer of zeros fed again and again,
// so that the bytes (up to 512 MiB) never exist. Empty when zstd fails.
std::vector<uint8_t> zero_frame(std::size_t length) {
  static const std::vector<uint8_t> zeros(std::size_t{1} << 20);
  const std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(),
                                                                  &ZSTD_freeCCtx);
  if (!cctx || ZSTD_isError(ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, 1)) ||
      ZSTD_isError(ZSTD_CCtx_setPledgedSrcSize(cctx.get(), length))) {
    return {};
  }
  std::vector<uint8_t> frame;
  std::vector<uint8_t> buffer(ZSTD_CStreamOutSize());
  for (std::size_t left = length;;) {
    const std::size_t n = std::min(left, zeros.size());
    const ZSTD_EndDirective mode = n == left ? ZSTD_e_end : ZSTD_e_continue;
    ZSTD_inBuffer in{zeros.data(), n, 0};
    for (bool done = false; !done;) {
      ZSTD_outBuffer out{buffer.data(), buffer.size(), 0};
      const std::size_t r = ZSTD_compressStream2(cctx.get(), &out, &in, mode);
      if (ZSTD_isError(r)) return {};
      frame.insert(frame.end(), buffer.begin(),
                   buffer.begin() + static_cast<std::ptrdiff_t>(out.pos));
      done = mode == ZSTD_e_end ? r == 0 : in.pos == in.size;
    }
    left -= n;
    if (mode == ZSTD_e_end) break;
  }
  return frame;
}

// The file of these sections, each compressed (or as stored) and hashed as the container is.
// Empty when there are more than a file holds or zstd fails.
std::vector<uint8_t> file_of(const std::vector<Section>& sections) {
  if (sections.size() > io::kMaxMapFileSections) return {};
  std::vector<uint8_t> out(io::kMapFileMagic.begin(), io::kMapFileMagic.end());
  put_le(out, io::kMapFileVersion, 4);
  put_le(out, sections.size(), 4);
  for (const Section& s : sections) {
    std::vector<uint8_t> compressed;
    if (s.stored.empty()) {
      compressed = frame_of(s.raw);
      if (compressed.empty()) return {};
    }
    const std::vector<uint8_t>& frame = s.stored.empty() ? compressed : s.stored;
    out.insert(out.end(), s.tag.begin(), s.tag.end());
    put_le(out, s.stored.empty() ? s.raw.size() : s.raw_size, 8);
    put_le(out, frame.size(), 8);
    put_le(out, XXH64(frame.data(), frame.size(), 0), 8);
    out.insert(out.end(), frame.begin(), frame.end());
  }
  return out;
}

// Heights at the edges of what a ground may hold: the float32 limit (and near it, where
// item 5 of the issue crashed the rain), huge and tiny values, negative zero, the sea level;
// now and then one that is not finite, which the GRID reader must refuse.
float edge_height(Random& random) {
  constexpr float kMax = std::numeric_limits<float>::max();
  constexpr float kFinite[] = {kMax,   -kMax, 3.4e38f, -3.4e38f, 2e38f,   -2e38f, 1e38f, 1e30f,
                               -1e30f, 1e19f, 65504,   1e6f,     -1e6f,   1,      -1,    0,
                               -0.0f,  0.25f, 0.6f,    1e-45f,   -1e-45f, 1e-38f, 0.5f};
  if (random() % 16 == 0) {
    constexpr float kNotFinite[] = {std::numeric_limits<float>::infinity(),
                                    -std::numeric_limits<float>::infinity(),
                                    std::numeric_limits<float>::quiet_NaN()};
    return kNotFinite[random() % 3];
  }
  if (random() % 8 == 0) {
    const uint32_t bits = static_cast<uint32_t>(random()) ^ (static_cast<uint32_t>(random()) << 16);
    float v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  }
  return kFinite[random() % std::size(kFinite)];
}

// Some of the float32 heights in `bytes` (a GRID section) set to edge heights.
void mutate_heights(std::vector<uint8_t>& bytes, Random& random) {
  const std::size_t cells = bytes.size() / 4;
  if (cells == 0) return terrain::fuzz::mutate_bytes(bytes, bytes.size() + 64);
  const std::size_t n = log_uniform(random, cells);
  for (std::size_t k = 0; k < n; k++) {
    const float v = edge_height(random);
    std::memcpy(bytes.data() + (random() % cells) * 4, &v, 4);
  }
}

// Four letters of a tag: one of the map's, or another (which a reader skips).
std::array<char, 4> some_tag(Random& random) {
  constexpr const char* kTags[] = {"RCPE", "HIST", "GRID", "VIEW", "CHKP", "zzzz"};
  std::array<char, 4> tag{};
  if (random() % 2 == 0) {
    std::memcpy(tag.data(), kTags[random() % std::size(kTags)], 4);
  } else {
    for (char& c : tag) c = static_cast<char>('A' + random() % 26);
  }
  return tag;
}

// One change to the sections themselves. False when there is nothing to change.
bool mutate_sections(std::vector<Section>& sections, Random& random) {
  const std::size_t n = sections.size();
  const auto somewhere = [&] {
    return sections.begin() + static_cast<std::ptrdiff_t>(random() % (n + 1));
  };
  switch (random() % 5) {
    case 0:  // a section twice (a reader takes the first of each tag)
      if (n == 0 || n >= io::kMaxMapFileSections) return false;
      sections.insert(somewhere(), sections[random() % n]);
      return true;
    case 1:  // one gone
      if (n == 0) return false;
      sections.erase(sections.begin() + static_cast<std::ptrdiff_t>(random() % n));
      return true;
    case 2:  // two swapped
      if (n < 2) return false;
      std::swap(sections[random() % n], sections[random() % n]);
      return true;
    case 3:  // one renamed
      if (n == 0) return false;
      sections[random() % n].tag = some_tag(random);
      return true;
    default: {
      // Sections of zeros: how many, how long (up to the container's 512 MiB each) and where
      // are the random stream's. A few bytes each stored, so that a small file holds
      // gigabytes, as the item 9 did.
      if (n >= io::kMaxMapFileSections) return false;
      Section zeros;
      zeros.raw_size = log_uniform(random, io::kMaxMapFileSectionBytes);
      zeros.stored = zero_frame(zeros.raw_size);
      if (zeros.stored.empty()) return false;
      const std::size_t count = log_uniform(
          random, std::min<uint64_t>(io::kMaxMapFileSections - n, kMostZeros / zeros.raw_size));
      const auto at = somewhere();
      const std::ptrdiff_t index = at - sections.begin();
      sections.insert(at, count, zeros);
      for (std::size_t k = 0; k < count; k++) {
        sections[static_cast<std::size_t>(index) + k].tag = some_tag(random);
      }
      return true;
    }
  }
}

// One section's raw bytes mutated: JSON structurally or byte by byte, grids height by height
// or byte by byte, any other byte by byte. False for a section kept stored.
bool mutate_section_bytes(std::vector<Section>& sections, Random& random) {
  if (sections.empty()) return false;
  Section& s = sections[random() % sections.size()];
  if (!s.stored.empty()) return false;
  std::vector<uint8_t>& bytes = s.raw;
  if (is_json(s) && random() % 3 != 0) {
    std::string text(bytes.begin(), bytes.end());
    if (!terrain::fuzz::mutate_json(text, std::max(kMostJsonBytes, text.size()), random)) {
      return false;
    }
    bytes.assign(text.begin(), text.end());
  } else if (has_tag(s, "GRID") && random() % 2 == 0) {
    mutate_heights(bytes, random);
  } else {
    terrain::fuzz::mutate_bytes(bytes, bytes.size() + 64);
  }
  return true;
}

// Each checkpoint with grids given the hash of its grids and rain, as a session would have
// saved it: so that a file whose heights were changed still proves them (history_of).
void rehash(session::SavedMap& saved) {
  for (session::SavedCheckpoint& c : saved.checkpoints) {
    if (c.heights < 0 || c.original < 0 ||
        static_cast<std::size_t>(c.heights) >= saved.grids.size() ||
        static_cast<std::size_t>(c.original) >= saved.grids.size()) {
      continue;
    }
    const session::PlaceState place = session::place_state(saved.commands, c.at);
    const terrain::RainState rain{c.random, session::rain_params_of(place.head.settings), c.stats};
    c.hash =
        session::state_hash(*saved.grids[static_cast<std::size_t>(c.heights)],
                            *saved.grids[static_cast<std::size_t>(c.original)], rain, place.drops);
  }
}

// A map command with values mostly in their ranges (one out of range is refused, and the
// mutation with it).
session::MapCommand some_command(Random& random, int width, int height) {
  const auto unit = [&] { return static_cast<double>(random() % 1001) / 1000; };
  switch (random() % 12) {
    case 0:
      return session::SetErosion{unit()};
    case 1:
      return session::SetDeposition{unit()};
    case 2:
      return session::SetInertia{unit() * 0.5};
    case 3:
      return session::SetBrushRadius{1 + static_cast<int>(random() % 6)};
    case 4:
      return session::SetSeaLevel{unit() * 0.6};
    case 5:
      return session::SetSeed{static_cast<uint32_t>(random())};
    case 6:
      return session::Restart{};
    case 7:
      return session::SetGenerator{random() % 2 ? terrain::Generator::island
                                                : terrain::Generator::diamond_square};
    case 8: {
      terrain::BrushStroke s;
      s.tool = terrain::kBrushTools[random() % std::size(terrain::kBrushTools)];
      s.falloff = terrain::kBrushFalloffs[random() % std::size(terrain::kBrushFalloffs)];
      s.radius = 1 + static_cast<double>(random() % 40);
      s.strength = unit();
      s.seed = static_cast<uint32_t>(random());
      const std::size_t points = 1 + random() % 4;
      for (std::size_t k = 0; k < points; k++) {
        s.points.push_back({static_cast<double>(random() % static_cast<unsigned>(width + 4)) - 2,
                            static_cast<double>(random() % static_cast<unsigned>(height + 4)) - 2});
      }
      return session::Stroke{s};
    }
    default:
      return session::RainDrops{log_uniform(random, 2000)};
  }
}

// Whether opening the map costs a run little: see kMostReplay. Its whole history's replay cost
// is counted, which bounds the replay from any checkpoint and needs no history rebuilt.
bool quick_to_open(const session::SavedMap& saved) {
  if (static_cast<std::size_t>(saved.width) * static_cast<std::size_t>(saved.height) > kMostCells) {
    return false;
  }
  uint64_t cost = 0;
  for (const session::MapCommand& c : saved.commands.commands) {
    cost += std::min(session::History::replay_cost(c), kMostReplay + 1);
    if (cost > kMostReplay) return false;
  }
  return true;
}

// Every height of the map (its grids, the recipe's grounds) of a size a ground has in the
// programs' own maps: opening one in the mutator then cannot crash it (that is the target's to
// find).
bool tame(const session::SavedMap& saved) {
  const auto tame_heights = [](std::span<const float> heights) {
    return std::all_of(heights.begin(), heights.end(),
                       [](float h) { return std::fabs(h) <= 1e6f; });
  };
  if (saved.commands.ground && !tame_heights(saved.commands.ground->heights->values())) {
    return false;
  }
  for (const session::MapCommand& c : saved.commands.commands) {
    const auto* g = std::get_if<session::SetGround>(&c);
    if (g != nullptr && !tame_heights(g->ground.heights->values())) return false;
  }
  return std::all_of(saved.grids.begin(), saved.grids.end(),
                     [&](const auto& grid) { return tame_heights(*grid); });
}

// The map inside the file changed: its heights (and the hashes made again), or a command
// carried out on it at its place. nullopt when the file does not read or the change is refused.
std::optional<std::vector<uint8_t>> mutate_map(std::span<const uint8_t> file, Random& random) {
  try {
    session::SavedMap saved = session::read_map_file(file);
    if (saved.grids.empty()) return std::nullopt;
    if (random() % 2 == 0) {
      auto& grid = saved.grids[random() % saved.grids.size()];
      auto heights = std::make_shared<std::vector<float>>(*grid);
      const std::size_t n = log_uniform(random, heights->size());
      for (std::size_t k = 0; k < n; k++) {
        (*heights)[random() % heights->size()] = edge_height(random);
      }
      grid = std::move(heights);
      rehash(saved);
      return session::map_file_bytes(saved);
    }
    if (!quick_to_open(saved) || !tame(saved)) return std::nullopt;
    session::RecordedMap map(saved);
    map.carry_out(some_command(random, saved.width, saved.height));
    session::SavedMap changed = map.save();
    changed.view = saved.view;
    changed.window = saved.window;
    return session::map_file_bytes(changed);
  } catch (const io::MapFileError&) {
    return std::nullopt;
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

// libFuzzer's plain mutations, growing the input by little: a file that does not decode gains
// nothing from being long.
std::size_t plain(uint8_t* data, std::size_t size, std::size_t max_size) {
  return LLVMFuzzerMutate(data, size, std::min(max_size, std::max<std::size_t>(2 * size, 4096)));
}

std::size_t put(const std::vector<uint8_t>& bytes, uint8_t* out, std::size_t max_size) {
  if (bytes.empty() || bytes.size() > max_size) return 0;
  std::memcpy(out, bytes.data(), bytes.size());
  return bytes.size();
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(uint8_t* data, std::size_t size,
                                               std::size_t max_size, unsigned int seed) {
  Random random(seed);
  const std::span<const uint8_t> file(data, size);
  const std::optional<std::vector<Section>> sections = sections_of(file);
  if (!sections) return plain(data, size, max_size);
  for (int attempt = 0; attempt < 4; attempt++) {
    const unsigned choice = random() % 16;
    if (choice == 0) return plain(data, size, max_size);
    std::vector<uint8_t> bytes;
    if (choice < 5) {
      const auto changed = mutate_map(file, random);
      if (!changed) continue;
      bytes = *changed;
    } else {
      std::vector<Section> mutated = *sections;
      const bool done =
          choice < 8 ? mutate_sections(mutated, random) : mutate_section_bytes(mutated, random);
      if (!done) continue;
      bytes = file_of(mutated);
    }
    if (const std::size_t n = put(bytes, data, max_size)) return n;
  }
  return plain(data, size, max_size);
}

extern "C" std::size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, std::size_t size1,
                                                 const uint8_t* data2, std::size_t size2,
                                                 uint8_t* out, std::size_t max_out_size,
                                                 unsigned int seed) {
  Random random(seed);
  std::optional<std::vector<Section>> one = sections_of({data1, size1});
  const std::optional<std::vector<Section>> two = sections_of({data2, size2});
  if (!one || !two || one->empty() || two->empty()) return 0;  // libFuzzer mutates otherwise
  if (random() % 2 == 0) {
    // Each section of the first, or the second's of the same tag: one map's history with
    // another's grids or recipe.
    for (Section& s : *one) {
      if (random() % 2 == 0) continue;
      for (const Section& t : *two) {
        if (t.tag == s.tag) {
          s = t;
          break;
        }
      }
    }
  } else {
    // A JSON value of the second's section spliced into the first's of the same tag.
    Section& s = (*one)[random() % one->size()];
    if (!is_json(s)) return 0;
    const auto t = std::find_if(two->begin(), two->end(),
                                [&](const Section& x) { return x.tag == s.tag && is_json(x); });
    if (t == two->end()) return 0;
    std::string into(s.raw.begin(), s.raw.end());
    if (!terrain::fuzz::splice_json(into, std::string(t->raw.begin(), t->raw.end()), kMostJsonBytes,
                                    random)) {
      return 0;
    }
    s.raw.assign(into.begin(), into.end());
  }
  return put(file_of(*one), out, max_out_size);
}

// --- The target --------------------------------------------------------------------------------

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::span<const uint8_t> file(data, size);
  {
    // The container alone, its sections let go before the map is read, as the programs hold
    // them once.
    std::vector<io::MapFileSection> sections;
    try {
      sections = io::decode_map_file(file, session::map_file_sections());
    } catch (const io::MapFileError&) {
      return 0;  // refused, as a bad file must be
    }
    // Written again, they read back the same; checked up to kMostRewritten raw bytes in all,
    // as the copies cost memory the programs never spend (which -rss_limit_mb would count).
    std::size_t raw = 0;
    for (const io::MapFileSection& s : sections) raw += s.bytes.size();
    if (raw <= kMostRewritten && io::decode_map_file(io::encode_map_file(sections),
                                                     session::map_file_sections()) != sections) {
      fail("sections written again read back different");
    }
  }
  session::SavedMap saved;
  try {
    saved = session::read_map_file(file);
    // Opened at its place (its history rebuilt, a checkpoint restored, the rain after it
    // replayed) when that is quick, else only its history rebuilt: a history of a small map
    // costs a run more than all the rest, the store it is given being 60 MiB (under ASan).
    std::optional<session::RecordedMap> opened;
    std::optional<session::History> rebuilt;
    if (quick_to_open(saved)) {
      opened.emplace(saved);
    } else {
      rebuilt.emplace(session::history_of(saved));
    }
    const session::History& history = opened ? opened->history() : *rebuilt;
    // Written again from the history it made, it reads back to a history of the same steps.
    const session::SavedMap again = session::read_map_file(
        session::map_file_bytes(session::saved_history(history, saved.width, saved.height)));
    if (again.steps != saved.steps || again.position != saved.position) {
      fail("a map written again read back with other steps or another place");
    }
    // Rained on from its place, its rivers worked out: what a file that reads leads to.
    if (opened) {
      opened->carry_out(session::RainDrops{kRainOn});
      session::hydrology_of(opened->map(), saved.view.routing,
                            static_cast<uint32_t>(saved.view.min_flow));
    }
  } catch (const io::MapFileError&) {
    return 0;
  }
  return 0;
}
