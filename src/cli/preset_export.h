// A heightmap as --preset shapes it (exports/engine_preset.h): made from the map at the
// preset's size and fit, in the map's real units or the preset's, with its JSON sidecar.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/options.h"
#include "core/heightfield.h"

namespace terrain::cli {

struct PresetExport {
  std::vector<uint8_t> heightmap;  // the file's bytes, in the format of its extension
  std::string sidecar;             // the sidecar's text (sidecar_path)
  int width = 0;
  int height = 0;
};

// The sidecar beside `heightmap`: its name with ".json" added ("h.png" -> "h.png.json").
std::filesystem::path sidecar_path(const std::filesystem::path& heightmap);

// `field` (the map's ground, after or before the rain) as options.preset shapes it for the file
// at `path`; `run` holds the map's seed and settings (the sidecar's "map"). Precondition:
// options.preset is set and takes path's format (parse_options checks both).
PresetExport preset_export(const Options& options, const Options& run, const Heightfield& field,
                           const std::filesystem::path& path);

}  // namespace terrain::cli
