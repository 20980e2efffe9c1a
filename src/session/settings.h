// The sketch's settings (its `let`s), with its names and defaults: the ground and the rain
// (map settings: changing one is a map command) and what is drawn (view settings).
#pragma once

#include <cstdint>

#include "core/drainage.h"
#include "core/ground.h"
#include "core/map_view.h"
#include "core/sketch.h"

namespace terrain::session {

// The sketch's drops-per-frame slider stops at 1000; typed, native code rains up to this.
inline constexpr int kMaxDropsPerFrame = 10000;

// The "Drainage" API documentation's minFlow: the smallest catchment called a river, in cells.
// The slider runs over the useful range; typed, any whole number from 1 to the map's cells.
inline constexpr int kMinFlowSliderMin = 10;
inline constexpr int kMinFlowSliderMax = 5000;
inline constexpr int kMinFlowMax = sketch::COLS * sketch::ROWS;
// The diamond-square roughness as a slider: the "Diamond-square terrain" document's range.
inline constexpr sketch::Range kRoughness{kRoughnessMin, kRoughnessMax, 0.01, kRoughnessDefault};

// The map's settings: the ground and the rain. Changing one is a map command (map_command.h),
// recorded in the map's recipe and its history; a checkpoint of the session holds them.
struct MapSettings {
  int drops_per_frame = static_cast<int>(sketch::drops_per_frame.initial);
  double erosion = sketch::erosion.initial;
  double deposition = sketch::deposition.initial;
  double inertia = sketch::inertia.initial;
  int brush_radius = static_cast<int>(sketch::brush_radius.initial);
  double sea_level = sketch::sea_level.initial;          // also where the drawing puts the coast
  double terrain_scale = sketch::terrain_scale.initial;  // the island generator's
  Generator generator = Generator::island;               // how the ground is grown
  double roughness = kRoughnessDefault;                  // the diamond-square generator's
  // Where the island reads its noise at other sizes than the sketch's (core/ground.h): the
  // world's places for new maps; a recipe that does not say is one of before, by the cells.
  IslandFrame island_frame = IslandFrame::world;

  bool operator==(const MapSettings&) const = default;
};

// The view's settings: what is drawn. Changing one is a view command (view_command.h): not a
// step of the history, and never part of a map's recipe.
struct ViewSettings {
  int contour_levels = static_cast<int>(sketch::contour_levels.initial);
  bool show_rivers = true;
  bool show_original = false;           // draw the terrain as it was before any rain
  bool debug_mode = false;              // draw the routes of the latest tick's drops and the count
  MapView view = MapView::map;          // the sketch's map, or the basins or flow of its drainage
  bool show_lakes = false;              // standing water where the hollows of the ground fill
  RiversBy rivers_by = RiversBy::flow;  // stroked by the sketch's flow classes or by order
  int min_flow = static_cast<int>(sketch::RIVER_START);  // cells for a river: 1..kMinFlowMax
  Routing routing = Routing::sketch;  // the sketch's steepest descent, or the flood's links

  bool operator==(const ViewSettings&) const = default;
};

// Both, as the sketch's `let`s: settings.erosion, settings.view ... Slicing gives either part.
struct Settings : MapSettings, ViewSettings {
  Settings() = default;
  explicit Settings(const MapSettings& map_part, const ViewSettings& view_part = {})
      : MapSettings(map_part), ViewSettings(view_part) {}
  const MapSettings& map() const { return *this; }
  const ViewSettings& view_settings() const { return *this; }
};

// Bad input changes nothing and says which control, what was given and what is allowed: each
// throws std::invalid_argument ("erosion must be from 0 to 1, not 7"). NaN is refused too.
void check_range(const char* name, double value, const sketch::Range& range);
// The whole-number sliders take whole numbers only ("brush_radius must be a whole number from
// 1 to 6, not 9").
void check_whole(const char* name, int value, int min, int max);
void check_whole(const char* name, int value, const sketch::Range& range);
// Every setting inside its slider's range (drops_per_frame up to kMaxDropsPerFrame): the map's,
// and the map's and the view's.
void check_map_settings(const MapSettings& settings);
void check_settings(const Settings& settings);

}  // namespace terrain::session
