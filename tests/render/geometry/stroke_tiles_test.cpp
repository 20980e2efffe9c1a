// StrokeTiles, the strokes sorted into 8 x 8 pixel tiles: binning is complete (every pixel a
// shape can colour is in a tile holding that shape, in a run of its stroke), the runs come in
// painting order with kLast on each stroke's last run, every index is in range, strokes the
// canvas would not paint place nothing, bad handles are refused, and a reused object gives the
// same tiles as a fresh one without allocating.
#include "render/geometry/stroke_tiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "allocation_counter.h"
#include "render/geometry/stroke_path.h"

namespace terrain::render {
namespace {

constexpr int kTile = StrokeTiles::kTileSize;

// Squared distance from (px, py) to the segment (ax, ay)-(bx, by), in double.
double distance2(double px, double py, double ax, double ay, double bx, double by) {
  const double dx = bx - ax;
  const double dy = by - ay;
  const double length2 = dx * dx + dy * dy;
  double t = length2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / length2 : 0;
  t = std::clamp(t, 0.0, 1.0);
  const double ex = px - (ax + dx * t);
  const double ey = py - (ay + dy * t);
  return ex * ex + ey * ey;
}

bool same_bits(const StrokeSegment& a, const StrokeSegment& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// One stroke of a frame as the test made it: its path, paint and width.
struct TestStroke {
  StrokePath path;
  CanvasColor color;
  double global_alpha = 1;
  double width = 1;
};

// A frame of one stroke: `path`, `width` wide, in the default paint.
std::vector<TestStroke> one_stroke(const StrokePath& path, double width) {
  std::vector<TestStroke> frame(1);
  frame[0].path = path;
  frame[0].width = width;
  return frame;
}

// A random frame on a width x height canvas: polylines (some with miter joins, some with
// several subpaths and zero-length dots), points a little off every edge and long lines across.
std::vector<TestStroke> random_frame(std::mt19937& rng, int width, int height, int count) {
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<TestStroke> frame(static_cast<std::size_t>(count));
  for (TestStroke& s : frame) {
    s.path.set_miter_joins(unit(rng) < 0.5);
    s.width = 0.5 + unit(rng) * 11.5;
    s.color = {static_cast<float>(unit(rng)), static_cast<float>(unit(rng)),
               static_cast<float>(unit(rng)), static_cast<float>(0.2 + unit(rng) * 0.8)};
    s.global_alpha = 0.3 + unit(rng) * 0.7;
    const double margin = 20;
    auto point = [&](double& x, double& y) {
      if (unit(rng) < 0.1) {  // far out, so lines cross the whole canvas
        x = -200 + unit(rng) * (width + 400);
        y = -200 + unit(rng) * (height + 400);
      } else {
        x = -margin + unit(rng) * (width + 2 * margin);
        y = -margin + unit(rng) * (height + 2 * margin);
      }
    };
    const int points = 2 + static_cast<int>(unit(rng) * 8);
    double x = 0;
    double y = 0;
    point(x, y);
    s.path.move_to(x, y);
    for (int k = 1; k < points; k++) {
      const double choice = unit(rng);
      if (choice < 0.08) {
        s.path.line_to(x, y);  // a dot
        continue;
      }
      if (choice < 0.15) {
        point(x, y);
        s.path.move_to(x, y);  // a new subpath
        continue;
      }
      if (choice < 0.5) {  // short steps: sharp corners close together
        x += (unit(rng) - 0.5) * 12;
        y += (unit(rng) - 0.5) * 12;
      } else {
        point(x, y);
      }
      s.path.line_to(x, y);
    }
    if (s.path.empty()) s.path.line_to(x + 1, y);
  }
  return frame;
}

void add_frame(StrokeTiles& tiles, const std::vector<TestStroke>& frame) {
  for (const TestStroke& s : frame) {
    const int path = tiles.add_path(s.path);
    tiles.stroke(path, s.color, s.global_alpha, s.width);
  }
}

// Every index in range and the runs of each tile in painting order, kLast exactly on each
// stroke's last run in the tile, every item a shape of its run's stroke of the run's kind.
void expect_consistent(const StrokeTiles& tiles, const std::vector<TestStroke>& frame) {
  const int tiles_x = (tiles.width() + kTile - 1) / kTile;
  const int tiles_y = (tiles.height() + kTile - 1) / kTile;
  ASSERT_EQ(tiles.tiles_x(), tiles_x);
  ASSERT_EQ(tiles.tiles_y(), tiles_y);
  const auto tile_count = static_cast<std::size_t>(tiles_x) * static_cast<std::size_t>(tiles_y);
  const auto tile_runs = tiles.tile_runs();
  const auto runs = tiles.runs();
  const auto items = tiles.items();
  ASSERT_EQ(tile_runs.size(), tile_count * 2);
  ASSERT_EQ(tiles.styles().size(), tiles.stroke_count());
  std::vector<int> owners(runs.size(), 0);
  for (std::size_t t = 0; t < tile_count; t++) {
    const uint32_t first = tile_runs[2 * t];
    const uint32_t end = tile_runs[2 * t + 1];
    ASSERT_LE(first, end) << "tile " << t;
    ASSERT_LE(end, runs.size()) << "tile " << t;
    for (uint32_t r = first; r < end; r++) {
      owners[r]++;
      const TileRun& run = runs[r];
      ASSERT_LT(run.stroke, tiles.styles().size()) << "tile " << t << " run " << r;
      ASSERT_LT(run.first, run.end) << "tile " << t << " run " << r << " is empty";
      ASSERT_LE(run.end, items.size()) << "tile " << t << " run " << r;
      ASSERT_EQ(run.flags & ~(TileRun::kJoins | TileRun::kLast), 0u);
      const bool joins = (run.flags & TileRun::kJoins) != 0;
      if (r > first) {
        const TileRun& before = runs[r - 1];
        EXPECT_LE(before.stroke, run.stroke) << "tile " << t << ": strokes out of order";
        if (before.stroke == run.stroke) {
          EXPECT_FALSE(before.flags & TileRun::kJoins)
              << "tile " << t << " stroke " << run.stroke << ": a run after its join run";
          EXPECT_TRUE(joins) << "tile " << t << " stroke " << run.stroke << ": two segment runs";
        }
      }
      const bool last = r + 1 == end || runs[r + 1].stroke != run.stroke;
      EXPECT_EQ((run.flags & TileRun::kLast) != 0, last) << "tile " << t << " run " << r;
      // Every item is a shape of this stroke's path, of the run's kind.
      if (frame.empty()) continue;
      const StrokePath& path = frame[run.stroke].path;
      for (uint32_t q = run.first; q < run.end; q++) {
        bool found = false;
        if (joins) {
          for (const StrokeJoin& j : path.joins()) {
            found = found || same_bits(items[q], {j.x, j.y, j.miter_x, j.miter_y});
          }
        } else {
          for (const StrokeSegment& s : path.segments()) found = found || same_bits(items[q], s);
        }
        EXPECT_TRUE(found) << "tile " << t << " run " << r << " item " << q
                           << " is not a shape of stroke " << run.stroke;
      }
    }
  }
  for (std::size_t r = 0; r < runs.size(); r++) {
    EXPECT_GE(owners[r], 1) << "run " << r << " belongs to no tile";
  }
}

// Whether tile t has a run of `stroke` of this kind holding `shape`.
bool tile_holds(const StrokeTiles& tiles, std::size_t t, uint32_t stroke, bool join,
                const StrokeSegment& shape) {
  const auto runs = tiles.runs();
  const auto items = tiles.items();
  for (uint32_t r = tiles.tile_runs()[2 * t]; r < tiles.tile_runs()[2 * t + 1]; r++) {
    if (runs[r].stroke != stroke || ((runs[r].flags & TileRun::kJoins) != 0) != join) continue;
    for (uint32_t q = runs[r].first; q < runs[r].end; q++) {
      if (same_bits(items[q], shape)) return true;
    }
  }
  return false;
}

// Completeness: every pixel whose centre lies within half_width + 1/2 of a shape (for a join,
// of the capsule from its corner to its tip) is in a tile with that shape in a run of its
// stroke. Returns how many (shape, tile) pairs were needed, so callers can see it did work.
int expect_complete(const StrokeTiles& tiles, const std::vector<TestStroke>& frame) {
  int needed = 0;
  const int width = tiles.width();
  const int height = tiles.height();
  for (std::size_t k = 0; k < frame.size(); k++) {
    const double half_width = frame[k].width / 2;
    const double reach = half_width + 0.5;
    auto check = [&](const StrokeSegment& shape, double ax, double ay, double bx, double by,
                     bool join) {
      std::set<std::size_t> wanted;
      const int x0 = std::max(0, static_cast<int>(std::floor(std::min(ax, bx) - reach - 1)));
      const int x1 = std::min(width - 1, static_cast<int>(std::ceil(std::max(ax, bx) + reach)));
      const int y0 = std::max(0, static_cast<int>(std::floor(std::min(ay, by) - reach - 1)));
      const int y1 = std::min(height - 1, static_cast<int>(std::ceil(std::max(ay, by) + reach)));
      for (int y = y0; y <= y1; y++) {
        for (int x = x0; x <= x1; x++) {
          if (distance2(x + 0.5, y + 0.5, ax, ay, bx, by) <= reach * reach) {
            wanted.insert(static_cast<std::size_t>(y / kTile) * tiles.tiles_x() + x / kTile);
          }
        }
      }
      for (std::size_t t : wanted) {
        needed++;
        EXPECT_TRUE(tile_holds(tiles, t, static_cast<uint32_t>(k), join, shape))
            << "stroke " << k << (join ? " join " : " segment ") << "(" << shape.x0 << ", "
            << shape.y0 << ", " << shape.x1 << ", " << shape.y1 << ") half width " << half_width
            << " is missing from tile " << t % tiles.tiles_x() << ", " << t / tiles.tiles_x();
      }
    };
    for (const StrokeSegment& s : frame[k].path.segments()) {
      check(s, s.x0, s.y0, s.x1, s.y1, false);
    }
    for (const StrokeJoin& j : frame[k].path.joins()) {
      check({j.x, j.y, j.miter_x, j.miter_y}, j.x, j.y, j.x + j.miter_x * half_width,
            j.y + j.miter_y * half_width, true);
    }
  }
  return needed;
}

void expect_same_tiles(const StrokeTiles& a, const StrokeTiles& b) {
  ASSERT_EQ(a.width(), b.width());
  ASSERT_EQ(a.height(), b.height());
  ASSERT_EQ(a.segment_count(), b.segment_count());
  ASSERT_EQ(a.stroke_count(), b.stroke_count());
  ASSERT_TRUE(std::ranges::equal(a.tile_runs(), b.tile_runs()));
  ASSERT_EQ(a.runs().size(), b.runs().size());
  for (std::size_t r = 0; r < a.runs().size(); r++) {
    const TileRun& x = a.runs()[r];
    const TileRun& y = b.runs()[r];
    ASSERT_TRUE(x.stroke == y.stroke && x.first == y.first && x.end == y.end && x.flags == y.flags)
        << "run " << r;
  }
  ASSERT_EQ(a.items().size(), b.items().size());
  for (std::size_t q = 0; q < a.items().size(); q++) {
    ASSERT_TRUE(same_bits(a.items()[q], b.items()[q])) << "item " << q;
  }
  ASSERT_EQ(a.styles().size(), b.styles().size());
  for (std::size_t k = 0; k < a.styles().size(); k++) {
    const StrokeStyle& x = a.styles()[k];
    const StrokeStyle& y = b.styles()[k];
    ASSERT_TRUE(x.r == y.r && x.g == y.g && x.b == y.b && x.a == y.a &&
                x.half_width == y.half_width)
        << "style " << k;
  }
}

TEST(StrokeTiles, BinningIsCompleteForRandomStrokesOnOddCanvases) {
  std::mt19937 rng(20240611);
  const int sizes[][2] = {{37, 23}, {301, 97}, {8, 8}, {1, 1}, {9, 17}, {64, 3}};
  int needed = 0;
  int joins = 0;
  for (const auto& size : sizes) {
    for (int trial = 0; trial < 4; trial++) {
      const std::vector<TestStroke> frame = random_frame(rng, size[0], size[1], 12);
      StrokeTiles tiles;
      add_frame(tiles, frame);
      ASSERT_EQ(tiles.stroke_count(), frame.size());
      tiles.bin(size[0], size[1]);
      ASSERT_EQ(tiles.width(), size[0]);
      ASSERT_EQ(tiles.height(), size[1]);
      for (std::size_t k = 0; k < frame.size(); k++) {
        const StrokeStyle& style = tiles.styles()[k];
        EXPECT_EQ(style.r, frame[k].color.r);
        EXPECT_EQ(style.a, static_cast<float>(frame[k].color.a * frame[k].global_alpha));
        EXPECT_EQ(style.half_width, static_cast<float>(frame[k].width / 2));
        joins += static_cast<int>(frame[k].path.joins().size());
      }
      expect_consistent(tiles, frame);
      needed += expect_complete(tiles, frame);
      if (::testing::Test::HasFailure()) return;
    }
  }
  // The frames did exercise the property: many shapes reached many tiles, joins among them.
  EXPECT_GT(needed, 1000);
  EXPECT_GT(joins, 20);
}

// Shapes in known places: a short segment inside one tile, and a join whose tip
// is the only part of its path reaching a tile.
TEST(StrokeTiles, KnownShapesReachTheTilesTheirPixelsAreIn) {
  // A short vertical segment at x = 12, y 10..12, half width 1.5: it colours pixel centres
  // within 2 of it, columns 10..13 and rows 8..13, all in tile (1, 1).
  StrokeTiles tiles;
  StrokePath path;
  path.move_to(12, 10);
  path.line_to(12, 12);
  tiles.stroke(tiles.add_path(path), {1, 0, 0, 1}, 1, 3);
  tiles.bin(40, 24);
  const std::vector<TestStroke> frame = one_stroke(path, 3);
  expect_consistent(tiles, frame);
  EXPECT_GT(expect_complete(tiles, frame), 0);
  EXPECT_TRUE(tile_holds(tiles, 1 * 5 + 1, 0, false, path.segments()[0]));

  // A miter join whose spike reaches into a tile the segments do not: a sharp corner pointing
  // right at x = 30, its tip about 5 half-widths out, past the tile edge at x = 32.
  StrokeTiles spiky;
  StrokePath corner;
  corner.set_miter_joins(true);
  corner.move_to(10, 0);
  corner.line_to(30, 4);
  corner.line_to(10, 8);
  ASSERT_EQ(corner.joins().size(), 1u);
  spiky.stroke(spiky.add_path(corner), {0, 0, 1, 1}, 1, 2);
  spiky.bin(48, 8);
  const std::vector<TestStroke> corner_frame = one_stroke(corner, 2);
  expect_consistent(spiky, corner_frame);
  EXPECT_GT(expect_complete(spiky, corner_frame), 0);
  const StrokeJoin& j = corner.joins()[0];
  const double tip = j.x + j.miter_x * 1.0;
  ASSERT_GT(tip, 32 + 1.5) << "the spike should reach past the segments' last tile";
  EXPECT_TRUE(spiky.tile_runs()[2 * 4] < spiky.tile_runs()[2 * 4 + 1]);
}

TEST(StrokeTiles, StrokesTheCanvasWouldNotPaintPlaceNothing) {
  StrokePath line;
  line.move_to(3, 3);
  line.line_to(30, 20);
  StrokePath corner;
  corner.set_miter_joins(true);
  corner.move_to(3, 20);
  corner.line_to(20, 3);
  corner.line_to(30, 20);
  const CanvasColor red{1, 0, 0, 1};
  const CanvasColor clear_red{1, 0, 0, 0};

  StrokeTiles tiles;
  const int a = tiles.add_path(line);
  const int b = tiles.add_path(corner);
  const int empty = tiles.add_path(StrokePath{});
  const int none = tiles.add_path({}, {});
  tiles.stroke(a, clear_red, 1, 4);  // alpha 0
  tiles.stroke(b, red, 0, 4);        // globalAlpha 0
  tiles.stroke(a, red, 1, 0);        // width 0
  tiles.stroke(b, clear_red, 0, 0);
  tiles.stroke(empty, red, 1, 4);  // an empty path
  tiles.stroke(none, red, 1, 4);
  EXPECT_EQ(tiles.stroke_count(), 0u);
  tiles.bin(37, 23);
  EXPECT_TRUE(tiles.runs().empty());
  EXPECT_TRUE(tiles.items().empty());
  EXPECT_TRUE(tiles.styles().empty());
  for (std::size_t t = 0; t < tiles.tile_runs().size() / 2; t++) {
    EXPECT_EQ(tiles.tile_runs()[2 * t], tiles.tile_runs()[2 * t + 1]) << "tile " << t;
  }

  // Between strokes that do paint they change nothing either.
  StrokeTiles mixed;
  StrokeTiles plain;
  for (StrokeTiles* t : {&mixed, &plain}) {
    const int pa = t->add_path(line);
    const int pb = t->add_path(corner);
    const int pe = t->add_path(StrokePath{});
    t->stroke(pa, red, 0.5, 3);
    if (t == &mixed) {
      t->stroke(pb, clear_red, 1, 4);
      t->stroke(pe, red, 1, 4);
      t->stroke(pa, red, 1, 0);
    }
    t->stroke(pb, {0, 1, 0, 0.5f}, 1, 5);
    t->bin(37, 23);
  }
  expect_same_tiles(mixed, plain);
  EXPECT_EQ(mixed.stroke_count(), 2u);
}

TEST(StrokeTiles, ABadHandleIsRefusedNamingIt) {
  StrokeTiles tiles;
  StrokePath line;
  line.move_to(0, 0);
  line.line_to(5, 5);
  const int first = tiles.add_path(line);
  const int second = tiles.add_path(line);
  EXPECT_EQ(first, 0);
  EXPECT_EQ(second, 1);
  auto message = [&](int handle) {
    try {
      tiles.stroke(handle, {1, 1, 1, 1}, 1, 2);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("(nothing thrown)");
  };
  for (int bad : {-1, 2, 7, -1000}) {
    const std::string what = message(bad);
    EXPECT_NE(what.find("path " + std::to_string(bad)), std::string::npos) << what;
  }
  EXPECT_EQ(tiles.stroke_count(), 0u);
  // After clear() the old handles are gone.
  tiles.clear();
  const std::string what = message(first);
  EXPECT_NE(what.find("path 0"), std::string::npos) << what;
  EXPECT_EQ(tiles.stroke_count(), 0u);
}

// The first tile (row-major) that has any run, or -1.
int first_tile_with_runs(const StrokeTiles& tiles) {
  for (std::size_t t = 0; 2 * t < tiles.tile_runs().size(); t++) {
    if (tiles.tile_runs()[2 * t] < tiles.tile_runs()[2 * t + 1]) return static_cast<int>(t);
  }
  return -1;
}

TEST(StrokeTiles, ShapesWhollyOffTheCanvasPlaceNothing) {
  const int width = 37;  // tiles 5 x 3, the last column and row only partly on the canvas
  const int height = 23;
  const double half = 3;          // width 6: pixels are coloured up to 3.5 past the line
  const double out = half + 1.1;  // past that from every pixel centre of the canvas
  struct Case {
    const char* where;
    double x0, y0, x1, y1;
  };
  const Case cases[] = {
      {"left, the full height", -out, -50, -out, 80},
      {"right, the full height", width + out, -50, width + out, 80},
      {"above, the full width", -50, -out, 90, -out},
      {"below, the full width", -50, height + out, 90, height + out},
      {"off the top-left corner", -40, -40, -out, -out},
      {"off the bottom-right corner", width + out, height + out, width + 30, height + 30},
      {"far off the bottom-right", width + 10, height + 10, 1e6, 1e6},
      {"far left", -1e6, 5, -1e5, 5},
      {"right, one short dot", width + out, 10, width + out, 10},
      {"below, one short dot", 10, height + out, 10, height + out},
  };
  for (const Case& c : cases) {
    StrokeTiles tiles;
    StrokePath p;
    p.move_to(c.x0, c.y0);
    p.line_to(c.x1, c.y1);
    tiles.stroke(tiles.add_path(p), {1, 1, 1, 1}, 1, 2 * half);
    ASSERT_EQ(tiles.stroke_count(), 1u);
    tiles.bin(width, height);
    EXPECT_TRUE(tiles.runs().empty())
        << c.where << ": (" << c.x0 << ", " << c.y0 << ")-(" << c.x1 << ", " << c.y1
        << ") half width " << half << " on " << width << "x" << height << " is placed in "
        << tiles.runs().size() << " run(s), the first in tile " << first_tile_with_runs(tiles);
    EXPECT_TRUE(tiles.items().empty()) << c.where;
    ASSERT_EQ(tiles.tile_runs().size(), 5u * 3u * 2u);
  }

  // A corner with its spike just off the left edge: the segments well outside, the spike's tip
  // still further than the reach from the first pixel centre.
  StrokeTiles tiles;
  StrokePath corner;
  corner.set_miter_joins(true);
  corner.move_to(-60, 4);
  corner.line_to(-30, 10);
  corner.line_to(-60, 16);
  ASSERT_EQ(corner.joins().size(), 1u);
  const StrokeJoin& j = corner.joins()[0];
  ASSERT_LT(j.x + j.miter_x * half, -out);
  tiles.stroke(tiles.add_path(corner), {1, 1, 1, 1}, 1, 2 * half);
  tiles.bin(width, height);
  EXPECT_TRUE(tiles.runs().empty()) << "a spike off the left edge";
}

TEST(StrokeTiles, ClearedAndReusedGivesWhatAFreshObjectGives) {
  std::mt19937 rng(7);
  StrokeTiles reused;
  const std::vector<TestStroke> big = random_frame(rng, 301, 97, 30);
  add_frame(reused, big);
  reused.bin(301, 97);
  ASSERT_FALSE(reused.runs().empty());

  // A smaller frame on a smaller canvas, then a frame on a larger one again.
  for (const auto& size : {std::pair{37, 23}, std::pair{301, 97}, std::pair{9, 40}}) {
    const std::vector<TestStroke> next = random_frame(rng, size.first, size.second, 5);
    reused.clear();
    EXPECT_EQ(reused.stroke_count(), 0u);
    EXPECT_EQ(reused.segment_count(), 0u);
    add_frame(reused, next);
    reused.bin(size.first, size.second);
    StrokeTiles fresh;
    add_frame(fresh, next);
    fresh.bin(size.first, size.second);
    expect_same_tiles(reused, fresh);
    expect_consistent(reused, next);
  }

  // Cleared with nothing added: no strokes, no runs.
  reused.clear();
  reused.bin(37, 23);
  EXPECT_TRUE(reused.runs().empty());
  EXPECT_TRUE(reused.items().empty());
  EXPECT_TRUE(reused.styles().empty());
}

TEST(StrokeTiles, BinningTheSameFrameAgainAllocatesNothing) {
  std::mt19937 rng(99);
  const std::vector<TestStroke> frame = random_frame(rng, 301, 97, 40);
  StrokeTiles tiles;
  add_frame(tiles, frame);
  tiles.bin(301, 97);
  const std::size_t runs = tiles.runs().size();
  ASSERT_GT(runs, 0u);
  uint64_t allocations = 0;
  {
    testing::CountAllocations count;
    tiles.clear();
    add_frame(tiles, frame);
    tiles.bin(301, 97);
    tiles.bin(301, 97);  // binned twice without clearing: the same too
    allocations = count.count();
  }
  EXPECT_EQ(allocations, 0u);
  EXPECT_EQ(tiles.runs().size(), runs);
  expect_consistent(tiles, frame);
}

// Shared between threads (shapes placed in runs, tile rows sorted in bands), the tiles are
// the same, byte for byte, as binned by one thread, on canvases of fewer tile rows than
// threads too; and a steady threaded frame allocates nothing.
TEST(StrokeTiles, BinningWithThreadsGivesTheSameTilesAsOneThread) {
  std::mt19937 rng(7);
  const int sizes[][2] = {{301, 97}, {1280, 720}, {37, 5}, {1, 1}, {64, 17}};
  for (const int threads : {2, 3, 8}) {
    WorkThreads work(threads);
    for (const auto& size : sizes) {
      const std::vector<TestStroke> frame = random_frame(rng, size[0], size[1], 30);
      StrokeTiles serial;
      StrokeTiles shared;
      add_frame(serial, frame);
      add_frame(shared, frame);
      serial.bin(size[0], size[1]);
      shared.bin(size[0], size[1], &work);
      SCOPED_TRACE(std::to_string(threads) + " threads, " + std::to_string(size[0]) + "x" +
                   std::to_string(size[1]));
      expect_same_tiles(serial, shared);
      expect_consistent(shared, frame);
      uint64_t allocations = 0;
      {
        testing::CountAllocations count;
        shared.clear();
        add_frame(shared, frame);
        shared.bin(size[0], size[1], &work);
        allocations = count.count();
      }
      EXPECT_EQ(allocations, 0u);
      expect_same_tiles(serial, shared);
    }
  }
}

TEST(StrokeTiles, ACanvasSmallerThanOnePixelOrLargerThanTheMostIsRefused) {
  StrokeTiles tiles;
  EXPECT_THROW(tiles.bin(0, 10), std::invalid_argument);
  EXPECT_THROW(tiles.bin(10, -1), std::invalid_argument);
  EXPECT_THROW(tiles.bin(StrokeTiles::kMaxSide + 1, 10), std::invalid_argument);
  EXPECT_THROW(tiles.bin(10, StrokeTiles::kMaxSide + 1), std::invalid_argument);
}

// The widest canvas: a shape in the last tile column keeps its column (and its stroke).
TEST(StrokeTiles, TheLastColumnOfTheWidestCanvasIsItsOwn) {
  StrokePath path;
  const double x = StrokeTiles::kMaxSide - 3.5;
  path.move_to(x, 4);
  path.line_to(x, 5);
  StrokeTiles tiles;
  tiles.add_path(path);
  tiles.add_path(path);
  tiles.stroke(1, CanvasColor{1, 0, 0, 1}, 1, 1);
  tiles.bin(StrokeTiles::kMaxSide, 8);
  const std::size_t last = static_cast<std::size_t>(tiles.tiles_x() - 1);
  ASSERT_EQ(tiles.tile_runs()[2 * last + 1] - tiles.tile_runs()[2 * last], 1u);
  const TileRun& run = tiles.runs()[tiles.tile_runs()[2 * last]];
  EXPECT_EQ(run.stroke, 0u);
  EXPECT_EQ(run.end - run.first, 1u);
  EXPECT_EQ(tiles.tile_runs()[2 * last - 1] - tiles.tile_runs()[2 * last - 2], 0u);
}

}  // namespace
}  // namespace terrain::render
