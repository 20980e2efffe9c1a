// terrain-sandbox's flags (src/app/core/app_options.cpp): every flag's good values and what they
// parse to, every message bad input gives (one line, naming the flag and what is allowed), and
// --help's text naming exactly the flags the parser reads.
#include "app/core/app_options.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "flags/flag_table.h"
#include "render/geometry/color_scheme.h"
#include "session/settings.h"

namespace terrain::app {
namespace {

namespace fs = std::filesystem;

struct Parsed {
  std::optional<AppOptions> options;
  std::string error;
};

// parse_app_options on "terrain-sandbox" followed by `words`, as main() gets them.
Parsed parse(const std::vector<std::string>& words) {
  std::vector<std::string> storage{"terrain-sandbox"};
  storage.insert(storage.end(), words.begin(), words.end());
  std::vector<char*> argv;
  for (std::string& word : storage) argv.push_back(word.data());
  argv.push_back(nullptr);
  Parsed parsed;
  parsed.options = parse_app_options(static_cast<int>(storage.size()), argv.data(), &parsed.error);
  return parsed;
}

// The options `words` parse to; a failure (with the message) if they are refused.
AppOptions good(const std::vector<std::string>& words) {
  const Parsed parsed = parse(words);
  EXPECT_TRUE(parsed.options.has_value()) << "refused: " << parsed.error;
  EXPECT_EQ(parsed.error, "");
  return parsed.options.value_or(AppOptions{});
}

// The message `words` are refused with, or "<accepted>" if they parse.
std::string bad(const std::vector<std::string>& words) {
  const Parsed parsed = parse(words);
  if (parsed.options) return "<accepted>";
  EXPECT_EQ(parsed.error.find('\n'), std::string::npos) << "not one line: " << parsed.error;
  return parsed.error;
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "'" : " '") + word + "'";
  return text;
}

struct BadCase {
  std::vector<std::string> words;
  std::string message;
};

void expect_messages(const std::vector<BadCase>& cases) {
  for (const BadCase& c : cases) {
    SCOPED_TRACE(joined(c.words));
    EXPECT_EQ(bad(c.words), c.message);
  }
}

// A fresh folder for the tests' files, removed with what is in it.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "app_options_test.XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const fs::path& path() const { return path_; }
  // The path of `name` in the folder, as a string (the file is not made).
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }
  // Makes `name` as a file with a few bytes in it.
  std::string make_file(const std::string& name) const {
    std::ofstream(path_ / name) << "taken";
    return *this / name;
  }

 private:
  fs::path path_;
};

// The colour schemes' keys from their table.
std::vector<std::string> scheme_keys() {
  std::vector<std::string> keys;
  for (const render::ColorScheme& scheme : render::color_schemes()) keys.push_back(scheme.key);
  return keys;
}

// --- Defaults and good values --------------------------------------------------------------

TEST(AppOptions, NoFlagsGiveTheDocumentedDefaults) {
  const AppOptions options = good({});
  EXPECT_FALSE(options.seed.has_value());
  EXPECT_EQ(options.scheme, "site_dark");
  EXPECT_EQ(options.width, 1280);
  EXPECT_EQ(options.height, 720);
  EXPECT_FALSE(options.paused);
  EXPECT_EQ(options.drops, 0u);
  EXPECT_FALSE(options.drops_per_frame.has_value());
  EXPECT_FALSE(options.frames.has_value());
  EXPECT_EQ(options.screenshot, "");
  EXPECT_EQ(options.cells, "");
  EXPECT_EQ(options.save_folder, "");
  EXPECT_FALSE(options.stats);
  EXPECT_FALSE(options.show_original);
  EXPECT_FALSE(options.hide_rivers);
  EXPECT_FALSE(options.debug);
  EXPECT_FALSE(options.help);
}

TEST(AppOptions, AnEmptyArgvGivesTheDefaults) {
  char* argv[] = {nullptr};
  std::string error = "unchanged";
  const auto options = parse_app_options(0, argv, &error);
  ASSERT_TRUE(options.has_value());
  EXPECT_FALSE(options->seed.has_value());
  EXPECT_EQ(options->scheme, "site_dark");
  EXPECT_EQ(error, "unchanged");
}

TEST(AppOptions, SeedTakesEveryWholeNumberFromZeroToUint32Max) {
  EXPECT_EQ(good({"--seed", "0"}).seed, std::optional<uint32_t>(0));
  EXPECT_EQ(good({"--seed", "42"}).seed, std::optional<uint32_t>(42));
  EXPECT_EQ(good({"--seed", "2024"}).seed, std::optional<uint32_t>(2024));
  EXPECT_EQ(good({"--seed", "4294967295"}).seed, std::optional<uint32_t>(4294967295u));
  EXPECT_EQ(good({"--seed", "007"}).seed, std::optional<uint32_t>(7));
}

TEST(AppOptions, SchemeTakesEveryKeyOfTheColourSchemeTable) {
  const auto keys = scheme_keys();
  ASSERT_EQ(keys.size(), 5u);
  for (const std::string& key : keys) {
    SCOPED_TRACE(key);
    EXPECT_EQ(good({"--scheme", key}).scheme, key);
  }
  EXPECT_EQ(good({"--scheme", "topographic"}).scheme, "topographic");
}

TEST(AppOptions, SizeTakesWidthByHeightEachFrom64To16384) {
  const auto size = [](const std::string& text) {
    const AppOptions options = good({"--size", text});
    return std::pair(options.width, options.height);
  };
  EXPECT_EQ(size("1280x720"), std::pair(1280, 720));
  EXPECT_EQ(size("640x360"), std::pair(640, 360));
  EXPECT_EQ(size("64x64"), std::pair(64, 64));
  EXPECT_EQ(size("16384x16384"), std::pair(16384, 16384));
  EXPECT_EQ(size("64x16384"), std::pair(64, 16384));
  EXPECT_EQ(size("16384x64"), std::pair(16384, 64));
  EXPECT_EQ(size("0320x0180"), std::pair(320, 180));
}

