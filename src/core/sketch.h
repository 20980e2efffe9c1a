// The sketch's constants and the ranges of its controls, in one place, with its names.
//
// The p5.js "Hydraulic Erosion" sketch is the reference for everything here: each value below
// is the sketch's, and each comment says what it does in the sketch's own words where it can.
#pragma once

namespace terrain::sketch {

// The simulation grid. It's a fixed size whatever the size of the window, because the eroded
// terrain is the result of everything that's happened so far and can't be rebuilt from the
// seed: resizing the window or going fullscreen only redraws it bigger.
inline constexpr int COLS = 320;
inline constexpr int ROWS = 180;

// The physics, in Beyer's terms. These rarely need touching, so they're not on the controls.
// Sediment a drop can carry, per unit of speed, water and slope
inline constexpr double CAPACITY = 4;
inline constexpr double MIN_CAPACITY = 0.01;  // Even on the flat a drop can carry a little
inline constexpr double GRAVITY = 4;          // How quickly drops speed up going downhill
inline constexpr double EVAPORATION = 0.01;   // Water each drop loses at every step
inline constexpr int MAX_STEPS = 160;  // A drop that hasn't stopped by then evaporates anyway

// Rain stops by itself after this many drops; play carries on from there.
inline constexpr long long RAIN_TARGET = 300000;

// Rivers: a cell is drawn as river once the water of RIVER_START cells passes through it.
// Working this out is redone every RIVER_EVERY frames while it rains, eased in by RIVER_EASE.
inline constexpr double RIVER_START = 250;
inline constexpr int RIVER_EVERY = 15;
inline constexpr double RIVER_EASE = 0.15;
inline constexpr double WANDER = 0.03;  // How much the noise ripple bends rivers on the flat
// Widths of river, each carrying twice the water of the one before
inline constexpr int RIVER_WIDTHS = 6;
inline constexpr int FADES = 8;  // Steps of transparency, for fading pieces in and out

// Filling hollows: each flooded cell is raised at least this far above the cell it was
// reached from, so the filled surface still slopes towards the way out.
inline constexpr double FILL_EPSILON = 1e-6;

// Shaded relief: how strongly slopes catch the light (from the north-west) and the ambient part.
inline constexpr double RELIEF = 30;
inline constexpr double AMBIENT = 0.45;

// How much the terrain rises towards the middle, from 0 (noise only) to 1.
inline constexpr double ISLAND = 0.4;
// The island's fractal noise: noiseDetail(6, 0.5).
inline constexpr int NOISE_OCTAVES = 6;
inline constexpr double NOISE_FALLOFF = 0.5;

inline constexpr int INDEX_EVERY = 5;  // Every fifth contour heavier, like a printed map

// A slider: its [min, max, step] and its default, as in the sketch's `sliders` table.
struct Range {
  double min;
  double max;
  double step;
  double initial;
};
inline constexpr Range drops_per_frame{0, 1000, 10, 200};  // How hard it rains: drops every frame
inline constexpr Range erosion{0, 1, 0.05, 0.3};       // Share of spare capacity dug out per step
inline constexpr Range deposition{0, 1, 0.05, 0.3};    // Share of excess sediment put down per step
inline constexpr Range inertia{0, 0.5, 0.01, 0.05};    // 0 turns straight downhill, 1 never turns
inline constexpr Range brush_radius{1, 6, 1, 2};       // Drops dig from a small circle of cells
inline constexpr Range sea_level{0, 0.6, 0.01, 0.25};  // Below this a drop has reached the sea
inline constexpr Range contour_levels{0, 20, 1, 10};   // Contour lines, 0 for none
inline constexpr Range terrain_scale{0.004, 0.03, 0.001, 0.012};  // Noise units per cell

}  // namespace terrain::sketch
