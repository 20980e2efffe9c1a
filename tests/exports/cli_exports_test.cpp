// terrain-cli --svg PATH and --mesh PATH, end to end: the SVG is map_svg's document of the
// run's eroded ground (byte for byte, as the panel writes it), the .glb and .obj hold one
// vertex per cell at the eroded heights times the exaggeration, or in metres with --cell-size
// and --height-scale, and each .glb passes the Khronos glTF Validator; bad input (a wrong
// extension, a file that exists without --force, a directory that is not there, an exaggeration of
// 0 or without --mesh, an unknown scheme) is one line naming the flag, exit status 2, nothing
// written.
#include <gtest/gtest.h>
#include <libxml/parser.h>
#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "core/hydrology.h"
#include "exports/mesh.h"
#include "exports/svg.h"
#include "glb_validator.h"
#include "io/npy.h"
#include "io_test_support.h"
#include "render/geometry/color_scheme.h"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;
using testing::listing;

constexpr int kW = 320;
constexpr int kH = 180;

class CliExports : public testing::CliTest {};

Heightfield read_eroded(const fs::path& out) {
  return Heightfield(kW, kH, io::npy_values<float>(io::read_npy(out / "eroded.npy"), kH, kW));
}

// exports::map_svg's document of the eroded ground and its hydrology in the run's `out`, with the
// rest of `in` as given.
std::string map_svg_of_run(const fs::path& out, exports::SvgInputs in) {
  const Heightfield eroded = read_eroded(out);
  Hydrology hydrology;
  hydrology.compute(eroded, HydrologyParams{}, 4u);
  in.ground = &eroded;
  in.hydrology = &hydrology;
  return exports::map_svg(in);
}

TEST_F(CliExports, SvgIsTheMapsLineworkAsTheExportsModuleWritesIt) {
  const CliRun result = run({"--seed", "4", "--drops", "20000", "--out", path("out").string(),
                             "--svg", path("map.svg").string(), "--scheme", "topographic",
                             "--rivers-by", "order", "--contour-levels", "12"});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find("wrote " + path("map.svg").string() + " ("), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find(" river reaches)"), std::string::npos) << result.out;
  const std::string text = io::read_file(path("map.svg"));
  xmlDocPtr doc = xmlReadMemory(text.data(), static_cast<int>(text.size()), "map.svg", nullptr,
                                XML_PARSE_NONET);
  ASSERT_NE(doc, nullptr);
  xmlFreeDoc(doc);

  // The same document from the run's own grids.
  exports::SvgInputs in;
  in.scheme = render::find_color_scheme("topographic");
  in.rivers_by = RiversBy::order;
  in.contour_levels = 12;
  in.title = "Terrain Sandbox: seed 4 after 20000 drops";
  EXPECT_TRUE(map_svg_of_run(path("out"), in) == text);
}

// --svg-paper, --svg-style and --svg-pen reach the document: the paper's size in mm, the plot
// style's pens and no background, the pen's width; the run's file is exports::map_svg's with
// that page.
TEST_F(CliExports, SvgOnPaperInThePlotStyleWithAPenIsTheExportsModulesDocument) {
  const CliRun result = run({"--seed", "4", "--drops", "2000", "--out", path("out").string(),
                             "--svg", path("plot.svg").string(), "--svg-paper", "a3", "--svg-style",
                             "plot", "--svg-pen", "0.3"});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find(" river reaches, on 420 x 297 mm paper, a 0.3 mm pen)"),
            std::string::npos)
      << result.out;
  const std::string text = io::read_file(path("plot.svg"));
  xmlDocPtr doc = xmlReadMemory(text.data(), static_cast<int>(text.size()), "plot.svg", nullptr,
                                XML_PARSE_NONET);
  ASSERT_NE(doc, nullptr);
  xmlNodePtr root = xmlDocGetRootElement(doc);
  xmlChar* width = xmlGetNoNsProp(root, reinterpret_cast<const xmlChar*>("width"));
  xmlChar* height = xmlGetNoNsProp(root, reinterpret_cast<const xmlChar*>("height"));
  EXPECT_STREQ(reinterpret_cast<const char*>(width), "420mm");
  EXPECT_STREQ(reinterpret_cast<const char*>(height), "297mm");
  xmlFree(width);
  xmlFree(height);
  xmlFreeDoc(doc);
  EXPECT_EQ(text.find("<rect"), std::string::npos);

  exports::SvgInputs in;
  in.scheme = render::find_color_scheme("site_dark");
  in.title = "Terrain Sandbox: seed 4 after 2000 drops";
  in.page.paper = exports::kSvgPaperA3;
  in.page.style = exports::SvgStyle::plot;
  in.page.pen_mm = 0.3;
  EXPECT_TRUE(map_svg_of_run(path("out"), in) == text);
}