TEST(AppOptions, DropsTakeZeroToAThousandMillionAsTerrainCli) {
  EXPECT_EQ(good({"--drops", "0"}).drops, 0u);
  EXPECT_EQ(good({"--drops", "300000"}).drops, 300000u);
  EXPECT_EQ(good({"--drops", "1000000000"}).drops, 1000000000u);
}

TEST(AppOptions, DropsPerFrameTakeZeroToTheModelsMaximum) {
  EXPECT_EQ(good({"--drops-per-frame", "0"}).drops_per_frame, std::optional<int>(0));
  EXPECT_EQ(good({"--drops-per-frame", "200"}).drops_per_frame, std::optional<int>(200));
  EXPECT_EQ(good({"--drops-per-frame", "10000"}).drops_per_frame, std::optional<int>(10000));
  EXPECT_EQ(session::kMaxDropsPerFrame, 10000);
}

TEST(AppOptions, FramesTakeOneToAHundredMillion) {
  EXPECT_EQ(good({"--frames", "1"}).frames, std::optional<uint64_t>(1));
  EXPECT_EQ(good({"--frames", "600"}).frames, std::optional<uint64_t>(600));
  EXPECT_EQ(good({"--frames", "100000000"}).frames, std::optional<uint64_t>(100000000));
}

TEST(AppOptions, ScreenshotAndCellsTakeANewFileInAnExistingFolderWithFrames) {
  const TempDir dir;
  const AppOptions options =
      good({"--frames", "2", "--screenshot", dir / "shot.png", "--cells", dir / "cells.png"});
  EXPECT_EQ(options.screenshot, dir / "shot.png");
  EXPECT_EQ(options.cells, dir / "cells.png");
  EXPECT_EQ(options.frames, std::optional<uint64_t>(2));
  // --frames may come after them: the check is made once every flag is read.
  EXPECT_EQ(good({"--screenshot", dir / "a.png", "--frames", "1"}).screenshot, dir / "a.png");
  EXPECT_EQ(good({"--cells", dir / "b.png", "--frames", "1"}).cells, dir / "b.png");
  // Parsing only checks: it makes no file.
  EXPECT_FALSE(fs::exists(dir.path() / "shot.png"));
  EXPECT_FALSE(fs::exists(dir.path() / "cells.png"));
}

TEST(AppOptions, ABareFileNameIsANewFileInTheWorkingDirectory) {
  const std::string name = "app_options_test_" + std::to_string(getpid()) + ".png";
  ASSERT_FALSE(fs::exists(name));
  EXPECT_EQ(good({"--frames", "1", "--screenshot", name}).screenshot, name);
  EXPECT_EQ(good({"--frames", "1", "--cells", name}).cells, name);
}

// A map file brings its own ground: the flags that choose one are refused beside it, and
// --save-map is a new file written after the last frame.
TEST(AppOptions, AMapFileRefusesTheFlagsThatChooseAGround) {
  const TempDir dir;
  EXPECT_EQ(good({"walk.tsmap"}).file, "walk.tsmap");
  EXPECT_EQ(good({"walk.TSMAP", "--drops", "100"}).file, "walk.TSMAP");
  EXPECT_EQ(bad({"walk.tsmap", "--seed", "5"}),
            "--seed chooses a ground, and 'walk.tsmap' is a map file with its own (open it, then "
            "change it)");
  EXPECT_EQ(bad({"--generator", "diamond-square", "walk.tsmap"}),
            "--generator chooses a ground, and 'walk.tsmap' is a map file with its own (open it, "
            "then change it)");
  EXPECT_EQ(bad({"--save-map", dir / "m.tsmap"}),
            "--save-map needs --frames N (the map is saved after the last frame)");
  std::ofstream(dir / "old.tsmap") << "x";
  EXPECT_EQ(bad({"--frames", "1", "--save-map", dir / "old.tsmap"}),
            "--save-map '" + (dir / "old.tsmap") +
                "' already exists (allowed: a file that does not exist yet, in an existing "
                "folder)");
}

TEST(AppOptions, SaveFolderIsTakenAsGivenWithoutCheckingIt) {
  EXPECT_EQ(good({"--save-folder", "out"}).save_folder, "out");
  // The app says so when a save fails; the flag only refuses an empty folder.
  EXPECT_EQ(good({"--save-folder", "/no/such/folder"}).save_folder, "/no/such/folder");
}

TEST(AppOptions, EachSwitchSetsItsOwnFieldAndNoOther) {
  using Field = bool AppOptions::*;
  const std::vector<std::pair<std::string, Field>> switches = {
      {"--paused", &AppOptions::paused},
      {"--stats", &AppOptions::stats},
      {"--original", &AppOptions::show_original},
      {"--no-rivers", &AppOptions::hide_rivers},
      {"--debug", &AppOptions::debug},
      {"--help", &AppOptions::help}};
  for (const auto& [name, field] : switches) {
    SCOPED_TRACE(name);
    const AppOptions options = good({name});
    for (const auto& [other, other_field] : switches) {
      EXPECT_EQ(options.*other_field, other_field == field) << other;
    }
  }
}

TEST(AppOptions, AllFlagsTogetherEachKeepTheirValue) {
  const TempDir dir;
  const AppOptions options = good({"--seed",      "2024",
                                   "--scheme",    "bw",
                                   "--size",      "320x180",
                                   "--paused",    "--drops",
                                   "20000",       "--drops-per-frame",
                                   "50",          "--frames",
                                   "3",           "--screenshot",
                                   dir / "s.png", "--cells",
                                   dir / "c.png", "--save-folder",
                                   dir / "saves", "--original",
                                   "--no-rivers", "--debug",
                                   "--stats"});
  EXPECT_EQ(options.seed, std::optional<uint32_t>(2024));
  EXPECT_EQ(options.scheme, "bw");
  EXPECT_EQ(options.width, 320);
  EXPECT_EQ(options.height, 180);
  EXPECT_TRUE(options.paused);
  EXPECT_EQ(options.drops, 20000u);
  EXPECT_EQ(options.drops_per_frame, std::optional<int>(50));
  EXPECT_EQ(options.frames, std::optional<uint64_t>(3));
  EXPECT_EQ(options.screenshot, dir / "s.png");
  EXPECT_EQ(options.cells, dir / "c.png");
  EXPECT_EQ(options.save_folder, dir / "saves");
  EXPECT_TRUE(options.show_original);
  EXPECT_TRUE(options.hide_rivers);
  EXPECT_TRUE(options.debug);
  EXPECT_TRUE(options.stats);
  EXPECT_FALSE(options.help);
}

