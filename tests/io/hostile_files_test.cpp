// terrain-cli given hostile files, end to end through the built program, each run under a
// memory cap (ulimit -v; AddressSanitizer's own RSS limit in the sanitizer build, where a cap
// on address space cannot be used) and a time limit: a map file nested 100,000 deep, one whose
// history is millions of steps in a few megabytes, sections of unknown tags that would
// decompress to 30 GiB, a 2 GB sparse file, FIFOs, /dev/zero and directories where a file
// belongs, and a device node as a save's target. Each ends with exit 2 and one line naming the
// file, within the cap and the time, nothing written and nothing changed; the file of unknown
// sections opens, as a file of a newer build may hold sections this one does not know.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "io/atomic_file.h"
#include "io/map_file.h"
#include "io/npy.h"
#include "io_test_support.h"
#include "zstd_frames.h"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;
using testing::listing;

// The memory a run may take, and the time: what the runs went past (4.2 GB to refuse
// a 2 GB file, 30 GiB for unknown sections, a blocked read) never fits them.
#if defined(__SANITIZE_ADDRESS__)
const std::string kCap =
    "ASAN_OPTIONS=\"$ASAN_OPTIONS:hard_rss_limit_mb=2000\" timeout -s KILL 120 ";
#else
const std::string kCap = "ulimit -v 2000000; timeout -s KILL 60 ";
#endif

// --- Map files of our own making ---------------------------------------------------------------

std::vector<uint8_t> frame_of(const std::string& text, uint64_t* raw) {
  bool given = false;
  return testing::zstd_frame_of(
      [&] {
        if (given) return std::string();
        given = true;
        return text;
      },
      raw);
}

void put_le(std::vector<uint8_t>& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; i++) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

// A section as the container lays it out (docs/map-file.md), its checksum right.
struct Stored {
  std::string tag;
  uint64_t raw = 0;
  std::vector<uint8_t> bytes;
};

std::vector<uint8_t> container_of(const std::vector<Stored>& sections) {
  std::vector<uint8_t> file(io::kMapFileMagic.begin(), io::kMapFileMagic.end());
  put_le(file, io::kMapFileVersion, 4);
  put_le(file, sections.size(), 4);
  for (const Stored& s : sections) {
    file.insert(file.end(), s.tag.begin(), s.tag.end());
    put_le(file, s.raw, 8);
    put_le(file, s.bytes.size(), 8);
    put_le(file, XXH64(s.bytes.data(), s.bytes.size(), 0), 8);
    file.insert(file.end(), s.bytes.begin(), s.bytes.end());
  }
  return file;
}

Stored stored(const std::string& tag, const std::string& text) {
  Stored s{tag, 0, {}};
  s.bytes = frame_of(text, &s.raw);
  return s;
}

// `n` arrays inside each other.
std::string nested(std::size_t n) {
  return std::string(n, '[') + std::string(n, ']');
}

class HostileFiles : public testing::CliTest {
 protected:
  // A small map terrain-cli saved, its four sections' text.
  void SetUp() override {
    const CliRun saved = run({"--seed", "3", "--width", "64", "--height", "40", "--drops", "3000",
                              "--out", path("made").string(), "--save-map", map_.string()});
    ASSERT_EQ(saved.status, 0) << saved.err;
    const std::string bytes = io::read_file(map_);
    const io::MapFileWanted wanted[] = {{io::map_file_tag("RCPE")},
                                        {io::map_file_tag("HIST")},
                                        {io::map_file_tag("GRID")},
                                        {io::map_file_tag("VIEW")}};
    for (const io::MapFileSection& s : io::decode_map_file(
             std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), wanted)) {
      text_[std::string(s.tag.begin(), s.tag.end())] = std::string(s.bytes.begin(), s.bytes.end());
    }
    fs::remove_all(path("made"));
  }

  // The map's four sections, `tag`'s replaced by `changed` when given.
  std::vector<Stored> sections(const std::string& tag = "", const std::string& changed = "") {
    std::vector<Stored> out;
    for (const char* t : {"RCPE", "HIST", "GRID", "VIEW"}) {
      out.push_back(stored(t, t == tag ? changed : text_.at(t)));
    }
    return out;
  }

  fs::path write(const std::string& name, const std::vector<uint8_t>& bytes) {
    io::write_file_atomically(path(name), std::span<const uint8_t>(bytes),
                              io::WriteMode::never_overwrite);
    return path(name);
  }

  // Runs terrain-cli under the cap and the time limit, and expects the one line `says`
  // (exit 2), nothing written (the run's --out never made) and nothing in the folder changed.
  void refused(const std::vector<std::string>& args, const std::string& says) {
    SCOPED_TRACE(says);
    const auto before = listing(work_.path());
    const CliRun r = run_capped(args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err, "terrain-cli: " + says + "\n");
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(listing(work_.path()), before);
  }

  CliRun run_capped(const std::vector<std::string>& args) {
    return testing::run_cli(args, captures_.path(), kCap);
  }

  fs::path map_ = path("small.tsmap");
  std::map<std::string, std::string> text_;

 private:
  testing::ScratchDir captures_;
};

