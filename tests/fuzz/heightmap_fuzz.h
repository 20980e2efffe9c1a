// The body the heightmap decoders' libFuzzer targets share (heightmap_exr_fuzz,
// heightmap_tiff_fuzz, heightmap_png_fuzz): each calls it with its format's decoder and its
// round trip.
//
// What must hold for every input: the decoder either returns a heightmap or throws
// HeightmapError (any other exception escapes, and libFuzzer reports the abort), and never
// crashes, hangs, leaks or hits undefined behaviour. A heightmap that decodes is 1 to
// kMaxHeightmapSide on a side and holds exactly width * height finite heights; a small one
// (up to kMaxRoundTripCells) is handed to the format's round trip, which checks that it is
// encoded again and decodes back as the format promises.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "core/heightfield.h"
#include "fuzz_broken.h"
#include "io/heightmap.h"

namespace terrain::fuzz {

// Heightmaps up to this many cells are encoded again and compared.
inline constexpr std::size_t kMaxRoundTripCells = std::size_t{1} << 16;

// A format's decoder and encoder, as heightmap_exr.h and heightmap_tiff.h declare them.
using HeightmapDecoder = io::HeightmapFile (*)(std::span<const uint8_t>);
using HeightmapEncoder = std::vector<uint8_t> (*)(const Heightfield&);

// Decodes the bytes with `decode` and checks the heightmap as above, in the name of `target`;
// round_trip(target, heights) checks a small one encoded again. Returns 0 (libFuzzer's "go on").
template <typename RoundTrip>
int fuzz_heightmap_decoder(const char* target, std::span<const uint8_t> bytes,
                           HeightmapDecoder decode, RoundTrip round_trip) {
  io::HeightmapFile file;
  try {
    file = decode(bytes);
  } catch (const io::HeightmapError&) {
    return 0;  // refused, as a bad file must be
  }
  const Heightfield& h = file.heights;
  if (h.width() < 1 || h.height() < 1) broken(target, "a heightmap smaller than 1 x 1 decoded");
  if (h.width() > io::kMaxHeightmapSide || h.height() > io::kMaxHeightmapSide) {
    broken(target, "a heightmap larger than kMaxHeightmapSide decoded");
  }
  const std::size_t cells =
      static_cast<std::size_t>(h.width()) * static_cast<std::size_t>(h.height());
  if (h.size() != cells) broken(target, "the heights do not fill the heightmap");
  for (float v : h.values()) {
    if (!std::isfinite(v)) broken(target, "a height is not finite");
  }
  if (cells <= kMaxRoundTripCells) round_trip(target, h);
  return 0;
}

// The round trip of a lossless format (EXR, TIFF): the heights encoded again with `encode`
// decode with `decode` to the same heights bit for bit.
inline void expect_exact_round_trip(const char* target, const Heightfield& h,
                                    HeightmapDecoder decode, HeightmapEncoder encode) {
  const io::HeightmapFile again = decode(encode(h));
  if (again.heights.width() != h.width() || again.heights.height() != h.height() ||
      std::memcmp(again.heights.data(), h.data(), h.size() * sizeof(float)) != 0) {
    broken(target, "a heightmap encoded again decodes different");
  }
}

// The whole target for a lossless format: fuzz_heightmap_decoder with expect_exact_round_trip.
inline int fuzz_lossless_heightmap(const char* target, const uint8_t* data, std::size_t size,
                                   HeightmapDecoder decode, HeightmapEncoder encode) {
  return fuzz_heightmap_decoder(target, std::span<const uint8_t>(data, size), decode,
                                [&](const char* name, const Heightfield& h) {
                                  expect_exact_round_trip(name, h, decode, encode);
                                });
}

}  // namespace terrain::fuzz
