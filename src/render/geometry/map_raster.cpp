// The map pass on the CPU (see map_raster.h).
//
// Sections: checks; the relief image, one band of 8 canvas rows at a time; the strokes of
// each tile of the band; the band into bytes.
//
// The arithmetic is the GL pass's, in float as the GPU does it: a canvas point p (a pixel
// centre) sits at (p - grid origin) / scale in image texels; the four nearest texels are
// blended with full float weights (clamped at the image's edges); each stroke's coverage is
// the largest of its shapes' and it is painted once, in order.
#include "render/geometry/map_raster.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

namespace terrain::render {

namespace {

constexpr int kTile = StrokeTiles::kTileSize;

// Smallest, largest and clamp by value, written so the compiler turns them into SIMD selects:
// std::min, std::max and std::clamp choose between references, which keeps these loops
// scalar.
inline float lesser(float a, float b) {
  return b < a ? b : a;
}
inline float greater(float a, float b) {
  return a < b ? b : a;
}
inline float clamped(float v, float lo, float hi) {
  return greater(lo, lesser(v, hi));
}
constexpr int kTilePixels = kTile * kTile;

// A tile's 64 pixel centres relative to its top-left corner, row by row: shapes are moved into
// the tile's frame once, so no pixel's position is worked out per tile.
struct TileCentres {
  float x[kTilePixels];
  float y[kTilePixels];
  constexpr TileCentres() : x(), y() {
    for (int k = 0; k < kTilePixels; k++) {
      x[k] = static_cast<float>(k % kTile) + 0.5f;
      y[k] = static_cast<float>(k / kTile) + 0.5f;
    }
  }
};
constexpr TileCentres kCentres;

// A tile's 64 pixels while its strokes are painted: the colour, channel by channel (copied in
// from the band and back once, so that the strokes work in the first level of cache), and the
// coverage of the stroke being painted.
struct TilePixels {
  float r[kTilePixels];
  float g[kTilePixels];
  float b[kTilePixels];
  float coverage[kTilePixels];
};

// How much of each pixel a capsule (the segment with discs of radius `radius` at its ends)
// covers, kept as the largest so far, for the tile's pixels [first, end) (whole rows). The
// band of the stroke's width across the line through the pixel centre:
// clamp(min(1/2, d + r) - max(-1/2, d - r)), d the distance to the segment.
// target_clones: SIMD as wide as the machine has (AVX2 here), one build for every x86-64.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void cover_capsule(TilePixels& t, const StrokeSegment& s, float radius, int first, int end) {
  const float ax = s.x0;
  const float ay = s.y0;
  const float abx = s.x1 - s.x0;
  const float aby = s.y1 - s.y0;
  const float length2 = abx * abx + aby * aby;
  const float inverse = length2 > 0 ? 1.0f / length2 : 0.0f;
  for (int i = first; i < end; i++) {
    const float dx = kCentres.x[i] - ax;
    const float dy = kCentres.y[i] - ay;
    const float along = clamped((dx * abx + dy * aby) * inverse, 0.0f, 1.0f);
    const float ex = dx - abx * along;
    const float ey = dy - aby * along;
    const float d = std::sqrt(ex * ex + ey * ey);
    const float c = clamped(lesser(0.5f, d + radius) - greater(-0.5f, d - radius), 0.0f, 1.0f);
    t.coverage[i] = greater(t.coverage[i], c);
  }
}

// A miter join's spike: the cone of the disc of radius r at the corner and its tangents to the
// tip (a round cone with one radius 0, in Inigo Quilez's form), clamp(1/2 - signed distance).
void cover_cone(TilePixels& t, const StrokeSegment& join, float r, int first, int end) {
  const float axis_x = join.x1 * r;
  const float axis_y = join.y1 * r;
  const float h = std::sqrt(axis_x * axis_x + axis_y * axis_y);
  const float along_x = axis_x / h;
  const float along_y = axis_y / h;
  const float b = r / h;
  const float a = std::sqrt(1.0f - b * b);
  for (int i = first; i < end; i++) {
    const float px = kCentres.x[i] - join.x0;
    const float py = kCentres.y[i] - join.y0;
    const float qx = std::abs(px * -along_y + py * along_x);
    const float qy = px * along_x + py * along_y;
    const float k = qx * -b + qy * a;
    float distance;
    if (k < 0) {
      distance = std::sqrt(qx * qx + qy * qy) - r;
    } else if (k > a * h) {
      distance = std::sqrt(qx * qx + (qy - h) * (qy - h));
    } else {
      distance = qx * a + qy * b - r;
    }
    t.coverage[i] = greater(t.coverage[i], clamped(0.5f - distance, 0.0f, 1.0f));
  }
}

// Paints the stroke whose coverage `t` holds over the tile's pixels, once, and clears the
// coverage.
void composite(TilePixels& t, const StrokeStyle& style) {
  for (int i = 0; i < kTilePixels; i++) {
    const float alpha = style.a * t.coverage[i];
    t.r[i] += (style.r - t.r[i]) * alpha;
    t.g[i] += (style.g - t.g[i]) * alpha;
    t.b[i] += (style.b - t.b[i]) * alpha;
    t.coverage[i] = 0;
  }
}

// One image row scaled to the canvas width: each canvas column blends the two image columns its
// table names (column `cols` of `row` is the background, for columns the image does not
// reach).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void scale_row(const float* row, const int* column0, const int* column1, const float* t,
               int count, float* out) {
  for (int x = 0; x < count; x++) {
    const float a = row[column0[x]];
    const float b = row[column1[x]];
    out[x] = a + (b - a) * t[x];
  }
}

