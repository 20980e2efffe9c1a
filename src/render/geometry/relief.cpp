// Shaded relief on the CPU, expression for expression as the sketch's drawTerrain().
#include "render/geometry/relief.h"

#include <algorithm>
#include <cmath>
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

Rgb relief_cell_color(const Heightfield& terrain, int x, int y, double sea_level,
                      const ColorScheme& scheme, const ReliefLight& light) {
  const int cols = terrain.width();
  const int rows = terrain.height();
  // Float32Array reads widen to double.
  const double h = terrain.at(x, y);

  if (h < sea_level) {
    const double depth = sea_level > 0 ? (sea_level - h) / sea_level : 0;
    return mix(rgb(scheme.sea_shallow), rgb(scheme.sea_deep), std::min(1.0, depth * 2));
  }

  // The slope from the neighbours either side, as a surface normal, and how squarely it
  // faces the light.
  const double left = terrain.at(std::max(x - 1, 0), y);
  const double right = terrain.at(std::min(x + 1, cols - 1), y);
  const double up = terrain.at(x, std::max(y - 1, 0));
  const double down = terrain.at(x, std::min(y + 1, rows - 1));
  const double nx = (left - right) * sketch::RELIEF;
  const double ny = (up - down) * sketch::RELIEF;
  const double lit = (nx * light.x + ny * light.y + light.z) / js::hypot(nx, ny, 1.0);
  const double shade = sketch::AMBIENT + (1 - sketch::AMBIENT) * std::max(0.0, lit) * 1.25;

  const double band_at = std::floor((h - sea_level) / (1 - sea_level) * 255);
  const Rgb& band = scheme.bands[static_cast<std::size_t>(std::min(255.0, band_at))];
  return {band[0] * shade, band[1] * shade, band[2] * shade};
}

void relief_cells(const Heightfield& terrain, double sea_level, const ColorScheme& scheme,
                  std::span<uint8_t> rgba) {
  if (rgba.size() != terrain.size() * 4) {
    throw std::invalid_argument("relief_cells: the output holds " + std::to_string(rgba.size()) +
                                " bytes, a " + std::to_string(terrain.width()) + "x" +
                                std::to_string(terrain.height()) + " field needs " +
                                std::to_string(terrain.size() * 4));
  }
  const ReliefLight light = relief_light();
  for (int y = 0; y < terrain.height(); y++) {
    for (int x = 0; x < terrain.width(); x++) {
      const Rgb color = relief_cell_color(terrain, x, y, sea_level, scheme, light);
      uint8_t* p = &rgba[terrain.index(x, y) * 4];
      p[0] = clamped_byte(color[0]);
      p[1] = clamped_byte(color[1]);
      p[2] = clamped_byte(color[2]);
      p[3] = 255;
    }
  }
}

}  // namespace terrain::render
