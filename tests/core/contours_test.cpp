// Contours: the sketch's levels, its marching squares case by case (endpoints worked out by
// hand), the one-sweep form against the per-level form, and polylines joined through shared
// cell edges (a cone's contour is a circle; every segment is used once).
//
// Sections
//   1. Helpers
//   2. Levels
//   3. One square: the 16 cases, the saddles, the strict > rule
//   4. Whole grids: order, flat fields, bad input
//   5. Every level in one sweep
//   6. Polylines
#include "core/contours.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/island.h"
#include "core/sketch.h"

namespace terrain {
namespace {

// --- 1. Helpers --------------------------------------------------------------------------------

// A 2 x 2 field: one grid square with the given corners.
Heightfield square(float tl, float tr, float br, float bl) {
  return Heightfield(2, 2, std::vector<float>{tl, tr, bl, br});
}

std::vector<ContourSegment> segments_of(const Heightfield& field, double threshold) {
  std::vector<ContourSegment> out;
  append_contour_segments(field, threshold, out);
  return out;
}

// A segment as a comparable value, endpoints in order, with its level.
using SegmentKey = std::tuple<double, double, double, double, int>;
std::vector<SegmentKey> sorted_keys(const std::vector<ContourSegment>& segments) {
  std::vector<SegmentKey> keys;
  for (const ContourSegment& s : segments) keys.emplace_back(s.a.x, s.a.y, s.b.x, s.b.y, s.level);
  std::sort(keys.begin(), keys.end());
  return keys;
}

// The per-level form over every level, each tagged with its index: what the sweep must equal.
std::vector<ContourSegment> per_level(const Heightfield& field,
                                      const std::vector<ContourLevel>& levels) {
  std::vector<ContourSegment> out;
  for (std::size_t i = 0; i < levels.size(); i++) {
    const std::size_t from = out.size();
    append_contour_segments(field, levels[i].value, out);
    for (std::size_t j = from; j < out.size(); j++) out[j].level = static_cast<int>(i);
  }
  return out;
}

std::vector<ContourSegment> swept(const Heightfield& field,
                                  const std::vector<ContourLevel>& levels) {
  std::vector<ContourSegment> out;
  append_contour_segments(field, levels, out);
  return out;
}

// A small deterministic generator for test fields (xorshift32), values in [0, 1).
struct Noise {
  uint32_t state;
  float next() {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return static_cast<float>(state >> 8) / 16777216.0f;
  }
};

Heightfield noise_field(int width, int height, uint32_t seed) {
  Noise noise{seed};
  Heightfield field(width, height);
  for (std::size_t i = 0; i < field.size(); i++) field[i] = noise.next();
  return field;
}

// How many squares are saddles (case 5 or 10) at the threshold.
int saddle_count(const Heightfield& f, double t) {
  int count = 0;
  for (int y = 0; y + 1 < f.height(); y++) {
    for (int x = 0; x + 1 < f.width(); x++) {
      const int index = (f.at(x, y) > t ? 8 : 0) | (f.at(x + 1, y) > t ? 4 : 0) |
                        (f.at(x + 1, y + 1) > t ? 2 : 0) | (f.at(x, y + 1) > t ? 1 : 0);
      count += index == 5 || index == 10;
    }
  }
  return count;
}

// --- 2. Levels ---------------------------------------------------------------------------------

// Golden values from the sketch's expression in JavaScript's order; k = 3 and k = 6 differ in
// the last bit if (1 - sea_level) * (k / 11) were used instead.
TEST(ContourLevels, SketchDefaultsGiveCoastlineThenTenLevelsBitForBit) {
  const std::vector<ContourLevel> levels = contour_levels(0.25, 10);
  ASSERT_EQ(levels.size(), 11u);
  EXPECT_EQ(levels[0].value, 0.25);
  EXPECT_TRUE(levels[0].index);
  const double expected[10] = {0.3181818181818182, 0.38636363636363635, 0.4545454545454546,
                               0.5227272727272727, 0.5909090909090908,  0.6590909090909092,
                               0.7272727272727273, 0.7954545454545454,  0.8636363636363636,
                               0.9318181818181818};
  for (int k = 1; k <= 10; k++) {
    EXPECT_EQ(levels[k].value, expected[k - 1]) << "k = " << k;
    EXPECT_EQ(levels[k].index, k == 5 || k == 10) << "k = " << k;
  }
}

TEST(ContourLevels, NoCoastlineWhenSeaLevelIsZero) {
  const std::vector<ContourLevel> levels = contour_levels(0, 9);
  ASSERT_EQ(levels.size(), 9u);
  EXPECT_EQ(levels[0].value, 0.1);  // 0 + 1 * 1 / 10
  EXPECT_FALSE(levels[0].index);
  EXPECT_TRUE(levels[4].index);  // k = 5
  for (int i = 0; i < 9; i++) EXPECT_EQ(levels[i].index, i == 4) << "i = " << i;
}

TEST(ContourLevels, FewerThanIndexEveryLevelsHaveNoIndexLinesButTheCoastline) {
  const std::vector<ContourLevel> levels = contour_levels(0.3, sketch::INDEX_EVERY - 1);
  ASSERT_EQ(levels.size(), 5u);
  EXPECT_TRUE(levels[0].index);
  for (std::size_t i = 1; i < levels.size(); i++) EXPECT_FALSE(levels[i].index) << "i = " << i;
}

TEST(ContourLevels, ZeroCountGivesOnlyTheCoastline) {
  const std::vector<ContourLevel> levels = contour_levels(0.4, 0);
  ASSERT_EQ(levels.size(), 1u);
  EXPECT_EQ(levels[0].value, 0.4);
  EXPECT_TRUE(contour_levels(0, 0).empty());
}

TEST(ContourLevels, NegativeCountOrNonFiniteSeaLevelIsRejected) {
  EXPECT_THROW(contour_levels(0.25, -1), std::invalid_argument);
  EXPECT_THROW(contour_levels(std::nan(""), 10), std::invalid_argument);
  EXPECT_THROW(contour_levels(INFINITY, 10), std::invalid_argument);
}

// --- 3. One square -----------------------------------------------------------------------------

// Corner heights for the 16-case table, threshold 0.5: each corner has its own value above and
// below, chosen (multiples of 1/16) so that every edge crossing is a different simple fraction,
// none of them 1/2, and a swapped corner or edge would show.
//   top    (x, 0): tl high 9/16, tr low 1/4  -> (0.5 - 9/16) / (1/4 - 9/16)  = 1/5
//                  tl low 1/8,   tr high 5/8 -> (0.5 - 1/8) / (5/8 - 1/8)    = 3/4
//   right  (1, y): tr high 5/8,  br low 7/16 -> (0.5 - 5/8) / (7/16 - 5/8)   = 2/3
//                  tr low 1/4,   br high 7/8 -> (0.5 - 1/4) / (7/8 - 1/4)    = 2/5
//   bottom (x, 1): bl high 3/4,  br low 7/16 -> (0.5 - 3/4) / (7/16 - 3/4)   = 4/5
//                  bl low 5/16,  br high 7/8 -> (0.5 - 5/16) / (7/8 - 5/16)  = 1/3
//   left   (0, y): tl high 9/16, bl low 5/16 -> (0.5 - 9/16) / (5/16 - 9/16) = 1/4
//                  tl low 1/8,   bl high 3/4 -> (0.5 - 1/8) / (3/4 - 1/8)    = 3/5
constexpr float kHigh[4] = {0.5625f, 0.625f, 0.875f, 0.75f};  // tl, tr, br, bl
constexpr float kLow[4] = {0.125f, 0.25f, 0.4375f, 0.3125f};

struct Expected {
  double ax, ay, bx, by;
};

// Every case, by hand from the sketch's SEGMENTS ([from, to] gives the endpoint order).
// Saddle 5 here: centre (1/8 + 5/8 + 7/16 + 3/4) / 4 = 31/64 < 0.5, so not centre_high and
// (index === 5) !== centre_high: [top, right], [left, bottom].
// Saddle 10 here: centre (9/16 + 1/4 + 7/8 + 5/16) / 4 = 1/2 exactly, which is not > 0.5, so
// (index === 5) === centre_high (both false): [left, top], [bottom, right].
const std::vector<Expected> kCases[16] = {
    /* 0 */ {},
    /* 1  left->bottom */ {{0, 0.6, 0.8, 1}},
    /* 2  bottom->right */ {{1.0 / 3, 1, 1, 0.4}},
    /* 3  left->right */ {{0, 0.6, 1, 0.4}},
    /* 4  top->right */ {{0.75, 0, 1, 2.0 / 3}},
    /* 5  top->right, left->bottom */ {{0.75, 0, 1, 2.0 / 3}, {0, 0.6, 0.8, 1}},
    /* 6  top->bottom */ {{0.75, 0, 1.0 / 3, 1}},
    /* 7  left->top */ {{0, 0.6, 0.75, 0}},
    /* 8  left->top */ {{0, 0.25, 0.2, 0}},
    /* 9  top->bottom */ {{0.2, 0, 0.8, 1}},
    /* 10 left->top, bottom->right */ {{0, 0.25, 0.2, 0}, {1.0 / 3, 1, 1, 0.4}},
    /* 11 top->right */ {{0.2, 0, 1, 0.4}},
    /* 12 left->right */ {{0, 0.25, 1, 2.0 / 3}},
    /* 13 bottom->right */ {{0.8, 1, 1, 2.0 / 3}},
    /* 14 left->bottom */ {{0, 0.25, 1.0 / 3, 1}},
    /* 15 */ {},
};

void expect_segments(const std::vector<ContourSegment>& got, const std::vector<Expected>& want,
                     const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < want.size(); i++) {
    EXPECT_DOUBLE_EQ(got[i].a.x, want[i].ax) << what << ", segment " << i;
    EXPECT_DOUBLE_EQ(got[i].a.y, want[i].ay) << what << ", segment " << i;
    EXPECT_DOUBLE_EQ(got[i].b.x, want[i].bx) << what << ", segment " << i;
    EXPECT_DOUBLE_EQ(got[i].b.y, want[i].by) << what << ", segment " << i;
    EXPECT_EQ(got[i].level, 0) << what << ", segment " << i;
  }
}

TEST(MarchingSquares, EveryOneOfTheSixteenCasesGivesTheSketchSegments) {
  for (int index = 0; index < 16; index++) {
    const bool above[4] = {(index & 8) != 0, (index & 4) != 0, (index & 2) != 0, (index & 1) != 0};
    float corner[4];
    for (int c = 0; c < 4; c++) corner[c] = above[c] ? kHigh[c] : kLow[c];
    const Heightfield field = square(corner[0], corner[1], corner[2], corner[3]);
    const std::string what = "case " + std::to_string(index);
    expect_segments(segments_of(field, 0.5), kCases[index], what.c_str());
  }
}

// Case 5 (top right and bottom left above) with the centre above: the high corners join through
// the middle, so the low corners are cut off: [left, top], [bottom, right].
// tl 1/8, tr 1, br 7/16, bl 1: centre 41/64 > 0.5.
//   left (0.5 - 1/8) / (1 - 1/8) = 3/7; top the same; bottom and right (0.5 - 1) / (7/16 - 1) =
//   8/9.
TEST(MarchingSquares, SaddleFiveWithCentreAboveCutsOffTheLowCorners) {
  expect_segments(segments_of(square(0.125f, 1.0f, 0.4375f, 1.0f), 0.5),
                  {{0, 3.0 / 7, 3.0 / 7, 0}, {8.0 / 9, 1, 1, 8.0 / 9}}, "saddle 5, centre high");
}

// Case 10 (top left and bottom right above) with the centre above: [top, right], [left, bottom].
// tl 1, tr 1/4, br 1, bl 5/16: centre 41/64 > 0.5.
//   top (0.5 - 1) / (1/4 - 1) = 2/3, right (0.5 - 1/4) / (1 - 1/4) = 1/3,
//   left (0.5 - 1) / (5/16 - 1) = 8/11, bottom (0.5 - 5/16) / (1 - 5/16) = 3/11.
TEST(MarchingSquares, SaddleTenWithCentreAboveCutsOffTheLowCorners) {
  expect_segments(segments_of(square(1.0f, 0.25f, 1.0f, 0.3125f), 0.5),
                  {{2.0 / 3, 0, 1, 1.0 / 3}, {0, 8.0 / 11, 3.0 / 11, 1}}, "saddle 10, centre high");
}

// Case 10 with the centre strictly below (the table has it exactly at the threshold).
// tl 9/16, tr 1/8, br 9/16, bl 1/8: centre 11/32 < 0.5: [left, top], [bottom, right].
//   left (0.5 - 9/16) / (1/8 - 9/16) = 1/7, top the same, bottom and right
//   (0.5 - 1/8) / (9/16 - 1/8) = 6/7.
TEST(MarchingSquares, SaddleTenWithCentreBelowCutsOffTheHighCorners) {
  expect_segments(segments_of(square(0.5625f, 0.125f, 0.5625f, 0.125f), 0.5),
                  {{0, 1.0 / 7, 1.0 / 7, 0}, {6.0 / 7, 1, 1, 6.0 / 7}}, "saddle 10, centre low");
}

// A corner exactly at the threshold is not above it (the sketch's strict >).
TEST(MarchingSquares, CornerAtTheThresholdCountsAsBelow) {
  // Only tl, at the threshold: case 0, no line (>= would make it case 8).
  EXPECT_TRUE(segments_of(square(0.5f, 0, 0, 0), 0.5).empty());
  // tl at the threshold, tr above: case 4, top->right, the top crossing at tl itself:
  // top (0.5 - 0.5) / (1 - 0.5) = 0, right (0.5 - 1) / (0 - 1) = 1/2.
  expect_segments(segments_of(square(0.5f, 1.0f, 0, 0), 0.5), {{0, 0, 1, 0.5}}, "tl == t");
  // Every corner at the threshold: case 0, not 15, and no line either way.
  EXPECT_TRUE(segments_of(square(0.5f, 0.5f, 0.5f, 0.5f), 0.5).empty());
  // Three corners at the threshold and br above: case 2, bottom->right, both crossings at the
  // low end of their edges: bottom (0.5 - 0.5) / (1 - 0.5) = 0, right likewise.
  expect_segments(segments_of(square(0.5f, 0.5f, 1.0f, 0.5f), 0.5), {{0, 1, 1, 0}},
                  "br above, others == t");
}

// --- 4. Whole grids ----------------------------------------------------------------------------

TEST(MarchingSquares, FlatFieldGivesNoSegmentsAtAnyThreshold) {
  const Heightfield flat(30, 20, 0.375f);
  for (double t : {-1.0, 0.0, 0.375, 0.3749999, 0.5, 2.0}) {
    EXPECT_TRUE(segments_of(flat, t).empty()) << "threshold " << t;
  }
  std::vector<ContourSegment> out;
  append_contour_segments(flat, contour_levels(0.25, 10), out);
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(contour_polylines(flat, 0.375).empty());
}

// A 3 x 3 field with a peak in the middle: each of the four squares has one segment, in the
// sketch's order, rows then columns.
TEST(MarchingSquares, SegmentsComeRowByRowThenColumnByColumn) {
  Heightfield peak(3, 3, 0.0f);
  peak.at(1, 1) = 1.0f;
  const std::vector<ContourSegment> segments = segments_of(peak, 0.5);
  ASSERT_EQ(segments.size(), 4u);
  // Square (0, 0) has br above (case 2, bottom->right): (0.5, 1) -> (1, 0.5).
  const Expected expected[4] = {
      {0.5, 1, 1, 0.5},  // square (0, 0): case 2, bottom->right
      {1, 0.5, 1.5, 1},  // square (1, 0): case 1, left->bottom
      {0.5, 1, 1, 1.5},  // square (0, 1): case 4, top->right
      {1, 1.5, 1.5, 1},  // square (1, 1): case 8, left->top
  };
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(segments[i].a.x, expected[i].ax) << "segment " << i;
    EXPECT_EQ(segments[i].a.y, expected[i].ay) << "segment " << i;
    EXPECT_EQ(segments[i].b.x, expected[i].bx) << "segment " << i;
    EXPECT_EQ(segments[i].b.y, expected[i].by) << "segment " << i;
  }
}

