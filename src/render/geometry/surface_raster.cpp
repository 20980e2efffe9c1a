// The 3D view on the CPU (see surface_raster.h).
//
// Sections: sizes and colours, projecting the grid, rasterising a triangle, a band, draw.
#include "render/geometry/surface_raster.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/vec4.hpp>
#include <stdexcept>
#include <string>

#include "render/geometry/relief.h"

namespace terrain::render {

// --- sizes and colours -----------------------------------------------------------------------

int drape_scale(double width, double height, int cols, int rows) {
  // The map seldom fills the picture in 3D, and is seen at a slant: three fifths of the pixels
  // it would have filling it are enough (at 1280 x 720, 3 a cell; 2 in the window beside the
  // side bar, where it paints in 1.2 ms rather than 2.4 at 3).
  const double fill = std::max(width / std::max(1, cols - 1), height / std::max(1, rows - 1));
  return std::clamp(static_cast<int>(std::ceil(0.6 * fill)), 2, 8);
}

int drape_side(int cells, int scale) {
  return (cells - 1) * scale + 1;
}

Frame drape_frame(int scale) {
  return {0.5, 0.5, double(scale), double(scale)};
}

namespace {

uint32_t word_of(Rgb8 c, bool bgra) {
  const uint32_t r = c.r;
  const uint32_t g = c.g;
  const uint32_t b = c.b;
  return 0xff000000u | (bgra ? (r << 16 | g << 8 | b) : (b << 16 | g << 8 | r));
}

// Two pixel words mixed, each byte (a + (b - a) * w / 256) rounded down, w from 0 to 256: two
// bytes a multiply, each in 16 bits of its own.
uint32_t mix_words(uint32_t a, uint32_t b, uint32_t w) {
  const uint32_t k = 256 - w;
  const uint32_t even = ((a & 0x00ff00ffu) * k + (b & 0x00ff00ffu) * w) >> 8 & 0x00ff00ffu;
  const uint32_t odd = (((a >> 8) & 0x00ff00ffu) * k + ((b >> 8) & 0x00ff00ffu) * w) & 0xff00ff00u;
  return even | odd;
}

Rgb8 scaled(Rgb8 c, double k) {
  const auto s = [k](uint8_t v) {
    return static_cast<uint8_t>(std::clamp(std::lround(v * k), 0L, 255L));
  };
  return {s(c.r), s(c.g), s(c.b)};
}

Rgb8 blend(Rgb8 a, Rgb8 b, double t) {
  const auto m = [t](uint8_t x, uint8_t y) {
    return static_cast<uint8_t>(std::clamp(std::lround(x + (y - x) * t), 0L, 255L));
  };
  return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b)};
}

// The sides of the block, as grid points walked left to right seen from outside (the order
// that keeps their faces turned out): north (row 0, east to west), east (the last column,
// south to north), south (the last row, west to east), west (column 0, north to south).
struct Side {
  int x0, y0, dx, dy, count;
  double nx, ny;  // its outward normal on the map (x east, y south)
};
std::array<Side, 4> sides_of(int cols, int rows) {
  return {Side{cols - 1, 0, -1, 0, cols, 0, -1}, Side{cols - 1, rows - 1, 0, -1, rows, 1, 0},
          Side{0, rows - 1, 1, 0, cols, 0, 1}, Side{0, 0, 0, 1, rows, -1, 0}};
}

}  // namespace

// What one draw shares with its bands.
struct SurfaceRaster::Job {
  const SurfaceInputs* in = nullptr;
  glm::dmat4 matrix{1};  // world to clip space
  MapArea picture;
  int width = 0;
  int height = 0;
  std::span<uint32_t> pixels;
  RasterLayout layout;
  int clip_left = 0, clip_top = 0, clip_right = 0, clip_bottom = 0;
  int bands = 1;
  int cols = 0, rows = 0;
  bool by_rows = true;       // strips are rows of squares (else columns)
  bool strips_down = false;  // the nearest strip is the last
  bool along_down = false;   // within a strip, the nearest square is the last
  Rgb8 sky_top_rgb, sky_bottom_rgb;
};

