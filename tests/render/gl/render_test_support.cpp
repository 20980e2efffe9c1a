// Render test helpers (see render_test_support.h).
#include "render_test_support.h"

#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include <algorithm>
#include <cstdlib>

namespace terrain::render::testing {

Image read_png(const std::string& path) {
  int w = 0, h = 0, channels = 0;
  unsigned char* pixels = stbi_load(path.c_str(), &w, &h, &channels, 4);
  if (pixels == nullptr) {
    throw std::runtime_error("cannot read PNG " + path + ": " + stbi_failure_reason());
  }
  Image image{w, h,
              std::vector<uint8_t>(
                  pixels, pixels + static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4)};
  stbi_image_free(pixels);
  return image;
}

void write_png(const std::string& path, const Image& image) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  if (!stbi_write_png(path.c_str(), image.width, image.height, 4, image.rgba.data(),
                      image.width * 4)) {
    throw std::runtime_error("cannot write PNG " + path);
  }
}

int worst_difference(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
  if (a.size() != b.size()) return 256;
  int worst = 0;
  for (std::size_t p = 0; p < a.size(); p++) {
    worst = std::max(worst, std::abs(a[p] - b[p]));
  }
  return worst;
}

std::size_t channels_differing(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
  if (a.size() != b.size()) return std::max(a.size(), b.size());
  std::size_t count = 0;
  for (std::size_t p = 0; p < a.size(); p++) count += a[p] != b[p];
  return count;
}

Heightfield read_seed_field(const std::string& name) {
  const std::string path = data_path("seed-42/" + name);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("reference file missing: " + path);
  std::vector<float> values(320 * 180);
  in.read(reinterpret_cast<char*>(values.data()),
          static_cast<std::streamsize>(values.size() * sizeof(float)));
  if (in.gcount() != static_cast<std::streamsize>(values.size() * sizeof(float))) {
    throw std::runtime_error("reference file short: " + path);
  }
  return Heightfield(320, 180, std::move(values));
}

PausedRivers paused_rivers(const Heightfield& field, uint32_t seed) {
  PausedRivers rivers;
  const Heightfield ripple = wander_ripple(seed);
  rivers.drainage = drainage(field, {}, &ripple);
  RiverPicture& p = rivers.picture;
  p.assign(field.size());
  p.downstream.assign(rivers.drainage.downstream().begin(), rivers.drainage.downstream().end());
  p.shown.assign(rivers.drainage.flow().begin(), rivers.drainage.flow().end());
  std::fill(p.fade_in.begin(), p.fade_in.end(), 1.0f);
  return rivers;
}

double rmse_rgb(const Image& a, const Image& b) {
  if (a.width != b.width || a.height != b.height) {
    throw std::invalid_argument("rmse_rgb: sizes differ");
  }
  double sum = 0;
  for (std::size_t p = 0; p < a.rgba.size(); p += 4) {
    for (std::size_t k = 0; k < 3; k++) {
      const double d = (a.rgba[p + k] - b.rgba[p + k]) / 255.0;
      sum += d * d;
    }
  }
  return std::sqrt(sum / (static_cast<double>(a.rgba.size()) / 4 * 3));
}

double share_off_by_more_than(const Image& a, const Image& b, int levels) {
  std::size_t off = 0;
  for (std::size_t p = 0; p < a.rgba.size(); p += 4) {
    for (std::size_t k = 0; k < 3; k++) {
      if (std::abs(a.rgba[p + k] - b.rgba[p + k]) > levels) {
        off++;
        break;
      }
    }
  }
  return static_cast<double>(off) / (static_cast<double>(a.rgba.size()) / 4);
}

Image diff_image(const Image& a, const Image& b) {
  Image d{a.width, a.height, std::vector<uint8_t>(a.rgba.size(), 255)};
  for (std::size_t p = 0; p < a.rgba.size(); p += 4) {
    for (std::size_t k = 0; k < 3; k++) {
      d.rgba[p + k] =
          static_cast<uint8_t>(std::min(255, 4 * std::abs(a.rgba[p + k] - b.rgba[p + k])));
    }
  }
  return d;
}

std::string output_path(const std::string& name) {
  return std::string(TERRAIN_RENDER_TEST_OUTPUT) + "/" + name;
}

void maybe_dump(const std::string& name, const Image& image) {
  if (const char* dir = std::getenv("TERRAIN_RENDER_DUMP"); dir != nullptr && *dir != '\0') {
    write_png(std::string(dir) + "/" + name, image);
  }
}

}  // namespace terrain::render::testing

// In the sanitizer build: AddressSanitizer and UBSan stay on, but not the leak check at exit.
// Every GL test creates a context, and Mesa's llvmpipe keeps a few allocations made inside its
// JIT-compiled code for the life of the process; LeakSanitizer cannot unwind through that code
// to tell them apart from ours, so it would report them in every test. The renderer's own
// allocations are all owned by std containers and checked by ASan for misuse as they happen.
extern "C" const char* __asan_default_options();
extern "C" const char* __asan_default_options() {
  return "detect_leaks=0";
}
