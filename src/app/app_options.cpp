// terrain-sandbox's flags (see app_options.h).
//
// CLI11 splits the words into flags and values; the checks and their messages are the app's
// own, one line each, naming the flag and what is allowed. Where CLI11's rules differ from the
// app's, the app's are kept:
//   - every word is checked in the order given, and the first bad one is reported (CLI11
//     would leave unknown words aside until the end);
//   - "--seed=5" is not a way to give a value (the value is the next word), so it is an
//     unknown flag, as is "--paused=1";
//   - a flag given twice is allowed (each value is checked; the last one counts);
//   - a value flag takes the next word, whatever it is ("--save-folder --debug" saves into a
//     folder named "--debug");
//   - "-h" is --help, but "-hx" is an unknown flag (CLI11 would read it as "-h -x", so -h is
//     not a CLI11 name: it is picked out of the words CLI11 does not know).
// So CLI11 reads each flag with nothing to check and calls back as it reads it; the callback
// checks the words that flag was read from and throws BadFlag with the message.
#include "app/app_options.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "core/number_text.h"
#include "io/heightmap.h"
#include "io/timelapse.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/map_camera.h"
#include "session/controls.h"
#include "session/settings.h"

namespace terrain::app {
namespace {

// The one line for bad input, thrown out of CLI11's callbacks.
class BadFlag : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(const std::string& message) {
  throw BadFlag(message);
}

[[noreturn]] void unknown_flag(std::string_view word) {
  fail("unknown flag '" + std::string(word) + "' (see --help)");
}

// A whole decimal number in [lo, hi], the entire text and nothing else.
template <typename T>
std::optional<T> whole(std::string_view text, T lo, T hi) {
  T value{};
  const char* end = text.data() + text.size();
  if (text.empty() || text[0] == '+' || text[0] == '-') return std::nullopt;
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || value < lo || value > hi) return std::nullopt;
  return value;
}

// The colour schemes' keys from their table, joined by `separator`, and `last` before the
// last one; `marked` gets " (default)" after it.
std::string scheme_keys(std::string_view separator, std::string_view last,
                        std::string_view marked = "") {
  const auto schemes = render::color_schemes();
  std::string text;
  for (std::size_t i = 0; i < schemes.size(); i++) {
    if (i > 0) text += i + 1 == schemes.size() ? last : separator;
    text += schemes[i].key;
    if (schemes[i].key == marked) text += " (default)";
  }
  return text;
}

// A finite real number in [lo, hi], the entire text and nothing else.
std::optional<double> real(std::string_view text, double lo, double hi) {
  double value = 0;
  const char* end = text.data() + text.size();
  if (text.empty() || text[0] == '+') return std::nullopt;
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value) || value < lo || value > hi) {
    return std::nullopt;
  }
  return value;
}

// --screenshot and --cells: a new file in a folder that exists.
void check_new_file(const std::string& flag, const std::string& value) {
  if (value.empty()) fail(flag + ": missing path");
  const std::filesystem::path path(value);
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    fail(flag + ": '" + value + "' already exists (it is never overwritten)");
  }
  const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
  if (!std::filesystem::is_directory(folder, ec)) {
    fail(flag + ": folder '" + folder.string() + "' does not exist");
  }
}

