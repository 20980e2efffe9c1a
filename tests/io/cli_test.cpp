// terrain-cli end to end, through the built program: the files it writes (names, dtypes,
// shapes), bit-for-bit agreement with the sketch for seed 42, the Strahler orders and lakes
// the core works out from the files' own grids, repeatability, summary.json,
// and that every kind of bad input exits 2 with one line naming the flag or path and leaves
// the disk exactly as it was.
//
// Sections: helpers; --help; runs that work; the sketch's reference grids; bad input (each
// message exactly); the output directory (existing files, --force, unwritable places, failed
// writes).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/river_network.h"
#include "core/sketch.h"
#include "io/atomic_file.h"
#include "io/npy.h"
#include "io_test_support.h"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using testing::CliRun;
using testing::line_count;
using testing::listing;
using testing::whole;

// --- Helpers -------------------------------------------------------------------------------

const std::vector<std::string> kFiles = {"original.npy", "eroded.npy",     "filled.npy",
                                         "flow.npy",     "downstream.npy", "basins.npy",
                                         "strahler.npy", "lakes.npy",      "summary.json"};

class Cli : public testing::CliTest {
 protected:
  // refused(args) beside an existing directory with a file in it, "@OUT" in `args` standing
  // for a new directory in the scratch space.
  CliRun refused_beside_existing(std::vector<std::string> args) {
    testing::write_text(path("existing") / "notes.txt", "mine");
    for (std::string& arg : args) {
      if (arg == "@OUT") arg = path("new").string();
    }
    return refused(args);
  }
};

template <typename T>
std::vector<T> load(const fs::path& dir, const std::string& name, int height, int width) {
  return io::npy_values<T>(io::read_npy(dir / name), height, width);
}

Json load_summary(const fs::path& dir) {
  return testing::read_json(dir / "summary.json");
}

// summary.json without its timings, which differ from run to run.
std::string summary_without_timings(const fs::path& dir) {
  std::string text = io::read_file(dir / "summary.json");
  const std::size_t start = text.find("\"timings\"");
  const std::size_t end = text.find('}', start);
  if (start == std::string::npos || end == std::string::npos) return "(no timings) " + text;
  return text.erase(start, end - start);
}

// The run ended normally, quietly, saying where its files went.
void expect_success(const CliRun& run, const fs::path& out) {
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "wrote 9 files to " + out.string() + "\n");
}

// Every cell drains into a cell of the same basin with more flow, or is an outlet; the
// outlets' flows add up to the cell count; Strahler order is set exactly on river cells, and
// is the river network's order of the written flow and downstream; the lakes are the core's
// of the written eroded field, and never in the sea. Returns how many lake cells there are.
std::size_t expect_consistent_drainage(const fs::path& out, int h, int w, uint32_t min_flow,
                                       double sea_level = sketch::sea_level.initial) {
  const auto flow = load<uint32_t>(out, "flow.npy", h, w);
  const auto downstream = load<int32_t>(out, "downstream.npy", h, w);
  const auto basins = load<int32_t>(out, "basins.npy", h, w);
  const auto strahler = load<uint8_t>(out, "strahler.npy", h, w);
  const int32_t n = h * w;
  uint64_t outlet_flow = 0;
  std::size_t bad = 0;
  for (int32_t c = 0; c < n; c++) {
    const int32_t d = downstream[c];
    if (d == -1) {
      outlet_flow += flow[c];
    } else {
      bad += d < 0 || d >= n || flow[d] <= flow[c] || basins[d] != basins[c];
    }
    bad += (strahler[c] > 0) != (flow[c] >= min_flow);
  }
  EXPECT_EQ(bad, 0u);
  EXPECT_EQ(outlet_flow, static_cast<uint64_t>(n));
  const CellVector<uint8_t> orders = strahler_orders(DrainageGraph{w, downstream, flow}, min_flow);
  EXPECT_TRUE(std::ranges::equal(strahler, orders));

  const auto eroded = load<float>(out, "eroded.npy", h, w);
  const auto lakes = load<float>(out, "lakes.npy", h, w);
  std::vector<float> expected(eroded.size());
  FloodResult fill;
  FloodWorkspace work;
  lake_depths(Heightfield(w, h, eroded), sea_level, expected, fill, work);
  EXPECT_EQ(testing::bit_differences(lakes, expected), 0u);
  std::size_t lake_cells = 0, wet_sea = 0;
  float deepest = 0;
  for (std::size_t c = 0; c < eroded.size(); c++) {
    wet_sea += eroded[c] < sea_level && lakes[c] != 0.0f;
    lake_cells += lakes[c] > 0;
    deepest = std::max(deepest, lakes[c]);
  }
  EXPECT_EQ(wet_sea, 0u);
  const Json counts = load_summary(out).at("counts");
  EXPECT_EQ(whole(counts.at("lake_cells")), lake_cells);
  EXPECT_EQ(static_cast<float>(counts.at("max_lake_depth").get<double>()), deepest);
  return lake_cells;
}

// --- --help --------------------------------------------------------------------------------

