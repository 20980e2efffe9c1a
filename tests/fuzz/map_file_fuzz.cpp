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
// (copied, dropped, renamed, an unknown one of many zeros); or the map itself, its checkpoints'
// hashes worked out again so that the file still proves its grids, or a command carried out on
// it. It then compresses and hashes the sections again (io::encode_map_file). Input that does not
// decode gets libFuzzer's plain mutations, as the container's own bytes do now and then. The
// custom crossover mixes two files' sections, or splices a JSON value of one into the other's.
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

// The most a JSON section grows to in one mutation: room for a value nested kMostDepth deep.
constexpr std::size_t kMostJsonBytes = std::size_t{4} << 20;

bool has_tag(const io::MapFileSection& s, const char (&tag)[5]) {
  return s.tag == io::map_file_tag(tag);
}

bool is_json(const io::MapFileSection& s) {
  return has_tag(s, "RCPE") || has_tag(s, "HIST") || has_tag(s, "VIEW");
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
bool mutate_sections(std::vector<io::MapFileSection>& sections, Random& random) {
  const std::size_t n = sections.size();
  switch (random() % 4) {
    case 0:  // a section twice (a reader takes the first of each tag)
      if (n == 0 || n >= io::kMaxMapFileSections) return false;
      sections.insert(sections.begin() + static_cast<std::ptrdiff_t>(random() % (n + 1)),
                      sections[random() % n]);
      return true;
    case 1:  // one gone
      if (n == 0) return false;
      sections.erase(sections.begin() + static_cast<std::ptrdiff_t>(random() % n));
      return true;
    case 2:  // two swapped
      if (n < 2) return false;
      std::swap(sections[random() % n], sections[random() % n]);
      return true;
    default:  // one renamed
      if (n == 0) return false;
      sections[random() % n].tag = some_tag(random);
      return true;
  }
}

// The most bytes of zeros with_zeros adds in all: past the fuzzer's memory limit (2 GiB in
// scripts/fuzz.sh) and the item 9, yet quick to compress.
constexpr uint64_t kMostZeros = uint64_t{4} << 30;

void put_le(std::vector<uint8_t>& out, uint64_t v, int bytes) {
  for (int k = 0; k < bytes; k++) out.push_back(static_cast<uint8_t>(v >> (8 * k)));
}

uint64_t get_le(std::span<const uint8_t> bytes) {
  uint64_t v = 0;
  for (std::size_t k = bytes.size(); k-- > 0;) v = v << 8 | bytes[k];
  return v;
}

// A section of `length` zero bytes as the container stores it (docs/map-file.md, "The
// container"): tag, raw size, stored size, the stored bytes' XXH64, then one zstd frame. The
// frame is compressed from a small buffer of zeros fed again and again, so that the section's
// bytes (up to 512 MiB) never exist: encode_map_file would hold them, and its output buffer
// would be as large. Empty when zstd fails.
std::vector<uint8_t> zero_section(const std::array<char, 4>& tag, std::size_t length) {
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
  std::vector<uint8_t> section(tag.begin(), tag.end());
  put_le(section, length, 8);
  put_le(section, frame.size(), 8);
  put_le(section, XXH64(frame.data(), frame.size(), 0), 8);
  section.insert(section.end(), frame.begin(), frame.end());
  return section;
}

// The file (one that decodes) with sections of zeros put in among its own: how many, how long
// (up to the container's 512 MiB each), their tags and where are the random stream's. A few
// bytes each compressed, so that a small file holds gigabytes, as the item 9 did.
std::vector<uint8_t> with_zeros(std::span<const uint8_t> file, Random& random) {
  constexpr std::size_t kHeader = 16;  // magic, version, section count
  constexpr std::size_t kSectionHeader = 28;
  const auto count = static_cast<std::size_t>(get_le(file.subspan(12, 4)));
  std::vector<std::size_t> starts;  // where each section begins, then the file's end
  for (std::size_t at = kHeader; starts.size() <= count;) {
    starts.push_back(at);
    if (starts.size() <= count) at += kSectionHeader + get_le(file.subspan(at + 12, 8));
  }
  const std::size_t length = log_uniform(random, io::kMaxMapFileSectionBytes);
  const std::size_t added = log_uniform(
      random, std::min<uint64_t>(io::kMaxMapFileSections - std::min<std::size_t>(count, 63),
                                 kMostZeros / length));
  const std::vector<uint8_t> section = zero_section(some_tag(random), length);
  if (section.empty()) return {};
  const std::size_t at = starts[random() % starts.size()];
  std::vector<uint8_t> out(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(at));
  const uint64_t total = count + added;
  for (int k = 0; k < 4; k++) out[12 + k] = static_cast<uint8_t>(total >> (8 * k));
  for (std::size_t k = 0; k < added; k++) {
    out.insert(out.end(), section.begin(), section.end());
    const std::array<char, 4> tag = some_tag(random);  // outside the checksum: each its own
    std::copy(tag.begin(), tag.end(), out.end() - static_cast<std::ptrdiff_t>(section.size()));
  }
  out.insert(out.end(), file.begin() + static_cast<std::ptrdiff_t>(at), file.end());
  return out;
}

// One section's raw bytes mutated: JSON structurally or byte by byte, grids height by height
// or byte by byte, any other byte by byte.
bool mutate_section_bytes(std::vector<io::MapFileSection>& sections, Random& random) {
  if (sections.empty()) return false;
  io::MapFileSection& s = sections[random() % sections.size()];
  std::vector<uint8_t>& bytes = s.bytes;
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

// Every grid's heights of a size a ground has in the programs' own maps: opening one in the
// mutator then cannot crash it (that is the target's to find).
bool tame(const session::SavedMap& saved) {
  for (const auto& grid : saved.grids) {
    for (const float h : *grid) {
      if (!(std::fabs(h) <= 1e6f)) return false;
    }
  }
  return true;
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
  std::vector<io::MapFileSection> sections;
  try {
    sections = io::decode_map_file(file);
  } catch (const io::MapFileError&) {
    return plain(data, size, max_size);
  }
  for (int attempt = 0; attempt < 4; attempt++) {
    const unsigned choice = random() % 16;
    if (choice == 0) return plain(data, size, max_size);
    std::vector<uint8_t> bytes;
    if (choice < 5) {
      const auto changed = mutate_map(file, random);
      if (!changed) continue;
      bytes = *changed;
    } else {
      try {
        if (choice == 5) {
          bytes = with_zeros(file, random);
        } else {
          std::vector<io::MapFileSection> mutated = sections;
          const bool done =
              choice < 8 ? mutate_sections(mutated, random) : mutate_section_bytes(mutated, random);
          if (!done) continue;
          bytes = io::encode_map_file(mutated);
        }
      } catch (const std::invalid_argument&) {
        continue;  // a tag or a size encode_map_file does not write
      }
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
  std::vector<io::MapFileSection> one;
  std::vector<io::MapFileSection> two;
  try {
    one = io::decode_map_file(std::span<const uint8_t>(data1, size1));
    two = io::decode_map_file(std::span<const uint8_t>(data2, size2));
  } catch (const io::MapFileError&) {
    return 0;  // libFuzzer mutates otherwise
  }
  if (one.empty() || two.empty()) return 0;
  if (random() % 2 == 0) {
    // Each section of the first, or the second's of the same tag: one map's history with
    // another's grids or recipe.
    for (io::MapFileSection& s : one) {
      if (random() % 2 == 0) continue;
      for (const io::MapFileSection& t : two) {
        if (t.tag == s.tag) {
          s.bytes = t.bytes;
          break;
        }
      }
    }
  } else {
    // A JSON value of the second's section spliced into the first's of the same tag.
    io::MapFileSection& s = one[random() % one.size()];
    if (!is_json(s)) return 0;
    const auto t = std::find_if(two.begin(), two.end(),
                                [&](const io::MapFileSection& x) { return x.tag == s.tag; });
    if (t == two.end()) return 0;
    std::string into(s.bytes.begin(), s.bytes.end());
    if (!terrain::fuzz::splice_json(into, std::string(t->bytes.begin(), t->bytes.end()),
                                    kMostJsonBytes, random)) {
      return 0;
    }
    s.bytes.assign(into.begin(), into.end());
  }
  try {
    return put(io::encode_map_file(one), out, max_out_size);
  } catch (const std::invalid_argument&) {
    return 0;
  }
}

// --- The target --------------------------------------------------------------------------------

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::span<const uint8_t> file(data, size);
  std::vector<io::MapFileSection> sections;
  try {
    sections = io::decode_map_file(file);
  } catch (const io::MapFileError&) {
    return 0;  // refused, as a bad file must be
  }
  // Written again, they read back the same; checked up to kMostRewritten raw bytes in all, as
  // the copies cost memory the programs never spend (which -rss_limit_mb would count).
  std::size_t raw = 0;
  for (const io::MapFileSection& s : sections) raw += s.bytes.size();
  if (raw <= kMostRewritten && io::decode_map_file(io::encode_map_file(sections)) != sections) {
    fail("sections written again read back different");
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
