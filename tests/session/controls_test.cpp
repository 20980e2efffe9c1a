// The controls' rules: the range inputs' snapping and labels, and the seed field.
#include "session/controls.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace terrain::session {
namespace {

// A range input holds a decimal: 0.349 and 0.05 * 7 both read back as the double 0.35, which
// 0.05 * 7 itself is not.
TEST(SnapToStep, GivesTheDecimalValueTheWebPageReads) {
  ASSERT_NE(0.05 * 7, 0.35);  // the trap: 0.35000000000000003
  EXPECT_EQ(snap_to_step(0.349, sketch::erosion), 0.35);
  EXPECT_EQ(snap_to_step(0.05 * 7, sketch::erosion), 0.35);
  EXPECT_EQ(snap_to_step(0.3, sketch::erosion), 0.3);
  EXPECT_EQ(snap_to_step(0.07 * 3, sketch::inertia), 0.21);  // 0.21000000000000002
  EXPECT_EQ(snap_to_step(0.1 + 0.2, sketch::sea_level), 0.3);
  // Steps counted from the minimum: terrain_scale's are 0.004, 0.005, ...
  EXPECT_EQ(snap_to_step(0.012, sketch::terrain_scale), 0.012);
  EXPECT_EQ(snap_to_step(0.0124, sketch::terrain_scale), 0.012);
  EXPECT_EQ(snap_to_step(0.0126, sketch::terrain_scale), 0.013);
  EXPECT_EQ(snap_to_step(0.004 + 0.001 * 8, sketch::terrain_scale), 0.012);
}

// Chrome rounds the step count half up (Decimal::round), decided on the decimal value.
TEST(SnapToStep, RoundsHalfStepsUp) {
  EXPECT_EQ(snap_to_step(0.325, sketch::erosion), 0.35);  // 6.5 steps
  EXPECT_EQ(snap_to_step(0.32499999999999996, sketch::erosion), 0.3);
  EXPECT_EQ(snap_to_step(0.0045, sketch::terrain_scale), 0.005);
  EXPECT_EQ(snap_to_step(205, sketch::drops_per_frame), 210);
  EXPECT_EQ(snap_to_step(204.99, sketch::drops_per_frame), 200);
  EXPECT_EQ(snap_to_step(2.5, sketch::brush_radius), 3);  // steps from 1: 1.5 steps
}

TEST(SnapToStep, ClampsAtBothEnds) {
  EXPECT_EQ(snap_to_step(-3, sketch::erosion), 0.0);
  EXPECT_EQ(snap_to_step(1.7, sketch::erosion), 1.0);
  EXPECT_EQ(snap_to_step(0.001, sketch::terrain_scale), 0.004);
  EXPECT_EQ(snap_to_step(0.5, sketch::terrain_scale), 0.03);
  EXPECT_EQ(snap_to_step(0.029999, sketch::terrain_scale), 0.03);
  EXPECT_EQ(snap_to_step(0.7, sketch::sea_level), 0.6);
  EXPECT_EQ(snap_to_step(-std::numeric_limits<double>::infinity(), sketch::inertia), 0.0);
  EXPECT_EQ(snap_to_step(std::numeric_limits<double>::infinity(), sketch::inertia), 0.5);
  EXPECT_EQ(snap_to_step(99, sketch::contour_levels), 20);
  EXPECT_EQ(snap_to_step(0, sketch::brush_radius), 1);
  EXPECT_THROW(snap_to_step(std::nan(""), sketch::erosion), std::invalid_argument);
}

TEST(SnapToStep, GivesWholeNumbersForWholeSteps) {
  EXPECT_EQ(snap_to_step(333, sketch::drops_per_frame), 330);
  EXPECT_EQ(snap_to_step(336.2, sketch::drops_per_frame), 340);
  EXPECT_EQ(snap_to_step(1e6, sketch::drops_per_frame), 1000);
  EXPECT_EQ(snap_to_step(3.4, sketch::brush_radius), 3);
  EXPECT_EQ(snap_to_step(7.6, sketch::contour_levels), 8);
  // Every value on every slider is a fixed point.
  for (const sketch::Range& r :
       {sketch::drops_per_frame, sketch::erosion, sketch::deposition, sketch::inertia,
        sketch::brush_radius, sketch::sea_level, sketch::contour_levels, sketch::terrain_scale}) {
    EXPECT_EQ(snap_to_step(r.initial, r), r.initial);
    const double once = snap_to_step(r.min + r.step * 3, r);
    EXPECT_EQ(snap_to_step(once, r), once);
  }
}

TEST(SliderLabel, WritesTheSnappedValueAsTheWebPageShowsIt) {
  EXPECT_EQ(slider_label(0.35, sketch::erosion), "0.35");
  EXPECT_EQ(slider_label(0.05 * 7, sketch::erosion), "0.35");
  EXPECT_EQ(slider_label(0.3, sketch::erosion), "0.3");
  EXPECT_EQ(slider_label(0, sketch::erosion), "0");
  EXPECT_EQ(slider_label(1, sketch::erosion), "1");
  EXPECT_EQ(slider_label(200, sketch::drops_per_frame), "200");
  EXPECT_EQ(slider_label(0.012, sketch::terrain_scale), "0.012");
  EXPECT_EQ(slider_label(0.03, sketch::terrain_scale), "0.03");
  EXPECT_EQ(slider_label(0.05, sketch::inertia), "0.05");
  EXPECT_EQ(slider_label(2, sketch::brush_radius), "2");
  EXPECT_EQ(slider_label(0.25, sketch::sea_level), "0.25");
}

TEST(ParseSeed, ReadsWholeNumbersFromZeroTo2To32Minus1) {
  std::string error;
  EXPECT_EQ(parse_seed("42", &error), 42u);
  EXPECT_EQ(parse_seed("  42  ", &error), 42u);
  EXPECT_EQ(parse_seed("\t7\n", &error), 7u);
  EXPECT_EQ(parse_seed("0", &error), 0u);
  EXPECT_EQ(parse_seed("007", &error), 7u);
  EXPECT_EQ(parse_seed("4294967295", &error), 4294967295u);
  EXPECT_EQ(error, "");
}

TEST(ParseSeed, RefusesAnythingElseSayingWhatIsAllowedAndWhatWasTyped) {
  for (const char* bad : {"4294967296", "99999999999999999999999", "-1", "+1", "1.5", "1e3", "",
                          "   ", "0x10", "12a", "a12", "4 2", "٣"}) {
    std::string error;
    EXPECT_EQ(parse_seed(bad, &error), std::nullopt) << bad;
    EXPECT_NE(error.find("seed must be a whole number from 0 to 4294967295"), std::string::npos)
        << error;
    EXPECT_NE(error.find(std::string("\"") + bad + "\""), std::string::npos) << error;
  }
  EXPECT_EQ(parse_seed("-1", nullptr), std::nullopt);  // no message asked for
  std::string error;
  parse_seed(std::string(100, 'x'), &error);
  EXPECT_LT(error.size(), 120u);  // a long entry is shortened in the message
}

}  // namespace
}  // namespace terrain::session
