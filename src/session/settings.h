// The sketch's settings (its `let`s), with its names and defaults: the ground and the rain
// (map settings: changing one is a map command) and what is drawn (view settings).
#pragma once

#include "core/sketch.h"

namespace terrain::session {

// The sketch's drops-per-frame slider stops at 1000; typed, native code rains up to this.
inline constexpr int kMaxDropsPerFrame = 10000;

struct Settings {
  // The map's: the rain and the ground.
  int drops_per_frame = static_cast<int>(sketch::drops_per_frame.initial);
  double erosion = sketch::erosion.initial;
  double deposition = sketch::deposition.initial;
  double inertia = sketch::inertia.initial;
  int brush_radius = static_cast<int>(sketch::brush_radius.initial);
  double sea_level = sketch::sea_level.initial;  // also where the drawing puts the coast
  double terrain_scale = sketch::terrain_scale.initial;
  // The view's: what is drawn.
  int contour_levels = static_cast<int>(sketch::contour_levels.initial);
  bool show_rivers = true;
  bool show_original = false;  // draw the terrain as it was before any rain
  bool debug_mode = false;     // draw the routes of the latest tick's drops and the count
};

// Bad input changes nothing and says which control, what was given and what is allowed: each
// throws std::invalid_argument ("erosion must be from 0 to 1, not 7"). NaN is refused too.
void check_range(const char* name, double value, const sketch::Range& range);
// The whole-number sliders take whole numbers only ("brush_radius must be a whole number from
// 1 to 6, not 9").
void check_whole(const char* name, int value, int min, int max);
void check_whole(const char* name, int value, const sketch::Range& range);
// Every setting inside its slider's range (drops_per_frame up to kMaxDropsPerFrame).
void check_settings(const Settings& settings);

}  // namespace terrain::session