// The "Drainage" API documentation's views and rivers, the ground's generator, probes.
TEST(AppOptions, DrainageFlagsTakeTheirWords) {
  EXPECT_EQ(good({"--view", "map"}).view, MapView::map);
  EXPECT_EQ(good({"--view", "flow"}).view, MapView::flow);
  EXPECT_EQ(good({"--rivers-by", "flow"}).rivers_by, RiversBy::flow);
  EXPECT_EQ(good({"--routing", "sketch"}).routing, Routing::sketch);
  EXPECT_EQ(good({"--min-flow", "1"}).min_flow, 1);
  EXPECT_EQ(good({"--min-flow", "57600"}).min_flow, 57600);
  EXPECT_EQ(good({"--generator", "island"}).generator, Generator::island);
  EXPECT_EQ(good({"--generator", "diamond-square", "--roughness", "0.3"}).roughness, 0.3);
  EXPECT_EQ(good({"--generator", "diamond-square", "--roughness", "0.9"}).roughness, 0.9);
  EXPECT_EQ(good({"--terrain-scale", "0.004"}).terrain_scale, 0.004);
  const AppOptions probes = good({"--probe", "0,0", "--probe", "319,179", "--probe", "5,6"});
  ASSERT_EQ(probes.probes.size(), 3u);  // repeatable: every one kept, in order
  EXPECT_EQ(probes.probes[1].x, 319);
  EXPECT_EQ(probes.probes[1].y, 179);
  EXPECT_EQ(probes.probes[2].x, 5);
  const AppOptions none = good({});
  EXPECT_FALSE(none.view || none.rivers_by || none.min_flow || none.routing || none.generator ||
               none.roughness || none.terrain_scale || none.lakes || !none.probes.empty());
}

TEST(AppOptions, BadDrainageFlagsAreRefusedNamingTheFlagAndWhatIsAllowed) {
  expect_messages({
      {{"--view", "relief"}, "--view 'relief' is not a view (allowed: map, basins, flow or 3d)"},
      {{"--camera", "10,95"}, "--camera '10,95' is out of range (allowed: any YAW, PITCH 5..90)"},
      {{"--relief", "9"}, "--relief '9' is out of range (allowed: 0.1..5)"},
      {{"--rivers-by", "size"},
       "--rivers-by 'size' is not a way to stroke rivers (allowed: flow or order)"},
      {{"--routing", "d8"}, "--routing 'd8' is not a routing (allowed: sketch or flood)"},
      {{"--min-flow", "0"},
       "--min-flow '0' is out of range (allowed: whole number 1..the grid's cells (57600 on 320 x "
       "180))"},
      {{"--min-flow", "57601"},
       "--min-flow '57601' is more than the grid's 57600 cells (allowed: whole number 1..57600)"},
      {{"--min-flow", "2.5"},
       "--min-flow '2.5' is not a whole number (allowed: whole number 1..the grid's cells (57600 "
       "on 320 x 180))"},
      {{"--generator", "perlin"},
       "--generator 'perlin' is not a generator (allowed: island or diamond-square)"},
      {{"--generator", "diamond-square", "--roughness", "0.95"},
       "--roughness '0.95' is out of range (allowed: 0.3..0.9)"},
      {{"--generator", "diamond-square", "--roughness", "nan"},
       "--roughness 'nan' is not a finite number (allowed: 0.3..0.9)"},
      {{"--roughness", "0.5"},
       "--roughness only applies to --generator diamond-square (the generator is island)"},
      {{"--generator", "diamond-square", "--terrain-scale", "0.01"},
       "--terrain-scale only applies to --generator island (the generator is diamond-square)"},
      {{"--terrain-scale", "0.5"}, "--terrain-scale '0.5' is out of range (allowed: 0.004..0.03)"},
      {{"--probe", "320,0"},
       "--probe '320,0' is out of range (allowed: X,Y with X a column 0..319 and Y a row 0..179)"},
      {{"--probe", "1,180"},
       "--probe '1,180' is out of range (allowed: X,Y with X a column 0..319 and Y a row 0..179)"},
      {{"--probe", "1"},
       "--probe '1' is not X,Y (allowed: X,Y with X a column 0..319 and Y a row 0..179)"},
      {{"--probe", "-1,2"},
       "--probe '-1,2' is out of range (allowed: X,Y with X a column 0..319 and Y a row 0..179)"},
  });
}

TEST(AppOptions, ViewAndSideViewFlagsTakeTheirWords) {
  EXPECT_EQ(good({"--zoom", "1"}).zoom, 1.0);
  EXPECT_EQ(good({"--zoom", "16"}).zoom, 16.0);
  EXPECT_EQ(good({"--zoom", "2.5"}).zoom, 2.5);
  const AppOptions centred = good({"--center", "100.5,50"});
  ASSERT_TRUE(centred.center.has_value());
  EXPECT_EQ(centred.center->first, 100.5);
  EXPECT_EQ(centred.center->second, 50.0);
  EXPECT_EQ(good({"--center", "319,179"}).center->first, 319.0);
  EXPECT_EQ(good({"--side-view", "cross-section"}).side_view, SideView::cross_section);
  EXPECT_EQ(good({"--side-view", "walk"}).side_view, SideView::walk);
  EXPECT_EQ(good({"--side-view", "sections"}).side_view, SideView::sections);
  EXPECT_EQ(good({"--row", "0"}).row, 0);
  EXPECT_EQ(good({"--row", "179"}).row, 179);
  EXPECT_TRUE(good({"--finish"}).finish);
  // A heightmap to open: the one word that is not a flag, anywhere among them.
  EXPECT_EQ(good({"dem.png"}).file, "dem.png");
  EXPECT_EQ(good({"--seed", "3", "../maps/dem 2.tif", "--paused"}).file, "../maps/dem 2.tif");
  EXPECT_EQ(good({"--fit", "crop", "a.npy"}).fit, GroundFit::crop);
  EXPECT_FALSE(good({"a.npy"}).fit.has_value());
  EXPECT_TRUE(good({}).file.empty());
  EXPECT_EQ(bad({"a.png", "b.png"}), "'b.png': only one FILE can be given (the first was 'a.png')");
  EXPECT_EQ(bad({"--fit", "zoom"}), "--fit 'zoom' is not a fit (allowed: crop or stretch)");
}

