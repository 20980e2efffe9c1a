// The map's linework as SVG (see svg.h).
//
// Sections: numbers (thousandths, written without trailing zeros; stroke widths); colours; the
// land layer; the contour layers; the river layer; styles and paper; map_svg.
#include "exports/svg.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "core/contours.h"
#include "core/enum_names.h"
#include "core/number_text.h"
#include "core/river_network.h"
#include "render/geometry/contour_paths.h"
#include "render/geometry/river_paths.h"

namespace terrain::exports {
namespace {

// --- Numbers -----------------------------------------------------------------------------------

// A coordinate as it is written: in thousandths of a grid unit.
struct Written {
  int64_t x;
  int64_t y;
  bool operator==(const Written&) const = default;
};

int64_t thousandths(double value) {
  return std::llround(value * 1000);
}

Written written(Point p) {
  return {thousandths(p.x), thousandths(p.y)};
}

// "12", "12.5", "-0.25", "3.142": a count of thousandths as a decimal.
void append_thousandths(std::string& out, int64_t value) {
  if (value < 0) {
    out += '-';
    value = -value;
  }
  char digits[24];
  const auto whole = std::to_chars(digits, digits + sizeof digits, value / 1000);
  out.append(digits, whole.ptr);
  int64_t rest = value % 1000;
  if (rest == 0) return;
  out += '.';
  int64_t unit = 100;
  while (rest != 0) {
    out += static_cast<char>('0' + rest / unit);
    rest %= unit;
    unit /= 10;
  }
}

void append_number(std::string& out, double value) {
  append_thousandths(out, thousandths(value));
}

void append_point(std::string& out, Point p, char between) {
  append_number(out, p.x);
  out += between;
  append_number(out, p.y);
}

// How stroke widths are written: the sketch's widths in thousandths of a map unit, or, with a
// pen width on paper, scaled to it and written to 6 significant digits (a fine pen on a large
// sheet is far less than a thousandth of a unit).
struct Widths {
  double scale = 1;
  bool pen = false;

  void append(std::string& out, double map_width) const {
    if (!pen) {
      append_number(out, map_width);
      return;
    }
    char digits[32];
    const auto end = std::to_chars(digits, digits + sizeof digits, map_width * scale,
                                   std::chars_format::general, 6);
    out.append(digits, end.ptr);
  }
};

// --- Colours -----------------------------------------------------------------------------------

// "#rrggbb" from p5's 8-bit levels.
std::string hex(const render::P5Color& color) {
  std::string out = "#";
  for (int k = 0; k < 3; k++) {
    const int level = color.level(k);
    out += "0123456789abcdef"[level >> 4];
    out += "0123456789abcdef"[level & 15];
  }
  return out;
}

// "#rrggbb" of a land band's channels (0..255, not always whole).
std::string hex(const render::Rgb& rgb) {
  std::string out = "#";
  for (const double channel : rgb) {
    const auto level = static_cast<int>(std::clamp<long>(std::lround(channel), 0, 255));
    out += "0123456789abcdef"[level >> 4];
    out += "0123456789abcdef"[level & 15];
  }
  return out;
}

// stroke="..." and, for a colour with alpha, stroke-opacity="...".
std::string stroke(const render::P5Color& color) {
  std::string out = " stroke=\"";
  out += hex(color);
  out += '"';
  if (color.alpha() < 1) {
    out += " stroke-opacity=\"";
    append_number(out, color.alpha());
    out += '"';
  }
  return out;
}

// Text for element content or an attribute value.
std::string escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        // XML 1.0 allows no control characters but tab, newline and return.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') {
          out += ' ';
        } else {
          out += c;
        }
    }
  }
  return out;
}

// <g> of a layer: its id, the label Inkscape's layers panel shows, and its style.
void open_layer(std::string& out, std::string_view id, std::string_view label,
                const std::string& style) {
  out += "  <g inkscape:groupmode=\"layer\" id=\"";
  out += id;
  out += "\" inkscape:label=\"";
  out += label;
  out += '"';
  out += style;
  out += ">\n";
}

// A pen's colour: stroke="#rrggbb" at full strength.
std::string stroke(std::string_view pen) {
  std::string out = " stroke=\"";
  out += pen;
  out += '"';
  return out;
}