TEST_F(Cli, HelpExitsZeroAndListsEveryFlagWithItsDefaultAndRange) {
  const CliRun help = run({"--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_EQ(help.err, "");
  for (const char* flag : {"--seed", "--drops", "--generator", "--width", "--height", "--roughness",
                           "--erosion", "--deposition", "--inertia", "--brush-radius",
                           "--sea-level", "--terrain-scale", "--routing", "--min-flow", "--out",
                           "--heightmap", "--heightmap-original", "--force", "--help"}) {
    EXPECT_NE(help.out.find(std::string("  ") + flag + " "), std::string::npos) << flag;
  }
  for (const char* fact :
       {"default 42; whole number 0..4294967295", "default 300000; whole number 0..1000000000",
        "default island; island or diamond-square", "default 320; whole number 2..8192",
        "default 180; whole number 2..8192", "default 0.55; 0.3..0.9", "default 0.3; 0..1",
        "default 0.05; 0..0.5", "default 2; whole number 1..6", "default 0.25; 0..0.6",
        "default 0.012; 0.004..0.03", "default sketch; sketch or flood",
        "default 250; whole number 1..the grid's cells (57600 on 320 x 180)"}) {
    EXPECT_NE(help.out.find(fact), std::string::npos) << fact;
  }
  // --help wins over anything else given, and writes nothing.
  const CliRun with_others = run({"--seed", "nonsense", "--help", "--out", path("x").string()});
  EXPECT_EQ(with_others.status, 0);
  EXPECT_EQ(with_others.out, help.out);
  EXPECT_TRUE(listing(work_.path()).empty());
}

// The text word for word: CLI11 reads the flags, but --help is terrain-cli's own text.
TEST_F(Cli, HelpIsTerrainClisOwnTextWordForWord) {
  const std::string expected =
      R"(terrain-cli: make a terrain, rain on it as the Hydraulic Erosion sketch does, work out
where its water drains, and write it all as NumPy .npy files.

Usage: terrain-cli --out DIR [--seed N] [--drops N] [--generator island|diamond-square]
         [--width W --height H] [--roughness R] [--erosion E] [--deposition D]
         [--inertia I] [--brush-radius B] [--sea-level S] [--terrain-scale T] [--threads N]
         [--routing sketch|flood] [--min-flow F] [--ground FILE [--fit crop|stretch]]
         [--layers DIR] [--heightmap PATH] [--heightmap-original PATH]
         [--preset unreal|unity|godot|blender|gis [--preset-size WxH] [--preset-fit crop|stretch]]
         [--svg PATH [--contour-levels N] [--rivers-by flow|order]
           [--svg-paper A4|A3|WxHmm [--svg-pen MM]] [--svg-style map|plot]]
         [--mesh PATH [--exaggeration E]] [--cell-size METRES --height-scale METRES]
         [--scheme KEY] [--open-map FILE] [--save-map PATH] [--force]
       terrain-cli --verify-map FILE
         replays a map file's history and says whether this build makes its bytes
       terrain-cli skyline --method walk|sections --out FILE.npy [...]
         a side-view skyline, one height per column (terrain-cli skyline --help)

Writes into DIR (created if needed), each file whole or not at all:
  original.npy    float32 (H, W)  heights from the generator, 0..1
  eroded.npy      float32 (H, W)  heights after the rain
  filled.npy      float32 (H, W)  the surface the water is routed over (hollows filled)
  flow.npy        uint32  (H, W)  cells draining through each cell, itself counted
  downstream.npy  int32   (H, W)  index y*W+x of the cell each drains into, -1 at outlets
  basins.npy      int32   (H, W)  which outlet each cell's water reaches
  strahler.npy    uint8   (H, W)  Strahler order of the river cells, 0 elsewhere
  lakes.npy       float32 (H, W)  depth of standing water in closed hollows, 0 elsewhere
  summary.json                    the inputs, counts and timings
Flow, downstream, basins, Strahler orders and lakes are those of the eroded terrain.

Options:
  --seed N            seed of the terrain, the rain and the rivers' wander
                      default 42; whole number 0..4294967295
  --drops N           raindrops to run
                      default 300000; whole number 0..1000000000
  --threads N         threads the rain runs on; the map is the same, bit for bit, on any count
                      (a map file or script gives the same bytes), 1 runs it on one thread as
                      before
                      default 0: one a hardware thread; whole number 0..64
  --generator NAME    terrain: the sketch's noise island, or diamond-square fractal
                      default island; island or diamond-square
  --width W           grid width in cells
                      default 320; whole number 2..8192
  --height H          grid height in cells
                      default 180; whole number 2..8192
  --roughness R       diamond-square only: amplitude kept from pass to pass
                      default 0.55; 0.3..0.9
  --erosion E         share of spare capacity a drop digs out per step
                      default 0.3; 0..1
  --deposition D      share of excess sediment a drop puts down per step
                      default 0.3; 0..1
  --inertia I         0 turns straight downhill, higher keeps more of the old direction
                      default 0.05; 0..0.5
  --brush-radius B    radius of the circle of cells a drop digs from
                      default 2; whole number 1..6
  --sea-level S       below this height is sea: drops stop there, rivers end there
                      default 0.25; 0..0.6
  --terrain-scale T   island only: noise units per cell (smaller, bigger features)
                      default 0.012; 0.004..0.03
  --routing NAME      rivers: sketch (the sketch's: steepest descent over the filled surface
                      plus a noise ripple that bends rivers on the flat) or flood (through
                      filled hollows along the links the flood arrived by, no ripple)
                      default sketch; sketch or flood
  --min-flow F        cells draining through a cell for it to count as river
                      default 250; whole number 1..the grid's cells (57600 on 320 x 180)
  --out DIR           directory to write the 9 files into, created if needed
                      required; a directory path
  --open-map FILE     rain on from a map file (.tsmap) where it was saved: --drops is then the
                      map's total (by default its own), and --erosion, --deposition, --inertia,
                      --brush-radius and --sea-level given beside it apply from its count on, as
                      a new step; the flags that choose a ground do not apply
                      optional; a map file that can be read
  --save-map PATH     save the map, its history and its view as a map file (.tsmap) to exactly
                      PATH, after the last frame (terrain-sandbox, with --frames) or once it has
                      rained (terrain-cli)
                      a file that does not exist yet, in an existing folder
  --verify-map FILE   replay a map file's whole history from its start and say, checkpoint by
                      checkpoint, whether this build makes the same bytes (exit 0) or where it
                      first differs (exit 1); nothing is written, and no other flag applies
                      a map file that can be read
  --ground FILE       rain on your own ground: a heightmap (.png 8/16-bit gray or colour as
                      luminance, .exr, .tif, .npy) in place of the generator, fitted to the grid
                      (by default its own size, up to 8192 a side); a file this project wrote
                      keeps its heights, any other is scaled to 0..1
                      optional; a file ending in .png, .exr, .tif or .npy
  --fit HOW           --ground only: crop (keep the aspect, take the centre) or stretch (fill
                      the grid)
                      default crop; crop or stretch
  --layers DIR        also write the hydrology of the eroded ground as pictures, one pixel per
                      cell, into DIR (created if needed): flow.png (the flow view's log scale),
                      basins.png (the basins view's tones), strahler.png (gray, 20 per order),
                      lakes.png (16-bit depth with its range); in --scheme's colours
                      optional; a directory path
  --heightmap PATH    also write the ground after the rain as a heightmap, the format by the
                      extension: .png (16-bit gray, its range in a text chunk), .r16 (16-bit
                      little-endian words), .exr or .tif (float32), .npy (float32)
                      optional; a file name ending in .png, .r16, .exr, .tif or .npy, in an
                      existing directory or in --out's
  --heightmap-original PATH the same for the ground before the rain
                      optional; a file name ending in .png, .r16, .exr, .tif or .npy, in an
                      existing directory or in --out's
  --preset NAME       shape --heightmap and --heightmap-original for the program that imports
                      them, each with a JSON sidecar (its name + .json) saying how: unreal (.png
                      or .r16, 1009, 2017, 4033 or 8129 square), unity (.raw or .r16, 513, 1025,
                      2049 or 4097 square), godot (Terrain3D: .exr or .r16), blender (.exr in
                      metres, for the Displace modifier), gis (a GeoTIFF in metres); in
                      --cell-size and --height-scale's units, else cells of 30 m and heights of
                      1,000 m
                      optional; unreal, unity, godot, blender or gis
  --preset-size WxH   --preset only: the heightmap's size in cells, made from the map by an area
                      average where it shrinks and bilinear where it grows
                      default unreal and unity: their smallest side that holds the map's longer
                      side; else the map's size; WxH, W and H 2..8192, a size --preset takes
  --preset-fit HOW    --preset only: crop (keep the aspect, take the centre, cells square) or
                      stretch (fill the size; not for gis)
                      default crop; crop or stretch
  --cell-size METRES  real units, with --height-scale, for --heightmap, --heightmap-original and
                      --mesh: a cell is this many metres square; the .tif becomes a GeoTIFF with
                      that pixel size on a local grid in metres, and the mesh's x and z are in
                      metres
                      default none: 1-unit cells; a number of metres above 0, up to 100000
  --height-scale METRES real units, with --cell-size: a height of 1 stands this many metres; the
                      .tif, .exr and .npy heightmaps hold heights in metres (.png and .r16 keep
                      their 16-bit steps of the range), and the mesh's heights are in metres in
                      place of --exaggeration
                      default none: heights 0..1; a number of metres above 0, up to 100000
  --svg PATH          also write the map's linework as SVG, for a plotter, Inkscape or a
                      browser: the coastline, the contours, the index contours and the rivers
                      (one path a reach), each in a layer of its own, in map units (one a cell),
                      over layers of the sea and of the land in the scheme's colours (fill only)
                      but with --svg-style plot
                      optional; a file name ending in .svg, in an existing directory or in
                      --out's
  --contour-levels N  --svg only: contour lines between sea level and the top, every fifth
                      heavier (0: no lines, not even the coastline)
                      default 10; whole number 0..20
  --rivers-by HOW     --svg only: rivers stroked by the sketch's flow classes or by Strahler
                      order (0.7 + 0.9 x order)
                      default flow; flow or order
  --svg-paper SIZE    --svg only: lay the map out on paper, landscape, its aspect kept, as large
                      as fits inside margins of 10 mm; the SVG's width and height are then the
                      paper's in mm: A4 (297 x 210 mm), A3 (420 x 297 mm) or W x H mm
                      default none: 4 px a cell; A4, A3 or WxHmm (e.g. 500x350mm), W and H
                      50..5000 mm
  --svg-style STYLE   --svg only: map (the scheme's colours, the land filled in its land colours
                      by height on its sea colour) or plot (for paper: dark pen colours at full
                      strength, no fills)
                      default map; map or plot
  --svg-pen MM        --svg-paper only: the contours' pen width on the paper in mm, whatever its
                      size; the index contours, the coastline and the rivers keep their widths
                      relative to it
                      default none: the sketch's widths at the map's scale (0.22 mm a contour on
                      A4); 0.05..5 mm
  --mesh PATH         also write the eroded ground as a mesh, one vertex per cell in the map's
                      colours, two triangles per grid square: binary glTF 2.0 (.glb) or
                      Wavefront OBJ (.obj)
                      optional; a file name ending in .glb or .obj, in an existing directory or
                      in --out's
  --exaggeration E    --mesh only: the mesh's heights are the ground's times E, in cells
                      default 40; a number above 0, up to 1000
  --scheme KEY        colour scheme of --layers, --svg (map style) and --mesh
                      default site_dark; site_dark, site_light, topographic, blueprint or bw
  --force             replace output files that already exist, each atomically
                      default off: refuse if any exists
  --help              print this help and exit (also -h)

--roughness applies only to diamond-square and --terrain-scale only to island; the
diamond-square terrain gets the sketch's island falloff (0.4) so its rain drains to a sea.
Exit status: 0 done; 2 bad input, an output file exists (without --force) or DIR cannot
be written, with nothing written; 1 an unexpected failure.
)";
  const CliRun help = run({"--help"});
  EXPECT_EQ(help.out, expected);
  // -h too, and anywhere, even where it would be a flag's value; but not "-hx" or "--help=1".
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"-h"}, {"--out", "-h"}, {"--seed", "--help"}}) {
    const CliRun run_with = run(args);
    EXPECT_EQ(run_with.status, 0) << args[0];
    EXPECT_EQ(run_with.out, expected) << args[0];
    EXPECT_EQ(run_with.err, "") << args[0];
  }
  EXPECT_TRUE(listing(work_.path()).empty());
}