TEST(AppOptions, PicturesAtAnySizeAndTimeLapsesAreCheckedBeforeAnything) {
  const TempDir dir;
  const std::string shot = dir / "s.png";
  const std::string clip = dir / "c.mp4";
  EXPECT_EQ(good({"--frames", "1", "--screenshot", shot, "--render-size", "7680x4320"}).render_size,
            (std::pair{7680, 4320}));
  const AppOptions recorded = good({"--frames", "9", "--timelapse", clip});
  EXPECT_EQ(recorded.timelapse, clip);
  EXPECT_FALSE(recorded.every.has_value());
  EXPECT_FALSE(recorded.timelapse_fps.has_value());
  EXPECT_EQ(good({"--frames", "9", "--timelapse", clip, "--timelapse-fps", "60"}).timelapse_fps,
            60);
  expect_messages({
      {{"--frames", "9", "--timelapse", clip, "--timelapse-fps", "61"},
       "--timelapse-fps '61' is out of range (allowed: whole number 1..60)"},
      {{"--frames", "9", "--timelapse-fps", "30"},
       "--timelapse-fps only applies with --timelapse PATH"},
      {{"--frames", "1", "--screenshot", shot, "--render-size", "7681x100"},
       "--render-size '7681x100' is out of range (allowed: WxH, W 16..7680 and H 16..4320)"},
      {{"--frames", "1", "--screenshot", shot, "--render-size", "15x100"},
       "--render-size '15x100' is out of range (allowed: WxH, W 16..7680 and H 16..4320)"},
      {{"--render-size", "640x360"},
       "--render-size only applies with --screenshot PATH (the panel renders at any size too)"},
      {{"--timelapse", clip}, "--timelapse needs --frames N (it records until the last frame)"},
      {{"--frames", "9", "--timelapse", dir / "c.avi"},
       "--timelapse '" + (dir / "c.avi") +
           "' is neither .gif nor .mp4 (allowed: a file that does not exist yet, in an existing "
           "folder, ending in .gif or .mp4)"},
      {{"--frames", "9", "--timelapse", clip, "--every", "0"},
       "--every '0' is out of range (allowed: whole number 1..1000)"},
      {{"--frames", "9", "--every", "5"}, "--every only applies with --timelapse PATH"},
      {{"--frames", "9", "--timelapse-size", "64x64"},
       "--timelapse-size only applies with --timelapse PATH"},
      {{"--frames", "9", "--timelapse", clip, "--timelapse-size", "641x360"},
       "--timelapse-size 641x360 is odd, and an MP4 needs even sizes"},
      {{"--frames", "9", "--timelapse", clip, "--timelapse-size", "7682x360"},
       "--timelapse-size '7682x360' is out of range (allowed: WxH, W 2..7680 and H 2..4320)"},
  });
  EXPECT_TRUE(good({"--no-side-view"}).no_side_view);
  const AppOptions none = good({});
  EXPECT_FALSE(none.zoom || none.center || none.side_view || none.row || none.finish ||
               none.no_side_view);
}

TEST(AppOptions, BadViewAndSideViewFlagsAreRefusedNamingTheFlagAndWhatIsAllowed) {
  expect_messages({
      {{"--zoom", "0.5"}, "--zoom '0.5' is out of range (allowed: 1..16)"},
      {{"--zoom", "17"}, "--zoom '17' is out of range (allowed: 1..16)"},
      {{"--zoom", "inf"}, "--zoom 'inf' is not a finite number (allowed: 1..16)"},
      {{"--zoom", "x2"}, "--zoom 'x2' is not a number (allowed: 1..16)"},
      {{"--center", "320,0"},
       "--center '320,0' is out of range (allowed: X,Y with X 0..319 and Y 0..179)"},
      {{"--center", "5,-1"},
       "--center '5,-1' is out of range (allowed: X,Y with X 0..319 and Y 0..179)"},
      {{"--center", "5"}, "--center '5' is not X,Y (allowed: X,Y with X 0..319 and Y 0..179)"},
      {{"--side-view", "top"},
       "--side-view 'top' is not a side view (allowed: cross-section, walk or sections)"},
      {{"--row", "180"}, "--row '180' is out of range (allowed: whole number 0..179)"},
      {{"--row", "-1"}, "--row '-1' is out of range (allowed: whole number 0..179)"},
      {{"--no-side-view", "--row", "5"},
       "--no-side-view hides the strip; --side-view and --row show it"},
      {{"--finish=1"}, "--finish takes no value"},
  });
}

// --- The rules both programs read flags by (flags/flags.h) ----------------------------------

TEST(AppOptions, AFlagGivenTwiceIsRefusedButProbesRepeat) {
  expect_messages({
      {{"--seed", "1", "--seed", "2"}, "--seed is given twice (give it once)"},
      {{"--seed", "1", "--seed", "x"}, "--seed is given twice (give it once)"},
      {{"--seed=1", "--seed", "1"}, "--seed is given twice (give it once)"},
      {{"--paused", "--paused"}, "--paused is given twice (give it once)"},
      {{"--seed", "1", "--seed"}, "--seed is given twice (give it once)"},
      // The words are read before any value is checked.
      {{"--seed", "x", "--seed", "1"}, "--seed is given twice (give it once)"},
  });
  EXPECT_EQ(good({"--probe", "1,2", "--probe", "1,2"}).probes.size(), 2u);
}