// The POSITION floats of a .glb, and the bounds its accessor declares (min, then max).
std::vector<float> glb_positions(const fs::path& path, std::vector<double>* bounds = nullptr) {
  const std::string bytes = io::read_file(path);
  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  std::string err;
  std::string warn;
  const bool ok = loader.LoadBinaryFromMemory(&model, &err, &warn,
                                              reinterpret_cast<const unsigned char*>(bytes.data()),
                                              static_cast<unsigned int>(bytes.size()));
  EXPECT_TRUE(ok) << err;
  if (!ok) return {};
  const tinygltf::Accessor& a = model.accessors.at(
      static_cast<std::size_t>(model.meshes.at(0).primitives.at(0).attributes.at("POSITION")));
  const tinygltf::BufferView& view = model.bufferViews.at(static_cast<std::size_t>(a.bufferView));
  std::vector<float> p(a.count * 3);
  std::memcpy(p.data(), model.buffers.at(0).data.data() + view.byteOffset + a.byteOffset,
              p.size() * sizeof(float));
  if (bounds != nullptr) {
    *bounds = a.minValues;
    bounds->insert(bounds->end(), a.maxValues.begin(), a.maxValues.end());
  }
  return p;
}

TEST_F(CliExports, MeshesHoldOneVertexPerCellAtTheErodedHeightsTimesTheExaggeration) {
  const CliRun glb = run({"--seed", "4", "--drops", "20000", "--out", path("out").string(),
                          "--mesh", path("island.glb").string()});
  ASSERT_EQ(glb.status, 0) << glb.err;
  EXPECT_NE(glb.out.find("wrote " + path("island.glb").string() +
                         " (57600 vertices, 114202 triangles, heights x 40)"),
            std::string::npos)
      << glb.out;
  EXPECT_TRUE(testing::valid_glb(path("island.glb")));
  const Heightfield eroded = read_eroded(path("out"));
  const std::vector<float> p = glb_positions(path("island.glb"));
  ASSERT_EQ(p.size(), 3u * kW * kH);
  for (std::size_t i = 0; i < eroded.size(); i++) {
    ASSERT_EQ(p[3 * i + 1], static_cast<float>(static_cast<double>(eroded[i]) * 40)) << i;
  }

  const CliRun obj =
      run({"--seed", "4", "--drops", "20000", "--out", path("out2").string(), "--mesh",
           path("island.obj").string(), "--exaggeration", "12.5", "--scheme", "blueprint"});
  ASSERT_EQ(obj.status, 0) << obj.err;
  std::istringstream in(io::read_file(path("island.obj")));
  std::string line;
  std::size_t v = 0;
  std::size_t f = 0;
  while (std::getline(in, line)) {
    if (line.rfind("v ", 0) == 0) {
      std::istringstream words(line.substr(2));
      float x = 0;
      float y = 0;
      float z = 0;
      words >> x >> y >> z;
      ASSERT_EQ(x, static_cast<float>(v % kW));
      ASSERT_EQ(y, static_cast<float>(static_cast<double>(eroded[v]) * 12.5)) << v;
      ASSERT_EQ(z, static_cast<float>(v / kW));
      v++;
    }
    f += line.rfind("f ", 0) == 0;
  }
  EXPECT_EQ(v, eroded.size());
  EXPECT_EQ(f, 2u * 319 * 179);
}

