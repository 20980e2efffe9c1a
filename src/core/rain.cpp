#include "core/rain.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/drop_order.h"
#include "core/js_math.h"
#include "core/rain_threads.h"
#include "core/work_threads.h"

namespace terrain {

RainStats& RainStats::operator+=(const RainStats& other) {
  drops += other.drops;
  steps += other.steps;
  flat += other.flat;
  off_map += other.off_map;
  sea += other.sea;
  max_steps += other.max_steps;
  return *this;
}

Rain::SideBySide::SideBySide() = default;
Rain::SideBySide::SideBySide(SideBySide&&) noexcept = default;
Rain::SideBySide& Rain::SideBySide::operator=(SideBySide&&) noexcept = default;
Rain::SideBySide::~SideBySide() = default;

namespace {

// A drop on one thread waits for nothing.
struct OneThread {
  void before_step(int, int, int) {}
};

}  // namespace

std::vector<BrushCell> build_brush(int brush_radius) {
  std::vector<BrushCell> brush;
  double total = 0;
  for (int dy = -brush_radius; dy <= brush_radius; dy++) {
    for (int dx = -brush_radius; dx <= brush_radius; dx++) {
      const double weight = brush_radius - js::hypot(dx, dy);
      if (weight > 0) {
        brush.push_back({dx, dy, weight});
        total += weight;
      }
    }
  }
  for (BrushCell& cell : brush) cell.weight /= total;
  return brush;
}

Rain::Rain(Heightfield& field, uint32_t seed, const RainParams& params)
    : field_(&field), random_(seed), params_(params) {
  set_brush(params.brush_radius);
  if (field.width() < 2 || field.height() < 2) {
    throw std::invalid_argument("Rain: the field must be at least 2 x 2");
  }
  route_points_.reserve(static_cast<std::size_t>(kMaxRoutes) * kMaxRoutePoints);
  route_ends_.reserve(kMaxRoutes);
}

void Rain::set_params(const RainParams& params) {
  if (params.brush_radius != params_.brush_radius) set_brush(params.brush_radius);
  params_ = params;
}

void Rain::set_brush(int radius) {
  brush_ = build_brush(radius);
  brush_offsets_.clear();
  for (const BrushCell& b : brush_) {
    brush_offsets_.push_back(static_cast<std::ptrdiff_t>(b.dy) * field_->width() + b.dx);
  }
}

void Rain::rebind(Heightfield& field) {
  if (field.width() < 2 || field.height() < 2) {
    throw std::invalid_argument("Rain: the field must be at least 2 x 2");
  }
  const bool new_width = field.width() != field_->width();
  field_ = &field;
  if (new_width) set_brush(params_.brush_radius);  // the brush's offsets are in cells of a row
}

void Rain::restore(const RainState& state) {
  random_ = P5Random(state.random);  // the LCG's whole state is its one number
  set_params(state.params);
  stats_ = state.stats;
  clear_routes();
}

void Rain::clear_routes() {
  route_points_.clear();
  route_ends_.clear();
}

std::span<const Point> Rain::route(int k) const {
  const std::size_t begin = k == 0 ? 0 : route_ends_[static_cast<std::size_t>(k - 1)];
  const std::size_t end = route_ends_[static_cast<std::size_t>(k)];
  return {route_points_.data() + begin, end - begin};
}

void Rain::set_threads(WorkThreads* threads, uint64_t fewest_cells, uint64_t batch) {
  if (batch < 1 || batch > DropOrder::kMostBatch) {
    throw std::invalid_argument("Rain: a batch is 1 to 16,382 drops");
  }
  threads_ = threads;
  fewest_cells_ = fewest_cells;
  batch_ = batch;
}

WorkThreads* Rain::side_by_side_threads() const {
  // The map first: a small map's rain (the app's every tick at 320 x 180) never asks for the
  // shared threads, so none are started for it.
  const uint64_t cells = static_cast<uint64_t>(field_->width()) * field_->height();
  if (cells < fewest_cells_) return nullptr;
  // A slot's word holds a cell's column and row in 21 bits each (drop_order.h).
  if (field_->width() > DropOrder::kMostCells || field_->height() > DropOrder::kMostCells) {
    return nullptr;
  }
  WorkThreads* threads = threads_ ? threads_ : rain_threads();
  return threads && threads->count() >= 2 ? threads : nullptr;
}

void Rain::run(uint64_t n) {
  // The routes the debug view shows are traced drop by drop on this thread, as the sketch
  // traces them; the drops after them may run side by side.
  for (; n > 0 && keep_routes_ && route_ends_.size() < kMaxRoutes; n--) drop();
  if (n == 0) return;
  if (WorkThreads* threads = side_by_side_threads()) {
    run_side_by_side(n, *threads);
    return;
  }
  for (uint64_t i = 0; i < n; i++) drop();
}

// A batch at a time: its landings drawn from the random stream in drop order (two numbers a
// drop, as drop() draws them), then its drops shared between the lanes by where they land
// (drop_order.h), each lane's run in drop order by a thread of its own, the edge drops under
// the drop order's gate.
void Rain::run_side_by_side(uint64_t n, WorkThreads& threads) {
  const int lanes = std::min(threads.count(), DropOrder::kMostThreads);
  if (!side_.order) side_.order = std::make_unique<DropOrder>();
  const auto batch_room = static_cast<std::size_t>(batch_);
  side_.landings.resize(batch_room);
  side_.queue.resize(batch_room);
  side_.edges.resize(batch_room);
  side_.first.resize(static_cast<std::size_t>(lanes) + 1);
  side_.edge_first.resize(static_cast<std::size_t>(lanes) + 1);
  side_.counts.resize(static_cast<std::size_t>(lanes));
  DropOrder& order = *side_.order;
  Point* const landings = side_.landings.data();
  const int cols = field_->width();
  const int rows = field_->height();
  side_.column_steps.resize(static_cast<std::size_t>(cols));
  side_.lane_of.resize(static_cast<std::size_t>(cols));
  auto cell_of = [landings](uint64_t k, int& cx, int& cy) {
    cx = static_cast<int>(landings[k].x);
    cy = static_cast<int>(landings[k].y);
  };
  uint64_t* const column_steps = side_.column_steps.data();
  auto work = [&](int lane, int) {
    RainStats& stats = side_.counts[static_cast<std::size_t>(lane)].stats;
    uint64_t k = 0;
    bool edge = false;
    while (order.claim(lane, k, edge, cell_of)) {
      const uint64_t steps = stats.steps;
      if (edge) {
        DropOrder::Gate gate(order, lane, k, cell_of);
        roll(landings[k].x, landings[k].y, stats, false, gate);
      } else {
        OneThread gate;
        roll(landings[k].x, landings[k].y, stats, false, gate);
      }
      // The lanes' strips are whole columns, so no two lanes count into one column.
      column_steps[static_cast<std::size_t>(landings[k].x)] += stats.steps - steps;
    }
  };
  while (n > 0) {
    const uint64_t batch = std::min(n, batch_);
    for (uint64_t k = 0; k < batch; k++) {
      const double x = random_.range(0, cols - 1);
      const double y = random_.range(0, rows - 1);
      landings[k] = {x, y};
    }
    cut_lanes(lanes, static_cast<std::size_t>(batch));
    std::fill(side_.column_steps.begin(), side_.column_steps.end(), 0);
    for (SideBySide::Counts& c : side_.counts) c.stats = {};
    order.begin(lanes, params_.brush_radius, side_.queue.data(), side_.first.data(),
                side_.edges.data(), side_.edge_first.data());
    if (!threads.run_together(lanes, work)) {
      // The threads are busy with another loop: this batch rolls here, in drop order.
      RainStats& stats = side_.counts[0].stats;
      for (uint64_t k = 0; k < batch; k++) {
        OneThread gate;
        roll(landings[k].x, landings[k].y, stats, false, gate);
      }
    }
    for (const SideBySide::Counts& c : side_.counts) stats_ += c.stats;
    waited_ += order.waited();
    n -= batch;
  }
}

// Shares the batch's `drops` drops between `lanes` lanes: strips of whole columns, cut where the
// last batch's steps (counted by the column each drop landed in) split evenly, or evenly by columns
// when no steps were counted yet. Fills the lanes' queues and edge lists in drop order.
void Rain::cut_lanes(int lanes, std::size_t drops) {
  const int cols = field_->width();
  const std::vector<uint64_t>& steps = side_.column_steps;
  uint64_t total = 0;
  for (const uint64_t s : steps) total += s;
  // cuts[t]: the first column of lane t (cuts[0] = 0, cuts[lanes] = cols).
  int cuts[DropOrder::kMostThreads + 1];
  cuts[0] = 0;
  cuts[lanes] = cols;
  if (total == 0) {
    for (int t = 1; t < lanes; t++)
      cuts[t] = static_cast<int>(static_cast<int64_t>(cols) * t / lanes);
  } else {
    uint64_t sum = 0;
    int t = 1;
    for (int x = 0; x < cols && t < lanes; x++) {
      sum += steps[static_cast<std::size_t>(x)];
      while (t < lanes && sum * static_cast<uint64_t>(lanes) >= total * static_cast<uint64_t>(t)) {
        cuts[t++] = x + 1;
      }
    }
    for (; t < lanes; t++) cuts[t] = cols;
  }
  // Each column's lane, and whether a drop landing there may meet another lane's (kEdge).
  constexpr uint8_t kEdge = 0x80;
  const int apart = DropOrder::apart(params_.brush_radius) + 1;
  uint8_t* lane_of = side_.lane_of.data();
  for (int t = 0; t < lanes; t++) {
    for (int x = cuts[t]; x < cuts[t + 1]; x++) {
      const bool edge =
          (t > 0 && x - cuts[t] <= apart) || (t + 1 < lanes && cuts[t + 1] - x <= apart);
      lane_of[x] = static_cast<uint8_t>(t | (edge ? kEdge : 0));
    }
  }
  // The queues: counted, then filled in drop order.
  uint32_t* first = side_.first.data();
  uint32_t* edge_first = side_.edge_first.data();
  std::fill(first, first + lanes + 1, 0);
  std::fill(edge_first, edge_first + lanes + 1, 0);
  for (std::size_t k = 0; k < drops; k++) {
    const uint8_t c = lane_of[static_cast<std::size_t>(side_.landings[k].x)];
    first[(c & 0x7F) + 1]++;
    if (c & kEdge) edge_first[(c & 0x7F) + 1]++;
  }
  for (int t = 0; t < lanes; t++) {
    first[t + 1] += first[t];
    edge_first[t + 1] += edge_first[t];
  }
  uint32_t at[DropOrder::kMostThreads];
  uint32_t edge_at[DropOrder::kMostThreads];
  std::copy(first, first + lanes, at);
  std::copy(edge_first, edge_first + lanes, edge_at);
  for (std::size_t k = 0; k < drops; k++) {
    const uint8_t c = lane_of[static_cast<std::size_t>(side_.landings[k].x)];
    const int t = c & 0x7F;
    side_.queue[at[t]++] = static_cast<uint32_t>(k);
    if (c & kEdge) side_.edges[edge_at[t]++] = static_cast<uint32_t>(k);
  }
}

// One raindrop, from where it lands until it stops, reaches the sea, runs off the map or
// evaporates. The sketch's drop(), line for line: it lands at random, then rolls.
void Rain::drop() {
  const int cols = field_->width();
  const int rows = field_->height();
  const double x = random_.range(0, cols - 1);
  const double y = random_.range(0, rows - 1);
  OneThread gate;
  roll(x, y, stats_, keep_routes_ && route_ends_.size() < kMaxRoutes, gate);
}

bool Rain::drop_at(double x, double y) {
  if (!(x >= 0 && x < field_->width() - 1 && y >= 0 && y < field_->height() - 1)) return false;
  RainStats own;  // its own: the rain's counts are the sketch's drops'
  OneThread gate;
  roll(x, y, own, false, gate);
  return true;
}

// The drop from where it landed on: the rest of the sketch's drop(). `gate` holds each step
// back until it may touch its cells (drop_order.h; on one thread it never does).
template <typename Gate>
void Rain::roll(double landed_x, double landed_y, RainStats& stats, bool tracing, Gate& gate) {
  const int cols = field_->width();
  const int rows = field_->height();
  float* const heights = field_->data();
  const double erosion = params_.erosion;
  const double deposition = params_.deposition;
  const double inertia = params_.inertia;
  const double sea_level = params_.sea_level;

  // Where a point falls on the grid: the cell it is in (Math.floor: x, y >= 0 here) and how
  // far across it. A step's new position is next step's starting point, so each position is
  // located once and its probe carried over.
  struct Probe {
    std::size_t i;
    int cx, cy;
    double u, v;
  };
  auto probe = [cols](double x, double y) {
    const int cx = static_cast<int>(x);
    const int cy = static_cast<int>(y);
    return Probe{static_cast<std::size_t>(cy) * cols + cx, cx, cy, x - cx, y - cy};
  };
  // The height and slope at any point between grid cells, blended from the four cells around
  // it (bilinear interpolation), so a drop rolls smoothly instead of stepping cell to cell.
  struct Sample {
    double height, gx, gy;
  };
  auto sample = [&](const Probe& p) {
    const double u = p.u;
    const double v = p.v;
    const double nw = heights[p.i];
    const double ne = heights[p.i + 1];
    const double sw = heights[p.i + cols];
    const double se = heights[p.i + cols + 1];
    return Sample{nw * (1 - u) * (1 - v) + ne * u * (1 - v) + sw * (1 - u) * v + se * u * v,
                  (ne - nw) * (1 - v) + (se - sw) * v, (sw - nw) * (1 - u) + (se - ne) * u};
  };
  auto height_at = [&](const Probe& p) {
    const double u = p.u;
    const double v = p.v;
    return heights[p.i] * (1 - u) * (1 - v) + heights[p.i + 1] * u * (1 - v) +
           heights[p.i + cols] * (1 - u) * v + heights[p.i + cols + 1] * u * v;
  };
  // Puts sediment back down, shared between the four cells around the point by how close
  // it is to each.
  auto deposit = [&](const Probe& p, double amount) {
    const double u = p.u;
    const double v = p.v;
    const std::size_t i = p.i;
    heights[i] = static_cast<float>(heights[i] + amount * (1 - u) * (1 - v));
    heights[i + 1] = static_cast<float>(heights[i + 1] + amount * u * (1 - v));
    heights[i + cols] = static_cast<float>(heights[i + cols] + amount * (1 - u) * v);
    heights[i + cols + 1] = static_cast<float>(heights[i + cols + 1] + amount * u * v);
  };
  // A drop at least the brush radius from every edge digs with no checks.
  const int reach = params_.brush_radius;
  const BrushCell* const brush = brush_.data();
  const std::ptrdiff_t* const brush_offset = brush_offsets_.data();
  const std::size_t brush_cells = brush_.size();

  double x = landed_x;
  double y = landed_y;
  double dx = 0;
  double dy = 0;
  double speed = 1;
  double water = 1;
  double sediment = 0;
  const std::size_t route_begin = route_points_.size();
  if (tracing) route_points_.push_back({x, y});

  stats.drops++;
  uint64_t steps = 0;
  int step = 0;
  Probe at = probe(x, y);
  for (; step < sketch::MAX_STEPS; step++) {
    gate.before_step(step, at.cx, at.cy);
    steps++;
    const Sample here = sample(at);

    // Downhill is against the slope. Inertia keeps some of the drop's previous direction,
    // so it can't turn sharply and makes smoother bends.
    dx = dx * inertia - here.gx * (1 - inertia);
    dy = dy * inertia - here.gy * (1 - inertia);
    const double length = js::hypot(dx, dy);
    if (length == 0) {  // A perfectly flat spot: nowhere to go
      stats.flat++;
      break;
    }
    dx /= length;
    dy /= length;

    const Probe from = at;
    x += dx;
    y += dy;
    // Ran off the map. (Written as "not inside" so that a position that is not a number, which
    // heights a ground may not hold would make, counts as off the map rather than indexing past
    // it; for every number it is the sketch's test.)
    if (!(x >= 0 && x < cols - 1 && y >= 0 && y < rows - 1)) {
      stats.off_map++;
      break;
    }
    if (tracing) route_points_.push_back({x, y});

    at = probe(x, y);
    const double height = height_at(at);
    const double drop_in_height = here.height - height;  // Positive going downhill

    // Reaching the sea, the drop slows right down and leaves everything it carries at the
    // coast. Over time that builds deltas.
    if (height < sea_level) {
      deposit(from, sediment);
      stats.sea++;
      break;
    }

    // How much this drop could carry here: more when it's fast, full of water and going
    // steeply downhill.
    const double capacity =
        std::max(drop_in_height * speed * water * sketch::CAPACITY, sketch::MIN_CAPACITY);

    if (sediment > capacity || drop_in_height < 0) {
      // Carrying too much, or climbing: put some down where it was. Going uphill it fills
      // the hollow it just left (but never above where it's going), which stops drops
      // getting stuck in little pits.
      const double amount = drop_in_height < 0 ? std::min(-drop_in_height, sediment)
                                               : (sediment - capacity) * deposition;
      sediment -= amount;
      deposit(from, amount);
    } else {
      // Room for more: dig some out of the ground around where it was. Never more than the
      // drop in height, or it would dig a hole deeper than where it's heading.
      const double amount = std::min((capacity - sediment) * erosion, drop_in_height);
      const int cell_x = from.cx;
      const int cell_y = from.cy;
      if (cell_x >= reach && cell_y >= reach && cell_x < cols - reach && cell_y < rows - reach) {
        float* centre = heights + from.i;
        for (std::size_t k = 0; k < brush_cells; k++) {
          float& h = centre[brush_offset[k]];
          const double dug = std::min(static_cast<double>(h), amount * brush[k].weight);
          h = static_cast<float>(h - dug);
          sediment += dug;
        }
      } else {
        for (std::size_t k = 0; k < brush_cells; k++) {
          const int nx = cell_x + brush[k].dx;
          const int ny = cell_y + brush[k].dy;
          if (nx < 0 || nx >= cols || ny < 0 || ny >= rows) continue;
          float& h = heights[static_cast<std::size_t>(ny) * cols + nx];
          const double dug = std::min(static_cast<double>(h), amount * brush[k].weight);
          h = static_cast<float>(h - dug);
          sediment += dug;
        }
      }
    }

    speed = std::sqrt(std::max(0.0, speed * speed + drop_in_height * sketch::GRAVITY));
    water *= 1 - sketch::EVAPORATION;
  }
  stats.steps += steps;
  if (step == sketch::MAX_STEPS) stats.max_steps++;

  if (tracing) {
    if (route_points_.size() - route_begin > 1) {
      route_ends_.push_back(route_points_.size());
    } else {
      route_points_.resize(route_begin);
    }
  }
}

Heightfield eroded(const Heightfield& field, const RainParams& params, uint64_t drops,
                   uint32_t seed, RainStats* stats) {
  Heightfield out = field;
  Rain rain(out, seed, params);
  rain.run(drops);
  if (stats) *stats = rain.stats();
  return out;
}

}  // namespace terrain
