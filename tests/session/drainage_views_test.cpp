// The live model's side of the "Drainage" API documentation and the diamond-square ground:
// the generator and roughness as map commands, the hydrology kept with the rivers (and
// without them), the routing and minimum flow, and the cell readout and --probe.
#include <gtest/gtest.h>

#include <charconv>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "allocation_counter.h"
#include "core/ground.h"
#include "core/hydrology.h"
#include "core/island.h"
#include "core/rain.h"
#include "map_bytes.h"
#include "session/cell_readout.h"
#include "session/live_model.h"
#include "session/map_recipe.h"

namespace terrain::session {
namespace {

template <typename T>
bool same_values(std::span<const T> a, std::span<const T> b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

// The hydrology terrain-cli works out for a ground: the sketch's routing with the seed's
// ripple, the flood's with none.
Hydrology cli_hydrology(const Heightfield& ground, uint32_t seed, const Settings& s) {
  HydrologyParams params;
  params.sea_level = s.sea_level;
  params.routing = s.routing;
  params.min_flow = static_cast<uint32_t>(s.min_flow);
  Hydrology h;
  if (s.routing == Routing::sketch) {
    const Heightfield ripple = wander_ripple(seed);
    h.compute(ground, params, &ripple);
  } else {
    h.compute(ground, params);
  }
  return h;
}

void expect_same_hydrology(const Hydrology& a, const Hydrology& b) {
  EXPECT_TRUE(same_values(a.drainage().flow(), b.drainage().flow()));
  EXPECT_TRUE(same_values(a.drainage().downstream(), b.drainage().downstream()));
  EXPECT_TRUE(same_values(a.drainage().basins(), b.drainage().basins()));
  EXPECT_TRUE(same_values(a.strahler(), b.strahler()));
  EXPECT_TRUE(same_values(a.lake_depth(), b.lake_depth()));
}

// --- The ground ------------------------------------------------------------------------------

TEST(DiamondSquareGround, IsTheCoresGroundAndRainsAsTheCoreRains) {
  Settings s;
  s.generator = Generator::diamond_square;
  s.roughness = 0.7;
  LiveModel model(9, s);
  GroundParams ground;
  ground.generator = Generator::diamond_square;
  ground.roughness = 0.7;
  const Heightfield expected = grow_ground(9, ground);
  EXPECT_TRUE(same_bytes(model.original(), expected));
  // Not the noise island of the same seed.
  EXPECT_FALSE(same_bytes(model.original(), island_terrain(9)));

  model.rain_now(5000);
  Heightfield rained = expected;
  Rain rain(rained, 9, RainParams{});
  rain.run(5000);
  EXPECT_TRUE(same_bytes(model.heights(), rained));
  EXPECT_TRUE(same_bytes(model.original(), expected));
}

TEST(DiamondSquareGround, GeneratorAndRoughnessAreMapCommandsThatGrowANewGround) {
  LiveModel model(4);
  for (int k = 0; k < 10; k++) model.tick();
  const uint64_t grounds = model.ground_version();
  model.apply(MapCommand{SetGenerator{Generator::diamond_square}});
  EXPECT_EQ(model.drops(), 0u);
  EXPECT_EQ(model.ground_version(), grounds + 1);
  EXPECT_TRUE(model.recipe().commands.empty());  // a new start
  EXPECT_EQ(model.recipe().settings.generator, Generator::diamond_square);
  GroundParams ds;
  ds.generator = Generator::diamond_square;
  EXPECT_TRUE(same_bytes(model.original(), grow_ground(4, ds)));

  model.apply(MapCommand{SetRoughness{0.35}});
  ds.roughness = 0.35;
  EXPECT_TRUE(same_bytes(model.original(), grow_ground(4, ds)));
  EXPECT_EQ(model.recipe().settings.roughness, 0.35);

  // Retyping the seed brings the map back for the chosen generator.
  model.apply(MapCommand{SetSeed{77}});
  model.apply(MapCommand{RainDrops{800}});
  model.apply(MapCommand{SetSeed{4}});
  EXPECT_TRUE(same_bytes(model.original(), grow_ground(4, ds)));

  // A recipe of the diamond-square map replays to the same bytes.
  for (int k = 0; k < 7; k++) model.tick();
  const LiveModel replayed(parse_recipe(recipe_text(model.recipe())));
  EXPECT_TRUE(same_bytes(replayed.heights(), model.heights()));
  EXPECT_EQ(replayed.settings().generator, Generator::diamond_square);
  EXPECT_EQ(replayed.settings().roughness, 0.35);
}

TEST(DiamondSquareGround, RoughnessOutOfRangeIsRefusedChangingNothing) {
  LiveModel model(4);
  model.apply(MapCommand{SetGenerator{Generator::diamond_square}});
  const Heightfield before = model.original();
  for (double bad : {0.29, 0.91, -1.0, std::numeric_limits<double>::quiet_NaN()}) {
    try {
      model.apply(MapCommand{SetRoughness{bad}});
      ADD_FAILURE() << bad << " was taken";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("roughness must be from 0.3 to 0.9"), std::string::npos)
          << e.what();
    }
  }
  EXPECT_EQ(model.settings().roughness, kRoughnessDefault);
  EXPECT_TRUE(same_bytes(model.original(), before));
}

TEST(DiamondSquareGround, ARecipeWithoutAGeneratorIsTheNoiseIslands) {
  const MapRecipe recipe = parse_recipe(
      R"({"format": "terrain-sandbox map recipe", "version": 1, "seed": 7, "settings": )"
      R"({"drops_per_frame": 200, "erosion": 0.3, "deposition": 0.3, "inertia": 0.05, )"
      R"("brush_radius": 2, "sea_level": 0.25, "terrain_scale": 0.012}, "commands": []})");
  EXPECT_EQ(recipe.settings.generator, Generator::island);
  EXPECT_THROW(parse_recipe(R"({"format": "terrain-sandbox map recipe", "version": 1, "seed": 7,)"
                            R"( "settings": {"drops_per_frame": 200, "erosion": 0.3, )"
                            R"("deposition": 0.3, "inertia": 0.05, "brush_radius": 2, )"
                            R"("sea_level": 0.25, "terrain_scale": 0.012, "generator": "fbm"},)"
                            R"( "commands": []})"),
               std::invalid_argument);
}

// --- The hydrology ---------------------------------------------------------------------------

TEST(LiveHydrology, IsTheCoresForTheTerrainDrawnAfterARefresh) {
  for (const Routing routing : {Routing::sketch, Routing::flood}) {
    LiveModel model(31);
    model.pause();
    model.apply(ViewCommand{SetRouting{routing}});
    model.apply(ViewCommand{SetMinFlow{40}});
    model.rain_now(20000);
    const Hydrology expected = cli_hydrology(model.heights(), 31, model.settings());
    expect_same_hydrology(model.hydrology(), expected);
    // The rivers are drawn from the same drainage.
    EXPECT_TRUE(same_values(std::span<const int32_t>(model.rivers().downstream),
                            model.hydrology().drainage().downstream()));
    // The original terrain shown: its hydrology.
    model.apply(ViewCommand{ShowOriginal{true}});
    expect_same_hydrology(model.hydrology(), cli_hydrology(model.original(), 31, model.settings()));
  }
}

TEST(LiveHydrology, ANewGroundHasItsHydrologyAtOnce) {
  LiveModel model(3);
  const uint64_t version = model.hydrology().version();
  model.apply(MapCommand{SetSeed{8}});
  EXPECT_GT(model.hydrology().version(), version);
  EXPECT_EQ(model.hydrology().size(), model.heights().size());
  expect_same_hydrology(model.hydrology(), cli_hydrology(model.heights(), 8, model.settings()));
}

TEST(LiveHydrology, WithTheRiversHiddenItKeepsTheRiversSchedule) {
  Settings s;
  s.show_rivers = false;
  s.view = MapView::basins;
  LiveModel model(42, s);
  const uint64_t start = model.hydrology().version();
  for (int k = 0; k < 14; k++) model.tick();  // frames 1..14: none due (worked out at start)
  EXPECT_EQ(model.hydrology().version(), start);
  model.tick();  // frame 15
  EXPECT_EQ(model.hydrology().version(), start + 1);
  expect_same_hydrology(model.hydrology(), cli_hydrology(model.heights(), 42, model.settings()));
  // A change of routing is due at once, even while it rains.
  model.apply(ViewCommand{SetRouting{Routing::flood}});
  model.tick();
  EXPECT_EQ(model.hydrology().version(), start + 2);
  EXPECT_EQ(model.hydrology().params().routing, Routing::flood);
  EXPECT_EQ(model.river_builds(), 0u);  // the rivers' picture itself is not worked out
}

TEST(LiveHydrology, MinFlowAndRoutingReworkTheRiversAtTheNextTick) {
  LiveModel model(42);
  for (int k = 0; k < 3; k++) model.tick();
  const uint64_t builds = model.river_builds();
  model.apply(ViewCommand{SetMinFlow{1000}});
  model.tick();  // frame 4: not a RIVER_EVERY frame, but the view changed
  EXPECT_EQ(model.river_builds(), builds + 1);
  EXPECT_EQ(model.hydrology().params().min_flow, 1000u);
  model.apply(ViewCommand{SetRouting{Routing::flood}});
  model.tick();
  EXPECT_EQ(model.river_builds(), builds + 2);
  EXPECT_TRUE(same_values(std::span<const int32_t>(model.rivers().downstream),
                          model.hydrology().drainage().downstream()));
}

TEST(LiveHydrology, MinFlowOutOfRangeIsRefusedChangingNothing) {
  LiveModel model(42);
  for (int bad : {0, -5, kMinFlowMax + 1}) {
    EXPECT_THROW(model.apply(ViewCommand{SetMinFlow{bad}}), std::invalid_argument);
  }
  EXPECT_EQ(model.settings().min_flow, 250);
  model.apply(ViewCommand{SetMinFlow{1}});
  model.apply(ViewCommand{SetMinFlow{kMinFlowMax}});
  EXPECT_EQ(model.settings().min_flow, kMinFlowMax);
}

TEST(LiveHydrology, ViewCommandsChangeTheViewNotTheRecipe) {
  LiveModel model(42);
  model.tick();
  const std::string recipe = recipe_text(model.recipe());
  model.apply(ViewCommand{SetView{MapView::flow}});
  model.apply(ViewCommand{ShowLakes{true}});
  model.apply(ViewCommand{SetRiversBy{RiversBy::order}});
  EXPECT_EQ(model.settings().view, MapView::flow);
  EXPECT_TRUE(model.settings().show_lakes);
  EXPECT_EQ(model.settings().rivers_by, RiversBy::order);
  EXPECT_EQ(recipe_text(model.recipe()), recipe);
}

TEST(LiveHydrology, SteadyTicksAllocateNothingWithTheRiversShownOrHidden) {
  for (const bool rivers : {true, false}) {
    Settings s;
    s.show_rivers = rivers;
    s.view = MapView::basins;
    s.show_lakes = true;
    s.routing = Routing::flood;
    LiveModel model(42, s);
    for (int k = 0; k < 16; k++) model.tick();
    const uint64_t version = model.hydrology().version();
    terrain::testing::CountAllocations counter;
    for (int k = 0; k < 30; k++) model.tick();  // two rebuilds
    EXPECT_EQ(counter.count(), 0u) << (rivers ? "rivers shown" : "rivers hidden");
    EXPECT_EQ(model.hydrology().version(), version + 2);
  }
}

// --- Reading cells ---------------------------------------------------------------------------

TEST(CellReadout, ProbesAreTheCoresValuesForTheGroundNow) {
  LiveModel model(12);
  model.apply(ViewCommand{SetMinFlow{60}});
  for (int k = 0; k < 20; k++) model.tick();     // the hydrology lags the rain
  model.apply(ViewCommand{ShowOriginal{true}});  // and shows the original: probes do not care
  const std::vector<CellPosition> cells{{0, 0}, {160, 90}, {319, 179}, {100, 40}, {250, 120}};
  const std::vector<CellReadout> got = probe_cells(model, cells);
  const Hydrology h = cli_hydrology(model.heights(), 12, model.settings());
  ASSERT_EQ(got.size(), cells.size());
  bool some_river = false;
  for (std::size_t k = 0; k < cells.size(); k++) {
    const std::size_t i = model.heights().index(cells[k].x, cells[k].y);
    EXPECT_EQ(got[k].x, cells[k].x);
    EXPECT_EQ(got[k].y, cells[k].y);
    EXPECT_EQ(got[k].height, model.heights()[i]);
    EXPECT_EQ(got[k].original, model.original()[i]);
    EXPECT_EQ(got[k].flow, h.drainage().flow()[i]);
    EXPECT_EQ(got[k].strahler, h.strahler()[i]);
    EXPECT_EQ(got[k].basin, h.drainage().basins()[i]);
    EXPECT_EQ(got[k].lake_depth, h.lake_depth()[i]);
    some_river = some_river || got[k].strahler > 0;
  }
  (void)some_river;
  EXPECT_THROW(probe_cells(model, std::vector<CellPosition>{{320, 0}}), std::invalid_argument);
  EXPECT_THROW(probe_cells(model, std::vector<CellPosition>{{0, -1}}), std::invalid_argument);
}

TEST(CellReadout, TheHoverReadoutIsTheModelsHydrologyAsDrawn) {
  LiveModel model(12);
  model.pause();
  model.rain_now(3000);
  const CellReadout r = read_cell(model, 200, 100);
  const std::size_t i = model.heights().index(200, 100);
  EXPECT_EQ(r.flow, model.hydrology().drainage().flow()[i]);
  EXPECT_EQ(r.basin, model.hydrology().drainage().basins()[i]);
  EXPECT_EQ(r.height, model.heights()[i]);
}

float read_float(const std::string& json, const std::string& key) {
  const std::size_t at = json.find("\"" + key + "\": ");
  EXPECT_NE(at, std::string::npos) << key;
  const char* begin = json.c_str() + at + key.size() + 4;
  float value = 0;
  std::from_chars(begin, json.c_str() + json.size(), value);
  return value;
}

TEST(CellReadout, JsonHeightsReadBackToTheSameFloat32) {
  CellReadout c;
  c.x = 3;
  c.y = 179;
  c.height = 0.1f + 1e-8f;
  c.original = 0.7234567f;
  c.flow = 57600;
  c.strahler = 4;
  c.basin = 1234;
  c.lake_depth = 3.0e-6f;
  const std::string json = readout_json(c);
  EXPECT_EQ(json.find("{\"x\": 3, \"y\": 179, \"height\": "), 0u) << json;
  EXPECT_NE(json.find("\"flow\": 57600, \"strahler\": 4, \"basin\": 1234, \"lake_depth\": "),
            std::string::npos)
      << json;
  EXPECT_EQ(read_float(json, "height"), c.height);
  EXPECT_EQ(read_float(json, "original"), c.original);
  EXPECT_EQ(read_float(json, "lake_depth"), c.lake_depth);
  EXPECT_EQ(json.back(), '}');
}

}  // namespace
}  // namespace terrain::session