// --- Runs that work ------------------------------------------------------------------------

TEST_F(Cli, SmallRunWritesAllNineFilesWithTheirDtypesAndShapesQuietly) {
  const fs::path out = path("small");
  const CliRun result =
      run({"--drops", "2000", "--width", "96", "--height", "64", "--out", out.string()});
  expect_success(result, out);
  EXPECT_EQ(result.err, "");  // under a second: no progress
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(out)) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  std::vector<std::string> expected = kFiles;
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(names, expected);

  // (height, width) and the dtype of each, as numpy would see them.
  const std::pair<const char*, io::NpyDtype> dtypes[] = {
      {"original.npy", io::NpyDtype::float32}, {"eroded.npy", io::NpyDtype::float32},
      {"filled.npy", io::NpyDtype::float32},   {"flow.npy", io::NpyDtype::uint32},
      {"downstream.npy", io::NpyDtype::int32}, {"basins.npy", io::NpyDtype::int32},
      {"strahler.npy", io::NpyDtype::uint8},   {"lakes.npy", io::NpyDtype::float32}};
  for (const auto& [name, dtype] : dtypes) {
    const io::NpyArray array = io::read_npy(out / name);
    EXPECT_EQ(array.dtype, dtype) << name;
    EXPECT_EQ(array.height, 64) << name;
    EXPECT_EQ(array.width, 96) << name;
  }
  expect_consistent_drainage(out, 64, 96, 250);
}