// Reads argv into `options`; throws BadFlag at the first bad word.
void read_flags(int argc, char** argv, AppOptions& options) {
  const std::vector<std::string> args(argv + std::min(argc, 1), argv + argc);
  CLI::App app("", "terrain-sandbox");
  app.set_help_flag();  // --help is one of the switches below, -h one of the unknown words
  app.allow_extras();   // unknown words are reported here, in order
  // CLI11 reads from the back of this and takes each word off as it goes, so the words read
  // so far are always the first args.size() - words.size() of args.
  std::vector<std::string> words(args.rbegin(), args.rend());

  // The words CLI11 left aside came before the flag it is now reading (or before the end).
  std::size_t words_seen = 0;  // of app.remaining(), which keeps every word it left aside
  const auto no_unknown_word_yet = [&] {
    const std::vector<std::string> aside = app.remaining();
    for (; words_seen < aside.size(); words_seen++) {
      const std::string& word = aside[words_seen];
      // A word that is not a flag is the FILE to open (one of them), a heightmap by its
      // extension.
      if (!word.empty() && word[0] != '-') {
        if (!io::heightmap_format_for(word)) {
          fail("'" + word + "' is neither a flag nor a heightmap to open (.png, .exr, .tif or " +
               ".npy; see --help)");
        }
        if (!options.file.empty()) {
          fail("'" + word + "': only one FILE can be opened (the first was '" + options.file +
               "')");
        }
        options.file = word;
        continue;
      }
      if (word != "-h") unknown_flag(word);
      options.help = true;
    }
  };
  const auto add_switch = [&](const std::string& name, bool& field) {
    const auto on_read = [&, name](const CLI::results_t&) {
      no_unknown_word_yet();
      const std::string& word = args[args.size() - words.size() - 1];
      if (word != name) unknown_flag(word);  // "--paused=1"
      field = true;
      return true;
    };
    app.add_option(name, on_read)->expected(0)->trigger_on_parse();
  };
  const auto add_value = [&](const std::string& name,
                             std::function<void(const std::string&)> check_and_set) {
    const auto on_read = [&, name, check_and_set](const CLI::results_t& results) {
      no_unknown_word_yet();
      const std::size_t read = args.size() - words.size();
      // Given as "--seed=5", or as "--seed=" with CLI11 taking the next word.
      if (args[read - 1] != results.front() || args[read - 2] != name) {
        unknown_flag(args[read - 1] == results.front() ? args[read - 2] : args[read - 1]);
      }
      check_and_set(results.front());
      return true;
    };
    app.add_option(name, on_read)->expected(1)->trigger_on_parse();
  };

  add_switch("--help", options.help);
  add_switch("--paused", options.paused);
  add_switch("--stats", options.stats);
  add_switch("--original", options.show_original);
  add_switch("--no-rivers", options.hide_rivers);
  add_switch("--debug", options.debug);
  add_switch("--lakes", options.lakes);
  add_value("--view", [&](const std::string& value) {
    options.view = parse_map_view(value);
    if (!options.view) fail("--view: '" + value + "' is not map, basins or flow");
  });
  add_value("--rivers-by", [&](const std::string& value) {
    options.rivers_by = parse_rivers_by(value);
    if (!options.rivers_by) fail("--rivers-by: '" + value + "' is not flow or order");
  });
  add_value("--min-flow", [&](const std::string& value) {
    options.min_flow = whole<int>(value, 1, session::kMinFlowMax);
    if (!options.min_flow) {
      fail("--min-flow: '" + value + "' is not a whole number 1.." +
           std::to_string(session::kMinFlowMax));
    }
  });
  add_value("--routing", [&](const std::string& value) {
    options.routing = parse_routing(value);
    if (!options.routing) fail("--routing: '" + value + "' is not sketch or flood");
  });
  add_value("--generator", [&](const std::string& value) {
    options.generator = parse_generator(value);
    if (!options.generator) fail("--generator: '" + value + "' is not island or diamond-square");
  });
  add_value("--roughness", [&](const std::string& value) {
    options.roughness = real(value, session::kRoughness.min, session::kRoughness.max);
    if (!options.roughness) {
      fail("--roughness: '" + value + "' is not a number " + number_text(session::kRoughness.min) +
           ".." + number_text(session::kRoughness.max));
    }
  });
  add_value("--terrain-scale", [&](const std::string& value) {
    options.terrain_scale = real(value, sketch::terrain_scale.min, sketch::terrain_scale.max);
    if (!options.terrain_scale) {
      fail("--terrain-scale: '" + value + "' is not a number " +
           number_text(sketch::terrain_scale.min) + ".." + number_text(sketch::terrain_scale.max));
    }
  });
  add_value("--probe", [&](const std::string& value) {
    const std::string_view text = value;
    const auto comma = text.find(',');
    const auto x = comma == std::string_view::npos
                       ? std::nullopt
                       : whole<int>(text.substr(0, comma), 0, sketch::COLS - 1);
    const auto y = comma == std::string_view::npos
                       ? std::nullopt
                       : whole<int>(text.substr(comma + 1), 0, sketch::ROWS - 1);
    if (!x || !y) {
      fail("--probe: '" + value + "' is not X,Y with X a column 0.." +
           std::to_string(sketch::COLS - 1) + " and Y a row 0.." +
           std::to_string(sketch::ROWS - 1));
    }
    options.probes.push_back({*x, *y});
  });
  add_switch("--finish", options.finish);
  add_value("--script", [&](const std::string& value) {
    options.script = value;
    std::ifstream in(value, std::ios::binary);
    std::stringstream text;
    if (in) text << in.rdbuf();
    if (!in || in.bad()) fail("--script: cannot read " + value);
    try {
      options.script_lines =
          session::parse_script(text.str(), std::filesystem::path(value).filename().string());
    } catch (const std::invalid_argument& e) {
      fail(e.what());
    }
  });
  add_switch("--no-side-view", options.no_side_view);
  add_value("--zoom", [&](const std::string& value) {
    options.zoom = real(value, render::MapCamera::kMinZoom, render::MapCamera::kMaxZoom);
    if (!options.zoom) fail("--zoom: '" + value + "' is not a number 1..16 (1 = fit)");
  });
  add_value("--center", [&](const std::string& value) {
    const std::string_view text = value;
    const auto comma = text.find(',');
    const auto x = comma == std::string_view::npos
                       ? std::nullopt
                       : real(text.substr(0, comma), 0, sketch::COLS - 1);
    const auto y = comma == std::string_view::npos
                       ? std::nullopt
                       : real(text.substr(comma + 1), 0, sketch::ROWS - 1);
    if (!x || !y) {
      fail("--center: '" + value + "' is not X,Y in cells with X 0.." +
           std::to_string(sketch::COLS - 1) + " and Y 0.." + std::to_string(sketch::ROWS - 1));
    }
    options.center = std::pair{*x, *y};
  });
  add_value("--side-view", [&](const std::string& value) {
    options.side_view = parse_side_view(value);
    if (!options.side_view) {
      fail("--side-view: '" + value + "' is not cross-section, walk or sections");
    }
  });
  add_value("--row", [&](const std::string& value) {
    options.row = whole<int>(value, 0, sketch::ROWS - 1);
    if (!options.row) {
      fail("--row: '" + value + "' is not a whole number 0.." + std::to_string(sketch::ROWS - 1));
    }
  });
  add_value("--fit", [&](const std::string& value) {
    options.fit = parse_ground_fit(value);
    if (!options.fit) fail("--fit: '" + value + "' is not crop or stretch");
  });
  add_value("--seed", [&](const std::string& value) {
    const auto seed = session::parse_seed(value, nullptr);
    if (!seed) fail("--seed: '" + value + "' is not a whole number 0..4294967295");
    options.seed = *seed;
  });
  add_value("--scheme", [&](const std::string& value) {
    if (render::find_color_scheme(value) == nullptr) {
      fail("--scheme: '" + value + "' is not one of " + scheme_keys(", ", ", "));
    }
    options.scheme = value;
  });
  add_value("--size", [&](const std::string& value) {
    const std::string_view text = value;
    const auto x = text.find('x');
    const auto w =
        x == std::string_view::npos ? std::nullopt : whole<int>(text.substr(0, x), 64, 16384);
    const auto h =
        x == std::string_view::npos ? std::nullopt : whole<int>(text.substr(x + 1), 64, 16384);
    if (!w || !h) fail("--size: '" + value + "' is not WxH with each 64..16384 (e.g. 1280x720)");
    options.width = *w;
    options.height = *h;
  });
  add_value("--drops", [&](const std::string& value) {
    const auto n = whole<uint64_t>(value, 0, 100000000);
    if (!n) fail("--drops: '" + value + "' is not a whole number 0..100000000");
    options.drops = *n;
  });
  add_value("--drops-per-frame", [&](const std::string& value) {
    const auto n = whole<int>(value, 0, session::kMaxDropsPerFrame);
    if (!n) {
      fail("--drops-per-frame: '" + value + "' is not a whole number 0.." +
           std::to_string(session::kMaxDropsPerFrame));
    }
    options.drops_per_frame = *n;
  });
  add_value("--frames", [&](const std::string& value) {
    const auto n = whole<uint64_t>(value, 1, 100000000);
    if (!n) fail("--frames: '" + value + "' is not a whole number 1..100000000");
    options.frames = *n;
  });
  add_value("--screenshot", [&](const std::string& value) {
    check_new_file("--screenshot", value);
    options.screenshot = value;
  });
  add_value("--render-size", [&](const std::string& value) {
    const std::string_view text = value;
    const auto x = text.find('x');
    const auto w = x == std::string_view::npos
                       ? std::nullopt
                       : whole<int>(text.substr(0, x), kMinRenderSide, kMaxRenderWidth);
    const auto h = x == std::string_view::npos
                       ? std::nullopt
                       : whole<int>(text.substr(x + 1), kMinRenderSide, kMaxRenderHeight);
    if (!w || !h) {
      fail("--render-size: '" + value + "' is not WxH with W " + std::to_string(kMinRenderSide) +
           ".." + std::to_string(kMaxRenderWidth) + " and H " + std::to_string(kMinRenderSide) +
           ".." + std::to_string(kMaxRenderHeight) + " (e.g. 7680x4320)");
    }
    options.render_size = std::pair{*w, *h};
  });
  add_value("--timelapse", [&](const std::string& value) {
    check_new_file("--timelapse", value);
    if (!io::timelapse_format_for(value)) {
      fail("--timelapse: '" + value +
           "' is neither .gif nor .mp4 (the extension picks the format)");
    }
    options.timelapse = value;
  });
  add_value("--every", [&](const std::string& value) {
    options.every = whole<int>(value, 1, kMaxEvery);
    if (!options.every) {
      fail("--every: '" + value + "' is not a whole number 1.." + std::to_string(kMaxEvery) +
           " (ticks of rain between frames)");
    }
  });
  add_value("--timelapse-fps", [&](const std::string& value) {
    options.timelapse_fps = whole<int>(value, io::kTimelapseMinFps, io::kTimelapseMaxFps);
    if (!options.timelapse_fps) {
      fail("--timelapse-fps: '" + value + "' is not a whole number " +
           std::to_string(io::kTimelapseMinFps) + ".." + std::to_string(io::kTimelapseMaxFps) +
           " (frames a second as it plays, default " + std::to_string(io::kTimelapseDefaultFps) +
           ")");
    }
  });
  add_value("--timelapse-size", [&](const std::string& value) {
    const std::string_view text = value;
    const auto x = text.find('x');
    const auto w =
        x == std::string_view::npos
            ? std::nullopt
            : whole<int>(text.substr(0, x), io::kTimelapseMinSize, io::kTimelapseMaxWidth);
    const auto h =
        x == std::string_view::npos
            ? std::nullopt
            : whole<int>(text.substr(x + 1), io::kTimelapseMinSize, io::kTimelapseMaxHeight);
    if (!w || !h) {
      fail("--timelapse-size: '" + value + "' is not WxH with W " +
           std::to_string(io::kTimelapseMinSize) + ".." + std::to_string(io::kTimelapseMaxWidth) +
           " and H " + std::to_string(io::kTimelapseMinSize) + ".." +
           std::to_string(io::kTimelapseMaxHeight) + " (default 640x360)");
    }
    options.timelapse_size = std::pair{*w, *h};
  });
  add_value("--cells", [&](const std::string& value) {
    check_new_file("--cells", value);
    options.cells = value;
  });
  add_value("--save-folder", [&](const std::string& value) {
    if (value.empty()) fail("--save-folder: missing folder");
    options.save_folder = value;
  });

  try {
    app.parse(words);
  } catch (const CLI::ArgumentMismatch&) {
    // A value flag was the last word, with nothing after it to be its value. (Anything else
    // CLI11 might throw would be a mistake here, and is left to show as an unexpected
    // failure.)
    if (!words.empty() || args.empty()) throw;
    no_unknown_word_yet();
    if (args.back().find('=') != std::string::npos) unknown_flag(args.back());  // "--seed="
    fail(args.back() + ": missing value");
  }
  no_unknown_word_yet();

  if (!options.screenshot.empty() && !options.frames) {
    fail("--screenshot: needs --frames N (the screenshot is taken after the last frame)");
  }
  if (!options.timelapse.empty() && !options.frames) {
    fail("--timelapse: needs --frames N (it records until the last frame)");
  }
  if ((options.every || options.timelapse_size || options.timelapse_fps) &&
      options.timelapse.empty()) {
    fail(std::string(options.every            ? "--every"
                     : options.timelapse_size ? "--timelapse-size"
                                              : "--timelapse-fps") +
         ": applies to --timelapse PATH only");
  }
  if (!options.timelapse.empty() &&
      io::timelapse_format_for(options.timelapse) == io::TimelapseFormat::mp4) {
    const auto [w, h] = options.timelapse_size.value_or(std::pair{640, 360});
    if (w % 2 != 0 || h % 2 != 0) {
      fail("--timelapse-size: " + std::to_string(w) + "x" + std::to_string(h) +
           ": an MP4 needs even sizes");
    }
  }
  if (options.render_size && options.screenshot.empty()) {
    fail("--render-size: applies to --screenshot PATH only (the panel renders at any size too)");
  }
  if (!options.cells.empty() && !options.frames) {
    fail("--cells: needs --frames N (the cells are read after the last frame)");
  }
  // As terrain-cli: a generator's own setting belongs to it alone.
  const Generator generator = options.generator.value_or(Generator::island);
  if (options.roughness && generator != Generator::diamond_square) {
    fail("--roughness: applies to --generator diamond-square only");
  }
  if (options.terrain_scale && generator != Generator::island) {
    fail("--terrain-scale: applies to --generator island only");
  }
  if (options.no_side_view && (options.side_view || options.row)) {
    fail("--no-side-view: hides the strip; --side-view and --row show it");
  }
}

}  // namespace

