// Strokes sorted into screen tiles, so one pass over the pixels can paint them all.
//
// A frame's strokes (HTML canvas strokes: round caps and joins, a line width, an rgba colour
// and globalAlpha, and ONE PATH STROKED ONCE, so a path never darkens where its pieces
// overlap) are listed per 8 x 8 pixel tile: for each tile, in painting order, a run per
// stroke that reaches it, holding that stroke's shapes (segments, and miter joins' cones)
// that come near enough to the tile to colour any of its pixels. A pixel then needs only its
// tile's runs: within a run the coverage of the union is the largest coverage of any shape
// (coverage falls with the distance to a shape), and the runs are composited one after the
// other, each once (shaders/stroke_tiles.glsl).
//
// Why tiles: with a software GL (Mesa's llvmpipe, where there is no GPU) every triangle costs
// about as much as a couple of hundred pixels of a simple shader, and every pass over the
// window costs its pixels again. Drawing each segment as a triangle, in two passes per
// stroke, was most of the frame. Binned, the whole map is one pass of one triangle, and a
// pixel far from every line costs two texel fetches. On a real GPU this is how modern vector
// renderers work too.
//
// This half is plain C++ (no GL), so it is tested without a display; render/gl uploads what
// it builds. Allocation: every list only grows, so a steady frame allocates nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/work_threads.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/stroke_path.h"

namespace terrain::render {

// One run of a tile: a stroke's shapes items[first, end), all segments or all joins.
struct TileRun {
  uint32_t stroke;  // index into styles(): the stroke's colour and half width
  uint32_t first;   // first item
  uint32_t end;     // one past the last item
  uint32_t flags;   // kJoins: the items are miter cones; kLast: the stroke's last run here
  static constexpr uint32_t kJoins = 1;
  static constexpr uint32_t kLast = 2;
};

// A stroke's paint: its colour with alpha (colour alpha x globalAlpha), and half its width.
struct StrokeStyle {
  float r, g, b, a;
  float half_width;
  float unused[3];  // keeps two RGBA32F texels per stroke
};

class StrokeTiles {
 public:
  static constexpr int kTileSize = 8;
  // Most strokes in one frame.
  static constexpr int kMaxStrokes = 1 << 20;
  // Largest canvas side.
  static constexpr int kMaxSide = 16384;

  // Forgets the last frame's paths and strokes, keeping the storage.
  void clear();
  // Adds a path's segments, and its miter joins if it has them; returns its handle for
  // stroke(). An empty path is allowed (its strokes paint nothing).
  int add_path(std::span<const StrokeSegment> segments,
               std::span<const StrokeJoin> miter_joins = {});
  int add_path(const StrokePath& path) { return add_path(path.segments(), path.joins()); }
  // Queues one stroke of a path: the canvas's ctx.stroke(path) with this strokeStyle colour,
  // globalAlpha and lineWidth. A stroke the canvas would not paint (alpha 0, width 0) is
  // dropped. Throws std::invalid_argument for a handle not returned by add_path() since the
  // last clear(), or past kMaxStrokes.
  void stroke(int path, const CanvasColor& color, double global_alpha, double line_width);

  // Sorts the strokes into the tiles of a width x height canvas (canvas pixels: x right, y
  // down from the top-left corner), each side 1..kMaxSide. Call after the last stroke(). With
  // `threads`, the work is shared between them (the result is the same, byte for byte).
  void bin(int width, int height, WorkThreads* threads = nullptr);

  // --- what bin() built ---
  int width() const { return width_; }
  int height() const { return height_; }
  int tiles_x() const { return tiles_x_; }
  int tiles_y() const { return tiles_y_; }
  // Per tile (row-major, tiles_x * tiles_y): its runs are runs()[first, end), two values.
  std::span<const uint32_t> tile_runs() const { return tile_runs_; }
  std::span<const TileRun> runs() const { return runs_; }
  // The shapes of every run, each as 4 floats: a segment x0, y0, x1, y1; a join x, y and the
  // miter vector (its tip is at (x, y) + miter * half width).
  std::span<const StrokeSegment> items() const { return items_; }
  std::span<const StrokeStyle> styles() const { return styles_; }

  std::size_t segment_count() const { return segments_.size(); }  // shapes of all paths
  std::size_t stroke_count() const { return strokes_.size(); }

  // How far past a shape's outline a pixel centre can be and still be coloured: coverage
  // reaches 0 half a pixel out (see shaders/stroke_tiles.glsl), plus a margin for rounding.
  static constexpr double kReachPastEdge = 0.5 + 1.0 / 64;

 private:
  struct PathRange {
    uint32_t first;  // first segment in segments_
    uint32_t count;
    uint32_t joins;  // miter joins, stored right after the segments
  };
  struct Stroke {
    uint32_t path;
  };
  // One shape placed in one tile of a row, in painting order: 8 bytes, as binning is mostly
  // moving these. `key` holds the stroke (20 bits: kMaxStrokes), whether the shape is a miter
  // cone (1 bit) and the tile's column (11 bits: kMaxSide / kTileSize columns).
  struct Placed {
    uint32_t key;
    uint32_t shape;  // index into segments_
    uint32_t column() const { return key & 0x7ffu; }
    uint32_t stroke() const { return key >> 12; }
    bool join() const { return (key >> 11 & 1u) != 0; }
    uint32_t run() const { return key >> 11; }  // the stroke and the kind of shape
  };
  // Binning is shared between threads twice over. First each thread places a run of the
  // frame's shapes (in painting order, so the runs taken in order are the whole frame in
  // order) into lists of its own, one per tile row. Then each thread sorts a band of tile
  // rows, reading each row's lists in the runs' order, its items straight into their place in
  // the whole and its runs into a list of its own, gathered into the whole at the end.
  struct Chunk {
    std::vector<std::vector<Placed>> rows;  // per tile row, in painting order (tile: column)
  };
  struct Band {
    int ty0 = 0;
    int ty1 = 0;
    std::vector<Placed> sorted;    // the band's placements sorted by tile, row after row
    std::vector<uint32_t> counts;  // per tile of a row: where its placements start in the row
    std::vector<uint32_t> cursor;  // per tile of a row: the next free place while sorting
    std::size_t size = 0;          // placements
    std::vector<TileRun> runs;     // numbered from the band's first run, items from the whole's
  };
  void place(Chunk& chunk, uint32_t stroke, uint32_t shape, bool join, double half_width) const;
  void place_chunk(Chunk& chunk, std::size_t first, std::size_t end);
  void sort_band(Band& band, std::size_t chunks, std::size_t first_item);
  void gather_band(const Band& band, std::size_t first_run);

  std::vector<StrokeSegment> segments_;  // every path's segments, then its joins
  std::vector<PathRange> paths_;
  std::vector<Stroke> strokes_;
  std::vector<StrokeStyle> styles_;
  std::vector<uint64_t> shapes_before_;  // per stroke: the frame's shapes before it
  std::vector<Chunk> chunks_;
  std::vector<Band> bands_;
  std::vector<std::size_t> band_runs_;   // where each band's runs start in runs_
  std::vector<std::size_t> band_items_;  // ...and its items in items_
  std::vector<uint32_t> tile_runs_;
  std::vector<TileRun> runs_;
  std::vector<StrokeSegment> items_;
  int width_ = 0;
  int height_ = 0;
  int tiles_x_ = 0;
  int tiles_y_ = 0;
};

}  // namespace terrain::render