// --- projecting the grid ---------------------------------------------------------------------

namespace {

// A world point on the canvas (w <= 0, behind the eye: iw 0).
template <typename V>
V projected(const glm::dmat4& m, const MapArea& picture, double x, double y, double z, double u,
            double v) {
  const glm::dvec4 c = m * glm::dvec4(x, y, z, 1);
  V out;
  if (!(c.w > 1e-3)) return out;
  const double iw = 1 / c.w;
  out.x = static_cast<float>(picture.left + (c.x * iw * 0.5 + 0.5) * picture.width);
  out.y = static_cast<float>(picture.top + (0.5 - c.y * iw * 0.5) * picture.height);
  out.iw = static_cast<float>(iw);
  out.u = static_cast<float>(u);
  out.v = static_cast<float>(v);
  out.uw = static_cast<float>(u * iw);
  out.vw = static_cast<float>(v * iw);
  return out;
}

}  // namespace

void SurfaceRaster::project(const Job& job, int row) {
  const SurfaceInputs& in = *job.in;
  const Heightfield& h = *in.heights;
  const bool lakes = !in.lake_depth.empty();
  for (int x = 0; x < job.cols; x++) {
    const std::size_t i = static_cast<std::size_t>(row) * job.cols + x;
    double top = h.at(x, row);
    if (lakes) top += in.lake_depth[i];
    top = std::max(top, in.sea_level);
    grid_[i] = projected<Vertex>(job.matrix, job.picture, x, top * in.relief, row,
                                 in.drape_frame.left + x * in.drape_frame.scale_x,
                                 in.drape_frame.top + row * in.drape_frame.scale_y);
  }
}

// --- rasterising a triangle ------------------------------------------------------------------

