// A ground of your own (SetGround): the original ground the rain carves, the seed's rain on
// it; kept by a new seed and a restart, left by the generator's controls; a map command whose
// recipe (its heights in base64) replays to the same bytes; a bad ground changes nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/ground.h"
#include "core/rain.h"
#include "map_bytes.h"
#include "recipe_refusal.h"
#include "session/live_model.h"
#include "session/map_recipe.h"

namespace terrain::session {
namespace {

// A ground unlike any the generator grows: a tilted bowl with ridges, 320 x 180, values in
// 0.1 .. 0.9 (and, with `odd`, a few that are not round binary fractions).
std::shared_ptr<const Heightfield> bowl(bool odd = false) {
  auto h = std::make_shared<Heightfield>(sketch::COLS, sketch::ROWS);
  for (int y = 0; y < sketch::ROWS; y++) {
    for (int x = 0; x < sketch::COLS; x++) {
      const double u = (x - 160.0) / 160.0;
      const double v = (y - 90.0) / 90.0;
      double z = 0.9 - 0.6 * (u * u + v * v) / 2 + 0.05 * std::sin(x * 0.3) * std::cos(y * 0.2);
      if (odd) z += 1e-7 * ((x * 31 + y * 17) % 13);
      h->at(x, y) = static_cast<float>(std::clamp(z, 0.1, 0.9));
    }
  }
  return h;
}

GroundFile file_of(std::shared_ptr<const Heightfield> heights, std::string name = "bowl.png") {
  return GroundFile{std::move(name), GroundFit::crop, std::move(heights)};
}

TEST(OwnGround, BecomesTheOriginalGroundWithNoDropsAndTheRecipeKeepsIt) {
  LiveModel model(42);
  for (int k = 0; k < 5; k++) model.tick();
  const auto heights = bowl();
  const uint64_t ground_version = model.ground_version();
  model.apply(MapCommand{SetGround{file_of(heights)}});
  EXPECT_TRUE(same_bytes(model.original(), *heights));
  EXPECT_TRUE(same_bytes(model.heights(), *heights));
  EXPECT_EQ(model.drops(), 0u);
  EXPECT_EQ(model.seed(), 42u);
  EXPECT_GT(model.ground_version(), ground_version);
  ASSERT_TRUE(model.ground_file().has_value());
  EXPECT_EQ(model.ground_file()->name, "bowl.png");
  ASSERT_TRUE(model.recipe().ground.has_value());
  EXPECT_TRUE(model.recipe().commands.empty());
  // The hydrology is the new ground's at once.
  EXPECT_EQ(model.hydrology().drainage().flow().size(), heights->size());
}

TEST(OwnGround, RainsAsTheCoresRainOnThoseHeightsWithTheSeedsStream) {
  LiveModel model(1234);
  model.apply(MapCommand{SetGround{file_of(bowl())}});
  for (int k = 0; k < 30; k++) model.tick();
  const uint64_t drops = model.drops();
  ASSERT_EQ(drops, 30u * static_cast<uint64_t>(model.settings().drops_per_frame));
  RainParams params;
  params.erosion = model.settings().erosion;
  params.deposition = model.settings().deposition;
  params.inertia = model.settings().inertia;
  params.brush_radius = model.settings().brush_radius;
  params.sea_level = model.settings().sea_level;
  const Heightfield expected = eroded(*bowl(), params, drops, 1234);
  EXPECT_TRUE(same_bytes(model.heights(), expected));
  EXPECT_FALSE(same_bytes(model.heights(), *bowl()));  // it did carve
}

TEST(OwnGround, TheSameFileAndSettingsGiveTheSameBytesAndTheRecipeReplaysThem) {
  auto run = [](std::shared_ptr<const Heightfield> heights) {
    auto model = std::make_unique<LiveModel>(77);
    model->apply(MapCommand{SetErosion{0.5}});
    model->apply(MapCommand{SetGround{file_of(std::move(heights), "dem.tif")}});
    for (int k = 0; k < 12; k++) model->tick();
    model->apply(MapCommand{SetSeaLevel{0.3}});
    model->apply(MapCommand{RainDrops{777}});
    return model;
  };
  const auto a = run(bowl(true));
  const auto b = run(bowl(true));  // another copy of the same file's heights
  EXPECT_TRUE(same_bytes(a->heights(), b->heights()));
  EXPECT_TRUE(same_bytes(a->original(), *bowl(true)));

  const std::string text = recipe_text(a->recipe());
  EXPECT_NE(text.find("\"ground\""), std::string::npos);
  EXPECT_NE(text.find("\"file\": \"dem.tif\""), std::string::npos);
  const MapRecipe read = parse_recipe(text);
  ASSERT_TRUE(read.ground.has_value());
  EXPECT_TRUE(same_bytes(*read.ground->heights, *bowl(true)));  // the heights exactly
  const LiveModel replayed(read);
  EXPECT_TRUE(same_bytes(replayed.heights(), a->heights()));
  EXPECT_TRUE(same_bytes(replayed.original(), a->original()));
  EXPECT_EQ(replayed.drops(), a->drops());
  EXPECT_EQ(replayed.settings().erosion, 0.5);
  EXPECT_EQ(recipe_text(replayed.recipe()), text);
}

TEST(OwnGround, ANewSeedOrARestartKeepsItTheGeneratorsControlsGrowAGroundAgain) {
  LiveModel model(5);
  const auto heights = bowl();
  model.apply(MapCommand{SetGround{file_of(heights)}});
  for (int k = 0; k < 10; k++) model.tick();
  const Heightfield seed5 = model.heights();

  model.apply(MapCommand{SetSeed{6}});  // the same ground, the new seed's rain
  EXPECT_TRUE(same_bytes(model.original(), *heights));
  EXPECT_EQ(model.drops(), 0u);
  for (int k = 0; k < 10; k++) model.tick();
  EXPECT_FALSE(same_bytes(model.heights(), seed5));
  model.apply(MapCommand{Restart{}});
  EXPECT_TRUE(same_bytes(model.heights(), *heights));
  EXPECT_TRUE(model.ground_file().has_value());

  // A command that grows a ground leaves the file's: each gives what that seed grows.
  for (const MapCommand& grow :
       {MapCommand{SetTerrainScale{0.02}}, MapCommand{SetGenerator{Generator::diamond_square}},
        MapCommand{SetRoughness{0.6}}}) {
    model.apply(MapCommand{SetGround{file_of(heights)}});
    model.apply(grow);
    EXPECT_FALSE(model.ground_file().has_value());
    EXPECT_FALSE(model.recipe().ground.has_value());
    GroundParams p;
    p.generator = model.settings().generator;
    p.terrain_scale = model.settings().terrain_scale;
    p.roughness = model.settings().roughness;
    EXPECT_TRUE(same_bytes(model.original(), grow_ground(6, p)));
  }
}

TEST(OwnGround, ABadGroundIsRefusedAndChangesNothing) {
  LiveModel model(9);
  for (int k = 0; k < 4; k++) model.tick();
  const Heightfield before = model.heights();
  const std::string recipe = recipe_text(model.recipe());
  const uint64_t version = model.version();
  auto refusal = [&](GroundFile ground) -> std::string {
    try {
      model.apply(MapCommand{SetGround{std::move(ground)}});
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "(taken)";
  };
  EXPECT_EQ(refusal(file_of(std::make_shared<Heightfield>(100, 60), "small.png")),
            "ground small.png: must be 320 x 180 cells (the map's grid), not 100 x 60");
  auto nan = std::make_shared<Heightfield>(*bowl());
  nan->at(3, 4) = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(refusal(file_of(nan, "nan.npy")),
            "ground nan.npy: the height at column 3, row 4 is nan (a ground holds finite heights "
            "from -1000000 to 1000000)");
  // Near float32's limit: the rain's sums would overflow (they crashed it).
  for (const float huge : {3.4e38f, -2e38f, std::numeric_limits<float>::infinity(), 1.0000001e6f}) {
    auto far = std::make_shared<Heightfield>(*bowl());
    far->at(7, 2) = huge;
    EXPECT_NE(
        refusal(file_of(far, "far.npy")).find("ground far.npy: the height at column 7, row 2 is "),
        std::string::npos)
        << huge;
  }

  EXPECT_EQ(refusal(file_of(nullptr)), "ground: no heights");
  EXPECT_TRUE(same_bytes(model.heights(), before));
  EXPECT_EQ(recipe_text(model.recipe()), recipe);
  EXPECT_EQ(model.version(), version);
  EXPECT_FALSE(model.ground_file().has_value());
  // The bound itself is a ground's.
  auto edge = std::make_shared<Heightfield>(*bowl());
  edge->at(0, 0) = 1e6f;
  edge->at(1, 0) = -1e6f;
  EXPECT_EQ(refusal(file_of(edge, "edge.npy")), "(taken)");
}

// A recipe whose "ground" is `ground` (a JSON object's text).
std::string with_ground(const std::string& ground) {
  return "{\"format\": \"terrain-sandbox map recipe\", \"version\": 1, \"seed\": 7, "
         "\"ground\": " +
         ground +
         ", \"settings\": {\"drops_per_frame\": 200, \"erosion\": 0.3, \"deposition\": 0.3, "
         "\"inertia\": 0.05, \"brush_radius\": 2, \"sea_level\": 0.25, \"terrain_scale\": "
         "0.012}, \"commands\": []}";
}

TEST(OwnGround, ARecipesGroundIsCheckedSayingWhatIsWrong) {
  // 2 x 2 cells: 16 bytes, 24 characters of base64. 0, 0.5, 1, 0.25 little-endian:
  const std::string good = "AAAAAAAAAD8AAIA/AACAPg==";
  const std::string ok =
      R"({"file": "a.png", "fit": "crop", "width": 2, "height": 2, "heights": ")" + good + "\"}";
  const MapRecipe read = parse_recipe(with_ground(ok));
  ASSERT_TRUE(read.ground.has_value());
  EXPECT_EQ(read.ground->heights->at(1, 0), 0.5f);
  EXPECT_EQ(read.ground->heights->at(0, 1), 1.0f);
  EXPECT_EQ(read.ground->heights->at(1, 1), 0.25f);
  // It reads, but a session of the sketch's grid refuses its size.
  try {
    LiveModel model(read);
    ADD_FAILURE() << "a 2 x 2 ground was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "ground a.png: must be 320 x 180 cells (the map's grid), not 2 x 2");
  }

  const auto ground = [](const std::string& fit, const std::string& w, const std::string& heights) {
    return R"({"file": "a.png", "fit": )" + fit + R"(, "width": )" + w +
           R"(, "height": 2, "heights": )" + heights + "}";
  };
  std::string quoted_good = "\"";
  quoted_good += good;
  quoted_good += '"';
  std::string not_base64 = quoted_good;
  not_base64.replace(21, 4, "!!!!");
  EXPECT_EQ(recipe_refusal(with_ground(ground("\"crop\"", "3", quoted_good))),
            "map recipe: ground.heights: must be base64 of 3 x 2 little-endian float32 values "
            "(24 bytes), not 24 characters of text");
  EXPECT_EQ(recipe_refusal(with_ground(ground("\"crop\"", "2", not_base64))),
            "map recipe: ground.heights: must be base64 of 2 x 2 little-endian float32 values "
            "(16 bytes), but it is not base64");
  // A NaN (0x7FC00000) in the last cell.
  EXPECT_EQ(recipe_refusal(with_ground(ground("\"crop\"", "2", "\"AAAAAAAAAD8AAIA/AADAfw==\""))),
            "map recipe: ground.heights: the height at column 1, row 1 is nan (a ground holds "
            "finite heights from -1000000 to 1000000)");
  // 3.4e38 in cell (0, 1).
  EXPECT_EQ(recipe_refusal(with_ground(ground("\"crop\"", "2", "\"AAAAAAAAAD+eyX9/AACAPg==\""))),
            "map recipe: ground.heights: the height at column 0, row 1 is 3.4e+38 (a ground "
            "holds finite heights from -1000000 to 1000000)");
  EXPECT_EQ(recipe_refusal(with_ground(ground("\"zoom\"", "2", quoted_good))),
            "map recipe: ground.fit: must be \"crop\" or \"stretch\", not \"zoom\"");
  EXPECT_EQ(recipe_refusal(with_ground(ground("\"crop\"", "1", quoted_good))),
            "map recipe: ground.width: must be a whole number from 2 to 16384, not 1");
  EXPECT_EQ(recipe_refusal(with_ground(ground("\"crop\"", "2", "12"))),
            "map recipe: ground.heights: must be base64 of 2 x 2 little-endian float32 values "
            "(16 bytes), not 12");
  EXPECT_EQ(
      recipe_refusal(with_ground(R"({"file": "a.png", "fit": "crop", "width": 16384, "height": )"
                                 R"(16384, "heights": ""})")),
      "map recipe: ground: 16384 x 16384 cells is more than a ground has (at most 8192 x "
      "8192 cells)");
  EXPECT_EQ(recipe_refusal(with_ground(R"({"fit": "crop"})")),
            "map recipe: ground: \"file\" is missing");
  EXPECT_EQ(recipe_refusal(with_ground(R"({"file": "a", "size": 3})")),
            "map recipe: ground: \"size\" is not a key of it");
}

}  // namespace
}  // namespace terrain::session