// `stroke_attributes` as stroke() gives them; `width` in map units, written as `widths` says.
std::string line_style(const std::string& stroke_attributes, double width, const Widths& widths) {
  std::string out = " fill=\"none\"";
  out += stroke_attributes;
  out += " stroke-width=\"";
  widths.append(out, width);
  out += "\" stroke-linecap=\"round\" stroke-linejoin=\"round\"";
  return out;
}

// --- The land layer ----------------------------------------------------------------------------

// The ground with a ring of two cells around it: the edge cells' heights, then `below` (lower
// than any level), so that every contour of it is a closed loop. Grid point (x, y) of the
// ground is (x + 2, y + 2) here.
Heightfield ringed(const Heightfield& ground, float below) {
  const int cols = ground.width();
  const int rows = ground.height();
  Heightfield out(cols + 4, rows + 4, below);
  for (int y = -1; y <= rows; y++) {
    for (int x = -1; x <= cols; x++) {
      out.at(x + 2, y + 2) = ground.at(std::clamp(x, 0, cols - 1), std::clamp(y, 0, rows - 1));
    }
  }
  return out;
}

// One step of the land as a filled path: the loops of `ringed` at `level`, moved back to the
// ground's grid and clamped to its cells' edges, each point as written once in a row. Returns
// whether anything was written.
bool append_land_step(std::string& out, const Heightfield& ringed, double level,
                      const std::string& fill, std::vector<Written>& kept) {
  const double right = ringed.width() - 4 - 0.5;
  const double bottom = ringed.height() - 4 - 0.5;
  std::string d;
  for (const ContourPolyline& loop : contour_polylines(ringed, level)) {
    kept.clear();
    for (const Point& p : loop) {
      const Written w =
          written({std::clamp(p.x - 2, -0.5, right), std::clamp(p.y - 2, -0.5, bottom)});
      if (kept.empty() || !(w == kept.back())) kept.push_back(w);
    }
    if (kept.size() > 1 && kept.front() == kept.back()) kept.pop_back();  // Z closes it
    if (kept.size() < 3) continue;                                        // encloses nothing
    d += d.empty() ? "M" : " M";
    for (std::size_t i = 0; i < kept.size(); i++) {
      if (i > 0) d += ' ';
      append_thousandths(d, kept[i].x);
      d += ',';
      append_thousandths(d, kept[i].y);
    }
    d += 'Z';
  }
  if (d.empty()) return false;
  out += "    <path d=\"";
  out += d;
  out += "\" fill=\"";
  out += fill;
  out += "\"/>\n";
  return true;
}

// --- The contour layers ------------------------------------------------------------------------

// One chain as a <polyline>, its points as written with no point twice in a row; nothing if
// fewer than two points are left (or a closed chain encloses nothing). Returns whether it was
// written.
bool append_polyline(std::string& out, const ContourPolyline& chain, std::vector<Point>& kept) {
  kept.clear();
  Written last{0, 0};
  for (const Point& p : chain) {
    const Written w = written(p);
    if (!kept.empty() && w == last) continue;
    kept.push_back(p);
    last = w;
  }
  if (kept.size() < 2) return false;
  const bool closed = chain.size() > 2 && written(kept.front()) == written(kept.back());
  if (closed && kept.size() < 4) return false;  // there and back again: one segment twice
  out += "    <polyline points=\"";
  for (std::size_t i = 0; i < kept.size(); i++) {
    if (i > 0) out += ' ';
    append_point(out, kept[i], ',');
  }
  out += "\"/>\n";
  return true;
}

// --- The river layer ---------------------------------------------------------------------------

Point middle(Point a, Point b) {
  return {(a.x + b.x) / 2, (a.y + b.y) / 2};
}

