// Diamond-square ("Diamond Square", the Clojure walk-through): the rules point by point on the
// raw grid, then what callers see (sizes, 0..1, determinism, roughness, the top-left crop, the
// island, bad input).
//
// Map
//   reference           the walk-through's coordinate patterns and avg-points, written plainly
//   the raw grid        golden checks of corners, square and diamond steps, amplitudes
//   diamond_square      sizes, range, seeds, roughness, crop, island
//   bad input           each bad value throws and names itself and the allowed range
#include "core/diamond_square.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/island.h"
#include "core/p5_random.h"
#include "core/sketch.h"
#include "test_support.h"

namespace terrain {
namespace {

using testing::invalid_argument_message;

// --- reference ----------------------------------------------------------------------------

// The walk-through's algorithm as its Clojure states it, with a vector of vectors and
// coordinate lists (grid-square-coords, grid-diamond-coords, avg-points), but with the random
// offsets and corners of our header instead of its integer error. Slow and plain on purpose: the
// fast row-by-row version must agree with it bit for bit.
using Grid = std::vector<std::vector<float>>;  // m[y][x], as the walk-through's get-m

std::vector<std::pair<int, int>> square_coords(int degree, int pass) {
  const int start = 1 << (degree - pass);
  const int interval = 2 * start;
  std::vector<std::pair<int, int>> coords;
  for (int j = 0; j < (1 << (pass - 1)); j++) {
    for (int i = 0; i < (1 << (pass - 1)); i++) {
      coords.push_back({start + interval * i, start + interval * j});  // (x, y), y outer
    }
  }
  return coords;
}

std::vector<std::pair<int, int>> diamond_coords(int degree, int pass) {
  const int interval = 1 << (degree - pass);
  const int count = (1 << pass) + 1;
  std::vector<std::pair<int, int>> coords;
  for (int j = 0; j < count; j++) {
    const int y = j * interval;
    // Even rows take every other coordinate from the second one, odd rows from the first.
    for (int i = (j % 2 == 0) ? 1 : 0; i < count; i += 2) coords.push_back({i * interval, y});
  }
  return coords;
}

double avg_points(const Grid& m, const std::vector<std::pair<int, int>>& points) {
  const int size = static_cast<int>(m.size());
  double sum = 0;
  int count = 0;
  for (const auto& [x, y] : points) {
    if (x > -1 && x < size && y > -1 && y < size) {
      sum += m[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      count++;
    }
  }
  return sum / count;
}

Grid reference_grid(uint32_t seed, int degree, double roughness) {
  const int size = (1 << degree) + 1;
  const auto usize = static_cast<std::size_t>(size);
  Grid m(usize, std::vector<float>(usize, 0.0f));
  P5Random random(seed);
  m[0][0] = static_cast<float>(random.range(-1, 1));
  m[0][usize - 1] = static_cast<float>(random.range(-1, 1));
  m[usize - 1][0] = static_cast<float>(random.range(-1, 1));
  m[usize - 1][usize - 1] = static_cast<float>(random.range(-1, 1));
  double amplitude = 1;
  for (int pass = 1; pass <= degree; pass++) {
    const int d = 1 << (degree - pass);
    for (const auto& [x, y] : square_coords(degree, pass)) {
      const double v =
          avg_points(m, {{x - d, y - d}, {x + d, y - d}, {x - d, y + d}, {x + d, y + d}});
      m[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] =
          static_cast<float>(v + random.range(-amplitude, amplitude));
    }
    for (const auto& [x, y] : diamond_coords(degree, pass)) {
      const double v = avg_points(m, {{x - d, y}, {x + d, y}, {x, y - d}, {x, y + d}});
      m[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] =
          static_cast<float>(v + random.range(-amplitude, amplitude));
    }
    amplitude *= roughness;
  }
  return m;
}

bool same_bits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

std::size_t bit_differences(const Heightfield& a, const Heightfield& b) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < a.size(); i++) count += !same_bits(a[i], b[i]);
  return count;
}

// Mean |difference| between each cell and its right and lower neighbours: how rough.
double mean_neighbour_difference(const Heightfield& f) {
  double sum = 0;
  std::size_t count = 0;
  for (int y = 0; y < f.height(); y++) {
    for (int x = 0; x < f.width(); x++) {
      if (x + 1 < f.width()) {
        sum += std::fabs(f.at(x + 1, y) - f.at(x, y));
        count++;
      }
      if (y + 1 < f.height()) {
        sum += std::fabs(f.at(x, y + 1) - f.at(x, y));
        count++;
      }
    }
  }
  return sum / static_cast<double>(count);
}

// --- the raw grid -------------------------------------------------------------------------

TEST(DiamondSquareGrid, MatchesTheWalkThroughsCoordinatePatternsBitForBit) {
  for (int degree = 1; degree <= 6; degree++) {
    for (double roughness : {0.3, 0.55, 0.9}) {
      for (uint32_t seed : {0u, 42u, 4294967295u}) {
        const Heightfield grid = diamond_square_grid(seed, degree, roughness);
        const Grid expected = reference_grid(seed, degree, roughness);
        ASSERT_EQ(grid.width(), (1 << degree) + 1);
        ASSERT_EQ(grid.height(), (1 << degree) + 1);
        std::size_t differences = 0;
        for (int y = 0; y < grid.height(); y++) {
          for (int x = 0; x < grid.width(); x++) {
            differences += !same_bits(
                grid.at(x, y), expected[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)]);
          }
        }
        EXPECT_EQ(differences, 0u)
            << "degree " << degree << " roughness " << roughness << " seed " << seed;
      }
    }
  }
}

