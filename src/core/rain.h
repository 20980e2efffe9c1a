// The rain: the sketch's drop(), one raindrop at a time (Beyer 2015, as popularised by
// Sebastian Lague), over a heightfield that it carves in place.
//
// A drop lands at random, rolls downhill keeping a little of its old direction (inertia),
// digs sediment where it could carry more than it does and puts it down where it carries too
// much or climbs, loses a little water every step, and stops when it reaches the sea, runs
// off the map, finds a perfectly flat spot or has taken MAX_STEPS steps.
//
// Bit for bit with the sketch: heights are float32 read into double arithmetic and stored
// back as float32, Math.hypot is V8's, the random stream is p5's randomSeed(seed) stream,
// and every expression keeps the sketch's order of operations.
//
// Performance rule: run() allocates nothing; the brush is built once per radius and the
// debug routes live in storage reserved up front.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/heightfield.h"
#include "core/p5_random.h"
#include "core/point.h"
#include "core/sketch.h"

namespace terrain {

// The sketch's rain settings, with its names, defaults and ranges (see core/sketch.h).
struct RainParams {
  double erosion = sketch::erosion.initial;        // Share of spare capacity dug out per step
  double deposition = sketch::deposition.initial;  // Share of excess sediment put down per step
  double inertia = sketch::inertia.initial;        // 0 turns straight downhill, 1 never turns
  int brush_radius = static_cast<int>(sketch::brush_radius.initial);  // Cells a drop digs from
  double sea_level = sketch::sea_level.initial;  // Below this a drop has reached the sea
  bool operator==(const RainParams&) const = default;
};

// How the drops so far ended, and how many steps they took (each step begins with a sample).
struct RainStats {
  uint64_t drops = 0;
  uint64_t steps = 0;
  uint64_t flat = 0;       // the slope under it was exactly zero
  uint64_t off_map = 0;    // it moved outside [0, width-1) x [0, height-1)
  uint64_t sea = 0;        // it reached a height below sea level
  uint64_t max_steps = 0;  // it ran MAX_STEPS steps
  bool operator==(const RainStats&) const = default;
};

// A brush cell: the offset from the drop's cell and its share of the digging.
struct BrushCell {
  int dx;
  int dy;
  double weight;
};

// The cells a drop digs from, each weighted by radius - hypot(dx, dy) (V8's hypot), weights
// adding up to 1, in the sketch's order (rows top to bottom, each left to right).
std::vector<BrushCell> build_brush(int brush_radius);

// What the rain carries from one drop to the next, apart from the field it carves: its place
// in the random stream, its settings and its counts. Restoring it (with the field as it was)
// rains on exactly as the rain it came from would: the session's checkpoints hold it.
struct RainState {
  uint32_t random = 0;  // p5's LCG state: the next drop's landing follows from it
  RainParams params;
  RainStats stats;
  bool operator==(const RainState&) const = default;
};

class Rain {
 public:
  // Most routes kept for the debug view (the sketch keeps 40), and the most points in one.
  static constexpr int kMaxRoutes = 40;
  static constexpr int kMaxRoutePoints = sketch::MAX_STEPS + 1;

  // Rain over `field` (which must outlive this and be at least 2 x 2), with p5's random
  // stream seeded by `seed`, as resetTerrain() leaves it.
  Rain(Heightfield& field, uint32_t seed, const RainParams& params = {});

  // New settings take effect from the next drop; a new brush radius rebuilds the brush.
  void set_params(const RainParams& params);
  const RainParams& params() const { return params_; }

  // Runs n drops.
  void run(uint64_t n);
  // A drop landing at (x, y) rather than at random (rain here, brush_stroke.h), rolling and
  // carving as every drop does, the rain's random stream, counts and routes untouched. False,
  // and nothing done, when (x, y) is not where a drop can land: [0, width-1) x [0, height-1).
  bool drop_at(double x, double y);

  // The same rain (its random stream, settings, brush, counts and routes) carving `field`
  // from now on, which must be at least 2 x 2 and outlive this: a copy of a Rain, rebound to
  // a copy of its field, rains what the original would, bit for bit, without touching it
  // (the live model finishes a rain so on a worker thread). Allocates nothing unless the
  // width changes.
  void rebind(Heightfield& field);

  const RainStats& stats() const { return stats_; }
  const Heightfield& field() const { return *field_; }

  // The rain's own state (see RainState), and the rain put back to one: the routes are
  // emptied (they belong to the frame they were traced in). Allocates only when the brush
  // radius changes.
  RainState state() const { return {random_.state(), params_, stats_}; }
  void restore(const RainState& state);

  // Debug mode: while on, the routes of up to kMaxRoutes drops are kept (the sketch's
  // `paths`), from the oldest; clear_routes() empties them, as the sketch does every frame.
  void keep_routes(bool on) { keep_routes_ = on; }
  bool keeping_routes() const { return keep_routes_; }
  void clear_routes();
  int route_count() const { return static_cast<int>(route_ends_.size()); }
  std::span<const Point> route(int k) const;

 private:
  void drop();
  void roll(double landed_x, double landed_y, RainStats& stats, bool tracing);
  void set_brush(int radius);

  Heightfield* field_;
  P5Random random_;
  RainParams params_;
  std::vector<BrushCell> brush_;
  std::vector<std::ptrdiff_t> brush_offsets_;  // each brush cell as an index offset
  RainStats stats_;
  bool keep_routes_ = false;
  std::vector<Point> route_points_;      // all kept routes, one after another
  std::vector<std::size_t> route_ends_;  // where each kept route ends in route_points_
};

// The pure form: a copy of `field` after `drops` drops seeded by `seed`.
Heightfield eroded(const Heightfield& field, const RainParams& params, uint64_t drops,
                   uint32_t seed, RainStats* stats = nullptr);

}  // namespace terrain
