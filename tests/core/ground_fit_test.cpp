// Bring your own ground: sizes, the crop and stretch windows, the area average and bilinear
// resampling, and the 0..1 scaling of foreign heights.
#include "core/ground_fit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "test_support.h"

namespace terrain {
namespace {

using testing::invalid_argument_message;

// A w x h field whose height at (x, y) is f(x, y).
template <typename F>
Heightfield field_of(int w, int h, F f) {
  Heightfield out(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) out.at(x, y) = static_cast<float>(f(x, y));
  }
  return out;
}

// `field` is w x h and every cell (x, y) of it exactly f(x, y) as a float; a failure names
// its cell.
template <typename F>
void expect_cells(const Heightfield& field, int w, int h, F f) {
  ASSERT_EQ(field.width(), w);
  ASSERT_EQ(field.height(), h);
  for (int y = 0; y < field.height(); ++y) {
    for (int x = 0; x < field.width(); ++x) {
      EXPECT_EQ(field.at(x, y), static_cast<float>(f(x, y))) << x << "," << y;
    }
  }
}

Heightfield random_ground(int w, int h, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-3.0f, 5.0f);
  return field_of(w, h, [&](int, int) { return dist(gen); });
}

double mean(const Heightfield& f) {
  double sum = 0;
  for (float v : f.values()) sum += v;
  return sum / static_cast<double>(f.size());
}

Heightfield transposed(const Heightfield& f) {
  return field_of(f.height(), f.width(), [&](int x, int y) { return f.at(y, x); });
}

TEST(GroundFitName, RoundTripsAndRefusesOtherWords) {
  for (GroundFit fit : {GroundFit::crop, GroundFit::stretch}) {
    EXPECT_EQ(parse_ground_fit(ground_fit_name(fit)), fit);
  }
  EXPECT_EQ(ground_fit_name(GroundFit::crop), "crop");
  EXPECT_EQ(ground_fit_name(GroundFit::stretch), "stretch");
  EXPECT_FALSE(parse_ground_fit("Crop").has_value());
  EXPECT_FALSE(parse_ground_fit("fill").has_value());
  EXPECT_FALSE(parse_ground_fit("").has_value());
}

TEST(DefaultGroundSize, KeepsTheFileSizeUpToTheLimit) {
  EXPECT_EQ(default_ground_size(320, 180), std::make_pair(320, 180));
  EXPECT_EQ(default_ground_size(8192, 8192), std::make_pair(8192, 8192));
  EXPECT_EQ(default_ground_size(8192, 3), std::make_pair(8192, 3));
}

TEST(DefaultGroundSize, ShrinksLargerFilesToTheLimitKeepingTheAspect) {
  EXPECT_EQ(default_ground_size(20000, 10000), std::make_pair(8192, 4096));
  EXPECT_EQ(default_ground_size(10000, 20000), std::make_pair(4096, 8192));
  EXPECT_EQ(default_ground_size(16384, 16384), std::make_pair(8192, 8192));
  // 3000 * 8192 / 8193 = 2999.63..., rounded to the nearest cell.
  EXPECT_EQ(default_ground_size(8193, 3000), std::make_pair(8192, 3000));
  EXPECT_EQ(default_ground_size(400, 300, 200), std::make_pair(200, 150));
  EXPECT_EQ(default_ground_size(300, 101, 200), std::make_pair(200, 67));  // 67.33
  EXPECT_EQ(default_ground_size(300, 104, 200), std::make_pair(200, 69));  // 69.33
  EXPECT_EQ(default_ground_size(400, 101, 200), std::make_pair(200, 51));  // 50.5 rounds up
}

TEST(DefaultGroundSize, NeverGivesASideBelowTwo) {
  EXPECT_EQ(default_ground_size(500, 1), std::make_pair(500, 2));
  EXPECT_EQ(default_ground_size(1, 1), std::make_pair(2, 2));
  EXPECT_EQ(default_ground_size(100000, 3), std::make_pair(8192, 2));
}

