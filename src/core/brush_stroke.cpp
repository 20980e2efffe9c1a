// Brush strokes (see brush_stroke.h).
#include "core/brush_stroke.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/enum_names.h"
#include "core/number_text.h"

namespace terrain {
namespace {

// SplitMix64's finaliser: a well-mixed 64-bit hash of a 64-bit number (integer operations
// only, the same on every machine).
uint64_t mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// A number in [0, 1) from a hash: its top 53 bits.
double unit(uint64_t h) {
  return static_cast<double>(h >> 11) * (1.0 / 9007199254740992.0);
}

uint64_t bits_of(double v) {
  return std::bit_cast<uint64_t>(v);
}

// Roughen's noise at a cell: the same for the same seed and cell, in [-1, 1).
double cell_noise(uint32_t seed, int x, int y) {
  const uint64_t cell =
      static_cast<uint64_t>(static_cast<uint32_t>(x)) << 32 | static_cast<uint32_t>(y);
  return 2 * unit(mix(mix(seed) ^ cell)) - 1;
}

// The cells a dab at `c` of radius r can reach, clipped to the grid: [x0, x1] x [y0, y1].
struct Box {
  int x0, y0, x1, y1;
  bool empty() const { return x0 > x1 || y0 > y1; }
};
Box reach(const Heightfield& field, Point c, double r) {
  return {std::max(0, static_cast<int>(std::floor(c.x - r))),
          std::max(0, static_cast<int>(std::floor(c.y - r))),
          std::min(field.width() - 1, static_cast<int>(std::ceil(c.x + r))),
          std::min(field.height() - 1, static_cast<int>(std::ceil(c.y + r)))};
}

double distance(double dx, double dy) {
  return std::sqrt(dx * dx + dy * dy);
}

// A height moved by `delta`, never past 0..1 (one already outside moves back towards it, or
// stays).
float moved(float h, double delta) {
  const double v = h + delta;
  const double lo = std::min(static_cast<double>(h), 0.0);
  const double hi = std::max(static_cast<double>(h), 1.0);
  return static_cast<float>(std::clamp(v, lo, hi));
}

void check_real(const char* name, double v, double lo, double hi) {
  if (!(v >= lo && v <= hi)) {
    throw std::invalid_argument(std::string("stroke ") + name + " must be from " + number_text(lo) +
                                " to " + number_text(hi) + ", not " + number_text(v));
  }
}

}  // namespace

constexpr EnumName<BrushTool> kBrushToolNames[] = {
    {BrushTool::raise, "raise"},     {BrushTool::lower, "lower"},
    {BrushTool::smooth, "smooth"},   {BrushTool::flatten, "flatten"},
    {BrushTool::roughen, "roughen"}, {BrushTool::rain, "rain_here"}};
std::string_view brush_tool_name(BrushTool tool) {
  return enum_name(kBrushToolNames, tool, "raise");
}

std::optional<BrushTool> parse_brush_tool(std::string_view name) {
  return parse_enum(kBrushToolNames, name);
}

constexpr EnumName<BrushFalloff> kBrushFalloffNames[] = {{BrushFalloff::smooth, "smooth"},
                                                         {BrushFalloff::linear, "linear"},
                                                         {BrushFalloff::hard, "hard"}};

std::string_view brush_falloff_name(BrushFalloff falloff) {
  return enum_name(kBrushFalloffNames, falloff, "smooth");
}

std::optional<BrushFalloff> parse_brush_falloff(std::string_view name) {
  return parse_enum(kBrushFalloffNames, name);
}

bool BrushStroke::operator==(const BrushStroke& o) const {
  if (tool != o.tool || radius != o.radius || strength != o.strength || falloff != o.falloff ||
      seed != o.seed || start != o.start || flatten_to != o.flatten_to ||
      points.size() != o.points.size()) {
    return false;
  }
  for (std::size_t k = 0; k < points.size(); k++) {
    if (points[k].x != o.points[k].x || points[k].y != o.points[k].y) return false;
  }
  return true;
}

void check_stroke(const BrushStroke& s) {
  check_real("radius", s.radius, kMinBrushRadius, kMaxBrushRadius);
  check_real("strength", s.strength, 0, 1);
  if (s.points.empty()) throw std::invalid_argument("stroke points must hold at least one point");
  if (s.points.size() > kMaxStrokePoints) {
    throw std::invalid_argument("stroke points must hold at most " +
                                std::to_string(kMaxStrokePoints) + " points, not " +
                                std::to_string(s.points.size()));
  }
  for (std::size_t k = 0; k < s.points.size(); k++) {
    // Anywhere within a map's reach of the grid (a path may leave the map and come back).
    constexpr double kFar = 1e6;
    if (!(std::abs(s.points[k].x) <= kFar && std::abs(s.points[k].y) <= kFar)) {
      throw std::invalid_argument("stroke points[" + std::to_string(k) +
                                  "] must be finite numbers within 1000000 cells of the map");
    }
  }
  double length = 0;
  for (std::size_t k = 0; k + 1 < s.points.size(); k++) {
    length += distance(s.points[k + 1].x - s.points[k].x, s.points[k + 1].y - s.points[k].y);
  }
  if (length / dab_spacing(s.radius) > kMaxStrokeDabs) {
    throw std::invalid_argument("stroke points make a path of " +
                                with_thousands(static_cast<uint64_t>(std::llround(length))) +
                                " cells, more than " +
                                with_thousands(static_cast<uint64_t>(kMaxStrokeDabs)) +
                                " dabs of its brush (one every radius / 4 cells)");
  }
  // (A piece's start is at most the spacing, give or take a rounding: twice it is refused.)
  if (!(s.start >= 0 && s.start <= 2 * dab_spacing(s.radius))) {
    throw std::invalid_argument(
        "stroke start must be from 0 to twice the dab spacing (radius / 2)");
  }
  if (s.flatten_to && !std::isfinite(*s.flatten_to)) {
    throw std::invalid_argument("stroke flatten_to must be a finite number");
  }
}

double dab_spacing(double radius) {
  return std::max(0.5, radius * 0.25);
}

double falloff_weight(BrushFalloff falloff, double d, double radius) {
  if (!(d < radius)) return 0;
  switch (falloff) {
    case BrushFalloff::smooth: {
      const double t = d / radius;
      const double u = 1 - t * t;
      return u * u;
    }
    case BrushFalloff::linear:
      return 1 - d / radius;
    case BrushFalloff::hard:
      return 1;
  }
  return 0;
}

namespace {

// Calls at_dab(centre) for each dab along the path, in order; returns where the next stroke
// continuing this one from its last point puts its first dab.
template <typename F>
double walk_dabs(const BrushStroke& stroke, F&& at_dab) {
  const double spacing = dab_spacing(stroke.radius);
  const std::vector<Point>& p = stroke.points;
  if (p.size() == 1) {
    if (stroke.start != 0) return stroke.start;
    at_dab(p[0]);
    return spacing;
  }
  // `next`: the distance from the current segment's start to the next dab.
  double next = stroke.start;
  for (std::size_t k = 0; k + 1 < p.size(); k++) {
    const double dx = p[k + 1].x - p[k].x;
    const double dy = p[k + 1].y - p[k].y;
    const double length = distance(dx, dy);
    if (length == 0) continue;  // a repeated point
    while (next <= length) {
      const double t = next / length;
      at_dab(Point{p[k].x + dx * t, p[k].y + dy * t});
      next += spacing;
    }
    next -= length;  // in (0, spacing] (never negative: next > length here)
  }
  // Returned as it is, never rounded or clamped: the next piece's first dab then falls exactly
  // where one stroke along the whole path puts it.
  return next;
}

}  // namespace

std::vector<Point> stroke_dabs(const BrushStroke& stroke) {
  std::vector<Point> dabs;
  walk_dabs(stroke, [&](Point c) { dabs.push_back(c); });
  return dabs;
}

std::size_t dab_count(const BrushStroke& stroke) {
  std::size_t n = 0;
  walk_dabs(stroke, [&](Point) { n++; });
  return n;
}

double next_dab_start(const BrushStroke& stroke) {
  return walk_dabs(stroke, [](Point) {});
}

namespace {

// Rain here's landings around the dab at `c`: a uniform point of the brush's square, kept with
// the falloff's weight there (the edge of a smooth brush gets few), from a stream of the
// stroke's seed and the dab's place; at most 32 tries a drop.
template <typename F>
void landings_at(const BrushStroke& stroke, Point c, F&& at_landing) {
  const double r = stroke.radius;
  const int drops = static_cast<int>(std::lround(stroke.strength * kRainHereDrops));
  uint64_t h = mix(mix(stroke.seed) ^ bits_of(c.x)) ^ bits_of(c.y);
  for (int k = 0; k < drops; k++) {
    for (int attempt = 0; attempt < 32; attempt++) {
      h = mix(h);
      const double x = c.x + (2 * unit(h) - 1) * r;
      h = mix(h);
      const double y = c.y + (2 * unit(h) - 1) * r;
      h = mix(h);
      if (unit(h) < falloff_weight(stroke.falloff, distance(x - c.x, y - c.y), r)) {
        at_landing(Point{x, y});
        break;
      }
    }
  }
}

}  // namespace

std::vector<Point> rain_landings(const BrushStroke& stroke) {
  std::vector<Point> landings;
  walk_dabs(stroke,
            [&](Point c) { landings_at(stroke, c, [&](Point p) { landings.push_back(p); }); });
  return landings;
}

double flatten_target(const Heightfield& field, const BrushStroke& stroke) {
  if (stroke.flatten_to) return *stroke.flatten_to;
  const Point p = stroke.points.front();
  const int x = std::clamp(static_cast<int>(std::floor(p.x + 0.5)), 0, field.width() - 1);
  const int y = std::clamp(static_cast<int>(std::floor(p.y + 0.5)), 0, field.height() - 1);
  return field.at(x, y);
}

uint64_t BrushPainter::paint(Heightfield& field, Rain& rain, const BrushStroke& stroke,
                             const std::function<void()>& each_dab) {
  const double r = stroke.radius;
  const double strength = stroke.strength;
  const int cols = field.width();
  const double target = flatten_target(field, stroke);
  uint64_t rained = 0;
  walk_dabs(stroke, [&](Point c) {
    if (each_dab) each_dab();
    const Box box = reach(field, c, r);
    if (stroke.tool == BrushTool::rain) {
      // Rain here: the sketch's drops, landing inside the brush (rain_landings).
      landings_at(stroke, c, [&](Point p) {
        if (rain.drop_at(p.x, p.y)) rained++;
      });
      return;
    }
    if (box.empty()) return;
    if (stroke.tool == BrushTool::smooth) {
      // The heights around the dab (one cell more each side) as they were before it, so each
      // cell moves towards the mean of its 3 x 3 neighbours before the dab, whatever the order.
      const Box around{std::max(0, box.x0 - 1), std::max(0, box.y0 - 1),
                       std::min(cols - 1, box.x1 + 1), std::min(field.height() - 1, box.y1 + 1)};
      const int w = around.x1 - around.x0 + 1;
      before_.resize(static_cast<std::size_t>(w) * (around.y1 - around.y0 + 1));
      for (int y = around.y0; y <= around.y1; y++) {
        for (int x = around.x0; x <= around.x1; x++) {
          before_[static_cast<std::size_t>(y - around.y0) * w + (x - around.x0)] = field.at(x, y);
        }
      }
      for (int y = box.y0; y <= box.y1; y++) {
        for (int x = box.x0; x <= box.x1; x++) {
          const double wt = falloff_weight(stroke.falloff, distance(x - c.x, y - c.y), r);
          if (wt == 0) continue;
          double sum = 0;
          int n = 0;
          for (int ny = std::max(around.y0, y - 1); ny <= std::min(around.y1, y + 1); ny++) {
            for (int nx = std::max(around.x0, x - 1); nx <= std::min(around.x1, x + 1); nx++) {
              sum += before_[static_cast<std::size_t>(ny - around.y0) * w + (nx - around.x0)];
              n++;
            }
          }
          float& h = field.at(x, y);
          h = static_cast<float>(h + (sum / n - h) * strength * wt);
        }
      }
      return;
    }
    for (int y = box.y0; y <= box.y1; y++) {
      for (int x = box.x0; x <= box.x1; x++) {
        const double wt = falloff_weight(stroke.falloff, distance(x - c.x, y - c.y), r);
        if (wt == 0) continue;
        float& h = field.at(x, y);
        switch (stroke.tool) {
          case BrushTool::raise:
            h = moved(h, strength * kBrushHeightStep * wt);
            break;
          case BrushTool::lower:
            h = moved(h, -(strength * kBrushHeightStep * wt));
            break;
          case BrushTool::flatten:
            h = static_cast<float>(h + (target - h) * strength * wt);
            break;
          case BrushTool::roughen:
            h = moved(h, strength * kBrushHeightStep * wt * cell_noise(stroke.seed, x, y));
            break;
          case BrushTool::smooth:
          case BrushTool::rain:
            break;
        }
      }
    }
  });
  return rained;
}

}  // namespace terrain