TEST_F(Cli, SummaryEchoesTheInputsAndCountsWhatHappened) {
  const fs::path out = path("summary");
  expect_success(
      run({"--seed",          "7",    "--drops",        "3000", "--width",      "100",
           "--height",        "80",   "--erosion",      "0.5",  "--deposition", "0.1",
           "--inertia",       "0.2",  "--brush-radius", "3",    "--sea-level",  "0.3",
           "--terrain-scale", "0.02", "--min-flow",     "50",   "--out",        out.string()}),
      out);
  const Json summary = load_summary(out);
  const Json& inputs = summary.at("inputs");
  EXPECT_EQ(whole(inputs.at("seed")), 7u);
  EXPECT_EQ(whole(inputs.at("drops")), 3000u);
  EXPECT_EQ(inputs.at("generator").get<std::string>(), "island");
  EXPECT_EQ(whole(inputs.at("width")), 100u);
  EXPECT_EQ(whole(inputs.at("height")), 80u);
  EXPECT_EQ(inputs.at("erosion").get<double>(), 0.5);
  EXPECT_EQ(inputs.at("deposition").get<double>(), 0.1);
  EXPECT_EQ(inputs.at("inertia").get<double>(), 0.2);
  EXPECT_EQ(whole(inputs.at("brush_radius")), 3u);
  EXPECT_EQ(inputs.at("sea_level").get<double>(), 0.3);
  EXPECT_EQ(inputs.at("terrain_scale").get<double>(), 0.02);
  EXPECT_FALSE(inputs.contains("roughness"));
  EXPECT_EQ(inputs.at("routing").get<std::string>(), "sketch");
  EXPECT_EQ(whole(inputs.at("min_flow")), 50u);

  const Json& counts = summary.at("counts");
  EXPECT_EQ(whole(counts.at("drops")), 3000u);
  const Json& ended = counts.at("drops_ended");
  EXPECT_EQ(whole(ended.at("flat")) + whole(ended.at("off_map")) + whole(ended.at("sea")) +
                whole(ended.at("max_steps")),
            3000u);
  EXPECT_GT(whole(counts.at("total_steps")), 3000u);
  const auto flow = load<uint32_t>(out, "flow.npy", 80, 100);
  EXPECT_EQ(whole(counts.at("river_cells")),
            static_cast<uint64_t>(
                std::count_if(flow.begin(), flow.end(), [](uint32_t f) { return f >= 50; })));
  EXPECT_EQ(whole(counts.at("max_flow")), *std::max_element(flow.begin(), flow.end()));
  expect_consistent_drainage(out, 80, 100, 50, 0.3);

  // "files" describes every grid written, in the order written.
  std::vector<std::string> described;
  for (const auto& item : summary.at("files").items()) described.push_back(item.key());
  described.push_back("summary.json");
  EXPECT_EQ(described, kFiles);

  for (const char* timing :
       {"terrain_ms", "rain_ms", "drops_per_s", "drainage_ms", "rivers_ms", "total_ms"}) {
    EXPECT_TRUE(summary.at("timings").at(timing).is_number()) << timing;
    EXPECT_GE(summary.at("timings").at(timing).get<double>(), 0) << timing;
  }
}

TEST_F(Cli, SameInputsTwiceGiveIdenticalFiles) {
  const std::vector<std::string> args = {"--seed", "5", "--drops", "3000", "--routing", "flood"};
  for (const char* name : {"a", "b"}) {
    std::vector<std::string> with_out = args;
    with_out.insert(with_out.end(), {"--out", path(name).string()});
    expect_success(run(with_out), path(name));
  }
  for (const std::string& name : kFiles) {
    if (name == "summary.json") continue;
    EXPECT_EQ(io::read_file(path("a") / name), io::read_file(path("b") / name)) << name;
  }
  EXPECT_EQ(summary_without_timings(path("a")), summary_without_timings(path("b")));
}

TEST_F(Cli, AnotherSeedGivesAnotherTerrainAndRain) {
  expect_success(run({"--seed", "42", "--drops", "2000", "--out", path("a").string()}), path("a"));
  expect_success(run({"--seed", "43", "--drops", "2000", "--out", path("b").string()}), path("b"));
  const auto a = load<float>(path("a"), "original.npy", 180, 320);
  const auto b = load<float>(path("b"), "original.npy", 180, 320);
  // Nearly every cell of a different noise field differs.
  EXPECT_GT(testing::bit_differences(a, b), a.size() * 9 / 10);
  EXPECT_NE(io::read_file(path("a") / "flow.npy"), io::read_file(path("b") / "flow.npy"));
}

TEST_F(Cli, DiamondSquareTerrainRisesToAnIslandThatDrainsToTheSea) {
  const fs::path out = path("ds");
  expect_success(run({"--generator", "diamond-square", "--roughness", "0.7", "--width", "129",
                      "--height", "65", "--drops", "3000", "--out", out.string()}),
                 out);
  const auto heights = load<float>(out, "original.npy", 65, 129);
  EXPECT_EQ(*std::min_element(heights.begin(), heights.end()), 0.0f);
  EXPECT_EQ(*std::max_element(heights.begin(), heights.end()), 1.0f);
  // The island falloff: the border is lower on average than the middle.
  double border = 0, middle = 0;
  int border_n = 0, middle_n = 0;
  for (int y = 0; y < 65; y++) {
    for (int x = 0; x < 129; x++) {
      const double h = heights[static_cast<std::size_t>(y * 129 + x)];
      if (x == 0 || y == 0 || x == 128 || y == 64) {
        border += h;
        border_n++;
      } else if (std::abs(x - 64) < 16 && std::abs(y - 32) < 8) {
        middle += h;
        middle_n++;
      }
    }
  }
  EXPECT_LT(border / border_n + 0.2, middle / middle_n);
  const Json summary = load_summary(out);
  EXPECT_EQ(summary.at("inputs").at("generator").get<std::string>(), "diamond-square");
  EXPECT_EQ(summary.at("inputs").at("roughness").get<double>(), 0.7);
  EXPECT_EQ(summary.at("inputs").at("island").get<double>(), 0.4);
  EXPECT_FALSE(summary.at("inputs").contains("terrain_scale"));
  EXPECT_GT(whole(summary.at("counts").at("drops_ended").at("sea")), 0u);
  expect_consistent_drainage(out, 65, 129, 250);
}

