// Contour lines by marching squares: the sketch's drawContours() and marchingSquares(), in grid
// units (the sketch's px + s * t is x + t here, so a caller maps grid point (x, y) to any frame).
//
// Sections
//   1. Levels      contour_levels: the sketch's `levels`
//   2. One square  the 16-case table (SEGMENTS), the saddle rule, interpolation along an edge
//   3. Segments    one threshold a sweep, or every level in one sweep
//   4. Polylines   the segments of one threshold joined through the cell edges they share
#include "core/contours.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/sketch.h"

namespace terrain {

// --- 1. Levels ---------------------------------------------------------------------------------

std::vector<ContourLevel> contour_levels(double sea_level, int count) {
  if (!std::isfinite(sea_level)) {
    throw std::invalid_argument("contour_levels: sea_level must be a finite number, got " +
                                std::to_string(sea_level));
  }
  if (count < 0) {
    throw std::invalid_argument("contour_levels: count must be >= 0 (0 for none), got " +
                                std::to_string(count));
  }
  std::vector<ContourLevel> levels;
  levels.reserve(static_cast<std::size_t>(count) + 1);
  // The coastline, drawn as an index line (`if (sea_level > 0) levels.push([sea_level, true])`).
  if (sea_level > 0) levels.push_back({sea_level, true});
  for (int k = 1; k <= count; k++) {
    // The sketch's expression in its order: ((1 - sea_level) * k) / (contour_levels + 1), then
    // added to sea_level, so every value is the same double as in JavaScript.
    const double value = sea_level + (1 - sea_level) * k / (count + 1);
    // Every INDEX_EVERY-th one heavier, but only when there are enough lines to need it.
    const bool index = count >= sketch::INDEX_EVERY && k % sketch::INDEX_EVERY == 0;
    levels.push_back({value, index});
  }
  return levels;
}

namespace {

// --- 2. One square -----------------------------------------------------------------------------

// The four edges of a grid square, with the sketch's names.
enum Edge : uint8_t { kTop, kRight, kBottom, kLeft };

// One segment of a square: the edge it starts on and the edge it ends on (the sketch's
// [from, to]; the order is kept because it is the order of the endpoints it draws).
struct EdgePair {
  Edge from;
  Edge to;
};

// The sketch's SEGMENTS: which pair of edges the contour joins for each of the 16 ways the
// corners can sit strictly above the threshold (8 = top left, 4 = top right, 2 = bottom right,
// 1 = bottom left). 0 and 15 have no line; the saddles 5 and 10 are settled below.
constexpr EdgePair kSegments[16] = {
    {kLeft, kTop},      // 0: no line (unused)
    {kLeft, kBottom},   // 1
    {kBottom, kRight},  // 2
    {kLeft, kRight},    // 3
    {kTop, kRight},     // 4
    {kLeft, kTop},      // 5: saddle (unused, see kSaddle*)
    {kTop, kBottom},    // 6
    {kLeft, kTop},      // 7
    {kLeft, kTop},      // 8
    {kTop, kBottom},    // 9
    {kLeft, kTop},      // 10: saddle (unused, see kSaddle*)
    {kTop, kRight},     // 11
    {kLeft, kRight},    // 12
    {kBottom, kRight},  // 13
    {kLeft, kBottom},   // 14
    {kLeft, kTop},      // 15: no line (unused)
};

// The saddles' two ways: `(index === 5) === centre_high` cuts off the top-left and the
// bottom-right corners ([['left', 'top'], ['bottom', 'right']]), otherwise the top-right and
// the bottom-left ([['top', 'right'], ['left', 'bottom']]).
constexpr EdgePair kSaddleCutTopLeft[2] = {{kLeft, kTop}, {kBottom, kRight}};
constexpr EdgePair kSaddleCutTopRight[2] = {{kTop, kRight}, {kLeft, kBottom}};

// A grid square: its top-left grid point and its corner heights (float32 widened to double).
struct Square {
  int x;
  int y;
  double tl;
  double tr;
  double br;
  double bl;
};

// The sketch's `at(edge)`: where the field crosses the threshold along an edge, by linear
// interpolation, in grid units. Only asked of edges whose ends lie on either side of the
// threshold, so the divisor is never zero. A neighbouring square computes the same expression
// from the same two heights, so the point on a shared edge is the same double in both.
inline Point edge_point(const Square& q, double threshold, Edge edge) {
  const double x = q.x;
  const double y = q.y;
  switch (edge) {
    case kTop:
      return {x + (threshold - q.tl) / (q.tr - q.tl), y};
    case kRight:
      return {x + 1, y + (threshold - q.tr) / (q.br - q.tr)};
    case kBottom:
      return {x + (threshold - q.bl) / (q.br - q.bl), y + 1};
    case kLeft:
      break;
  }
  return {x, y + (threshold - q.tl) / (q.bl - q.tl)};
}

// The sketch's marchingSquares for one square: classifies the corners (strictly greater than
// the threshold is above), settles saddles by the average of the corners, and calls
// emit(from, to, a, b) for each segment in the sketch's order, a on `from` and b on `to`.
template <typename Emit>
inline void trace_square(const Square& q, double threshold, Emit&& emit) {
  const int index = (q.tl > threshold ? 8 : 0) | (q.tr > threshold ? 4 : 0) |
                    (q.br > threshold ? 2 : 0) | (q.bl > threshold ? 1 : 0);
  if (index == 0 || index == 15) return;
  const EdgePair* pairs = &kSegments[index];
  int count = 1;
  if (index == 5 || index == 10) {
    // The centre, as the average of the corners in the sketch's order of addition, decides
    // whether the two high corners are joined through the middle.
    const bool centre_high = (q.tl + q.tr + q.br + q.bl) / 4 > threshold;
    pairs = (index == 5) == centre_high ? kSaddleCutTopLeft : kSaddleCutTopRight;
    count = 2;
  }
  for (int i = 0; i < count; i++) {
    emit(pairs[i].from, pairs[i].to, edge_point(q, threshold, pairs[i].from),
         edge_point(q, threshold, pairs[i].to));
  }
}

// Square (x, y) of the field, whose rows `top` and `bottom` are y and y + 1.
inline Square load_square(const float* top, const float* bottom, int x, int y) {
  return {x, y, top[x], top[x + 1], bottom[x + 1], bottom[x]};
}

void require_number(double threshold, const char* what) {
  if (std::isnan(threshold)) {
    throw std::invalid_argument(std::string("append_contour_segments: ") + what +
                                " is NaN; a contour level must be a number");
  }
}

// --- 3. Segments -------------------------------------------------------------------------------

// Levels sorted per sweep in a fixed buffer on the stack: the sketch has at most 21 (the
// coastline and 20 contours). A longer list is swept in chunks of this many, which gives the
// same segments without allocating.
constexpr std::size_t kSweepLevels = 64;

// A height as the classification sees it: a NaN corner is never "above" any level (NaN > t is
// false in the sketch too), so it counts as -infinity when finding the levels a square crosses.
inline float ordered(float height) {
  return height > -std::numeric_limits<float>::infinity() ? height
                                                          : -std::numeric_limits<float>::infinity();
}

// The largest float <= level: for every float height h, h > level exactly when h > key, so the
// sweep can find the levels a square crosses without widening its heights to double.
float float_key(double level) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  constexpr double kMax = std::numeric_limits<float>::max();
  if (level == static_cast<double>(kInf)) return kInf;         // nothing is above +infinity
  if (level > kMax) return std::numeric_limits<float>::max();  // only +infinity is above
  if (level < -kMax) return -kInf;  // every height but -infinity (and NaN) is above
  const float nearest = static_cast<float>(level);
  return static_cast<double>(nearest) > level ? std::nextafter(nearest, -kInf) : nearest;
}

// One sweep of the grid for levels[first, last): each square emits exactly the levels with
// some corner > level and some corner <= level, i.e. lowest <= level < highest (compared
// through float_key). The lowest and highest of a square come from its two columns, the left
// one carried over from the square before.
void sweep_levels(const Heightfield& field, std::span<const ContourLevel> levels, std::size_t first,
                  std::size_t last, std::vector<ContourSegment>& out) {
  // The chunk's levels sorted by value (insertion sort, stable, at most kSweepLevels).
  double value[kSweepLevels];
  float key[kSweepLevels];
  int tag[kSweepLevels];
  int m = 0;
  for (std::size_t i = first; i < last; i++) {
    const double v = levels[i].value;
    int j = m++;
    for (; j > 0 && value[j - 1] > v; j--) {
      value[j] = value[j - 1];
      key[j] = key[j - 1];
      tag[j] = tag[j - 1];
    }
    value[j] = v;
    key[j] = float_key(v);
    tag[j] = static_cast<int>(i);
  }

  const int cols = field.width();
  const int rows = field.height();
  const float* data = field.data();
  // The first sorted level whose key is >= the square's lowest corner; neighbouring squares
  // have similar heights, so it starts from the last square's answer and rarely moves.
  int band = 0;
  for (int y = 0; y < rows - 1; y++) {
    const float* top = data + static_cast<std::size_t>(y) * cols;
    const float* bottom = top + cols;
    float left_low = std::min(ordered(top[0]), ordered(bottom[0]));
    float left_high = std::max(ordered(top[0]), ordered(bottom[0]));
    for (int x = 0; x < cols - 1; x++) {
      const float t = ordered(top[x + 1]);
      const float b = ordered(bottom[x + 1]);
      const float right_low = std::min(t, b);
      const float right_high = std::max(t, b);
      const float lowest = std::min(left_low, right_low);
      const float highest = std::max(left_high, right_high);
      left_low = right_low;
      left_high = right_high;
      while (band < m && key[band] < lowest) band++;
      while (band > 0 && key[band - 1] >= lowest) band--;
      if (band == m || !(key[band] < highest)) continue;  // most squares: no level crosses
      const Square q = load_square(top, bottom, x, y);
      for (int j = band; j < m && key[j] < highest; j++) {
        const int level = tag[j];
        trace_square(q, value[j], [&](Edge, Edge, Point p, Point r) {
          out.push_back({p, r, level});
        });
      }
    }
  }
}

}  // namespace

