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
// debug routes live in storage reserved up front (and the side-by-side batch's, on its first
// run).
//
// On every core: run() shares a batch's drops between threads, each drop landing where the
// random stream says, in drop order, and rolling beside the others under the rule that keeps
// every cell's drops in drop order (drop_order.h), so the heights, the counts and the stream's
// place are the one-thread rain's, bit for bit, whatever the thread count.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/heightfield.h"
#include "core/p5_random.h"
#include "core/point.h"
#include "core/sketch.h"

namespace terrain {

class DropOrder;
class WorkThreads;

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
  RainStats& operator+=(const RainStats& other);
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

  // Runs n drops: on the process's rain threads (rain_threads.h) when the map is large enough
  // for drops to run side by side (kSideBySideCells), else on this thread; bit for bit the
  // same either way.
  void run(uint64_t n);

  // The threads this rain shares its drops between: `threads` (nullptr: the process's rain
  // threads), side by side on maps of at least `fewest_cells` cells (0: on every map; the tests
  // use it), and in batches of `batch` drops (1 to DropOrder::kMostBatch).
  void set_threads(WorkThreads* threads, uint64_t fewest_cells = kSideBySideCells,
                   uint64_t batch = kBatch);
  // Below this many cells (about 640 x 320) a drop can reach most of the map, so drops side by
  // side wait on each other often, and a frame's few hundred drops are quicker on one thread
  // than woken threads (bench/rain_bench.cpp, on 2 cores: 200 drops a frame at 320 x 180 took
  // 516 us on one thread, 582 us on two; whole rains side by side gain 1.4-1.5x at 640 x 360,
  // 1.5-1.7x at 1280 x 720 and 1.8-1.96x at 4096²: docs/figures.md).
  static constexpr uint64_t kSideBySideCells = 200'000;
  // Drops a batch: their landings are drawn first, then they run side by side; batches end
  // with every thread waiting for the last drop, so a batch is long enough for that to be
  // rare, and short enough that its landings stay in cache.
  static constexpr uint64_t kBatch = 4096;
  // How many drops run side by side had to wait for an earlier drop near them.
  uint64_t drops_waited() const { return waited_; }
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
  template <typename Gate>
  void roll(double landed_x, double landed_y, RainStats& stats, bool tracing, Gate& gate);
  void set_brush(int radius);
  // The threads run() uses now, or nullptr for this thread alone.
  WorkThreads* side_by_side_threads() const;
  void run_side_by_side(uint64_t n, WorkThreads& threads);
  void cut_lanes(int lanes, std::size_t drops);

  // What a batch side by side keeps between runs: its drops' landings, the threads' counts and
  // the order's slots. A copy of a Rain starts with none (they belong to the runs of one).
  struct SideBySide {
    SideBySide();
    SideBySide(const SideBySide&) : SideBySide() {}
    SideBySide& operator=(const SideBySide&) { return *this; }
    SideBySide(SideBySide&&) noexcept;
    SideBySide& operator=(SideBySide&&) noexcept;
    ~SideBySide();
    struct alignas(64) Counts {
      RainStats stats;
    };
    std::vector<Point> landings;
    std::vector<Counts> counts;  // one a lane
    std::unique_ptr<DropOrder> order;
    // The lanes' drops (drop_order.h): queue[first[t] .. first[t + 1]) are lane t's, and
    // edges[edge_first[t] .. edge_first[t + 1]) its edge drops.
    std::vector<uint32_t> queue, first, edges, edge_first;
    std::vector<uint64_t> column_steps;  // the last batch's steps, by landing column
    std::vector<uint8_t> lane_of;        // each column's lane, and whether it is an edge
  };

  Heightfield* field_;
  P5Random random_;
  RainParams params_;
  std::vector<BrushCell> brush_;
  std::vector<std::ptrdiff_t> brush_offsets_;  // each brush cell as an index offset
  RainStats stats_;
  bool keep_routes_ = false;
  std::vector<Point> route_points_;      // all kept routes, one after another
  std::vector<std::size_t> route_ends_;  // where each kept route ends in route_points_
  WorkThreads* threads_ = nullptr;
  uint64_t fewest_cells_ = kSideBySideCells;
  uint64_t batch_ = kBatch;
  uint64_t waited_ = 0;
  SideBySide side_;
};

// The pure form: a copy of `field` after `drops` drops seeded by `seed`.
Heightfield eroded(const Heightfield& field, const RainParams& params, uint64_t drops,
                   uint32_t seed, RainStats* stats = nullptr);

}  // namespace terrain