TEST(DefaultGroundSize, RefusesBadSizesNamingThem) {
  const std::string w = invalid_argument_message([] { default_ground_size(0, 10); });
  EXPECT_NE(w.find("file_w"), std::string::npos) << w;
  EXPECT_NE(w.find("got 0"), std::string::npos) << w;
  const std::string h = invalid_argument_message([] { default_ground_size(10, -4); });
  EXPECT_NE(h.find("file_h"), std::string::npos) << h;
  EXPECT_NE(h.find("got -4"), std::string::npos) << h;
  const std::string most = invalid_argument_message([] { default_ground_size(10, 10, 1); });
  EXPECT_NE(most.find("most"), std::string::npos) << most;
  EXPECT_NE(most.find("got 1"), std::string::npos) << most;
}

TEST(FitGround, SameSizeIsAnExactCopyBitForBit) {
  Heightfield source = random_ground(37, 23, 1);
  source.at(3, 4) = -0.0f;
  source.at(5, 6) = std::numeric_limits<float>::denorm_min();
  for (GroundFit fit : {GroundFit::crop, GroundFit::stretch}) {
    const Heightfield out = fit_ground(source, 37, 23, fit);
    ASSERT_EQ(out.width(), 37);
    ASSERT_EQ(out.height(), 23);
    EXPECT_EQ(std::memcmp(out.data(), source.data(), source.size() * sizeof(float)), 0);
  }
}

// Same width, other height: the x axis is copied through the general passes, bit for bit.
TEST(FitGround, AnAxisOfTheSameSizeIsCopiedThroughTheResampling) {
  Heightfield source = random_ground(16, 30, 2);
  source.at(7, 0) = -0.0f;
  const Heightfield out = fit_ground(source, 16, 15, GroundFit::stretch);
  // 2x in y: each target row is the mean of two source rows.
  for (int y = 0; y < 15; ++y) {
    for (int x = 0; x < 16; ++x) {
      const double expected =
          (static_cast<double>(source.at(x, 2 * y)) + source.at(x, 2 * y + 1)) / 2;
      EXPECT_EQ(out.at(x, y), static_cast<float>(expected)) << x << "," << y;
    }
  }
}

TEST(FitGround, AConstantFieldStaysConstantUnderEveryFitAndSize) {
  const float c = 0.3721f;
  for (auto [w, h] : {std::pair{1, 1}, std::pair{1, 9}, std::pair{7, 1}, std::pair{64, 32},
                      std::pair{13, 29}, std::pair{320, 180}}) {
    const Heightfield source(w, h, c);
    for (auto [cols, rows] : {std::pair{2, 2}, std::pair{16, 9}, std::pair{320, 180},
                              std::pair{5, 77}, std::pair{100, 3}}) {
      for (GroundFit fit : {GroundFit::crop, GroundFit::stretch}) {
        const Heightfield out = fit_ground(source, cols, rows, fit);
        ASSERT_EQ(out.width(), cols);
        ASSERT_EQ(out.height(), rows);
        for (float v : out.values()) {
          ASSERT_EQ(v, c) << w << "x" << h << " -> " << cols << "x" << rows << " "
                          << ground_fit_name(fit);
        }
      }
    }
  }
}

TEST(FitGround, HalvingIsTheMeanOfEachTwoByTwoBlockExactly) {
  const Heightfield source = random_ground(40, 24, 3);
  for (GroundFit fit : {GroundFit::crop, GroundFit::stretch}) {
    const Heightfield out = fit_ground(source, 20, 12, fit);
    for (int y = 0; y < 12; ++y) {
      for (int x = 0; x < 20; ++x) {
        const double block = static_cast<double>(source.at(2 * x, 2 * y)) +
                             source.at(2 * x + 1, 2 * y) + source.at(2 * x, 2 * y + 1) +
                             source.at(2 * x + 1, 2 * y + 1);
        EXPECT_EQ(out.at(x, y), static_cast<float>(block / 4)) << x << "," << y;
      }
    }
  }
}

TEST(FitGround, AThreeTimesBoxOfARampIsTheRampAtEachBoxCentre) {
  // Height = 2x + 5y; a 3x3 box averages to the value of its centre cell (3i + 1, 3j + 1).
  const Heightfield source = field_of(30, 18, [](int x, int y) { return 2 * x + 5 * y; });
  const Heightfield out = fit_ground(source, 10, 6, GroundFit::stretch);
  expect_cells(out, 10, 6, [&](int i, int j) { return source.at(3 * i + 1, 3 * j + 1); });
}

