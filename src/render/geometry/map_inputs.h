// What the map renderer draws: the terrain, its settings, the rivers as the live model eases
// them, and the debug overlay. Everything is borrowed (spans and pointers), never copied: the
// caller keeps it alive for the duration of a draw() or snapshot() call.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "core/heightfield.h"
#include "core/rain.h"
#include "render/geometry/color_scheme.h"

namespace terrain::render {

// The sketch's drawRivers() state, one entry per grid cell (cols * rows each, row-major).
// The live model does the easing; while paused it passes shown = water, fade_in = 1 and
// ghost_fade = 0, which draws the rivers at once as the sketch does.
struct RiverView {
  std::span<const int32_t> downstream;   // the cell each cell drains into, or -1
  std::span<const float> shown;          // water drawn through each cell
  std::span<const float> fade_in;        // opacity of each cell's piece of river, 0..1
  std::span<const int32_t> ghost_to;     // where a piece that changed course used to go
  std::span<const int32_t> ghost_after;  // ...and where that cell went (-1: nowhere)
  std::span<const float> ghost_water;    // the water the old piece carried
  std::span<const float> ghost_fade;     // its opacity; drawn while above 0.02
};

// Checks a river view against a grid of `cells` cells: every span that size, every index in
// range (downstream and ghost_after -1 or a cell, ghost_to a cell wherever its ghost is drawn).
// Returns an empty string when it is fine, else what is wrong (which array, which cell, which
// value, what is allowed).
std::string check_river_view(const RiverView& view, std::size_t cells);

// Most contour levels drawn (the sketch's slider stops at 20); beyond this the lines would
// outgrow what a minimal GL 3.3 buffer texture holds (65,536 segments).
inline constexpr int kMaxContourLevels = 40;

struct MapInputs {
  const Heightfield* terrain = nullptr;  // required: the heights drawn (at least 2 x 2)
  double sea_level = 0.25;               // the coast; 0..1
  int contour_levels = 10;  // lines between sea level and 1: 0 (none)..kMaxContourLevels
  const ColorScheme* scheme = nullptr;  // required: one of color_schemes()
  bool show_rivers = true;
  RiverView rivers;              // required when show_rivers
  bool debug = false;            // draw the last drops' routes and the drop count
  const Rain* routes = nullptr;  // debug: routes of the last drops (may be null)
  uint64_t drops = 0;            // debug: drops so far, for the count
};

// Checks inputs before anything is drawn. Returns an empty string when they can be drawn,
// else a message naming the value and what is allowed.
std::string check_map_inputs(const MapInputs& inputs);

}  // namespace terrain::render