TEST_F(HostileFiles, AHistoryOrViewNestedDeepIsRefused) {
  // HIST nested 100,000 deep, then a second key (a signal 11 in both programs before).
  const std::string hist = text_.at("HIST");
  std::string deep = hist;
  deep.replace(deep.find("\"steps\":"), 8, "\"steps\":" + nested(100000) + ",\"x\":");
  const std::string a = write("deep-hist.tsmap", container_of(sections("HIST", deep))).string();
  refused({"--open-map", a, "--out", path("o").string()},
          "--open-map " + a + ": HIST: JSON nested deeper than 64 levels");
  refused({"--verify-map", a}, "--verify-map " + a + ": HIST: JSON nested deeper than 64 levels");
  // VIEW as deep as its 64 KiB hold (deeper, it is refused by its size).
  std::string view = text_.at("VIEW");
  view.replace(view.find("\"window\":{}"), 11, "\"window\":{\"a\":" + nested(30000) + ",\"b\":1}");
  const std::string b = write("deep-view.tsmap", container_of(sections("VIEW", view))).string();
  refused({"--open-map", b, "--out", path("o").string()},
          "--open-map " + b + ": VIEW: JSON nested deeper than 64 levels");
}

TEST_F(HostileFiles, AHistoryOfMillionsOfStepsInAFewMegabytesIsRefused) {
  // The issue's: 5 million steps (and commands) in a file of a few megabytes.
  constexpr std::size_t kSteps = 5000000;
  std::size_t k = 0;
  const std::string& recipe = text_.at("RCPE");
  Stored rcpe{"RCPE", 0, {}};
  rcpe.bytes = testing::zstd_frame_of(
      [&]() -> std::string {
        if (k > kSteps) return "";
        std::string piece;
        if (k == 0) piece = recipe.substr(0, recipe.find("\"commands\": [") + 13);
        for (std::size_t n = 0; n < 100000 && k < kSteps; n++, k++) {
          piece += k % 2 ? ",{\"erosion\":0.4}" : (k ? ",{\"rain\":1}" : "{\"rain\":1}");
        }
        if (k == kSteps) {
          piece += "]}";
          k++;
        }
        return piece;
      },
      &rcpe.raw);
  std::size_t s = 0;
  const std::string& hist = text_.at("HIST");
  const std::size_t steps_at = hist.find("\"steps\":[") + 9;
  Stored steps{"HIST", 0, {}};
  steps.bytes = testing::zstd_frame_of(
      [&]() -> std::string {
        if (s > kSteps) return "";
        std::string piece;
        if (s == 0) piece = hist.substr(0, steps_at);
        for (std::size_t n = 0; n < 100000 && s < kSteps; n++, s++) {
          piece += (s ? ",{\"first\":" : "{\"first\":") + std::to_string(s) +
                   ",\"end\":" + std::to_string(s + 1) + ",\"edit\":false}";
        }
        if (s == kSteps) {
          piece += hist.substr(hist.find(']', steps_at));
          s++;
        }
        return piece;
      },
      &steps.raw);
  std::vector<Stored> all = sections();
  all[0] = rcpe;
  all[1] = steps;
  const std::vector<uint8_t> bytes = container_of(all);
  EXPECT_LT(bytes.size(), 8u << 20);
  const std::string file = write("long.tsmap", bytes).string();
  refused({"--open-map", file, "--out", path("o").string()},
          "--open-map " + file + ": section HIST claims " + std::to_string(steps.raw) +
              " bytes (at most 134217728)");
  // Within HIST's size, the recipe's commands are counted first.
  all[1] = stored("HIST", hist);
  const std::string commands = write("commands.tsmap", container_of(all)).string();
  refused({"--verify-map", commands}, "--verify-map " + commands +
                                          ": map recipe: more than 4194304 JSON values (at most " +
                                          "4194304)");
}