TEST(FitGround, BilinearUpscaleOfARampIsLinearAndHitsTheSourceCentres) {
  // Height = x - 2y on an 8 x 5 source, three times larger: target cell 3k + 1 sits exactly on
  // source cell k's centre; between centres the ramp continues linearly; beyond the outer
  // centres the edge is clamped (the edge cells repeat).
  const Heightfield source = field_of(8, 5, [](int x, int y) { return x - 2 * y; });
  const Heightfield out = fit_ground(source, 24, 15, GroundFit::stretch);
  for (int y = 0; y < 5; ++y) {
    for (int x = 0; x < 8; ++x) EXPECT_EQ(out.at(3 * x + 1, 3 * y + 1), source.at(x, y));
  }
  for (int j = 0; j < 15; ++j) {
    for (int i = 0; i < 24; ++i) {
      const double u = std::clamp((i + 0.5) / 3 - 0.5, 0.0, 7.0);
      const double v = std::clamp((j + 0.5) / 3 - 0.5, 0.0, 4.0);
      EXPECT_NEAR(out.at(i, j), u - 2 * v, 1e-5) << i << "," << j;
    }
  }
}

TEST(FitGround, OneAxisShrinksWhileTheOtherGrows) {
  // Both orders of the passes: x shrinks and y grows (x first), x grows and y shrinks (y
  // first). Height = column + 100 * row; the box of 4 columns averages to 4i + 1.5, the rows
  // are interpolated between centres.
  const Heightfield wide = field_of(40, 5, [](int x, int y) { return x + 100 * y; });
  const Heightfield a = fit_ground(wide, 10, 20, GroundFit::stretch);
  for (int j = 0; j < 20; ++j) {
    for (int i = 0; i < 10; ++i) {
      const double v = std::clamp((j + 0.5) / 4 - 0.5, 0.0, 4.0);
      EXPECT_NEAR(a.at(i, j), 4 * i + 1.5 + 100 * v, 1e-4) << i << "," << j;
    }
  }
  const Heightfield tall = transposed(wide);
  const Heightfield b = fit_ground(tall, 20, 10, GroundFit::stretch);
  for (int j = 0; j < 10; ++j) {
    for (int i = 0; i < 20; ++i) EXPECT_NEAR(b.at(i, j), a.at(j, i), 1e-4) << i << "," << j;
  }
}

TEST(FitGround, TransposingTheSourceTransposesTheResult) {
  const Heightfield source = random_ground(53, 17, 4);
  for (auto [cols, rows] :
       {std::pair{20, 40}, std::pair{90, 11}, std::pair{100, 30}, std::pair{7, 5}}) {
    for (GroundFit fit : {GroundFit::crop, GroundFit::stretch}) {
      const Heightfield out = fit_ground(source, cols, rows, fit);
      const Heightfield flipped = fit_ground(transposed(source), rows, cols, fit);
      for (int y = 0; y < rows; ++y) {
        for (int x = 0; x < cols; ++x) ASSERT_NEAR(out.at(x, y), flipped.at(y, x), 1e-5);
      }
    }
  }
}

// The box average of the column index (cell k holds k over [k, k + 1)) on [a, b), by
// numerical integration: an independent check of the window and of the area weights.
double column_average(double a, double b) {
  const int steps = 200000;
  double sum = 0;
  for (int s = 0; s < steps; ++s) sum += std::floor(a + (b - a) * (s + 0.5) / steps);
  return sum / steps;
}