TEST(AppOptions, AValueFollowsItsFlagOrAnEqualsSign) {
  EXPECT_EQ(good({"--seed=5"}).seed, std::optional<uint32_t>(5));
  EXPECT_EQ(good({"--scheme=bw"}).scheme, "bw");
  const AppOptions size = good({"--size=640x360"});
  EXPECT_EQ(std::pair(size.width, size.height), std::pair(640, 360));
  EXPECT_EQ(good({"--frames=2"}).frames, std::optional<uint64_t>(2));
  expect_messages({
      {{"--seed=5=6"}, "--seed '5=6' is not a whole number (allowed: whole number 0..4294967295)"},
      // "--seed=" is the empty value; the next word is a word of its own.
      {{"--seed=", "5"}, "--seed '' is not a whole number (allowed: whole number 0..4294967295)"},
      {{"--seed="}, "--seed '' is not a whole number (allowed: whole number 0..4294967295)"},
      // Switches take no value.
      {{"--paused=1"}, "--paused takes no value"},
      {{"--paused="}, "--paused takes no value"},
      {{"--debug=true"}, "--debug takes no value"},
      {{"--stats=nope"}, "--stats takes no value"},
      {{"--finish=1"}, "--finish takes no value"},
  });
}

TEST(AppOptions, AValueInAWordOfItsOwnNeverStartsWithTwoDashes) {
  expect_messages({
      {{"--seed", "--paused"}, "--seed needs a value (allowed: whole number 0..4294967295)"},
      {{"--size", "--frames", "2"},
       "--size needs a value (allowed: WxH, W 64..16384 and H 64..16384)"},
      {{"--drops", "--seed", "5"}, "--drops needs a value (allowed: whole number 0..1000000000)"},
      {{"--save-folder", "--debug"}, "--save-folder needs a value (allowed: a folder path)"},
      // One dash is a value: a negative number, out of range.
      {{"--seed", "-5"}, "--seed '-5' is out of range (allowed: whole number 0..4294967295)"},
  });
  // Given after '=', any text is the value.
  EXPECT_EQ(good({"--save-folder=--debug"}).save_folder, "--debug");
}

TEST(AppOptions, AValueFlagAsTheLastWordNeedsAValue) {
  for (const std::string flag : {"--seed", "--scheme", "--size", "--drops", "--drops-per-frame",
                                 "--frames", "--screenshot", "--cells", "--save-folder"}) {
    SCOPED_TRACE(flag);
    const std::string message = bad({flag});
    EXPECT_EQ(message.rfind(flag + " needs a value (allowed: ", 0), 0u) << message;
    EXPECT_EQ(bad({"--paused", "--seed", "5", flag}),
              flag == "--seed" ? "--seed is given twice (give it once)" : message);
  }
}

TEST(AppOptions, HelpAnywhereWinsOverEverythingElse) {
  for (const std::vector<std::string>& words :
       std::vector<std::vector<std::string>>{{"--help"},
                                             {"-h"},
                                             {"--seed", "5", "--help", "--paused"},
                                             {"--seed", "5", "--paused", "-h"},
                                             {"--help", "--bogus"},
                                             {"-h", "--seed", "abc"},
                                             {"--seed", "--help"},
                                             {"--frames", "--help"}}) {
    SCOPED_TRACE(joined(words));
    EXPECT_TRUE(good(words).help);
  }
  // Not as a bundle of short flags, nor with a value.
  EXPECT_EQ(bad({"-hx"}), "unknown flag '-hx' (terrain-sandbox --help lists them)");
  EXPECT_EQ(bad({"--help=1"}), "--help takes no value");
}

TEST(AppOptions, UnknownFlagsAreRefusedNamingTheWord) {
  const std::string not_a_file =
      "' is neither a flag nor a file to open (allowed: a map file ending in .tsmap, a heightmap "
      "ending in .png, .exr, .tif or .npy; --help lists the flags)";
  expect_messages({
      {{"--bogus"}, "unknown flag '--bogus' (terrain-sandbox --help lists them)"},
      {{"--version"}, "unknown flag '--version' (terrain-sandbox --help lists them)"},
      {{"--Seed", "5"}, "unknown flag '--Seed' (terrain-sandbox --help lists them)"},
      {{"--bogus=5"}, "unknown flag '--bogus' (terrain-sandbox --help lists them)"},
      {{"-x"}, "unknown flag '-x' (terrain-sandbox --help lists them)"},
      {{"-s", "5"}, "unknown flag '-s' (terrain-sandbox --help lists them)"},
      {{"---seed", "5"}, "unknown flag '---seed' (terrain-sandbox --help lists them)"},
      {{"-"}, "unknown flag '-' (terrain-sandbox --help lists them)"},
      // "--" does not end the flags: it is a word like any other.
      {{"--"}, "unknown flag '--' (terrain-sandbox --help lists them)"},
      {{"--seed", "5", "--"}, "unknown flag '--' (terrain-sandbox --help lists them)"},
      // A word that is no flag's value is the FILE to open, which must be a heightmap.
      {{"seed"}, "'seed" + not_a_file},
      {{"--seed", "5", "6"}, "'6" + not_a_file},
      {{"--paused", "yes"}, "'yes" + not_a_file},
      {{""}, "unexpected argument '' (every value follows its flag, e.g. --seed N)"},
  });
}

TEST(AppOptions, TheFirstBadWordIsTheOneReported) {
  expect_messages({
      {{"--one", "--two"}, "unknown flag '--one' (terrain-sandbox --help lists them)"},
      {{"--paused", "--bogus", "--debug"},
       "unknown flag '--bogus' (terrain-sandbox --help lists them)"},
      {{"--bogus", "--seed", "abc"}, "unknown flag '--bogus' (terrain-sandbox --help lists them)"},
      // The words are read before any value is checked.
      {{"--seed", "abc", "--bogus"}, "unknown flag '--bogus' (terrain-sandbox --help lists them)"},
      {{"--paused=1", "--bogus"}, "--paused takes no value"},
      {{"--size", "1x1", "--frames", "0"},
       "--size '1x1' is out of range (allowed: WxH, W 64..16384 and H 64..16384)"},
      {{"--frames", "0", "--size", "1x1"},
       "--frames '0' is out of range (allowed: whole number 1..100000000)"},
  });
}

