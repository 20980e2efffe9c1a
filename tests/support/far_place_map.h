// A map file whose place is far from every checkpoint with grids: the tests of long work
// (docs/map-file.md: a file may ask a replay of up to its checkpoints' spacing, at most 4096 <<
// 12 drops) make one from a map file terrain-cli wrote, with the project's own container
// (io::encode_map_file, so its checksums hold): the map's one command becomes a rain of
// `drops` and its place that rain's end, the spacing the largest a file may have, and a
// checkpoint there keeps only a hash (which --verify-map replays the whole rain to check).
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "io/atomic_file.h"
#include "io/map_file.h"

namespace terrain::testing {

// `from`: a map file of a map with no steps (terrain-cli --drops 0 --save-map FROM).
inline void write_far_place_map(const std::filesystem::path& from, const std::filesystem::path& to,
                                uint64_t drops) {
  const std::string bytes = io::read_file(from);
  const io::MapFileWanted wanted[] = {{io::map_file_tag("RCPE")},
                                      {io::map_file_tag("HIST")},
                                      {io::map_file_tag("GRID")},
                                      {io::map_file_tag("VIEW")}};
  std::vector<io::MapFileSection> sections = io::decode_map_file(
      std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), wanted);
  for (io::MapFileSection& s : sections) {
    const std::string tag(s.tag.begin(), s.tag.end());
    if (tag != "RCPE" && tag != "HIST") continue;
    nlohmann::ordered_json json = nlohmann::ordered_json::parse(s.bytes.begin(), s.bytes.end());
    if (tag == "RCPE") {
      json["commands"] = nlohmann::ordered_json::array({{{"rain", drops}}});
    } else {
      json["steps"] = nlohmann::ordered_json::array({{{"first", 0}, {"end", 1}, {"edit", false}}});
      json["position"] = {{"command", 0}, {"drops", drops}};
      json["spacing"] = uint64_t{4096} << 12;
      nlohmann::ordered_json stats = {{"drops", 0},   {"steps", 0}, {"flat", 0},
                                      {"off_map", 0}, {"sea", 0},   {"max_steps", 0}};
      json["checkpoints"].push_back({{"at", {{"command", 0}, {"drops", drops}}},
                                     {"random", 0},
                                     {"stats", stats},
                                     {"hash", "0000000000000000"}});
    }
    const std::string text = json.dump();
    s.bytes.assign(text.begin(), text.end());
  }
  io::write_file_atomically(to, std::span<const uint8_t>(io::encode_map_file(sections)),
                            io::WriteMode::replace);
}

}  // namespace terrain::testing