// One reach as the renderer's pieces of its cells joined (see svg.h).
void append_reach(std::string& out, const Reach& reach, std::span<const int32_t> downstream,
                  int cols, bool source, double width, const Widths& widths) {
  const std::vector<Point>& p = reach.points;
  out += "    <path d=\"M";
  if (p.size() < 2) {
    append_point(out, p.front(), ' ');
  } else {
    if (source) {
      append_point(out, p[0], ' ');
      out += " L";
    }
    append_point(out, middle(p[0], p[1]), ' ');
    for (std::size_t m = 1; m < p.size(); m++) {
      // The piece of cell m - 1: through cell m to the middle of its next step, or to cell m
      // itself when the water leaves the map there.
      Point to = p[m];
      if (m + 1 < p.size()) {
        to = middle(p[m], p[m + 1]);
      } else {
        const int32_t next = downstream[static_cast<std::size_t>(reach.cells.back())];
        if (next >= 0)
          to = middle(p[m],
                      Point{static_cast<double>(next % cols), static_cast<double>(next / cols)});
      }
      out += " Q";
      append_point(out, p[m], ' ');
      out += ' ';
      append_point(out, to, ' ');
    }
  }
  out += "\" stroke-width=\"";
  widths.append(out, width);
  out += "\"/>\n";
}

