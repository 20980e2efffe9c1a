// Diamond-square ("Diamond Square", the Clojure walk-through) over one flat float32 grid, row
// by row.
//
// Map
//   checks           bad sizes and settings, each with the value and what is allowed
//   the passes       corners, then square step and diamond step per pass
//   the window       the top-left w x h of the grid, compacted in place, then normalised
//   public           diamond_square_grid, diamond_square
//
// The walk-through builds a vector of vectors and walks coordinate lists; its author notes it
// gets slow around 1025 x 1025. Here the grid is one std::vector<float> filled in place, each
// step visits its points row by row (so memory is read in order), and nothing is allocated per
// point.
#include "core/diamond_square.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/island.h"
#include "core/number_text.h"
#include "core/p5_random.h"

namespace terrain {
namespace {

// --- checks -------------------------------------------------------------------------------

void check_roughness(const char* who, double roughness) {
  // Written so that NaN fails too.
  if (!(roughness >= kRoughnessMin && roughness <= kRoughnessMax)) {
    throw std::invalid_argument(std::string(who) + ": roughness " + number_text(roughness) +
                                " is outside the allowed range " + number_text(kRoughnessMin) +
                                ".." + number_text(kRoughnessMax));
  }
}

void check_size(const char* who, const char* name, int size) {
  if (size < 2 || size > kDiamondSquareMaxSize) {
    throw std::invalid_argument(std::string(who) + ": " + name + " " + std::to_string(size) +
                                " is outside the allowed range 2.." +
                                std::to_string(kDiamondSquareMaxSize));
  }
}

// The smallest degree n >= 1 (the walk-through's grids start at 3 x 3) with 2^n + 1 >= size.
int degree_for(int size) {
  int degree = 1;
  while ((1 << degree) + 1 < size) ++degree;
  return degree;
}

// --- the passes ---------------------------------------------------------------------------

// Fills the side x side grid (side = 2^degree + 1), row-major, with the rules stated at
// diamond_square_grid in the header. Every point is written exactly once, so the grid
// need not be cleared first.
void fill_passes(float* grid, std::size_t side, double roughness, P5Random& random) {
  const std::size_t last = side - 1;
  // The corners, drawn like the first pass's offsets: uniform in +-1 around 0.
  grid[0] = static_cast<float>(random.range(-1, 1));
  grid[last] = static_cast<float>(random.range(-1, 1));
  grid[last * side] = static_cast<float>(random.range(-1, 1));
  grid[last * side + last] = static_cast<float>(random.range(-1, 1));

  // How far a new point may stray from the average of its neighbours: 1 on the first pass,
  // then times roughness each pass, so finer detail is smaller (rougher keeps more of it).
  double amplitude = 1;
  for (std::size_t step = last; step >= 2; step /= 2) {
    const std::size_t half = step / 2;

    // Square step: the centre of every step x step square, from its four corners.
    for (std::size_t y = half; y < side; y += step) {
      const float* up = grid + (y - half) * side;
      const float* down = grid + (y + half) * side;
      float* row = grid + y * side;
      for (std::size_t x = half; x < side; x += step) {
        double sum = up[x - half];
        sum += up[x + half];
        sum += down[x - half];
        sum += down[x + half];
        row[x] = static_cast<float>(sum / 4 + random.range(-amplitude, amplitude));
      }
    }

    // Diamond step: the middle of every square's side, from the (up to) four points at
    // distance half around it. On the border one of them is off the grid and, as the
    // walk-through's avg-points does, only the three inside are averaged.
    for (std::size_t y = 0; y < side; y += half) {
      // Rows through square centres start at the left edge; rows of corners start at half.
      const bool centre_row = (y / half) % 2 == 1;
      const float* up = y >= half ? grid + (y - half) * side : nullptr;
      const float* down = y + half < side ? grid + (y + half) * side : nullptr;
      float* row = grid + y * side;
      for (std::size_t x = centre_row ? 0 : half; x < side; x += step) {
        double sum = 0;
        int count = 0;
        if (x >= half) {
          sum += row[x - half];
          ++count;
        }
        if (x + half < side) {
          sum += row[x + half];
          ++count;
        }
        if (up != nullptr) {
          sum += up[x];
          ++count;
        }
        if (down != nullptr) {
          sum += down[x];
          ++count;
        }
        row[x] = static_cast<float>(sum / count + random.range(-amplitude, amplitude));
      }
    }

    amplitude *= roughness;
  }
}

// --- the window ---------------------------------------------------------------------------

// Keeps the top-left width x height window of the side x side grid in `values`, moved to
// the front in place (row y moves to y * width, never past where it was), and shrinks it.
void keep_top_left(std::vector<float>& values, std::size_t side, std::size_t width,
                   std::size_t height) {
  if (width == side && height == side) return;
  // Row 0 is already in place. For later rows the destination starts before the source,
  // which is what std::copy allows for overlapping ranges.
  for (std::size_t y = 1; y < height; ++y) {
    const float* from = values.data() + y * side;
    std::copy(from, from + width, values.data() + y * width);
  }
  values.resize(width * height);
  values.shrink_to_fit();
}

// Stretches `values` to 0..1 in place, by exactly the rule of Heightfield::normalized (so
// the lowest becomes exactly 0 and the highest exactly 1) without a second buffer. Plain
// loops with no branch inside, so the compiler can vectorise both passes.
void normalise_in_place(std::vector<float>& values) {
  float low = values[0];
  float high = values[0];
  for (const float v : values) {
    low = v < low ? v : low;
    high = v > high ? v : high;
  }
  const double range = static_cast<double>(high) - static_cast<double>(low);
  if (!(range > 0)) {
    std::fill(values.begin(), values.end(), 0.0f);  // flat: all zeros, as normalized()
    return;
  }
  const double offset = low;
  for (float& v : values) v = static_cast<float>((static_cast<double>(v) - offset) / range);
}

std::vector<float> grid_values(uint32_t seed, int degree, double roughness) {
  const std::size_t side = (std::size_t{1} << degree) + 1;
  std::vector<float> values(side * side);
  P5Random random(seed);
  fill_passes(values.data(), side, roughness, random);
  return values;
}

}  // namespace

// --- public -------------------------------------------------------------------------------

Heightfield diamond_square_grid(uint32_t seed, int degree, double roughness) {
  if (degree < 1 || degree > kDiamondSquareMaxDegree) {
    throw std::invalid_argument("diamond_square_grid: degree " + std::to_string(degree) +
                                " is outside the allowed range 1.." +
                                std::to_string(kDiamondSquareMaxDegree));
  }
  check_roughness("diamond_square_grid", roughness);
  const int side = (1 << degree) + 1;
  return Heightfield(side, side, grid_values(seed, degree, roughness));
}

Heightfield diamond_square(uint32_t seed, int width, int height,
                           const DiamondSquareParams& params) {
  check_size("diamond_square", "width", width);
  check_size("diamond_square", "height", height);
  check_roughness("diamond_square", params.roughness);
  if (!(params.island >= 0 && params.island <= 1)) {
    throw std::invalid_argument("diamond_square: island " + number_text(params.island) +
                                " is outside the allowed range 0..1");
  }

  const int degree = degree_for(std::max(width, height));
  std::vector<float> values = grid_values(seed, degree, params.roughness);
  keep_top_left(values, (std::size_t{1} << degree) + 1, static_cast<std::size_t>(width),
                static_cast<std::size_t>(height));
  normalise_in_place(values);
  Heightfield heights(width, height, std::move(values));
  // The island blend works on 0..1 heights, like the sketch's noise, and normalises again.
  if (params.island > 0) return with_island_falloff(heights, params.island);
  return heights;
}

}  // namespace terrain
