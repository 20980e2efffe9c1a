// The side view's geometry: the cross-section is the core's heights along the row exactly
// (before and after rain), with the water where and at the height it stands (the sea at sea
// level below it, lakes at ground + depth from a Hydrology); its columns stand under the map's
// cells for any Frame, zoomed and panned too; silhouettes stay inside the strip; the walk
// follows the first answer's canvas convention and the sections the second's; a steady update
// allocates nothing.
#include "render/geometry/side_view.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "allocation_counter.h"
#include "core/frame.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/island.h"
#include "core/rain.h"
#include "core/sketch.h"
#include "core/skyline.h"
#include "render/geometry/color_scheme.h"

namespace terrain::render {
namespace {

constexpr double kSideSea = sketch::sea_level.initial;

// A map as the app has it: the island before the rain, the same after some rain, and the
// hydrology of the ground now (the rain digs the hollows lakes stand in).
struct RainedMap {
  Heightfield original;
  Heightfield now;
  Hydrology hydrology;

  explicit RainedMap(uint32_t seed) {
    original = island_terrain(seed);
    now = original;
    Rain rain(now, seed);
    rain.run(static_cast<uint64_t>(now.size()) / 2);
    HydrologyParams params;
    params.sea_level = kSideSea;
    hydrology.compute(now, params, seed);
  }
};

const RainedMap& map_7() {
  static const RainedMap map(7);
  return map;
}

// --- the cross-section -------------------------------------------------------------------------

TEST(CrossSection, FollowsTheHeightsAlongTheRowExactlyBeforeAndAfterTheRain) {
  const RainedMap& map = map_7();
  ASSERT_NE(map.original, map.now) << "the rain changed nothing";
  CrossSection cut;
  int changed_columns = 0;
  for (int row : {0, 1, 45, map.now.height() / 2, 133, map.now.height() - 1}) {
    cut.update(map.original, map.now, map.hydrology.lake_depth(), row, kSideSea);
    ASSERT_EQ(cut.width(), map.now.width());
    EXPECT_EQ(cut.row(), row);
    for (int x = 0; x < map.now.width(); ++x) {
      const auto i = static_cast<std::size_t>(x);
      EXPECT_EQ(cut.original()[i], static_cast<double>(map.original.at(x, row))) << x << "," << row;
      EXPECT_EQ(cut.ground()[i], static_cast<double>(map.now.at(x, row))) << x << "," << row;
      changed_columns += cut.original()[i] != cut.ground()[i] ? 1 : 0;
    }
  }
  EXPECT_GT(changed_columns, 0) << "no row shows the rain's change";
}

TEST(CrossSection, TheSeaStandsAtSeaLevelWhereTheGroundNowIsBelowIt) {
  const RainedMap& map = map_7();
  CrossSection cut;
  for (double sea_level : {0.1, kSideSea, 0.4}) {
    int sea = 0;
    int dry = 0;
    for (int row : {10, 90, 170}) {
      cut.update(map.original, map.now, {}, row, sea_level);
      EXPECT_EQ(cut.sea_level(), sea_level);
      for (int x = 0; x < map.now.width(); ++x) {
        const auto i = static_cast<std::size_t>(x);
        if (map.now.at(x, row) < sea_level) {
          EXPECT_EQ(cut.sea()[i], sea_level) << x << "," << row;
          ++sea;
        } else {
          EXPECT_TRUE(std::isnan(cut.sea()[i])) << x << "," << row;
          ++dry;
        }
        // No lake depths given: no lakes.
        EXPECT_TRUE(std::isnan(cut.lakes()[i]));
        EXPECT_EQ(cut.lake_depth()[i], 0.0);
      }
    }
    EXPECT_GT(sea, 0) << sea_level;
    EXPECT_GT(dry, 0) << sea_level;
  }
}

TEST(CrossSection, LakesStandAtTheGroundPlusTheirDepthFromTheHydrology) {
  const RainedMap& map = map_7();
  const std::span<const float> depth = map.hydrology.lake_depth();
  CrossSection cut;
  int lake_columns = 0;
  for (int row = 0; row < map.now.height(); ++row) {
    cut.update(map.original, map.now, depth, row, kSideSea);
    for (int x = 0; x < map.now.width(); ++x) {
      const auto i = static_cast<std::size_t>(x);
      const float d = depth[map.now.index(x, row)];
      const double ground = map.now.at(x, row);
      if (d > 0) {
        ASSERT_FALSE(ground < kSideSea) << "the hydrology put a lake in the sea";
        EXPECT_EQ(cut.lakes()[i], ground + static_cast<double>(d)) << x << "," << row;
        EXPECT_EQ(cut.lake_depth()[i], static_cast<double>(d));
        EXPECT_GT(cut.lakes()[i], cut.ground()[i]);
        ++lake_columns;
      } else {
        EXPECT_TRUE(std::isnan(cut.lakes()[i])) << x << "," << row;
        EXPECT_EQ(cut.lake_depth()[i], 0.0);
      }
    }
  }
  EXPECT_GT(lake_columns, 0) << "the rained-on island has no lakes to test";
}

TEST(CrossSection, AHandMadeRowHasItsWaterExactlyWhereItShould) {
  // One row of interest (row 1) in a 6 x 3 field: sea, coast, a hollow holding a lake, a
  // ridge, and a cell below sea level that a stray lake depth must not make a lake.
  const std::vector<float> heights = {0.5f, 0.5f, 0.5f,  0.5f, 0.5f, 0.5f,   // row 0
                                      0.1f, 0.3f, 0.35f, 0.6f, 0.2f, 0.5f,   // row 1
                                      0.5f, 0.5f, 0.5f,  0.5f, 0.5f, 0.5f};  // row 2
  const Heightfield now(6, 3, heights);
  Heightfield original(6, 3, 0.45f);
  std::vector<float> depth(18, 0.0f);
  depth[now.index(2, 1)] = 0.05f;  // a lake 0.05 deep over 0.35
  depth[now.index(4, 1)] = 0.1f;   // below sea level: the sea, not a lake
  CrossSection cut;
  cut.update(original, now, depth, 1, 0.25);
  const double sea = 0.25;
  EXPECT_EQ(cut.sea()[0], sea);
  EXPECT_TRUE(std::isnan(cut.sea()[1]));
  EXPECT_TRUE(std::isnan(cut.sea()[2]));
  EXPECT_TRUE(std::isnan(cut.sea()[3]));
  EXPECT_EQ(cut.sea()[4], sea);
  EXPECT_TRUE(std::isnan(cut.sea()[5]));
  EXPECT_TRUE(std::isnan(cut.lakes()[0]));
  EXPECT_TRUE(std::isnan(cut.lakes()[1]));
  EXPECT_EQ(cut.lakes()[2], static_cast<double>(0.35f) + static_cast<double>(0.05f));
  EXPECT_EQ(cut.lake_depth()[2], static_cast<double>(0.05f));
  EXPECT_TRUE(std::isnan(cut.lakes()[3]));
  EXPECT_TRUE(std::isnan(cut.lakes()[4]));
  EXPECT_EQ(cut.lake_depth()[4], 0.0);
  for (std::size_t x = 0; x < 6; ++x) {
    EXPECT_EQ(cut.original()[x], static_cast<double>(0.45f));
    EXPECT_EQ(cut.ground()[x], static_cast<double>(heights[6 + x]));
  }
}

TEST(CrossSection, RefusesMisfitInputsChangingNothing) {
  const Heightfield a(8, 4, 0.5f);
  const Heightfield b(7, 4, 0.5f);
  const std::vector<float> depths(32, 0.0f);
  const std::vector<float> short_depths(31, 0.0f);
  CrossSection cut;
  cut.update(a, a, depths, 2, kSideSea);
  EXPECT_THROW(cut.update(a, b, depths, 1, kSideSea), std::invalid_argument);
  EXPECT_THROW(cut.update(b, a, depths, 1, kSideSea), std::invalid_argument);
  EXPECT_THROW(cut.update(a, a, short_depths, 1, kSideSea), std::invalid_argument);
  EXPECT_THROW(cut.update(a, a, depths, -1, kSideSea), std::invalid_argument);
  EXPECT_THROW(cut.update(a, a, depths, 4, kSideSea), std::invalid_argument);
  EXPECT_EQ(cut.row(), 2);
  EXPECT_EQ(cut.width(), 8);
}

TEST(CrossSection, ASteadyUpdateAndItsSilhouettesAllocateNothing) {
  const RainedMap& map = map_7();
  CrossSection cut;
  std::vector<SilhouetteColumn> columns;
  const Frame frame = Frame::viewport(1280, 560, map.now.width(), map.now.height());
  const VerticalMap vertical = cross_section_vertical(560, 730);
  cut.update(map.original, map.now, map.hydrology.lake_depth(), 3, kSideSea);
  silhouette(cut.ground(), map_columns(frame), vertical, 0, 1280, columns);
  testing::CountAllocations count;
  for (int row = 0; row < map.now.height(); row += 7) {
    cut.update(map.original, map.now, map.hydrology.lake_depth(), row, kSideSea);
    silhouette(cut.original(), map_columns(frame), vertical, 0, 1280, columns);
    silhouette(cut.ground(), map_columns(frame), vertical, 0, 1280, columns);
    silhouette(cut.sea(), map_columns(frame), vertical, 0, 1280, columns);
    silhouette(cut.lakes(), map_columns(frame), vertical, 0, 1280, columns);
  }
  EXPECT_EQ(count.count(), 0u);
}

// --- where the columns land --------------------------------------------------------------------

// Every column of `out` is the profile's column covering its x range, the columns tile the
// range [x_min, x_max) they were clipped to without a gap or an overlap, and column i (where
// it is whole) is centred on left + i * scale.
void expect_columns_tile(const std::vector<SilhouetteColumn>& out, const Frame& frame, float x_min,
                         float x_max) {
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.front().x0, x_min);
  EXPECT_EQ(out.back().x1, x_max);
  for (std::size_t k = 0; k < out.size(); ++k) {
    const SilhouetteColumn& c = out[k];
    EXPECT_LT(c.x0, c.x1);
    EXPECT_GE(c.x0, x_min);
    EXPECT_LE(c.x1, x_max);
    if (k > 0) {
      EXPECT_EQ(c.column, out[k - 1].column + 1);
      EXPECT_EQ(c.x0, out[k - 1].x1) << "a gap or an overlap at column " << c.column;
    }
    const double centre = frame.left + c.column * frame.scale_x;
    const double half = frame.scale_x / 2;
    if (c.x0 > x_min && c.x1 < x_max) {
      EXPECT_NEAR(c.x0, centre - half, 1e-3) << c.column;
      EXPECT_NEAR(c.x1, centre + half, 1e-3) << c.column;
    }
    // The grid point itself is inside its column whenever it is inside the range.
    if (centre >= x_min && centre < x_max) {
      EXPECT_LE(c.x0, centre);
      EXPECT_GE(c.x1, centre);
    }
  }
}

TEST(Silhouette, ColumnsStandUnderTheMapsCellsInTheSketchesViewport) {
  const int cols = sketch::COLS;
  const int rows = sketch::ROWS;
  const std::vector<double> flat(static_cast<std::size_t>(cols), 0.5);
  std::vector<SilhouetteColumn> out;
  // A canvas wider than the grid's shape (the rows fill it, the grid spills past the sides)
  // and one taller (the columns fill it, cells half outside at each side).
  for (const auto& [w, h] : {std::pair{1600.0, 500.0}, std::pair{700.0, 700.0}}) {
    const Frame frame = Frame::viewport(w, h, cols, rows);
    silhouette(flat, map_columns(frame), cross_section_vertical(0, 100), 0, static_cast<float>(w),
               out);
    expect_columns_tile(out, frame, 0, static_cast<float>(w));
    // Every cell reaching onto the canvas has its column, and no other.
    const ColumnPlacement placement = map_columns(frame);
    for (int x = 0; x < cols; ++x) {
      const bool on_canvas = placement.edge(x + 1) > 0 && placement.edge(x) < w;
      bool found = false;
      for (const SilhouetteColumn& c : out) found = found || c.column == x;
      EXPECT_EQ(found, on_canvas) << x;
    }
  }
}

TEST(Silhouette, ColumnsFollowAZoomedAndPannedFrame) {
  const int cols = 320;
  std::vector<double> profile(cols);
  for (int i = 0; i < cols; ++i) profile[static_cast<std::size_t>(i)] = i / 320.0;
  std::vector<SilhouetteColumn> out;
  // Zoomed in eight times and panned so that cell 100 is near the strip's left edge; the
  // strip is offset in the window, as under a side bar.
  const Frame frame{-1234.5, -300, 31.25, 31.25};
  const float x_min = 250;
  const float x_max = 1190;
  silhouette(profile, map_columns(frame), cross_section_vertical(600, 770), x_min, x_max, out);
  expect_columns_tile(out, frame, x_min, x_max);
  const int first = static_cast<int>(std::floor((x_min - frame.left) / frame.scale_x + 0.5));
  const int last = static_cast<int>(std::floor((x_max - frame.left) / frame.scale_x + 0.5));
  EXPECT_EQ(out.front().column, first);
  EXPECT_EQ(out.back().column, last);
  EXPECT_EQ(out.size(), static_cast<std::size_t>(last - first + 1));
  // A column's top is its own value's.
  for (const SilhouetteColumn& c : out) {
    EXPECT_EQ(c.top,
              cross_section_vertical(600, 770).y(profile[static_cast<std::size_t>(c.column)]));
  }
  // Panned past the map's last column: nothing; past its first: nothing either.
  silhouette(profile, map_columns(Frame{2000, 0, 2, 2}), cross_section_vertical(0, 1), 0, 1000,
             out);
  EXPECT_TRUE(out.empty());
  silhouette(profile, map_columns(Frame{-5000, 0, 2, 2}), cross_section_vertical(0, 1), 0, 1000,
             out);
  EXPECT_TRUE(out.empty());
  // Zoomed out so far that the map is a few pixels: every column, each a sliver.
  silhouette(profile, map_columns(Frame{10, 0, 0.01, 0.01}), cross_section_vertical(0, 1), 0, 1000,
             out);
  EXPECT_EQ(out.size(), static_cast<std::size_t>(cols));
  // A far pan does not overflow the column range.
  silhouette(profile, map_columns(Frame{-1e300, 0, 1, 1}), cross_section_vertical(0, 1), 0, 1000,
             out);
  EXPECT_TRUE(out.empty());
}

TEST(Silhouette, IsClippedToTheStrip) {
  // Values far outside every range, and a strip at an offset.
  const std::vector<double> profile = {-5, -0.5, 0, 0.25, 0.5, 1, 1.5, 40};
  std::vector<SilhouetteColumn> out;
  const float top = 400;
  const float bottom = 520;
  silhouette(profile, ColumnPlacement{95, 20}, cross_section_vertical(top, bottom), 100, 230, out);
  ASSERT_FALSE(out.empty());
  for (const SilhouetteColumn& c : out) {
    EXPECT_GE(c.x0, 100);
    EXPECT_LE(c.x1, 230);
    EXPECT_GE(c.top, top);
    EXPECT_LE(c.top, bottom);
  }
  EXPECT_EQ(out.front().top, bottom) << "-5 sits on the bottom";
  EXPECT_EQ(out.back().top, top) << "40 sits on the top";
  // Column 0 covers [85, 105): cut to [100, 105). Column 6 covers [205, 225), the last whole
  // one; column 7 [225, 245) is cut to [225, 230).
  EXPECT_EQ(out.front().column, 0);
  EXPECT_EQ(out.front().x0, 100);
  EXPECT_EQ(out.front().x1, 105);
  EXPECT_EQ(out.back().column, 7);
  EXPECT_EQ(out.back().x0, 225);
  EXPECT_EQ(out.back().x1, 230);
  // An empty range, or a bad scale.
  silhouette(profile, ColumnPlacement{95, 20}, cross_section_vertical(top, bottom), 200, 200, out);
  EXPECT_TRUE(out.empty());
  EXPECT_THROW(silhouette(profile, ColumnPlacement{0, 0}, cross_section_vertical(0, 1), 0, 1, out),
               std::invalid_argument);
  EXPECT_THROW(
      silhouette(profile, ColumnPlacement{0, NAN}, cross_section_vertical(0, 1), 0, 1, out),
      std::invalid_argument);
}

TEST(Silhouette, LeavesOutColumnsWithNoWater) {
  const std::vector<double> water = {0.25, kNoWater, kNoWater, 0.4, kNoWater};
  std::vector<SilhouetteColumn> out;
  silhouette(water, pixel_columns(0), cross_section_vertical(0, 100), 0, 5, out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].column, 0);
  EXPECT_EQ(out[1].column, 3);
  EXPECT_EQ(out[1].x0, 3);
  EXPECT_EQ(out[1].x1, 4);
}