std::string app_usage() {
  return R"(terrain-sandbox: rain carves an island while you watch (the Hydraulic Erosion sketch).

Usage: terrain-sandbox [FILE] [--fit crop|stretch] [--seed N] [--scheme KEY] [--size WxH]
                       [--paused] [--drops N] [--drops-per-frame N] [--frames N]
                       [--screenshot PATH] [--render-size WxH] [--cells PATH]
                       [--timelapse PATH] [--every N] [--timelapse-size WxH]
                       [--timelapse-fps N]
                       [--save-folder DIR] [--original] [--no-rivers] [--debug]
                       [--view map|basins|flow] [--lakes] [--rivers-by flow|order]
                       [--min-flow N] [--routing sketch|flood]
                       [--generator island|diamond-square] [--roughness R]
                       [--terrain-scale T] [--zoom Z] [--center X,Y]
                       [--side-view cross-section|walk|sections] [--row N] [--no-side-view]
                       [--script FILE] [--finish] [--probe X,Y ...] [--stats] [--help]

  FILE                 a heightmap to rain on: .png (8 or 16-bit, gray or colour as
                       luminance), .exr, .tif or .npy; fitted to the 320x180 grid, its own
                       heights kept if this program wrote it, else scaled to 0..1 (also: the
                       panel's Open, or drop it on the window)
  --fit HOW            how a heightmap is fitted: crop (keep the aspect, take the centre) or
                       stretch (fill the grid); default crop
  --seed N             the map's seed, a whole number 0..4294967295 (default: random); with
                       a FILE it decides the rain
  --scheme KEY         )" +
         scheme_keys(", ", " or ", AppOptions{}.scheme) + R"(
  --size WxH           window size in pixels, each 64..16384 (default 1280x720)
  --paused             start paused (as the sketch does for readers who ask for less motion)
  --drops N            rain N drops before the first frame, 0..100000000 (default 0); the rain
                       stops by itself once it passes 300,000, as it does when watched
  --drops-per-frame N  how hard it rains at start, 0..10000 (default 200)
  --frames N           quit after N frames, 1..100000000; each frame is one tick of the sketch
  --screenshot PATH    after the last frame write the map (no panel) as PNG to exactly PATH,
                       which must not exist yet
  --render-size WxH    the --screenshot at that size instead of the window's, W 16..7680 and
                       H 16..4320, the view as the window shows it and its lines drawn as
                       the sketch draws them at that size
  --timelapse PATH     record the rain from the first frame to the last as an animated GIF
                       (.gif) or an H.264 MP4 (.mp4), written once the last frame is drawn;
                       PATH must not exist yet
  --every N            --timelapse: a frame every N ticks of rain, 1..1000 (default 10)
  --timelapse-size WxH --timelapse: its size, W 2..7680 and H 2..4320, even for an MP4
                       (default 640x360)
  --timelapse-fps N    --timelapse: the frames a second it plays at, 1..60 (default 25)
  --cells PATH         after the last frame write the relief's colour of each cell (320x180
                       PNG, the sketch's terrain image before it is scaled up); must not exist
  --save-folder DIR    where Save PNG, the exports and time-lapses go for this run (default:
                       the folder last chosen in the panel, else "Terrain Sandbox" in the
                       desktop's Pictures folder, made on the first save)
  --original           start showing the original terrain (before any rain)
  --no-rivers          start with the rivers hidden
  --debug              start in debug mode (the latest drops' routes and the count)
  --view NAME          map (the sketch's), basins (each basin in its own tone) or flow (the
                       flow on a log scale as a red field); default map
  --lakes              show the lakes: standing water where the hollows of the ground fill
  --rivers-by NAME     stroke rivers by flow (the sketch's six classes) or by order
                       (Strahler's, 0.7 + 0.9 x order wide); default flow
  --min-flow N         cells draining through a cell for it to be river, 1..57600 (default
                       250, the sketch's)
  --routing NAME       sketch (steepest descent over the filled ground and its ripple) or
                       flood (through filled hollows along the flood's links); default sketch
  --generator NAME     island (the sketch's noise island) or diamond-square; default island
  --roughness R        diamond-square only: 0.3..0.9 (default 0.55)
  --terrain-scale T    island only: 0.004..0.03 (default 0.012)
  --zoom Z             zoom into the map, 1 (fit: the sketch's viewport) .. 16
  --center X,Y         the map point at the middle of the view, in cells (X 0..319, Y 0..179,
                       fractions allowed); held back where the view would leave the map
  --side-view NAME     the strip under the map: cross-section (the ground along a row, before
                       the rain and now, the sea and the lakes), walk (the random-walk
                       skyline) or sections (random points per section); default cross-section
  --row N              the cross-section's row, 0..179 (default: the middle row)
  --no-side-view       start with the strip hidden
  --script FILE        carry out FILE's commands in order before the first frame, as if given
                       one after another in the window: one JSON object a line, the map's as
                       the map recipe writes them ({"rain": 6000}, {"erosion": 0.45},
                       {"seed": 42}, {"restart": true} ...), the history's ({"undo": 1},
                       {"redo": 1}, {"seek": N}, {"step": N}) and the view's ({"view":
                       "basins"}, {"lakes": true} ...); a bad line is refused with its number
                       before anything runs (see docs/app.md)
  --finish             finish the rain at once: the drops left to the 300,000 at full speed
  --probe X,Y          at exit print one JSON line for the cell at column X (0..319), row Y
                       (0..179, 0 at the top): x, y, height, original, flow, strahler, basin,
                       lake_depth, as terrain-cli writes them; may be given many times
  --stats              at exit print the median CPU milliseconds per frame for the rain,
                       rivers, contours and drawing
  --help               print this and exit

Keys (not while typing in a field): Space play/pause, R restart, N new seed, S save PNG,
F11 or F fullscreen, Esc leave fullscreen, W rivers, O original terrain, D debug mode,
V next view, L lakes, T rivers by order, 1-5 colour scheme, H hide the panel, B the side
view strip, Home or Z fit the map, G finish the rain now, Ctrl+Z undo, Ctrl+Shift+Z or
Ctrl+Y redo, [ and ] the timeline back or forward 1% of the drops. Mouse: the wheel zooms about the
pointer, a drag pans, Shift+click sets the cross-section's row.
)";
}

std::optional<AppOptions> parse_app_options(int argc, char** argv, std::string* error) {
  AppOptions options;
  try {
    read_flags(argc, argv, options);
  } catch (const BadFlag& bad) {
    *error = bad.what();
    return std::nullopt;
  }
  return options;
}

}  // namespace terrain::app