TEST_F(Cli, FloodRoutingAddsNoRippleAndSketchRoutingDoes) {
  expect_success(run({"--drops", "2000", "--routing", "flood", "--out", path("flood").string()}),
                 path("flood"));
  expect_success(run({"--drops", "2000", "--out", path("sketch").string()}), path("sketch"));
  // Filling only ever raises, so without a ripple the routing surface is nowhere below the
  // eroded field; the sketch's ripple takes it below in places.
  const auto eroded = load<float>(path("flood"), "eroded.npy", 180, 320);
  const auto flood = load<float>(path("flood"), "filled.npy", 180, 320);
  const auto sketch = load<float>(path("sketch"), "filled.npy", 180, 320);
  std::size_t flood_below = 0, sketch_below = 0;
  for (std::size_t i = 0; i < eroded.size(); i++) {
    flood_below += flood[i] < eroded[i];
    sketch_below += sketch[i] < eroded[i];
  }
  EXPECT_EQ(flood_below, 0u);
  EXPECT_GT(sketch_below, 1000u);
  EXPECT_EQ(load_summary(path("flood")).at("inputs").at("routing").get<std::string>(), "flood");
  expect_consistent_drainage(path("flood"), 180, 320, 250);
  // Lakes are the ground's, whatever way the rivers are routed.
  EXPECT_EQ(io::read_file(path("flood") / "lakes.npy"),
            io::read_file(path("sketch") / "lakes.npy"));
}

// --- The sketch's reference grids ----------------------------------------------------------

TEST_F(Cli, Seed42MatchesTheSketchAfter20000Drops) {
  const fs::path out = path("s42");
  expect_success(run({"--seed", "42", "--drops", "20000", "--out", out.string()}), out);
  EXPECT_EQ(testing::bit_differences(load<float>(out, "original.npy", 180, 320),
                                     testing::read_reference<float>("original.f32")),
            0u);
  EXPECT_EQ(testing::bit_differences(load<float>(out, "eroded.npy", 180, 320),
                                     testing::read_reference<float>("eroded-20000.f32")),
            0u);
  // The sketch's own counts for this run.
  const Json expected = testing::read_json(testing::reference_path("summary-20000.json"));
  const Json counts = load_summary(out).at("counts");
  EXPECT_EQ(whole(counts.at("total_steps")), whole(expected.at("total_steps")));
  for (const char* end : {"flat", "off_map", "sea", "max_steps"}) {
    EXPECT_EQ(whole(counts.at("drops_ended").at(end)), whole(expected.at("drops_ended").at(end)))
        << end;
  }
  EXPECT_EQ(whole(counts.at("river_cells")), whole(expected.at("river_cells")));
  EXPECT_EQ(whole(counts.at("max_flow")), whole(expected.at("max_water")));
}

// The whole default run (about a second or two): the sketch's eroded field, routing surface,
// water and downstream for 300,000 drops, bit for bit, and its counts.
TEST_F(Cli, DefaultRunMatchesTheSketchsWaterDownstreamAndFilledSurface) {
  const fs::path out = path("full");
  const CliRun result = run({"--out", out.string()});
  expect_success(result, out);
  EXPECT_EQ(testing::bit_differences(load<float>(out, "eroded.npy", 180, 320),
                                     testing::read_reference<float>("eroded.f32")),
            0u);
  EXPECT_EQ(testing::bit_differences(load<float>(out, "filled.npy", 180, 320),
                                     testing::read_reference<float>("filled.f32")),
            0u);
  EXPECT_EQ(testing::bit_differences(load<int32_t>(out, "downstream.npy", 180, 320),
                                     testing::read_reference<int32_t>("downstream.i32")),
            0u);
  // The sketch keeps its water counts as float32.
  const auto flow = load<uint32_t>(out, "flow.npy", 180, 320);
  std::vector<float> water(flow.size());
  std::transform(flow.begin(), flow.end(), water.begin(),
                 [](uint32_t f) { return static_cast<float>(f); });
  EXPECT_EQ(testing::bit_differences(water, testing::read_reference<float>("water.f32")), 0u);
  // The sketch's rain leaves hollows on the island, and the lakes fill them.
  EXPECT_GT(expect_consistent_drainage(out, 180, 320, 250), 0u);

  const Json expected = testing::read_json(testing::reference_path("summary.json"));
  const Json summary = load_summary(out);
  const Json& counts = summary.at("counts");
  EXPECT_EQ(whole(counts.at("drops")), 300000u);
  EXPECT_EQ(whole(counts.at("total_steps")), whole(expected.at("total_steps")));
  for (const char* end : {"flat", "off_map", "sea", "max_steps"}) {
    EXPECT_EQ(whole(counts.at("drops_ended").at(end)), whole(expected.at("drops_ended").at(end)))
        << end;
  }
  EXPECT_EQ(whole(counts.at("river_cells")), whole(expected.at("river_cells")));
  EXPECT_EQ(whole(counts.at("max_flow")), whole(expected.at("max_water")));

  // Progress: none in the first second; past it, plain lines (stderr is a file here, not a
  // terminal) and the rain's last line at 100%.
  EXPECT_EQ(result.err.find('\r'), std::string::npos);
  const double busy_ms = summary.at("timings").at("terrain_ms").get<double>() +
                         summary.at("timings").at("rain_ms").get<double>();
  if (summary.at("timings").at("total_ms").get<double>() < 950) {
    EXPECT_EQ(result.err, "");
  } else if (busy_ms > 1050) {
    EXPECT_NE(result.err.find("rain: 300,000 / 300,000 drops (100%)\n"), std::string::npos)
        << result.err;
  }
  std::size_t start = 0;
  while (start < result.err.size()) {
    const std::size_t end = result.err.find('\n', start);
    const std::string line = result.err.substr(start, end - start);
    const bool known = line.rfind("rain: ", 0) == 0 || line.rfind("drainage: ", 0) == 0 ||
                       line.rfind("rivers: ", 0) == 0 || line.rfind("writing: ", 0) == 0 ||
                       line.rfind("terrain: ", 0) == 0;
    EXPECT_TRUE(known) << line;
    start = end == std::string::npos ? result.err.size() : end + 1;
  }
}