TEST(FitGround, CropOfATwoToOneSourceIntoSixteenByNineTakesTheCentre) {
  // 64 x 32 into 16 x 9: the grid is narrower, so all 32 rows are used and 32 * 16 / 9 =
  // 56.89 columns, centred: [3.56, 60.44). Height = column index.
  const Heightfield source = field_of(64, 32, [](int x, int) { return x; });
  const SourceWindow window = ground_window(64, 32, 16, 9, GroundFit::crop);
  EXPECT_DOUBLE_EQ(window.width, 32.0 * 16 / 9);
  EXPECT_DOUBLE_EQ(window.left, (64 - 32.0 * 16 / 9) / 2);
  EXPECT_EQ(window.top, 0);
  EXPECT_EQ(window.height, 32);
  const Heightfield out = fit_ground(source, 16, 9, GroundFit::crop);
  const double s = window.width / 16;
  for (int i = 0; i < 16; ++i) {
    const double expected = column_average(window.left + i * s, window.left + (i + 1) * s);
    for (int j = 0; j < 9; ++j) EXPECT_NEAR(out.at(i, j), expected, 1e-3) << i << "," << j;
    // Centred: the columns cut on the left mirror those cut on the right.
    EXPECT_NEAR(out.at(i, 0) + out.at(15 - i, 0), 63, 1e-4) << i;
  }
  // Columns 0..2 and 61..63 are never read: the first cell starts inside column 3.
  EXPECT_GT(out.at(0, 0), 3.0f);
  EXPECT_LT(out.at(15, 0), 60.0f);
}

TEST(FitGround, CropOfATallSourceTakesTheCentreRows) {
  // 10 x 40 into 16 x 9 (wider): all 10 columns, 10 * 9 / 16 = 5.625 rows from 17.19.
  const Heightfield source = field_of(10, 40, [](int, int y) { return y; });
  const SourceWindow window = ground_window(10, 40, 16, 9, GroundFit::crop);
  EXPECT_EQ(window.left, 0);
  EXPECT_EQ(window.width, 10);
  EXPECT_DOUBLE_EQ(window.height, 10.0 * 9 / 16);
  EXPECT_DOUBLE_EQ(window.top, (40 - 10.0 * 9 / 16) / 2);
  const Heightfield out = fit_ground(source, 16, 9, GroundFit::crop);
  // Both axes grow: bilinear between row centres at top + (j + 0.5) * s - 0.5.
  const double s = window.height / 9;
  for (int j = 0; j < 9; ++j) {
    const double v = window.top + (j + 0.5) * s - 0.5;
    for (int i = 0; i < 16; ++i) EXPECT_NEAR(out.at(i, j), v, 1e-4) << i << "," << j;
  }
}

TEST(FitGround, StretchUsesTheWholeSource) {
  const Heightfield columns = field_of(64, 32, [](int x, int) { return x; });
  const Heightfield out = fit_ground(columns, 16, 9, GroundFit::stretch);
  expect_cells(out, 16, 9, [](int i, int) { return 4 * i + 1.5; });
  const SourceWindow window = ground_window(64, 32, 16, 9, GroundFit::stretch);
  EXPECT_EQ(window.left, 0);
  EXPECT_EQ(window.top, 0);
  EXPECT_EQ(window.width, 64);
  EXPECT_EQ(window.height, 32);
  // Every row is read: the mean of the row index over the ground is the source's.
  const Heightfield rows = field_of(64, 32, [](int, int y) { return y; });
  EXPECT_NEAR(mean(fit_ground(rows, 16, 9, GroundFit::stretch)), 15.5, 1e-5);
}

TEST(FitGround, AreaAveragingPreservesTheMean) {
  for (uint32_t seed = 10; seed < 16; ++seed) {
    const Heightfield source = random_ground(101 + static_cast<int>(seed), 67, seed);
    for (auto [cols, rows] :
         {std::pair{50, 30}, std::pair{37, 23}, std::pair{2, 2}, std::pair{101, 13}}) {
      const Heightfield out = fit_ground(source, cols, rows, GroundFit::stretch);
      EXPECT_NEAR(mean(out), mean(source), 1e-5) << seed << " " << cols << "x" << rows;
    }
  }
}

TEST(FitGround, ResultsStayWithinTheSourceRange) {
  const Heightfield source = random_ground(33, 21, 7);
  for (auto [cols, rows] : {std::pair{320, 180}, std::pair{10, 50}, std::pair{3, 2}}) {
    for (GroundFit fit : {GroundFit::crop, GroundFit::stretch}) {
      const Heightfield out = fit_ground(source, cols, rows, fit);
      EXPECT_GE(out.min(), source.min());
      EXPECT_LE(out.max(), source.max());
    }
  }
}

TEST(FitGround, IsDeterministic) {
  const Heightfield source = random_ground(123, 77, 8);
  EXPECT_EQ(fit_ground(source, 320, 180, GroundFit::crop),
            fit_ground(source, 320, 180, GroundFit::crop));
}

