// exports::map_svg: the document parses as XML (libxml2), has its viewBox and its four layers
// for the plotter (and the background and the land, six in all, but in the plot style), the
// land filled in the scheme's land colours over every land cell, on paper its size in
// millimetres with the map inside the margins and a pen width the same in mm on every paper,
// in the plot style dark pens and no fills; its polylines are the core's contour chains point for
// point (as written, to a thousandth) and its paths the core's river reaches (one each, through the
// reach's cells as the renderer curves them); no segment is of zero length or appears twice.
#include "exports/svg.h"

#include <gtest/gtest.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/contours.h"
#include "core/river_network.h"
#include "core/river_picture.h"
#include "core/sketch.h"
#include "exports_test_support.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/river_paths.h"
#include "render/geometry/stroke_path.h"

namespace terrain {
namespace {

using testing::eroded_island;
using testing::island_hydrology;

constexpr const char* kInkscape = "http://www.inkscape.org/namespaces/inkscape";

// A parsed document, freed at the end.
class XmlDoc {
 public:
  explicit XmlDoc(const std::string& text)
      : doc_(xmlReadMemory(text.data(), static_cast<int>(text.size()), "map.svg", nullptr,
                           XML_PARSE_NONET)) {}
  ~XmlDoc() {
    if (doc_) xmlFreeDoc(doc_);
  }
  XmlDoc(const XmlDoc&) = delete;
  XmlDoc& operator=(const XmlDoc&) = delete;
  xmlDocPtr get() const { return doc_; }
  xmlNodePtr root() const { return xmlDocGetRootElement(doc_); }

 private:
  xmlDocPtr doc_;
};

std::string name_of(xmlNodePtr node) {
  return reinterpret_cast<const char*>(node->name);
}

// An attribute's value ("" when absent); `ns` for a namespaced one.
std::string attr(xmlNodePtr node, const char* name, const char* ns = nullptr) {
  xmlChar* value = ns ? xmlGetNsProp(node, reinterpret_cast<const xmlChar*>(name),
                                     reinterpret_cast<const xmlChar*>(ns))
                      : xmlGetNoNsProp(node, reinterpret_cast<const xmlChar*>(name));
  if (value == nullptr) return "";
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

std::vector<xmlNodePtr> children(xmlNodePtr node, const std::string& name) {
  std::vector<xmlNodePtr> found;
  for (xmlNodePtr c = node->children; c; c = c->next) {
    if (c->type == XML_ELEMENT_NODE && name_of(c) == name) found.push_back(c);
  }
  return found;
}

// The layers by id.
std::map<std::string, xmlNodePtr> layers(xmlNodePtr root) {
  std::map<std::string, xmlNodePtr> by_id;
  for (xmlNodePtr g : children(root, "g")) {
    if (attr(g, "groupmode", kInkscape) == "layer") by_id[attr(g, "id")] = g;
  }
  return by_id;
}

// A point as written, in thousandths.
using Written = std::pair<long long, long long>;
Written written(Point p) {
  return {std::llround(p.x * 1000), std::llround(p.y * 1000)};
}

std::vector<Point> polyline_points(xmlNodePtr polyline) {
  std::vector<Point> points;
  std::istringstream in(attr(polyline, "points"));
  std::string pair;
  while (in >> pair) {
    const std::size_t comma = pair.find(',');
    EXPECT_NE(comma, std::string::npos) << pair;
    points.push_back({std::strtod(pair.substr(0, comma).c_str(), nullptr),
                      std::strtod(pair.substr(comma + 1).c_str(), nullptr)});
  }
  return points;
}

// A core chain as the document should hold it: rounded to thousandths, no point twice in a
// row; empty when fewer than two points are left or a closed chain collapses.
std::vector<Point> as_written(const ContourPolyline& chain) {
  std::vector<Point> kept;
  for (const Point& p : chain) {
    if (!kept.empty() && written(kept.back()) == written(p)) continue;
    kept.push_back(p);
  }
  if (kept.size() < 2) return {};
  if (chain.size() > 2 && written(kept.front()) == written(kept.back()) && kept.size() < 4) {
    return {};
  }
  return kept;
}

struct Parsed {
  std::string text;
  exports::SvgCounts counts;
};

// The document map_svg makes of some inputs, parsed, with its counts and its layers by id
// (none when it does not parse).
struct MadeSvg {
  explicit MadeSvg(const exports::SvgInputs& in)
      : doc(exports::map_svg(in, &counts)),
        by_id(doc.get() ? layers(doc.root()) : std::map<std::string, xmlNodePtr>{}) {}
  exports::SvgCounts counts;
  XmlDoc doc;
  std::map<std::string, xmlNodePtr> by_id;
};

exports::SvgInputs island_inputs(const render::ColorScheme& scheme) {
  exports::SvgInputs in;
  in.ground = &eroded_island();
  in.hydrology = &island_hydrology();
  in.scheme = &scheme;
  return in;
}

TEST(MapSvg, ParsesWithAViewBoxOfTheGridAndTheFourPlotterLayers) {
  const render::ColorScheme& scheme = *render::find_color_scheme("site_dark");
  exports::SvgInputs in = island_inputs(scheme);
  in.title = "seed 4 <after> 20000 drops & \"more\"";
  const std::string text = exports::map_svg(in);
  const XmlDoc doc(text);
  ASSERT_NE(doc.get(), nullptr);
  xmlNodePtr root = doc.root();
  EXPECT_EQ(name_of(root), "svg");
  ASSERT_NE(root->ns, nullptr);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(root->ns->href)),
            "http://www.w3.org/2000/svg");
  EXPECT_EQ(attr(root, "viewBox"), "-0.5 -0.5 320 180");
  EXPECT_EQ(attr(root, "width"), "1280");
  EXPECT_EQ(attr(root, "height"), "720");
  const std::vector<xmlNodePtr> titles = children(root, "title");
  ASSERT_EQ(titles.size(), 1u);
  xmlChar* title = xmlNodeGetContent(titles[0]);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(title)), in.title);
  xmlFree(title);

  const auto by_id = layers(root);
  for (const char* id :
       {"background", "land", "coastline", "contours", "index-contours", "rivers"}) {
    EXPECT_TRUE(by_id.count(id)) << id;
  }
  ASSERT_EQ(by_id.size(), 6u);
  // The scheme's colours and the sketch's widths at 4 px a cell.
  EXPECT_EQ(attr(by_id.at("coastline"), "stroke"), "#ffffff");
  EXPECT_EQ(attr(by_id.at("coastline"), "stroke-opacity"), "0.6");
  EXPECT_EQ(attr(by_id.at("coastline"), "stroke-width"), "0.375");
  EXPECT_EQ(attr(by_id.at("index-contours"), "stroke-width"), "0.375");
  EXPECT_EQ(attr(by_id.at("contours"), "stroke"), "#ffffff");
  EXPECT_EQ(attr(by_id.at("contours"), "stroke-opacity"), "0.22");
  EXPECT_EQ(attr(by_id.at("contours"), "stroke-width"), "0.25");
  EXPECT_EQ(attr(by_id.at("rivers"), "stroke"), "#ff6600");
  for (const char* id : {"coastline", "contours", "index-contours", "rivers"}) {
    EXPECT_EQ(attr(by_id.at(id), "fill"), "none") << id;
  }
  const std::vector<xmlNodePtr> rects = children(by_id.at("background"), "rect");
  ASSERT_EQ(rects.size(), 1u);
  EXPECT_EQ(attr(rects[0], "fill"), "#000000");

  // Without the background (and the land over it): only the four plotted layers.
  in.background = false;
  const XmlDoc bare(exports::map_svg(in));
  ASSERT_NE(bare.get(), nullptr);
  EXPECT_EQ(layers(bare.root()).size(), 4u);
  EXPECT_FALSE(layers(bare.root()).count("background"));
  EXPECT_FALSE(layers(bare.root()).count("land"));
}

