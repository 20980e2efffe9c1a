// The sketch's drawRivers() path building: which path each piece goes into, the stub at a
// source, the curve through the next cell, ghosts.
#include "render/geometry/river_paths.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "core/sketch.h"
#include "render/geometry/map_inputs.h"

namespace terrain::render {
namespace {

// A 6 x 3 grid with one river along the middle row, cells 6..11, draining right.
struct Line : RiverPicture {
  static constexpr int kCols = 6;
  Line() {
    assign(18);
    std::fill(downstream.begin(), downstream.end(), -1);
    std::fill(shown.begin(), shown.end(), 1.0f);
    std::fill(fade_in.begin(), fade_in.end(), 1.0f);
    for (int i = 6; i < 11; i++) downstream[static_cast<std::size_t>(i)] = i + 1;
  }
  const RiverPicture& view() const { return *this; }
};

const Frame kUnit{0, 0, 10, 10};  // grid point (x, y) at (10x, 10y)

int non_empty_paths(const RiverPaths& paths) {
  int n = 0;
  for (int k = 0; k < RiverPaths::kPathCount; k++) n += !paths.path(k).empty();
  return n;
}

TEST(RiverPaths, CellsBelowRiverStartDrawNothing) {
  Line line;
  for (int i = 6; i < 12; i++) line.shown[static_cast<std::size_t>(i)] = 249;
  RiverPaths paths;
  paths.build(line.view(), Line::kCols, kUnit);
  EXPECT_EQ(non_empty_paths(paths), 0);
}

TEST(RiverPaths, PiecesGoToTheirSizeAndFadeLevel) {
  Line line;
  // 300 of 250: size floor(log2(1.2)) = 0, level ceil(0.2 * 8) - 1 = 1.
  line.shown[6] = 300;
  // 2000: size 3, level 7 (min(1, 7) * 8 - 1); 1e6: size capped at 5.
  line.shown[8] = 2000;
  line.shown[9] = 1e6f;
  RiverPaths paths;
  paths.build(line.view(), Line::kCols, kUnit);
  EXPECT_FALSE(paths.path(0 * 8 + 1).empty());
  EXPECT_FALSE(paths.path(3 * 8 + 7).empty());
  EXPECT_FALSE(paths.path(5 * 8 + 7).empty());
  EXPECT_EQ(non_empty_paths(paths), 3);
}

TEST(RiverPaths, ASourceGetsAStubFromItsCentreAndAFedCellDoesNot) {
  Line line;
  line.shown[6] = 1000;  // a source: nothing above 250 runs into it
  line.shown[7] = 1000;  // fed by cell 6
  RiverPaths paths;
  paths.build(line.view(), Line::kCols, kUnit);
  const auto segments = paths.path(2 * 8 + 7).segments();
  ASSERT_FALSE(segments.empty());
  // The stub: from cell 6's centre (0, 10) to the middle of the step (5, 10).
  EXPECT_EQ(segments[0].x0, 0);
  EXPECT_EQ(segments[0].y0, 10);
  EXPECT_EQ(segments[0].x1, 5);
  // Straight curves flatten to one segment each: stub, piece 6 (5..15), piece 7 (15..25).
  ASSERT_EQ(segments.size(), 3u);
  EXPECT_EQ(segments[1].x0, 5);
  EXPECT_EQ(segments[1].x1, 15);
  EXPECT_EQ(segments[2].x0, 15);
  EXPECT_EQ(segments[2].x1, 25);
}

TEST(RiverPaths, ThePieceIntoAnOutletEndsAtItsCentre) {
  Line line;
  line.shown[10] = 1000;  // drains into cell 11, which drains nowhere
  RiverPaths paths;
  paths.build(line.view(), Line::kCols, kUnit);
  const auto segments = paths.path(2 * 8 + 7).segments();
  ASSERT_FALSE(segments.empty());
  EXPECT_EQ(segments.back().x1, 50);  // cell 11's centre, not a middle
}

TEST(RiverPaths, ACornerIsACurveThroughTheCellBetween) {
  Line line;
  line.downstream[8] = 15;  // cell 8 (2, 1) drains down to (3, 2)... via a diagonal
  line.downstream[7] = 8;
  line.shown[7] = 1000;
  line.fade_in[7] = 1;
  RiverPaths paths;
  paths.build(line.view(), Line::kCols, kUnit);
  // Piece 7 runs from middle(7, 8) = (15, 10) to middle(8, 15) = (25, 15), bending at (20, 10).
  const auto segments = paths.path(2 * 8 + 7).segments();
  ASSERT_GT(segments.size(), 2u);  // stub + a flattened curve
  EXPECT_EQ(segments[1].x0, 15);
  EXPECT_EQ(segments.back().x1, 25);
  EXPECT_EQ(segments.back().y1, 15);
  // The curve stays on the outside of the chord, towards its control point (20, 10).
  for (std::size_t k = 1; k < segments.size(); k++)
    EXPECT_LE(segments[k].y0, 10 + 5 * (segments[k].x0 - 15) / 10 + 1e-4);
}

TEST(RiverPaths, GhostsAreDrawnOnlyWhileTheirFadeIsAboveTwoPercent) {
  Line line;
  line.ghost_to[6] = 1;
  line.ghost_after[6] = -1;
  line.ghost_water[6] = 1000;
  line.ghost_fade[6] = 0.02f;
  RiverPaths paths;
  paths.build(line.view(), Line::kCols, kUnit);
  EXPECT_EQ(non_empty_paths(paths), 0);
  line.ghost_fade[6] = 0.5f;  // level ceil(0.5 * 1 * 8) - 1 = 3, size 2
  paths.build(line.view(), Line::kCols, kUnit);
  EXPECT_FALSE(paths.path(2 * 8 + 3).empty());
  EXPECT_EQ(non_empty_paths(paths), 1);
}

TEST(RiverPaths, WidthAndAlphaAreTheSketchs) {
  EXPECT_DOUBLE_EQ(RiverPaths::width(0, 1), 0.7);
  EXPECT_DOUBLE_EQ(RiverPaths::width(5, 5), (0.7 + 2.5) * 2);
  EXPECT_DOUBLE_EQ(RiverPaths::alpha(0), 1.0 / 8);
  EXPECT_DOUBLE_EQ(RiverPaths::alpha(15), 1.0);
}

// The "Drainage" API documentation's minFlow takes RIVER_START's place in every rule.
TEST(RiverPaths, TheMinimumFlowTakesRiverStartsPlace) {
  Line line;
  line.shown[6] = 300;  // of 100: size floor(log2(3)) = 1, level 7
  line.shown[8] = 120;  // size 0, level ceil(0.2 * 8) - 1 = 1
  line.shown[9] = 99;   // under the minimum: nothing
  RiverPaths paths;
  RiverStyle style;
  style.min_flow = 100;
  paths.build(line.view(), Line::kCols, kUnit, style);
  EXPECT_FALSE(paths.path(1 * 8 + 7).empty());
  EXPECT_FALSE(paths.path(0 * 8 + 1).empty());
  EXPECT_EQ(non_empty_paths(paths), 2);
  // The sketch's 250 is the default: the same picture as without a style.
  RiverPaths sketch_paths;
  RiverPaths default_paths;
  sketch_paths.build(line.view(), Line::kCols, kUnit);
  default_paths.build(line.view(), Line::kCols, kUnit, RiverStyle{});
  for (int k = 0; k < RiverPaths::kPathCount; k++) {
    EXPECT_EQ(sketch_paths.path(k).segments().size(), default_paths.path(k).segments().size());
  }
  EXPECT_EQ(non_empty_paths(sketch_paths), 1);  // 300 only
}

TEST(RiverPaths, ByOrderAPieceGoesToItsCellsOrder) {
  Line line;
  for (int i = 6; i < 12; i++) line.shown[static_cast<std::size_t>(i)] = 5000;  // level 7
  std::vector<uint8_t> strahler(18, 0);
  strahler[6] = 1;
  strahler[7] = 3;
  strahler[8] = 3;
  strahler[9] = 20;  // above kMaxOrder: the last order's path
  strahler[10] = 0;  // no order (the network moved): counts as 1
  RiverPaths paths;
  RiverStyle style;
  style.by = RiversBy::order;
  style.strahler = strahler;
  paths.build(line.view(), Line::kCols, kUnit, style);
  EXPECT_FALSE(paths.path(0 * 8 + 7).empty());
  EXPECT_FALSE(paths.path(2 * 8 + 7).empty());
  EXPECT_FALSE(paths.path((RiverPaths::kMaxOrder - 1) * 8 + 7).empty());
  EXPECT_EQ(non_empty_paths(paths), 3);
  // Widths: the documentation's 0.7 + 0.9 * order, scaled as the sketch scales.
  EXPECT_DOUBLE_EQ(paths.stroke_width(0 * 8 + 7, 1), 0.7 + 0.9);
  EXPECT_DOUBLE_EQ(paths.stroke_width(2 * 8 + 3, 5), (0.7 + 0.9 * 3) * 2);
  EXPECT_DOUBLE_EQ(RiverPaths::order_width(4, 2.5), 0.7 + 3.6);
  // By flow again: the sketch's widths.
  paths.build(line.view(), Line::kCols, kUnit);
  EXPECT_DOUBLE_EQ(paths.stroke_width(2 * 8 + 3, 5), RiverPaths::width(2, 5));
}

TEST(RiverPaths, ByOrderWithoutAnOrderPerCellIsRefused) {
  Line line;
  RiverStyle style;
  style.by = RiversBy::order;
  RiverPaths paths;
  EXPECT_THROW(paths.build(line.view(), Line::kCols, kUnit, style), std::invalid_argument);
}

TEST(CheckRiverPicture, NamesTheArrayTheCellAndTheValue) {
  Line line;
  EXPECT_EQ(check_river_picture(line.view(), 18), "");
  EXPECT_NE(check_river_picture(line.view(), 19).find("rivers.downstream has 18 entries"),
            std::string::npos);
  line.downstream[3] = 18;
  EXPECT_NE(check_river_picture(line.view(), 18).find("rivers.downstream[3] is 18"),
            std::string::npos);
  line.downstream[3] = -1;
  line.ghost_fade[4] = 1;
  line.ghost_to[4] = -1;
  EXPECT_NE(check_river_picture(line.view(), 18).find("rivers.ghost_to[4]"), std::string::npos);
}

}  // namespace
}  // namespace terrain::render