namespace {

// The canvas rows [top, bottom) and columns [left, right) a band may touch, and its buffers.
struct Target {
  int top, bottom, left, right;
  int width, height;
  bool bottom_up;
  uint32_t* pixels;
  float* depth;
  // A square wider or taller than this on the canvas shows its drape pixels as blocks of
  // several pixels: drawn smooth between them (three drape pixels' width).
  float smooth_extent;
};

// floor and ceil of a value in [-2^30, 2^30], without the library's call (SSE2 has no rounding
// instruction).
int floor_int(float x) {
  const int i = static_cast<int>(x);
  return i - (x < static_cast<float>(i));
}
int ceil_int(float x) {
  const int i = static_cast<int>(x);
  return i + (x > static_cast<float>(i));
}

// Draws the triangle a, b, c where it faces the eye (its corners clockwise on the canvas, y
// down) and is nearer than what is there; `color(u, v, smooth)` gives a pixel's word from its
// drape point (`smooth`: blended between the drape's pixels, where they are magnified). Pixel
// centres on an edge are drawn.
//
// Most triangles cover a few pixels: single precision, the edges stepped along each row, and
// the drape point interpolated straight across the triangle when it is small (perspective
// moves it by far less than a drape pixel there), divided by w per pixel only when it is not.
template <typename V, typename Color>
void triangle(const V& a, const V& b, const V& c, const Target& t, const Color& color,
              bool smooth = false) {
  if (a.iw <= 0 || b.iw <= 0 || c.iw <= 0) return;  // reaches behind the eye
  const float ax = a.x, ay = a.y, bx = b.x, by = b.y, cx = c.x, cy = c.y;
  const float area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  if (!(area > 0)) return;  // turned away, or edge on
  const float lo_y = std::min({ay, by, cy});
  const float hi_y = std::max({ay, by, cy});
  const float lo_x = std::min({ax, bx, cx});
  const float hi_x = std::max({ax, bx, cx});
  // Pixel centres px + 0.5 within the triangle's box and the band.
  const int y0 = std::max(t.top, ceil_int(std::max(lo_y - 0.5f, -1.0f)));
  const int y1 = std::min(t.bottom - 1, floor_int(std::min(hi_y - 0.5f, 1e8f)));
  const int x0 = std::max(t.left, ceil_int(std::max(lo_x - 0.5f, -1.0f)));
  const int x1 = std::min(t.right - 1, floor_int(std::min(hi_x - 0.5f, 1e8f)));
  if (x0 > x1 || y0 > y1) return;
  // Edge functions, each zero on one edge and `area` at the opposite corner, taken about the
  // box's first pixel centre so their terms stay small.
  const float ox = static_cast<float>(x0) + 0.5f;
  const float oy = static_cast<float>(y0) + 0.5f;
  const float inv = 1 / area;
  const float ea_x = by - cy, ea_y = cx - bx;
  const float eb_x = cy - ay, eb_y = ax - cx;
  const float ec_x = ay - by, ec_y = bx - ax;
  const float ea0 = (cx - bx) * (oy - by) - (cy - by) * (ox - bx);
  const float eb0 = (ax - cx) * (oy - cy) - (ay - cy) * (ox - cx);
  const float ec0 = (bx - ax) * (oy - ay) - (by - ay) * (ox - ax);
  // Values at the corners as planes over the canvas: at the box's first pixel centre, and
  // their steps along a row and down a column.
  struct Plane {
    float at, dx, dy;
  };
  const auto plane = [&](float fa, float fb, float fc) {
    return Plane{(ea0 * fa + eb0 * fb + ec0 * fc) * inv, (ea_x * fa + eb_x * fb + ec_x * fc) * inv,
                 (ea_y * fa + eb_y * fb + ec_y * fc) * inv};
  };
  const Plane iw = plane(a.iw, b.iw, c.iw);
  const bool small = hi_x - lo_x < 24 && hi_y - lo_y < 24;
  Plane u, v;
  if (small) {
    u = plane(a.u, b.u, c.u);
    v = plane(a.v, b.v, c.v);
  } else {
    u = plane(a.uw, b.uw, c.uw);
    v = plane(a.vw, b.vw, c.vw);
  }
  // Each row's pixels inside all three edges, from where each edge crosses the row (a hair
  // wider, so no pixel is lost between two triangles to a rounding; one drawn by both is
  // the same colour either way).
  const float ra = ea_x != 0 ? -1 / ea_x : 0;
  const float rb = eb_x != 0 ? -1 / eb_x : 0;
  const float rc = ec_x != 0 ? -1 / ec_x : 0;
  const float last = static_cast<float>(x1 - x0);
  constexpr float kHair = 1e-3f;
  for (int py = y0; py <= y1; py++) {
    const auto fy = static_cast<float>(py - y0);
    float lo = 0;
    float hi = last;
    bool empty = false;
    const auto clip = [&](float e, float step, float reciprocal) {
      if (step > 0) {
        lo = std::max(lo, e * reciprocal - kHair);
      } else if (step < 0) {
        hi = std::min(hi, e * reciprocal + kHair);
      } else if (e < 0) {
        empty = true;
      }
    };
    clip(ea0 + ea_y * fy, ea_x, ra);
    clip(eb0 + eb_y * fy, eb_x, rb);
    clip(ec0 + ec_y * fy, ec_x, rc);
    if (empty || lo > hi) continue;
    const int first = x0 + ceil_int(lo);
    const int end = x0 + floor_int(hi);
    uint32_t* pixels =
        t.pixels + static_cast<std::size_t>(t.bottom_up ? t.height - 1 - py : py) * t.width;
    float* depth = t.depth + static_cast<std::size_t>(py) * t.width;
    for (int px = first; px <= end; px++) {
      const auto fx = static_cast<float>(px - x0);
      const float z = iw.at + iw.dx * fx + iw.dy * fy;
      if (!(z > depth[px])) continue;
      depth[px] = z;
      const float pu = u.at + u.dx * fx + u.dy * fy;
      const float pv = v.at + v.dx * fx + v.dy * fy;
      if (small) {
        pixels[px] = color(pu, pv, smooth);
      } else {
        const float w = 1 / z;
        pixels[px] = color(pu * w, pv * w, smooth);
      }
    }
  }
}

// Draws the square a b / c d (north up: a and b its top corners) as its two triangles a b c
// and b d c, as triangle() would draw them, in one pass over its pixels: most squares cover a
// few pixels, and a pass over the box they share, with no division a row, costs less than two
// triangles' setups and row spans (bench BM_Surface3d: 11.0 -> 8.9 ms on one thread). A pixel
// is inside a triangle where each of its three edge functions is at least minus the hair times
// its step along a row (triangle()'s slack of a thousandth of a pixel along the row); the
// diagonal's is shared by both, so a pixel on it is drawn once. Squares that are not small,
// or that reach behind the eye, go to triangle().
template <typename V, typename Color>
void square(const V& a, const V& b, const V& c, const V& d, const Target& t, const Color& color) {
  const float lo_y = std::min({a.y, b.y, c.y, d.y});
  const float hi_y = std::max({a.y, b.y, c.y, d.y});
  const float lo_x = std::min({a.x, b.x, c.x, d.x});
  const float hi_x = std::max({a.x, b.x, c.x, d.x});
  const bool smooth = std::max(hi_x - lo_x, hi_y - lo_y) > t.smooth_extent;
  if (!(a.iw > 0 && b.iw > 0 && c.iw > 0 && d.iw > 0) || !(hi_x - lo_x < 24 && hi_y - lo_y < 24)) {
    triangle(a, b, c, t, color, smooth);
    triangle(b, d, c, t, color, smooth);
    return;
  }
  // Twice each triangle's area, positive where it faces the eye (clockwise, y down).
  const float area1 = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const float area2 = (d.x - b.x) * (c.y - b.y) - (d.y - b.y) * (c.x - b.x);
  const bool faces1 = area1 > 0;
  const bool faces2 = area2 > 0;
  if (!faces1 && !faces2) return;
  const int y0 = std::max(t.top, ceil_int(lo_y - 0.5f));
  const int y1 = std::min(t.bottom - 1, floor_int(hi_y - 0.5f));
  const int x0 = std::max(t.left, ceil_int(lo_x - 0.5f));
  const int x1 = std::min(t.right - 1, floor_int(hi_x - 0.5f));
  if (x0 > x1 || y0 > y1) return;
  const float ox = static_cast<float>(x0) + 0.5f;
  const float oy = static_cast<float>(y0) + 0.5f;
  // An edge from p to q: zero on it, positive on the side a clockwise triangle's third corner
  // is; its value at the box's first pixel centre and its steps along a row and down a column,
  // and the least value a pixel inside may have (minus the hair times its step along a row).
  struct Edge {
    float at, dx, dy, least;
  };
  constexpr float kHair = 1e-3f;
  const auto edge = [&](const V& p, const V& q) {
    const float dx = p.y - q.y;
    return Edge{(q.x - p.x) * (oy - p.y) - (q.y - p.y) * (ox - p.x), dx, q.x - p.x,
                -kHair * std::abs(dx)};
  };
  const Edge bc = edge(b, c);  // the diagonal: a's side is the first triangle's, d's the second's
  const Edge ca = edge(c, a);
  const Edge ab = edge(a, b);
  const Edge dc = edge(d, c);
  const Edge bd = edge(b, d);
  // Each triangle's values at the corners as planes, as triangle() makes them.
  struct Plane {
    float at, dx, dy;
  };
  const auto plane = [](const Edge& e0, const Edge& e1, const Edge& e2, float inv, float f0,
                        float f1, float f2) {
    return Plane{(e0.at * f0 + e1.at * f1 + e2.at * f2) * inv,
                 (e0.dx * f0 + e1.dx * f1 + e2.dx * f2) * inv,
                 (e0.dy * f0 + e1.dy * f1 + e2.dy * f2) * inv};
  };
  // The first triangle a b c: edges opposite a, b, c are b c, c a, a b. The second b d c:
  // opposite b, d, c are d c, c b (the diagonal turned round) and b d.
  const Edge cb{-bc.at, -bc.dx, -bc.dy, bc.least};
  Plane iw[2], u[2], v[2];
  if (faces1) {
    const float inv = 1 / area1;
    iw[0] = plane(bc, ca, ab, inv, a.iw, b.iw, c.iw);
    u[0] = plane(bc, ca, ab, inv, a.u, b.u, c.u);
    v[0] = plane(bc, ca, ab, inv, a.v, b.v, c.v);
  }
  if (faces2) {
    const float inv = 1 / area2;
    iw[1] = plane(dc, cb, bd, inv, b.iw, d.iw, c.iw);
    u[1] = plane(dc, cb, bd, inv, b.u, d.u, c.u);
    v[1] = plane(dc, cb, bd, inv, b.v, d.v, c.v);
  }
  for (int py = y0; py <= y1; py++) {
    const auto fy = static_cast<float>(py - y0);
    uint32_t* pixels =
        t.pixels + static_cast<std::size_t>(t.bottom_up ? t.height - 1 - py : py) * t.width;
    float* depth = t.depth + static_cast<std::size_t>(py) * t.width;
    const float diagonal = bc.at + bc.dy * fy;
    const float e_ca = ca.at + ca.dy * fy;
    const float e_ab = ab.at + ab.dy * fy;
    const float e_dc = dc.at + dc.dy * fy;
    const float e_bd = bd.at + bd.dy * fy;
    for (int px = x0; px <= x1; px++) {
      const auto fx = static_cast<float>(px - x0);
      const float g = diagonal + bc.dx * fx;
      int k;
      if (faces1 && g >= bc.least && e_ca + ca.dx * fx >= ca.least &&
          e_ab + ab.dx * fx >= ab.least) {
        k = 0;
      } else if (faces2 && -g >= bc.least && e_dc + dc.dx * fx >= dc.least &&
                 e_bd + bd.dx * fx >= bd.least) {
        k = 1;
      } else {
        continue;
      }
      const float z = iw[k].at + iw[k].dx * fx + iw[k].dy * fy;
      if (!(z > depth[px])) continue;
      depth[px] = z;
      pixels[px] = color(u[k].at + u[k].dx * fx + u[k].dy * fy,
                         v[k].at + v[k].dx * fx + v[k].dy * fy, smooth);
    }
  }
}

}  // namespace