// --- Bad input -----------------------------------------------------------------------------

struct BadInput {
  std::vector<std::string> args;
  std::vector<std::string> message_has;  // parts the one line must contain
  bool add_out = true;                   // append --out WORK/out
};

void PrintTo(const BadInput& bad, std::ostream* os) {
  testing::print_words(bad.args, os);
}

class CliBadInput : public Cli, public ::testing::WithParamInterface<BadInput> {};

TEST_P(CliBadInput, ExitsTwoWithOneLineNamingTheFlagAndWritesNothing) {
  const BadInput& bad = GetParam();
  std::vector<std::string> args = bad.args;
  if (bad.add_out) args.insert(args.end(), {"--out", "@OUT"});
  const CliRun result = refused_beside_existing(args);
  EXPECT_EQ(result.err.rfind("terrain-cli: ", 0), 0u) << result.err;
  for (const std::string& part : bad.message_has) {
    EXPECT_NE(result.err.find(part), std::string::npos) << "'" << part << "' not in " << result.err;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Everything, CliBadInput,
    ::testing::Values(
        // Whole numbers: no exponent, sign, junk, spaces, emptiness; within range.
        BadInput{{"--seed", "1e3"}, {"--seed", "'1e3'", "not a whole number", "0..4294967295"}},
        BadInput{{"--seed", "-1"}, {"--seed", "out of range", "0..4294967295"}},
        BadInput{{"--seed", "4294967296"}, {"--seed", "out of range"}},
        BadInput{{"--seed", "99999999999999999999999"}, {"--seed", "out of range"}},
        BadInput{{"--seed", ""}, {"--seed", "''", "not a whole number"}},
        BadInput{{"--seed", "12x"}, {"--seed", "'12x'"}},
        BadInput{{"--seed", " 12"}, {"--seed", "not a whole number"}},
        BadInput{{"--seed", "+12"}, {"--seed", "not a whole number"}},
        BadInput{{"--seed", "1\n2"}, {"--seed", "'1\\x0a2'"}},
        BadInput{{"--drops", "1000000001"}, {"--drops", "out of range", "0..1000000000"}},
        BadInput{{"--drops", "2.5"}, {"--drops", "not a whole number"}},
        BadInput{{"--width", "1"}, {"--width", "out of range", "2..8192"}},
        BadInput{{"--width", "8193"}, {"--width", "2..8192"}},
        BadInput{{"--height", "0"}, {"--height", "2..8192"}},
        BadInput{{"--brush-radius", "7"}, {"--brush-radius", "1..6"}},
        BadInput{{"--brush-radius", "0"}, {"--brush-radius", "1..6"}},
        BadInput{{"--brush-radius", "2.0"}, {"--brush-radius", "not a whole number"}},
        BadInput{{"--min-flow", "0"}, {"--min-flow", "out of range"}},
        BadInput{{"--min-flow", "1e2"}, {"--min-flow", "not a whole number"}},
        // Reals: finite, the whole text, within range.
        BadInput{{"--erosion", "nan"}, {"--erosion", "not a finite number", "0..1"}},
        BadInput{{"--erosion", "inf"}, {"--erosion", "not a finite number"}},
        BadInput{{"--erosion", "1.01"}, {"--erosion", "out of range", "0..1"}},
        BadInput{{"--erosion", "0.3x"}, {"--erosion", "not a number"}},
        BadInput{{"--erosion", ""}, {"--erosion", "not a number"}},
        BadInput{{"--erosion", "1e999"}, {"--erosion", "out of range"}},
        BadInput{{"--deposition", "-0.1"}, {"--deposition", "out of range", "0..1"}},
        BadInput{{"--inertia", "0.6"}, {"--inertia", "0..0.5"}},
        BadInput{{"--sea-level", "0.61"}, {"--sea-level", "0..0.6"}},
        BadInput{{"--terrain-scale", "0.1"}, {"--terrain-scale", "0.004..0.03"}},
        BadInput{{"--generator", "diamond-square", "--roughness", "0.95"},
                 {"--roughness", "0.3..0.9"}},
        // Choices.
        BadInput{{"--generator", "perlin"},
                 {"--generator", "'perlin'", "island or diamond-square"}},
        BadInput{{"--routing", "d8"}, {"--routing", "'d8'", "sketch or flood"}},
        // A setting of the other generator.
        BadInput{{"--roughness", "0.5"}, {"--roughness", "diamond-square"}},
        BadInput{{"--generator", "island", "--roughness", "0.5"}, {"--roughness"}},
        BadInput{{"--generator", "diamond-square", "--terrain-scale", "0.01"},
                 {"--terrain-scale", "island"}},
        // Flags themselves.
        BadInput{{"--bogus", "1"}, {"unknown flag", "'--bogus'"}},
        BadInput{{"-s", "1"}, {"unknown flag", "'-s'"}},
        BadInput{{"stray"}, {"unexpected argument", "'stray'"}},
        BadInput{{"--drops"}, {"--drops needs a value", "0..1000000000"}},
        BadInput{{"--drops", "--seed", "3"}, {"--drops needs a value"}},
        BadInput{{"--seed", "1", "--seed", "2"}, {"--seed", "twice"}},
        BadInput{{"--force=yes"}, {"--force takes no value"}},
        BadInput{{"--seed=abc"}, {"--seed", "'abc'"}},
        // --out: required, not empty.
        BadInput{{"--seed", "3"}, {"--out DIR is required"}, false},
        BadInput{{}, {"--out DIR is required"}, false},
        BadInput{{"--out", ""}, {"--out", "empty"}, false},
        BadInput{{"--out"}, {"--out needs a value"}, false}));

// Every message terrain-cli has for a bad command line, each exactly: the one line on stderr,
// exit status 2, nothing on stdout and nothing written. "@OUT" stands for a new directory in
// the scratch space. The odd cases where CLI11's own rules differ are here too, each behaving
// as terrain-cli always has: a flag given twice, --flag=value, a missing value at the end, an
// unknown flag, negative numbers, and values that look like flags.
using ExactMessage = testing::Refusal;

class CliExactMessage : public Cli, public ::testing::WithParamInterface<ExactMessage> {};

TEST_P(CliExactMessage, IsTheOneLineAndExitsTwoWritingNothing) {
  const CliRun result = refused_beside_existing(GetParam().args);
  EXPECT_EQ(result.err, "terrain-cli: " + GetParam().message + "\n");
}

const std::string kUnknown = " (terrain-cli --help lists them)";
const std::string kUnexpected = " (every value follows its flag, e.g. --out DIR)";
const std::string kSeedAllowed = " (allowed: whole number 0..4294967295)";

INSTANTIATE_TEST_SUITE_P(
    EveryMessage, CliExactMessage,
    ::testing::Values(
        // 1. An unknown flag: by its name (without "=value"), or the whole word if it has one
        // dash; words are read before any value is checked, and the first bad one counts.
        ExactMessage{{"--bogus", "1", "--out", "@OUT"}, "unknown flag '--bogus'" + kUnknown},
        ExactMessage{{"--bogus=1", "--out", "@OUT"}, "unknown flag '--bogus'" + kUnknown},
        ExactMessage{{"--Seed", "1", "--out", "@OUT"}, "unknown flag '--Seed'" + kUnknown},
        ExactMessage{{"-s", "1", "--out", "@OUT"}, "unknown flag '-s'" + kUnknown},
        ExactMessage{{"-hx", "--out", "@OUT"}, "unknown flag '-hx'" + kUnknown},
        ExactMessage{{"--", "--out", "@OUT"}, "unknown flag '--'" + kUnknown},
        ExactMessage{{"-1", "--out", "@OUT"}, "unknown flag '-1'" + kUnknown},
        ExactMessage{{"--seed", "abc", "--bogus", "--out", "@OUT"},
                     "unknown flag '--bogus'" + kUnknown},
        ExactMessage{{"--bogus", "--seed"}, "unknown flag '--bogus'" + kUnknown},
        // 2. A word that is not a flag or a flag's value.
        ExactMessage{{"stray", "--out", "@OUT"}, "unexpected argument 'stray'" + kUnexpected},
        ExactMessage{{"--out", "@OUT", ""}, "unexpected argument ''" + kUnexpected},
        ExactMessage{{"--force", "yes", "--out", "@OUT"},
                     "unexpected argument 'yes'" + kUnexpected},
        // "--seed=" gives the empty value; the next word is a word of its own.
        ExactMessage{{"--seed=", "5", "--out", "@OUT"}, "unexpected argument '5'" + kUnexpected},
        // 3. A flag given twice, however it is written, even without its value the second time.
        ExactMessage{{"--seed", "1", "--seed", "2", "--out", "@OUT"},
                     "--seed is given twice (give it once)"},
        ExactMessage{{"--seed=1", "--out", "@OUT", "--seed", "1"},
                     "--seed is given twice (give it once)"},
        ExactMessage{{"--force", "--force", "--out", "@OUT"},
                     "--force is given twice (give it once)"},
        ExactMessage{{"--out", "@OUT", "--seed", "1", "--seed"},
                     "--seed is given twice (give it once)"},
        ExactMessage{{"--out", "@OUT", "--out", "@OUT"}, "--out is given twice (give it once)"},
        // 4. A value given to a switch.
        ExactMessage{{"--force=yes", "--out", "@OUT"}, "--force takes no value"},
        ExactMessage{{"--force=", "--out", "@OUT"}, "--force takes no value"},
        ExactMessage{{"--help=1", "--out", "@OUT"}, "--help takes no value"},
        // 5. A missing value: at the end, or where the next word is a flag ("--" and all).
        ExactMessage{{"--out", "@OUT", "--drops"},
                     "--drops needs a value (allowed: whole number 0..1000000000)"},
        ExactMessage{{"--drops", "--seed", "3", "--out", "@OUT"},
                     "--drops needs a value (allowed: whole number 0..1000000000)"},
        ExactMessage{{"--drops", "--drops=5", "--out", "@OUT"},
                     "--drops needs a value (allowed: whole number 0..1000000000)"},
        ExactMessage{{"--erosion", "--", "--out", "@OUT"},
                     "--erosion needs a value (allowed: 0..1)"},
        ExactMessage{{"--out"}, "--out needs a value (allowed: a directory path)"},
        ExactMessage{{"--out", "--force"}, "--out needs a value (allowed: a directory path)"},
        // 6. Not a whole number (a value that looks like a one-dash flag is a value).
        ExactMessage{{"--seed", "1e3", "--out", "@OUT"},
                     "--seed '1e3' is not a whole number" + kSeedAllowed},
        ExactMessage{{"--seed=abc", "--out", "@OUT"},
                     "--seed 'abc' is not a whole number" + kSeedAllowed},
        ExactMessage{{"--seed=--x", "--out", "@OUT"},
                     "--seed '--x' is not a whole number" + kSeedAllowed},
        ExactMessage{{"--seed", "-s", "--out", "@OUT"},
                     "--seed '-s' is not a whole number" + kSeedAllowed},
        ExactMessage{{"--seed=", "--out", "@OUT"},
                     "--seed '' is not a whole number" + kSeedAllowed},
        ExactMessage{{"--out", "@OUT", "--seed="},
                     "--seed '' is not a whole number" + kSeedAllowed},
        ExactMessage{{"--brush-radius", "2.0", "--out", "@OUT"},
                     "--brush-radius '2.0' is not a whole number (allowed: whole number 1..6)"},
        // 7. A whole number out of range, negative numbers included; the first bad value
        // counts.
        ExactMessage{{"--seed", "-1", "--out", "@OUT"},
                     "--seed '-1' is out of range" + kSeedAllowed},
        ExactMessage{{"--seed=-1", "--out", "@OUT"}, "--seed '-1' is out of range" + kSeedAllowed},
        ExactMessage{{"--width", "8193", "--seed", "x", "--out", "@OUT"},
                     "--width '8193' is out of range (allowed: whole number 2..8192)"},
        ExactMessage{{"--min-flow", "0", "--out", "@OUT"},
                     "--min-flow '0' is out of range (allowed: whole number 1..the grid's cells "
                     "(57600 on 320 x 180))"},
        // A --min-flow above the grid's cells: no cell could ever be river (as in the app).
        ExactMessage{{"--min-flow", "101", "--width", "10", "--height", "10", "--out", "@OUT"},
                     "--min-flow '101' is more than the grid's 100 cells (allowed: whole number "
                     "1..100)"},
        // 8. Not a number.
        ExactMessage{{"--erosion", "0.3x", "--out", "@OUT"},
                     "--erosion '0.3x' is not a number (allowed: 0..1)"},
        ExactMessage{{"--inertia", "-", "--out", "@OUT"},
                     "--inertia '-' is not a number (allowed: 0..0.5)"},
        // 9. Not a finite number.
        ExactMessage{{"--erosion", "nan", "--out", "@OUT"},
                     "--erosion 'nan' is not a finite number (allowed: 0..1)"},
        ExactMessage{{"--sea-level", "-inf", "--out", "@OUT"},
                     "--sea-level '-inf' is not a finite number (allowed: 0..0.6)"},
        // 10. A real number out of range.
        ExactMessage{{"--deposition", "-0.1", "--out", "@OUT"},
                     "--deposition '-0.1' is out of range (allowed: 0..1)"},
        ExactMessage{{"--terrain-scale=0.1", "--out", "@OUT"},
                     "--terrain-scale '0.1' is out of range (allowed: 0.004..0.03)"},
        // 11. Not a generator.
        ExactMessage{{"--generator", "perlin", "--out", "@OUT"},
                     "--generator 'perlin' is not a generator (allowed: island or diamond-square)"},
        // 12. Not a routing.
        ExactMessage{{"--routing", "d8", "--out", "@OUT"},
                     "--routing 'd8' is not a routing (allowed: sketch or flood)"},
        // 13. An empty --out.
        ExactMessage{{"--out", ""}, "--out '' is empty (allowed: a directory path)"},
        ExactMessage{{"--out="}, "--out '' is empty (allowed: a directory path)"},
        // 14. --roughness without diamond-square (after every value is checked).
        ExactMessage{{"--roughness", "0.5", "--out", "@OUT"},
                     "--roughness only applies to --generator diamond-square (the generator is "
                     "island)"},
        ExactMessage{{"--roughness", "0.5", "--seed", "x", "--out", "@OUT"},
                     "--seed 'x' is not a whole number" + kSeedAllowed},
        // 15. --terrain-scale without island.
        ExactMessage{{"--generator", "diamond-square", "--terrain-scale", "0.01", "--out", "@OUT"},
                     "--terrain-scale only applies to --generator island (the generator is "
                     "diamond-square)"},
        // 16. No --out (checked last).
        ExactMessage{{}, "--out DIR is required (the directory to write the 9 files into)"},
        ExactMessage{{"--roughness", "0.5", "--seed", "3"},
                     "--roughness only applies to --generator diamond-square (the generator is "
                     "island)"}));

// --- The output directory ------------------------------------------------------------------

TEST_F(Cli, AnExistingOutputFileIsRefusedWithoutForce) {
  const fs::path out = path("out");
  testing::write_text(out / "flow.npy", "keep me");
  const CliRun result = refused({"--drops", "100", "--out", out.string()});
  EXPECT_NE(result.err.find((out / "flow.npy").string()), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("already exists"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("--force"), std::string::npos) << result.err;
}

TEST_F(Cli, ForceReplacesExistingOutputFilesAndLeavesOthersAlone) {
  const fs::path out = path("out");
  testing::write_text(out / "flow.npy", "keep me");
  testing::write_text(out / "summary.json", "{}");
  testing::write_text(out / "notes.txt", "not ours");
  const CliRun result = run({"--drops", "100", "--force", "--out", out.string()});
  expect_success(result, out);
  const auto after = listing(out);
  EXPECT_EQ(after.size(), 10u);  // the 9 files and notes.txt: no temporaries
  EXPECT_EQ(io::read_file(out / "notes.txt"), "not ours");
  EXPECT_NO_THROW(load<uint32_t>(out, "flow.npy", 180, 320));
  EXPECT_NO_THROW(load_summary(out).at("counts"));
  // And again: --force over a complete previous run gives the same grids, no temporaries.
  const std::string flow = io::read_file(out / "flow.npy");
  expect_success(run({"--drops", "100", "--force", "--out", out.string()}), out);
  EXPECT_EQ(listing(out).size(), 10u);
  EXPECT_EQ(io::read_file(out / "flow.npy"), flow);
}

TEST_F(Cli, MissingDirectoriesAreCreated) {
  const fs::path out = path("a") / "b" / "c";
  expect_success(run({"--drops", "100", "--width", "20", "--height", "10", "--out", out.string()}),
                 out);
  EXPECT_EQ(listing(out).size(), 9u);
  // A trailing slash names the same directory.
  const std::string slashed = path("d").string() + "/";
  const CliRun result =
      run({"--drops", "100", "--width", "20", "--height", "10", "--out", slashed});
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(listing(path("d")).size(), 9u);
}

TEST_F(Cli, AnOutputPathUnderARegularFileIsRefused) {
  testing::write_text(path("plain"), "a file");
  const fs::path out = path("plain") / "sub";
  const CliRun result = refused({"--drops", "100", "--out", out.string()});
  EXPECT_NE(result.err.find(out.string()), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("Not a directory"), std::string::npos) << result.err;
}

TEST_F(Cli, AnOutputPathThatIsARegularFileIsRefused) {
  testing::write_text(path("plain"), "a file");
  const CliRun result = refused({"--drops", "100", "--out", path("plain").string()});
  EXPECT_NE(result.err.find("is not a directory"), std::string::npos) << result.err;
}

TEST_F(Cli, AnOutputDirectoryThatCannotBeWrittenIsRefused) {
  // /proc takes no new files or directories, whoever asks (CI runs as root).
  for (const std::string out : {"/proc", "/proc/terrain-cli-test/out"}) {
    const CliRun result = run({"--drops", "100", "--out", out});
    EXPECT_EQ(result.status, 2) << out;
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
    EXPECT_NE(result.err.find("'" + out + "'"), std::string::npos) << result.err;
  }
}

TEST_F(Cli, AWriteThatFailsHalfWayLeavesNothingNotEvenTheNewDirectory) {
  // A 50 KB file-size limit (dash counts ulimit -f in 512-byte blocks; bash in 1024) passes the
  // checks, then fails writing the first 230 KB grid, as a full disk would.
  const fs::path out = path("new") / "deeper";
  const CliRun result = refused({"--drops", "100", "--out", out.string()}, "ulimit -f 100; ");
  EXPECT_NE(result.err.find((out / "original.npy").string() + ": File too large"),
            std::string::npos)
      << result.err;
}

}  // namespace
}  // namespace terrain