// The same words mean the same to terrain-cli: its rows are the same rows of one table.
TEST(AppOptions, FlagsBothProgramsReadAreOneRowOfTheOneTable) {
  const std::vector<flags::Flag> app = flags::flag_table(flags::Program::sandbox);
  const std::vector<flags::Flag> cli = flags::flag_table(flags::Program::cli);
  std::set<std::string> shared;
  for (const flags::Flag& a : app) {
    for (const flags::Flag& c : cli) {
      if (a.name != c.name) continue;
      shared.insert(a.name);
      EXPECT_EQ(a.value, c.value) << a.name;
      EXPECT_EQ(a.allowed, c.allowed) << a.name;
      EXPECT_EQ(a.repeatable, c.repeatable) << a.name;
    }
  }
  EXPECT_EQ(shared,
            (std::set<std::string>{"--seed", "--drops", "--generator", "--roughness",
                                   "--terrain-scale", "--routing", "--min-flow", "--rivers-by",
                                   "--fit", "--scheme", "--save-map", "--help", "--threads"}));
}

TEST(AppOptions, SeedOutsideZeroToUint32MaxOrNotANumberIsRefused) {
  for (const std::string value : {"4294967296", "99999999999999999999", "-1"}) {
    SCOPED_TRACE(value);
    EXPECT_EQ(bad({"--seed", value}),
              "--seed '" + value + "' is out of range (allowed: whole number 0..4294967295)");
  }
  for (const std::string value : {"+5", "abc", "5x", "1.5", "1e3", "0x10", "", " ", " 9 ", "4 2"}) {
    SCOPED_TRACE(value);
    EXPECT_EQ(bad({"--seed", value}),
              "--seed '" + value + "' is not a whole number (allowed: whole number 0..4294967295)");
  }
}

TEST(AppOptions, SchemeNotInTheTableIsRefusedListingTheTablesKeys) {
  std::string keys;
  for (const std::string& key : scheme_keys()) keys += (keys.empty() ? "" : ", ") + key;
  EXPECT_EQ(keys, "site_dark, site_light, topographic, blueprint, bw");
  for (const std::string value : {"neon", "Site_Dark", "site dark", "Topographic", "", "bw "}) {
    SCOPED_TRACE(value);
    EXPECT_EQ(bad({"--scheme", value}),
              "--scheme '" + value +
                  "' is not a colour scheme (allowed: site_dark, site_light, topographic, "
                  "blueprint or bw)");
  }
}

TEST(AppOptions, SizeNotWidthByHeightWithEachSide64To16384IsRefused) {
  const std::string allowed = " (allowed: WxH, W 64..16384 and H 64..16384)";
  for (const std::string value :
       {"1280", "", "1280*720", "axb", "1280 720", "x720", "1280x", "x", "+1280x720", "1280x+720",
        "-1280x720", "1280x-720", "1280x720x1", " 1280x720", "1280x720 ", "1280.0x720",
        "1280 x 720", "1280X720"}) {
    SCOPED_TRACE(value);
    EXPECT_EQ(bad({"--size", value}), "--size '" + value + "' is not WxH" + allowed);
  }
  for (const std::string value :
       {"10x10", "63x720", "1280x63", "16385x720", "1280x16385", "0x0", "99999999999x720"}) {
    SCOPED_TRACE(value);
    EXPECT_EQ(bad({"--size", value}), "--size '" + value + "' is out of range" + allowed);
  }
}

TEST(AppOptions, CountsOutsideTheirRangesOrNotWholeAreRefused) {
  const struct {
    std::string flag;
    std::string allowed;
    std::vector<std::string> out_of_range;
    std::vector<std::string> not_whole;
  } counts[] = {
      {"--drops",
       "whole number 0..1000000000",
       {"1000000001", "-1", "18446744073709551616"},
       {"+5", "1e5", "abc", "", "2.5", " 5", "5 "}},
      {"--drops-per-frame",
       "whole number 0..10000",
       {"10001", "20000", "-1", "99999999999"},
       {"+1", "2.5", "abc", ""}},
      {"--frames",
       "whole number 1..100000000",
       {"0", "100000001", "-1"},
       {"+2", "ten", "", "1.0", "2e3"}},
  };
  for (const auto& c : counts) {
    for (const std::string& value : c.out_of_range) {
      SCOPED_TRACE(c.flag + " " + value);
      EXPECT_EQ(bad({c.flag, value}),
                c.flag + " '" + value + "' is out of range (allowed: " + c.allowed + ")");
    }
    for (const std::string& value : c.not_whole) {
      SCOPED_TRACE(c.flag + " " + value);
      EXPECT_EQ(bad({c.flag, value}),
                c.flag + " '" + value + "' is not a whole number (allowed: " + c.allowed + ")");
    }
  }
}

TEST(AppOptions, ScreenshotAndCellsNeverOverwriteAndNeedAnExistingFolder) {
  const TempDir dir;
  const std::string taken = dir.make_file("taken.png");
  const std::string not_a_folder = dir.make_file("file.txt");
  const std::string allowed = " (allowed: a file that does not exist yet, in an existing folder)";
  for (const std::string flag : {"--screenshot", "--cells"}) {
    SCOPED_TRACE(flag);
    expect_messages({
        {{"--frames", "1", flag, ""}, flag + " '' is empty" + allowed},
        {{"--frames", "1", flag, taken}, flag + " '" + taken + "' already exists" + allowed},
        // A folder is a path that exists too.
        {{"--frames", "1", flag, dir.path().string()},
         flag + " '" + dir.path().string() + "' already exists" + allowed},
        {{"--frames", "1", flag, dir / "nope/shot.png"},
         flag + " '" + dir / "nope/shot.png" + "' is in a folder that does not exist" + allowed},
        {{"--frames", "1", flag, not_a_folder + "/shot.png"},
         flag + " '" + not_a_folder + "/shot.png' is in a folder that does not exist" + allowed},
    });
  }
  // The file that was there is untouched.
  std::ifstream in(taken);
  std::string text;
  in >> text;
  EXPECT_EQ(text, "taken");
}

