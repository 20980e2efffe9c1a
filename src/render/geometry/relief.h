// Shaded relief, the CPU reference: the sketch's drawTerrain() per-cell colours, one RGBA8
// pixel per grid cell (its `terrain_img` before it is scaled up to the canvas).
//
// Sea cells blend sea[0] to sea[1] with depth; land cells take a band colour by height and
// are lit from the north-west by the slope between their neighbours. Every value is the
// sketch's double, stored as a Uint8ClampedArray stores it (clamped to 0..255, halves to even),
// so this matches the sketch's image exactly. The GPU relief (shaders/relief_cells.frag.glsl)
// follows the same expressions; this is what it is tested against.
#pragma once

#include <cstdint>
#include <span>

#include "core/heightfield.h"
#include "core/work_threads.h"
#include "render/geometry/color_scheme.h"

namespace terrain::render {

// The light's direction: normalize([-1, -1, 1.2]) with V8's Math.hypot, from the north-west
// as on most printed maps.
struct ReliefLight {
  double x;
  double y;
  double z;
};
ReliefLight relief_light();

// A Uint8ClampedArray store: NaN -> 0, clamped to 0..255, rounded half to even.
uint8_t clamped_byte(double value);

// How brightly a land cell is lit (AMBIENT .. AMBIENT + (1 - AMBIENT) * 1.25): the slope
// between its neighbours either side (clamped at the edges) as a surface normal, and how
// squarely that faces the light. The factor relief_cell_color() scales a land band by; the
// basins view lights its tones with it too.
double relief_shade(const Heightfield& terrain, int x, int y, const ReliefLight& light);

// relief_shade() of the cells x0 .. x0 + out.size() - 1 of row y into out (the same doubles),
// the cells with a neighbour on both sides worked out several at once. The cells must lie in
// the row (throws std::invalid_argument otherwise, writing nothing).
void relief_shade_row(const Heightfield& terrain, int x0, int y, const ReliefLight& light,
                      std::span<double> out);

// One cell's colour as the sketch's doubles (0..255 per channel, before the store).
Rgb relief_cell_color(const Heightfield& terrain, int x, int y, double sea_level,
                      const ColorScheme& scheme, const ReliefLight& light);

// Every cell's colour, RGBA8 row-major top row first, alpha 255. `rgba` must hold
// terrain.size() * 4 bytes (throws std::invalid_argument otherwise, writing nothing). With
// `threads`, the rows are shared between them (the bytes are the same).
void relief_cells(const Heightfield& terrain, double sea_level, const ColorScheme& scheme,
                  std::span<uint8_t> rgba, WorkThreads* threads = nullptr);

}  // namespace terrain::render