TEST(MapSvg, PolylinesAreTheCoresContourChainsPointForPointAndNoSegmentTwice) {
  const render::ColorScheme& scheme = *render::find_color_scheme("topographic");
  const exports::SvgInputs in = island_inputs(scheme);
  exports::SvgCounts counts;
  const std::string text = exports::map_svg(in, &counts);
  const XmlDoc doc(text);
  ASSERT_NE(doc.get(), nullptr);
  const auto by_id = layers(doc.root());

  // The chains each layer should hold, in order: the coastline (level 0), the regular levels,
  // the index levels.
  const std::vector<ContourLevel> levels = contour_levels(in.sea_level, in.contour_levels);
  ASSERT_EQ(levels.size(), 11u);
  std::map<std::string, std::vector<std::vector<Point>>> expected;
  std::size_t core_chains = 0;
  for (std::size_t k = 0; k < levels.size(); k++) {
    const std::string layer = k == 0            ? "coastline"
                              : levels[k].index ? "index-contours"
                                                : "contours";
    for (const ContourPolyline& chain : contour_polylines(eroded_island(), levels[k].value)) {
      core_chains++;
      std::vector<Point> kept = as_written(chain);
      if (!kept.empty()) expected[layer].push_back(std::move(kept));
    }
  }
  EXPECT_GT(core_chains, 100u);

  std::set<std::pair<Written, Written>> segments;
  std::size_t polylines = 0;
  std::size_t points = 0;
  for (const char* id : {"coastline", "contours", "index-contours"}) {
    const std::vector<xmlNodePtr> lines = children(by_id.at(id), "polyline");
    const std::vector<std::vector<Point>>& want = expected[id];
    ASSERT_EQ(lines.size(), want.size()) << id;
    EXPECT_GT(lines.size(), 0u) << id;
    for (std::size_t i = 0; i < lines.size(); i++) {
      const std::vector<Point> got = polyline_points(lines[i]);
      ASSERT_EQ(got.size(), want[i].size()) << id << " chain " << i;
      for (std::size_t j = 0; j < got.size(); j++) {
        // As written: the core's point rounded to a thousandth (read back exactly so).
        ASSERT_EQ(got[j].x, static_cast<double>(std::llround(want[i][j].x * 1000)) / 1000.0)
            << id << i << ":" << j;
        ASSERT_EQ(got[j].y, static_cast<double>(std::llround(want[i][j].y * 1000)) / 1000.0)
            << id << i << ":" << j;
        ASSERT_LE(std::abs(got[j].x - want[i][j].x), 0.0005 + 1e-12);
        ASSERT_LE(std::abs(got[j].y - want[i][j].y), 0.0005 + 1e-12);
      }
      for (std::size_t j = 1; j < got.size(); j++) {
        Written a = written(got[j - 1]);
        Written b = written(got[j]);
        ASSERT_NE(a, b) << "a zero-length segment in " << id << " chain " << i;
        if (b < a) std::swap(a, b);
        ASSERT_TRUE(segments.insert({a, b}).second) << "a segment twice, in " << id << " " << i;
      }
      points += got.size();
    }
    polylines += lines.size();
  }
  EXPECT_EQ(counts.coastline, expected["coastline"].size());
  EXPECT_EQ(counts.contours, expected["contours"].size());
  EXPECT_EQ(counts.index_contours, expected["index-contours"].size());
  EXPECT_EQ(counts.coastline + counts.contours + counts.index_contours, polylines);
  EXPECT_GT(points, 5000u);
  // Topographic's contour colour has an alpha; its index lines none.
  EXPECT_EQ(attr(by_id.at("contours"), "stroke"), "#6e5032");
  EXPECT_EQ(attr(by_id.at("contours"), "stroke-opacity"), "0.45");
  EXPECT_EQ(attr(by_id.at("index-contours"), "stroke"), "#6e4a2a");
  EXPECT_EQ(attr(by_id.at("index-contours"), "stroke-opacity"), "");
}