// One canvas row between two scaled image rows.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void blend_rows(const float* a, const float* b, float t, int count, float* out) {
  for (int x = 0; x < count; x++) out[x] = a[x] + (b[x] - a[x]) * t;
}

// Which of a tile's rows (0..7, canvas rows top + j, pixel centres top + j + 1/2) a shape
// spanning lo..hi in y, plus `reach`, can colour: [first, end) as pixel indices of the tile.
void reached_rows(float lo, float hi, float reach, int top, int& first, int& end) {
  const float from = std::ceil(lo - reach - 0.5f - static_cast<float>(top));
  const float to = std::floor(hi + reach - 0.5f - static_cast<float>(top));
  const int j0 = static_cast<int>(greater(from, 0.0f));
  const int j1 = static_cast<int>(lesser(to, static_cast<float>(kTile - 1)));
  first = j0 * kTile;
  end = j1 >= j0 ? (j1 + 1) * kTile : first;
}

// One canvas row into 8-bit pixels, as little-endian words of the channels `first`, g and
// `third` then alpha 255 (r, g, b or b, g, r): each float 0..1 as an 8-bit unorm, rounded to
// nearest, as the GL stores it.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void pack_row(const float* first, const float* g, const float* third, int count,
              uint32_t* out) {
  for (int x = 0; x < count; x++) {
    const auto A = static_cast<uint32_t>(clamped(first[x], 0.0f, 1.0f) * 255.0f + 0.5f);
    const auto G = static_cast<uint32_t>(clamped(g[x], 0.0f, 1.0f) * 255.0f + 0.5f);
    const auto C = static_cast<uint32_t>(clamped(third[x], 0.0f, 1.0f) * 255.0f + 0.5f);
    out[x] = A | G << 8 | C << 16 | 0xff000000u;
  }
}

}  // namespace

// What one paint() shares between its threads.
struct MapRaster::Job {
  const MapRasterInputs* in;
  int width;
  int height;
  RasterLayout layout;
  int padded;  // the canvas width rounded up to whole tiles
  int tiles_x;
  int tile_from;  // the tiles across that are painted: [tile_from, tile_to)
  int tile_to;
  float origin_y;
  float scale_y;  // canvas pixels per grid cell, down
  float image_top;
  float image_bottom;
  std::span<uint32_t> pixels;
};

// One image row scaled along the row to the canvas columns, per channel.
void MapRaster::scale_image_row(const Job& job, Scratch& scratch, int row) {
  const MapRasterInputs& in = *job.in;
  const uint8_t* cells = in.cells.data() + static_cast<std::size_t>(row) * in.cols * 4;
  const std::size_t plane = static_cast<std::size_t>(in.rows) * job.padded;
  const float background[3] = {in.background.r, in.background.g, in.background.b};
  float* values = scratch.values.data();
  for (int c = 0; c < 3; c++) {
    for (int k = 0; k < in.cols; k++) {
      values[k] = static_cast<float>(cells[k * 4 + c]) * (1.0f / 255.0f);
    }
    values[in.cols] = background[c];
    scale_row(values, column0_.data(), column1_.data(), column_t_.data(), job.padded,
              &scaled_[plane * c + static_cast<std::size_t>(row) * job.padded]);
  }
}