TEST(MarchingSquares, AppendsAfterWhatIsAlreadyThere) {
  std::vector<ContourSegment> out{{{7, 7}, {8, 8}, 3}};
  append_contour_segments(square(1.0f, 0, 0, 0), 0.5, out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].level, 3);
  EXPECT_EQ(out[0].a.x, 7);
}

TEST(MarchingSquares, NaNThresholdIsRejectedAndChangesNothing) {
  std::vector<ContourSegment> out{{{7, 7}, {8, 8}, 3}};
  const Heightfield field = noise_field(10, 10, 7);
  EXPECT_THROW(append_contour_segments(field, std::nan(""), out), std::invalid_argument);
  const std::vector<ContourLevel> levels = {{0.5, false}, {std::nan(""), false}};
  EXPECT_THROW(append_contour_segments(field, levels, out), std::invalid_argument);
  EXPECT_EQ(out.size(), 1u);
  EXPECT_THROW(contour_polylines(field, std::nan("")), std::invalid_argument);
}

TEST(MarchingSquares, FieldsWithoutSquaresGiveNothing) {
  EXPECT_TRUE(segments_of(Heightfield(1, 5, 1.0f), 0.5).empty());
  EXPECT_TRUE(segments_of(Heightfield(), 0.5).empty());
  EXPECT_TRUE(contour_polylines(Heightfield(5, 1, 1.0f), 0.5).empty());
}