// The 3 x 3 grid worked by hand: four corners, one square centre, four edge diamonds that
// each average the three neighbours inside the grid.
TEST(DiamondSquareGrid, ThreeByThreeFollowsTheRulesByHand) {
  const uint32_t seed = 7;
  const Heightfield g = diamond_square_grid(seed, 1, 0.55);
  P5Random r(seed);
  // Corners: the first four draws, in +-1, top-left, top-right, bottom-left, bottom-right.
  const float tl = static_cast<float>(r.range(-1, 1));
  const float tr = static_cast<float>(r.range(-1, 1));
  const float bl = static_cast<float>(r.range(-1, 1));
  const float br = static_cast<float>(r.range(-1, 1));
  EXPECT_EQ(g.at(0, 0), tl);
  EXPECT_EQ(g.at(2, 0), tr);
  EXPECT_EQ(g.at(0, 2), bl);
  EXPECT_EQ(g.at(2, 2), br);
  // Square step: the average of the corners plus the fifth draw, in +-1.
  const double corner_average = (static_cast<double>(tl) + tr + bl + br) / 4;
  const double centre_offset = r.range(-1, 1);
  EXPECT_EQ(g.at(1, 1), static_cast<float>(corner_average + centre_offset));
  EXPECT_LE(std::fabs(g.at(1, 1) - corner_average), 1.0 + 1e-6);
  // Diamond step, in row-major order: top, left, right, bottom; each edge point has three
  // neighbours inside the grid and averages just those.
  const double c = g.at(1, 1);
  const float top = static_cast<float>((static_cast<double>(tl) + tr + c) / 3 + r.range(-1, 1));
  const float left = static_cast<float>((static_cast<double>(tl) + c + bl) / 3 + r.range(-1, 1));
  const float right = static_cast<float>((static_cast<double>(tr) + c + br) / 3 + r.range(-1, 1));
  const float bottom = static_cast<float>((static_cast<double>(bl) + br + c) / 3 + r.range(-1, 1));
  EXPECT_EQ(g.at(1, 0), top);
  EXPECT_EQ(g.at(0, 1), left);
  EXPECT_EQ(g.at(2, 1), right);
  EXPECT_EQ(g.at(1, 2), bottom);
}

// On 5 x 5, the second pass's offsets are in +-roughness, and the interior diamond at the
// centre of the grid averages all four of its neighbours.
TEST(DiamondSquareGrid, SecondPassUsesAmplitudeTimesRoughnessAndFourNeighboursInside) {
  const uint32_t seed = 99;
  const double roughness = 0.3;
  const Heightfield g = diamond_square_grid(seed, 2, roughness);
  P5Random r(seed);
  for (int i = 0; i < 9; i++) r.next();  // pass 1: 4 corners, 1 square centre, 4 diamonds
  // Second pass, square step: (1,1), (3,1), (1,3), (3,3).
  const int centres[4][2] = {{1, 1}, {3, 1}, {1, 3}, {3, 3}};
  for (const auto& p : centres) {
    const int x = p[0];
    const int y = p[1];
    const double average = (static_cast<double>(g.at(x - 1, y - 1)) + g.at(x + 1, y - 1) +
                            g.at(x - 1, y + 1) + g.at(x + 1, y + 1)) /
                           4;
    EXPECT_EQ(g.at(x, y), static_cast<float>(average + r.range(-roughness, roughness)))
        << x << "," << y;
    EXPECT_LE(std::fabs(g.at(x, y) - average), roughness + 1e-6);
  }
  // Second pass, diamond step: the interior diamonds (2,1), (1,2), (3,2), (2,3) have all
  // four neighbours inside the grid.
  const auto four = [&](int x, int y) {
    return (static_cast<double>(g.at(x - 1, y)) + g.at(x + 1, y) + g.at(x, y - 1) +
            g.at(x, y + 1)) /
           4;
  };
  for (const auto& p : {std::pair{2, 1}, std::pair{1, 2}, std::pair{3, 2}, std::pair{2, 3}}) {
    EXPECT_LE(std::fabs(g.at(p.first, p.second) - four(p.first, p.second)), roughness + 1e-6);
  }
  // The exact value of (2,1): the diamond step goes row by row, (1,0) (3,0) then (0,1), so
  // (2,1) takes its fourth draw.
  for (int i = 0; i < 3; i++) r.next();
  EXPECT_EQ(g.at(2, 1), static_cast<float>(four(2, 1) + r.range(-roughness, roughness)));
}

