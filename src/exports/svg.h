// The map's linework as an SVG document for a pen plotter, Inkscape or a browser: the
// coastline, the contours and the rivers, each class in a layer of its own so a plotter can
// change pens between them (docs/exports.md).
//
// Coordinates are the core's grid units: grid point (x, y) is cell (x, y)'s centre, as the
// contours and the river reaches give them. Without a paper size: viewBox="-0.5 -0.5 W H":
// every cell is the unit square around its grid point, the picture is the map's cells edge to
// edge, and width and height are 4 px a cell (1280 x 720 for the sketch's 320 x 180, the
// sketch's canvas). On paper (SvgPage::paper): width and height are the paper's in mm, and the
// viewBox, in the same grid units, is widened on one axis so that it has the paper's aspect and
// the map (its aspect kept) fills the paper inside the margins on the other axis, centred.
//
// Styles: map (the scheme's colours: the land in its land colours on its deep sea colour) or
// plot (for paper: dark pen colours, kSvgPlotColors, at full strength, and no fills at all).
//
// Layers (<g inkscape:groupmode="layer">, in drawing order):
//   background      one rect in the scheme's deep sea colour, fill only (plotters skip fills);
//                   left out in the plot style or with SvgInputs::background = false
//   land            the land, fill only, in the scheme's land colours by height: one <path>
//                   a step (see Land), each over the one below; left out with the background
//   coastline       the sea-level contour (when the sea level is above 0)
//   contours        the regular levels
//   index-contours  every fifth level (contour_levels(): the index lines but the coastline)
//   rivers          one <path> per reach of the network (river_reaches)
// With contour_levels 0 there are no lines in the three contour layers, the coastline
// included, as the map then draws none.
//
// Contours: one <polyline> per chain of contour_polylines() (joined through the cell edges
// they share; a closed loop ends on its first point again), the points written with up to 3
// decimals; a point equal to the one before it once written is dropped, and a chain left with
// fewer than two points (or a closed one with fewer than four) is left out, so no segment is
// of zero length.
//
// Land: the steps are the sea level and the contour levels above it (contour_levels(); the sea
// level alone with 0 levels). Step k's path is the ground strictly above its level (as marching
// squares has it), traced as contour_polylines() of the ground with a ring of two cells around
// it (the edge cells' heights, then lower than any level), so every outline is a closed loop
// ("M x,y x,y ... Z", filled even-odd: a hollow inside it is a loop too) that follows the
// contour line at that level inside the map and the map's edge (its points clamped to
// -0.5 .. W - 0.5 by -0.5 .. H - 0.5) outside it. It is filled with the land band colour
// (ColorScheme::bands, as the relief picks one by height) at the middle of its step: from its
// level to the next one, or to 1 for the highest.
//
// Rivers: each reach is the renderer's pieces of its cells joined (render/geometry/
// river_paths.h): from the middle of a step through the cell it drains into to the middle of
// the next step, a quadratic curve with that cell as its control point; a source starts with
// the stub from its own centre. "M x y [L x y] Q cx cy x y Q ...". A reach of one cell (which
// the renderer draws nothing for) is a lone "M x y", so every reach has its element.
//
// Stroke widths are the sketch's pixel widths at 4 px a cell, in map units: contours 1 px
// (0.25), index lines and the coastline 1.5 px (0.375); rivers by flow class
// RiverPaths::width(size, 4) / 4 = (0.7 + 0.5 * size) * 0.4, the class of the reach's lowest
// piece (floor(log2(flow / min_flow)) up to 5, the widest the view draws it), or by order
// (0.7 + 0.9 * order) * 0.4. On paper they are then as wide as the map's scale makes them
// (0.22 mm a contour on A4), unless SvgPage::pen_mm is given: then the contours are that many
// mm wide on the paper, whatever its size, and every other line keeps its width relative to
// theirs (1.5 times for the index lines; a river by its class or order); these widths are
// written to 6 significant digits. Colours are the scheme's: line, index_line (also the coastline),
// river, sea_deep; a colour's alpha becomes stroke-opacity. The renderer's fades and the
// river's bank are not drawn: a pen draws every reach at full strength.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/map_view.h"
#include "core/sketch.h"
#include "render/geometry/color_scheme.h"

