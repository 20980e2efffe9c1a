// libFuzzer target: terrain::io::decode_png_heightmap (16-bit PNG heightmaps through libpng) on
// any bytes. libpng itself is the system's (not instrumented); the code around it, its
// callbacks and the setjmp/longjmp error paths are.
//
// What must hold for every input (heightmap_fuzz.h checks it): decode_png_heightmap either
// returns a field or throws HeightmapError, and never crashes, hangs, leaks or hits undefined
// behaviour (ASan, UBSan). A field that decodes is at least 1 x 1 and at most
// kMaxHeightmapSide on a side, with every height finite; a small one, quantized and encoded
// again with encode_png16, decodes to within half a step of its range.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

#include "heightmap_fuzz.h"
#include "io/heightmap_png.h"

namespace {

namespace io = terrain::io;
using terrain::fuzz::broken;

// heightmap.h's quantization (round((h - min) / (max - min) * 65535)), here so that the target
// needs nothing but the PNG code.
io::Quantized16 quantized(const terrain::Heightfield& field) {
  io::Quantized16 q;
  q.min = field.min();
  q.max = field.max();
  const double span = static_cast<double>(q.max) - static_cast<double>(q.min);
  q.values.reserve(field.size());
  for (float h : field.values()) {
    const double v = span > 0 ? (static_cast<double>(h) - q.min) / span * 65535 : 0;
    q.values.push_back(static_cast<uint16_t>(std::lround(v)));
  }
  return q;
}

// The field quantized, encoded again with encode_png16 and decoded: its range is in the file,
// its size is the same and every height within half a step of it.
void expect_round_trip_within_a_step(const char* target, const terrain::Heightfield& field) {
  const io::Quantized16 q = quantized(field);
  const io::HeightmapFile again =
      io::decode_png_heightmap(io::encode_png16(q, field.width(), field.height()));
  if (!again.own_heights) broken(target, "a file encoded again has no range");
  if (again.heights.width() != field.width() || again.heights.height() != field.height()) {
    broken(target, "a file encoded again has another size");
  }
  const double span = static_cast<double>(q.max) - q.min;
  const double scale = std::max(std::abs(q.max), std::abs(q.min));
  const double tolerance = span / 65535 / 2 + scale * 1e-6;
  for (std::size_t i = 0; i < field.size(); i++) {
    if (std::abs(static_cast<double>(again.heights[i]) - field[i]) > tolerance) {
      broken(target, "a file encoded again decodes more than half a step away");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  return terrain::fuzz::fuzz_heightmap_decoder(
      "heightmap_png_fuzz", std::span<const uint8_t>(data, size), io::decode_png_heightmap,
      expect_round_trip_within_a_step);
}