TEST(AppOptions, ScreenshotAndCellsNeedFrames) {
  const TempDir dir;
  expect_messages({
      {{"--screenshot", dir / "s.png"},
       "--screenshot needs --frames N (the screenshot is taken after the last frame)"},
      {{"--cells", dir / "c.png"},
       "--cells needs --frames N (the cells are read after the last frame)"},
      // Both: the screenshot is named first.
      {{"--cells", dir / "c.png", "--screenshot", dir / "s.png"},
       "--screenshot needs --frames N (the screenshot is taken after the last frame)"},
      // A bad path is reported before the missing --frames.
      {{"--screenshot", dir / "nope/s.png"},
       "--screenshot '" + dir / "nope/s.png" +
           "' is in a folder that does not exist (allowed: a file that does not exist yet, in "
           "an existing folder)"},
  });
}

TEST(AppOptions, SaveFolderMustNotBeEmpty) {
  EXPECT_EQ(bad({"--save-folder", ""}), "--save-folder '' is empty (allowed: a folder path)");
}

// --- --help's text --------------------------------------------------------------------------

// A value each flag can be given, and how to tell it was read.
struct FlagUse {
  std::vector<std::string> words;
  std::function<bool(const AppOptions&)> was_read;
};

std::map<std::string, FlagUse> every_flag(const TempDir& dir) {
  std::ofstream(dir / "run.jsonl") << "{\"rain\": 100}\n{\"undo\": 1}\n";
  return {
      {"--seed", {{"--seed", "17"}, [](const AppOptions& o) { return o.seed == 17u; }}},
      {"--scheme", {{"--scheme", "bw"}, [](const AppOptions& o) { return o.scheme == "bw"; }}},
      {"--size",
       {{"--size", "300x200"},
        [](const AppOptions& o) { return o.width == 300 && o.height == 200; }}},
      {"--paused", {{"--paused"}, [](const AppOptions& o) { return o.paused; }}},
      {"--drops", {{"--drops", "123"}, [](const AppOptions& o) { return o.drops == 123u; }}},
      {"--drops-per-frame",
       {{"--drops-per-frame", "33"}, [](const AppOptions& o) { return o.drops_per_frame == 33; }}},
      {"--threads", {{"--threads", "3"}, [](const AppOptions& o) { return o.threads == 3; }}},
      {"--frames", {{"--frames", "8"}, [](const AppOptions& o) { return o.frames == 8u; }}},
      {"--screenshot",
       {{"--frames", "1", "--screenshot", dir / "s.png"},
        [s = dir / "s.png"](const AppOptions& o) { return o.screenshot == s; }}},
      {"--cells",
       {{"--frames", "1", "--cells", dir / "c.png"},
        [c = dir / "c.png"](const AppOptions& o) { return o.cells == c; }}},
      {"--save-map",
       {{"--frames", "1", "--save-map", dir / "m.tsmap"},
        [m = dir / "m.tsmap"](const AppOptions& o) { return o.save_map == m; }}},
      {"--render-size",
       {{"--frames", "1", "--screenshot", dir / "r.png", "--render-size", "800x600"},
        [](const AppOptions& o) {
          return o.render_size == std::pair{800, 600};
        }}},
      {"--timelapse",
       {{"--frames", "5", "--timelapse", dir / "t.gif"},
        [t = dir / "t.gif"](const AppOptions& o) { return o.timelapse == t; }}},
      {"--every",
       {{"--frames", "5", "--timelapse", dir / "t.mp4", "--every", "3"},
        [](const AppOptions& o) { return o.every == 3; }}},
      {"--timelapse-size",
       {{"--frames", "5", "--timelapse", dir / "t.gif", "--timelapse-size", "320x181"},
        [](const AppOptions& o) {
          return o.timelapse_size == std::pair{320, 181};
        }}},
      {"--timelapse-fps",
       {{"--frames", "5", "--timelapse", dir / "t.gif", "--timelapse-fps", "12"},
        [](const AppOptions& o) { return o.timelapse_fps == 12; }}},
      {"--save-folder",
       {{"--save-folder", "saves"}, [](const AppOptions& o) { return o.save_folder == "saves"; }}},
      {"--original", {{"--original"}, [](const AppOptions& o) { return o.show_original; }}},
      {"--no-rivers", {{"--no-rivers"}, [](const AppOptions& o) { return o.hide_rivers; }}},
      {"--debug", {{"--debug"}, [](const AppOptions& o) { return o.debug; }}},
      {"--stats", {{"--stats"}, [](const AppOptions& o) { return o.stats; }}},
      {"--help", {{"--help"}, [](const AppOptions& o) { return o.help; }}},
      {"--view",
       {{"--view", "basins"}, [](const AppOptions& o) { return o.view == MapView::basins; }}},
      {"--lakes", {{"--lakes"}, [](const AppOptions& o) { return o.lakes; }}},
      {"--camera",
       {{"--camera", "-30,60"},
        [](const AppOptions& o) {
          return o.camera == std::optional<std::pair<double, double>>({-30, 60});
        }}},
      {"--relief", {{"--relief", "2.5"}, [](const AppOptions& o) { return o.relief == 2.5; }}},
      {"--rivers-by",
       {{"--rivers-by", "order"},
        [](const AppOptions& o) { return o.rivers_by == RiversBy::order; }}},
      {"--min-flow", {{"--min-flow", "77"}, [](const AppOptions& o) { return o.min_flow == 77; }}},
      {"--routing",
       {{"--routing", "flood"}, [](const AppOptions& o) { return o.routing == Routing::flood; }}},
      {"--generator",
       {{"--generator", "diamond-square"},
        [](const AppOptions& o) { return o.generator == Generator::diamond_square; }}},
      {"--roughness",
       {{"--generator", "diamond-square", "--roughness", "0.4"},
        [](const AppOptions& o) { return o.roughness == 0.4; }}},
      {"--terrain-scale",
       {{"--terrain-scale", "0.02"}, [](const AppOptions& o) { return o.terrain_scale == 0.02; }}},
      {"--zoom", {{"--zoom", "3"}, [](const AppOptions& o) { return o.zoom == 3.0; }}},
      {"--center",
       {{"--center", "10,20"},
        [](const AppOptions& o) {
          return o.center && o.center->first == 10 && o.center->second == 20;
        }}},
      {"--side-view",
       {{"--side-view", "walk"},
        [](const AppOptions& o) { return o.side_view == SideView::walk; }}},
      {"--row", {{"--row", "12"}, [](const AppOptions& o) { return o.row == 12; }}},
      {"--no-side-view", {{"--no-side-view"}, [](const AppOptions& o) { return o.no_side_view; }}},
      {"--finish", {{"--finish"}, [](const AppOptions& o) { return o.finish; }}},
      {"--recover", {{"--recover"}, [](const AppOptions& o) { return o.recover; }}},
      {"--script",
       {{"--script", dir / "run.jsonl"},
        [](const AppOptions& o) { return o.script_lines.size() == 2; }}},
      {"--fit",
       {{"--fit", "stretch"}, [](const AppOptions& o) { return o.fit == GroundFit::stretch; }}},
      {"--probe",
       {{"--probe", "3,4"},
        [](const AppOptions& o) {
          return o.probes.size() == 1 && o.probes[0].x == 3 && o.probes[0].y == 4;
        }}},
  };
}