namespace terrain::exports {

// How the lines are coloured: the map's scheme on its sea colour, or dark pens on white paper.
enum class SvgStyle { map, plot };
// "map" or "plot" (exactly), or none.
std::optional<SvgStyle> parse_svg_style(std::string_view text);
std::string_view svg_style_name(SvgStyle style);

// The plot style's pens, "#rrggbb", all dark: the coastline and the index contours black, the
// contours dark gray, the rivers dark blue.
struct SvgPlotColors {
  std::string_view coastline = "#000000";
  std::string_view contours = "#4d4d4d";
  std::string_view index_contours = "#000000";
  std::string_view rivers = "#0b3d91";
};
inline constexpr SvgPlotColors kSvgPlotColors{};

// A sheet of paper, landscape, in millimetres.
struct SvgPaper {
  double width_mm = 0;
  double height_mm = 0;
  bool operator==(const SvgPaper&) const = default;
};
inline constexpr SvgPaper kSvgPaperA4{297, 210};
inline constexpr SvgPaper kSvgPaperA3{420, 297};
// The sides a paper given as WxHmm may have.
inline constexpr double kSvgPaperMinMm = 50;
inline constexpr double kSvgPaperMaxMm = 5000;
// The margin kept clear on every side of the paper.
inline constexpr double kSvgMarginMm = 10;
// "A4" or "A3" (any case: landscape, 297 x 210 and 420 x 297 mm), or "WxHmm" with W and H
// numbers of millimetres in kSvgPaperMinMm..kSvgPaperMaxMm ("300x200mm", "841x594.5mm"); else
// none.
std::optional<SvgPaper> parse_svg_paper(std::string_view text);

// The pen widths SvgPage::pen_mm may have, in mm on paper: a fine plotter pen to a marker.
inline constexpr double kSvgPenMinMm = 0.05;
inline constexpr double kSvgPenMaxMm = 5;
// Whether `mm` is a pen width map_svg takes: 0 (none) or kSvgPenMinMm..kSvgPenMaxMm.
bool svg_pen_ok(double mm);

// The page the linework is laid out on and how it is drawn: what terrain-cli's --svg-paper,
// --svg-style and --svg-pen set, and what the app's panel passes.
struct SvgPage {
  std::optional<SvgPaper> paper;    // none: 4 px a cell, no physical size
  double margin_mm = kSvgMarginMm;  // with a paper: 0 up to a quarter of its shorter side
  SvgStyle style = SvgStyle::map;
  // With a paper: the contours' stroke width on it in mm (kSvgPenMinMm..kSvgPenMaxMm), the
  // other lines' in proportion; 0: the sketch's widths at the map's scale. Without a paper
  // the page has no size in mm and this is not used.
  double pen_mm = 0;
};

struct SvgInputs {
  const Heightfield* ground = nullptr;  // required: the ground the lines are traced over
  double sea_level = sketch::sea_level.initial;
  int contour_levels = static_cast<int>(sketch::contour_levels.initial);  // 0 for none
  const Hydrology* hydrology = nullptr;  // required: of `ground` (its size)
  RiversBy rivers_by = RiversBy::flow;
  uint32_t min_flow = static_cast<uint32_t>(sketch::RIVER_START);  // at least 1
  const render::ColorScheme* scheme = nullptr;                     // required
  bool background = true;  // the background and land layers (fill only; map style only)
  std::string title;       // the document's <title>, if not empty (escaped as needed)
  SvgPage page;            // the paper and the style
};

// How many elements each layer holds.
struct SvgCounts {
  std::size_t land = 0;       // filled paths, one a step
  std::size_t coastline = 0;  // polylines
  std::size_t contours = 0;
  std::size_t index_contours = 0;
  std::size_t rivers = 0;  // paths, one per reach
};

// The whole document, UTF-8. Throws std::invalid_argument when an input is missing, the
// hydrology is not of the ground's size, contour_levels is negative, min_flow is 0, or the
// paper, its margin or the pen width is out of range.
std::string map_svg(const SvgInputs& inputs, SvgCounts* counts = nullptr);

// The stroke widths, in map units (see above).
inline constexpr double kSvgPixelsPerCell = 4;
double svg_contour_width(bool index);
double svg_river_width(RiversBy by, int size_or_order);

// The title both programs give a map's SVG: "Terrain Sandbox: seed 42 after 300000 drops".
std::string svg_title(uint32_t seed, uint64_t drops);

}  // namespace terrain::exports
