// libFuzzer target: terrain::io::decode_tiff (what read_heightmap decodes a .tif file's bytes
// with) on any bytes, with TIFF's library as Debian ships it (not instrumented: ASan sees
// its allocations, not its every read).
//
// What must hold for every input: decode_tiff either returns a heightmap or throws
// HeightmapError (any other exception escapes, and libFuzzer reports the abort), and never
// crashes, hangs, leaks or hits undefined behaviour. A heightmap that decodes is 1 to
// kMaxHeightmapSide on a side, holds exactly width * height finite heights, and a small one,
// encoded again with encode_tiff, decodes to the same heights bit for bit.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <vector>

#include "io/heightmap_tiff.h"

namespace {

// Heightmaps up to this many cells are encoded again and compared.
constexpr std::size_t kMaxRoundTripCells = std::size_t{1} << 16;

[[noreturn]] void broken(const char* what) {
  std::fprintf(stderr, "heightmap_tiff_fuzz: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  namespace io = terrain::io;
  io::HeightmapFile file;
  try {
    file = io::decode_tiff(std::span<const uint8_t>(data, size));
  } catch (const io::HeightmapError&) {
    return 0;  // refused, as a bad file must be
  }
  const terrain::Heightfield& h = file.heights;
  if (h.width() < 1 || h.height() < 1) broken("a heightmap smaller than 1 x 1 decoded");
  if (h.width() > io::kMaxHeightmapSide || h.height() > io::kMaxHeightmapSide) {
    broken("a heightmap larger than kMaxHeightmapSide decoded");
  }
  const std::size_t cells =
      static_cast<std::size_t>(h.width()) * static_cast<std::size_t>(h.height());
  if (h.size() != cells) broken("the heights do not fill the heightmap");
  for (float v : h.values()) {
    if (!std::isfinite(v)) broken("a height is not finite");
  }
  if (cells <= kMaxRoundTripCells) {
    const io::HeightmapFile again = io::decode_tiff(io::encode_tiff(h));
    if (again.heights.width() != h.width() || again.heights.height() != h.height() ||
        std::memcmp(again.heights.data(), h.data(), cells * sizeof(float)) != 0) {
      broken("a heightmap encoded again decodes different");
    }
  }
  return 0;
}
