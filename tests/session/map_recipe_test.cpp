// Map commands and recipes: a live session's map, replayed from its recipe's text in a fresh
// session, has the same bytes; the recipe stays short; bad text is refused, saying where.
#include "session/map_recipe.h"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>

#include "allocation_counter.h"
#include "core/island.h"
#include "map_bytes.h"
#include "recipe_refusal.h"
#include "session/live_model.h"
#include "session/map.h"

namespace terrain::session {
namespace {

// The map of `live`, replayed through its recipe's text.
void expect_replay_matches(const LiveModel& live) {
  const std::string text = recipe_text(live.recipe());
  const MapRecipe read = parse_recipe(text);
  const LiveModel replayed(read);
  EXPECT_TRUE(same_bytes(replayed.heights(), live.heights())) << text;
  EXPECT_TRUE(same_bytes(replayed.original(), live.original()));
  EXPECT_EQ(replayed.drops(), live.drops());
  EXPECT_EQ(replayed.seed(), live.seed());
  const Settings& a = replayed.settings();
  const Settings& b = live.settings();
  EXPECT_EQ(a.drops_per_frame, b.drops_per_frame);
  EXPECT_EQ(a.erosion, b.erosion);
  EXPECT_EQ(a.deposition, b.deposition);
  EXPECT_EQ(a.inertia, b.inertia);
  EXPECT_EQ(a.brush_radius, b.brush_radius);
  EXPECT_EQ(a.sea_level, b.sea_level);
  EXPECT_EQ(a.terrain_scale, b.terrain_scale);
  // And the replay's own recipe is the same recipe.
  EXPECT_EQ(recipe_text(replayed.recipe()), text);
}

TEST(MapRecipe, ALiveRunReplayedFromItsTextHasTheSameBytes) {
  LiveModel live(20261201);
  for (int k = 0; k < 40; k++) live.tick();
  live.apply(MapCommand{SetErosion{0.45}});
  live.apply(ViewCommand{SetContourLevels{3}});  // the view: not part of the map
  for (int k = 0; k < 25; k++) live.tick();
  live.apply(MapCommand{SetSeaLevel{0.31}});
  live.apply(MapCommand{SetBrushRadius{4}});
  live.apply(MapCommand{SetDropsPerFrame{730}});
  live.apply(ViewCommand{ShowOriginal{true}});
  for (int k = 0; k < 10; k++) live.tick();
  live.apply(ViewCommand{Pause{}});
  live.apply(MapCommand{RainDrops{1234}});
  live.apply(MapCommand{SetInertia{0.2}});
  live.apply(MapCommand{SetDeposition{0.85}});
  live.apply(ViewCommand{Play{}});
  live.apply(ViewCommand{SetDebugMode{true}});
  for (int k = 0; k < 7; k++) live.tick();
  ASSERT_EQ(live.drops(), 40u * 200 + 25 * 200 + 10 * 730 + 1234 + 7 * 730);
  expect_replay_matches(live);
}

TEST(MapRecipe, ANewStartBeginsTheRecipeAgain) {
  LiveModel live(5);
  for (int k = 0; k < 20; k++) live.tick();
  live.apply(MapCommand{SetErosion{0.7}});
  live.apply(MapCommand{SetSeed{99}});
  EXPECT_EQ(live.recipe().seed, 99u);
  EXPECT_TRUE(live.recipe().commands.empty());
  EXPECT_EQ(live.recipe().settings.erosion, 0.7);  // settings carry over a new start
  for (int k = 0; k < 20; k++) live.tick();
  live.apply(MapCommand{SetTerrainScale{0.02}});
  for (int k = 0; k < 5; k++) live.tick();
  expect_replay_matches(live);
  live.apply(MapCommand{Restart{}});
  live.apply(MapCommand{RainDrops{300}});
  expect_replay_matches(live);
}

TEST(MapRecipe, ARecipeWithNewStartsInsideReplaysAsTheSessionThatRanIt) {
  // A recipe written by hand may hold new starts: applied in order they give what a session
  // applying the same commands has.
  MapRecipe recipe;
  recipe.seed = 3;
  recipe.commands = {RainDrops{2000}, SetSeed{8},     SetErosion{0.5},        RainDrops{1500},
                     Restart{},       RainDrops{700}, SetTerrainScale{0.005}, RainDrops{900}};
  const LiveModel replayed(parse_recipe(recipe_text(recipe)));
  LiveModel live(3);
  for (const MapCommand& command : recipe.commands) live.apply(command);
  EXPECT_TRUE(same_bytes(replayed.heights(), live.heights()));
  EXPECT_EQ(replayed.drops(), 900u);
  EXPECT_EQ(replayed.seed(), 8u);
  expect_replay_matches(live);
}

TEST(MapRecipe, TicksAreOneRainAndASettingSetAgainKeepsItsLastValue) {
  LiveModel live(1);
  for (int k = 0; k < 100; k++) live.tick();
  live.apply(MapCommand{SetErosion{0.1}});
  live.apply(MapCommand{SetErosion{0.2}});
  live.apply(MapCommand{SetErosion{0.35}});
  for (int k = 0; k < 3; k++) live.tick();
  const std::vector<MapCommand> commands = live.recipe().commands;  // worked out: a copy
  ASSERT_EQ(commands.size(), 3u);
  EXPECT_EQ(std::get<RainDrops>(commands[0]).drops, 100u * 200);
  EXPECT_EQ(std::get<SetErosion>(commands[1]).value, 0.35);
  EXPECT_EQ(std::get<RainDrops>(commands[2]).drops, 3u * 200);
}

TEST(MapRecipe, ASteadyTickRecordsWithoutAllocating) {
  LiveModel live(2);
  live.apply(ViewCommand{ShowRivers{false}});  // the rain alone
  live.tick();
  terrain::testing::CountAllocations counter;
  for (int k = 0; k < 30; k++) live.tick();
  EXPECT_EQ(counter.count(), 0u);
}

TEST(MapRecipe, TheTextKeepsEveryValueExactly) {
  MapRecipe recipe;
  recipe.seed = 4294967295u;
  recipe.settings.erosion = 0.35;  // as the slider snaps it, not 0.05 * 7
  recipe.settings.inertia = 0.1 + 0.2;
  recipe.settings.terrain_scale = 0.004;
  recipe.commands = {RainDrops{kMaxRainDrops}, SetSeaLevel{0.6}, SetInertia{0.07},
                     SetBrushRadius{6}, SetDropsPerFrame{10000}};
  const MapRecipe read = parse_recipe(recipe_text(recipe));
  EXPECT_EQ(read.seed, recipe.seed);
  EXPECT_EQ(read.settings.erosion, 0.35);
  EXPECT_EQ(read.settings.inertia, 0.1 + 0.2);
  EXPECT_EQ(read.settings.terrain_scale, 0.004);
  ASSERT_EQ(read.commands.size(), recipe.commands.size());
  EXPECT_EQ(std::get<RainDrops>(read.commands[0]).drops, kMaxRainDrops);
  EXPECT_EQ(std::get<SetSeaLevel>(read.commands[1]).value, 0.6);
  EXPECT_EQ(std::get<SetInertia>(read.commands[2]).value, 0.07);
  EXPECT_EQ(std::get<SetBrushRadius>(read.commands[3]).value, 6);
  EXPECT_EQ(std::get<SetDropsPerFrame>(read.commands[4]).value, 10000);
  EXPECT_EQ(recipe_text(read), recipe_text(recipe));
}

TEST(MapRecipe, TheTextIsTheDocumentedFormat) {
  MapRecipe recipe;
  recipe.seed = 42;
  recipe.commands = {RainDrops{6000}, SetErosion{0.45}, Restart{}};
  const std::string text = recipe_text(recipe);
  for (const char* piece :
       {"\"format\": \"terrain-sandbox map recipe\"", "\"version\": 1", "\"seed\": 42",
        "\"drops_per_frame\": 200", "\"erosion\": 0.3", "\"terrain_scale\": 0.012",
        "\"rain\": 6000", "\"erosion\": 0.45", "\"restart\": true"}) {
    EXPECT_NE(text.find(piece), std::string::npos) << piece << " in\n" << text;
  }
  EXPECT_LT(text.find("\"format\""), text.find("\"commands\""));
  EXPECT_EQ(text.back(), '\n');
}

std::string with(const std::string& settings, const std::string& commands) {
  return "{\"format\": \"terrain-sandbox map recipe\", \"version\": 1, \"seed\": 7, "
         "\"settings\": {" +
         settings + "}, \"commands\": [" + commands + "]}";
}

const std::string kSettings =
    "\"drops_per_frame\": 200, \"erosion\": 0.3, \"deposition\": 0.3, \"inertia\": 0.05, "
    "\"brush_radius\": 2, \"sea_level\": 0.25, \"terrain_scale\": 0.012";

TEST(MapRecipe, BadTextIsRefusedSayingWhereAndWhatIsAllowed) {
  EXPECT_EQ(parse_recipe(with(kSettings, "")).seed, 7u);  // the frame below is right
  const std::pair<std::string, std::string> cases[] = {
      {"{\"format\": ", "map recipe: not JSON: "},
      {"[1, 2]", "map recipe: the text: must be a JSON object, not [1,2]"},
      {"{\"format\": \"something else\", \"version\": 1}",
       "map recipe: format: must be \"terrain-sandbox map recipe\", not \"something else\""},
      {"{\"format\": \"terrain-sandbox map recipe\", \"version\": 2}",
       "map recipe: version: must be 1 (the only version there is), not 2"},
      {"{\"format\": \"terrain-sandbox map recipe\", \"version\": 1}",
       "map recipe: the recipe: \"seed\" is missing"},
      {"{\"format\": \"terrain-sandbox map recipe\", \"version\": 1, \"colour\": 1}",
       "map recipe: the recipe: \"colour\" is not a key of it"},
      {with(kSettings, "").replace(with(kSettings, "").find("\"seed\": 7"), 9, "\"seed\": -7"),
       "map recipe: seed: must be a whole number from 0 to 4294967295, not -7"},
      {with("\"erosion\": 0.3", ""), "map recipe: settings: \"drops_per_frame\" is missing"},
      {with(kSettings + ", \"sky\": 1", ""), "map recipe: settings: \"sky\" is not a key of it"},
      {with(kSettings + ", \"island_frame\": \"globe\"", ""),
       "map recipe: settings.island_frame: must be \"world\" or \"cells\", not \"globe\""},
      {with(kSettings + ", \"island_frame\": 1", ""),
       "map recipe: settings.island_frame: must be \"world\" or \"cells\", not 1"},
      {with(kSettings.substr(0, kSettings.find("\"erosion\"")) + "\"erosion\": 7" +
                kSettings.substr(kSettings.find(", \"deposition\"")),
            ""),
       "map recipe: settings: erosion must be from 0 to 1, not 7"},
      {with(kSettings, "{\"rain\": 10}, {\"erosion\": 1.5}"),
       "map recipe: commands[1]: erosion must be from 0 to 1, not 1.5"},
      {with(kSettings, "{\"rain\": 2.5}"),
       "map recipe: commands[0].rain: must be a whole number from 0 to 1000000000, not 2.5"},
      // What one command and a map's life may rain (map.h).
      {with(kSettings, "{\"rain\": 1000000001}"),
       "map recipe: commands[0].rain: must be a whole number from 0 to 1000000000, not "
       "1000000001"},
      {with(kSettings,
            "{\"rain\": 1000000000}, {\"erosion\": 0.5}, {\"rain\": 1000000000}, "
            "{\"rain\": 1000000000}, {\"rain\": 1000000000}, {\"rain\": 1000000000}, "
            "{\"rain\": 1000000000}, {\"rain\": 1000000000}, {\"rain\": 1000000000}, "
            "{\"rain\": 1000000000}, {\"rain\": 1000000000}, {\"rain\": 1}"),
       "map recipe: commands[11]: rain: 1 more drops would take the map past 10,000,000,000 "
       "drops, the most a map may rain (it has rained 10,000,000,000)"},
      {with(kSettings, "{\"brush_radius\": 9}"),
       "map recipe: commands[0].brush_radius: must be a whole number from 1 to 6, not 9"},
      {with(kSettings, "{\"erosion\": \"lots\"}"),
       "map recipe: commands[0].erosion: must be a number, not \"lots\""},
      {with(kSettings, "{\"restart\": false}"),
       "map recipe: commands[0].restart: must be true, not false"},
      {with(kSettings, "{\"flood\": 1}"),
       "map recipe: commands[0]: \"flood\" is not a map command (rain, seed, restart, "
       "terrain_scale, erosion, deposition, inertia, brush_radius, sea_level, drops_per_frame, "
       "generator, roughness, ground, stroke)"},
      {with(kSettings, "{\"rain\": 1, \"seed\": 2}"),
       "map recipe: commands[0]: must be an object of one key, the command's name, not "
       "{\"rain\":1,\"seed\":2}"},
      {with(kSettings, "{\"seed\": \"" + std::string(100, '9') + "\"}"),
       "map recipe: commands[0].seed: must be a whole number from 0 to 4294967295, not "
       "\"" +
           std::string(39, '9') + "..."},
  };
  for (const auto& [text, message] : cases) {
    const std::string got = recipe_refusal(text);
    EXPECT_EQ(got.substr(0, message.size()), message) << text;
    EXPECT_EQ(got.find('\n'), std::string::npos) << "one line: " << got;
  }
}

// The island's frame (core/ground.h): a new map's recipe says "world"; a recipe that does not say
// (every one written before maps of any size) grows its island by the cells, as it did, so that
// an old map of another size than the sketch's replays to its bytes.
TEST(MapRecipe, ARecipeWithoutTheIslandsFrameGrowsItsIslandByTheCellsAsBefore) {
  const std::string text = recipe_text(LiveModel(7).recipe());
  EXPECT_NE(text.find("\"island_frame\": \"world\""), std::string::npos) << text;
  EXPECT_EQ(parse_recipe(text).settings.island_frame, IslandFrame::world);
  const MapSettings old = parse_recipe(with(kSettings, "")).settings;
  EXPECT_EQ(old.island_frame, IslandFrame::cells);
  EXPECT_EQ(parse_recipe(with(kSettings + ", \"island_frame\": \"cells\"", "")).settings, old);
  // At another size, each grows its own frame's island; at the sketch's, the two are one.
  IslandParams island;
  island.terrain_scale = old.terrain_scale;
  EXPECT_TRUE(same_bytes(Map(7, old, 160, 90).original(), island_terrain(7, island, 160, 90)));
  MapSettings world = old;
  world.island_frame = IslandFrame::world;
  EXPECT_TRUE(
      same_bytes(Map(7, world, 160, 90).original(), world_island_terrain(7, island, 160, 90)));
  EXPECT_TRUE(same_bytes(Map(7, world).original(), Map(7, old).original()));
  // A new seed keeps the map's frame.
  Map by_cells(7, old, 160, 90);
  by_cells.carry_out(MapCommand{SetSeed{8}});
  EXPECT_TRUE(same_bytes(by_cells.original(), island_terrain(8, island, 160, 90)));
}

TEST(MapRecipe, NumbersTooLargeAndValuesNestedDeepAreRefusedNotCrashedOn) {
  // Found by the fuzzer: a number no double holds, and a value nested far deeper than any
  // message should quote.
  EXPECT_EQ(recipe_refusal("-84e67440737095516184{F").rfind("map recipe: not JSON: ", 0), 0u);
  // Nested deeper than the limit, it is refused before anything is built (json_read.h); as
  // deep as the limit allows, it is quoted shortened.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(recipe_refusal("{\"format\": " + deep + "}"),
            "map recipe: JSON nested deeper than 64 levels");
  const std::string nested = std::string(63, '[') + std::string(63, ']');
  const std::string got = recipe_refusal("{\"format\": " + nested + "}");
  EXPECT_EQ(got.rfind("map recipe: format: must be \"terrain-sandbox map recipe\", not [[[", 0), 0u)
      << got.substr(0, 200);
  EXPECT_LT(got.size(), 200u);
  // A long text of many-byte characters where a number belongs is shortened between
  // characters, never inside one (the fuzzer found the message itself failing to be written).
  std::string wide;
  for (int k = 0; k < 30; k++) wide += "\u00e9\u20ac";  // é€, two and three bytes
  const std::string quoted = recipe_refusal(with(kSettings, "{\"erosion\": \"" + wide + "\"}"));
  EXPECT_EQ(quoted.rfind("map recipe: commands[0].erosion: must be a number, not \"", 0), 0u)
      << quoted;
  const std::string tail = quoted.substr(quoted.find("not \"") + 5);
  ASSERT_GE(tail.size(), 3u);
  EXPECT_EQ(tail.substr(tail.size() - 3), "...");
  for (std::size_t k = 0; k + 3 < tail.size();) {  // whole characters only
    const auto lead = static_cast<unsigned char>(tail[k]);
    const std::size_t n = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    ASSERT_LE(k + n, tail.size() - 3) << "a character cut in " << tail;
    k += n;
  }
  const std::string key(60, 'k');
  EXPECT_EQ(recipe_refusal(with(kSettings + ", \"" + key + "\": 1", "")),
            "map recipe: settings: \"" + key.substr(0, 40) + "\" is not a key of it");
}

TEST(MapCommands, AValueOutOfRangeIsRefusedAndChangesNothing) {
  LiveModel live(11);
  for (int k = 0; k < 5; k++) live.tick();
  const Heightfield before = live.heights();
  const std::string recipe_before = recipe_text(live.recipe());
  for (const MapCommand& bad :
       {MapCommand{SetErosion{2}}, MapCommand{SetSeaLevel{-0.1}}, MapCommand{SetBrushRadius{0}},
        MapCommand{SetDropsPerFrame{10001}}, MapCommand{SetTerrainScale{1}}}) {
    EXPECT_THROW(live.apply(bad), std::invalid_argument) << command_name(bad);
  }
  EXPECT_TRUE(same_bytes(live.heights(), before));
  EXPECT_EQ(recipe_text(live.recipe()), recipe_before);
}

TEST(MapCommands, EachHasTheSketchsName) {
  EXPECT_EQ(command_name(RainDrops{}), "rain");
  EXPECT_EQ(command_name(SetSeed{}), "seed");
  EXPECT_EQ(command_name(Restart{}), "restart");
  EXPECT_EQ(command_name(SetTerrainScale{}), "terrain_scale");
  EXPECT_EQ(command_name(SetErosion{}), "erosion");
  EXPECT_EQ(command_name(SetDeposition{}), "deposition");
  EXPECT_EQ(command_name(SetInertia{}), "inertia");
  EXPECT_EQ(command_name(SetBrushRadius{}), "brush_radius");
  EXPECT_EQ(command_name(SetSeaLevel{}), "sea_level");
  EXPECT_EQ(command_name(SetDropsPerFrame{}), "drops_per_frame");
}

TEST(ViewCommands, ChangeTheViewAndTimeButNotTheRecipe) {
  LiveModel live(12);
  const std::string recipe = recipe_text(live.recipe());
  live.apply(ViewCommand{SetContourLevels{0}});
  live.apply(ViewCommand{ShowRivers{false}});
  live.apply(ViewCommand{ShowOriginal{true}});
  live.apply(ViewCommand{SetDebugMode{true}});
  EXPECT_EQ(live.settings().contour_levels, 0);
  EXPECT_FALSE(live.settings().show_rivers);
  EXPECT_TRUE(live.settings().show_original);
  EXPECT_TRUE(live.settings().debug_mode);
  live.apply(ViewCommand{Pause{}});
  EXPECT_FALSE(live.playing());
  live.apply(ViewCommand{TogglePlay{}});
  EXPECT_TRUE(live.playing());
  EXPECT_EQ(recipe_text(live.recipe()), recipe);
  EXPECT_THROW(live.apply(ViewCommand{SetContourLevels{21}}), std::invalid_argument);
}

}  // namespace
}  // namespace terrain::session
