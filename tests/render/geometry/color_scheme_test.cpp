// Colour parsing and p5's colour arithmetic.
#include "render/geometry/color_scheme.h"

#include <gtest/gtest.h>

#include <cmath>

#include "render/geometry/relief.h"

namespace terrain::render {
namespace {

TEST(ParseColor, HexIsEachPairOver255WithAlphaOne) {
  const P5Color c = parse_color("#FF6600");
  EXPECT_EQ(c.array[0], 255 / 255.0);
  EXPECT_EQ(c.array[1], 102 / 255.0);
  EXPECT_EQ(c.array[2], 0.0);
  EXPECT_EQ(c.array[3], 1.0);
  EXPECT_EQ(c.level(1), 102);
}

TEST(ParseColor, RgbaTakesAlphaAsWrittenAndIgnoresSpaces) {
  const P5Color c = parse_color("  rgba( 110,80 , 50,  0.45 ) ");
  EXPECT_EQ(c.array[0], 110 / 255.0);
  EXPECT_EQ(c.array[1], 80 / 255.0);
  EXPECT_EQ(c.array[2], 50 / 255.0);
  EXPECT_EQ(c.array[3], 0.45);
  EXPECT_EQ(parse_color("rgba(1, 2, 3, .5)").array[3], 0.5);
}

TEST(ParseColor, RedIsTheUnroundedArrayTimes255) {
  // p5's red(c) is _array[0] * 255: (x / 255) * 255 is not always x in doubles.
  for (int x = 0; x < 256; x++) {
    char text[8];
    std::snprintf(text, sizeof text, "#%02x0000", x);
    EXPECT_EQ(parse_color(text).red(), (x / 255.0) * 255) << text;
  }
}

TEST(ParseColor, RejectsWhatP5WouldNotReadWithAClearMessage) {
  for (const char* bad :
       {"", "#ff66", "#ff660g", "rgb(1, 2, 3)", "rgba(1, 2, 3)", "rgba(256, 0, 0, 0.5)",
        "rgba(1, 2, 3, 1.5)", "rgba(1, 2, 3, 0.5) x", "orange"}) {
    try {
      parse_color(bad);
      ADD_FAILURE() << "accepted \"" << bad << "\"";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("allowed"), std::string::npos) << e.what();
    }
  }
}

TEST(ColorSchemes, AreTheSketchsFiveInItsOrder) {
  const auto schemes = color_schemes();
  ASSERT_EQ(schemes.size(), 5u);
  const char* keys[] = {"site_dark", "site_light", "topographic", "blueprint", "bw"};
  const char* labels[] = {"Site Dark", "Site Light", "Topographic", "Blueprint", "Black / White"};
  for (std::size_t k = 0; k < 5; k++) {
    EXPECT_EQ(schemes[k].key, keys[k]);
    EXPECT_EQ(schemes[k].label, labels[k]);
  }
  EXPECT_EQ(find_color_scheme("topographic")->land_count, 5);
  EXPECT_EQ(find_color_scheme("nope"), nullptr);
}

TEST(BandColors, RunFromTheFirstStopToTheLast) {
  const ColorScheme& bw = *find_color_scheme("bw");
  // 0x3a = 58 at the coast, 0xe0 = 224 at the peaks, through lerpColor's round trip.
  EXPECT_EQ(bw.bands[0][0], (58 / 255.0 * 255) / 255 * 255);
  EXPECT_DOUBLE_EQ(bw.bands[255][0], 224);
  for (int i = 1; i < kBandCount; i++)
    EXPECT_GE(bw.bands[static_cast<std::size_t>(i)][0],
              bw.bands[static_cast<std::size_t>(i - 1)][0]);
}

TEST(MakeColorScheme, RejectsBadStopsNamingTheScheme) {
  const std::string_view one[] = {"#000000"};
  EXPECT_THROW(make_color_scheme("x", "X", one, "#000000", "#000000", "#000000", "#000000",
                                 "#000000", "#000000"),
               std::invalid_argument);
  const std::string_view two[] = {"#000000", "#zzzzzz"};
  try {
    make_color_scheme("mine", "Mine", two, "#000000", "#000000", "#000000", "#000000", "#000000",
                      "#000000");
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("mine"), std::string::npos) << e.what();
  }
}

TEST(ClampedByte, RoundsHalvesToEvenAndClamps) {
  EXPECT_EQ(clamped_byte(0.5), 0);
  EXPECT_EQ(clamped_byte(1.5), 2);
  EXPECT_EQ(clamped_byte(2.5), 2);
  EXPECT_EQ(clamped_byte(2.5000001), 3);
  EXPECT_EQ(clamped_byte(-3), 0);
  EXPECT_EQ(clamped_byte(300), 255);
  EXPECT_EQ(clamped_byte(254.5), 254);
  EXPECT_EQ(clamped_byte(std::nan("")), 0);
}

}  // namespace
}  // namespace terrain::render
