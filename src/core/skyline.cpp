// Side-view skylines ("How can I generate a 2D mountain landscape procedurally?"): the
// random-walk slope and the random points per section.
//
// Map
//   checks              bad settings, each with the value and what is allowed
//   random walk         the first answer's JavaScript, with P5Random for Math.random
//   section points      the second answer's C++: section points, sub points, smoothing
//   sampling            the section points as one height per column
//
// Each skyline has its own P5Random seeded with the seed it is given (the first answer: "use
// a random number generator which allows you to set a seed value"; the second: "be sure to not
// use your random number generator for anything else than the terrain"), so nothing else can
// shift its draws.
#include "core/skyline.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "core/number_text.h"
#include "core/p5_random.h"

namespace terrain {
namespace {

// --- checks -------------------------------------------------------------------------------

[[noreturn]] void reject(const char* who, const char* name, const std::string& value,
                         const char* allowed) {
  throw std::invalid_argument(std::string(who) + ": " + name + " " + value + " is not allowed (" +
                              allowed + ")");
}

// Requires `value` finite and at least `low` (or above it when `strict`); NaN fails too.
void check_at_least(const char* who, const char* name, double value, double low, bool strict) {
  const bool ok = std::isfinite(value) && (strict ? value > low : value >= low);
  if (!ok)
    reject(who, name, number_text(value),
           strict ? "must be finite and > 0" : "must be finite and >= 0");
}

void check_count(const char* who, const char* name, int value, int low, const char* allowed) {
  if (value < low) reject(who, name, std::to_string(value), allowed);
}

void check_sections(const char* who, const SectionParams& p) {
  check_count(who, "sections", p.sections, 2, "must be >= 2");
  check_count(who, "sub", p.sub, 1, "must be >= 1");
  check_count(who, "smooth_steps", p.smooth_steps, 0, "must be >= 0");
  check_at_least(who, "width", p.width, 0, true);
  check_at_least(who, "height", p.height, 0, true);
  check_at_least(who, "shift", p.shift, 0, false);
}

// Smoothing weights (the second answer's): the picked point keeps 90% of itself and takes 5%
// from each neighbour, so thousands of small pulls round off the hard corners between sub
// points.
constexpr double kSmoothNeighbour = 0.05;
constexpr double kSmoothSelf = 0.90;

}  // namespace

// --- random walk --------------------------------------------------------------------------

std::vector<double> random_walk_skyline(uint32_t seed, const RandomWalkParams& params) {
  const char* who = "random_walk_skyline";
  check_count(who, "columns", params.columns, 1, "must be >= 1");
  check_at_least(who, "height_max", params.height_max, 0, true);
  check_at_least(who, "step_max", params.step_max, 0, false);
  check_at_least(who, "step_change", params.step_change, 0, false);

  P5Random random(seed);
  const double height_max = params.height_max;
  const double step_max = params.step_max;        // steepest slope, height per column
  const double step_change = params.step_change;  // most the slope changes per column: jaggedness
  // Starting conditions: a random height and a random slope, either way.
  double height = random.next() * height_max;
  double slope = (random.next() * step_max) * 2 - step_max;

  std::vector<double> heights(static_cast<std::size_t>(params.columns));
  for (double& column : heights) {
    height += slope;
    slope += (random.next() * step_change) * 2 - step_change;
    if (slope > step_max) slope = step_max;
    if (slope < -step_max) slope = -step_max;
    // Reversing the slope at the limits makes an instant peak or valley, not a plateau.
    if (height > height_max) {
      height = height_max;
      slope *= -1;
    }
    if (height < 0) {
      height = 0;
      slope *= -1;
    }
    column = height;
  }
  return heights;
}

// --- section points -----------------------------------------------------------------------

std::vector<Point> section_skyline_points(uint32_t seed, const SectionParams& params) {
  check_sections("section_skyline_points", params);
  P5Random random(seed);
  const std::size_t sections = static_cast<std::size_t>(params.sections);
  const std::size_t sub = static_cast<std::size_t>(params.sub);
  const std::size_t count = (sections - 1) * sub + 1;
  const double section_width = params.width / params.sections;
  std::vector<Point> points(count);

  // Random points in a semi-regular fashion: point i * sub lies somewhere in section i.
  for (std::size_t i = 0; i < sections; i++) {
    Point& p = points[i * sub];
    p.x = random.next() * section_width + static_cast<double>(i) * section_width;
    p.y = random.next() * params.height;
  }

  // Points in between, on the straight line from one section point to the next, each
  // allowed to deviate only partly.
  for (std::size_t i = 0; i + 1 < sections; i++) {
    const Point a = points[i * sub];
    const Point b = points[(i + 1) * sub];
    // The sideways move is capped at the spacing of the points on the line so they keep
    // their order (see the header).
    const double x_shift = std::min(params.shift, (b.x - a.x) / params.sub);
    for (std::size_t j = 1; j < sub; j++) {
      const double t = static_cast<double>(j) / params.sub;
      double x = a.x * (1 - t) + b.x * t;
      double y = a.y * (1 - t) + b.y * t;
      x += random.next() * x_shift - x_shift / 2;
      y += random.next() * params.shift - params.shift / 2;
      points[i * sub + j] = {x, y};
    }
  }

  // Make smoother: pull a random point that is not at either end towards its neighbours.
  if (count >= 3) {
    const std::size_t interior = count - 2;
    for (int step = 0; step < params.smooth_steps; step++) {
      // floor(r * interior) < interior in exact arithmetic; the min guards the rounding.
      const auto pick = static_cast<std::size_t>(random.next() * static_cast<double>(interior));
      const std::size_t index = std::min(pick, interior - 1) + 1;
      const Point p0 = points[index - 1];
      const Point p1 = points[index];
      const Point p2 = points[index + 1];
      points[index].x = p0.x * kSmoothNeighbour + p2.x * kSmoothNeighbour + p1.x * kSmoothSelf;
      points[index].y = p0.y * kSmoothNeighbour + p2.y * kSmoothNeighbour + p1.y * kSmoothSelf;
    }
  }
  return points;
}

// --- sampling -----------------------------------------------------------------------------

std::vector<double> section_skyline(uint32_t seed, int columns, const SectionParams& params) {
  check_count("section_skyline", "columns", columns, 2, "must be >= 2");
  const std::vector<Point> points = section_skyline_points(seed, params);

  std::vector<double> heights(static_cast<std::size_t>(columns));
  std::size_t next = 0;  // the first point right of the current x (x only grows)
  for (int k = 0; k < columns; k++) {
    const double x = params.width * k / (columns - 1);
    while (next < points.size() && points[next].x <= x) next++;
    double y;
    if (next == 0) {
      y = points.front().y;  // left of the first point: held flat
    } else if (next == points.size()) {
      y = points.back().y;  // right of the last point: held flat
    } else {
      const Point& a = points[next - 1];
      const Point& b = points[next];
      y = a.y + (b.y - a.y) * ((x - a.x) / (b.x - a.x));
    }
    heights[static_cast<std::size_t>(k)] = y;
  }
  return heights;
}

}  // namespace terrain
