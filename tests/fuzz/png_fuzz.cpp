// libFuzzer target: terrain::io::decode_png (what read_png decodes a file's bytes with) on any
// bytes, with stb_image's decoder instrumented (CMakeLists.txt).
//
// What must hold for every input: decode_png either returns an image or throws
// std::runtime_error (any other exception escapes, and libFuzzer reports the abort), and never
// crashes, hangs, leaks or hits undefined behaviour (ASan, UBSan). An image that decodes has a
// size of at least 1 x 1 and exactly width * height RGBA pixels; a small one, encoded again
// with encode_png, decodes to the same pixels.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <vector>

#include "fuzz_broken.h"
#include "io/png.h"

namespace {

// Images up to this many pixels are encoded again and compared (larger ones would only slow
// the fuzzer down; what decodes them is the same code).
constexpr std::size_t kMaxRoundTripPixels = std::size_t{1} << 16;

[[noreturn]] void broken(const char* what) {
  terrain::fuzz::broken("png_fuzz", what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  terrain::io::RgbaImage image;
  try {
    image = terrain::io::decode_png(std::span<const uint8_t>(data, size));
  } catch (const std::runtime_error&) {
    return 0;  // refused, as a bad file must be
  }
  if (image.width < 1 || image.height < 1) broken("an image smaller than 1 x 1 decoded");
  const std::size_t pixels =
      static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height);
  if (image.pixels.size() != pixels * 4) broken("the pixels do not fill the image");
  if (pixels <= kMaxRoundTripPixels) {
    const std::vector<uint8_t> png = terrain::io::encode_png(
        image.pixels, image.width, image.height, terrain::io::PixelFormat::rgba8);
    if (terrain::io::decode_png(png) != image) broken("an image encoded again decodes different");
  }
  return 0;
}