// The path data as numbers after each command letter.
struct Command {
  char letter;
  std::vector<double> values;
};
std::vector<Command> path_commands(const std::string& d) {
  std::vector<Command> commands;
  std::istringstream in(d);
  std::string word;
  while (in >> word) {
    if (std::isalpha(static_cast<unsigned char>(word[0]))) {
      commands.push_back({word[0], {}});
      word = word.substr(1);
      if (word.empty()) continue;
    }
    EXPECT_FALSE(commands.empty()) << d;
    commands.back().values.push_back(std::strtod(word.c_str(), nullptr));
  }
  return commands;
}

Point middle(Point a, Point b) {
  return {(a.x + b.x) / 2, (a.y + b.y) / 2};
}

void expect_reach_paths(RiversBy by) {
  const render::ColorScheme& scheme = *render::find_color_scheme("site_light");
  exports::SvgInputs in = island_inputs(scheme);
  in.rivers_by = by;
  const MadeSvg svg(in);
  ASSERT_NE(svg.doc.get(), nullptr);
  const std::vector<xmlNodePtr> paths = children(svg.by_id.at("rivers"), "path");
  const Drainage& drainage = island_hydrology().drainage();
  const std::vector<Reach> reaches = river_reaches(drainage, in.min_flow);
  ASSERT_GT(reaches.size(), 20u);
  ASSERT_EQ(paths.size(), reaches.size());
  EXPECT_EQ(svg.counts.rivers, reaches.size());
  // A reach starts at a source unless a river runs into its first cell.
  std::vector<int> fed(drainage.size(), 0);
  for (std::size_t i = 0; i < drainage.size(); i++) {
    if (drainage.downstream()[i] >= 0 && drainage.flow()[i] >= in.min_flow) {
      fed[static_cast<std::size_t>(drainage.downstream()[i])] = 1;
    }
  }
  std::set<int> widths;
  for (std::size_t r = 0; r < reaches.size(); r++) {
    const Reach& reach = reaches[r];
    const std::vector<Point>& p = reach.points;
    const std::vector<Command> d = path_commands(attr(paths[r], "d"));
    ASSERT_FALSE(d.empty());
    ASSERT_EQ(d[0].letter, 'M');
    if (p.size() == 1) {
      ASSERT_EQ(d.size(), 1u);
      EXPECT_EQ(d[0].values, (std::vector<double>{p[0].x, p[0].y}));
      continue;
    }
    std::size_t q = 1;
    const bool source = !fed[static_cast<std::size_t>(reach.cells[0])];
    if (source) {
      EXPECT_EQ(d[0].values, (std::vector<double>{p[0].x, p[0].y})) << r;
      ASSERT_EQ(d[1].letter, 'L');
      const Point m = middle(p[0], p[1]);
      EXPECT_EQ(d[1].values, (std::vector<double>{m.x, m.y})) << r;
      q = 2;
    } else {
      const Point m = middle(p[0], p[1]);
      EXPECT_EQ(d[0].values, (std::vector<double>{m.x, m.y})) << r;
    }
    // One curve through each cell after the first, ending midway to the next.
    ASSERT_EQ(d.size() - q, p.size() - 1) << r;
    for (std::size_t m = 1; m < p.size(); m++, q++) {
      ASSERT_EQ(d[q].letter, 'Q');
      ASSERT_EQ(d[q].values.size(), 4u);
      EXPECT_EQ(d[q].values[0], p[m].x) << r << ":" << m;
      EXPECT_EQ(d[q].values[1], p[m].y) << r << ":" << m;
      if (m + 1 < p.size()) {
        const Point to = middle(p[m], p[m + 1]);
        EXPECT_EQ(d[q].values[2], to.x);
        EXPECT_EQ(d[q].values[3], to.y);
      }
    }
    const double width = std::strtod(attr(paths[r], "stroke-width").c_str(), nullptr);
    widths.insert(static_cast<int>(std::lround(width * 1000)));
    if (by == RiversBy::order) {
      EXPECT_NEAR(width, (0.7 + 0.9 * reach.order) * 0.4, 0.0005) << r;
    }
  }
  EXPECT_GT(widths.size(), 1u);
  EXPECT_EQ(attr(svg.by_id.at("rivers"), "stroke"), "#ff6600");
}

