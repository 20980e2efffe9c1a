// libFuzzer target: terrain::io::decode_map_file (the map file's container, io/map_file.h) on
// any bytes.
//
// What must hold for every input: decode_map_file either returns the sections or throws
// MapFileError (any other exception escapes, and libFuzzer reports the abort), and never
// crashes, hangs, leaks, allocates more than the file can hold decompressed (libFuzzer's
// -rss_limit_mb) or hits undefined behaviour (ASan, UBSan). Sections that read are written
// again with encode_map_file and read back the same.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include "io/map_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  std::vector<terrain::io::MapFileSection> sections;
  try {
    sections = terrain::io::decode_map_file(std::span<const uint8_t>(data, size));
  } catch (const terrain::io::MapFileError&) {
    return 0;  // refused, as a bad file must be
  }
  const std::vector<uint8_t> again = terrain::io::encode_map_file(sections);
  if (terrain::io::decode_map_file(again) != sections) {
    std::fprintf(stderr, "map_file_fuzz: sections written again read back different\n");
    std::abort();
  }
  return 0;
}
