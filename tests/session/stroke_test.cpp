// Brush strokes in the session: each tool's stroke is one step that undoes to the bytes before
// it and redoes to the bytes after; a stroke painted over frames while it rains is one step
// too, and replays (from the recipe's text, a map file, a script) to the same bytes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "map_bytes.h"
#include "session/live_model.h"
#include "session/map_recipe.h"
#include "session/saved_map.h"
#include "session/script.h"

namespace terrain::session {
namespace {

Stroke a_stroke(BrushTool tool, std::vector<Point> points = {{100, 80}, {120, 87.5}, {140, 95}}) {
  BrushStroke s;
  s.tool = tool;
  s.radius = 6;
  s.strength = 0.5;
  s.points = std::move(points);
  s.seed = 11;
  return Stroke{s};
}

void apply_history(LiveModel& model, const HistoryCommand& command) {
  model.apply(command);
}

std::string stroke_label(const LiveModel& model) {
  return step_label(model.history(), model.history().steps().size() - 1);
}

TEST(Strokes, EveryToolIsAStepThatUndoesAndRedoesToTheExactBytes) {
  for (const BrushTool tool : kBrushTools) {
    SCOPED_TRACE(std::string(brush_tool_name(tool)));
    LiveModel model(42);
    ticks(model, 20);
    const MapBytes before = bytes_of(model);
    const std::size_t steps = model.history().steps().size();
    model.apply(MapCommand{a_stroke(tool)});
    const MapBytes after = bytes_of(model);
    ASSERT_FALSE(before == after);
    EXPECT_EQ(after.drops, before.drops);  // rain here's drops are not the rain's
    EXPECT_EQ(model.history().steps().size(), steps + 1);
    apply_history(model, Undo{1});
    EXPECT_EQ(bytes_of(model), before);
    apply_history(model, Redo{1});
    EXPECT_EQ(bytes_of(model), after);
  }
  LiveModel model(42);
  model.apply(MapCommand{a_stroke(BrushTool::rain)});
  EXPECT_EQ(stroke_label(model), "Stroke: rain here, radius 6, strength 0.50");
}

// Painted in the window, a stroke is pieces, one a frame, with the rain falling between: one
// step, labelled as the stroke, that undoes whole and replays from the recipe's text, a map
// file and a script to the same bytes.
TEST(Strokes, AStrokePaintedWhileItRainsIsOneStepAndReplays) {
  LiveModel model(7);
  ticks(model, 10);
  const MapBytes before = bytes_of(model);
  apply_history(model, BeginEdit{});
  Stroke piece = a_stroke(BrushTool::raise, {{60, 60}, {70, 64}});
  model.apply(MapCommand{piece});
  ticks(model, 2);
  Stroke next = a_stroke(BrushTool::raise, {{70, 64}, {90, 70}, {95, 90}});
  next.stroke.start = next_dab_start(piece.stroke);
  model.apply(MapCommand{next});
  ticks(model, 1);
  apply_history(model, EndEdit{});
  ticks(model, 3);
  ASSERT_EQ(model.history().steps().size(), 2u);  // the rain, the stroke with the rain after
  EXPECT_EQ(step_label(model.history(), 1), "Stroke: raise, radius 6, strength 0.50 + 1,200 drops");

  // The recipe's text.
  const std::string text = recipe_text(model.recipe());
  EXPECT_NE(text.find("\"stroke\": {\n        \"tool\": \"raise\",\n        \"radius\": 6.0,"),
            std::string::npos)
      << text;
  const LiveModel replayed(parse_recipe(text));
  EXPECT_EQ(bytes_of(replayed), bytes_of(model));
  EXPECT_EQ(recipe_text(replayed.recipe()), text);

  // A map file.
  LiveModel opened(1);
  opened.open(read_map_file(map_file_bytes(model.save())));
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
  apply_history(opened, Undo{1});
  apply_history(model, Undo{1});
  EXPECT_EQ(bytes_of(opened), bytes_of(model));
  EXPECT_EQ(bytes_of(model).heights, before.heights);  // the stroke, undone whole

  // A script.
  LiveModel scripted(42);
  LiveModel direct(42);
  scripted.apply(ViewCommand{Pause{}});
  direct.apply(ViewCommand{Pause{}});
  for (const ScriptLine& line :
       parse_script("{\"rain\": 3000}\n"
                    "{\"stroke\": {\"tool\": \"roughen\", \"radius\": 6, \"strength\": 0.5, "
                    "\"points\": [[100, 80], [120, 87.5], [140, 95]], \"seed\": 11}}\n"
                    "{\"stroke\": {\"tool\": \"smooth\", \"radius\": 9.5, \"strength\": 1, "
                    "\"falloff\": \"hard\", \"points\": [[30, 40]]}}\n",
                    "walk.jsonl")) {
    apply_script_command(scripted, line.command);
  }
  direct.apply(MapCommand{RainDrops{3000}});
  direct.apply(MapCommand{a_stroke(BrushTool::roughen)});
  Stroke smooth = a_stroke(BrushTool::smooth, {{30, 40}});
  smooth.stroke.radius = 9.5;
  smooth.stroke.strength = 1;
  smooth.stroke.falloff = BrushFalloff::hard;
  smooth.stroke.seed = 0;
  direct.apply(MapCommand{smooth});
  EXPECT_EQ(bytes_of(scripted), bytes_of(direct));
}

TEST(Strokes, ABadStrokeIsRefusedSayingWhereAndWhatIsAllowed) {
  const auto refusal = [](const std::string& stroke) -> std::string {
    try {
      parse_script("{\"stroke\": " + stroke + "}", "s.jsonl");
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "(read)";
  };
  EXPECT_EQ(refusal(R"({"tool": "dig", "radius": 6, "strength": 0.5, "points": [[1, 2]]})"),
            "s.jsonl line 1: stroke tool must be \"raise\", \"lower\", \"smooth\", \"flatten\", "
            "\"roughen\" or \"rain_here\", not \"dig\"");
  EXPECT_EQ(refusal(R"({"tool": "raise", "radius": 60, "strength": 0.5, "points": [[1, 2]]})"),
            "s.jsonl line 1: stroke radius must be from 1 to 40, not 60");
  EXPECT_EQ(refusal(R"({"tool": "raise", "radius": 6, "strength": 0.5, "points": []})"),
            "s.jsonl line 1: stroke points must be 1 to 100000 points [column, row], not []");
  EXPECT_EQ(refusal(R"({"tool": "raise", "radius": 6, "strength": 0.5, "points": [[1]]})"),
            "s.jsonl line 1: stroke points[0] must be [column, row], not [1]");
  EXPECT_EQ(
      refusal(R"({"tool": "raise", "radius": 6, "strength": 0.5, "points": [[1, 2]], "size": 3})"),
      "s.jsonl line 1: stroke has no \"size\" (it has tool, radius, strength, falloff, "
      "points, seed, start, flatten_to)");
  EXPECT_EQ(refusal(R"({"tool": "raise", "strength": 0.5, "points": [[1, 2]]})"),
            "s.jsonl line 1: stroke radius is missing");
  EXPECT_EQ(
      refusal(
          R"({"tool": "raise", "radius": 6, "strength": 0.5, "falloff": "soft", "points": [[1, 2]]})"),
      "s.jsonl line 1: stroke falloff must be \"smooth\", \"linear\" or \"hard\", not "
      "\"soft\"");
  EXPECT_EQ(refusal(R"({"tool": "raise", "radius": 6, "strength": 0.5, "points": [[1, 2]]})"),
            "(read)");
}

}  // namespace
}  // namespace terrain::session
