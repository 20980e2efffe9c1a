// What a hostile or unlucky file may hold is bounded before anything is built from it: JSON
// nested deeper than json_read::kMaxJsonDepth or holding more values than its kind allows (a map
// recipe, a script's line and the whole script, a map file's HIST and VIEW), counts a map file
// claims (steps, checkpoints, grids, commands), a section's size, the file's own size; and
// sections of tags the reader does not know are passed over. Each is refused with one line
// saying what and where, never a crash (the stack), a hang or memory without end.
//
// Sections: helpers; JSON within limits; recipes and scripts; map files.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "error_of.h"
#include "io/map_file.h"
#include "peak_memory.h"
#include "scratch_dir.h"
#include "session/json_read.h"
#include "session/map_recipe.h"
#include "session/recorded_map.h"
#include "session/saved_map.h"
#include "session/script.h"

namespace terrain::session {
namespace {

using json_read::Json;
using json_read::JsonLimits;
using json_read::kMaxJsonDepth;
using json_read::parse_json;
using testing::error_of;

// --- Helpers ---------------------------------------------------------------------------------

// `n` arrays inside each other around `inside`.
std::string nested(std::size_t n, const std::string& inside = "") {
  return std::string(n, '[') + inside + std::string(n, ']');
}

// A small map's file as terrain-cli saves one: its sections, to change one and write them
// again with the container's own encoder (so every checksum is right).
std::vector<io::MapFileSection> small_map_sections() {
  RecordedMap map(5, {}, 32, 24);
  map.carry_out(RainDrops{300});
  map.carry_out(MapCommand{SetErosion{0.4}});
  map.carry_out(RainDrops{200});
  return io::decode_map_file(map_file_bytes(map.save()), map_file_sections());
}

// The sections with the one of `tag` holding `text` instead.
std::vector<uint8_t> with_section(std::vector<io::MapFileSection> sections, const char (&tag)[5],
                                  const std::string& text) {
  for (io::MapFileSection& s : sections) {
    if (s.tag == io::map_file_tag(tag)) s.bytes.assign(text.begin(), text.end());
  }
  return io::encode_map_file(sections);
}

std::string text_of(const std::vector<io::MapFileSection>& sections, const char (&tag)[5]) {
  for (const io::MapFileSection& s : sections) {
    if (s.tag == io::map_file_tag(tag)) return {s.bytes.begin(), s.bytes.end()};
  }
  return "";
}

std::string refusal(const std::vector<uint8_t>& file) {
  return error_of([&] { read_map_file(std::span<const uint8_t>(file)); });
}

// --- JSON within limits ------------------------------------------------------------------------

TEST(JsonWithinLimits, NestingDeeperThanTheLimitIsRefusedBeforeAnythingIsBuilt) {
  const JsonLimits limits{1000};
  EXPECT_EQ(parse_json(nested(kMaxJsonDepth), limits), Json::parse(nested(kMaxJsonDepth)));
  EXPECT_EQ(error_of([&] { parse_json(nested(kMaxJsonDepth + 1), limits); }),
            "JSON nested deeper than 64 levels");
  // The line: 100,000 deep, then a second key (the DOM and its copies recursed).
  const std::string line = "{\"a\":" + nested(100000) + ",\"b\":1}";
  EXPECT_EQ(error_of([&] { parse_json(line, {1 << 20}); }), "JSON nested deeper than 64 levels");
  // Objects count as arrays do.
  std::string objects;
  for (int k = 0; k < 65; k++) objects += "{\"k\":";
  objects += "1" + std::string(65, '}');
  EXPECT_EQ(error_of([&] { parse_json(objects, limits); }), "JSON nested deeper than 64 levels");
}

TEST(JsonWithinLimits, MoreValuesThanTheLimitAreRefusedAndTheCountIsGiven) {
  std::size_t count = 0;
  EXPECT_EQ(parse_json("[1,[2,3],{\"a\":\"b\"}]", {7}, &count).size(), 3u);
  EXPECT_EQ(count, 7u);  // two arrays, an object and four scalars; keys not apart
  EXPECT_EQ(error_of([] { parse_json("[1,[2,3],{\"a\":\"b\"}]", {6}); }),
            "more than 6 JSON values (at most 6)");
  EXPECT_EQ(error_of([] { parse_json("[1,", {5}); }).rfind("not JSON: ", 0), 0u);
  EXPECT_EQ(error_of([] { parse_json("", {5}); }).rfind("not JSON: ", 0), 0u);
  EXPECT_EQ(error_of([] { parse_json("[1] 2", {5}); }).rfind("not JSON: ", 0), 0u);
}

// --- Recipes and scripts -----------------------------------------------------------------------

const std::string kRecipeHead =
    "{\"format\": \"terrain-sandbox map recipe\", \"version\": 1, \"seed\": 3, \"settings\": "
    "{\"drops_per_frame\": 200, \"erosion\": 0.3, \"deposition\": 0.3, \"inertia\": 0.05, "
    "\"brush_radius\": 2, \"sea_level\": 0.25, \"terrain_scale\": 0.012}, \"commands\": ";

TEST(RecipeLimits, ADeepValueTooManyValuesOrTooManyCommandsAreRefused) {
  EXPECT_EQ(error_of([] { parse_recipe(kRecipeHead + "[{\"rain\": " + nested(100000) + "}]}"); }),
            "map recipe: JSON nested deeper than 64 levels");
  // A million and one rains of 2 values each: within the values, over the commands.
  std::string rains = "[";
  for (std::size_t k = 0; k <= kMaxRecipeCommands; k++)
    rains += k == 0 ? "{\"rain\":1}" : ",{\"rain\":1}";
  EXPECT_EQ(error_of([&] { parse_recipe(kRecipeHead + rains + "]}"); }),
            "map recipe: commands: holds 1048577 commands (at most 1048576)");
  // A stroke of more points than values allowed in all (the 10,000 strokes are these).
  std::string points = "[";
  for (std::size_t k = 0; k < kMaxRecipeValues / 3 + 1; k++) points += k == 0 ? "[1,2]" : ",[1,2]";
  EXPECT_EQ(error_of([&] {
              parse_recipe(kRecipeHead + "[{\"stroke\": {\"tool\": \"raise\", \"radius\": 6, " +
                           "\"strength\": 0.5, \"points\": " + points + "]}}]}");
            }),
            "map recipe: more than 4194304 JSON values (at most 4194304)");
}

TEST(ScriptLimits, ALineNestedDeepIsRefusedWithItsFileAndLine) {
  const std::string script =
      "{\"rain\": 10}\n# a comment\n{\"a\":" + nested(100000) + ",\"b\":1}\n{\"rain\": 10}\n";
  EXPECT_EQ(error_of([&] { parse_script(script, "deep.jsonl"); }),
            "deep.jsonl line 3: JSON nested deeper than 64 levels");
  // A map command's line is read again as the recipe reads it: within the same limits.
  EXPECT_EQ(error_of([] { parse_script("{\"rain\": " + nested(70) + "}", "r.jsonl"); }),
            "r.jsonl line 1: JSON nested deeper than 64 levels");
}

TEST(ScriptLimits, ALineOrTheWholeScriptOverItsValuesIsRefused) {
  // A line: at most the longest stroke's values.
  std::string long_line = "{\"view\": [";
  for (std::size_t k = 0; k < kMaxCommandValues; k++) long_line += k == 0 ? "0" : ",0";
  EXPECT_EQ(error_of([&] { parse_script(long_line + "]}\n", "v.jsonl"); }),
            "v.jsonl line 1: more than 300064 JSON values (at most 300064)");
  // The whole script: lines of the longest strokes, 3 values a point, until it is over.
  std::string stroke =
      "{\"stroke\": {\"tool\": \"raise\", \"radius\": 6, \"strength\": 0.5, "
      "\"points\": [";
  for (std::size_t k = 0; k < kMaxStrokePoints; k++) stroke += k == 0 ? "[1,2]" : ",[1,2]";
  stroke += "]}}\n";
  std::string script;
  const std::size_t lines = kMaxScriptValues / (3 * kMaxStrokePoints) + 1;
  for (std::size_t k = 0; k < lines; k++) script += stroke;
  EXPECT_EQ(error_of([&] { parse_script(script, "s.jsonl"); }),
            "s.jsonl line " + std::to_string(lines) + ": the script holds more than 4194304 " +
                "JSON values by this line (at most 4194304)");
}

// --- Map files ---------------------------------------------------------------------------------

TEST(MapFileLimits, HistOrViewNestedDeepIsRefusedSayingWhich) {
  const std::vector<io::MapFileSection> sections = small_map_sections();
  ASSERT_EQ(refusal(io::encode_map_file(sections)), "(no error)");
  EXPECT_EQ(refusal(with_section(sections, "HIST",
                                 "{\"format\":\"terrain-sandbox map history\",\"steps\":" +
                                     nested(100000) + ",\"b\":1}")),
            "HIST: JSON nested deeper than 64 levels");
  // The window's part of VIEW, which is written out again (dump() recursed once per level).
  std::string view = text_of(sections, "VIEW");
  view.replace(view.find("\"window\":{}"), 11, "\"window\":{\"a\":" + nested(30000) + "}");
  EXPECT_EQ(refusal(with_section(sections, "VIEW", view)),
            "VIEW: JSON nested deeper than 64 levels");
}

TEST(MapFileLimits, CountsAreBoundedBeforeAnythingIsAllocatedByThem) {
  const std::vector<io::MapFileSection> sections = small_map_sections();
  const std::string hist = text_of(sections, "HIST");
  const auto with_key = [&](const std::string& key, const std::string& value) {
    std::string text = hist;
    const std::size_t at = text.find("\"" + key + "\":");
    const std::size_t start = at + key.size() + 3;
    std::size_t end = start;
    int depth = 0;
    while (end < text.size() && !(depth == 0 && (text[end] == ',' || text[end] == '}'))) {
      if (text[end] == '[' || text[end] == '{') depth++;
      if (text[end] == ']' || text[end] == '}') depth--;
      end++;
    }
    text.replace(start, end - start, value);
    return with_section(sections, "HIST", text);
  };
  // More steps than the recipe has commands (each step covers one at least).
  std::string steps = "[";
  for (int k = 0; k < 4; k++)
    steps += std::string(k ? "," : "") + "{\"first\":0,\"end\":1,\"edit\":false}";
  EXPECT_EQ(refusal(with_key("steps", steps + "]")),
            "HIST.steps: holds 4 steps, more than the recipe's commands (at most 3)");
  // More checkpoints than a history of 32 x 24 keeps (a store of 60 MiB: 20,480 grids).
  const std::size_t slots = History::store_slots(32 * 24);
  EXPECT_EQ(slots, 20480u);
  std::string checkpoints = "[";
  for (std::size_t k = 0; k <= slots; k++) checkpoints += k ? ",0" : "0";
  EXPECT_EQ(refusal(with_key("checkpoints", checkpoints + "]")),
            "HIST.checkpoints: holds 20481 checkpoints, more than a history of 32 x 24 cells "
            "keeps (at most 20480)");
  EXPECT_EQ(refusal(with_key("grids", "20481")),
            "HIST.grids: must be a whole number from 1 to 20480, not 20481");
  // Values: the first pass stops at the limit.
  std::string many = "[";
  for (std::size_t k = 0; k <= kMaxHistoryValues; k++) many += k ? ",0" : "0";
  EXPECT_EQ(refusal(with_key("steps", many + "]")),
            "HIST: more than 8388608 JSON values (at most 8388608)");
}

TEST(MapFileLimits, ASectionOverItsOwnLimitIsRefusedByTheSizeItDeclares) {
  const std::vector<io::MapFileSection> sections = small_map_sections();
  std::string view = text_of(sections, "VIEW");
  view += std::string(kMaxViewSectionBytes, ' ');
  EXPECT_EQ(refusal(with_section(sections, "VIEW", view)),
            "section VIEW claims " + std::to_string(view.size()) + " bytes (at most 65536)");
  std::string hist = text_of(sections, "HIST");
  EXPECT_EQ(
      refusal(with_section(sections, "HIST", hist + std::string(kMaxHistorySectionBytes, ' '))),
      "section HIST claims " + std::to_string(hist.size() + kMaxHistorySectionBytes) +
          " bytes (at most 134217728)");
}

TEST(MapFileLimits, SectionsOfOtherTagsHugeOnceDecompressedArePassedOverQuickly) {
  // The map's four sections after 60 of 512 MiB of zeros each: the map opens, nothing of the
  // 30 GiB made.
  const std::vector<io::MapFileSection> sections = small_map_sections();
  const std::vector<uint8_t> one = [] {
    const std::vector<uint8_t> mebibyte(1 << 20, 0);
    io::MapFileSectionParts zeros{io::map_file_tag("ZERO"), {}};
    for (int k = 0; k < 512; k++) zeros.parts.emplace_back(mebibyte);
    // Copied out of the encoder's buffer, which keeps room for 512 MiB stored.
    const std::vector<uint8_t> encoded = io::encode_map_file(std::span(&zeros, 1));
    return std::vector<uint8_t>(encoded.begin(), encoded.end());
  }();
  const std::vector<uint8_t> map = io::encode_map_file(sections);
  std::vector<uint8_t> file(map.begin(), map.begin() + io::kMapFileHeaderBytes);
  file[12] = 64;
  for (int k = 0; k < 60; k++) {
    file.insert(file.end(), one.begin() + io::kMapFileHeaderBytes, one.end());
  }
  file.insert(file.end(), map.begin() + io::kMapFileHeaderBytes, map.end());
  EXPECT_LT(file.size(), 4u << 20);
  const auto [kilobytes, opened] = testing::peak_kilobytes_of([&] {
    const SavedMap saved = read_map_file(std::span<const uint8_t>(file));
    return saved.width == 32 && saved.commands.commands.size() == 3;
  });
  EXPECT_TRUE(opened);
  // Beside what a child that does nothing has (the test binary's own), the small map only.
  const long baseline = testing::peak_kilobytes_of([] { return true; }).first;
  EXPECT_LT(kilobytes - baseline, 100 * 1024)
      << kilobytes << " KB, " << baseline << " KB doing nothing";
}

TEST(MapFileLimits, AFileIsReadOnlyIfRegularAndWithinItsSizeAndEveryRefusalNamesIt) {
  testing::ScratchDir dir;
  const std::string big = (dir / "big.tsmap").string();
  {
    const int fd = ::open(big.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(kMaxMapFileBytes + 1)), 0);
    ::close(fd);
  }
  EXPECT_EQ(error_of([&] { read_map_file(big); }),
            big + ": it is " + std::to_string(kMaxMapFileBytes + 1) +
                " bytes; a map file is at most " + std::to_string(kMaxMapFileBytes));
  std::filesystem::create_directory(dir / "dir.tsmap");
  EXPECT_EQ(error_of([&] { read_map_file((dir / "dir.tsmap").string()); }),
            (dir / "dir.tsmap").string() + ": it is a directory, not a file");
  ASSERT_EQ(::mkfifo((dir / "fifo.tsmap").c_str(), 0644), 0);
  EXPECT_EQ(error_of([&] { open_map_file((dir / "fifo.tsmap").string()); }),
            (dir / "fifo.tsmap").string() + ": it is a FIFO (a named pipe), not a file");
  // The history's own refusals name the file too, through open_map_file.
  std::vector<io::MapFileSection> sections = small_map_sections();
  std::string hist = text_of(sections, "HIST");
  hist.replace(hist.find("\"spacing\":4096"), 14, "\"spacing\":5000");
  const std::vector<uint8_t> bad = with_section(sections, "HIST", hist);
  const std::string path = (dir / "spaced.tsmap").string();
  io::write_file_atomically(path, std::span<const uint8_t>(bad), io::WriteMode::never_overwrite);
  EXPECT_EQ(error_of([&] { open_map_file(path); }),
            path +
                ": the checkpoints' spacing 5000 is not 4096 times a power of two up to "
                "16777216");
}

}  // namespace
}  // namespace terrain::session