// A band of 8 canvas rows: the relief between its scaled image rows, the strokes of each of
// its tiles that has any, then the rows into pixels.
void MapRaster::paint_band(const Job& job, Scratch& scratch, int ty) {
  const MapRasterInputs& in = *job.in;
  const int padded = job.padded;
  const std::size_t plane = static_cast<std::size_t>(padded) * kTile;  // one channel of a band
  const std::size_t image_plane = static_cast<std::size_t>(in.rows) * padded;
  float* band = scratch.band.data();

  // The relief.
  for (int j = 0; j < kTile; j++) {
    const int y = ty * kTile + j;
    const float py = static_cast<float>(y) + 0.5f;
    for (int c = 0; c < 3; c++) {
      float* out = band + plane * c + static_cast<std::size_t>(j) * padded;
      if (py < job.image_top || py >= job.image_bottom) {
        const float background[3] = {in.background.r, in.background.g, in.background.b};
        std::fill(out, out + padded, background[c]);
        continue;
      }
      const float texel = (py - job.origin_y) / job.scale_y;
      const float base = std::floor(texel);
      const int i = static_cast<int>(base);
      const float* row0 =
          &scaled_[image_plane * c +
                   static_cast<std::size_t>(std::clamp(i, 0, in.rows - 1)) * padded];
      const float* row1 =
          &scaled_[image_plane * c +
                   static_cast<std::size_t>(std::clamp(i + 1, 0, in.rows - 1)) * padded];
      const std::size_t from = static_cast<std::size_t>(job.tile_from) * kTile;
      blend_rows(row0 + from, row1 + from, texel - base, (job.tile_to - job.tile_from) * kTile,
                 out + from);
    }
  }

  // The strokes.
  if (in.strokes != nullptr) {
    const StrokeTiles& strokes = *in.strokes;
    const std::span<const uint32_t> tile_runs = strokes.tile_runs();
    const std::span<const TileRun> runs = strokes.runs();
    const std::span<const StrokeSegment> items = strokes.items();
    const std::span<const StrokeStyle> styles = strokes.styles();
    TilePixels tile;
    std::fill(tile.coverage, tile.coverage + kTilePixels, 0.0f);
    const int top = ty * kTile;
    for (int tx = job.tile_from; tx < job.tile_to; tx++) {
      const std::size_t t = static_cast<std::size_t>(ty) * job.tiles_x + tx;
      const uint32_t first = tile_runs[2 * t];
      const uint32_t end = tile_runs[2 * t + 1];
      if (first == end) continue;
      float* corner = band + static_cast<std::size_t>(tx) * kTile;  // the tile's top left
      for (int j = 0; j < kTile; j++) {
        const float* row = corner + static_cast<std::size_t>(j) * padded;
        std::copy(row, row + kTile, tile.r + j * kTile);
        std::copy(row + plane, row + plane + kTile, tile.g + j * kTile);
        std::copy(row + 2 * plane, row + 2 * plane + kTile, tile.b + j * kTile);
      }
      // The shapes in the tile's frame: its top-left corner at (0, 0).
      const auto ox = static_cast<float>(tx * kTile);
      const auto oy = static_cast<float>(top);
      for (uint32_t r = first; r < end; r++) {
        const TileRun& run = runs[r];
        const StrokeStyle& style = styles[run.stroke];
        const float reach = style.half_width + static_cast<float>(StrokeTiles::kReachPastEdge);
        int from = 0;
        int to = 0;
        if (run.flags & TileRun::kJoins) {
          for (uint32_t q = run.first; q < run.end; q++) {
            const StrokeSegment& join = items[q];
            const StrokeSegment local{join.x0 - ox, join.y0 - oy, join.x1, join.y1};
            const float tip = local.y0 + local.y1 * style.half_width;
            reached_rows(lesser(local.y0, tip), greater(local.y0, tip), reach, 0, from, to);
            cover_cone(tile, local, style.half_width, from, to);
          }
        } else {
          for (uint32_t q = run.first; q < run.end; q++) {
            const StrokeSegment& segment = items[q];
            const StrokeSegment local{segment.x0 - ox, segment.y0 - oy, segment.x1 - ox,
                                      segment.y1 - oy};
            reached_rows(lesser(local.y0, local.y1), greater(local.y0, local.y1), reach, 0, from,
                         to);
            cover_capsule(tile, local, style.half_width, from, to);
          }
        }
        if (run.flags & TileRun::kLast) composite(tile, style);
      }
      for (int j = 0; j < kTile; j++) {
        float* row = corner + static_cast<std::size_t>(j) * padded;
        std::copy(tile.r + j * kTile, tile.r + (j + 1) * kTile, row);
        std::copy(tile.g + j * kTile, tile.g + (j + 1) * kTile, row + plane);
        std::copy(tile.b + j * kTile, tile.b + (j + 1) * kTile, row + 2 * plane);
      }
    }
  }

  // The band into pixels.
  for (int j = 0; j < kTile; j++) {
    const int y = ty * kTile + j;
    if (y >= job.height) break;
    const int out_row = job.layout.bottom_up ? job.height - 1 - y : y;
    const float* r = band + static_cast<std::size_t>(j) * padded;
    const float* g = r + plane;
    const float* b = g + plane;
    const int from = job.tile_from * kTile;
    const int to = std::min(job.width, job.tile_to * kTile);
    pack_row((job.layout.bgra ? b : r) + from, g + from, (job.layout.bgra ? r : b) + from,
             to - from, job.pixels.data() + static_cast<std::size_t>(out_row) * job.width + from);
  }
}