void append_contour_segments(const Heightfield& field, double threshold,
                             std::vector<ContourSegment>& out) {
  require_number(threshold, "the threshold");
  const int cols = field.width();
  const int rows = field.height();
  const float* data = field.data();
  for (int y = 0; y < rows - 1; y++) {
    const float* top = data + static_cast<std::size_t>(y) * cols;
    const float* bottom = top + cols;
    for (int x = 0; x < cols - 1; x++) {
      trace_square(load_square(top, bottom, x, y), threshold, [&](Edge, Edge, Point a, Point b) {
        out.push_back({a, b, 0});
      });
    }
  }
}

void append_contour_segments(const Heightfield& field, std::span<const ContourLevel> levels,
                             std::vector<ContourSegment>& out) {
  // Every level is checked before anything is appended, so bad input changes nothing.
  for (std::size_t i = 0; i < levels.size(); i++) {
    if (std::isnan(levels[i].value)) {
      throw std::invalid_argument("append_contour_segments: levels[" + std::to_string(i) +
                                  "] is NaN; a contour level must be a number");
    }
  }
  for (std::size_t first = 0; first < levels.size(); first += kSweepLevels) {
    sweep_levels(field, levels, first, std::min(levels.size(), first + kSweepLevels), out);
  }
}

// --- 4. Polylines ------------------------------------------------------------------------------

