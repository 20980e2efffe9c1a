// relief_cells, the vectorised relief: byte for byte relief_cell_color() and clamped_byte() for
// every cell, for fields in and out of 0..1, above and below the sea, flat and steep, single
// rows and columns, every scheme and the sea levels the panel reaches.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/heightfield.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/relief.h"

namespace terrain::render {
namespace {

// A random field around the sea level: uniform heights in and out of 0..1, heights exactly at
// the sea level and a float step either side of it, flat patches (no slope) and steep steps.
Heightfield random_field(std::mt19937& rng, int width, int height, double sea_level) {
  std::uniform_real_distribution<double> unit(0, 1);
  const auto sea = static_cast<float>(sea_level);
  const float inf = std::numeric_limits<float>::infinity();
  Heightfield field(width, height);
  for (std::size_t i = 0; i < field.size(); i++) {
    const double pick = unit(rng);
    float v;
    if (pick < 0.4) {
      v = static_cast<float>(-0.3 + unit(rng) * 1.6);  // -0.3 .. 1.3
    } else if (pick < 0.5) {
      v = sea;
    } else if (pick < 0.55) {
      v = std::nextafter(sea, -inf);
    } else if (pick < 0.6) {
      v = std::nextafter(sea, inf);
    } else if (pick < 0.65) {
      const float extremes[] = {-3.0f, 0.0f, -0.0f, 1.0f, 1.5f, 5.0f, 0.5f};
      v = extremes[static_cast<std::size_t>(unit(rng) * 7) % 7];
    } else if (pick < 0.8 && i > 0) {
      v = field[i - 1];  // flat along the row
    } else if (i >= static_cast<std::size_t>(width)) {
      v = field[i - static_cast<std::size_t>(width)];  // flat down the column
    } else {
      v = static_cast<float>(sea_level + (unit(rng) - 0.5) * 0.02);  // near the coast
    }
    field[i] = v;
  }
  // A flat square, when there is room: no slope at all inside it.
  if (width >= 6 && height >= 6) {
    const float flat = static_cast<float>(sea_level + 0.1);
    for (int y = 1; y < 5; y++) {
      for (int x = 1; x < 5; x++) field.at(x, y) = flat;
    }
  }
  return field;
}

// Compares relief_cells with the reference cell by cell; returns the number of cells checked.
int expect_matches_reference(const Heightfield& field, double sea_level,
                             const ColorScheme& scheme) {
  std::vector<uint8_t> rgba(field.size() * 4, 0x5a);
  relief_cells(field, sea_level, scheme, rgba);
  const ReliefLight light = relief_light();
  int mismatches = 0;
  for (int y = 0; y < field.height(); y++) {
    for (int x = 0; x < field.width(); x++) {
      const Rgb color = relief_cell_color(field, x, y, sea_level, scheme, light);
      const uint8_t* got = &rgba[field.index(x, y) * 4];
      const uint8_t want[4] = {clamped_byte(color[0]), clamped_byte(color[1]),
                               clamped_byte(color[2]), 255};
      for (int c = 0; c < 4; c++) {
        if (got[c] != want[c] && mismatches++ < 10) {
          ADD_FAILURE() << scheme.key << ", sea level " << sea_level << ", " << field.width() << "x"
                        << field.height() << " field, cell " << x << ", " << y << " (height "
                        << field.at(x, y) << ") channel " << c << ": " << static_cast<int>(got[c])
                        << ", the reference " << static_cast<int>(want[c]) << " (from "
                        << (c < 3 ? color[c] : 255) << ")";
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
  return static_cast<int>(field.size());
}

TEST(ReliefCells, EqualsTheReferenceByteForByte) {
  std::mt19937 rng(2024);
  const int sizes[][2] = {{1, 1}, {1, 5}, {5, 1}, {2, 2}, {3, 3}, {7, 6}, {320, 180}};
  int cells = 0;
  for (const ColorScheme& scheme : color_schemes()) {
    for (double sea_level : {0.0, 0.25, 0.6}) {
      for (const auto& size : sizes) {
        const Heightfield field = random_field(rng, size[0], size[1], sea_level);
        cells += expect_matches_reference(field, sea_level, scheme);
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
  EXPECT_EQ(color_schemes().size(), 5u);
  EXPECT_GT(cells, 5 * 3 * 320 * 180);
}

TEST(ReliefCells, FlatFieldsAtAndAroundTheSeaLevel) {
  // Whole fields of one height: every cell lit straight on (no slope), or all sea.
  for (const ColorScheme& scheme : color_schemes()) {
    for (double sea_level : {0.0, 0.25, 0.6}) {
      const auto sea = static_cast<float>(sea_level);
      const float inf = std::numeric_limits<float>::infinity();
      for (float v : {sea, std::nextafter(sea, -inf), std::nextafter(sea, inf), -1.0f, 0.0f, 0.3f,
                      1.0f, 2.0f}) {
        for (const auto& size : {std::pair{1, 1}, std::pair{1, 5}, std::pair{5, 1}, std::pair{3, 3},
                                 std::pair{300, 2}}) {
          expect_matches_reference(Heightfield(size.first, size.second, v), sea_level, scheme);
          if (::testing::Test::HasFailure()) return;
        }
      }
    }
  }
}

TEST(ReliefCells, AWrongSizedOutputIsRefusedWritingNothing) {
  const Heightfield field(5, 4, 0.5f);
  std::vector<uint8_t> rgba(79, 0x5a);
  try {
    relief_cells(field, 0.25, color_schemes()[0], rgba);
    ADD_FAILURE() << "nothing thrown";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("79"), std::string::npos) << what;
    EXPECT_NE(what.find("5x4"), std::string::npos) << what;
    EXPECT_NE(what.find("80"), std::string::npos) << what;
  }
  for (uint8_t v : rgba) ASSERT_EQ(v, 0x5a);
}

}  // namespace
}  // namespace terrain::render