// The "--" words of `text` ("--" and lower-case letters and dashes, ending in a letter).
std::set<std::string> flags_in(const std::string& text) {
  const auto in_word = [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; };
  std::set<std::string> flags;
  for (auto at = text.find("--"); at != std::string::npos; at = text.find("--", at)) {
    auto end = at + 2;
    while (end < text.size() && in_word(text[end])) end++;
    std::string word = text.substr(at, end - at);
    while (word.size() > 2 && word.back() == '-') word.pop_back();
    if (word.size() > 3 && word[2] != '-') flags.insert(word);
    at = end;
  }
  return flags;
}

// The "--" words of --help's text.
std::set<std::string> usage_flags() {
  return flags_in(app_usage());
}

// A script is read whole as the flags are: a bad line is refused with its file, number and what
// is wrong, before anything runs; a file that cannot be read is named.
TEST(AppOptions, AScriptsBadLineIsRefusedWithItsNumber) {
  const TempDir dir;
  std::ofstream(dir / "bad.jsonl") << "{\"rain\": 100}\n# fine\n{\"erosion\": 7}\n";
  EXPECT_EQ(bad({"--script", dir / "bad.jsonl"}),
            "bad.jsonl line 3: erosion must be from 0 to 1, not 7");
  EXPECT_EQ(bad({"--script", dir / "none.jsonl"}),
            "--script '" + (dir / "none.jsonl") +
                "' cannot be read: No such file or directory (allowed: a text file that can be "
                "read)");
}

TEST(AppUsage, EveryFlagItNamesIsOneTheParserReads) {
  const TempDir dir;
  const auto flags = every_flag(dir);
  const auto named = usage_flags();
  EXPECT_GE(named.size(), 15u);
  for (const std::string& name : named) {
    SCOPED_TRACE(name);
    const auto use = flags.find(name);
    ASSERT_NE(use, flags.end()) << "--help names a flag the test does not know";
    const Parsed parsed = parse(use->second.words);
    ASSERT_TRUE(parsed.options.has_value()) << parsed.error;
    EXPECT_TRUE(use->second.was_read(*parsed.options));
    // Without its value (where it takes one) it is refused, so the parser knows the flag.
    if (use->second.words.back() != name) {
      EXPECT_EQ(bad({name}).rfind(name + " needs a value (allowed: ", 0), 0u) << bad({name});
    }
  }
}

TEST(AppUsage, NamesEveryFlagTheParserReads) {
  const TempDir dir;
  const auto named = usage_flags();
  for (const auto& [name, use] : every_flag(dir)) {
    SCOPED_TRACE(name);
    EXPECT_TRUE(named.count(name)) << "--help does not name it";
    // The flag is read (so it is one --help should name).
    const Parsed parsed = parse(use.words);
    ASSERT_TRUE(parsed.options.has_value()) << parsed.error;
    EXPECT_TRUE(use.was_read(*parsed.options));
    EXPECT_FALSE(use.was_read(good({})));
  }
}

// The synopsis (from "Usage:" to the first empty line) and the lines that describe one flag
// each ("  --flag ...") name the same flags.
TEST(AppUsage, TheSynopsisAndTheFlagListNameTheSameFlags) {
  const std::string usage = app_usage();
  const auto start = usage.find("Usage: terrain-sandbox ");
  ASSERT_NE(start, std::string::npos);
  const auto end = usage.find("\n\n", start);
  ASSERT_NE(end, std::string::npos);
  const std::string synopsis = usage.substr(start, end - start);
  std::string described;
  std::istringstream lines(usage);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("  --", 0) == 0) described += line.substr(0, line.find(' ', 4)) + "\n";
  }
  EXPECT_EQ(flags_in(synopsis), flags_in(described));
  EXPECT_EQ(flags_in(described), usage_flags());
  EXPECT_EQ(flags_in(described).size(), 42u);
}

TEST(AppUsage, ListsTheSchemeKeysFromTheTableAndTheDefault) {
  const std::vector<flags::Flag> table = flags::flag_table(flags::Program::sandbox);
  const flags::Flag& scheme = flags::flag_row(table, "--scheme");
  EXPECT_EQ(scheme.allowed, "site_dark, site_light, topographic, blueprint or bw");
  EXPECT_EQ(scheme.fallback, AppOptions{}.scheme);
  for (const std::string& key : scheme_keys()) {
    EXPECT_NE(scheme.allowed.find(key), std::string::npos) << key;
  }
}

// The help lists the table's rows, and their defaults are the ones the app starts with.
TEST(AppUsage, StatesTheTablesRangesAndTheAppsDefaults) {
  const std::vector<flags::Flag> table = flags::flag_table(flags::Program::sandbox);
  EXPECT_NE(app_usage().find(flags::flags_help(table)), std::string::npos);
  const AppOptions defaults;
  EXPECT_EQ(flags::flag_row(table, "--size").fallback,
            std::to_string(defaults.width) + "x" + std::to_string(defaults.height));
  EXPECT_EQ(flags::flag_row(table, "--drops-per-frame").fallback,
            std::to_string(session::Settings{}.drops_per_frame));
  EXPECT_EQ(flags::flag_row(table, "--drops").fallback, std::to_string(defaults.drops));
  EXPECT_EQ(flags::flag_row(table, "--min-flow").fallback,
            std::to_string(session::Settings{}.min_flow));
}

}  // namespace
}  // namespace terrain::app