TEST_F(HostileFiles, TenThousandStrokesBeyondTheRecipesValuesAreRefused) {
  // 10,000 strokes of 140 points: 4.2 million values, more than a recipe holds.
  std::string strokes;
  const std::string& recipe = text_.at("RCPE");
  strokes = recipe.substr(0, recipe.find("\"commands\": [") + 13);
  std::string points;
  for (int p = 0; p < 140; p++) points += (p ? ",[" : "[") + std::to_string(p % 60) + ",10]";
  for (int k = 0; k < 10000; k++) {
    strokes += std::string(k ? "," : "") +
               "{\"stroke\":{\"tool\":\"raise\",\"radius\":6,\"strength\":0.5,\"points\":[" +
               points + "]}}";
  }
  strokes += "]}";
  const std::string file = write("strokes.tsmap", container_of(sections("RCPE", strokes))).string();
  refused({"--open-map", file, "--out", path("o").string()},
          "--open-map " + file + ": map recipe: more than 4194304 JSON values (at most 4194304)");
}

TEST_F(HostileFiles, SectionsOfUnknownTagsAreNotDecompressedAndTheMapOpens) {
  // Sixty sections of 512 MiB of zeros each (30 GiB decompressed) in a few megabytes, then the
  // map: it opens within the cap, rains on and verifies.
  uint64_t left = 0;
  const std::string mebibyte(1 << 20, '\0');
  Stored zeros{"ZERO", 0, {}};
  left = io::kMaxMapFileSectionBytes / mebibyte.size();
  zeros.bytes = testing::zstd_frame_of(
      [&]() -> std::string {
        if (left == 0) return "";
        left--;
        return mebibyte;
      },
      &zeros.raw);
  std::vector<Stored> all(60, zeros);
  for (Stored& s : sections()) all.push_back(std::move(s));
  const std::vector<uint8_t> bytes = container_of(all);
  EXPECT_LT(bytes.size(), 4u << 20);
  const std::string file = write("zeros.tsmap", bytes).string();
  const CliRun opened =
      run_capped({"--open-map", file, "--drops", "4000", "--out", path("o").string()});
  EXPECT_EQ(opened.status, 0) << opened.err;
  const CliRun verified = run_capped({"--verify-map", file});
  EXPECT_EQ(verified.status, 0) << verified.err;
}

TEST_F(HostileFiles, FifosDevicesDirectoriesAndHugeFilesAreRefusedAtOnce) {
  ASSERT_EQ(::mkfifo(path("pipe.tsmap").c_str(), 0644), 0);
  ASSERT_EQ(::mkfifo(path("pipe.npy").c_str(), 0644), 0);
  fs::create_symlink("/dev/zero", path("zero.tsmap"));
  fs::create_symlink("/dev/zero", path("zero.npy"));
  fs::create_directory(path("dir.tsmap"));
  // A 2 GB file of nothing (the took 4.2 GB of memory to say "not a map file"), and a
  // heightmap one byte over the largest.
  const auto sparse = [&](const std::string& name, uint64_t size) {
    io::write_file_atomically(path(name), std::string(), io::WriteMode::never_overwrite);
    fs::resize_file(path(name), size);
    return path(name).string();
  };
  const std::string hole = sparse("hole2.tsmap", uint64_t{2} << 30);
  const std::string big = sparse("big.npy", uint64_t{16384} * 16384 * 8 + (1 << 20) + 1);
  const auto p = [&](const std::string& name) { return path(name).string(); };
  const std::string out = p("o");
  refused({"--open-map", p("pipe.tsmap"), "--out", out},
          "--open-map " + p("pipe.tsmap") + ": it is a FIFO (a named pipe), not a file");
  refused({"--verify-map", p("zero.tsmap")},
          "--verify-map " + p("zero.tsmap") + ": it is a character device, not a file");
  refused({"--open-map", p("dir.tsmap"), "--out", out},
          "--open-map " + p("dir.tsmap") + ": it is a directory, not a file");
  refused({"--open-map", hole, "--out", out},
          "--open-map " + hole + ": it is 2147483648 bytes; a map file is at most 1342177280");
  refused({"--ground", p("pipe.npy"), "--out", out},
          "--ground " + p("pipe.npy") + ": it is a FIFO (a named pipe), not a file");
  refused({"--ground", p("zero.npy"), "--out", out},
          "--ground " + p("zero.npy") + ": it is a character device, not a file");
  refused({"--ground", big, "--out", out},
          "--ground " + big + ": it is 2148532225 bytes; a heightmap is at most 2148532224");
}