// --- a band ----------------------------------------------------------------------------------

// Squares along a strip are looked at in chunks of this many: a band skips a chunk none of whose
// squares reach it, so each band walks little more than its own squares.
constexpr int kChunk = 16;

void SurfaceRaster::band(const Job& job, int index) {
  const SurfaceInputs& in = *job.in;
  const int span = job.clip_bottom - job.clip_top;
  const Target t{job.clip_top + static_cast<int>(static_cast<long>(span) * index / job.bands),
                 job.clip_top + static_cast<int>(static_cast<long>(span) * (index + 1) / job.bands),
                 job.clip_left,
                 job.clip_right,
                 job.width,
                 job.height,
                 job.layout.bottom_up,
                 job.pixels.data(),
                 depth_.data(),
                 static_cast<float>(3 * std::max(in.drape_frame.scale_x, in.drape_frame.scale_y))};
  // The sky, and nothing near yet.
  for (int py = t.top; py < t.bottom; py++) {
    const double f = std::clamp((py + 0.5 - job.picture.top) / job.picture.height, 0.0, 1.0);
    const uint32_t sky = word_of(blend(job.sky_top_rgb, job.sky_bottom_rgb, f), job.layout.bgra);
    const std::size_t row =
        static_cast<std::size_t>(t.bottom_up ? t.height - 1 - py : py) * t.width;
    std::fill(t.pixels + row + t.left, t.pixels + row + t.right, sky);
    std::fill(t.depth + static_cast<std::size_t>(py) * t.width + t.left,
              t.depth + static_cast<std::size_t>(py) * t.width + t.right, 0.0f);
  }
  // The ground: the strips that reach the band, nearest first.
  const int cols = job.cols;
  const uint32_t* drape = in.drape.data();
  const int dw = in.drape_width;
  const int dh = in.drape_height;
  const auto draped = [drape, dw, dh](float u, float v, bool smooth) {
    if (!smooth) {
      const int x = std::clamp(static_cast<int>(u), 0, dw - 1);
      const int y = std::clamp(static_cast<int>(v), 0, dh - 1);
      return drape[static_cast<std::size_t>(y) * dw + x];
    }
    // Between the four drape pixels whose centres surround (u, v), in 256ths.
    const float su = u - 0.5f;
    const float sv = v - 0.5f;
    const int x0 = floor_int(su);
    const int y0 = floor_int(sv);
    const auto weight = [](float f) {
      return static_cast<uint32_t>(std::clamp(static_cast<int>(f * 256), 0, 256));
    };
    const uint32_t wx = weight(su - static_cast<float>(x0));
    const uint32_t wy = weight(sv - static_cast<float>(y0));
    const std::size_t xa = static_cast<std::size_t>(std::clamp(x0, 0, dw - 1));
    const std::size_t xb = static_cast<std::size_t>(std::clamp(x0 + 1, 0, dw - 1));
    const uint32_t* top = drape + static_cast<std::size_t>(std::clamp(y0, 0, dh - 1)) * dw;
    const uint32_t* bottom = drape + static_cast<std::size_t>(std::clamp(y0 + 1, 0, dh - 1)) * dw;
    return mix_words(mix_words(top[xa], top[xb], wx), mix_words(bottom[xa], bottom[xb], wx), wy);
  };
  const int strips = job.by_rows ? job.rows - 1 : job.cols - 1;
  const int along = job.by_rows ? job.cols - 1 : job.rows - 1;
  const int chunks = (along + kChunk - 1) / kChunk;
  for (int k = 0; k < strips; k++) {
    const int s = job.strips_down ? strips - 1 - k : k;
    if (strip_bottom_[s] < t.top || strip_top_[s] > t.bottom) continue;
    for (int n = 0; n < chunks; n++) {
      const int chunk = job.along_down ? chunks - 1 - n : n;
      const std::size_t at = static_cast<std::size_t>(s) * chunks + chunk;
      if (chunk_bottom_[at] < t.top || chunk_top_[at] > t.bottom) continue;
      const int first = chunk * kChunk;
      const int end = std::min(along, first + kChunk);
      for (int m = 0; m < end - first; m++) {
        const int q = job.along_down ? end - 1 - m : first + m;
        const int x = job.by_rows ? q : s;
        const int y = job.by_rows ? s : q;
        const std::size_t i = static_cast<std::size_t>(y) * cols + x;
        const Vertex& a = grid_[i];
        const Vertex& b = grid_[i + 1];
        const Vertex& c = grid_[i + cols];
        const Vertex& d = grid_[i + cols + 1];
        const double lo = std::min({a.y, b.y, c.y, d.y});
        const double hi = std::max({a.y, b.y, c.y, d.y});
        if (hi < t.top || lo > t.bottom) continue;
        // a b
        // c d   (north up): two triangles, each clockwise seen from above.
        square(a, b, c, d, t, draped);
      }
    }
  }
  // The block's sides: soil up to the ground, water from there to the sea's plane.
  std::size_t first = 0;
  const auto sides = sides_of(job.cols, job.rows);
  for (std::size_t s = 0; s < sides.size(); s++) {
    const uint32_t soil = word_of(side_colors_[2 * s], job.layout.bgra);
    const uint32_t water = word_of(side_colors_[2 * s + 1], job.layout.bgra);
    const auto soil_color = [soil](float, float, bool) { return soil; };
    const auto water_color = [water](float, float, bool) { return water; };
    for (int k = 0; k + 1 < sides[s].count; k++) {
      const Vertex* p = &sides_[(first + static_cast<std::size_t>(k)) * 3];
      const Vertex* n = p + 3;  // the next point: base, ground, top
      triangle(p[1], n[1], p[0], t, soil_color);
      triangle(n[1], n[0], p[0], t, soil_color);
      triangle(p[2], n[2], p[1], t, water_color);
      triangle(n[2], n[1], p[1], t, water_color);
    }
    first += static_cast<std::size_t>(sides[s].count);
  }
}

