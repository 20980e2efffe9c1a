// Shaping the ground by hand: a brush stroke along a path. The sketch has no brushes (its
// `brush_radius` is the rain's digging brush, core/rain.h); these are the tools terrain
// painters expect (mapgen4 paints elevation, World Creator sculpts): raise, lower, smooth
// (towards the local mean), flatten (towards the height where the stroke began), roughen
// (seeded noise) and rain here (the sketch's drops, landing inside the brush).
//
// A stroke is a value that replays exactly: the tool, its radius, strength and falloff, and
// the path in cell coordinates (x a column, y a row, from the top-left). The brush is pressed
// down ("a dab") at points spaced evenly by distance along the path, never by time or frame
// rate, so the same path gives the same bytes on any machine. Only +, -, *, / and sqrt are used
// (IEEE 754 rounds them exactly everywhere), and the two random streams (roughen's noise,
// rain here's landings) are integer hashes of the stroke's seed and the cell or the dab.
//
// A stroke painted over several frames is several strokes continuing one another: each after
// the first starts at the last point of the one before, with `start` the distance to its first
// dab (next_dab_start of the one before) and, for flatten, the first one's target. The dabs are
// then where one stroke along the whole path puts them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "core/heightfield.h"
#include "core/point.h"
#include "core/rain.h"

namespace terrain {

enum class BrushTool { raise, lower, smooth, flatten, roughen, rain };
// How the brush's effect fades from its centre (d) to its edge (the radius r): smooth
// (1 - (d/r)^2)^2, linear 1 - d/r, hard 1 all the way.
enum class BrushFalloff { smooth, linear, hard };

// The tools and falloffs in the panel's order, with the names scripts and map files use.
inline constexpr BrushTool kBrushTools[] = {BrushTool::raise,   BrushTool::lower,
                                            BrushTool::smooth,  BrushTool::flatten,
                                            BrushTool::roughen, BrushTool::rain};
inline constexpr BrushFalloff kBrushFalloffs[] = {BrushFalloff::smooth, BrushFalloff::linear,
                                                  BrushFalloff::hard};
std::string_view brush_tool_name(BrushTool tool);  // "raise" ... "rain_here"
std::optional<BrushTool> parse_brush_tool(std::string_view name);
std::string_view brush_falloff_name(BrushFalloff falloff);  // "smooth", "linear", "hard"
std::optional<BrushFalloff> parse_brush_falloff(std::string_view name);

// The ranges a stroke's numbers keep (scripts and map files are checked against them).
inline constexpr double kMinBrushRadius = 1;   // cells
inline constexpr double kMaxBrushRadius = 40;  // cells: an eighth of the map's width
inline constexpr std::size_t kMaxStrokePoints = 100000;
// The most dabs one stroke presses (a path 5,000 cells long at the largest radius, 10,000 at
// the smallest): a stroke's work stays bounded whatever a file claims.
inline constexpr double kMaxStrokeDabs = 20000;
// What a dab at full strength does at the brush's centre: raise, lower and roughen move a
// height by this much (heights run 0..1, the sea at 0.25); rain here lets this many drops
// fall. Smooth and flatten move a height this share of the way to their target.
inline constexpr double kBrushHeightStep = 0.02;
inline constexpr int kRainHereDrops = 24;

struct BrushStroke {
  BrushTool tool = BrushTool::raise;
  double radius = 6;      // cells, kMinBrushRadius..kMaxBrushRadius
  double strength = 0.5;  // 0..1
  BrushFalloff falloff = BrushFalloff::smooth;
  std::vector<Point> points;         // the path, in cells; at least one point
  uint32_t seed = 0;                 // roughen's noise and rain here's landings
  double start = 0;                  // distance along the path to the first dab, 0 <= start
  std::optional<double> flatten_to;  // flatten's target; else the height at the first point
  bool operator==(const BrushStroke& o) const;
};

// Throws std::invalid_argument naming the first value out of its range (radius, strength, a
// point that is not finite, no points or too many, start).
void check_stroke(const BrushStroke& stroke);

// The distance between dabs: a quarter of the radius, at least half a cell.
double dab_spacing(double radius);
// The falloff's weight at distance d from the dab's centre: 0 at the radius and beyond.
double falloff_weight(BrushFalloff falloff, double d, double radius);
// The dabs' centres along the path, in order.
std::vector<Point> stroke_dabs(const BrushStroke& stroke);
// How many dabs the stroke presses (no allocation).
std::size_t dab_count(const BrushStroke& stroke);
// Where the next stroke continuing this one (from its last point) puts its first dab.
double next_dab_start(const BrushStroke& stroke);
// Rain here's landings, dab after dab: inside the brush, denser where its falloff is higher
// (those off the grid a drop can land on are skipped when it rains).
std::vector<Point> rain_landings(const BrushStroke& stroke);
// Flatten's target as the stroke would take it now: flatten_to, or the height of the cell
// nearest the first point (the nearest cell on the grid).
double flatten_target(const Heightfield& field, const BrushStroke& stroke);

// Applies strokes; keeps the scratch room smooth needs between them.
class BrushPainter {
 public:
  // Applies a checked stroke to `field` (which `rain` carves: rain here's drops are its own,
  // its random stream and counts untouched). The shaping tools change only cells closer than
  // the radius to a dab, every height kept within 0..1 (a height already outside stays where
  // it is unless the brush moves it back). Returns how many rain here drops fell.
  // `each_dab`, when given, is called before every dab: long work looks there at whether it
  // was asked to stop (session/work.h), and an exception it throws leaves the stroke half done.
  uint64_t paint(Heightfield& field, Rain& rain, const BrushStroke& stroke,
                 const std::function<void()>& each_dab = {});

 private:
  std::vector<float> before_;  // smooth: the heights around a dab as they were before it
};

}  // namespace terrain