// --- the vertical mappings ---------------------------------------------------------------------

TEST(VerticalMap, TheCrossSectionShowsZeroToOneWithAMarginWhateverTheRow) {
  const VerticalMap v = cross_section_vertical(600, 770);
  const double span = 170 / (1 + 2 * kCrossSectionMargin);
  EXPECT_NEAR(v.y(1), 600 + kCrossSectionMargin * span, 1e-3);
  EXPECT_NEAR(v.y(0), 770 - kCrossSectionMargin * span, 1e-3);
  EXPECT_NEAR(v.y(0.5), 685, 1e-3);
  EXPECT_GT(v.y(0), v.y(kSideSea)) << "higher is further up";
  EXPECT_GT(v.y(0), 600);
  EXPECT_LT(v.y(0), 770);
  EXPECT_EQ(v.y(-1), 770);
  EXPECT_EQ(v.y(2), 600);
  EXPECT_EQ(v.y(NAN), 770);
}

TEST(VerticalMap, TheWalkFollowsTheFirstAnswersCanvas) {
  // "context.moveTo(x, HEIGHT_MAX); context.lineTo(x, height)": on a canvas HEIGHT_MAX tall
  // with y down, each column is filled from its bottom up to y = height.
  RandomWalkParams params;  // 640 columns, HEIGHT_MAX 170, as the answer's canvas
  const std::vector<double> heights = random_walk_skyline(11, params);
  const VerticalMap canvas = walk_vertical(params, 0, 170);
  std::vector<SilhouetteColumn> out;
  silhouette(heights, pixel_columns(0), canvas, 0, 640, out);
  ASSERT_EQ(out.size(), 640u);
  for (std::size_t x = 0; x < out.size(); ++x) {
    EXPECT_EQ(out[x].column, static_cast<int>(x));
    EXPECT_EQ(out[x].x0, static_cast<float>(x));
    EXPECT_EQ(out[x].x1, static_cast<float>(x + 1));
    EXPECT_NEAR(out[x].top, heights[x], 1e-4) << x;  // float32 of the answer's y
  }
  // A strip of another size and place: top + height / height_max * strip height.
  const VerticalMap strip = walk_vertical(params, 520, 605);
  for (double h : {0.0, 17.0, 85.0, 169.5, 170.0}) {
    EXPECT_NEAR(strip.y(h), 520 + h / 170 * 85, 1e-4) << h;
  }
  EXPECT_EQ(strip.y(0), 520) << "a height of 0 is the highest peak, at the top";
  EXPECT_EQ(strip.y(170), 605) << "height_max is the lowest valley, at the bottom";
  params.height_max = 40;
  EXPECT_NEAR(walk_vertical(params, 0, 170).y(10), 42.5, 1e-4);
}