// --- 5. Every level in one sweep ---------------------------------------------------------------

TEST(ContourSweep, GivesTheSameSegmentsAsPerLevelOnTheIslandAtTheSketchLevels) {
  const Heightfield island = island_terrain(42);
  const std::vector<ContourLevel> levels = contour_levels(0.25, 10);
  const std::vector<ContourSegment> expected = per_level(island, levels);
  ASSERT_GT(expected.size(), 1000u);  // the island really is crossed by its contours
  EXPECT_EQ(sorted_keys(swept(island, levels)), sorted_keys(expected));
}

TEST(ContourSweep, HandlesUnsortedAndRepeatedLevels) {
  const Heightfield island = island_terrain(42);
  std::vector<ContourLevel> levels = contour_levels(0.25, 10);
  std::reverse(levels.begin(), levels.end());
  std::swap(levels[2], levels[7]);
  levels.push_back(levels[4]);              // the same level twice, under two indices
  levels.push_back({-INFINITY, false});     // below everything: never crossed
  levels.push_back({INFINITY, false});      // above everything: never crossed
  levels.push_back({island.max(), false});  // at the highest height: nothing is above it
  levels.push_back({island.min(), false});  // at the lowest height: crossed where it's reached
  const std::vector<ContourSegment> expected = per_level(island, levels);
  EXPECT_EQ(sorted_keys(swept(island, levels)), sorted_keys(expected));
}