TEST(MapSvg, RiverPathsAreTheCoresReachesOneElementEachCurvedAsTheRendererDrawsThem) {
  expect_reach_paths(RiversBy::flow);
}

TEST(MapSvg, RiversByOrderAreStrokedAtTheDocumentsWidths) {
  expect_reach_paths(RiversBy::order);
  EXPECT_DOUBLE_EQ(exports::svg_river_width(RiversBy::order, 1), 0.64);
  EXPECT_DOUBLE_EQ(exports::svg_river_width(RiversBy::flow, 0), 0.28);
  EXPECT_DOUBLE_EQ(exports::svg_river_width(RiversBy::flow, 5), 1.28);
  EXPECT_DOUBLE_EQ(exports::svg_contour_width(false), 0.25);
  EXPECT_DOUBLE_EQ(exports::svg_contour_width(true), 0.375);
}

// The straight pieces a stroke is drawn from, as sortable tuples.
using Piece = std::tuple<float, float, float, float>;
std::vector<Piece> pieces_of(const render::StrokePath& path) {
  std::vector<Piece> out;
  for (const render::StrokeSegment& s : path.segments()) out.emplace_back(s.x0, s.y0, s.x1, s.y1);
  return out;
}

// The renderer draws the same curves: every river path of the document, replayed into a
// StrokePath (M, L, Q as the canvas calls), is flattened into exactly the segments
// RiverPaths::build draws for the same drainage (at one pixel a cell, the picture still),
// piece for piece. (The renderer draws a cell once its water is above its minimum flow, the
// network from it on; so it is given min_flow - 0.5, which draws every reach's cells.)
TEST(MapSvg, RiverPathsAreTheRenderersCurvesSegmentForSegment) {
  const render::ColorScheme& scheme = *render::find_color_scheme("site_dark");
  const exports::SvgInputs in = island_inputs(scheme);
  const XmlDoc doc(exports::map_svg(in));
  ASSERT_NE(doc.get(), nullptr);
  std::vector<Piece> document;
  for (xmlNodePtr path : children(layers(doc.root()).at("rivers"), "path")) {
    render::StrokePath replay;
    for (const Command& c : path_commands(attr(path, "d"))) {
      if (c.letter == 'M') replay.move_to(c.values[0], c.values[1]);
      if (c.letter == 'L') replay.line_to(c.values[0], c.values[1]);
      if (c.letter == 'Q') {
        // Each curve is its own subpath in the renderer (moveTo, quadraticCurveTo).
        replay.quadratic_curve_to(c.values[0], c.values[1], c.values[2], c.values[3]);
      }
    }
    const std::vector<Piece> p = pieces_of(replay);
    document.insert(document.end(), p.begin(), p.end());
  }

  const Drainage& drainage = island_hydrology().drainage();
  RiverPicture picture;
  picture.assign(drainage.size());
  for (std::size_t i = 0; i < drainage.size(); i++) {
    picture.downstream[i] = drainage.downstream()[i];
    picture.shown[i] = static_cast<float>(drainage.flow()[i]);
    picture.fade_in[i] = 1;
  }
  render::RiverPaths renderer;
  render::RiverStyle style;
  style.min_flow = in.min_flow - 0.5;
  renderer.build(picture, drainage.width(), Frame{}, style);
  std::vector<Piece> drawn;
  for (int n = 0; n < render::RiverPaths::kPathCount; n++) {
    const std::vector<Piece> p = pieces_of(renderer.path(n));
    drawn.insert(drawn.end(), p.begin(), p.end());
  }
  ASSERT_GT(drawn.size(), 1000u);
  std::sort(document.begin(), document.end());
  std::sort(drawn.begin(), drawn.end());
  EXPECT_EQ(document.size(), drawn.size());
  EXPECT_TRUE(document == drawn);
}

TEST(MapSvg, NoContourLevelsMeansNoLinesAsTheMapDrawsNone) {
  const render::ColorScheme& scheme = *render::find_color_scheme("bw");
  exports::SvgInputs in = island_inputs(scheme);
  in.contour_levels = 0;
  const MadeSvg svg(in);
  ASSERT_NE(svg.doc.get(), nullptr);
  for (const char* id : {"coastline", "contours", "index-contours"}) {
    EXPECT_TRUE(children(svg.by_id.at(id), "polyline").empty()) << id;
  }
  EXPECT_EQ(svg.counts.coastline + svg.counts.contours + svg.counts.index_contours, 0u);
  EXPECT_GT(children(svg.by_id.at("rivers"), "path").size(), 0u);
}

// --- The land ----------------------------------------------------------------------------------

// A filled path of the land layer: its colour and its closed loops.
struct FilledPath {
  std::string fill;
  std::vector<std::vector<Point>> loops;
};