TEST(VerticalMap, TheSectionsAreHeightsAboveTheBottomClampedToTheStrip) {
  SectionParams params;  // HEIGHT 1000, SHIFT 200
  const VerticalMap v = sections_vertical(params, 100, 300);
  EXPECT_EQ(v.y(0), 300);
  EXPECT_EQ(v.y(1000), 100);
  EXPECT_NEAR(v.y(250), 250, 1e-4);
  // Points between section points may stray by shift / 2 outside 0..HEIGHT: clamped.
  EXPECT_EQ(v.y(-100), 300);
  EXPECT_EQ(v.y(1100), 100);
  const std::vector<double> heights = section_skyline(5, 800, params);
  std::vector<SilhouetteColumn> out;
  silhouette(heights, pixel_columns(40), v, 40, 840, out);
  ASSERT_EQ(out.size(), 800u);
  for (std::size_t x = 0; x < out.size(); ++x) {
    EXPECT_EQ(out[x].x0, static_cast<float>(40 + x));
    EXPECT_GE(out[x].top, 100);
    EXPECT_LE(out[x].top, 300);
    EXPECT_NEAR(out[x].top, std::clamp(300 - heights[x] / 1000 * 200, 100.0, 300.0), 1e-3) << x;
  }
}

// --- the row and its mark ----------------------------------------------------------------------

