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

// 64 pixels of one tile, channel by channel: positions, colour, and the coverage of the stroke
// being painted.
struct TilePixels {
  float x[kTilePixels];
  float y[kTilePixels];
  float r[kTilePixels];
  float g[kTilePixels];
  float b[kTilePixels];
  float coverage[kTilePixels];
};

// How much of each pixel a capsule (the segment with discs of radius `radius` at its ends)
// covers, kept as the largest so far. The band of the stroke's width across the line through
// the pixel centre: clamp(min(1/2, d + r) - max(-1/2, d - r)), d the distance to the segment.
// target_clones: SIMD as wide as the machine has (AVX2 here), one build for every x86-64.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void cover_capsule(TilePixels& t, const StrokeSegment& s, float radius) {
  const float ax = s.x0;
  const float ay = s.y0;
  const float abx = s.x1 - s.x0;
  const float aby = s.y1 - s.y0;
  const float length2 = abx * abx + aby * aby;
  const float inverse = length2 > 0 ? 1.0f / length2 : 0.0f;
  for (int i = 0; i < kTilePixels; i++) {
    const float dx = t.x[i] - ax;
    const float dy = t.y[i] - ay;
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
void cover_cone(TilePixels& t, const StrokeSegment& join, float r) {
  const float axis_x = join.x1 * r;
  const float axis_y = join.y1 * r;
  const float h = std::sqrt(axis_x * axis_x + axis_y * axis_y);
  const float along_x = axis_x / h;
  const float along_y = axis_y / h;
  const float b = r / h;
  const float a = std::sqrt(1.0f - b * b);
  for (int i = 0; i < kTilePixels; i++) {
    const float px = t.x[i] - join.x0;
    const float py = t.y[i] - join.y0;
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

// Paints the stroke whose coverage `t` holds over its colour, once, and clears the coverage.
void composite(TilePixels& t, const StrokeStyle& style) {
  for (int i = 0; i < kTilePixels; i++) {
    const float alpha = style.a * t.coverage[i];
    t.r[i] += (style.r - t.r[i]) * alpha;
    t.g[i] += (style.g - t.g[i]) * alpha;
    t.b[i] += (style.b - t.b[i]) * alpha;
    t.coverage[i] = 0;
  }
}

// One canvas row of the relief: each pixel blends the two image columns its table names
// (column `cols` of `blended` is the background, for pixels the image does not reach).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void relief_row(const float* blended, const int* column0, const int* column1, const float* t,
                int count, float* out) {
  for (int x = 0; x < count; x++) {
    const float a = blended[column0[x]];
    const float b = blended[column1[x]];
    out[x] = a + (b - a) * t[x];
  }
}

// One canvas row into RGBA8 pixels (as little-endian words: r, g, b, then alpha 255): each
// float 0..1 as an 8-bit unorm, rounded to nearest, as the GL stores it.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void pack_row(const float* r, const float* g, const float* b, int count, uint32_t* out) {
  for (int x = 0; x < count; x++) {
    const auto R = static_cast<uint32_t>(clamped(r[x], 0.0f, 1.0f) * 255.0f + 0.5f);
    const auto G = static_cast<uint32_t>(clamped(g[x], 0.0f, 1.0f) * 255.0f + 0.5f);
    const auto B = static_cast<uint32_t>(clamped(b[x], 0.0f, 1.0f) * 255.0f + 0.5f);
    out[x] = R | G << 8 | B << 16 | 0xff000000u;
  }
}

}  // namespace