// Every point of every pass lies within that pass's amplitude of its neighbours' average.
TEST(DiamondSquareGrid, EveryOffsetStaysWithinItsPassAmplitude) {
  const int degree = 7;
  const int size = (1 << degree) + 1;
  const double roughness = 0.4;
  const Heightfield g = diamond_square_grid(3, degree, roughness);
  double amplitude = 1;
  for (int step = size - 1; step >= 2; step /= 2, amplitude *= roughness) {
    const int half = step / 2;
    for (int y = half; y < size; y += step) {
      for (int x = half; x < size; x += step) {
        const double average =
            (static_cast<double>(g.at(x - half, y - half)) + g.at(x + half, y - half) +
             g.at(x - half, y + half) + g.at(x + half, y + half)) /
            4;
        ASSERT_LE(std::fabs(g.at(x, y) - average), amplitude * (1 + 1e-6)) << x << "," << y;
      }
    }
  }
}

// --- diamond_square -----------------------------------------------------------------------

TEST(DiamondSquare, OutputHasTheRequestedSize) {
  const std::pair<int, int> sizes[] = {{257, 257}, {320, 180}, {5, 3},   {2, 2},
                                       {3, 2},     {1000, 7},  {7, 1000}};
  for (const auto& [w, h] : sizes) {
    const Heightfield f = diamond_square(1, w, h);
    EXPECT_EQ(f.width(), w);
    EXPECT_EQ(f.height(), h);
    EXPECT_EQ(f.size(), static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  }
}

TEST(DiamondSquare, ValuesSpanExactlyZeroToOne) {
  const std::pair<int, int> sizes[] = {{257, 257}, {320, 180}, {5, 3}, {2, 2}};
  for (const auto& [w, h] : sizes) {
    for (uint32_t seed : {1u, 2u, 3u}) {
      const Heightfield f = diamond_square(seed, w, h);
      EXPECT_EQ(f.min(), 0.0f) << w << "x" << h;
      EXPECT_EQ(f.max(), 1.0f) << w << "x" << h;
      for (float v : f.values()) ASSERT_TRUE(v >= 0.0f && v <= 1.0f);
    }
  }
}

TEST(DiamondSquare, SameSeedGivesIdenticalBytes) {
  const Heightfield a = diamond_square(12345, 320, 180, {0.7, 0.2});
  const Heightfield b = diamond_square(12345, 320, 180, {0.7, 0.2});
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)), 0);
}

TEST(DiamondSquare, OtherSeedsGiveOtherTerrain) {
  const Heightfield a = diamond_square(1, 129, 129);
  for (uint32_t seed : {2u, 3u, 1000u, 4294967295u}) {
    const Heightfield b = diamond_square(seed, 129, 129);
    // Not just different somewhere: different almost everywhere.
    EXPECT_GT(bit_differences(a, b), a.size() * 9 / 10) << "seed " << seed;
  }
}

TEST(DiamondSquare, RoughnessChangesTheTerrain) {
  const Heightfield a = diamond_square(5, 200, 200, {0.5, 0});
  const Heightfield b = diamond_square(5, 200, 200, {0.6, 0});
  EXPECT_GT(bit_differences(a, b), a.size() / 2);
}

TEST(DiamondSquare, RougherSettingGivesRougherTerrain) {
  for (uint32_t seed = 1; seed <= 6; seed++) {
    double previous = 0;
    for (double roughness : {0.3, 0.45, 0.55, 0.7, 0.9}) {
      const double r = mean_neighbour_difference(diamond_square(seed, 257, 257, {roughness, 0}));
      EXPECT_GT(r, previous) << "seed " << seed << " roughness " << roughness;
      previous = r;
    }
  }
}

