// Side-view (profile) landscapes (seed 004), each from its own seeded generator, so the same
// seed and settings always give the same skyline.
#pragma once

#include <cstdint>
#include <vector>

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
// One height per column, each in [0, height_max]. Precondition: columns >= 1, height_max > 0,
// step_max >= 0, step_change >= 0.
std::vector<double> random_walk_skyline(uint32_t seed, const RandomWalkParams& params = {});

// Random points per section: one random point inside each of `sections` equal sections,
// `sub` points interpolated between consecutive ones and each moved by up to +-shift/2, then
// `smooth_steps` times a random interior point is pulled towards its two neighbours
// (0.05, 0.90, 0.05).
struct SectionParams {
  double width = 10000;
  double height = 1000;
  double shift = 200;
  int sections = 40;
  int sub = 5;
  int smooth_steps = 4000;
};
struct SkylinePoint {
  double x;
  double y;
};
// The sections * sub points, left to right. Precondition: sections >= 2, sub >= 1.
std::vector<SkylinePoint> section_skyline_points(uint32_t seed, const SectionParams& params = {});
// The same skyline sampled at `columns` evenly spaced x from 0 to width (linear between the
// points, held flat beyond the first and last). Precondition: columns >= 2.
std::vector<double> section_skyline(uint32_t seed, int columns, const SectionParams& params = {});

}  // namespace terrain