// "M x,y x,y ... Z M ...": the loops of a land path.
std::vector<std::vector<Point>> loops_of(const std::string& d) {
  std::vector<std::vector<Point>> loops;
  std::istringstream in(d);
  std::string word;
  while (in >> word) {
    if (word[0] == 'M') {
      loops.emplace_back();
      word = word.substr(1);
    }
    const bool closes = !word.empty() && word.back() == 'Z';
    if (closes) word.pop_back();
    const std::size_t comma = word.find(',');
    EXPECT_FALSE(loops.empty()) << d.substr(0, 40);
    EXPECT_NE(comma, std::string::npos) << word;
    if (loops.empty() || comma == std::string::npos) continue;
    loops.back().push_back({std::strtod(word.substr(0, comma).c_str(), nullptr),
                            std::strtod(word.substr(comma + 1).c_str(), nullptr)});
  }
  return loops;
}

std::vector<FilledPath> land_paths(xmlNodePtr layer) {
  std::vector<FilledPath> paths;
  for (xmlNodePtr path : children(layer, "path")) {
    paths.push_back({attr(path, "fill"), loops_of(attr(path, "d"))});
  }
  return paths;
}

// Which grid points (cell centres) of a cols x rows map, each moved by `shift`, a path covers,
// by the even-odd rule: a point is inside when a ray from it to the left crosses the loops an
// odd number of times.
std::vector<uint8_t> covered(const FilledPath& path, int cols, int rows, Point shift) {
  std::vector<std::vector<double>> crossings(static_cast<std::size_t>(rows));
  for (const std::vector<Point>& loop : path.loops) {
    for (std::size_t i = 0; i < loop.size(); i++) {
      const Point a = loop[i];
      const Point b = loop[(i + 1) % loop.size()];  // Z joins the last point to the first
      if (a.y == b.y) continue;
      // The rows at y with min <= y < max: each crossing counted once where two edges meet.
      for (int row = std::max(0, static_cast<int>(std::ceil(std::min(a.y, b.y) - shift.y)));
           row < rows && row + shift.y < std::max(a.y, b.y); row++) {
        const double y = row + shift.y;
        crossings[static_cast<std::size_t>(row)].push_back(a.x +
                                                           (y - a.y) * (b.x - a.x) / (b.y - a.y));
      }
    }
  }
  std::vector<uint8_t> inside(static_cast<std::size_t>(cols) * rows, 0);
  for (int y = 0; y < rows; y++) {
    for (int x = 0; x < cols; x++) {
      std::size_t left = 0;
      for (const double c : crossings[static_cast<std::size_t>(y)]) left += c < x + shift.x ? 1 : 0;
      inside[static_cast<std::size_t>(y) * cols + x] = left % 2;
    }
  }
  return inside;
}

// "#rrggbb" of a land band, as the document should write it.
std::string band_hex(const render::Rgb& rgb) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", static_cast<int>(std::lround(rgb[0])),
                static_cast<int>(std::lround(rgb[1])), static_cast<int>(std::lround(rgb[2])));
  return text;
}

// The map's colours fill the land: every cell above the sea level is covered, in the
// scheme's land colour of its step (the sea level and the contour levels, the colour at the
// middle of each step), and every sea cell shows the background's sea colour; nothing lies
// outside the map's cells.
void expect_land_filled(int levels) {
  SCOPED_TRACE(std::to_string(levels) + " contour levels");
  const render::ColorScheme& scheme = *render::find_color_scheme("topographic");
  exports::SvgInputs in = island_inputs(scheme);
  in.contour_levels = levels;
  const MadeSvg svg(in);
  ASSERT_NE(svg.doc.get(), nullptr);
  ASSERT_TRUE(svg.by_id.count("land"));
  EXPECT_EQ(attr(svg.by_id.at("land"), "fill-rule"), "evenodd");
  EXPECT_EQ(attr(svg.by_id.at("land"), "stroke"), "none");
  const std::vector<FilledPath> paths = land_paths(svg.by_id.at("land"));

  // The steps and their colours.
  std::vector<double> steps{in.sea_level};
  for (const ContourLevel& level : contour_levels(in.sea_level, levels)) {
    if (level.value > in.sea_level) steps.push_back(level.value);
  }
  ASSERT_EQ(paths.size(), steps.size());
  EXPECT_EQ(svg.counts.land, steps.size());
  std::vector<std::string> colours;
  for (std::size_t k = 0; k < steps.size(); k++) {
    const double top = k + 1 < steps.size() ? steps[k + 1] : 1;
    const double share = ((steps[k] + top) / 2 - in.sea_level) / (1 - in.sea_level);
    colours.push_back(band_hex(scheme.bands[static_cast<std::size_t>(share * 255)]));
    EXPECT_EQ(paths[k].fill, colours.back()) << k;
    EXPECT_NE(paths[k].fill, "#4a7fa8") << k;  // no land in the sea's colour
  }

  const Heightfield& ground = eroded_island();
  const int cols = ground.width();
  const int rows = ground.height();
  for (const FilledPath& path : paths) {
    for (const std::vector<Point>& loop : path.loops) {
      EXPECT_GE(loop.size(), 3u);
      for (const Point& p : loop) {
        ASSERT_TRUE(p.x >= -0.5 && p.x <= cols - 0.5 && p.y >= -0.5 && p.y <= rows - 0.5)
            << p.x << "," << p.y;
      }
    }
  }
  // What a point shows: the fill of the last path over it, or the background's sea colour. The
  // cells' centres, and for the cells on the map's edge the points 0.45 of a cell out from
  // them towards it: a cell's colour reaches the edge.
  const Point shifts[] = {{0, 0}, {0, -0.45}, {0, 0.45}, {-0.45, 0}, {0.45, 0}};
  std::vector<std::vector<std::vector<uint8_t>>> inside;  // by shift, by path
  for (const Point shift : shifts) {
    inside.emplace_back();
    for (const FilledPath& path : paths) inside.back().push_back(covered(path, cols, rows, shift));
  }
  const auto shown_at = [&](std::size_t shift, int x, int y) {
    std::string shown = "sea";
    for (std::size_t k = 0; k < paths.size(); k++) {
      if (inside[shift][k][static_cast<std::size_t>(y) * cols + x]) shown = paths[k].fill;
    }
    return shown;
  };
  std::size_t land = 0;
  std::size_t edge_land = 0;
  std::size_t checked = 0;
  for (int y = 0; y < rows; y++) {
    for (int x = 0; x < cols; x++) {
      const double h = ground.at(x, y);
      // A cell at a level, to the written thousandth, may fall on either side of its outline.
      bool near = false;
      for (const double level : steps) near |= std::abs(h - level) < 2e-3;
      if (near) continue;
      checked++;
      std::string expected = "sea";
      for (std::size_t k = 0; k < steps.size(); k++) {
        if (h > steps[k]) expected = colours[k];
      }
      land += expected != "sea" ? 1 : 0;
      ASSERT_EQ(shown_at(0, x, y), expected) << "cell " << x << "," << y << " at " << h;
      const bool edges[] = {y == 0, y == rows - 1, x == 0, x == cols - 1};
      for (std::size_t e = 0; e < 4; e++) {
        if (!edges[e]) continue;
        edge_land += expected != "sea" ? 1 : 0;
        ASSERT_EQ(shown_at(e + 1, x, y), expected) << "towards the edge from " << x << "," << y;
      }
    }
  }
  EXPECT_GT(checked, 0.9 * cols * rows);
  EXPECT_GT(land, checked / 3);       // the island is most of the map
  EXPECT_LT(land, checked * 9 / 10);  // and the sea is there too
  EXPECT_GT(edge_land, 50u);          // the island runs off the map
}