void MapRaster::paint(const MapRasterInputs& in, int width, int height, std::span<uint8_t> rgba,
                      bool bottom_up) {
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
  const std::size_t needed = static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4;
  if (rgba.size() != needed) {
    throw std::invalid_argument("map raster: the output holds " + std::to_string(rgba.size()) +
                                " bytes; " + std::to_string(width) + "x" + std::to_string(height) +
                                " RGBA8 needs " + std::to_string(needed));
  }
  const StrokeTiles* strokes = in.strokes;
  if (strokes != nullptr && (strokes->width() != width || strokes->height() != height)) {
    throw std::invalid_argument("map raster: the strokes were binned for " +
                                std::to_string(strokes->width()) + "x" +
                                std::to_string(strokes->height()) + ", not " +
                                std::to_string(width) + "x" + std::to_string(height));
  }

  // --- the relief image: image(terrain_img, left - s/2, top - s/2, COLS * s, ROWS * s) ---
  const auto scale = static_cast<float>(in.view.scale_x);
  const auto origin_x = static_cast<float>(in.view.left);
  const auto origin_y = static_cast<float>(in.view.top);
  const float image_left = static_cast<float>(in.view.left - in.view.scale_x / 2);
  const float image_top = static_cast<float>(in.view.top - in.view.scale_y / 2);
  const float image_right = static_cast<float>(image_left + in.cols * in.view.scale_x);
  const float image_bottom = static_cast<float>(image_top + in.rows * in.view.scale_y);
  const int tiles_x = (width + kTile - 1) / kTile;
  const int tiles_y = (height + kTile - 1) / kTile;
  const int padded = tiles_x * kTile;
  // Per canvas column: the image columns it blends, or the background (column `cols`).
  column0_.resize(static_cast<std::size_t>(padded));
  column1_.resize(static_cast<std::size_t>(padded));
  column_t_.resize(static_cast<std::size_t>(padded));
  for (int x = 0; x < padded; x++) {
    const float px = static_cast<float>(x) + 0.5f;
    const auto ux = static_cast<std::size_t>(x);
    if (px < image_left || px >= image_right) {
      column0_[ux] = column1_[ux] = in.cols;
      column_t_[ux] = 0;
      continue;
    }
    const float texel = (px - origin_x) / scale;
    const float base = std::floor(texel);
    const int i = static_cast<int>(base);
    column0_[ux] = std::clamp(i, 0, in.cols - 1);
    column1_[ux] = std::clamp(i + 1, 0, in.cols - 1);
    column_t_[ux] = texel - base;
  }
  const std::size_t plane = static_cast<std::size_t>(padded) * kTile;  // one channel of a band
  band_.resize(plane * 3);
  const std::size_t stride = static_cast<std::size_t>(in.cols) + 1;  // a blended row, plus bg
  blended_.resize(stride * 3);
  packed_.resize(static_cast<std::size_t>(width));
  const float bg[3] = {in.background.r, in.background.g, in.background.b};
  for (int c = 0; c < 3; c++) blended_[stride * c + in.cols] = bg[c];
  const uint8_t* cells = in.cells.data();

  TilePixels tile;
  for (int ty = 0; ty < tiles_y; ty++) {
    // The band's rows of relief: the two image rows blended, then each pixel's two columns.
    for (int j = 0; j < kTile; j++) {
      const int y = ty * kTile + j;
      const float py = static_cast<float>(y) + 0.5f;
      float* rows[3] = {&band_[static_cast<std::size_t>(j) * padded],
                        &band_[plane + static_cast<std::size_t>(j) * padded],
                        &band_[2 * plane + static_cast<std::size_t>(j) * padded]};
      if (py < image_top || py >= image_bottom) {
        for (int c = 0; c < 3; c++) std::fill(rows[c], rows[c] + padded, bg[c]);
        continue;
      }
      const float texel = (py - origin_y) / scale;
      const float base = std::floor(texel);
      const int i = static_cast<int>(base);
      const uint8_t* row0 =
          cells + static_cast<std::size_t>(std::clamp(i, 0, in.rows - 1)) * in.cols * 4;
      const uint8_t* row1 =
          cells + static_cast<std::size_t>(std::clamp(i + 1, 0, in.rows - 1)) * in.cols * 4;
      const float t = texel - base;
      for (int c = 0; c < 3; c++) {
        float* out = &blended_[stride * c];
        for (int k = 0; k < in.cols; k++) {
          const float a = static_cast<float>(row0[k * 4 + c]) * (1.0f / 255.0f);
          const float b = static_cast<float>(row1[k * 4 + c]) * (1.0f / 255.0f);
          out[k] = a + (b - a) * t;
        }
        relief_row(out, column0_.data(), column1_.data(), column_t_.data(), padded, rows[c]);
      }
    }

    // The strokes of each tile of the band that has any.
    if (strokes != nullptr) {
      const std::span<const uint32_t> tile_runs = strokes->tile_runs();
      const std::span<const TileRun> runs = strokes->runs();
      const std::span<const StrokeSegment> items = strokes->items();
      const std::span<const StrokeStyle> styles = strokes->styles();
      for (int tx = 0; tx < tiles_x; tx++) {
        const std::size_t t = static_cast<std::size_t>(ty) * tiles_x + tx;
        const uint32_t first = tile_runs[2 * t];
        const uint32_t end = tile_runs[2 * t + 1];
        if (first == end) continue;
        for (int j = 0; j < kTile; j++) {
          for (int i = 0; i < kTile; i++) {
            const int k = j * kTile + i;
            const std::size_t at = static_cast<std::size_t>(j) * padded + tx * kTile + i;
            tile.x[k] = static_cast<float>(tx * kTile + i) + 0.5f;
            tile.y[k] = static_cast<float>(ty * kTile + j) + 0.5f;
            tile.r[k] = band_[at];
            tile.g[k] = band_[plane + at];
            tile.b[k] = band_[2 * plane + at];
            tile.coverage[k] = 0;
          }
        }
        for (uint32_t r = first; r < end; r++) {
          const TileRun& run = runs[r];
          const StrokeStyle& style = styles[run.stroke];
          if (run.flags & TileRun::kJoins) {
            for (uint32_t q = run.first; q < run.end; q++)
              cover_cone(tile, items[q], style.half_width);
          } else {
            for (uint32_t q = run.first; q < run.end; q++) {
              cover_capsule(tile, items[q], style.half_width);
            }
          }
          if (run.flags & TileRun::kLast) composite(tile, style);
        }
        for (int j = 0; j < kTile; j++) {
          for (int i = 0; i < kTile; i++) {
            const int k = j * kTile + i;
            const std::size_t at = static_cast<std::size_t>(j) * padded + tx * kTile + i;
            band_[at] = tile.r[k];
            band_[plane + at] = tile.g[k];
            band_[2 * plane + at] = tile.b[k];
          }
        }
      }
    }

    // The band into bytes.
    for (int j = 0; j < kTile; j++) {
      const int y = ty * kTile + j;
      if (y >= height) break;
      const int out_row = bottom_up ? height - 1 - y : y;
      const float* r = &band_[static_cast<std::size_t>(j) * padded];
      pack_row(r, r + plane, r + 2 * plane, width, packed_.data());
      std::memcpy(rgba.data() + static_cast<std::size_t>(out_row) * width * 4, packed_.data(),
                  static_cast<std::size_t>(width) * 4);
    }
  }
}

}  // namespace terrain::render