// --- draw ------------------------------------------------------------------------------------

void SurfaceRaster::draw(const SurfaceInputs& in, const OrbitCamera& camera, const MapArea& picture,
                         int width, int height, std::span<uint32_t> pixels, RasterLayout layout,
                         WorkThreads* threads) {
  if (in.heights == nullptr || in.heights->width() < 2 || in.heights->height() < 2) {
    throw std::invalid_argument("3D view: no ground of at least 2 x 2 to draw");
  }
  const Heightfield& h = *in.heights;
  const std::size_t n = h.size();
  if (width < 1 || height < 1 || pixels.size() != static_cast<std::size_t>(width) * height) {
    throw std::invalid_argument("3D view: the canvas holds " + std::to_string(pixels.size()) +
                                " pixels; " + std::to_string(width) + "x" + std::to_string(height) +
                                " needs " +
                                std::to_string(static_cast<std::size_t>(width) * height));
  }
  if (!in.lake_depth.empty() && in.lake_depth.size() != n) {
    throw std::invalid_argument("3D view: " + std::to_string(in.lake_depth.size()) +
                                " lake depths for " + std::to_string(n) + " grid points");
  }
  if (in.drape_width < 1 || in.drape_height < 1 ||
      in.drape.size() != static_cast<std::size_t>(in.drape_width) * in.drape_height) {
    throw std::invalid_argument(
        "3D view: the draped picture holds " + std::to_string(in.drape.size()) + " pixels, not " +
        std::to_string(in.drape_width) + "x" + std::to_string(in.drape_height));
  }
  if (!(picture.width > 0) || !(picture.height > 0)) {
    throw std::invalid_argument("3D view: the picture has no area");
  }
  Job job;
  job.in = &in;
  job.picture = picture;
  job.matrix = camera.projection(picture.width / picture.height) * camera.view();
  job.width = width;
  job.height = height;
  job.pixels = pixels;
  job.layout = layout;
  job.cols = h.width();
  job.rows = h.height();
  const auto edge = [](int clip, int fallback, int most) {
    return std::clamp(clip < 0 ? fallback : clip, 0, most);
  };
  job.clip_left = std::clamp(layout.clip_left, 0, width);
  job.clip_top = std::clamp(layout.clip_top, 0, height);
  job.clip_right = edge(layout.clip_right, width, width);
  job.clip_bottom = edge(layout.clip_bottom, height, height);
  if (job.clip_left >= job.clip_right || job.clip_top >= job.clip_bottom) return;
  // Strips across the view, nearest first: rows of squares when it looks north or south,
  // columns when east or west.
  const glm::dvec3 f = camera.forward();
  job.by_rows = std::abs(f.z) >= std::abs(f.x);
  job.strips_down = job.by_rows ? f.z < 0 : f.x < 0;
  job.along_down = job.by_rows ? f.x < 0 : f.z < 0;
  job.sky_top_rgb = in.sky_top;
  job.sky_bottom_rgb = in.sky_bottom;

  grid_.resize(n);
  depth_.resize(static_cast<std::size_t>(width) * height);
  auto project_row = [&](int row, int) { project(job, row); };
  if (threads != nullptr) {
    threads->run(job.rows, project_row);
  } else {
    for (int row = 0; row < job.rows; row++) project_row(row, 0);
  }

  // The block: its base a tenth of a unit of height below the lowest ground, or the sea's
  // floor, and each side's soil and water lit as the relief lights a slope facing that way
  // (the north and west sides towards its light, the others away).
  double lowest = in.sea_level;
  for (const float v : h.values()) lowest = std::min(lowest, double{v});
  const double base = (lowest - 0.1) * in.relief;
  const ReliefLight light = relief_light();
  const double most = std::hypot(light.x, light.y);
  const auto sides = sides_of(job.cols, job.rows);
  sides_.resize(static_cast<std::size_t>(2 * (job.cols + job.rows)) * 3);
  side_colors_.resize(8);
  std::size_t at = 0;
  for (std::size_t s = 0; s < sides.size(); s++) {
    const Side& side = sides[s];
    const double facing = (side.nx * light.x + side.ny * light.y) / most;
    const double shade = 0.75 + 0.25 * facing;
    side_colors_[2 * s] = scaled(in.soil, shade);
    side_colors_[2 * s + 1] = scaled(in.water, shade);
    for (int k = 0; k < side.count; k++, at++) {
      const int x = side.x0 + side.dx * k;
      const int y = side.y0 + side.dy * k;
      const std::size_t i = static_cast<std::size_t>(y) * job.cols + x;
      const double ground = h.at(x, y);
      double top = ground + (in.lake_depth.empty() ? 0.0 : double{in.lake_depth[i]});
      top = std::max(top, in.sea_level);
      Vertex* v = &sides_[at * 3];
      v[0] = projected<Vertex>(job.matrix, picture, x, base, y, 0, 0);
      v[1] = projected<Vertex>(job.matrix, picture, x, ground * in.relief, y, 0, 0);
      v[2] = projected<Vertex>(job.matrix, picture, x, top * in.relief, y, 0, 0);
    }
  }

  // Each strip's rows on the canvas, and each chunk of kChunk squares' along it (a point behind
  // the eye is left out: no triangle of it is drawn).
  const int strips = job.by_rows ? job.rows - 1 : job.cols - 1;
  const int along = job.by_rows ? job.cols - 1 : job.rows - 1;
  const int chunks = (along + kChunk - 1) / kChunk;
  strip_top_.resize(static_cast<std::size_t>(strips));
  strip_bottom_.resize(static_cast<std::size_t>(strips));
  chunk_top_.resize(static_cast<std::size_t>(strips) * chunks);
  chunk_bottom_.resize(static_cast<std::size_t>(strips) * chunks);
  auto strip_reach = [&](int s, int) {
    double strip_lo = 1e30;
    double strip_hi = -1e30;
    for (int chunk = 0; chunk < chunks; chunk++) {
      double lo = 1e30;
      double hi = -1e30;
      const int end = std::min(along, (chunk + 1) * kChunk);
      for (int m = chunk * kChunk; m <= end; m++) {  // the squares' corners: one more than them
        for (int e = s; e <= s + 1; e++) {
          const Vertex& v = job.by_rows ? grid_[static_cast<std::size_t>(e) * job.cols + m]
                                        : grid_[static_cast<std::size_t>(m) * job.cols + e];
          if (v.iw <= 0) continue;
          lo = std::min(lo, double{v.y});
          hi = std::max(hi, double{v.y});
        }
      }
      chunk_top_[static_cast<std::size_t>(s) * chunks + chunk] = lo;
      chunk_bottom_[static_cast<std::size_t>(s) * chunks + chunk] = hi;
      strip_lo = std::min(strip_lo, lo);
      strip_hi = std::max(strip_hi, hi);
    }
    strip_top_[static_cast<std::size_t>(s)] = strip_lo;
    strip_bottom_[static_cast<std::size_t>(s)] = strip_hi;
  };
  if (threads != nullptr) {
    threads->run(strips, strip_reach);
  } else {
    for (int s = 0; s < strips; s++) strip_reach(s, 0);
  }

  // Bands of rows, a few a thread so the work evens out.
  const int count = threads != nullptr ? threads->count() : 1;
  job.bands = std::clamp((job.clip_bottom - job.clip_top) / 24, 1, 8 * count);
  auto draw_band = [&](int index, int) { band(job, index); };
  if (threads != nullptr) {
    threads->run(job.bands, draw_band);
  } else {
    for (int b = 0; b < job.bands; b++) draw_band(b, 0);
  }
}

}  // namespace terrain::render
