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
void StrokeTiles::place(Chunk& chunk, uint32_t stroke, uint32_t shape, bool join,
                        double half_width) const {
  const StrokeSegment& s = segments_[shape];
  const double ax = s.x0;
  const double ay = s.y0;
  const double bx = join ? s.x0 + s.x1 * half_width : s.x1;
  const double by = join ? s.y0 + s.y1 * half_width : s.y1;
  const double reach = half_width + kReachPastEdge;
  // The canvas pixels it can reach, and so the tiles.
  int y0 = 0, y1 = 0;
  pixel_span(std::min(ay, by) - reach, std::max(ay, by) + reach, height_, y0, y1);
  if (y0 > y1) return;  // off the canvas (or not a number)
  const int ty0 = y0 / kTileSize;
  const int ty1 = y1 / kTileSize;
  int x0 = 0, x1 = 0;
  pixel_span(std::min(ax, bx) - reach, std::max(ax, bx) + reach, width_, x0, x1);
  if (x0 > x1) return;
  const double tile = kTileSize;
  const int tx0 = x0 / kTileSize;
  const int tx1 = x1 / kTileSize;
  // A tile's pixel centres lie within this of its centre.
  const double half_diagonal = (tile - 1) * std::sqrt(0.5);
  const double near2 = (reach + half_diagonal) * (reach + half_diagonal);
  const bool small = tx1 - tx0 <= 1 && ty1 - ty0 <= 1;  // every tile of a 2 x 2 box is near
  for (int ty = ty0; ty <= ty1; ty++) {
    std::vector<Placed>& row = chunk.rows[static_cast<std::size_t>(ty)];
    for (int tx = tx0; tx <= tx1; tx++) {
      if (!small) {
        const double cx = (tx + 0.5) * tile;
        const double cy = (ty + 0.5) * tile;
        if (distance2_to_segment(cx, cy, ax, ay, bx, by) > near2) continue;
      }
      row.push_back({stroke << 12 | (join ? 1u : 0u) << 11 | static_cast<uint32_t>(tx), shape});
    }
  }
}

// --- sorting into runs -----------------------------------------------------------------------

// One chunk: the frame's shapes [first, end) in painting order (a stroke's segments, then its
// joins), each into the rows of the tiles it reaches.
void StrokeTiles::place_chunk(Chunk& chunk, std::size_t first, std::size_t end) {
  if (chunk.rows.size() < static_cast<std::size_t>(tiles_y_)) {
    chunk.rows.resize(static_cast<std::size_t>(tiles_y_));
  }
  for (std::vector<Placed>& row : chunk.rows) row.clear();
  if (first >= end) return;
  // The stroke holding shape `first`.
  std::size_t k = static_cast<std::size_t>(
      std::upper_bound(shapes_before_.begin(), shapes_before_.end(), first) -
      shapes_before_.begin() - 1);
  for (std::size_t at = first; at < end; k++) {
    const PathRange& path = paths_[strokes_[k].path];
    const double half_width = styles_[k].half_width;
    const auto stroke = static_cast<uint32_t>(k);
    const std::size_t stroke_first = shapes_before_[k];
    const std::size_t stroke_end = std::min<std::size_t>(shapes_before_[k + 1], end);
    for (; at < stroke_end; at++) {
      const auto q = static_cast<uint32_t>(at - stroke_first);
      const bool join = q >= path.count;
      place(chunk, stroke, path.first + q, join, half_width);
    }
  }
}

// One band of tile rows: each row's placements (the chunks' lists in order, which is painting
// order) put in tile order by a stable counting sort, which keeps each tile's shapes in
// painting order (a row is small enough to stay in the cache while it is sorted; one sort of
// the whole band would scatter across all of it); then the runs, a new one wherever the
// stroke or the kind of shape changes. The tiles' run ranges go straight into tile_runs_ (no
// other band has those tiles), counted from the band's first run.
void StrokeTiles::sort_band(Band& band, std::size_t chunks, std::size_t first_item) {
  band.sorted.resize(band.size);
  StrokeSegment* items = items_.data() + first_item;
  const auto cols = static_cast<std::size_t>(tiles_x_);
  band.counts.resize(cols + 1);
  band.cursor.resize(cols);
  band.runs.clear();
  std::size_t row_start = 0;
  for (int ty = band.ty0; ty < band.ty1; ty++) {
    const auto r = static_cast<std::size_t>(ty);
    std::fill(band.counts.begin(), band.counts.end(), 0u);
    std::size_t row_size = 0;
    for (std::size_t c = 0; c < chunks; c++) {
      for (const Placed& p : chunks_[c].rows[r]) band.counts[p.column() + 1]++;
      row_size += chunks_[c].rows[r].size();
    }
    for (std::size_t t = 0; t < cols; t++) band.counts[t + 1] += band.counts[t];
    for (std::size_t t = 0; t < cols; t++) {
      band.cursor[t] = static_cast<uint32_t>(row_start) + band.counts[t];
    }
    for (std::size_t c = 0; c < chunks; c++) {
      for (const Placed& p : chunks_[c].rows[r]) band.sorted[band.cursor[p.column()]++] = p;
    }

    const std::size_t first_tile = r * cols;
    std::size_t at = row_start;
    for (std::size_t t = 0; t < cols; t++) {
      tile_runs_[2 * (first_tile + t)] = static_cast<uint32_t>(band.runs.size());
      const std::size_t end = row_start + band.counts[t + 1];
      while (at < end) {
        const Placed head = band.sorted[at];
        TileRun run{head.stroke(), static_cast<uint32_t>(first_item + at), 0,
                    head.join() ? TileRun::kJoins : 0};
        while (at < end && band.sorted[at].run() == head.run()) {
          items[at] = segments_[band.sorted[at].shape];
          at++;
        }
        run.end = static_cast<uint32_t>(first_item + at);
        if (at == end || band.sorted[at].stroke() != head.stroke()) run.flags |= TileRun::kLast;
        band.runs.push_back(run);
      }
      tile_runs_[2 * (first_tile + t) + 1] = static_cast<uint32_t>(band.runs.size());
    }
    row_start += row_size;
  }
}

