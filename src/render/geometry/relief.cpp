// Shaded relief on the CPU, expression for expression as the sketch's drawTerrain().
#include "render/geometry/relief.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/js_math.h"
#include "core/sketch.h"

namespace terrain::render {

ReliefLight relief_light() {
  // normalize(v): v.map(c => c / Math.hypot(...v))
  const double length = js::hypot(-1.0, -1.0, 1.2);
  return {-1.0 / length, -1.0 / length, 1.2 / length};
}

uint8_t clamped_byte(double value) {
  // ECMAScript ToUint8Clamp.
  if (!(value > 0)) return 0;  // NaN, zero and below
  if (value >= 255) return 255;
  const double f = std::floor(value);
  if (f + 0.5 < value) return static_cast<uint8_t>(f + 1);
  if (value < f + 0.5) return static_cast<uint8_t>(f);
  const int whole = static_cast<int>(f);
  return static_cast<uint8_t>(whole % 2 == 0 ? whole : whole + 1);
}

double relief_shade(const Heightfield& terrain, int x, int y, const ReliefLight& light) {
  const int cols = terrain.width();
  const int rows = terrain.height();
  // The slope from the neighbours either side, as a surface normal, and how squarely it
  // faces the light. Float32Array reads widen to double.
  const double left = terrain.at(std::max(x - 1, 0), y);
  const double right = terrain.at(std::min(x + 1, cols - 1), y);
  const double up = terrain.at(x, std::max(y - 1, 0));
  const double down = terrain.at(x, std::min(y + 1, rows - 1));
  const double nx = (left - right) * sketch::RELIEF;
  const double ny = (up - down) * sketch::RELIEF;
  const double lit = (nx * light.x + ny * light.y + light.z) / js::hypot(nx, ny, 1.0);
  return sketch::AMBIENT + (1 - sketch::AMBIENT) * std::max(0.0, lit) * 1.25;
}

Rgb relief_cell_color(const Heightfield& terrain, int x, int y, double sea_level,
                      const ColorScheme& scheme, const ReliefLight& light) {
  const double h = terrain.at(x, y);

  if (h < sea_level) {
    const double depth = sea_level > 0 ? (sea_level - h) / sea_level : 0;
    return mix(rgb(scheme.sea_shallow), rgb(scheme.sea_deep), std::min(1.0, depth * 2));
  }

  const double shade = relief_shade(terrain, x, y, light);
  const double band_at = std::floor((h - sea_level) / (1 - sea_level) * 255);
  const Rgb& band = scheme.bands[static_cast<std::size_t>(std::min(255.0, band_at))];
  return {band[0] * shade, band[1] * shade, band[2] * shade};
}

namespace {

// One row's interior cells (x0 <= x < x1, each with a neighbour on both sides) into out[x - x0]
// as RGBA8 words, expression for
// expression as relief_cell_color() and clamped_byte(), but with every choice a select so the
// compiler can work out several cells at once (SIMD does the same IEEE operations, so the
// bytes are the same; -ffp-contract=off keeps every product rounded on its own).
struct ReliefRow {
  double sea_level;
  double shallow[3];
  double deep[3];
  ReliefLight light;
  const double* bands;  // kBandCount x 3
};

inline double select(bool c, double a, double b) {
  return c ? a : b;
}

// A Uint8ClampedArray store, as clamped_byte(): halves to even is what nearbyint does in the
// default rounding mode.
inline uint32_t store_byte(double v) {
  const double rounded = std::nearbyint(v);
  return static_cast<uint32_t>(select(v >= 255, 255.0, select(v > 0, rounded, 0.0)));
}

// relief_shade() of an interior cell (one with a neighbour on both sides) of `row`, `up` and
// `down` being the rows above and below (clamped), with every choice a select.
inline double interior_shade(const float* row, const float* up, const float* down, int x,
                             const ReliefLight& light) {
  const double nx =
      (static_cast<double>(row[x - 1]) - static_cast<double>(row[x + 1])) * sketch::RELIEF;
  const double ny = (static_cast<double>(up[x]) - static_cast<double>(down[x])) * sketch::RELIEF;
  // js::hypot(nx, ny, 1.0): the largest magnitude (at least the 1), then Kahan's sum.
  const double v0 = std::fabs(nx);
  const double v1 = std::fabs(ny);
  double big = select(v0 > 0.0, v0, 0.0);
  big = select(v1 > big, v1, big);
  big = select(1.0 > big, 1.0, big);
  double sum = 0;
  double compensation = 0;
  for (double v : {v0, v1, 1.0}) {
    const double n = v / big;
    const double summand = n * n - compensation;
    const double preliminary = sum + summand;
    compensation = (preliminary - sum) - summand;
    sum = preliminary;
  }
  const double length = std::sqrt(sum) * big;
  const double lit = (nx * light.x + ny * light.y + light.z) / length;
  return sketch::AMBIENT + (1 - sketch::AMBIENT) * select(0.0 < lit, lit, 0.0) * 1.25;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void shade_row(const float* row, const float* up, const float* down, int x0, int x1,
               const ReliefLight& light, double* out) {
  for (int x = x0; x < x1; x++) out[x - x0] = interior_shade(row, up, down, x, light);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void relief_row(const float* row, const float* up, const float* down, int x0, int x1,
                const ReliefRow& k, uint32_t* out) {
  const double sea_level = k.sea_level;
  const bool has_sea = sea_level > 0;
  for (int x = x0; x < x1; x++) {
    const double h = row[x];
    // The sea: deeper water blends towards sea[1].
    const double depth = select(has_sea, (sea_level - h) / sea_level, 0.0);
    const double twice = depth * 2;
    const double t = select(twice < 1.0, twice, 1.0);  // std::min(1.0, depth * 2)
    // The land: the slope between the neighbours, lit from the north-west.
    const double shade = interior_shade(row, up, down, x, k.light);
    const double band_at = std::floor((h - sea_level) / (1 - sea_level) * 255);
    const double band_top = select(band_at < 255.0, band_at, 255.0);  // std::min(255.0, ...)
    const auto band = static_cast<int>(select(band_top > 0.0, band_top, 0.0)) * 3;
    const bool sea = h < sea_level;
    uint32_t pixel = 0xff000000u;
    for (int c = 0; c < 3; c++) {
      const double water = k.shallow[c] + (k.deep[c] - k.shallow[c]) * t;
      const double land = k.bands[band + c] * shade;
      pixel |= store_byte(select(sea, water, land)) << (8 * c);
    }
    out[x - x0] = pixel;
  }
}

}  // namespace

void relief_shade_row(const Heightfield& terrain, int x0, int y, const ReliefLight& light,
                      std::span<double> out) {
  const int cols = terrain.width();
  const int rows = terrain.height();
  if (x0 < 0 || x0 > cols || y < 0 || y >= rows ||
      out.size() > static_cast<std::size_t>(cols - x0)) {
    throw std::invalid_argument("relief_shade_row: cells " + std::to_string(x0) + " .. " +
                                std::to_string(x0 + static_cast<long long>(out.size()) - 1) +
                                " of row " + std::to_string(y) + " are not all in the " +
                                std::to_string(cols) + "x" + std::to_string(rows) + " field");
  }
  if (out.empty()) return;
  const int x1 = x0 + static_cast<int>(out.size());
  // The edge columns clamp their neighbours: the reference does those.
  const int inner0 = std::max(x0, 1);
  const int inner1 = std::min(x1, cols - 1);
  auto edge = [&](int x) {
    out[static_cast<std::size_t>(x - x0)] = relief_shade(terrain, x, y, light);
  };
  for (int x = x0; x < std::min(inner0, x1); x++) edge(x);
  for (int x = std::max(inner1, inner0); x < x1; x++) edge(x);
  if (inner0 >= inner1) return;
  const float* row = terrain.data() + terrain.index(0, y);
  const float* up = terrain.data() + terrain.index(0, std::max(y - 1, 0));
  const float* down = terrain.data() + terrain.index(0, std::min(y + 1, rows - 1));
  shade_row(row, up, down, inner0, inner1, light, out.data() + (inner0 - x0));
}

void relief_cells(const Heightfield& terrain, double sea_level, const ColorScheme& scheme,
                  std::span<uint8_t> rgba, WorkThreads* threads) {
  if (rgba.size() != terrain.size() * 4) {
    throw std::invalid_argument("relief_cells: the output holds " + std::to_string(rgba.size()) +
                                " bytes, a " + std::to_string(terrain.width()) + "x" +
                                std::to_string(terrain.height()) + " field needs " +
                                std::to_string(terrain.size() * 4));
  }
  const ReliefLight light = relief_light();
  const int cols = terrain.width();
  const int rows = terrain.height();
  auto store_reference = [&](int x, int y) {
    const Rgb color = relief_cell_color(terrain, x, y, sea_level, scheme, light);
    uint8_t* p = &rgba[terrain.index(x, y) * 4];
    p[0] = clamped_byte(color[0]);
    p[1] = clamped_byte(color[1]);
    p[2] = clamped_byte(color[2]);
    p[3] = 255;
  };
  const Rgb shallow = rgb(scheme.sea_shallow);
  const Rgb deep = rgb(scheme.sea_deep);
  const ReliefRow k{sea_level,
                    {shallow[0], shallow[1], shallow[2]},
                    {deep[0], deep[1], deep[2]},
                    light,
                    scheme.bands[0].data()};
  static_assert(sizeof(scheme.bands) == sizeof(double) * 3 * kBandCount, "bands are packed");
  auto row_of = [&](int y, int) {
    // The edge columns clamp their neighbours: the reference does those.
    store_reference(0, y);
    if (cols > 1) store_reference(cols - 1, y);
    if (cols <= 2) return;
    const float* row = terrain.data() + terrain.index(0, y);
    const float* up = terrain.data() + terrain.index(0, std::max(y - 1, 0));
    const float* down = terrain.data() + terrain.index(0, std::min(y + 1, rows - 1));
    // In chunks through a word buffer: the output is bytes.
    constexpr int kChunk = 256;
    uint32_t words[kChunk];
    for (int x0 = 1; x0 < cols - 1; x0 += kChunk) {
      const int x1 = std::min(x0 + kChunk, cols - 1);
      relief_row(row, up, down, x0, x1, k, words);
      std::memcpy(rgba.data() + terrain.index(x0, y) * 4, words,
                  static_cast<std::size_t>(x1 - x0) * 4);
    }
  };
  if (threads != nullptr) {
    threads->run(rows, row_of);
  } else {
    for (int y = 0; y < rows; y++) row_of(y, 0);
  }
}

}  // namespace terrain::render