TEST(MapSvg, TheMapsColoursFillTheLandInTheSchemesLandColoursByHeight) {
  expect_land_filled(static_cast<int>(sketch::contour_levels.initial));
  expect_land_filled(0);  // no lines, the land in one colour
  expect_land_filled(20);
}

TEST(MapSvg, MissingOrMismatchedInputsAreRefused) {
  const render::ColorScheme& scheme = *render::find_color_scheme("site_dark");
  exports::SvgInputs in = island_inputs(scheme);
  in.scheme = nullptr;
  EXPECT_THROW(exports::map_svg(in), std::invalid_argument);
  in = island_inputs(scheme);
  const Heightfield small(10, 10, 0.5f);
  in.ground = &small;
  EXPECT_THROW(exports::map_svg(in), std::invalid_argument);
  in = island_inputs(scheme);
  in.min_flow = 0;
  EXPECT_THROW(exports::map_svg(in), std::invalid_argument);
  in = island_inputs(scheme);
  in.contour_levels = -1;
  EXPECT_THROW(exports::map_svg(in), std::invalid_argument);
}

// --- Paper and the plot style -------------------------------------------------------------------

std::vector<double> numbers(const std::string& text) {
  std::vector<double> out;
  std::istringstream in(text);
  double v = 0;
  while (in >> v) out.push_back(v);
  return out;
}

// "297mm" as 297; NaN for anything not in millimetres.
double millimetres(const std::string& text) {
  if (text.size() < 3 || text.substr(text.size() - 2) != "mm") return std::nan("");
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() - 2 ? value : std::nan("");
}

TEST(MapSvg, OnPaperThePageIsInMillimetresAndTheMapFillsItInsideTheMargins) {
  const render::ColorScheme& scheme = *render::find_color_scheme("site_light");
  exports::SvgInputs plain = island_inputs(scheme);
  const std::string without = exports::map_svg(plain);
  const struct {
    exports::SvgPaper paper;
    double margin;
  } cases[] = {{exports::kSvgPaperA4, 10}, {exports::kSvgPaperA3, 10}, {{500, 350}, 10},
               {{210, 297}, 10},           {{300, 100}, 20},           {exports::kSvgPaperA4, 0}};
  for (const auto& c : cases) {
    SCOPED_TRACE(std::to_string(c.paper.width_mm) + " x " + std::to_string(c.paper.height_mm));
    exports::SvgInputs in = island_inputs(scheme);
    in.page.paper = c.paper;
    in.page.margin_mm = c.margin;
    const std::string text = exports::map_svg(in);
    const XmlDoc doc(text);
    ASSERT_NE(doc.get(), nullptr);
    const double w = millimetres(attr(doc.root(), "width"));
    const double h = millimetres(attr(doc.root(), "height"));
    EXPECT_EQ(w, c.paper.width_mm);
    EXPECT_EQ(h, c.paper.height_mm);
    const std::vector<double> box = numbers(attr(doc.root(), "viewBox"));
    ASSERT_EQ(box.size(), 4u);
    // The viewBox has the paper's aspect, so one scale (mm a grid unit) maps it onto the page.
    const double scale = w / box[2];
    EXPECT_NEAR(h / box[3], scale, scale * 1e-12);
    // The map's cells, -0.5 .. W - 0.5 by -0.5 .. H - 0.5, on the page in mm.
    const double left = (-0.5 - box[0]) * scale;
    const double right = (320 - 0.5 - box[0]) * scale;
    const double top = (-0.5 - box[1]) * scale;
    const double bottom = (180 - 0.5 - box[1]) * scale;
    const double eps = 1e-9;
    EXPECT_GE(left, c.margin - eps);
    EXPECT_LE(right, w - c.margin + eps);
    EXPECT_GE(top, c.margin - eps);
    EXPECT_LE(bottom, h - c.margin + eps);
    // Centred, as large as fits: on one axis it touches the margins.
    EXPECT_NEAR(left, w - right, eps);
    EXPECT_NEAR(top, h - bottom, eps);
    EXPECT_NEAR(std::min(left, top), c.margin, eps);
    // Its aspect kept: the cells stay square (one scale), 320 x 180.
    EXPECT_NEAR((right - left) / (bottom - top), 320.0 / 180.0, 1e-12);
    // Only the <svg> element changes: every line is where it was, in grid units.
    EXPECT_EQ(text.substr(text.find("\n  <g")), without.substr(without.find("\n  <g")));
  }
}