TEST(CrossSectionRow, IsTheMiddleRowUnlessChosenAndAlwaysOnTheMap) {
  EXPECT_EQ(cross_section_row(std::nullopt, 180), 90);
  EXPECT_EQ(cross_section_row(std::nullopt, 1), 0);
  EXPECT_EQ(cross_section_row(std::nullopt, 5), 2);
  EXPECT_EQ(cross_section_row(0, 180), 0);
  EXPECT_EQ(cross_section_row(179, 180), 179);
  EXPECT_EQ(cross_section_row(400, 180), 179);
  EXPECT_EQ(cross_section_row(-3, 180), 0);
}

TEST(RowMark, LiesOnTheRowsGridPointsAndOnlyInsideTheArea) {
  // The rows fill the area's height: the first and last rows lie on its edges.
  const Frame frame = Frame::viewport(1000, 700, sketch::COLS, sketch::ROWS);
  for (int row : {0, 37, 90, 179}) {
    const std::optional<float> y = row_mark_y(frame, row, 0, 700);
    ASSERT_TRUE(y) << row;
    EXPECT_NEAR(*y, frame.top + row * frame.scale_y, 1e-3);
    EXPECT_GE(*y, 0);
    EXPECT_LE(*y, 700);
  }
  // The columns fill its width: the rows near the top and bottom are cropped.
  const Frame wide = Frame::viewport(1000, 500, sketch::COLS, sketch::ROWS);
  EXPECT_FALSE(row_mark_y(wide, 0, 0, 500));
  EXPECT_FALSE(row_mark_y(wide, 179, 0, 500));
  ASSERT_TRUE(row_mark_y(wide, 90, 0, 500));
  EXPECT_NEAR(*row_mark_y(wide, 90, 0, 500), wide.top + 90 * wide.scale_y, 1e-3);
  const Frame zoomed{-800, -2000, 25, 25};
  EXPECT_FALSE(row_mark_y(zoomed, 10, 0, 500)) << "above the area";
  EXPECT_FALSE(row_mark_y(zoomed, 120, 0, 500)) << "below it";
  ASSERT_TRUE(row_mark_y(zoomed, 90, 0, 500));
  EXPECT_EQ(*row_mark_y(zoomed, 90, 0, 500), 250);
}