// With --cell-size and --height-scale the .glb is in metres, and its POSITION bounds are the
// metres' (they once stayed the grid's 319 x 179 while the vertices reached 9570 x 5370 m): the
// glTF Validator finds no error, and the bounds are the least and greatest floats written.
TEST_F(CliExports, AMeshInMetresHasItsOwnExactBounds) {
  const CliRun glb =
      run({"--seed", "4", "--drops", "20000", "--out", path("out").string(), "--mesh",
           path("m.glb").string(), "--cell-size", "30", "--height-scale", "1200"});
  ASSERT_EQ(glb.status, 0) << glb.err;
  EXPECT_TRUE(testing::valid_glb(path("m.glb")));
  std::vector<double> bounds;
  const std::vector<float> p = glb_positions(path("m.glb"), &bounds);
  ASSERT_EQ(p.size(), 3u * kW * kH);
  const Heightfield eroded = read_eroded(path("out"));
  std::vector<double> lo(3, HUGE_VAL);
  std::vector<double> hi(3, -HUGE_VAL);
  for (std::size_t i = 0; i < eroded.size(); i++) {
    ASSERT_EQ(p[3 * i], static_cast<float>(static_cast<double>(i % kW) * 30)) << i;
    ASSERT_EQ(p[3 * i + 1], static_cast<float>(static_cast<double>(eroded[i]) * 1200)) << i;
    ASSERT_EQ(p[3 * i + 2], static_cast<float>(static_cast<double>(i / kW) * 30)) << i;
    for (std::size_t k = 0; k < 3; k++) {
      lo[k] = std::min(lo[k], static_cast<double>(p[3 * i + k]));
      hi[k] = std::max(hi[k], static_cast<double>(p[3 * i + k]));
    }
  }
  EXPECT_EQ(hi[0], 9570);
  EXPECT_EQ(hi[2], 5370);
  EXPECT_EQ(bounds, (std::vector<double>{lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]}));
}

TEST_F(CliExports, AnExistingFileIsKeptWithoutForceAndReplacedWithIt) {
  testing::write_text(path("map.svg"), "mine");
  testing::write_text(path("m.glb"), "mine too");
  for (const auto& [flag, file] : {std::pair{"--svg", "map.svg"}, std::pair{"--mesh", "m.glb"}}) {
    SCOPED_TRACE(flag);
    const std::string err =
        refused({"--drops", "10", "--out", path("out").string(), flag, path(file).string()}).err;
    EXPECT_NE(err.find(std::string("terrain-cli: ") + flag), std::string::npos) << err;
    EXPECT_NE(err.find("already exists (pass --force to replace it)"), std::string::npos) << err;
  }
  const CliRun forced =
      run({"--drops", "10", "--out", path("out").string(), "--svg", path("map.svg").string(),
           "--mesh", path("m.glb").string(), "--force"});
  ASSERT_EQ(forced.status, 0) << forced.err;
  EXPECT_NE(io::read_file(path("map.svg")).find("<svg"), std::string::npos);
  EXPECT_EQ(glb_positions(path("m.glb")).size(), 3u * kW * kH);
  EXPECT_TRUE(testing::valid_glb(path("m.glb")));
}

