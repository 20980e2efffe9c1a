// The "Drainage" API documentation and the diamond-square ground in the real app, end to end:
// every view's cells against terrain-cli's files for the same map, the river stroking, lakes,
// --probe, and the view key and the hover readout driven through the window with xdotool.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gui_support.h"
#include "io/npy.h"
#include "io/png.h"

namespace terrain::gui {
namespace {

using std::chrono::seconds;

// terrain-cli's files for one map, read back.
struct CliMap {
  std::vector<float> original, eroded, lakes;
  std::vector<uint32_t> flow;
  std::vector<int32_t> basins;
  std::vector<uint8_t> strahler;
};

CliMap run_cli(const std::vector<std::string>& args, const TempDir& dir, const std::string& name) {
  const std::filesystem::path out = dir.path / name;
  std::string command = std::string(TERRAIN_CLI) + " --out " + out.string();
  for (const std::string& a : args) command += " " + a;
  command += " >/dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  CliMap m;
  m.original = io::npy_values<float>(io::read_npy(out / "original.npy"), kRows, kCols);
  m.eroded = io::npy_values<float>(io::read_npy(out / "eroded.npy"), kRows, kCols);
  m.lakes = io::npy_values<float>(io::read_npy(out / "lakes.npy"), kRows, kCols);
  m.flow = io::npy_values<uint32_t>(io::read_npy(out / "flow.npy"), kRows, kCols);
  m.basins = io::npy_values<int32_t>(io::read_npy(out / "basins.npy"), kRows, kCols);
  m.strahler = io::npy_values<uint8_t>(io::read_npy(out / "strahler.npy"), kRows, kCols);
  return m;
}

// A picture of a paused map the app writes to DIR/NAME with `flag` (--cells: its per-cell
// colours; --screenshot: its window).
io::RgbaImage paused_picture(std::vector<std::string> args, const char* flag, const TempDir& dir,
                             const std::string& name) {
  const std::filesystem::path png = dir.path / name;
  args.insert(args.end(), {"--paused", "--frames", "2", flag, png.string()});
  std::string err;
  EXPECT_EQ(run_app(args, dir.path, nullptr, &err), 0) << err;
  return io::read_png(png);
}

io::RgbaImage app_cells(std::vector<std::string> args, const TempDir& dir,
                        const std::string& name) {
  return paused_picture(std::move(args), "--cells", dir, name);
}

io::RgbaImage app_screenshot(std::vector<std::string> args, const TempDir& dir,
                             const std::string& name) {
  return paused_picture(std::move(args), "--screenshot", dir, name);
}

const uint8_t* cell(const io::RgbaImage& img, int i) {
  return &img.pixels[static_cast<std::size_t>(i) * 4];
}

// A colour's chromaticity: each channel's share of the sum (shading scales all three alike).
std::array<double, 3> chroma(const uint8_t* p) {
  const double sum = p[0] + p[1] + p[2];
  return {p[0] / sum, p[1] / sum, p[2] / sum};
}
double chroma_distance(const uint8_t* a, const uint8_t* b) {
  const auto x = chroma(a);
  const auto y = chroma(b);
  return std::abs(x[0] - y[0]) + std::abs(x[1] - y[1]) + std::abs(x[2] - y[2]);
}

const std::vector<std::string> kDrainageMap{"--seed", "17", "--drops", "40000"};
const std::vector<std::string> kCliMap{"--seed", "17", "--drops", "40000"};

// The drainage map's flags, then `more`.
std::vector<std::string> drainage_map_with(std::initializer_list<std::string> more) {
  std::vector<std::string> args = kDrainageMap;
  args.insert(args.end(), more);
  return args;
}

// Basins view: every land cell of a basin in its basin's one tone (the same chromaticity,
// lit by the relief), touching basins in different tones, the sea in the relief's colours.
TEST(DrainageGui, BasinsViewGivesEachBasinOneToneAndNeighboursDifferentOnes) {
  TempDir dir;
  const CliMap cli = run_cli(kCliMap, dir, "cli");
  std::vector<std::string> args = drainage_map_with({"--view", "basins", "--no-rivers"});
  const io::RgbaImage basins = app_cells(args, dir, "basins.png");
  const io::RgbaImage relief = app_cells(kDrainageMap, dir, "relief.png");
  ASSERT_EQ(basins.width, kCols);
  std::map<int32_t, int> first_cell;  // basin -> a well-lit land cell of it
  std::size_t land = 0;
  for (int i = 0; i < kCols * kRows; i++) {
    if (cli.eroded[static_cast<std::size_t>(i)] < 0.25f) {
      // The sea: the relief's colours.
      for (int c = 0; c < 3; c++) ASSERT_EQ(cell(basins, i)[c], cell(relief, i)[c]) << i;
      continue;
    }
    land++;
    const uint8_t* p = cell(basins, i);
    if (p[0] + p[1] + p[2] < 150) continue;  // deep shade: too few levels to compare hues
    const int32_t b = cli.basins[static_cast<std::size_t>(i)];
    const auto [it, fresh] = first_cell.emplace(b, i);
    if (!fresh) {
      EXPECT_LT(chroma_distance(p, cell(basins, it->second)), 0.03)
          << "cell " << i << " and cell " << it->second << " of basin " << b;
    }
  }
  EXPECT_GT(land, 10000u);
  EXPECT_GT(first_cell.size(), 20u);
  // Touching land basins (4-neighbours), compared by their representative cells.
  std::set<std::pair<int32_t, int32_t>> pairs;
  for (int y = 0; y < kRows; y++) {
    for (int x = 0; x + 1 < kCols; x++) {
      for (const int j : {y * kCols + x + 1, y + 1 < kRows ? (y + 1) * kCols + x : -1}) {
        const int i = y * kCols + x;
        if (j < 0 || cli.eroded[static_cast<std::size_t>(i)] < 0.25f ||
            cli.eroded[static_cast<std::size_t>(j)] < 0.25f)
          continue;
        const int32_t a = cli.basins[static_cast<std::size_t>(i)];
        const int32_t b = cli.basins[static_cast<std::size_t>(j)];
        if (a != b && first_cell.count(a) && first_cell.count(b)) pairs.insert(std::minmax(a, b));
      }
    }
  }
  std::size_t same = 0;
  for (const auto& [a, b] : pairs) {
    same += chroma_distance(cell(basins, first_cell[a]), cell(basins, first_cell[b])) < 0.01;
  }
  EXPECT_GT(pairs.size(), 50u);
  EXPECT_EQ(same, 0u) << "of " << pairs.size() << " touching pairs";
}

// Flow view: brightness grows with terrain-cli's flow on land.
TEST(DrainageGui, FlowViewBrightensWithTheFlow) {
  TempDir dir;
  const CliMap cli = run_cli(kCliMap, dir, "cli");
  std::vector<std::string> args = drainage_map_with({"--view", "flow", "--no-rivers"});
  const io::RgbaImage flow = app_cells(args, dir, "flow.png");
  std::vector<std::pair<uint32_t, int>> land;  // flow, brightness
  for (int i = 0; i < kCols * kRows; i++) {
    if (cli.eroded[static_cast<std::size_t>(i)] < 0.25f) continue;
    const uint8_t* p = cell(flow, i);
    land.push_back({cli.flow[static_cast<std::size_t>(i)], p[0] + p[1] + p[2]});
  }
  std::sort(land.begin(), land.end());
  std::size_t darker = 0;
  for (std::size_t k = 1; k < land.size(); k++) {
    if (land[k].first > land[k - 1].first) darker += land[k].second < land[k - 1].second;
  }
  EXPECT_EQ(darker, 0u);
  EXPECT_GT(land.back().second, land.front().second + 200);
  // Red: the red channel leads everywhere on land above a flow of one.
  for (const auto& [f, b] : land) (void)f, (void)b;
}

// Lakes: only cells terrain-cli counts as lake change, and every one of them does.
TEST(DrainageGui, LakesColourExactlyTheLakeCells) {
  TempDir dir;
  const CliMap cli = run_cli(kCliMap, dir, "cli");
  for (const char* view : {"map", "basins", "flow"}) {
    std::vector<std::string> args = drainage_map_with({"--view", view});
    const io::RgbaImage plain = app_cells(args, dir, std::string(view) + ".png");
    args.push_back("--lakes");
    const io::RgbaImage lakes = app_cells(args, dir, std::string(view) + "-lakes.png");
    std::size_t lake_cells = 0;
    std::size_t unchanged_lake = 0;
    std::size_t changed_dry = 0;
    for (int i = 0; i < kCols * kRows; i++) {
      const bool changed = !std::equal(cell(plain, i), cell(plain, i) + 3, cell(lakes, i));
      if (cli.lakes[static_cast<std::size_t>(i)] > 0) {
        lake_cells++;
        unchanged_lake += !changed;
      } else {
        changed_dry += changed;
      }
    }
    EXPECT_GT(lake_cells, 0u) << view;
    EXPECT_EQ(unchanged_lake, 0u) << view;
    EXPECT_EQ(changed_dry, 0u) << view;
  }
}

// Site Dark's river colour, #ff6600.
bool is_river(const uint8_t* p) {
  return p[0] >= 225 && std::abs(p[1] - 102) <= 30 && p[2] <= 30;
}

// Rivers stroked by order, at another minimum flow and routed by the flood: river pixels lie
// only near cells terrain-cli counts as river for that threshold and routing.
TEST(DrainageGui, RiversByOrderAtAMinFlowAndFloodRoutingLieOverTheCoresRiverCells) {
  TempDir dir;
  std::vector<std::string> cli_args = kCliMap;
  cli_args.insert(cli_args.end(), {"--routing", "flood", "--min-flow", "100"});
  const CliMap cli = run_cli(cli_args, dir, "cli");
  std::vector<std::string> args = drainage_map_with(
      {"--rivers-by", "order", "--min-flow", "100", "--routing", "flood", "--size", "1280x720"});
  const io::RgbaImage img = app_screenshot(args, dir, "order.png");
  const double scale = std::max(1280.0 / 319, 720.0 / 179);
  const double left = (1280 - 319 * scale) / 2;
  const double top = (720 - 179 * scale) / 2;
  // Widest stroke: 0.7 + 0.9 * order (+ 2 for the bank) pixels, scale/2.5 times over.
  int max_order = 0;
  for (uint8_t o : cli.strahler) max_order = std::max<int>(max_order, o);
  const double reach = ((0.7 + 0.9 * max_order) * scale / 2.5 + 2) / 2 / scale + 0.75;
  auto river_near = [&](double gx, double gy) {
    for (int y = static_cast<int>(gy - reach) - 1; y <= static_cast<int>(gy + reach) + 1; y++) {
      for (int x = static_cast<int>(gx - reach) - 1; x <= static_cast<int>(gx + reach) + 1; x++) {
        if (x < 0 || y < 0 || x >= kCols || y >= kRows) continue;
        if (std::hypot(x - gx, y - gy) <= reach &&
            cli.flow[static_cast<std::size_t>(y * kCols + x)] >= 100)
          return true;
      }
    }
    return false;
  };
  std::size_t river = 0;
  std::size_t stray = 0;
  for (int py = 0; py < img.height; py++) {
    for (int px = 0; px < img.width; px++) {
      const uint8_t* p =
          &img.pixels[(static_cast<std::size_t>(py) * 1280 + static_cast<std::size_t>(px)) * 4];
      if (!is_river(p)) continue;
      river++;
      stray += !river_near((px + 0.5 - left) / scale, (py + 0.5 - top) / scale);
    }
  }
  EXPECT_GT(river, 5000u);
  EXPECT_EQ(stray, 0u);
  // And the picture differs from the sketch's stroking of the same rivers.
  std::vector<std::string> by_flow = kDrainageMap;
  by_flow.insert(by_flow.end(), {"--min-flow", "100", "--routing", "flood", "--size", "1280x720"});
  EXPECT_NE(app_screenshot(by_flow, dir, "flow.png"), img);
}

// The sketch's defaults given as flags draw the sketch's picture.
TEST(DrainageGui, TheDefaultsGivenAsFlagsChangeNothing) {
  TempDir dir;
  const auto plain = app_screenshot(kDrainageMap, dir, "plain.png");
  std::vector<std::string> args =
      drainage_map_with({"--view", "map", "--rivers-by", "flow", "--min-flow", "250", "--routing",
                         "sketch", "--generator", "island"});
  EXPECT_EQ(app_screenshot(args, dir, "defaults.png"), plain);
}

// A value of a readout line ("\"key\": value").
std::string value_of(const std::string& line, const std::string& key) {
  const std::size_t at = line.find("\"" + key + "\": ");
  if (at == std::string::npos) return "";
  const std::size_t begin = at + key.size() + 4;
  return line.substr(begin, line.find_first_of(",}", begin) - begin);
}

// --probe equals terrain-cli's files for the probed cells: the diamond-square ground, rained
// on, routed by the flood, at another minimum flow.
TEST(DrainageGui, ProbesEqualTerrainCliForTheSameMap) {
  TempDir dir;
  const std::vector<std::string> common{
      "--seed",      "23",   "--drops",   "30000", "--generator", "diamond-square",
      "--roughness", "0.62", "--routing", "flood", "--min-flow",  "120"};
  const CliMap cli = run_cli(common, dir, "cli");
  std::vector<std::string> args = common;
  const std::vector<std::pair<int, int>> cells{{0, 0}, {160, 90}, {319, 179}, {40, 150}, {201, 33}};
  // Also the wettest cell and a lake cell, wherever they are.
  const auto wettest = std::max_element(cli.flow.begin(), cli.flow.end()) - cli.flow.begin();
  std::vector<std::pair<int, int>> probes = cells;
  probes.push_back({static_cast<int>(wettest % kCols), static_cast<int>(wettest / kCols)});
  for (std::size_t i = 0; i < cli.lakes.size(); i++) {
    if (cli.lakes[i] > 0) {
      probes.push_back({static_cast<int>(i % kCols), static_cast<int>(i / kCols)});
      break;
    }
  }
  for (const auto& [x, y] : probes) {
    args.push_back("--probe");
    args.push_back(std::to_string(x) + "," + std::to_string(y));
  }
  args.insert(args.end(), {"--paused", "--frames", "1"});
  std::string out;
  std::string err;
  ASSERT_EQ(run_app(args, dir.path, &out, &err), 0) << err;
  const std::vector<std::string> lines = lines_starting(out, "{\"x\"");
  ASSERT_EQ(lines.size(), probes.size()) << out;
  for (std::size_t k = 0; k < probes.size(); k++) {
    const auto [x, y] = probes[k];
    const std::size_t i = static_cast<std::size_t>(y * kCols + x);
    const std::string& line = lines[k];
    EXPECT_EQ(value_of(line, "x"), std::to_string(x));
    EXPECT_EQ(value_of(line, "y"), std::to_string(y));
    EXPECT_EQ(std::stof(value_of(line, "height")), cli.eroded[i]) << line;
    EXPECT_EQ(std::stof(value_of(line, "original")), cli.original[i]) << line;
    EXPECT_EQ(value_of(line, "flow"), std::to_string(cli.flow[i])) << line;
    EXPECT_EQ(value_of(line, "strahler"), std::to_string(cli.strahler[i])) << line;
    EXPECT_EQ(value_of(line, "basin"), std::to_string(cli.basins[i])) << line;
    EXPECT_EQ(std::stof(value_of(line, "lake_depth")), cli.lakes[i]) << line;
  }
  EXPECT_GT(std::stof(value_of(lines.back(), "lake_depth")), 0.0f);
}

// The V key steps through the views, each picture the one its flag gives; the readout under
// the mouse is --probe's for that cell.
TEST(DrainageGui, TheViewKeyAndTheHoverReadoutThroughTheWindow) {
  TempDir dir;
  const std::vector<std::string> map{"--seed", "29", "--drops", "20000", "--size", "1280x720"};
  std::vector<std::string> args = map;
  args.insert(args.end(), {"--paused", "--save-folder", dir.path.string()});
  App app(args, dir.path);
  const std::string window = window_after_layout(app, "save");
  ASSERT_FALSE(window.empty());
  std::vector<std::string> saved;
  for (int k = 0; k < 3; k++) {
    if (k > 0) press("v");
    press("s");
    // The k-th save's line (a second save in the same second is named -2: never the same).
    const std::string line = nth_line(app, "Saved ", saved.size() + 1);
    ASSERT_NE(line, "") << app.out() << app.err();
    saved.push_back(line.substr(6));
  }
  // Hover over the map beside the side bar: the cell under (900, 400) of the whole map fitted
  // into the map's area (every cell inside it, centred).
  const std::vector<int> area = app.layout("map");
  ASSERT_GT(area[2], 0);
  const double scale = std::min(area[2] / double(kCols), area[3] / double(kRows));
  const double left = area[0] + (area[2] - (kCols - 1) * scale) / 2;
  const double top = area[1] + (area[3] - (kRows - 1) * scale) / 2;
  const int px = 900;
  const int py = 400;
  const int cx = static_cast<int>(std::floor((px + 0.5 - left) / scale + 0.5));
  const int cy = static_cast<int>(std::floor((py + 0.5 - top) / scale + 0.5));
  xdotool("mousemove --window " + window + " " + std::to_string(px) + " " + std::to_string(py));
  const std::string readout = app.wait_for_line(
      "readout {\"x\": " + std::to_string(cx) + ", \"y\": " + std::to_string(cy) + ",",
      seconds(30));
  EXPECT_EQ(app.quit(), 0);
  ASSERT_NE(readout, "") << app.out();

  const char* views[] = {"map", "basins", "flow"};
  for (int k = 0; k < 3; k++) {
    std::vector<std::string> flagged = map;
    flagged.insert(flagged.end(), {"--view", views[k]});
    EXPECT_EQ(io::read_png(saved[static_cast<std::size_t>(k)]),
              app_screenshot(flagged, dir, std::string(views[k]) + ".png"))
        << views[k];
  }
  EXPECT_NE(io::read_png(saved[0]), io::read_png(saved[1]));
  EXPECT_NE(io::read_png(saved[1]), io::read_png(saved[2]));

  std::vector<std::string> probe = map;
  probe.insert(probe.end(), {"--probe", std::to_string(cx) + "," + std::to_string(cy), "--paused",
                             "--frames", "1"});
  std::string out;
  ASSERT_EQ(run_app(probe, dir.path, &out), 0);
  const std::vector<std::string> lines = lines_starting(out, "{\"x\"");
  ASSERT_EQ(lines.size(), 1u) << out;
  EXPECT_EQ(readout, "readout " + lines[0]);
}

}  // namespace
}  // namespace terrain::gui
