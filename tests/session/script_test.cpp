// Scripts: a command a line, read whole before anything runs, each line's mistake named with
// its number; carried out on a session, a script makes the map its recipe replays.
#include "session/script.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace terrain::session {
namespace {

std::string script_refusal(const std::string& text) {
  try {
    parse_script(text, "run.jsonl");
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(read)";
}

TEST(Script, ReadsEveryKindOfCommandSkippingBlankLinesAndComments) {
  const auto lines = parse_script(
      "# a comment\n"
      "{\"rain\": 6000}\n"
      "\n"
      "  {\"erosion\": 0.45}  \r\n"
      "{\"seed\": 42}\n"
      "{\"generator\": \"diamond-square\"}\n"
      "{\"restart\": true}\n"
      "{\"undo\": 2}\n"
      "{\"redo\": 1}\n"
      "{\"seek\": 1500}\n"
      "{\"step\": 0}\n"
      "{\"view\": \"basins\"}\n"
      "{\"lakes\": true}\n"
      "{\"routing\": \"flood\"}\n"
      "{\"min_flow\": 40}\n"
      "{\"play\": true}\n"
      "{\"begin_edit\": true}\n"
      "{\"end_edit\": true}");
  ASSERT_EQ(lines.size(), 16u);
  EXPECT_EQ(lines[0].line, 2u);
  EXPECT_EQ(std::get<RainDrops>(std::get<MapCommand>(lines[0].command)).drops, 6000u);
  EXPECT_EQ(lines[1].line, 4u);
  EXPECT_EQ(std::get<SetErosion>(std::get<MapCommand>(lines[1].command)).value, 0.45);
  EXPECT_EQ(std::get<SetGenerator>(std::get<MapCommand>(lines[3].command)).value,
            Generator::diamond_square);
  EXPECT_EQ(std::get<Undo>(std::get<HistoryCommand>(lines[5].command)).steps, 2);
  EXPECT_EQ(std::get<Seek>(std::get<HistoryCommand>(lines[7].command)).drops, 1500u);
  EXPECT_EQ(std::get<GoToStep>(std::get<HistoryCommand>(lines[8].command)).done, 0u);
  EXPECT_EQ(std::get<SetView>(std::get<ViewCommand>(lines[9].command)).view, MapView::basins);
  EXPECT_EQ(std::get<SetRouting>(std::get<ViewCommand>(lines[11].command)).routing, Routing::flood);
}

TEST(Script, ABadLineIsRefusedWithItsNumberAndWhatIsWrong) {
  EXPECT_EQ(script_refusal("{\"rain\": 10}\n\n{\"erosion\": 7}\n"),
            "run.jsonl line 3: erosion must be from 0 to 1, not 7");
  EXPECT_EQ(script_refusal("{\"undo\": 0}"),
            "run.jsonl line 1: undo must be a whole number from 1 to 1000000");
  EXPECT_EQ(script_refusal("{\"seek\": -5}"),
            "run.jsonl line 1: seek must be a whole number from 0 to 9223372036854775807");
  EXPECT_EQ(script_refusal("{\"view\": \"4d\"}"),
            "run.jsonl line 1: view must be \"map\", \"basins\", \"flow\" or \"3d\"");
  EXPECT_EQ(script_refusal("{\"rain\": 1, \"seed\": 2}"),
            "run.jsonl line 1: must be a JSON object of one key, the command's name");
  EXPECT_EQ(script_refusal("{\"jump\": 1}").rfind("run.jsonl line 1: \"jump\" is not a command", 0),
            0u);
  EXPECT_EQ(script_refusal("{\"rain\": 1}\n{\"seed\": ").rfind("run.jsonl line 2: not JSON", 0),
            0u);
  EXPECT_EQ(script_refusal("{\"play\": false}"), "run.jsonl line 1: play must be true");
}

// A script carried out on a session ends in the bytes its map's recipe replays, undo, redo and
// seek included.
TEST(Script, CarriedOutItMakesTheMapItsRecipeReplays) {
  const auto lines = parse_script(
      "{\"rain\": 5000}\n"
      "{\"erosion\": 0.5}\n"
      "{\"rain\": 3000}\n"
      "{\"undo\": 1}\n"
      "{\"sea_level\": 0.3}\n"
      "{\"rain\": 2500}\n"
      "{\"seek\": 6000}\n"
      "{\"inertia\": 0.2}\n"
      "{\"rain\": 777}\n");
  LiveModel model(42);
  model.pause();
  for (const ScriptLine& line : lines) apply_script_command(model, line.command);
  EXPECT_EQ(model.drops(), 6777u);
  EXPECT_EQ(model.settings().erosion, 0.3);  // the undo took it back with the rain after it
  EXPECT_EQ(model.settings().sea_level, 0.3);
  LiveModel replayed(model.recipe());
  EXPECT_EQ(replayed.heights(), model.heights());
  EXPECT_EQ(replayed.rain().state(), model.rain().state());
}

}  // namespace
}  // namespace terrain::session