// Heights and levels on the same multiples of 1/8, so corners sit exactly on levels: a level
// crosses a square exactly when some corner is > it and some corner is <= it.
TEST(ContourSweep, LevelsAtExactCornerHeightsFollowTheStrictRule) {
  Noise noise{12345};
  Heightfield field(40, 30);
  for (std::size_t i = 0; i < field.size(); i++) {
    field[i] = static_cast<float>(static_cast<int>(noise.next() * 9)) / 8;
  }
  std::vector<ContourLevel> levels;
  for (int k : {3, 8, 0, 5, 1, 7, 2, 6, 4}) levels.push_back({k / 8.0, false});
  const std::vector<ContourSegment> expected = per_level(field, levels);
  ASSERT_GT(expected.size(), 100u);
  EXPECT_EQ(sorted_keys(swept(field, levels)), sorted_keys(expected));
}

// The sweep finds a square's levels in float (heights are float32); levels that are doubles
// just above, just below or exactly at a float height, or outside float's range, must still
// follow the double comparison h > level exactly.
TEST(ContourSweep, LevelsBetweenFloatHeightsMatchThePerLevelForm) {
  Noise noise{777};
  const float steps[4] = {0.1f, 0.3f, 0.7f, 3.0e38f};
  Heightfield field(30, 20);
  for (std::size_t i = 0; i < field.size(); i++) {
    field[i] = steps[static_cast<int>(noise.next() * 4)];
  }
  field.at(5, 0) = INFINITY;
  // A square of -infinity and the lowest float: -1e300 lies between them, so it crosses there.
  const float lowest = -std::numeric_limits<float>::max();
  field.at(6, 0) = -INFINITY;
  field.at(7, 0) = lowest;
  field.at(6, 1) = lowest;
  field.at(7, 1) = lowest;
  std::vector<ContourLevel> levels;
  for (float f : {0.1f, 0.3f, 0.7f}) {
    const double exact = f;
    const double up = std::nextafter(exact, 1.0e9);
    const double down = std::nextafter(exact, -1.0e9);
    const double halfway = (exact + static_cast<double>(std::nextafter(f, 2.0f))) / 2;
    for (double level : {exact, up, down, halfway}) levels.push_back({level, false});
  }
  for (double level : {1.0e300, -1.0e300, 3.0e38, static_cast<double>(3.0e38f), 3.5e38}) {
    levels.push_back({level, false});
  }
  const std::vector<ContourSegment> expected = per_level(field, levels);
  const std::vector<ContourSegment> got = swept(field, levels);
  ASSERT_EQ(got.size(), expected.size());
  // Interpolating towards an infinite corner gives NaN endpoints, so compare per level counts
  // and, where the endpoints are numbers, the segments themselves.
  auto numbers = [](std::vector<ContourSegment> segments) {
    std::erase_if(segments, [](const ContourSegment& s) {
      return std::isnan(s.a.x + s.a.y + s.b.x + s.b.y);
    });
    return sorted_keys(segments);
  };
  EXPECT_EQ(numbers(got), numbers(expected));
  for (int level = 0; level < static_cast<int>(levels.size()); level++) {
    auto on_level = [&](const ContourSegment& s) { return s.level == level; };
    EXPECT_EQ(std::count_if(got.begin(), got.end(), on_level),
              std::count_if(expected.begin(), expected.end(), on_level))
        << "level " << level << " = " << levels[level].value;
  }
}

