// Sorting a frame's strokes into screen tiles (see stroke_tiles.h).
//
// Sections: building the frame's paths and strokes; placing each shape in the tiles it can
// colour; sorting the placements into runs, tile by tile.
#include "render/geometry/stroke_tiles.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace terrain::render {

namespace {

// Squared distance from point (px, py) to the segment (ax, ay)-(bx, by).
double distance2_to_segment(double px, double py, double ax, double ay, double bx, double by) {
  const double dx = bx - ax;
  const double dy = by - ay;
  const double length2 = dx * dx + dy * dy;
  double t = length2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / length2 : 0;
  t = std::clamp(t, 0.0, 1.0);
  const double ex = px - (ax + dx * t);
  const double ey = py - (ay + dy * t);
  return ex * ex + ey * ey;
}

// The canvas pixels [first, last] of a row (or column) of `size` whose centres, p + 1/2, lie in
// [lo, hi]; last < first when none does (or when lo or hi is not a number).
void pixel_span(double lo, double hi, int size, int& first, int& last) {
  first = 0;
  last = -1;
  if (!(lo <= hi)) return;
  const double a = std::ceil(lo - 0.5);
  const double b = std::floor(hi - 0.5);
  if (a > size - 1 || b < 0) return;
  first = a > 0 ? static_cast<int>(a) : 0;
  last = b < size - 1 ? static_cast<int>(b) : size - 1;
}

}  // namespace

// --- the frame's paths and strokes -----------------------------------------------------------

void StrokeTiles::clear() {
  segments_.clear();
  paths_.clear();
  strokes_.clear();
  styles_.clear();
}

int StrokeTiles::add_path(std::span<const StrokeSegment> segments,
                          std::span<const StrokeJoin> miter_joins) {
  const PathRange range{static_cast<uint32_t>(segments_.size()),
                        static_cast<uint32_t>(segments.size()),
                        static_cast<uint32_t>(miter_joins.size())};
  segments_.insert(segments_.end(), segments.begin(), segments.end());
  for (const StrokeJoin& join : miter_joins) {
    segments_.push_back({join.x, join.y, join.miter_x, join.miter_y});
  }
  paths_.push_back(range);
  return static_cast<int>(paths_.size()) - 1;
}

void StrokeTiles::stroke(int path, const CanvasColor& color, double global_alpha,
                         double line_width) {
  if (path < 0 || path >= static_cast<int>(paths_.size())) {
    throw std::invalid_argument("stroke: path " + std::to_string(path) + " was not added (" +
                                std::to_string(paths_.size()) + " paths this frame)");
  }
  const PathRange& range = paths_[static_cast<std::size_t>(path)];
  if (range.count == 0) return;  // nothing to paint
  const auto alpha = static_cast<float>(color.a * global_alpha);
  if (alpha <= 0 || !(line_width > 0)) return;  // the canvas paints nothing either
  if (strokes_.size() >= static_cast<std::size_t>(kMaxStrokes)) {
    throw std::invalid_argument("stroke: more than " + std::to_string(kMaxStrokes) +
                                " strokes in one frame");
  }
  strokes_.push_back({static_cast<uint32_t>(path)});
  styles_.push_back(
      {color.r, color.g, color.b, alpha, static_cast<float>(line_width / 2), {0, 0, 0}});
}

// --- placing shapes in tiles -----------------------------------------------------------------