// Any size is the top-left window of the smallest 2^n + 1 grid that holds it, normalised.
TEST(DiamondSquare, AnySizeIsTheTopLeftOfTheFullGridNormalised) {
  const uint32_t seed = 2024;
  // 200 x 100 and 257 x 257 both need the 257 grid (degree 8); 320 x 180 needs 513 (degree 9).
  // Both take the default roughness, one from DiamondSquareParams, one from the grid's default
  // argument: the two defaults are the same.
  const Heightfield grid8 = diamond_square_grid(seed, 8, kRoughnessDefault);
  EXPECT_EQ(
      bit_differences(diamond_square(seed, 200, 100), grid8.cropped(0, 0, 200, 100).normalized()),
      0u);
  EXPECT_EQ(bit_differences(diamond_square(seed, 257, 257), grid8.normalized()), 0u);
  const Heightfield grid9 = diamond_square_grid(seed, 9);
  EXPECT_EQ(
      bit_differences(diamond_square(seed, 320, 180), grid9.cropped(0, 0, 320, 180).normalized()),
      0u);
  // Through the public function only: the full field cropped and stretched again is the
  // small field, up to float rounding of normalising twice.
  const Heightfield small = diamond_square(seed, 200, 100);
  const Heightfield again = diamond_square(seed, 257, 257).cropped(0, 0, 200, 100).normalized();
  for (std::size_t i = 0; i < small.size(); i++) ASSERT_NEAR(small[i], again[i], 1e-6) << i;
}

TEST(DiamondSquare, IslandBlendsTheSketchFalloffAndNormalises) {
  for (uint32_t seed : {1u, 2u, 3u}) {
    const Heightfield plain = diamond_square(seed, 160, 90, {kRoughnessDefault, 0});
    const Heightfield island = diamond_square(seed, 160, 90, {kRoughnessDefault, sketch::ISLAND});
    EXPECT_EQ(bit_differences(island, with_island_falloff(plain, sketch::ISLAND)), 0u);
    EXPECT_GT(bit_differences(island, plain), plain.size() / 2);
    EXPECT_EQ(island.min(), 0.0f);
    EXPECT_EQ(island.max(), 1.0f);
  }
  // With the whole weight on the falloff the field is the cone: highest in the middle,
  // zero at the corners.
  const Heightfield cone = diamond_square(4, 101, 101, {0.55, 1});
  EXPECT_EQ(cone.at(50, 50), 1.0f);
  EXPECT_EQ(cone.at(0, 0), 0.0f);
  EXPECT_EQ(cone.at(100, 100), 0.0f);
}

// --- bad input ----------------------------------------------------------------------------

TEST(DiamondSquare, RoughnessOutsideItsRangeThrowsNamingValueAndRange) {
  for (double roughness : {0.29, 0.91, -1.0, 2.0}) {
    const std::string message = invalid_argument_message([&] {
      diamond_square(1, 33, 33, {roughness, 0});
    });
    EXPECT_NE(message.find("roughness"), std::string::npos) << message;
    EXPECT_NE(message.find("0.3..0.9"), std::string::npos) << message;
  }
  EXPECT_NE(invalid_argument_message([] {
              diamond_square(1, 33, 33, {0.29, 0});
            }).find("0.29"),
            std::string::npos);
  invalid_argument_message([] {
    diamond_square(1, 33, 33, {std::numeric_limits<double>::quiet_NaN(), 0});
  });
  invalid_argument_message([] { diamond_square_grid(1, 3, 0.95); });
  // The ends of the range are allowed.
  EXPECT_NO_THROW(diamond_square(1, 33, 33, {0.3, 0}));
  EXPECT_NO_THROW(diamond_square(1, 33, 33, {0.9, 0}));
}

TEST(DiamondSquare, SizesOutsideTheirRangeThrowNamingValueAndRange) {
  for (int bad : {1, 0, -5, kDiamondSquareMaxSize + 1}) {
    const std::string w = invalid_argument_message([&] { diamond_square(1, bad, 10); });
    EXPECT_NE(w.find("width " + std::to_string(bad)), std::string::npos) << w;
    EXPECT_NE(w.find("2.." + std::to_string(kDiamondSquareMaxSize)), std::string::npos) << w;
    const std::string h = invalid_argument_message([&] { diamond_square(1, 10, bad); });
    EXPECT_NE(h.find("height " + std::to_string(bad)), std::string::npos) << h;
  }
  for (int degree : {0, -1, kDiamondSquareMaxDegree + 1}) {
    const std::string m = invalid_argument_message([&] { diamond_square_grid(1, degree); });
    EXPECT_NE(m.find("degree " + std::to_string(degree)), std::string::npos) << m;
  }
}

TEST(DiamondSquare, IslandOutsideZeroToOneThrows) {
  for (double island : {-0.1, 1.5, std::numeric_limits<double>::quiet_NaN()}) {
    const std::string m = invalid_argument_message([&] {
      diamond_square(1, 9, 9, {0.55, island});
    });
    EXPECT_NE(m.find("island"), std::string::npos) << m;
    EXPECT_NE(m.find("0..1"), std::string::npos) << m;
  }
}

}  // namespace
}  // namespace terrain