// More levels than one sweep sorts at once: the levels are swept in chunks, same segments.
TEST(ContourSweep, ManyLevelsGiveTheSameSegmentsAsPerLevel) {
  const Heightfield field = noise_field(30, 20, 99);
  std::vector<ContourLevel> levels;
  for (int k = 0; k < 150; k++) levels.push_back({std::fmod(k * 0.618034, 1.0), k % 5 == 0});
  const std::vector<ContourSegment> expected = per_level(field, levels);
  EXPECT_EQ(sorted_keys(swept(field, levels)), sorted_keys(expected));
}

// A NaN height is never > a level (as in the sketch), so it counts as below every level in both
// forms: the sweep must not lose the squares around it. (Their endpoints may be NaN, so the
// segments are counted per level rather than compared.)
TEST(ContourSweep, NaNHeightCountsAsBelowEveryLevelAsInThePerLevelForm) {
  Heightfield field = noise_field(12, 10, 5);
  field.at(4, 4) = std::nanf("");
  field.at(0, 9) = std::nanf("");
  const std::vector<ContourLevel> levels = {{0.2, false}, {0.5, false}, {0.8, false}};
  const std::vector<ContourSegment> expected = per_level(field, levels);
  const std::vector<ContourSegment> got = swept(field, levels);
  for (int level = 0; level < 3; level++) {
    auto on_level = [&](const ContourSegment& s) { return s.level == level; };
    EXPECT_EQ(std::count_if(got.begin(), got.end(), on_level),
              std::count_if(expected.begin(), expected.end(), on_level))
        << "level " << level;
  }
  EXPECT_GT(expected.size(), 0u);  // the comparison above is not of two empty lists
}