// --- colours -----------------------------------------------------------------------------------

TEST(LandColor, IsTheReliefsBandForTheHeight) {
  for (const ColorScheme& scheme : color_schemes()) {
    for (double h : {0.26, 0.4, 0.61, 0.9, 0.999}) {
      const auto band = static_cast<std::size_t>(std::floor((h - kSideSea) / (1 - kSideSea) * 255));
      EXPECT_EQ(land_color(scheme, h, kSideSea), scheme.bands[band]) << scheme.key << " " << h;
    }
    EXPECT_EQ(land_color(scheme, 0.1, kSideSea), scheme.bands[0]) << "below the coast";
    EXPECT_EQ(land_color(scheme, kSideSea, kSideSea), scheme.bands[0]);
    EXPECT_EQ(land_color(scheme, 1.0, kSideSea), scheme.bands[255]);
    EXPECT_EQ(land_color(scheme, 3.0, kSideSea), scheme.bands[255]) << "above the peaks";
    EXPECT_EQ(land_color(scheme, 0.5, 1.0), scheme.bands[0]) << "a sea level of 1";
  }
}

TEST(Strata, ColourTheStripByTheHeightAtEachY) {
  for (const ColorScheme& scheme : color_schemes()) {
    for (double sea_level : {0.0, kSideSea, 0.6}) {
      const VerticalMap v = cross_section_vertical(600, 770);
      const Strata strata = land_strata(scheme, v, sea_level);
      ASSERT_GE(strata.count, 2);
      ASSERT_LE(strata.count, Strata::kMaxStops);
      EXPECT_EQ(strata.y[0], 600);
      EXPECT_EQ(strata.y[static_cast<std::size_t>(strata.count - 1)], 770);
      for (int k = 1; k < strata.count; ++k) {
        EXPECT_LE(strata.y[static_cast<std::size_t>(k - 1)], strata.y[static_cast<std::size_t>(k)]);
      }
      // At every height the colour is the relief's band of that height, to within the bands'
      // own quantisation (256 steps from the coast to the peaks).
      for (double h = -0.04; h <= 1.04; h += 0.01) {
        const Rgb want = land_color(scheme, h, sea_level);
        const Rgb got = strata.at(v.y(h));
        for (int c = 0; c < 3; ++c) {
          EXPECT_NEAR(got[static_cast<std::size_t>(c)], want[static_cast<std::size_t>(c)], 2.0)
              << scheme.key << " sea " << sea_level << " height " << h << " channel " << c;
        }
      }
    }
  }
}

TEST(Strata, ASkylinePassesItsElevation) {
  const ColorScheme& scheme = color_schemes()[2];  // topographic: five stops
  const Strata strata = land_strata(scheme, VerticalMap{1, 0, 10, 110}, 0);
  EXPECT_EQ(strata.count, 5) << "its five stops, two of them on the edges";
  EXPECT_EQ(strata.at(10), rgb(scheme.land[4])) << "the top is the highest stop";
  EXPECT_EQ(strata.at(110), rgb(scheme.land[0])) << "the foot is the coast's";
  EXPECT_EQ(strata.y[1], 35);
  EXPECT_EQ(strata.color[1], rgb(scheme.land[3]));
  EXPECT_EQ(strata.at(0), strata.at(10)) << "beyond the ends, the ends' colours";
  EXPECT_EQ(strata.at(500), strata.at(110));
}

}  // namespace
}  // namespace terrain::render