// A sorted band's runs into the whole, after the bands before it (its items are in place).
void StrokeTiles::gather_band(const Band& band, std::size_t first_run) {
  const auto run_offset = static_cast<uint32_t>(first_run);
  std::copy(band.runs.begin(), band.runs.end(),
            runs_.begin() + static_cast<std::ptrdiff_t>(first_run));
  const auto first_tile = static_cast<std::size_t>(band.ty0) * static_cast<std::size_t>(tiles_x_);
  const auto last_tile = static_cast<std::size_t>(band.ty1) * static_cast<std::size_t>(tiles_x_);
  for (std::size_t t = first_tile; t < last_tile; t++) {
    tile_runs_[2 * t] += run_offset;
    tile_runs_[2 * t + 1] += run_offset;
  }
}

void StrokeTiles::bin(int width, int height, WorkThreads* threads) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide) {
    throw std::invalid_argument("stroke tiles: canvas " + std::to_string(width) + "x" +
                                std::to_string(height) + "; allowed: 1.." +
                                std::to_string(kMaxSide) + " on each side");
  }
  width_ = width;
  height_ = height;
  tiles_x_ = (width + kTileSize - 1) / kTileSize;
  tiles_y_ = (height + kTileSize - 1) / kTileSize;
  const auto tiles = static_cast<std::size_t>(tiles_x_) * static_cast<std::size_t>(tiles_y_);
  tile_runs_.resize(tiles * 2);

  // The frame's shapes, numbered in painting order across the strokes.
  shapes_before_.resize(strokes_.size() + 1);
  shapes_before_[0] = 0;
  for (std::size_t k = 0; k < strokes_.size(); k++) {
    const PathRange& path = paths_[strokes_[k].path];
    shapes_before_[k + 1] = shapes_before_[k] + path.count + path.joins;
  }
  const std::size_t shapes = shapes_before_.back();

  // A run of shapes, then a band of tile rows, a thread.
  const int count = threads != nullptr ? threads->count() : 1;
  const int band_count = std::min(count, tiles_y_);
  const auto chunk_count = static_cast<std::size_t>(count);
  if (chunks_.size() < chunk_count) chunks_.resize(chunk_count);
  if (bands_.size() < static_cast<std::size_t>(band_count)) {
    bands_.resize(static_cast<std::size_t>(band_count));
  }
  auto place_all = [&](int c, int) {
    const auto k = static_cast<std::size_t>(c);
    place_chunk(chunks_[k], shapes * k / chunk_count, shapes * (k + 1) / chunk_count);
  };
  for (int b = 0; b < band_count; b++) {
    Band& band = bands_[static_cast<std::size_t>(b)];
    band.ty0 = tiles_y_ * b / band_count;
    band.ty1 = tiles_y_ * (b + 1) / band_count;
  }
  if (count > 1) {
    threads->run(count, place_all);
  } else {
    place_all(0, 0);
  }

  // Each band's items go straight into place, after the bands before it.
  band_items_.resize(static_cast<std::size_t>(band_count));
  std::size_t items = 0;
  for (int b = 0; b < band_count; b++) {
    Band& band = bands_[static_cast<std::size_t>(b)];
    band.size = 0;
    for (int ty = band.ty0; ty < band.ty1; ty++) {
      for (std::size_t c = 0; c < chunk_count; c++) {
        band.size += chunks_[c].rows[static_cast<std::size_t>(ty)].size();
      }
    }
    band_items_[static_cast<std::size_t>(b)] = items;
    items += band.size;
  }
  items_.resize(items);
  auto sort = [&](int b, int) {
    const auto k = static_cast<std::size_t>(b);
    sort_band(bands_[k], chunk_count, band_items_[k]);
  };
  if (band_count > 1) {
    threads->run(band_count, sort);
  } else {
    sort(0, 0);
  }

  // Then the runs, gathered (at once, when threaded).
  band_runs_.resize(static_cast<std::size_t>(band_count));
  std::size_t runs = 0;
  for (int b = 0; b < band_count; b++) {
    band_runs_[static_cast<std::size_t>(b)] = runs;
    runs += bands_[static_cast<std::size_t>(b)].runs.size();
  }
  if (band_count > 1) {
    runs_.resize(runs);
    auto gather = [&](int b, int) {
      const auto k = static_cast<std::size_t>(b);
      gather_band(bands_[k], band_runs_[k]);
    };
    threads->run(band_count, gather);
  } else {
    // One band is the whole: its runs are taken as they are (the two lists trade places each
    // frame, both keeping their capacity).
    Band& whole = bands_[0];
    runs_.swap(whole.runs);
    whole.runs.reserve(runs_.size());
  }
}

}  // namespace terrain::render