// --- 6. Polylines ------------------------------------------------------------------------------

// A cone, height 1 - distance / R from the centre of a 61 x 61 grid: at threshold t the contour
// is the circle of radius r = R * (1 - t), one closed loop. Linear interpolation of a distance
// along an edge overestimates it by at most max(d'') / 8 <= 1 / (8 * d) with d >= r - 1 near the
// crossing, so every point lies within [r - 1 / (8 (r - 2)), r] (plus float32 rounding of the
// heights); the polygon's perimeter is within a fraction of a percent of 2 pi r.
TEST(ContourPolylines, ConeGivesOneClosedCircleAtTheExpectedRadius) {
  const int size = 61;
  const double centre = 30, radius = 30;
  Heightfield cone(size, size);
  for (int y = 0; y < size; y++) {
    for (int x = 0; x < size; x++) {
      cone.at(x, y) = static_cast<float>(1 - std::hypot(x - centre, y - centre) / radius);
    }
  }
  for (double t : {0.5, 0.3, 0.77}) {
    const double r = radius * (1 - t);
    const std::vector<ContourPolyline> lines = contour_polylines(cone, t);
    ASSERT_EQ(lines.size(), 1u) << "t = " << t;
    const ContourPolyline& line = lines[0];
    ASSERT_GT(line.size(), 20u);
    EXPECT_EQ(line.front().x, line.back().x);
    EXPECT_EQ(line.front().y, line.back().y);
    const double slack = 1e-5;  // float32 heights: about 1e-7 of R
    double length = 0;
    for (std::size_t i = 0; i < line.size(); i++) {
      const double d = std::hypot(line[i].x - centre, line[i].y - centre);
      EXPECT_LE(d, r + slack) << "t = " << t << ", point " << i;
      EXPECT_GE(d, r - 1 / (8 * (r - 2)) - slack) << "t = " << t << ", point " << i;
      if (i > 0) length += std::hypot(line[i].x - line[i - 1].x, line[i].y - line[i - 1].y);
    }
    EXPECT_NEAR(length / (2 * std::numbers::pi * r), 1.0, 0.005) << "t = " << t;
  }
}