TEST_F(CliExports, BadInputIsOneLineNamingTheFlagExitTwoAndNothingWritten) {
  testing::write_text(path("a-file"), "not a directory");
  const auto before = listing(work_.path());
  const std::string out = path("out").string();
  // An SVG on A4 drawn with the pen `width`.
  const auto pen = [&](const std::string& width) {
    return std::vector<std::string>{
        "--svg", path("m.svg").string(), "--svg-paper", "A4", "--svg-pen", width};
  };
  const struct {
    std::vector<std::string> args;
    std::string message;
  } cases[] = {
      {{"--svg", path("map.png").string()},
       "terrain-cli: --svg '" + path("map.png").string() +
           "' does not end in .svg (allowed: a file name ending in .svg, in an existing directory "
           "or in --out's)"},
      {{"--svg", ""}, "terrain-cli: --svg '' does not end in .svg"},
      {{"--mesh", path("m.stl").string()},
       "terrain-cli: --mesh '" + path("m.stl").string() +
           "' has no mesh extension (allowed: a file name ending in .glb or .obj, in an existing "
           "directory or in --out's)"},
      {{"--mesh", path("m.gltf").string()}, "has no mesh extension"},
      {{"--mesh", path("m.glb").string(), "--exaggeration", "0"},
       "terrain-cli: --exaggeration '0' is out of range (allowed: a number above 0, up to "
       "1000)"},
      {{"--mesh", path("m.glb").string(), "--exaggeration", "1001"}, "is out of range"},
      {{"--mesh", path("m.glb").string(), "--exaggeration", "-3"}, "is out of range"},
      {{"--mesh", path("m.glb").string(), "--exaggeration", "nan"}, "is not a"},
      {{"--exaggeration", "5"}, "terrain-cli: --exaggeration only applies with --mesh PATH"},
      {{"--contour-levels", "5"}, "terrain-cli: --contour-levels only applies with --svg PATH"},
      {{"--rivers-by", "order"}, "terrain-cli: --rivers-by only applies with --svg PATH"},
      {{"--svg", path("m.svg").string(), "--contour-levels", "21"},
       "--contour-levels '21' is out of range (allowed: whole number 0..20)"},
      {{"--svg", path("m.svg").string(), "--rivers-by", "width"},
       "--rivers-by 'width' is not a way to stroke rivers (allowed: flow or order)"},
      {{"--svg", path("m.svg").string(), "--scheme", "neon"},
       "--scheme 'neon' is not a colour scheme (allowed: site_dark, site_light, topographic, "
       "blueprint or bw)"},
      {{"--scheme", "bw"}, "terrain-cli: --scheme only applies with --layers, --svg or --mesh"},
      {{"--svg", path("m.svg").string(), "--svg-paper", "B9"},
       "terrain-cli: --svg-paper 'B9' is not a paper size (allowed: A4, A3 or WxHmm (e.g. "
       "500x350mm), W and H 50..5000 mm)"},
      {{"--svg", path("m.svg").string(), "--svg-paper", "300x20mm"}, "is not a paper size"},
      {{"--svg", path("m.svg").string(), "--svg-paper", "300x200"}, "is not a paper size"},
      {{"--svg", path("m.svg").string(), "--svg-style", "pen"},
       "terrain-cli: --svg-style 'pen' is not an SVG style (allowed: map or plot)"},
      {pen("0.04"), "terrain-cli: --svg-pen '0.04' is out of range (allowed: 0.05..5 mm)"},
      {pen("5.5"), "--svg-pen '5.5' is out of range (allowed: 0.05..5 mm)"},
      {pen("0"), "--svg-pen '0' is out of range"},
      {pen("-0.3"), "--svg-pen '-0.3' is out of range"},
      {pen("nan"), "--svg-pen 'nan' is not a finite number (allowed: 0.05..5 mm)"},
      {pen("inf"), "--svg-pen 'inf' is not a finite number"},
      {pen("0.3mm"), "--svg-pen '0.3mm' is not a"},
      {{"--svg", path("m.svg").string(), "--svg-pen", "0.3"},
       "terrain-cli: --svg-pen only applies with --svg-paper SIZE"},
      {{"--svg-paper", "A4", "--svg-pen", "0.3"},
       "terrain-cli: --svg-paper only applies with --svg PATH"},
      {{"--svg-pen", "0.3"}, "terrain-cli: --svg-pen only applies with --svg PATH"},
      {{"--svg-paper", "A4"}, "terrain-cli: --svg-paper only applies with --svg PATH"},
      {{"--svg-style", "plot"}, "terrain-cli: --svg-style only applies with --svg PATH"},
      {{"--svg", path("m.svg").string(), "--svg-style", "plot", "--scheme", "bw"},
       "terrain-cli: --scheme does not apply to --svg-style plot"},
      {{"--svg", (path("a-file") / "map.svg").string()}, "does not exist"},
      {{"--mesh", (path("nowhere") / "m.obj").string()}, "does not exist"},
      {{"--svg", path("out").string() + "/"}, "does not end in .svg"},
      {{"--mesh", path("dir.glb").string()}, "is a directory (allowed: a file path)"},
      {{"--mesh", path("big.glb").string(), "--width", "5000", "--height", "4000"},
       "terrain-cli: --mesh '" + path("big.glb").string() +
           "': the grid is 5000 x 4000 cells (allowed: a mesh of up to 4096 x 4096 = 16777216 "
           "cells)"},
  };
  fs::create_directories(path("dir.glb"));
  const auto with_dir = listing(work_.path());
  for (const auto& c : cases) {
    SCOPED_TRACE(c.message);
    const CliRun result = refused(testing::joined({"--drops", "10", "--out", out}, c.args));
    EXPECT_NE(result.err.find(c.message), std::string::npos) << result.err;
  }
  EXPECT_NE(before, with_dir);
}

}  // namespace
}  // namespace terrain