// Heights near float32's limit (they crashed the rain): a float .npy keeps its own heights, and
// a ground may hold finite heights within a million either way; a map file's grid as well, its
// checksums right.
TEST_F(HostileFiles, GroundsNearTheFloatLimitAreRefused) {
  std::vector<float> huge(320 * 180, 2e38f);
  for (std::size_t k = 0; k < huge.size(); k += 2) huge[k] = -2e38f;
  const auto p = [&](const std::string& name) { return path(name).string(); };
  io::write_file_atomically(p("huge.npy"), io::encode_npy(std::span<const float>(huge), 180, 320),
                            io::WriteMode::replace);
  const std::string bound = " (a ground holds finite heights from -1000000 to 1000000)";
  refused({"--ground", p("huge.npy"), "--out", p("o")},
          "--ground " + p("huge.npy") + ": the height at column 0, row 0 is -2e+38" + bound);
  std::string grids = text_.at("GRID");
  const float far = 2e38f;
  std::memcpy(grids.data() + 4 * 5, &far, 4);
  write("far.tsmap", container_of(sections("GRID", grids)));
  refused({"--open-map", p("far.tsmap"), "--out", p("o")},
          "--open-map " + p("far.tsmap") +
              ": GRID: grid 0: the height at column 5, row 0 is 2e+38" + bound);
}

TEST_F(HostileFiles, ADeviceNodeOrAFifoSurvivesASaveWithForce) {
  // The issue's `mknod myfull c 1 7` (as root, as the tests run in CI; a link to /dev/full
  // otherwise), then a save over it with --force: refused before the run, the node as it was.
  const std::string full = path("myfull").string();
  if (::geteuid() == 0) {
    ASSERT_EQ(::mknod(full.c_str(), S_IFCHR | 0666, ::makedev(1, 7)), 0);
  } else {
    fs::create_symlink("/dev/full", full);
  }
  const std::string kind = ::geteuid() == 0 ? "it is a character device, not a file"
                                            : "it is a symbolic link to a character device, not "
                                              "to a file";
  const std::string out = path("o").string();
  refused({"--drops", "3000", "--out", out, "--save-map", full, "--force"},
          "--save-map '" + full + "': " + kind +
              " (allowed: a new file name, or with --force a regular file to replace)");
  struct stat node {};
  ASSERT_EQ(::lstat(full.c_str(), &node), 0);
  if (::geteuid() == 0) {
    EXPECT_TRUE(S_ISCHR(node.st_mode));
    EXPECT_EQ(node.st_rdev, ::makedev(1, 7));
  }
  // The other files of their own, and the output folder's own files, as well.
  ASSERT_EQ(::mkfifo(path("pipe.svg").c_str(), 0644), 0);
  refused({"--drops", "100", "--out", out, "--svg", path("pipe.svg").string(), "--force"},
          "--svg '" + path("pipe.svg").string() +
              "': it is a FIFO (a named pipe), not a file (allowed: a new file name, or with "
              "--force a regular file to replace)");
  fs::create_directory(path("run"));
  ASSERT_EQ(::mkfifo(path("run/flow.npy").c_str(), 0644), 0);
  refused({"--drops", "100", "--out", path("run").string(), "--force"},
          "'" + path("run/flow.npy").string() +
              "': it is a FIFO (a named pipe), not a file (allowed: a new file, or with --force "
              "a regular file to replace)");
}

}  // namespace
}  // namespace terrain
