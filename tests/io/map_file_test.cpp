// The map file's container (io/map_file.h): sections round-trip through zstd and xxHash, and
// every kind of bad file (empty, foreign, newer, cut short at any byte, any bit flipped, sizes
// claimed beyond the file) is refused with one line, never read as something else.
#include "io/map_file.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace terrain::io {
namespace {

std::vector<MapFileSection> some_sections() {
  std::mt19937 random(7);
  MapFileSection history{map_file_tag("HIST"), {}};
  for (int i = 0; i < 5000; i++) history.bytes.push_back(static_cast<uint8_t>(random() % 7));
  MapFileSection zeros{map_file_tag("CHKP"), std::vector<uint8_t>(230400, 0)};
  MapFileSection empty{map_file_tag("VIEW"), {}};
  return {history, zeros, empty};
}

// The tags these tests write, each read up to the container's limit.
std::vector<MapFileSection> decode_map_file(std::span<const uint8_t> file) {
  const MapFileWanted wanted[] = {
      {map_file_tag("HIST")}, {map_file_tag("CHKP")}, {map_file_tag("VIEW")}};
  return io::decode_map_file(file, wanted);
}

std::string map_file_refusal(const std::vector<uint8_t>& file) {
  try {
    decode_map_file(file);
  } catch (const MapFileError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message;
  }
  return "<read>";
}

TEST(MapFile, SectionsRoundTripInOrderAndCompress) {
  const std::vector<MapFileSection> sections = some_sections();
  const std::vector<uint8_t> file = encode_map_file(sections);
  EXPECT_EQ(decode_map_file(file), sections);
  EXPECT_LT(file.size(), 10000u);  // 235 KB of mostly zeros and small values, compressed
  EXPECT_TRUE(decode_map_file(encode_map_file(std::vector<MapFileSection>{})).empty());
}

TEST(MapFile, ForeignEmptyAndNewerFilesSayWhatTheyAre) {
  EXPECT_EQ(map_file_refusal({}), "the file is empty");
  EXPECT_EQ(map_file_refusal({0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13}),
            "a PNG image, not a map file");
  EXPECT_EQ(map_file_refusal({'{', '"', 'a', '"', '}'}), "a JSON text, not a map file");
  EXPECT_EQ(map_file_refusal({'h', 'e', 'l', 'l', 'o'}),
            "not a map file (it does not start as one)");
  std::vector<uint8_t> newer = encode_map_file(some_sections());
  newer[8] = 3;
  EXPECT_EQ(map_file_refusal(newer),
            "made by a newer Terrain Sandbox (format 3; this one reads up to 1)");
}

TEST(MapFile, AFileCutShortAtAnyByteIsRefused) {
  const std::vector<uint8_t> file = encode_map_file(some_sections());
  for (std::size_t n = 0; n < file.size(); n++) {
    SCOPED_TRACE(n);
    EXPECT_NE(map_file_refusal(std::vector<uint8_t>(file.begin(), file.begin() + n)), "<read>");
  }
  std::vector<uint8_t> longer = file;
  longer.push_back(0);
  EXPECT_EQ(map_file_refusal(longer), "1 bytes follow the last section");
}

TEST(MapFile, AnyBitFlippedIsRefusedOrReadsAsSomethingElseNeverTheSame) {
  const std::vector<MapFileSection> sections = some_sections();
  const std::vector<uint8_t> file = encode_map_file(sections);
  std::size_t refused = 0;
  for (std::size_t byte = 0; byte < file.size(); byte++) {
    for (int bit = 0; bit < 8; bit++) {
      std::vector<uint8_t> flipped = file;
      flipped[byte] ^= static_cast<uint8_t>(1 << bit);
      try {
        EXPECT_NE(decode_map_file(flipped), sections) << byte << ":" << bit;
      } catch (const MapFileError&) {
        refused++;
      }
    }
  }
  // Only a flip inside a tag can leave a file that reads (with another tag).
  EXPECT_GE(refused, file.size() * 8 - 3 * 4 * 8);
}

TEST(MapFile, SizesClaimedBeyondTheFileAreRefusedBeforeAnyAllocation) {
  std::vector<uint8_t> file = encode_map_file(some_sections());
  // The first section's stored size, claimed as the most a uint64 holds.
  std::vector<uint8_t> huge = file;
  for (int i = 0; i < 8; i++) huge[16 + 12 + i] = 0xff;
  EXPECT_NE(map_file_refusal(huge).find("cut short"), std::string::npos) << map_file_refusal(huge);
  // Its raw size over the limit.
  std::vector<uint8_t> big = file;
  for (int i = 0; i < 8; i++) big[16 + 4 + i] = 0xff;
  EXPECT_NE(map_file_refusal(big).find("claims"), std::string::npos) << map_file_refusal(big);
  // More sections than a map file has.
  std::vector<uint8_t> many = file;
  many[12] = 0xff;
  EXPECT_EQ(map_file_refusal(many), "it claims 255 sections (a map file has at most 64)");
}

TEST(MapFile, ASectionThatDecompressesToMoreThanItDeclaresIsRefused) {
  // A section of 230,400 zeros declared as 100 bytes: the checksum is the stored bytes', so it
  // matches; the decompression stops past the declared size.
  const std::vector<MapFileSection> zeros = {
      MapFileSection{map_file_tag("CHKP"), std::vector<uint8_t>(230400, 0)}};
  std::vector<uint8_t> file = encode_map_file(zeros);
  file[16 + 4] = 100;
  file[16 + 5] = 0;
  file[16 + 6] = 0;
  EXPECT_EQ(map_file_refusal(file), "section CHKP holds more than the 100 bytes it declares");
}

TEST(MapFile, WritingRefusesWhatNoReaderWouldRead) {
  const std::vector<MapFileSection> spaced = {MapFileSection{{'H', 'I', ' ', 'T'}, {}}};
  EXPECT_THROW(encode_map_file(spaced), std::invalid_argument);
  const std::vector<MapFileSection> too_many(65, MapFileSection{map_file_tag("VIEW"), {}});
  EXPECT_THROW(encode_map_file(too_many), std::invalid_argument);
}

}  // namespace
}  // namespace terrain::io
