// libFuzzer target: terrain::io::decode_exr (what read_heightmap decodes a .exr file's bytes
// with) on any bytes, with OpenEXR's library as Debian ships it (not instrumented: ASan sees
// its allocations, not its every read).
//
// What must hold for every input (heightmap_fuzz.h checks it): decode_exr either returns a
// heightmap or throws HeightmapError, and never crashes, hangs, leaks or hits undefined
// behaviour. A heightmap that decodes is 1 to kMaxHeightmapSide on a side, holds exactly
// width * height finite heights, and a small one, encoded again with encode_exr, decodes to
// the same heights bit for bit.
#include <cstddef>
#include <cstdint>

#include "heightmap_fuzz.h"
#include "io/heightmap_exr.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  return terrain::fuzz::fuzz_lossless_heightmap("heightmap_exr_fuzz", data, size,
                                                terrain::io::decode_exr, terrain::io::encode_exr);
}
