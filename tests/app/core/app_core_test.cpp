// The app's core without a window: every command through one dispatch, undo and redo with
// their messages, and the rule for a busy map (a finish running, a picture in tiles): what
// changes the map waits, in order, and is carried out once the map is free.
#include "app/core/app_core.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/core/keys.h"
#include "app/core/map_window.h"

namespace terrain::app {
namespace {

using namespace session;

constexpr int kMapCols = 320;

// A shell that records what the core asks of it.
struct FakeShell : Shell {
  bool tiles = false;
  std::vector<Command> own;
  std::vector<std::string> messages;
  std::vector<std::string> lines;
  int finishes = 0;
  int rains = 0;
  bool rendering_in_tiles() const override { return tiles; }
  void carry_out(const ShellCommand& command) override { own.push_back(command); }
  void carry_out(const FileCommand& command) override { own.push_back(command); }
  void message(const std::string& text, bool failed) override {
    messages.push_back((failed ? "! " : "") + text);
  }
  void say(const std::string& line) override { lines.push_back(line); }
  uint64_t failures() const override {
    return static_cast<uint64_t>(std::count_if(messages.begin(), messages.end(),
                                               [](const std::string& m) { return m[0] == '!'; }));
  }
  void finish_began() override { finishes++; }
  void rained() override { rains++; }
};

// Whether `command` is the shell's command T (its own or about a file).
template <class T>
bool is_shells(const Command& command) {
  const auto is_t = [](const auto& c) { return std::is_same_v<std::decay_t<decltype(c)>, T>; };
  if (const auto* c = std::get_if<ShellCommand>(&command)) return std::visit(is_t, *c);
  if (const auto* c = std::get_if<FileCommand>(&command)) return std::visit(is_t, *c);
  return false;
}

// Updates until the long work under way (a finish, a big rain) lands, and what waited for it
// is carried out.
void until_landed(AppCore& core) {
  for (int k = 0; k < 100000 && (core.model().working() || core.waiting() > 0); k++) {
    core.update();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

TEST(AppCore, MapViewAndHistoryCommandsGoToTheSessionTheRestToTheShell) {
  FakeShell shell;
  AppCore core(42, shell);
  core.dispatch(ViewCommand{Pause{}});
  core.dispatch(MapCommand{RainDrops{3000}});
  core.dispatch(MapCommand{SetErosion{0.5}});
  core.dispatch(ViewCommand{SetView{MapView::basins}});
  core.dispatch(ShellCommand{SavePng{}});
  core.dispatch(OpenFile{"dem.png"});
  EXPECT_EQ(core.model().drops(), 3000u);
  EXPECT_EQ(core.model().settings().erosion, 0.5);
  EXPECT_EQ(core.model().settings().view, MapView::basins);
  ASSERT_EQ(shell.own.size(), 2u);
  EXPECT_TRUE(is_shells<SavePng>(shell.own[0]));
  EXPECT_TRUE(is_shells<OpenFile>(shell.own[1]));

  core.dispatch(HistoryCommand{Undo{}});
  EXPECT_EQ(core.model().settings().erosion, 0.3);
  EXPECT_EQ(shell.messages.back(), "Undo: Erosion 0.30 \u2192 0.50");
  core.dispatch(HistoryCommand{Redo{}});
  EXPECT_EQ(shell.messages.back(), "Redo: Erosion 0.30 \u2192 0.50");
  core.dispatch(HistoryCommand{Redo{}});
  EXPECT_EQ(shell.messages.back(), "Nothing to redo");
  core.dispatch(HistoryCommand{Undo{5}});
  EXPECT_EQ(shell.messages.back(), "Undo: Erosion 0.30 \u2192 0.50 and 4 more");
  EXPECT_EQ(core.model().drops(), 0u);
  core.dispatch(HistoryCommand{Undo{}});
  EXPECT_EQ(shell.messages.back(), "Nothing to undo");
}

TEST(AppCore, ARefusedValueSaysWhyAndChangesNothing) {
  FakeShell shell;
  AppCore core(42, shell);
  core.dispatch(MapCommand{SetErosion{7}});
  EXPECT_EQ(shell.messages.back(), "! erosion must be from 0 to 1, not 7");
  EXPECT_EQ(core.model().settings().erosion, 0.3);
  EXPECT_TRUE(core.model().history().steps().empty());
  core.dispatch(HistoryCommand{Seek{10}});
  EXPECT_EQ(shell.messages.back(), "! seek: drop 10 is past this map's 0 drops");
}

// While the rain finishes, a slider, an undo and a new ground wait, in order, and the window
// is never held up; once the finish lands they are carried out as if given after it.
TEST(AppCore, WhileAFinishRunsWhatChangesTheMapWaitsAndComesInOrder) {
  FakeShell shell;
  AppCore core(7, shell);
  core.dispatch(ViewCommand{Pause{}});
  core.dispatch(MapCommand{RainDrops{1000}});
  core.dispatch(ViewCommand{FinishRain{}});
  EXPECT_EQ(shell.finishes, 1);
  ASSERT_TRUE(core.model().finishing());
  core.dispatch(MapCommand{SetErosion{0.6}});
  core.dispatch(MapCommand{SetInertia{0.2}});
  core.dispatch(HistoryCommand{Undo{}});
  core.dispatch(ShellCommand{SavePng{}});  // the window's own: at once
  EXPECT_EQ(shell.own.size(), 1u);
  EXPECT_EQ(core.waiting(), 3u);
  EXPECT_EQ(core.model().settings().erosion, 0.3);  // not yet
  until_landed(core);
  EXPECT_TRUE(core.take_stopped());
  EXPECT_EQ(core.waiting(), 0u);
  EXPECT_EQ(core.model().drops(), 300000u);
  EXPECT_EQ(core.model().settings().erosion, 0.6);
  EXPECT_EQ(core.model().settings().inertia, 0.05);  // set, then undone
  EXPECT_EQ(shell.messages.back(), "Undo: Inertia 0.05 \u2192 0.20");

  // The same commands given one after another with no finish between make the same map.
  FakeShell other;
  AppCore same(7, other);
  same.dispatch(ViewCommand{Pause{}});
  same.dispatch(MapCommand{RainDrops{1000}});
  same.dispatch(MapCommand{RainDrops{299000}});  // long work: on a worker, and what follows waits
  same.dispatch(MapCommand{SetErosion{0.6}});
  EXPECT_EQ(same.waiting(), 1u);
  until_landed(same);
  EXPECT_EQ(same.model().heights(), core.model().heights());
  EXPECT_EQ(same.model().rain().state(), core.model().rain().state());
}

// While a picture is rendered in tiles the map may not change between two of them.
TEST(AppCore, WhileAPictureIsRenderedInTilesTheMapWaits) {
  FakeShell shell;
  AppCore core(3, shell);
  shell.tiles = true;
  core.dispatch(MapCommand{SetSeed{9}});
  core.dispatch(OpenFile{"dem.png"});
  core.dispatch(UiCommand{NewSeed{}});     // the core picks a seed: a map command, which waits
  core.dispatch(UiCommand{SetScheme{2}});  // the UI's state goes on at once
  EXPECT_EQ(core.model().seed(), 3u);
  EXPECT_EQ(core.ui().scheme, 2);
  EXPECT_EQ(core.waiting(), 3u);  // the seed, the file and the picked seed
  EXPECT_TRUE(shell.own.empty());
  core.update();
  EXPECT_EQ(core.waiting(), 3u);  // still rendering
  shell.tiles = false;
  core.update();
  EXPECT_EQ(core.waiting(), 0u);
  ASSERT_EQ(shell.own.size(), 1u);
  EXPECT_TRUE(is_shells<OpenFile>(shell.own[0]));
  // In order: seed 9, then the picked one (the sketch's 0..999999).
  const session::History& history = core.model().history();
  ASSERT_EQ(history.steps().size(), 2u);
  EXPECT_EQ(session::step_label(history, 0), "Seed 9");
  EXPECT_EQ(session::step_label(history, 1), "Seed " + std::to_string(core.model().seed()));
  EXPECT_LT(core.model().seed(), 1000000u);
}

// What is typed in the panel's path fields goes to the UI state as it is typed, at once even
// while the map is busy (the chooser starts beside it; Save as saves under the name typed).
TEST(AppCore, APathTypedInThePanelIsKeptAtOnceEvenWhileTheMapIsBusy) {
  FakeShell shell;
  AppCore core(3, shell);
  shell.tiles = true;
  core.dispatch(SetTyped{TypedField::map_name, "walks/ridge"});
  core.dispatch(SetTyped{TypedField::heightmap, "/data/dem.png"});
  EXPECT_EQ(core.waiting(), 0u);
  EXPECT_EQ(core.ui().map_name, "walks/ridge");
  EXPECT_EQ(core.ui().heightmap_path, "/data/dem.png");
  core.dispatch(SetTyped{TypedField::map_name, ""});
  EXPECT_EQ(core.ui().map_name, "");
  EXPECT_EQ(core.ui().heightmap_path, "/data/dem.png");
  EXPECT_TRUE(shell.own.empty());  // the core's, not the shell's
  EXPECT_TRUE(shell.messages.empty());
}

// A heightmap read on a worker lands through the same path: as the ground, said on stdout, or
// refused with its reason.
// The rain's ticks are the core's: 60 a second of the time given, at most 12 a frame (the rest
// let go), exactly one a frame in a scripted run, none while a picture is rendered in tiles;
// the shell hears of each that rained.
TEST(AppCore, TicksRainSixtyASecondAtMostTwelveAFrameAndNoneWhileTheMapIsHeld) {
  FakeShell shell;
  AppCore core(42, shell);
  const auto per_tick = static_cast<uint64_t>(core.model().settings().drops_per_frame);
  core.tick(5.0 / 60.0 + 1e-9, false);  // 5 ticks' worth
  EXPECT_EQ(core.model().drops(), 5 * per_tick);
  EXPECT_EQ(shell.rains, 5);
  core.tick(0.5 / 60.0, false);  // half a tick: owed, not rained
  EXPECT_EQ(core.model().drops(), 5 * per_tick);
  core.tick(0.5 / 60.0 + 1e-9, false);  // ... the other half
  EXPECT_EQ(core.model().drops(), 6 * per_tick);
  core.tick(1.0, false);  // 60 ticks owed: 12, and the rest let go
  EXPECT_EQ(core.model().drops(), 18 * per_tick);
  core.tick(1.0 / 60.0 + 1e-9, false);
  EXPECT_EQ(core.model().drops(), 19 * per_tick);
  core.tick(10.0, true);  // scripted: one whatever the time
  EXPECT_EQ(core.model().drops(), 20 * per_tick);
  shell.tiles = true;  // the map is held: no rain, and nothing owed after
  core.tick(1.0, false);
  core.tick(1.0, true);
  EXPECT_EQ(core.model().drops(), 20 * per_tick);
  shell.tiles = false;
  core.tick(0.5 / 60.0, false);
  EXPECT_EQ(core.model().drops(), 20 * per_tick);
  EXPECT_EQ(shell.rains, 20);
  // Paused, nothing rains and nothing is owed.
  core.dispatch(ViewCommand{Pause{}});
  core.tick(1.0, false);
  core.dispatch(ViewCommand{Play{}});
  core.tick(0.5 / 60.0, false);
  EXPECT_EQ(core.model().drops(), 20 * per_tick);
}

// A map written to its file reaches the core as MapSaved (the shell never writes the core's
// state): it is the map's own file, unchanged since, until the next step; at once even while a
// finish runs.
TEST(AppCore, AMapSavedIsTheMapsOwnFileUnchangedUntilTheNextStep) {
  FakeShell shell;
  AppCore core(42, shell);
  core.dispatch(ViewCommand{Pause{}});
  core.dispatch(MapCommand{SetErosion{0.5}});
  EXPECT_TRUE(unsaved_changes(core.ui(), core.model().history()));
  core.dispatch(ViewCommand{FinishRain{}});
  ASSERT_TRUE(core.map_busy());
  core.dispatch(MapSaved{"walks/ridge.tsmap"});
  EXPECT_EQ(core.ui().map_path, "walks/ridge.tsmap");
  EXPECT_FALSE(changed_since_saved(core.ui(), core.model().history()));
  until_landed(core);
  EXPECT_TRUE(changed_since_saved(core.ui(), core.model().history())) << "the finish is a step";
  core.dispatch(MapSaved{"walks/ridge.tsmap"});
  EXPECT_FALSE(unsaved_changes(core.ui(), core.model().history()));
  core.dispatch(HistoryCommand{Undo{}});
  EXPECT_TRUE(unsaved_changes(core.ui(), core.model().history()));
}

TEST(AppCore, AGroundReadLandsAsTheGroundOrSaysWhyNot) {
  FakeShell shell;
  AppCore core(3, shell);
  auto bad = std::make_shared<GroundRead>();
  bad->path = "dem.png";
  bad->error = "Cannot open dem.png: truncated";
  core.dispatch(LandGround{bad});
  EXPECT_EQ(shell.messages.back(), "! Cannot open dem.png: truncated");
  EXPECT_FALSE(core.model().ground_file());

  auto good = std::make_shared<GroundRead>();
  good->path = "/maps/dem.png";
  good->file_w = 500;
  good->file_h = 360;
  good->ground.name = "dem.png";
  good->ground.heights = std::make_shared<const Heightfield>(sketch::COLS, sketch::ROWS, 0.5f);
  core.dispatch(LandGround{good});
  EXPECT_EQ(shell.lines.back(),
            "Opened /maps/dem.png (500 x 360, scaled to 0..1, crop) as the ground");
  ASSERT_TRUE(core.model().ground_file());
  EXPECT_EQ(core.model().original(), *good->ground.heights);
  core.dispatch(HistoryCommand{Undo{}});
  EXPECT_FALSE(core.model().ground_file());
}

// The UI's state is the core's: what the panel, the keys and the mouse change is carried out
// here, without a window; a value the core refuses says why and changes nothing.
TEST(AppCore, TheUisStateAndTheCameraAreTheCoresAndRefuseBadValues) {
  FakeShell shell;
  AppCore core(42, shell);
  core.dispatch(UiCommand{SetScheme{4}});
  EXPECT_EQ(core.ui().scheme, 4);
  core.dispatch(UiCommand{SetScheme{99}});  // not a scheme: nothing changes
  EXPECT_EQ(core.ui().scheme, 4);

  // The camera: zoom about a point of the map's area, pan by a drag, fit.
  core.set_map_area({0, 0, 640, 360});
  core.dispatch(UiCommand{ZoomAt{2, 160, 90}});
  EXPECT_EQ(core.camera().zoom(), 2);
  const glm::dvec2 zoomed = core.camera().center();
  core.dispatch(UiCommand{PanBy{-64, 0}});  // the map moves left: the view looks further right
  EXPECT_GT(core.camera().center().x, zoomed.x);
  EXPECT_EQ(core.camera().center().y, zoomed.y);
  core.dispatch(UiCommand{SetZoom{40}});
  EXPECT_EQ(shell.messages.size(), 1u);
  EXPECT_EQ(shell.messages.back().rfind("! ", 0), 0u) << shell.messages.back();
  EXPECT_EQ(core.camera().zoom(), 2);
  core.dispatch(UiCommand{FitMap{}});
  EXPECT_TRUE(core.camera().at_fit());

  // The side view: a row off the map and a skyline the core refuses change nothing.
  core.dispatch(UiCommand{SetSectionRow{40}});
  EXPECT_EQ(core.ui().side.row, 40);
  EXPECT_EQ(core.ui().side.view, SideView::cross_section);
  core.dispatch(UiCommand{SetSectionRow{180}});
  EXPECT_EQ(shell.messages.back(), "! row 180 is not on the map (0..179)");
  EXPECT_EQ(core.ui().side.row, 40);
  RandomWalkParams walk;
  walk.height_max = -1;
  core.dispatch(UiCommand{SetWalkParams{walk}});
  EXPECT_NE(core.ui().side.walk.height_max, -1);

  // A time-lapse's settings out of range.
  SetRecording never;
  never.every = 0;
  core.dispatch(UiCommand{never});
  EXPECT_EQ(shell.messages.back(), "! a frame every 0 ticks: allowed 1..1000");
  SetRecording often;
  often.every = 5;
  core.dispatch(UiCommand{often});
  EXPECT_EQ(core.ui().record.every, 5);

  // The SVG's pen on paper: 0.05..5 mm, or 0 for the map's scale; the pen that holds stays
  // (the panel's field shows it again: panel_support_test).
  exports::SvgPage page;
  page.paper = exports::kSvgPaperA4;
  page.pen_mm = 0.3;
  core.dispatch(UiCommand{SetSvgPage{page}});
  EXPECT_EQ(core.ui().svg_page.pen_mm, 0.3);
  for (const double bad : {5.5, 0.01, -1.0, std::nan("")}) {
    page.pen_mm = bad;
    core.dispatch(UiCommand{SetSvgPage{page}});
    EXPECT_EQ(shell.messages.back().rfind("! an SVG pen of ", 0), 0u) << shell.messages.back();
    EXPECT_NE(shell.messages.back().find("allowed 0.05..5 mm"), std::string::npos);
    EXPECT_EQ(core.ui().svg_page.pen_mm, 0.3) << bad;
    EXPECT_EQ(core.ui().svg_page.paper, exports::kSvgPaperA4);
  }
  page.pen_mm = 0;
  core.dispatch(UiCommand{SetSvgPage{page}});
  EXPECT_EQ(core.ui().svg_page.pen_mm, 0);
  EXPECT_TRUE(shell.own.empty());  // none of these is the shell's
}

// [ and ]: the timeline back and forward by 1% of the map's drops, as a seek.
TEST(AppCore, TheTimelinesKeysSeekByOnePercentOfTheDrops) {
  FakeShell shell;
  AppCore core(42, shell);
  core.dispatch(ViewCommand{Pause{}});
  core.dispatch(MapCommand{RainDrops{10000}});
  core.dispatch(UiCommand{StepTimeline{-1}});
  EXPECT_EQ(core.model().drops(), 9900u);
  core.dispatch(UiCommand{StepTimeline{-1}});
  EXPECT_EQ(core.model().drops(), 9800u);
  core.dispatch(UiCommand{StepTimeline{+1}});
  EXPECT_EQ(core.model().drops(), 9900u);
  core.dispatch(UiCommand{StepTimeline{+1}});
  core.dispatch(UiCommand{StepTimeline{+1}});  // at the end: nowhere to go
  EXPECT_EQ(core.model().drops(), 10000u);
}

}  // namespace
}  // namespace terrain::app

namespace terrain::app {
namespace {

using namespace session;

std::shared_ptr<const MapRead> a_map_read(const std::string& path, SavedMap map) {
  auto read = std::make_shared<MapRead>();
  read->path = path;
  read->map = std::move(map);
  return read;
}

// A map file read lands through the core: the session becomes the file's (history, place,
// view) and so does the window's view; the map is named, not changed since saved. A map that
// does not hold together, or a window view out of range, is refused and changes nothing.
TEST(AppCore, AMapFileLandsAsTheSessionAndItsViewOrChangesNothing) {
  FakeShell saving;
  AppCore source(7, saving);
  source.dispatch(ViewCommand{Pause{}});
  source.dispatch(MapCommand{RainDrops{5000}});
  source.dispatch(MapCommand{SetErosion{0.4}});
  source.dispatch(MapCommand{RainDrops{2000}});
  source.dispatch(UiCommand{SetScheme{2}});
  source.dispatch(UiCommand{SetZoom{3}});
  source.dispatch(UiCommand{SetCenter{100, 60}});
  source.dispatch(UiCommand{SetSectionRow{44}});
  source.dispatch(UiCommand{SetSideView{SideView::walk}});
  source.set_map_area({0, 0, 1000, 600});
  source.dispatch(UiCommand{SetExaggeration{2.5}});
  source.dispatch(UiCommand{SetCamera{250, 30}});
  source.dispatch(UiCommand{ZoomCamera{1.5}});
  source.dispatch(UiCommand{PanCameraBy{40, -20}});
  SavedMap saved = source.model().save();
  saved.window = window_view_json(source.ui(), source.camera(), source.orbit());

  FakeShell shell;
  AppCore core(42, shell);
  core.dispatch(ViewCommand{Pause{}});
  core.dispatch(LandMap{a_map_read("walk.tsmap", saved)});
  EXPECT_EQ(shell.messages.back(), "Opened the map walk.tsmap (2 steps, drop 7,000 of 7,000)");
  EXPECT_EQ(shell.lines.back(), shell.messages.back());
  EXPECT_EQ(core.model().drops(), 7000u);
  EXPECT_EQ(core.model().seed(), 7u);
  EXPECT_EQ(core.model().settings().erosion, 0.4);
  EXPECT_EQ(core.ui().scheme, 2);
  EXPECT_EQ(core.camera().zoom(), 3);
  EXPECT_EQ(core.camera().center(), source.camera().center());
  EXPECT_EQ(core.ui().side.row, std::optional<int>(44));
  EXPECT_EQ(core.ui().side.view, SideView::walk);
  EXPECT_EQ(core.ui().exaggeration, 2.5);
  EXPECT_EQ(core.orbit().yaw(), source.orbit().yaw());
  EXPECT_EQ(core.orbit().pitch(), source.orbit().pitch());
  EXPECT_EQ(core.orbit().distance(), source.orbit().distance());
  EXPECT_EQ(core.orbit().target(), source.orbit().target());
  EXPECT_EQ(core.ui().map_path, "walk.tsmap");
  EXPECT_EQ(core.ui().histories_opened, 1u);  // the History list makes its labels again
  EXPECT_FALSE(changed_since_saved(core.ui(), core.model().history()));
  core.dispatch(HistoryCommand{Undo{}});
  EXPECT_EQ(core.model().drops(), 5000u);
  EXPECT_TRUE(changed_since_saved(core.ui(), core.model().history()));

  // Refused: the file's error, a map that does not hold together, a window view out of range.
  const uint64_t drops = core.model().drops();
  auto failed = std::make_shared<MapRead>();
  failed->path = "bad.tsmap";
  failed->error = "Cannot open bad.tsmap: a PNG image, not a map file";
  core.dispatch(LandMap{failed});
  EXPECT_EQ(shell.messages.back(), "! Cannot open bad.tsmap: a PNG image, not a map file");
  SavedMap broken = saved;
  broken.steps.pop_back();
  core.dispatch(LandMap{a_map_read("broken.tsmap", broken)});
  EXPECT_EQ(shell.messages.back(),
            "! Cannot open broken.tsmap: the history's steps do not cover its commands");
  SavedMap far = saved;
  far.window = R"({"zoom": 40})";
  core.dispatch(LandMap{a_map_read("far.tsmap", far)});
  EXPECT_EQ(shell.messages.back().rfind("! Cannot open far.tsmap: VIEW.window.zoom: ", 0), 0u)
      << shell.messages.back();
  SavedMap schemeless = saved;
  schemeless.window = R"({"scheme": "plaid"})";
  core.dispatch(LandMap{a_map_read("plaid.tsmap", schemeless)});
  EXPECT_EQ(shell.messages.back(),
            "! Cannot open plaid.tsmap: VIEW.window.scheme: no colour scheme is called \"plaid\"");
  SavedMap tilted = saved;
  tilted.window = R"({"camera": {"yaw": 0, "pitch": 95, "distance": 300, "target": [1, 2, 3]}})";
  core.dispatch(LandMap{a_map_read("tilted.tsmap", tilted)});
  EXPECT_EQ(shell.messages.back(),
            "! Cannot open tilted.tsmap: VIEW.window.camera.pitch: must be from 5 to 90, not 95");
  SavedMap flat = saved;
  flat.window = R"({"relief": 0})";
  core.dispatch(LandMap{a_map_read("flat.tsmap", flat)});
  EXPECT_EQ(shell.messages.back(),
            "! Cannot open flat.tsmap: VIEW.window.relief: must be from 0.1 to 5, not 0");
  EXPECT_EQ(core.model().drops(), drops);
  EXPECT_EQ(core.ui().map_path, "walk.tsmap");
  EXPECT_EQ(core.ui().histories_opened, 1u);
  EXPECT_EQ(core.camera().zoom(), 3);
  EXPECT_EQ(core.ui().exaggeration, 2.5);

  // Saving is the shell's: it waits while a finish runs, as every change to the map does.
  core.dispatch(SaveMap{"x.tsmap", false});
  ASSERT_TRUE(is_shells<SaveMap>(shell.own.back()));
  core.dispatch(ShellCommand{SaveMapNow{}});
  EXPECT_TRUE(is_shells<SaveMapNow>(shell.own.back()));
}

}  // namespace
}  // namespace terrain::app

namespace terrain::app {
namespace {

using namespace session;

// Painting: a press, drags over several frames while it rains, and a release are one step of
// the history, a stroke in pieces; paused, the pieces are the bytes of one stroke along the
// whole path; undone, the map is as it was.
TEST(AppCorePainting, APressDragsAndAReleaseAreOneStrokeStep) {
  FakeShell shell;
  AppCore painted(42, shell);
  painted.dispatch(ViewCommand{Pause{}});
  painted.dispatch(MapCommand{RainDrops{3000}});
  painted.dispatch(UiCommand{SetBrush{{BrushTool::roughen, 5, 0.8, BrushFalloff::linear}}});
  painted.dispatch(UiCommand{SetPaintMode{true}});
  EXPECT_TRUE(painted.ui().paint_mode);
  const std::vector<uint8_t> before(
      reinterpret_cast<const uint8_t*>(painted.model().heights().data()),
      reinterpret_cast<const uint8_t*>(painted.model().heights().data() +
                                       painted.model().heights().size()));
  const std::vector<Point> path = {{100, 80}, {104, 81}, {110, 85}, {118, 85}, {130, 95}};
  painted.dispatch(UiCommand{Paint{PaintPhase::press, path[0].x, path[0].y}});
  EXPECT_TRUE(painted.ui().painting);
  for (std::size_t k = 1; k + 1 < path.size(); k++) {
    painted.dispatch(UiCommand{Paint{PaintPhase::drag, path[k].x, path[k].y}});
    if (k % 2 == 0) painted.update();  // a frame: the piece painted so far is carried out
  }
  painted.dispatch(UiCommand{Paint{PaintPhase::release, path.back().x, path.back().y}});
  EXPECT_FALSE(painted.ui().painting);
  const History& history = painted.model().history();
  ASSERT_EQ(history.steps().size(), 2u);
  EXPECT_EQ(step_label(history, 1), "Stroke: roughen, radius 5, strength 0.80");
  std::size_t pieces = 0;
  uint32_t seed = 0;
  for (std::size_t a = history.steps()[1].first; a < history.steps()[1].end; a++) {
    if (const auto* s = std::get_if<Stroke>(&history.atoms()[a])) {
      pieces++;
      seed = s->stroke.seed;
    }
  }
  EXPECT_EQ(pieces, 3u);

  // The same path as one stroke of the same seed: the same bytes.
  AppCore whole(42, shell);
  whole.dispatch(ViewCommand{Pause{}});
  whole.dispatch(MapCommand{RainDrops{3000}});
  BrushStroke s;
  s.tool = BrushTool::roughen;
  s.radius = 5;
  s.strength = 0.8;
  s.falloff = BrushFalloff::linear;
  s.points = path;
  s.seed = seed;
  whole.dispatch(MapCommand{Stroke{s}});
  EXPECT_TRUE(whole.model().heights() == painted.model().heights());

  // Undone, it is gone whole.
  painted.dispatch(HistoryCommand{Undo{}});
  EXPECT_EQ(shell.messages.back(), "Undo: Stroke: roughen, radius 5, strength 0.80");
  const std::vector<uint8_t> after_undo(
      reinterpret_cast<const uint8_t*>(painted.model().heights().data()),
      reinterpret_cast<const uint8_t*>(painted.model().heights().data() +
                                       painted.model().heights().size()));
  EXPECT_EQ(after_undo, before);
}

TEST(AppCorePainting, ABrushOutOfRangeIsRefusedAndPIsTheModesKey) {
  FakeShell shell;
  AppCore core(42, shell);
  core.dispatch(UiCommand{SetBrush{{BrushTool::raise, 41, 0.5, BrushFalloff::smooth}}});
  EXPECT_EQ(shell.messages.back(), "! a brush radius of 41 cells: allowed 1..40");
  core.dispatch(UiCommand{SetBrush{{BrushTool::raise, 4, 1.5, BrushFalloff::smooth}}});
  EXPECT_EQ(shell.messages.back(), "! a brush strength of 1.5: allowed 0..1");
  EXPECT_EQ(core.ui().brush, BrushSettings{});
  core.dispatch(UiCommand{TogglePaintMode{}});
  EXPECT_TRUE(core.ui().paint_mode);
  core.dispatch(UiCommand{TogglePaintMode{}});
  EXPECT_FALSE(core.ui().paint_mode);
  // A drag or a release with no press paints nothing.
  core.dispatch(UiCommand{Paint{PaintPhase::drag, 10, 10}});
  core.dispatch(UiCommand{Paint{PaintPhase::release, 10, 10}});
  EXPECT_EQ(core.model().history().steps().size(), 0u);
}

// The 3D view's camera and relief are the core's: checked, framed for the map's area once it is
// known, and the ground under a pointer is picked on the surface as it is drawn.
TEST(AppCore3d, TheCameraAndReliefRefuseBadValuesAndFrameForTheArea) {
  FakeShell shell;
  AppCore core(42, shell);
  core.dispatch(UiCommand{SetExaggeration{7}});
  EXPECT_EQ(shell.messages.back(), "! a vertical exaggeration of 7: allowed 0.1..5");
  core.dispatch(UiCommand{SetCamera{10, 91}});
  EXPECT_EQ(shell.messages.back(),
            "! a camera at yaw 10, pitch 91: allowed any yaw, and a pitch from 5 to 90 degrees");
  EXPECT_EQ(core.ui().exaggeration, 1);
  EXPECT_EQ(core.orbit().pitch(), 45);
  core.dispatch(UiCommand{SetCamera{-30, 60}});
  EXPECT_EQ(core.orbit().yaw(), 330);
  EXPECT_EQ(core.orbit().pitch(), 60);
  // Framed before the area is known: once it is, for its aspect.
  const double distance = core.orbit().distance();
  core.dispatch(UiCommand{FrameIsland{}});
  EXPECT_EQ(core.orbit().distance(), distance);
  core.set_map_area({0, 0, 400, 800});
  EXPECT_GT(core.orbit().distance(), distance);  // a tall narrow area: further off
  core.dispatch(UiCommand{OrbitBy{100, 0}});
  EXPECT_EQ(core.orbit().yaw(), 330 + 100 * render::OrbitCamera::kDegreesPerPixel - 360);
  const double near = core.orbit().distance();
  core.dispatch(UiCommand{ZoomCamera{2}});
  EXPECT_NEAR(core.orbit().distance(), near / 2, 1e-9);
  // Keys: Home frames the island in 3D, and fits the map otherwise.
  session::Settings s;
  s.view = MapView::three_d;
  const auto home = command_for_key(SDLK_HOME, s, false, SideView::cross_section, 5, KMOD_NONE);
  ASSERT_TRUE(home);
  EXPECT_TRUE(std::holds_alternative<FrameIsland>(std::get<UiCommand>(*home)));
}

TEST(AppCore3d, TheEyeIsKeptOutOfTheGroundOnceAFrame) {
  FakeShell shell;
  AppCore core(42, shell);
  core.set_map_area({0, 0, 1280, 720});
  // Low and near, looking at the island's highest point from below its top.
  const Heightfield& h = core.model().terrain();
  const auto peak = std::max_element(h.values().begin(), h.values().end());
  const auto at = static_cast<int>(peak - h.values().begin());
  const double px = at % h.width(), py = at / h.width();
  const auto clearance = [&] {
    const glm::dvec3 e = core.orbit().eye();
    const double ground = render::surface_height(h, e.x, e.z, core.model().settings().sea_level);
    return e.y - ground * render::OrbitCamera::kReliefCells * core.ui().exaggeration;
  };
  // Looking along the row towards the middle from about over the peak (the nearest distance is
  // a tenth of the framing one, some 54 cells), the target at the sea's floor.
  const bool west = px < 160;
  const auto aim = [&] {
    core.dispatch(UiCommand{SetCamera{west ? 90.0 : 270.0, 5}});
    core.dispatch(UiCommand{PlaceCamera{1, px + (west ? 53 : -53), 0, py}});
  };
  aim();
  ASSERT_LT(clearance(), 0);
  // Outside the 3D view the camera is left as it is.
  core.update();
  EXPECT_EQ(core.orbit().pitch(), 5);
  core.dispatch(ViewCommand{SetView{MapView::three_d}});
  core.update();
  EXPECT_GE(clearance(), render::OrbitCamera::kClearance);
  EXPECT_GT(core.orbit().pitch(), 5);
  // Higher relief raises the ground under it: the next frame lifts it again.
  aim();
  core.dispatch(UiCommand{SetExaggeration{1}});
  core.update();
  const double pitch = core.orbit().pitch();
  core.dispatch(UiCommand{SetExaggeration{3}});
  ASSERT_LT(clearance(), render::OrbitCamera::kClearance);
  core.update();
  EXPECT_GE(clearance(), render::OrbitCamera::kClearance);
  EXPECT_GT(core.orbit().pitch(), pitch);
}

TEST(AppCore3d, ThePointerPicksTheGroundItIsOver) {
  FakeShell shell;
  AppCore core(42, shell);
  const render::MapArea area{100, 0, 1200, 700};
  core.set_map_area(area);
  // On the map, the map camera's frame; in 3D from straight above, the same point (the
  // island's ground where the frame's sea-level plane has it, near enough at the middle).
  core.dispatch(UiCommand{FitMap{}});
  const auto flat = core.map_point_at(area.middle());
  ASSERT_TRUE(flat);
  EXPECT_NEAR(flat->x, 159.5, 1e-6);
  EXPECT_NEAR(flat->y, 89.5, 1e-6);
  EXPECT_FALSE(core.map_point_at({50, 300}));  // off the map's area
  core.dispatch(ViewCommand{SetView{MapView::three_d}});
  core.dispatch(UiCommand{SetCamera{0, 90}});
  core.dispatch(UiCommand{FrameIsland{}});
  const auto below = core.map_point_at(area.middle());
  ASSERT_TRUE(below);
  EXPECT_NEAR(below->x, core.orbit().target().x, 1e-6);
  EXPECT_NEAR(below->y, core.orbit().target().z, 1e-6);
  // Low over the sky: nothing.
  core.dispatch(UiCommand{SetCamera{0, 5}});
  core.dispatch(UiCommand{FrameIsland{}});
  EXPECT_FALSE(core.map_point_at({area.left + 2, area.top + 2}));
  // The brush's circle lies around the ground under the pointer.
  core.trace_brush_ring(area.middle());
  EXPECT_EQ(core.ui().brush_ring_points, UiState::kBrushRingPoints);
  core.trace_brush_ring({area.left + 2, area.top + 2});
  EXPECT_EQ(core.ui().brush_ring_points, 0);
  // The cross-section's row lies on the ground too, a point a column: from straight above, the
  // middle row runs across the picture's middle, left to right.
  core.dispatch(UiCommand{SetCamera{0, 90}});
  core.dispatch(UiCommand{FrameIsland{}});
  core.trace_row_line();
  ASSERT_EQ(core.ui().row_line_points, kMapCols);
  const std::vector<float>& line = core.ui().row_line;
  EXPECT_LT(line[0], line[2 * (kMapCols - 1)]);
  for (int x = 0; x < kMapCols; x++) {
    EXPECT_NEAR(line[static_cast<std::size_t>(2 * x + 1)], area.middle().y, 40) << x;
  }
  core.dispatch(ViewCommand{SetView{MapView::map}});
  core.trace_row_line();
  EXPECT_EQ(core.ui().row_line_points, 0);
}

}  // namespace
}  // namespace terrain::app
