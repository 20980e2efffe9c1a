// Side-view (profile) landscapes, after the two answers to "How can I generate a 2D mountain
// landscape procedurally?", each from its own seeded generator, so the same seed and settings
// always give the same skyline.
#pragma once

#include <cstdint>
#include <vector>

#include "core/point.h"

namespace terrain {

// The random-walk slope: start at a random height and slope; each column adds the slope to
// the height and changes the slope by a random amount in +-step_change; the slope is clipped
// to +-step_max, and the height to 0..height_max, reversing the slope whenever the height is
// clipped (which makes an instant peak or valley instead of a plateau).
struct RandomWalkParams {
  int columns = 640;
  double height_max = 170;
  double step_max = 2.5;
  double step_change = 1.0;
};
// One height per column, each in [0, height_max]: the first answer's JavaScript rule for
// rule, with P5Random(seed).next() in place of Math.random() and the same arithmetic, so the
// draws are height = next() * height_max, slope = (next() * step_max) * 2 - step_max, then one
// draw per column, (next() * step_change) * 2 - step_change, after that column's
// height += slope.
// Precondition: columns >= 1, height_max > 0, step_max >= 0, step_change >= 0, all finite
// (std::invalid_argument naming the value if not). O(columns).
std::vector<double> random_walk_skyline(uint32_t seed, const RandomWalkParams& params = {});

// Random points per section (the second answer, in C++): one random point inside each of
// `sections` equal sections, `sub` - 1 points interpolated between consecutive ones and each
// moved by up to +-shift/2, then `smooth_steps` times a random interior point is pulled
// towards its two neighbours (0.05, 0.90, 0.05).
//
// Where this deviates from the answer's C++, and why:
// - The points end at the last section's point: (sections - 1) * sub + 1 of them. The
//   answer's loop fills the sub points of sections - 1 gaps only and leaves its last sub - 1
//   slots unset.
// - The sideways (x) move is within +-min(shift, spacing) / 2, spacing being the distance
//   between the interpolated points, so the points stay in order left to right (x strictly
//   increasing) and the skyline is one height for every x. The answer moves x by +-shift/2,
//   which lets neighbours swap when two section points are close. The vertical move is always
//   +-shift/2, so heights between section points may stray up to shift/2 outside
//   0..height, as in the answer.
// - P5Random(seed).next() stands in for rand() / (float)RAND_MAX (seeded, and the same on
//   every platform), and the arithmetic is in double.
//
// The draws from P5Random(seed), in order (r = next(), in [0, 1)):
//   1. per section i, left to right: x = r * (width / sections) + i * (width / sections),
//      then y = r * height;
//   2. per gap i between section points a and b, per j = 1 .. sub - 1: the point
//      a * (1 - j / sub) + b * (j / sub), then x += r * s - s / 2 with
//      s = min(shift, (x_b - x_a) / sub), then y += r * shift - shift / 2;
//   3. per smoothing step: index = 1 + floor(r * (count - 2)), then that point becomes
//      previous * 0.05 + next * 0.05 + itself * 0.90 (x and y). No draws when there are
//      fewer than 3 points (nothing is interior).
struct SectionParams {
  double width = 10000;
  double height = 1000;
  double shift = 200;
  int sections = 40;
  int sub = 5;
  int smooth_steps = 4000;
};
// The (sections - 1) * sub + 1 points, x strictly increasing. Precondition: sections >= 2,
// sub >= 1, smooth_steps >= 0, width > 0, height > 0, shift >= 0, all finite
// (std::invalid_argument naming the value if not). O(sections * sub + smooth_steps).
std::vector<Point> section_skyline_points(uint32_t seed, const SectionParams& params = {});
// The same skyline sampled at `columns` evenly spaced x from 0 to width (x_k = width * k /
// (columns - 1); linear between the points, held flat beyond the first and last).
// Precondition: columns >= 2, and those of section_skyline_points.
std::vector<double> section_skyline(uint32_t seed, int columns, const SectionParams& params = {});

}  // namespace terrain
