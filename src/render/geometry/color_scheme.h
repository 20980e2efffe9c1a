// Colour schemes: the sketch's five `color_sets`, read the way p5.js 1.11.13 reads them.
//
// Sections
//   P5Color         a colour as p5's color() holds it (its normalised `_array`)
//   parse_color     "#rrggbb" and "rgba(r, g, b, a)", as p5's color() parses them
//   ColorScheme     one scheme: its colours, parsed once, and its 256 land band colours
//   color_schemes   the sketch's five, in its order
//
// Bit-exactness: the relief's per-cell colours depend on the exact doubles p5 hands the
// sketch: red(c) is `_array[0] * 255` (a float, not the rounded level), and lerpColor blends
// the rounded levels divided by 255 and then goes through color() again. Every expression here
// keeps p5's order of operations so the doubles are the same bits.
//
// No GL here: this is the CPU half of the renderer, tested without a display.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

namespace terrain::render {

// A colour as p5's color() stores it: red, green, blue and alpha, each 0..1 (p5's `_array`).
struct P5Color {
  std::array<double, 4> array{0, 0, 0, 1};

  // p5's red(c), green(c), blue(c): `_array[k] * 255`, a double that is not always an integer.
  double red() const { return array[0] * 255; }
  double green() const { return array[1] * 255; }
  double blue() const { return array[2] * 255; }
  double alpha() const { return array[3]; }
  // p5's `levels[k]`: Math.round(_array[k] * 255), the 8-bit colour the canvas shows.
  int level(int k) const;
};

// Three channels 0..255 as doubles: what the sketch's rgb() helper and band_colors hold.
using Rgb = std::array<double, 3>;

// Reads "#rrggbb" (hex digits, either case) or "rgba(r, g, b, a)" (r, g, b integers 0..255,
// a decimal 0..1, any spaces around the parts), as p5's color() does: hex channels and
// rgba's r, g, b become value / 255, rgba's alpha is taken as it is. Leading and trailing
// spaces are ignored. Anything else throws std::invalid_argument naming the text and the
// forms allowed.
P5Color parse_color(std::string_view text);

// p5's lerpColor(c1, c2, amt) in RGB mode: amt clamped to 0..1, each channel
// amt * (to - from) + from over the rounded levels / 255, scaled by 255 and passed through
// color(l0, l1, l2, l3) again (which divides by 255 and clamps to 0..1).
P5Color lerp_color(const P5Color& from, const P5Color& to, double amt);

// The sketch's mix(a, b, t): a + (b - a) * t per channel.
Rgb mix(const Rgb& a, const Rgb& b, double t);

// The sketch's rgb(hex): [red(c), green(c), blue(c)].
inline Rgb rgb(const P5Color& c) {
  return {c.red(), c.green(), c.blue()};
}

// A colour as an HTML canvas stroke or fill style uses it: 8-bit channels and an alpha.
struct CanvasColor {
  float r = 0;  // 0..1, from the 8-bit level
  float g = 0;
  float b = 0;
  float a = 1;  // 0..1
};
// The canvas colour of a parsed style string: the rounded levels, and the alpha as written.
CanvasColor canvas_color(const P5Color& c);

// How many land colours the sketch works out per scheme (buildBandColors), coast to peak.
inline constexpr int kBandCount = 256;
// Most land stops a scheme may have.
inline constexpr int kMaxLandStops = 8;

// One of the sketch's colour schemes, its strings parsed once.
struct ColorScheme {
  std::string key;    // the sketch's key, e.g. "site_dark"
  std::string label;  // what the picker shows, e.g. "Site Dark"
  P5Color land[kMaxLandStops];
  int land_count = 0;   // `land` runs from the coast to the highest peaks, blended evenly
  P5Color sea_shallow;  // sea[0]: at the coast
  P5Color sea_deep;     // sea[1]: the deep sea, and the background
  P5Color river;
  P5Color bank;        // drawn under the river, 2 px wider
  P5Color line;        // regular contour lines
  P5Color index_line;  // every fifth contour, and the coastline
  // buildBandColors(): land colours by height, 256 steps from the coast to the peaks.
  std::array<Rgb, kBandCount> bands{};
};

// Builds a scheme from the sketch's strings (land: 2..kMaxLandStops stops; sea: 2 colours).
// Throws std::invalid_argument, naming the scheme and the value, on any bad colour or count.
ColorScheme make_color_scheme(std::string_view key, std::string_view label,
                              std::span<const std::string_view> land, std::string_view sea_shallow,
                              std::string_view sea_deep, std::string_view river,
                              std::string_view bank, std::string_view line,
                              std::string_view index_line);

// buildBandColors(): for i in 0..255, position = (i / 255) * (stops - 1),
// j = min(floor(position), stops - 2), lerpColor(stops[j], stops[j + 1], position - j), and
// its red(), green(), blue().
std::array<Rgb, kBandCount> band_colors(std::span<const P5Color> stops);

// The sketch's five schemes in its order: site_dark, site_light, topographic, blueprint, bw.
// Built once on first use and never changed after.
std::span<const ColorScheme> color_schemes();
// The scheme with this key, or nullptr.
const ColorScheme* find_color_scheme(std::string_view key);

}  // namespace terrain::render