// An undirected segment, its endpoints in a fixed order, for matching polylines to segments.
using Link = std::tuple<double, double, double, double>;
Link link_of(Point p, Point q) {
  if (std::tie(q.x, q.y) < std::tie(p.x, p.y)) std::swap(p, q);
  return {p.x, p.y, q.x, q.y};
}

bool on_border(const Heightfield& f, Point p) {
  return p.x == 0 || p.y == 0 || p.x == f.width() - 1 || p.y == f.height() - 1;
}

// Every segment appears exactly once as two consecutive points of some polyline, every point
// is an edge crossing (on a grid line), closed lines end where they start, and open lines
// start and end on the border of the grid.
void expect_polylines_join_segments(const Heightfield& field, double threshold) {
  std::vector<Link> expected;
  for (const ContourSegment& s : segments_of(field, threshold)) {
    expected.push_back(link_of(s.a, s.b));
  }
  std::vector<Link> joined;
  for (const ContourPolyline& line : contour_polylines(field, threshold)) {
    ASSERT_GE(line.size(), 2u);
    for (std::size_t i = 0; i < line.size(); i++) {
      const Point p = line[i];
      EXPECT_TRUE(p.x == std::floor(p.x) || p.y == std::floor(p.y))
          << "not on a cell edge: (" << p.x << ", " << p.y << ")";
      if (i > 0) joined.push_back(link_of(line[i - 1], p));
    }
    const bool closed = line.front().x == line.back().x && line.front().y == line.back().y;
    if (closed) {
      EXPECT_GE(line.size(), 5u) << "a loop goes round at least one grid point";
    } else {
      EXPECT_TRUE(on_border(field, line.front()) && on_border(field, line.back()))
          << "an open line must run border to border";
    }
  }
  std::sort(expected.begin(), expected.end());
  std::sort(joined.begin(), joined.end());
  EXPECT_EQ(joined, expected) << "threshold " << threshold;
}

