// OpenEXR heightmaps (see heightmap.h): one float32 channel "Y" (luminance, which tools
// show as gray), no compression other than what OpenEXR does losslessly (ZIP), the exact
// float32 heights. Read: a scanline or tiled EXR with a Y, R or the first channel, any pixel
// type converted to float32; the data window's size.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "io/heightmap.h"

namespace terrain::io {

std::vector<uint8_t> encode_exr(const Heightfield& field);
// own_heights is true. Throws HeightmapError.
HeightmapFile decode_exr(std::span<const uint8_t> bytes);

}  // namespace terrain::io