// The stroke widths of a document on paper, in mm on the paper: each layer's (by id) and each
// river path's, in order.
struct PaperWidths {
  std::map<std::string, double> layers;
  std::vector<double> rivers;
};
PaperWidths paper_widths(const std::string& text) {
  const XmlDoc doc(text);
  EXPECT_NE(doc.get(), nullptr);
  if (doc.get() == nullptr) return {};
  const double w = millimetres(attr(doc.root(), "width"));
  const std::vector<double> box = numbers(attr(doc.root(), "viewBox"));
  EXPECT_EQ(box.size(), 4u);
  if (box.size() != 4) return {};
  const double mm_per_unit = w / box[2];  // the viewBox has the paper's aspect (tested above)
  PaperWidths out;
  for (const auto& [id, layer] : layers(doc.root())) {
    const std::string width = attr(layer, "stroke-width");
    if (!width.empty()) out.layers[id] = std::strtod(width.c_str(), nullptr) * mm_per_unit;
  }
  for (xmlNodePtr path : children(layers(doc.root()).at("rivers"), "path")) {
    out.rivers.push_back(std::strtod(attr(path, "stroke-width").c_str(), nullptr) * mm_per_unit);
  }
  return out;
}

// A pen width in mm is that width on paper whatever the paper's size: the contours are as wide
// as the pen on A4, A3 and a 100 x 400 mm strip, the index lines and the coastline 1.5 times,
// each river in the same proportion to them as without a pen. Without one the widths follow
// the map's scale (0.22 mm a contour on A4, 0.06 mm on the strip); without paper a pen changes
// nothing; a pen out of range is refused.
TEST(MapSvg, APenWidthInMillimetresIsThatWidthOnEveryPaper) {
  const render::ColorScheme& scheme = *render::find_color_scheme("topographic");
  const exports::SvgPaper papers[] = {
      exports::kSvgPaperA4, exports::kSvgPaperA3, {100, 400}, {5000, 5000}};
  // Without a pen: the sketch's widths at the map's scale, different on each paper.
  exports::SvgInputs in = island_inputs(scheme);
  in.page.paper = exports::kSvgPaperA4;
  const PaperWidths a4 = paper_widths(exports::map_svg(in));
  EXPECT_NEAR(a4.layers.at("contours"), 0.25 * 277.0 / 320, 1e-9);
  in.page.paper = exports::SvgPaper{100, 400};
  const PaperWidths strip = paper_widths(exports::map_svg(in));
  EXPECT_NEAR(strip.layers.at("contours"), 0.0625, 1e-9);

  for (const double pen : {0.05, 0.3, 0.35, 5.0}) {
    for (const exports::SvgPaper& paper : papers) {
      for (const exports::SvgStyle style : {exports::SvgStyle::map, exports::SvgStyle::plot}) {
        SCOPED_TRACE(std::to_string(pen) + " mm on " + std::to_string(paper.width_mm) + " x " +
                     std::to_string(paper.height_mm) + " " +
                     std::string(exports::svg_style_name(style)));
        in.page.paper = paper;
        in.page.style = style;
        in.page.pen_mm = 0;
        const PaperWidths scaled = paper_widths(exports::map_svg(in));
        in.page.pen_mm = pen;
        const PaperWidths got = paper_widths(exports::map_svg(in));
        // Written to 6 significant digits.
        EXPECT_NEAR(got.layers.at("contours"), pen, pen * 1e-5);
        EXPECT_NEAR(got.layers.at("coastline"), 1.5 * pen, pen * 1e-5);
        EXPECT_NEAR(got.layers.at("index-contours"), 1.5 * pen, pen * 1e-5);
        ASSERT_EQ(got.rivers.size(), scaled.rivers.size());
        ASSERT_GT(got.rivers.size(), 20u);
        for (std::size_t r = 0; r < got.rivers.size(); r++) {
          EXPECT_NEAR(got.rivers[r] / pen, scaled.rivers[r] / scaled.layers.at("contours"), 2e-4)
              << "river " << r;
        }
      }
    }
  }

  // Without paper the page has no size in mm: the pen changes nothing.
  exports::SvgInputs screen = island_inputs(scheme);
  const std::string plain = exports::map_svg(screen);
  screen.page.pen_mm = 0.3;
  EXPECT_EQ(exports::map_svg(screen), plain);

  in.page.paper = exports::kSvgPaperA4;
  for (const double bad : {0.049, 5.01, -0.3, std::nan(""), HUGE_VAL}) {
    in.page.pen_mm = bad;
    EXPECT_THROW(exports::map_svg(in), std::invalid_argument) << bad;
    EXPECT_FALSE(exports::svg_pen_ok(bad)) << bad;
  }
  EXPECT_TRUE(exports::svg_pen_ok(0));
  EXPECT_TRUE(exports::svg_pen_ok(exports::kSvgPenMinMm));
  EXPECT_TRUE(exports::svg_pen_ok(exports::kSvgPenMaxMm));
}