// A shape colours the pixels whose centres lie within half_width + kReachPastEdge of it (for a
// miter join: of its cone, which lies inside the capsule from its corner to its tip, so that
// capsule stands in for it here). It is placed in every tile holding such a centre: the tiles
// its bounding box touches, less those whose pixel centres are all too far away.
void StrokeTiles::place(uint32_t stroke, uint32_t shape, bool join, double half_width) {
  const StrokeSegment& s = segments_[shape];
  const double ax = s.x0;
  const double ay = s.y0;
  const double bx = join ? s.x0 + s.x1 * half_width : s.x1;
  const double by = join ? s.y0 + s.y1 * half_width : s.y1;
  const double reach = half_width + kReachPastEdge;
  // The canvas pixels it can reach, and so the tiles.
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  pixel_span(std::min(ax, bx) - reach, std::max(ax, bx) + reach, width_, x0, x1);
  pixel_span(std::min(ay, by) - reach, std::max(ay, by) + reach, height_, y0, y1);
  if (x0 > x1 || y0 > y1) return;  // off the canvas (or not a number)
  const double tile = kTileSize;
  const int tx0 = x0 / kTileSize;
  const int tx1 = x1 / kTileSize;
  const int ty0 = y0 / kTileSize;
  const int ty1 = y1 / kTileSize;
  // A tile's pixel centres lie within this of its centre.
  const double half_diagonal = (tile - 1) * std::sqrt(0.5);
  const double near2 = (reach + half_diagonal) * (reach + half_diagonal);
  const bool small = tx1 - tx0 <= 1 && ty1 - ty0 <= 1;  // every tile of a 2 x 2 box is near
  for (int ty = ty0; ty <= ty1; ty++) {
    for (int tx = tx0; tx <= tx1; tx++) {
      if (!small) {
        const double cx = (tx + 0.5) * tile;
        const double cy = (ty + 0.5) * tile;
        if (distance2_to_segment(cx, cy, ax, ay, bx, by) > near2) continue;
      }
      placed_.push_back({static_cast<uint32_t>(ty * tiles_x_ + tx), stroke, shape, join ? 1u : 0u});
    }
  }
}

// --- sorting into runs -----------------------------------------------------------------------

void StrokeTiles::bin(int width, int height) {
  if (width < 1 || height < 1) {
    throw std::invalid_argument("stroke tiles: canvas " + std::to_string(width) + "x" +
                                std::to_string(height) + "; at least 1x1 is needed");
  }
  width_ = width;
  height_ = height;
  tiles_x_ = (width + kTileSize - 1) / kTileSize;
  tiles_y_ = (height + kTileSize - 1) / kTileSize;
  const auto tiles = static_cast<std::size_t>(tiles_x_) * static_cast<std::size_t>(tiles_y_);

  // Every shape of every stroke, in painting order: a stroke's segments, then its joins.
  placed_.clear();
  for (std::size_t k = 0; k < strokes_.size(); k++) {
    const PathRange& path = paths_[strokes_[k].path];
    const double half_width = styles_[k].half_width;
    const auto stroke = static_cast<uint32_t>(k);
    for (uint32_t q = 0; q < path.count; q++) place(stroke, path.first + q, false, half_width);
    for (uint32_t q = 0; q < path.joins; q++) {
      place(stroke, path.first + path.count + q, true, half_width);
    }
  }

  // A stable counting sort by tile keeps each tile's shapes in painting order.
  counts_.assign(tiles + 1, 0);
  for (const Placed& p : placed_) counts_[p.tile + 1]++;
  for (std::size_t t = 0; t < tiles; t++) counts_[t + 1] += counts_[t];
  cursor_.assign(counts_.begin(), counts_.end() - 1);
  sorted_.resize(placed_.size());
  for (const Placed& p : placed_) sorted_[cursor_[p.tile]++] = p;
  items_.resize(placed_.size());

  // Runs: within a tile, a new run wherever the stroke or the kind of shape changes.
  tile_runs_.resize(tiles * 2);
  runs_.clear();
  std::size_t at = 0;
  for (std::size_t t = 0; t < tiles; t++) {
    tile_runs_[2 * t] = static_cast<uint32_t>(runs_.size());
    const std::size_t end = counts_[t + 1];
    while (at < end) {
      const Placed& head = sorted_[at];
      TileRun run{head.stroke, static_cast<uint32_t>(at), 0, head.join ? TileRun::kJoins : 0};
      while (at < end && sorted_[at].stroke == head.stroke && sorted_[at].join == head.join) {
        items_[at] = segments_[sorted_[at].shape];
        at++;
      }
      run.end = static_cast<uint32_t>(at);
      if (at == end || sorted_[at].stroke != head.stroke) run.flags |= TileRun::kLast;
      runs_.push_back(run);
    }
    tile_runs_[2 * t + 1] = static_cast<uint32_t>(runs_.size());
  }
}

}  // namespace terrain::render
