// zstd frames made a piece at a time, for the tests of map files that would be huge once
// decompressed (a frame of hundreds of megabytes made in the memory of one piece).
#pragma once

#include <zstd.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace terrain::testing {

// One zstd frame of the bytes `next` gives, a piece at a time, until it gives an empty piece;
// *raw is how many bytes it gave. `pledged`: the size the frame's header declares, if any.
inline std::vector<uint8_t> zstd_frame_of(const std::function<std::string()>& next, uint64_t* raw,
                                          std::optional<uint64_t> pledged = std::nullopt) {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  if (pledged) ZSTD_CCtx_setPledgedSrcSize(cctx, *pledged);
  std::vector<uint8_t> out(ZSTD_CStreamOutSize());
  std::vector<uint8_t> frame;
  *raw = 0;
  for (;;) {
    const std::string piece = next();
    *raw += piece.size();
    const ZSTD_EndDirective mode = piece.empty() ? ZSTD_e_end : ZSTD_e_continue;
    ZSTD_inBuffer in{piece.data(), piece.size(), 0};
    std::size_t pending = 0;
    do {
      ZSTD_outBuffer o{out.data(), out.size(), 0};
      pending = ZSTD_compressStream2(cctx, &o, &in, mode);
      frame.insert(frame.end(), out.begin(), out.begin() + static_cast<std::ptrdiff_t>(o.pos));
    } while (mode == ZSTD_e_end ? pending != 0 : in.pos < in.size);
    if (piece.empty()) break;
  }
  ZSTD_freeCCtx(cctx);
  return frame;
}

// One zstd frame of `raw` zeros, a mebibyte at a time, its size declared in its header.
inline std::vector<uint8_t> zstd_zeros_frame(uint64_t raw) {
  uint64_t left = raw;
  uint64_t given = 0;
  return zstd_frame_of(
      [&] {
        const uint64_t n = std::min<uint64_t>(left, uint64_t{1} << 20);
        left -= n;
        return std::string(static_cast<std::size_t>(n), '\0');
      },
      &given, raw);
}

}  // namespace terrain::testing
