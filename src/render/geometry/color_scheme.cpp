// Colour schemes, read as p5.js 1.11.13 reads them (see color_scheme.h).
//
// Sections: parsing, p5's colour arithmetic, schemes.
#include "render/geometry/color_scheme.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace terrain::render {

// --- parsing ---------------------------------------------------------------------------------

namespace {

[[noreturn]] void bad_color(std::string_view text, std::string_view why) {
  throw std::invalid_argument("colour \"" + std::string(text) + "\": " + std::string(why) +
                              " (allowed: \"#rrggbb\" or \"rgba(r, g, b, a)\" with r, g, b "
                              "integers 0..255 and a from 0 to 1)");
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// A cursor over the lower-cased text, for the rgba() form.
struct Reader {
  std::string_view s;
  std::size_t at = 0;

  void spaces() {
    while (at < s.size() && std::isspace(static_cast<unsigned char>(s[at]))) at++;
  }
  bool literal(std::string_view word) {
    if (s.substr(at, word.size()) != word) return false;
    at += word.size();
    return true;
  }
  std::size_t digits() {
    std::size_t n = 0;
    while (at < s.size() && std::isdigit(static_cast<unsigned char>(s[at]))) at++, n++;
    return n;
  }
};

}  // namespace

P5Color parse_color(std::string_view text) {
  // p5 trims and lower-cases the string before matching its patterns.
  std::string s(text);
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const auto first = s.find_first_not_of(" \t\n\r\f\v");
  const auto last = s.find_last_not_of(" \t\n\r\f\v");
  if (first == std::string::npos) bad_color(text, "empty");
  s = s.substr(first, last - first + 1);

  P5Color color;
  if (s[0] == '#') {
    // HEX6: each pair parseInt(pair, 16) / 255, alpha 1.
    if (s.size() != 7) bad_color(text, "a hex colour needs exactly 6 digits");
    for (int k = 0; k < 3; k++) {
      const int hi = hex_digit(s[1 + 2 * k]);
      const int lo = hex_digit(s[2 + 2 * k]);
      if (hi < 0 || lo < 0) bad_color(text, "not a hex digit");
      color.array[k] = (hi * 16 + lo) / 255.0;
    }
    color.array[3] = 1;
    return color;
  }

  // RGBA: ^rgba\( int , int , int , decimal \)$ with optional spaces between the parts;
  // r, g, b become value / 255 and alpha parseFloat(value).
  Reader in{s};
  if (!in.literal("rgba(")) bad_color(text, "unknown form");
  for (int k = 0; k < 4; k++) {
    in.spaces();
    const std::size_t start = in.at;
    if (k < 3) {
      const std::size_t n = in.digits();
      if (n < 1 || n > 3) bad_color(text, "expected an integer channel of 1 to 3 digits");
      const int value = std::atoi(s.substr(start, n).c_str());
      if (value > 255) bad_color(text, "channel above 255");
      color.array[k] = value / 255.0;
      in.spaces();
      if (!in.literal(",")) bad_color(text, "expected a comma");
    } else {
      // DECIMAL: 79, 129.6 or .9
      const std::size_t whole = in.digits();
      std::size_t fraction = 0;
      if (in.literal(".")) {
        fraction = in.digits();
        if (fraction == 0) bad_color(text, "expected digits after the decimal point");
      }
      if (whole == 0 && fraction == 0) bad_color(text, "expected an alpha value");
      const double alpha = std::strtod(s.substr(start, in.at - start).c_str(), nullptr);
      if (alpha > 1) bad_color(text, "alpha above 1");
      color.array[3] = alpha;
      in.spaces();
      if (!in.literal(")") || in.at != s.size()) bad_color(text, "expected \")\" at the end");
    }
  }
  return color;
}

// --- p5's colour arithmetic ------------------------------------------------------------------

int P5Color::level(int k) const {
  // Math.round: halves round up. floor(x + 0.5) would misround 0.49999999999999994.
  const double x = array[static_cast<std::size_t>(k)] * 255;
  double r = std::floor(x);
  if (x - r >= 0.5) r += 1;
  return static_cast<int>(r);
}

P5Color lerp_color(const P5Color& from, const P5Color& to, double amt) {
  // Prevent extrapolation, as p5 does.
  amt = std::max(std::min(amt, 1.0), 0.0);
  P5Color out;
  for (int k = 0; k < 4; k++) {
    const double a = from.level(k) / 255.0;
    const double b = to.level(k) / 255.0;
    // p5's lerp(start, stop, amt) = amt * (stop - start) + start, then scaled by the mode's
    // maximum (255), and color(l0, l1, l2, l3) divides by it again and clamps to 0..1.
    double l = amt * (b - a) + a;
    l *= 255;
    double result = l / 255;
    if (result < 0) result = 0;
    if (result > 1) result = 1;
    out.array[static_cast<std::size_t>(k)] = result;
  }
  return out;
}

Rgb mix(const Rgb& a, const Rgb& b, double t) {
  return {a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t};
}

CanvasColor canvas_color(const P5Color& c) {
  return {static_cast<float>(c.level(0)) / 255.0f, static_cast<float>(c.level(1)) / 255.0f,
          static_cast<float>(c.level(2)) / 255.0f, static_cast<float>(c.array[3])};
}

std::array<Rgb, kBandCount> band_colors(std::span<const P5Color> stops) {
  if (stops.size() < 2) throw std::invalid_argument("band_colors: needs at least 2 land stops");
  std::array<Rgb, kBandCount> bands{};
  const int last_pair = static_cast<int>(stops.size()) - 2;
  for (int i = 0; i < kBandCount; i++) {
    const double position = (i / 255.0) * static_cast<double>(stops.size() - 1);
    const int j = std::min(static_cast<int>(std::floor(position)), last_pair);
    const P5Color c = lerp_color(stops[static_cast<std::size_t>(j)],
                                 stops[static_cast<std::size_t>(j) + 1], position - j);
    bands[static_cast<std::size_t>(i)] = rgb(c);
  }
  return bands;
}

// --- schemes ---------------------------------------------------------------------------------

ColorScheme make_color_scheme(std::string_view key, std::string_view label,
                              std::span<const std::string_view> land, std::string_view sea_shallow,
                              std::string_view sea_deep, std::string_view river,
                              std::string_view bank, std::string_view line,
                              std::string_view index_line) {
  ColorScheme scheme;
  scheme.key = key;
  scheme.label = label;
  if (land.size() < 2 || land.size() > static_cast<std::size_t>(kMaxLandStops)) {
    throw std::invalid_argument(
        "colour scheme \"" + std::string(key) + "\": " + std::to_string(land.size()) +
        " land colours (allowed: 2 to " + std::to_string(kMaxLandStops) + ")");
  }
  try {
    for (std::size_t k = 0; k < land.size(); k++) scheme.land[k] = parse_color(land[k]);
    scheme.land_count = static_cast<int>(land.size());
    scheme.sea_shallow = parse_color(sea_shallow);
    scheme.sea_deep = parse_color(sea_deep);
    scheme.river = parse_color(river);
    scheme.bank = parse_color(bank);
    scheme.line = parse_color(line);
    scheme.index_line = parse_color(index_line);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("colour scheme \"" + std::string(key) + "\": " + e.what());
  }
  scheme.bands = band_colors({scheme.land, land.size()});
  return scheme;
}

namespace {

std::vector<ColorScheme> build_sketch_schemes() {
  using sv = std::string_view;
  // The sketch's color_sets, verbatim. `land` runs from the coast to the highest peaks; the
  // two "site" schemes use the site's own palette.
  const sv site_dark[] = {"#241b15", "#3d2412", "#7a3c12", "#b07c55"};
  const sv site_light[] = {"#fbf6f0", "#ffe6d4", "#ffc49c", "#e8a070"};
  const sv topographic[] = {"#b5d3a0", "#e4dca4", "#d2a97c", "#b98a6a", "#f4f1ea"};
  const sv blueprint[] = {"#1d57b8", "#3a78d8", "#6a9ae6"};
  const sv bw[] = {"#3a3a3a", "#e0e0e0"};
  std::vector<ColorScheme> schemes;
  schemes.push_back(make_color_scheme("site_dark", "Site Dark", site_dark, "#0a0a0a", "#000000",
                                      "#ff6600", "#0a0a0a", "rgba(255, 255, 255, 0.22)",
                                      "rgba(255, 255, 255, 0.6)"));
  schemes.push_back(make_color_scheme("site_light", "Site Light", site_light, "#ffffff", "#f2f2f2",
                                      "#ff6600", "#ffffff", "rgba(0, 0, 0, 0.22)", "#b84900"));
  schemes.push_back(make_color_scheme("topographic", "Topographic", topographic, "#9cc3d5",
                                      "#4a7fa8", "#4a90d9", "#1d4f8a", "rgba(110, 80, 50, 0.45)",
                                      "#6e4a2a"));
  schemes.push_back(make_color_scheme("blueprint", "Blueprint", blueprint, "#0b3d91", "#082d6b",
                                      "#ffffff", "#0b3d91", "rgba(255, 255, 255, 0.35)",
                                      "#ffffff"));
  schemes.push_back(make_color_scheme("bw", "Black / White", bw, "#111111", "#000000", "#ffffff",
                                      "#000000", "rgba(255, 255, 255, 0.3)", "#ffffff"));
  return schemes;
}

}  // namespace

std::span<const ColorScheme> color_schemes() {
  // Built once, on first use, and read-only after: thread-safe static initialisation.
  static const std::vector<ColorScheme> schemes = build_sketch_schemes();
  return schemes;
}

const ColorScheme* find_color_scheme(std::string_view key) {
  for (const ColorScheme& scheme : color_schemes()) {
    if (scheme.key == key) return &scheme;
  }
  return nullptr;
}

}  // namespace terrain::render