TEST(FitGround, HandlesSourcesOneCellHighOrWide) {
  const Heightfield row = field_of(9, 1, [](int x, int) { return x; });
  const Heightfield stretched = fit_ground(row, 3, 4, GroundFit::stretch);
  expect_cells(stretched, 3, 4, [](int i, int) { return 3 * i + 1; });
  // Crop of 9 x 1 into 16 x 9: the one row, 16/9 of a cell wide, centred on the middle of
  // cell 4 ([3.61, 5.39)); both axes grow, so x is interpolated between the centres of cells
  // 3, 4 and 5 and every row is the same.
  const Heightfield cropped = fit_ground(row, 16, 9, GroundFit::crop);
  for (int j = 0; j < 9; ++j) {
    for (int i = 0; i < 16; ++i) {
      const double u = (9 - 16.0 / 9) / 2 + (i + 0.5) / 9 - 0.5;
      EXPECT_NEAR(cropped.at(i, j), u, 1e-6) << i << "," << j;
    }
  }
  const Heightfield column = transposed(row);
  const Heightfield up = fit_ground(column, 2, 18, GroundFit::stretch);
  for (int j = 0; j < 18; ++j) {
    EXPECT_EQ(up.at(0, j), up.at(1, j));
    EXPECT_NEAR(up.at(0, j), std::clamp((j + 0.5) / 2 - 0.5, 0.0, 8.0), 1e-6);
  }
  EXPECT_EQ(fit_ground(Heightfield(1, 1, 2.5f), 4, 3, GroundFit::crop), Heightfield(4, 3, 2.5f));
}

TEST(FitGround, RefusesBadArgumentsNamingTheValue) {
  const Heightfield source(8, 8, 1.0f);
  const std::string cols =
      invalid_argument_message([&] { fit_ground(source, 1, 8, GroundFit::crop); });
  EXPECT_NE(cols.find("cols"), std::string::npos) << cols;
  EXPECT_NE(cols.find("got 1"), std::string::npos) << cols;
  const std::string rows =
      invalid_argument_message([&] { fit_ground(source, 8, -5, GroundFit::stretch); });
  EXPECT_NE(rows.find("rows"), std::string::npos) << rows;
  EXPECT_NE(rows.find("got -5"), std::string::npos) << rows;
  const std::string empty =
      invalid_argument_message([] { fit_ground(Heightfield(), 8, 8, GroundFit::crop); });
  EXPECT_NE(empty.find("empty"), std::string::npos) << empty;
  Heightfield holed(8, 8, 1.0f);
  holed.at(5, 2) = std::numeric_limits<float>::quiet_NaN();
  const std::string nan =
      invalid_argument_message([&] { fit_ground(holed, 8, 8, GroundFit::crop); });
  EXPECT_NE(nan.find("(5, 2)"), std::string::npos) << nan;
  EXPECT_NE(nan.find("nan"), std::string::npos) << nan;
  holed.at(5, 2) = -std::numeric_limits<float>::infinity();
  const std::string inf =
      invalid_argument_message([&] { fit_ground(holed, 4, 4, GroundFit::crop); });
  EXPECT_NE(inf.find("inf"), std::string::npos) << inf;
}

TEST(NormalizedZeroOne, LowestCellIsZeroAndHighestOne) {
  const Heightfield source = random_ground(31, 19, 9);
  const Heightfield out = normalized_01(fit_ground(source, 16, 9, GroundFit::crop));
  EXPECT_EQ(out.min(), 0.0f);
  EXPECT_EQ(out.max(), 1.0f);
  const Heightfield ramp = field_of(5, 2, [](int x, int) { return 10 + 2 * x; });
  const Heightfield scaled = normalized_01(ramp);
  for (int x = 0; x < 5; ++x) EXPECT_EQ(scaled.at(x, 1), static_cast<float>(x / 4.0));
}

TEST(NormalizedZeroOne, AFlatFieldBecomesAllZero) {
  EXPECT_EQ(normalized_01(Heightfield(6, 4, 7.25f)), Heightfield(6, 4, 0.0f));
}

}  // namespace
}  // namespace terrain