namespace {

// A segment and the two cell edges its ends lie on, numbered over the whole grid:
// horizontal edges (x, y)-(x + 1, y) first, row by row, then vertical edges (x, y)-(x, y + 1).
struct Piece {
  Point a;
  Point b;
  int edge_a;
  int edge_b;
};

}  // namespace

std::vector<ContourPolyline> contour_polylines(const Heightfield& field, double threshold) {
  if (std::isnan(threshold)) {
    throw std::invalid_argument(
        "contour_polylines: the threshold is NaN; a contour level must be a number");
  }
  std::vector<ContourPolyline> lines;
  const int cols = field.width();
  const int rows = field.height();
  if (cols < 2 || rows < 2) return lines;

  const int horizontal = rows * (cols - 1);  // horizontal edges come first
  const int edge_count = horizontal + (rows - 1) * cols;
  // The edges of square (x, y), in Edge order.
  auto square_edge = [&](int x, int y, Edge edge) {
    switch (edge) {
      case kTop:
        return y * (cols - 1) + x;
      case kBottom:
        return (y + 1) * (cols - 1) + x;
      case kLeft:
        return horizontal + y * cols + x;
      case kRight:
        break;
    }
    return horizontal + y * cols + x + 1;
  };

  // The segments, as the single-threshold form traces them, with their edges.
  std::vector<Piece> pieces;
  const float* data = field.data();
  for (int y = 0; y < rows - 1; y++) {
    const float* top = data + static_cast<std::size_t>(y) * cols;
    const float* bottom = top + cols;
    for (int x = 0; x < cols - 1; x++) {
      trace_square(load_square(top, bottom, x, y), threshold,
                   [&](Edge from, Edge to, Point a, Point b) {
                     pieces.push_back({a, b, square_edge(x, y, from), square_edge(x, y, to)});
                   });
    }
  }

  // Each crossed edge is shared by at most two segments (one in each square beside it; within
  // a square every edge is used at most once, saddles included), so two slots an edge.
  std::vector<int> at_edge(2 * static_cast<std::size_t>(edge_count), -1);
  for (int i = 0; i < static_cast<int>(pieces.size()); i++) {
    for (int edge : {pieces[i].edge_a, pieces[i].edge_b}) {
      int* slot = &at_edge[2 * static_cast<std::size_t>(edge)];
      slot[slot[0] < 0 ? 0 : 1] = i;
    }
  }
  // The other segment on `edge`, or -1 if `piece` is alone there (the grid's border).
  auto beyond = [&](int edge, int piece) {
    const int* slot = &at_edge[2 * static_cast<std::size_t>(edge)];
    return slot[0] == piece ? slot[1] : slot[0];
  };

  std::vector<char> used(pieces.size(), 0);
  // Follows the chain from `start`, entering it through its end `from_a ? a : b`, until the
  // border or back to `start` (then the last point pushed is the first one again).
  auto follow = [&](int start, bool from_a) {
    ContourPolyline line;
    int piece = start;
    bool enter_a = from_a;
    line.push_back(enter_a ? pieces[piece].a : pieces[piece].b);
    while (true) {
      used[piece] = 1;
      const Piece& p = pieces[piece];
      const int exit_edge = enter_a ? p.edge_b : p.edge_a;
      line.push_back(enter_a ? p.b : p.a);
      const int next = beyond(exit_edge, piece);
      if (next < 0 || next == start) break;
      enter_a = pieces[next].edge_a == exit_edge;
      piece = next;
    }
    lines.push_back(std::move(line));
  };

  // Open lines first, each from its first segment (in the sketch's order) with a free end,
  // starting at that end; then the closed loops, each from its first segment's point a.
  for (int i = 0; i < static_cast<int>(pieces.size()); i++) {
    if (used[i]) continue;
    if (beyond(pieces[i].edge_a, i) < 0) {
      follow(i, true);
    } else if (beyond(pieces[i].edge_b, i) < 0) {
      follow(i, false);
    }
  }
  for (int i = 0; i < static_cast<int>(pieces.size()); i++) {
    if (!used[i]) follow(i, true);
  }
  return lines;
}

}  // namespace terrain