// --- Styles and paper --------------------------------------------------------------------------

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A number of millimetres: the whole text, finite.
std::optional<double> millimetres(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
      !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

bool svg_pen_ok(double mm) {
  return mm == 0 || (std::isfinite(mm) && mm >= kSvgPenMinMm && mm <= kSvgPenMaxMm);
}

constexpr EnumName<SvgStyle> kSvgStyleNames[] = {{SvgStyle::map, "map"}, {SvgStyle::plot, "plot"}};

std::optional<SvgStyle> parse_svg_style(std::string_view text) {
  return parse_enum(kSvgStyleNames, text);
}

std::string_view svg_style_name(SvgStyle style) {
  return enum_name(kSvgStyleNames, style, "map");
}

std::optional<SvgPaper> parse_svg_paper(std::string_view text) {
  const std::string name = lower(text);
  if (name == "a4") return kSvgPaperA4;
  if (name == "a3") return kSvgPaperA3;
  if (!name.ends_with("mm")) return std::nullopt;
  const std::string_view sides = std::string_view(name).substr(0, name.size() - 2);
  const std::size_t x = sides.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  const std::optional<double> w = millimetres(sides.substr(0, x));
  const std::optional<double> h = millimetres(sides.substr(x + 1));
  const auto fits = [](std::optional<double> v) {
    return v && *v >= kSvgPaperMinMm && *v <= kSvgPaperMaxMm;
  };
  if (!fits(w) || !fits(h)) return std::nullopt;
  return SvgPaper{*w, *h};
}

double svg_contour_width(bool index) {
  return (index ? render::ContourPaths::kIndexWidth : render::ContourPaths::kRegularWidth) /
         kSvgPixelsPerCell;
}

double svg_river_width(RiversBy by, int size_or_order) {
  const double pixels = by == RiversBy::order
                            ? render::RiverPaths::order_width(size_or_order, kSvgPixelsPerCell)
                            : render::RiverPaths::width(size_or_order, kSvgPixelsPerCell);
  return pixels / kSvgPixelsPerCell;
}

// --- map_svg -----------------------------------------------------------------------------------

std::string map_svg(const SvgInputs& in, SvgCounts* counts) {
  if (in.ground == nullptr || in.hydrology == nullptr || in.scheme == nullptr) {
    throw std::invalid_argument("map_svg: the ground, the hydrology and the scheme are required");
  }
  const Heightfield& ground = *in.ground;
  const Drainage& drainage = in.hydrology->drainage();
  if (drainage.width() != ground.width() || drainage.height() != ground.height()) {
    throw std::invalid_argument("map_svg: the hydrology is not of the ground's size");
  }
  if (in.contour_levels < 0) {
    throw std::invalid_argument("map_svg: contour_levels must be 0 or more");
  }
  if (in.min_flow == 0) throw std::invalid_argument("map_svg: min_flow must be at least 1");
  const SvgPage& page = in.page;
  if (page.paper) {
    const SvgPaper& paper = *page.paper;
    const auto side_ok = [](double mm) {
      return std::isfinite(mm) && mm >= kSvgPaperMinMm && mm <= kSvgPaperMaxMm;
    };
    if (!side_ok(paper.width_mm) || !side_ok(paper.height_mm)) {
      throw std::invalid_argument("map_svg: a paper's sides must be 50..5000 mm");
    }
    if (!std::isfinite(page.margin_mm) || page.margin_mm < 0 ||
        page.margin_mm > std::min(paper.width_mm, paper.height_mm) / 4) {
      throw std::invalid_argument(
          "map_svg: the margin must be 0 up to a quarter of the paper's shorter side");
    }
  }
  if (!svg_pen_ok(page.pen_mm)) {
    throw std::invalid_argument("map_svg: the pen width must be 0.05..5 mm (or 0 for none)");
  }
  const bool plot = page.style == SvgStyle::plot;
  const render::ColorScheme& scheme = *in.scheme;
  const int cols = ground.width();
  const int rows = ground.height();
  SvgCounts local;
  SvgCounts& count = counts ? *counts : local;
  count = {};

  Widths widths;
  std::string out;
  out.reserve(1 << 20);
  out +=
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" "
      "xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\" version=\"1.1\" width=\"";
  if (page.paper) {
    // The map's scale on paper (mm a cell), the larger that fits inside the margins; the
    // viewBox then spans the whole sheet at that scale, the map in its middle. The numbers
    // are written in full (the shortest text of each double) so the viewBox has the paper's
    // aspect exactly.
    const SvgPaper& paper = *page.paper;
    const double mm_per_cell = std::min((paper.width_mm - 2 * page.margin_mm) / cols,
                                        (paper.height_mm - 2 * page.margin_mm) / rows);
    const double box_w = paper.width_mm / mm_per_cell;
    const double box_h = paper.height_mm / mm_per_cell;
    // The pen's width on paper, in map units: the contours', the other lines' in proportion.
    if (page.pen_mm > 0) {
      widths.pen = true;
      widths.scale = page.pen_mm / mm_per_cell / svg_contour_width(false);
    }
    out += number_text(paper.width_mm);
    out += "mm\" height=\"";
    out += number_text(paper.height_mm);
    out += "mm\" viewBox=\"";
    out += number_text(-0.5 - (box_w - cols) / 2);
    out += ' ';
    out += number_text(-0.5 - (box_h - rows) / 2);
    out += ' ';
    out += number_text(box_w);
    out += ' ';
    out += number_text(box_h);
  } else {
    out += std::to_string(static_cast<int64_t>(cols * kSvgPixelsPerCell));
    out += "\" height=\"";
    out += std::to_string(static_cast<int64_t>(rows * kSvgPixelsPerCell));
    out += "\" viewBox=\"-0.5 -0.5 ";
    out += std::to_string(cols);
    out += ' ';
    out += std::to_string(rows);
  }
  out += "\">\n";
  if (!in.title.empty()) {
    out += "  <title>";
    out += escaped(in.title);
    out += "</title>\n";
  }

  if (in.background && !plot) {
    open_layer(out, "background", "Background (fill only, not plotted)", "");
    out += "    <rect x=\"-0.5\" y=\"-0.5\" width=\"";
    out += std::to_string(cols);
    out += "\" height=\"";
    out += std::to_string(rows);
    out += "\" fill=\"";
    out += hex(scheme.sea_deep);
    out += "\" stroke=\"none\"/>\n  </g>\n";

    // The land, a step of colour at the sea level and each contour level above it, each over
    // the one below (see svg.h).
    std::vector<double> steps{in.sea_level};
    if (in.contour_levels > 0) {
      for (const ContourLevel& level : contour_levels(in.sea_level, in.contour_levels)) {
        if (level.value > in.sea_level) steps.push_back(level.value);
      }
    }
    float lowest = 0;
    for (const float h : std::span<const float>(ground.data(), ground.size())) {
      lowest = std::min(lowest, h);
    }
    const Heightfield ring = ringed(ground, std::min(lowest, static_cast<float>(in.sea_level)) - 1);
    open_layer(out, "land", "Land (fill only, not plotted)",
               " stroke=\"none\" fill-rule=\"evenodd\"");
    std::vector<Written> kept;
    const double land_span = 1 - in.sea_level;
    for (std::size_t k = 0; k < steps.size(); k++) {
      const double top = k + 1 < steps.size() ? steps[k + 1] : 1;
      const double share = land_span > 0 ? ((steps[k] + top) / 2 - in.sea_level) / land_span : 0;
      const auto band = static_cast<std::size_t>(
          std::clamp(std::floor(share * (render::kBandCount - 1)), 0.0, render::kBandCount - 1.0));
      count.land += append_land_step(out, ring, steps[k], hex(scheme.bands[band]), kept) ? 1 : 0;
    }
    out += "  </g>\n";
  }

  // The levels by layer: the coastline (sea level, when above 0), the regular levels, the
  // index levels; none at all with 0 levels, as the map draws none.
  std::vector<ContourLevel> levels;
  if (in.contour_levels > 0) levels = contour_levels(in.sea_level, in.contour_levels);
  const bool has_coast = !levels.empty() && in.sea_level > 0;
  std::vector<Point> kept;
  const auto contour_layer = [&](std::string_view id, std::string_view label,
                                 const std::string& pen, bool index, auto wanted) {
    std::size_t written_lines = 0;
    open_layer(out, id, label, line_style(pen, svg_contour_width(index), widths));
    for (std::size_t k = 0; k < levels.size(); k++) {
      if (!wanted(k)) continue;
      for (const ContourPolyline& chain : contour_polylines(ground, levels[k].value)) {
        written_lines += append_polyline(out, chain, kept) ? 1 : 0;
      }
    }
    out += "  </g>\n";
    return written_lines;
  };
  const auto is_coast = [&](std::size_t k) { return has_coast && k == 0; };
  const SvgPlotColors& pens = kSvgPlotColors;
  count.coastline =
      contour_layer("coastline", "1 Coastline",
                    plot ? stroke(pens.coastline) : stroke(scheme.index_line), true, is_coast);
  count.contours =
      contour_layer("contours", "2 Contours", plot ? stroke(pens.contours) : stroke(scheme.line),
                    false, [&](std::size_t k) { return !is_coast(k) && !levels[k].index; });
  count.index_contours =
      contour_layer("index-contours", "3 Index contours",
                    plot ? stroke(pens.index_contours) : stroke(scheme.index_line), true,
                    [&](std::size_t k) { return !is_coast(k) && levels[k].index; });

  // The rivers: one path a reach, each stroked by its order or its lowest piece's flow class.
  std::string river_style = " fill=\"none\"";
  river_style += plot ? stroke(pens.rivers) : stroke(scheme.river);
  river_style += " stroke-linecap=\"round\" stroke-linejoin=\"round\"";
  open_layer(out, "rivers", "4 Rivers", river_style);
  const std::vector<Reach> reaches = river_reaches(drainage, in.min_flow);
  const std::span<const uint32_t> flow = drainage.flow();
  const std::span<const int32_t> downstream = drainage.downstream();
  // A reach starts at a source when no river runs into its first cell.
  std::vector<uint8_t> fed(drainage.size(), 0);
  for (std::size_t i = 0; i < fed.size(); i++) {
    if (downstream[i] >= 0 && flow[i] >= in.min_flow)
      fed[static_cast<std::size_t>(downstream[i])] = 1;
  }
  for (const Reach& reach : reaches) {
    double width = 0;
    if (in.rivers_by == RiversBy::order) {
      width = svg_river_width(RiversBy::order, reach.order);
    } else {
      const std::size_t lowest = reach.cells.size() >= 2 ? reach.cells.size() - 2 : 0;
      const double water = flow[static_cast<std::size_t>(reach.cells[lowest])];
      const double size = std::min<double>(
          sketch::RIVER_WIDTHS - 1, std::max(0.0, std::floor(std::log2(water / in.min_flow))));
      width = svg_river_width(RiversBy::flow, static_cast<int>(size));
    }
    const bool source = fed[static_cast<std::size_t>(reach.cells.front())] == 0;
    append_reach(out, reach, downstream, cols, source, width, widths);
  }
  count.rivers = reaches.size();
  out += "  </g>\n</svg>\n";
  return out;
}

std::string svg_title(uint32_t seed, uint64_t drops) {
  return "Terrain Sandbox: seed " + std::to_string(seed) + " after " + std::to_string(drops) +
         " drops";
}

}  // namespace terrain::exports