// Relative luminance of "#rrggbb" (sRGB decoded), 0 black .. 1 white.
double luminance(const std::string& hex) {
  EXPECT_EQ(hex.size(), 7u) << hex;
  if (hex.size() != 7) return 1;
  double rgb[3];
  for (int k = 0; k < 3; k++) {
    const double c =
        static_cast<double>(std::strtol(hex.substr(1 + 2 * k, 2).c_str(), nullptr, 16)) / 255.0;
    rgb[k] = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  }
  return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
}

TEST(MapSvg, ThePlotStyleHasDarkPensAtFullStrengthAndNoBackground) {
  for (const char* key : {"site_dark", "blueprint", "site_light"}) {
    SCOPED_TRACE(key);
    const render::ColorScheme& scheme = *render::find_color_scheme(key);
    exports::SvgInputs in = island_inputs(scheme);
    in.page.style = exports::SvgStyle::plot;
    in.page.paper = exports::kSvgPaperA4;
    const std::string text = exports::map_svg(in);
    const XmlDoc doc(text);
    ASSERT_NE(doc.get(), nullptr);
    const std::map<std::string, xmlNodePtr> by_id = layers(doc.root());
    EXPECT_EQ(by_id.size(), 4u);
    EXPECT_FALSE(by_id.count("background"));
    EXPECT_EQ(text.find("<rect"), std::string::npos);
    EXPECT_EQ(text.find("stroke-opacity"), std::string::npos);
    EXPECT_EQ(text.find("fill=\"#"), std::string::npos);  // no filled shape at all
    for (const auto& [id, layer] : by_id) {
      SCOPED_TRACE(id);
      EXPECT_LT(luminance(attr(layer, "stroke")), 0.1);
      EXPECT_EQ(attr(layer, "fill"), "none");
    }
    EXPECT_EQ(attr(by_id.at("contours"), "stroke"), exports::kSvgPlotColors.contours);
    EXPECT_EQ(attr(by_id.at("rivers"), "stroke"), exports::kSvgPlotColors.rivers);
  }
  // The dark schemes' map style is what the plot style is for: light lines on a dark fill.
  exports::SvgInputs dark = island_inputs(*render::find_color_scheme("site_dark"));
  const XmlDoc doc(exports::map_svg(dark));
  const std::map<std::string, xmlNodePtr> by_id = layers(doc.root());
  EXPECT_GT(luminance(attr(by_id.at("contours"), "stroke")), 0.5);
  EXPECT_TRUE(by_id.count("background"));
}

TEST(MapSvg, PaperSizesAreA4A3OrWidthByHeightInMillimetres) {
  using exports::parse_svg_paper;
  using exports::SvgPaper;
  EXPECT_EQ(parse_svg_paper("A4"), (SvgPaper{297, 210}));
  EXPECT_EQ(parse_svg_paper("a4"), (SvgPaper{297, 210}));
  EXPECT_EQ(parse_svg_paper("A3"), (SvgPaper{420, 297}));
  EXPECT_EQ(parse_svg_paper("500x350mm"), (SvgPaper{500, 350}));
  EXPECT_EQ(parse_svg_paper("841X594.5MM"), (SvgPaper{841, 594.5}));
  EXPECT_EQ(parse_svg_paper("50x5000mm"), (SvgPaper{50, 5000}));
  for (const char* bad :
       {"", "B9", "A5", "a4 ", "300x200", "300x200cm", "x200mm", "300xmm", "49x200mm", "300x5001mm",
        "nanx200mm", "infx200mm", "-300x200mm", "300x200x100mm", "300 x 200mm", "300x200mmm"}) {
    EXPECT_EQ(parse_svg_paper(bad), std::nullopt) << bad;
  }
  EXPECT_EQ(exports::parse_svg_style("plot"), exports::SvgStyle::plot);
  EXPECT_EQ(exports::parse_svg_style("map"), exports::SvgStyle::map);
  EXPECT_EQ(exports::parse_svg_style("Plot"), std::nullopt);

  const render::ColorScheme& scheme = *render::find_color_scheme("bw");
  exports::SvgInputs in = island_inputs(scheme);
  in.page.paper = SvgPaper{40, 200};
  EXPECT_THROW(exports::map_svg(in), std::invalid_argument);
  in.page.paper = exports::kSvgPaperA4;
  in.page.margin_mm = 53;  // over a quarter of 210
  EXPECT_THROW(exports::map_svg(in), std::invalid_argument);
  in.page.margin_mm = -1;
  EXPECT_THROW(exports::map_svg(in), std::invalid_argument);
}

}  // namespace
}  // namespace terrain
