// libFuzzer target: a map file (.tsmap) read as the app and terrain-cli read one: the container
// (io::decode_map_file), its sections (session::read_map_file) and the history they make
// (session::history_of), on any bytes.
//
// What must hold for every input: each step either succeeds or throws io::MapFileError (any
// other exception escapes, and libFuzzer reports the abort), and never crashes, hangs, leaks,
// allocates more than the file can hold decompressed (libFuzzer's -rss_limit_mb) or hits
// undefined behaviour (ASan, UBSan). Sections that read are written again with encode_map_file
// and read back the same; a map that reads is written again and reads back to the same history.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include "io/map_file.h"
#include "session/saved_map.h"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "map_file_fuzz: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  namespace io = terrain::io;
  namespace session = terrain::session;
  const std::span<const uint8_t> file(data, size);
  std::vector<io::MapFileSection> sections;
  try {
    sections = io::decode_map_file(file, session::map_file_sections());
  } catch (const io::MapFileError&) {
    return 0;  // refused, as a bad file must be
  }
  if (io::decode_map_file(io::encode_map_file(sections), session::map_file_sections()) !=
      sections) {
    fail("sections written again read back different");
  }
  session::SavedMap saved;
  try {
    saved = session::read_map_file(file);
    const session::History history = session::history_of(saved);
    // Written again from the history it made, it reads back to a history of the same steps.
    const session::SavedMap again = session::read_map_file(
        session::map_file_bytes(session::saved_history(history, saved.width, saved.height)));
    if (again.steps != saved.steps || again.position != saved.position) {
      fail("a map written again read back with other steps or another place");
    }
  } catch (const io::MapFileError&) {
    return 0;
  }
  return 0;
}