void MapRaster::paint(const MapRasterInputs& in, int width, int height, std::span<uint32_t> pixels,
                      RasterLayout layout) {
  // --- checks ---
  if (width < 1 || height < 1) {
    throw std::invalid_argument("map raster: canvas " + std::to_string(width) + "x" +
                                std::to_string(height) + "; at least 1x1 is needed");
  }
  if (in.cols < 1 || in.rows < 1 ||
      in.cells.size() !=
          static_cast<std::size_t>(in.cols) * static_cast<std::size_t>(in.rows) * 4) {
    throw std::invalid_argument("map raster: the cells hold " + std::to_string(in.cells.size()) +
                                " bytes; " + std::to_string(in.cols) + "x" +
                                std::to_string(in.rows) + " RGBA8 needs " +
                                std::to_string(static_cast<std::size_t>(in.cols) * in.rows * 4));
  }
  const std::size_t needed = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  if (pixels.size() != needed) {
    throw std::invalid_argument("map raster: the output holds " + std::to_string(pixels.size()) +
                                " pixels; " + std::to_string(width) + "x" + std::to_string(height) +
                                " needs " + std::to_string(needed));
  }
  if (in.strokes != nullptr && (in.strokes->width() != width || in.strokes->height() != height)) {
    throw std::invalid_argument("map raster: the strokes were binned for " +
                                std::to_string(in.strokes->width()) + "x" +
                                std::to_string(in.strokes->height()) + ", not " +
                                std::to_string(width) + "x" + std::to_string(height));
  }

  // --- where the image lands: image(terrain_img, left - s/2, top - s/2, COLS * s, ROWS * s) ---
  Job job{};
  job.in = &in;
  job.width = width;
  job.height = height;
  job.layout = layout;
  job.tiles_x = (width + kTile - 1) / kTile;
  job.padded = job.tiles_x * kTile;
  // The clip, widened to whole tiles and kept on the canvas.
  const int clip_right = layout.clip_right < 0 ? width : std::min(layout.clip_right, width);
  const int clip_bottom = layout.clip_bottom < 0 ? height : std::min(layout.clip_bottom, height);
  job.tile_from = std::clamp(layout.clip_left, 0, width) / kTile;
  job.tile_to = std::max(job.tile_from, (clip_right + kTile - 1) / kTile);
  const int band_from = std::clamp(layout.clip_top, 0, height) / kTile;
  const int band_to = std::max(band_from, (clip_bottom + kTile - 1) / kTile);
  job.scale_y = static_cast<float>(in.view.scale_y);
  const auto scale_x = static_cast<float>(in.view.scale_x);
  job.origin_y = static_cast<float>(in.view.top);
  job.image_top = static_cast<float>(in.view.top - in.view.scale_y / 2);
  job.image_bottom = static_cast<float>(job.image_top + in.rows * in.view.scale_y);
  job.pixels = pixels;
  const auto origin_x = static_cast<float>(in.view.left);
  const float image_left = static_cast<float>(in.view.left - in.view.scale_x / 2);
  const float image_right = static_cast<float>(image_left + in.cols * in.view.scale_x);
  const auto padded = static_cast<std::size_t>(job.padded);
  column0_.resize(padded);
  column1_.resize(padded);
  column_t_.resize(padded);
  for (std::size_t x = 0; x < padded; x++) {
    const float px = static_cast<float>(x) + 0.5f;
    if (px < image_left || px >= image_right) {
      column0_[x] = column1_[x] = in.cols;
      column_t_[x] = 0;
      continue;
    }
    const float texel = (px - origin_x) / scale_x;
    const float base = std::floor(texel);
    const int i = static_cast<int>(base);
    column0_[x] = std::clamp(i, 0, in.cols - 1);
    column1_[x] = std::clamp(i + 1, 0, in.cols - 1);
    column_t_[x] = texel - base;
  }
  scaled_.resize(static_cast<std::size_t>(in.rows) * padded * 3);
  scratch_.resize(static_cast<std::size_t>(threads_.count()));
  for (Scratch& s : scratch_) {
    s.band.resize(padded * kTile * 3);
    s.values.resize(static_cast<std::size_t>(in.cols) + 1);
  }

  // --- the image rows along the canvas, then the bands, each shared between the threads ---
  auto scale = [&](int row, int thread) {
    scale_image_row(job, scratch_[static_cast<std::size_t>(thread)], row);
  };
  threads_.run(in.rows, scale);
  auto paint = [&](int band, int thread) {
    paint_band(job, scratch_[static_cast<std::size_t>(thread)], band_from + band);
  };
  threads_.run(band_to - band_from, paint);
}

}  // namespace terrain::render