TEST(ContourPolylines, UseEverySegmentOnceThroughSharedEdgesOnTheIsland) {
  const Heightfield island = island_terrain(42);
  for (const ContourLevel& level : contour_levels(0.25, 10)) {
    expect_polylines_join_segments(island, level.value);
  }
}

// Noise has saddles everywhere: their two segments must each join the right neighbours.
TEST(ContourPolylines, UseEverySegmentOnceThroughSaddles) {
  const Heightfield field = noise_field(40, 30, 2024);
  for (double t : {0.3, 0.5, 0.71}) {
    ASSERT_GT(saddle_count(field, t), 20) << "the test needs saddles";
    expect_polylines_join_segments(field, t);
  }
}

// One saddle square on its own: two separate lines, each one segment from border to border,
// in the sketch's order and direction.
TEST(ContourPolylines, SaddleSquareGivesTwoSeparateLines) {
  const std::vector<ContourPolyline> lines =
      contour_polylines(square(0.125f, 1.0f, 0.4375f, 1.0f), 0.5);
  ASSERT_EQ(lines.size(), 2u);
  ASSERT_EQ(lines[0].size(), 2u);
  ASSERT_EQ(lines[1].size(), 2u);
  EXPECT_DOUBLE_EQ(lines[0][0].y, 3.0 / 7);  // left -> top
  EXPECT_DOUBLE_EQ(lines[0][1].x, 3.0 / 7);
  EXPECT_DOUBLE_EQ(lines[1][0].x, 8.0 / 9);  // bottom -> right
  EXPECT_DOUBLE_EQ(lines[1][1].y, 8.0 / 9);
}

// A ridge across the grid gives two open lines, each running from one side to the other
// through every square between.
TEST(ContourPolylines, OpenLinesRunFromBorderToBorder) {
  Heightfield ridge(8, 5, 0.0f);
  for (int x = 0; x < 8; x++) ridge.at(x, 2) = 1.0f;
  const std::vector<ContourPolyline> lines = contour_polylines(ridge, 0.5);
  ASSERT_EQ(lines.size(), 2u);
  for (const ContourPolyline& line : lines) {
    ASSERT_EQ(line.size(), 8u);  // 7 squares, 8 crossings
    EXPECT_EQ(std::min(line.front().x, line.back().x), 0);
    EXPECT_EQ(std::max(line.front().x, line.back().x), 7);
    for (const Point& p : line) EXPECT_TRUE(p.y == 1.5 || p.y == 2.5);
  }
  expect_polylines_join_segments(ridge, 0.5);
}

}  // namespace
}  // namespace terrain
