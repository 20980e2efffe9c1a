// terrain-sandbox's flags (see app_options.h): the rows of the one flag table that the app
// reads (flags/flag_table.h), read by the rules both programs share (flags/flags.h); here each
// value is checked against its row and set, then the flags that only mean something together
// are checked together.
#include "app/core/app_options.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <vector>

#include "core/sketch.h"
#include "flags/flag_table.h"
#include "io/atomic_file.h"
#include "io/heightmap.h"
#include "io/snapshot_file.h"
#include "io/timelapse.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/map_camera.h"
#include "render/geometry/orbit_camera.h"
#include "render/geometry/surface_raster.h"
#include "session/saved_map.h"
#include "session/script.h"
#include "session/settings.h"

namespace terrain::app {
namespace {

using flags::bad_value;
using flags::Flag;
using flags::read_real;
using flags::read_whole;
using flags::usage_error;

// --screenshot, --cells and --timelapse: a new file in a folder that exists.
void check_new_file(const Flag& flag, const std::string& value) {
  if (value.empty()) bad_value(flag, value, "is empty");
  const std::filesystem::path path(value);
  std::error_code ec;
  // Anything with the name, even a link to nothing, is there already: these files are new.
  if (std::filesystem::exists(std::filesystem::symlink_status(path, ec))) {
    bad_value(flag, value, "already exists");
  }
  const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
  if (!std::filesystem::is_directory(folder, ec)) {
    bad_value(flag, value, "is in a folder that does not exist");
  }
}

// The map's flags: the file to open, the seed, the ground, the rain and the rivers; a script.
bool read_map_flag(const Flag& flag, const std::string& text, AppOptions& options) {
  const std::string& name = flag.name;
  const auto choice = [&](auto parsed, const char* what) {
    if (!parsed) bad_value(flag, text, std::string("is not ") + what);
    return *parsed;
  };
  if (name == "FILE") {
    if (!io::heightmap_format_for(text) && !session::is_map_file_path(text)) {
      usage_error(flags::quoted(text) +
                  " is neither a flag nor a file to open (allowed: a map file ending in .tsmap, "
                  "a heightmap ending in .png, .exr, .tif or .npy; --help lists the flags)");
    }
    options.file = text;
  } else if (name == "--seed") {
    options.seed =
        static_cast<uint32_t>(read_whole(flag, text, 0, std::numeric_limits<uint32_t>::max()));
  } else if (name == "--drops") {
    options.drops = read_whole(flag, text, 0, flags::kMaxDrops);
  } else if (name == "--threads") {
    options.threads = static_cast<int>(read_whole(flag, text, 0, flags::kMaxThreads));
  } else if (name == "--generator") {
    options.generator = choice(parse_generator(text), "a generator");
  } else if (name == "--roughness") {
    options.roughness = read_real(flag, text, kRoughnessMin, kRoughnessMax);
  } else if (name == "--terrain-scale") {
    options.terrain_scale =
        read_real(flag, text, sketch::terrain_scale.min, sketch::terrain_scale.max);
  } else if (name == "--drops-per-frame") {
    options.drops_per_frame =
        static_cast<int>(read_whole(flag, text, 0, session::kMaxDropsPerFrame));
  } else if (name == "--routing") {
    options.routing = choice(parse_routing(text), "a routing");
  } else if (name == "--min-flow") {
    const uint64_t n = read_whole(flag, text, 1, std::numeric_limits<uint32_t>::max());
    flags::check_min_flow(flag, n, session::kMinFlowMax);
    options.min_flow = static_cast<int>(n);
  } else if (name == "--rivers-by") {
    options.rivers_by = choice(parse_rivers_by(text), "a way to stroke rivers");
  } else if (name == "--fit") {
    options.fit = choice(parse_ground_fit(text), "a fit");
  } else if (name == "--script") {
    options.script = text;
    // Only a regular file of a bounded size: a FIFO or /dev/zero is refused, not waited on or
    // read without end.
    std::string contents;
    try {
      contents = io::read_file(text, {"a script", session::kMaxScriptBytes});
    } catch (const io::ReadError& e) {
      bad_value(flag, text, "cannot be read: " + e.reason());
    }
    try {
      options.script_lines =
          session::parse_script(contents, std::filesystem::path(text).filename().string());
    } catch (const std::invalid_argument& e) {
      usage_error(e.what());
    }
  } else {
    return false;
  }
  return true;
}

// How the map is looked at: the window, the scheme, the view, the cameras, the strip.
bool read_view_flag(const Flag& flag, const std::string& text, AppOptions& options) {
  const std::string& name = flag.name;
  const auto choice = [&](auto parsed, const char* what) {
    if (!parsed) bad_value(flag, text, std::string("is not ") + what);
    return *parsed;
  };
  if (name == "--scheme") {
    if (render::find_color_scheme(text) == nullptr) bad_value(flag, text, "is not a colour scheme");
    options.scheme = text;
  } else if (name == "--size") {
    std::tie(options.width, options.height) = flags::read_size(flag, text, 64, 16384, 64, 16384);
  } else if (name == "--view") {
    options.view = choice(parse_map_view(text), "a view");
  } else if (name == "--camera") {
    options.camera = flags::read_point(flag, text, -1e6, 1e6, render::OrbitCamera::kMinPitch,
                                       render::OrbitCamera::kMaxPitch);
  } else if (name == "--relief") {
    options.relief = read_real(flag, text, render::kMinExaggeration, render::kMaxExaggeration);
  } else if (name == "--zoom") {
    options.zoom = read_real(flag, text, render::MapCamera::kMinZoom, render::MapCamera::kMaxZoom);
  } else if (name == "--center") {
    options.center = flags::read_point(flag, text, 0, sketch::COLS - 1, 0, sketch::ROWS - 1);
  } else if (name == "--side-view") {
    options.side_view = choice(parse_side_view(text), "a side view");
  } else if (name == "--row") {
    options.row = static_cast<int>(read_whole(flag, text, 0, sketch::ROWS - 1));
  } else {
    return false;
  }
  return true;
}

// What a run leaves: frames, pictures, map files, time-lapses, probes; the save folder.
bool read_output_flag(const Flag& flag, const std::string& text, AppOptions& options) {
  const std::string& name = flag.name;
  if (name == "--frames") {
    options.frames = read_whole(flag, text, 1, flags::kMaxFrames);
  } else if (name == "--screenshot") {
    check_new_file(flag, text);
    options.screenshot = text;
  } else if (name == "--save-map") {
    check_new_file(flag, text);
    options.save_map = text;
  } else if (name == "--render-size") {
    options.render_size = flags::read_size(flag, text, io::kMinRenderSide, io::kMaxRenderWidth,
                                           io::kMinRenderSide, io::kMaxRenderHeight);
  } else if (name == "--cells") {
    check_new_file(flag, text);
    options.cells = text;
  } else if (name == "--timelapse") {
    check_new_file(flag, text);
    if (!io::timelapse_format_for(text)) {
      bad_value(flag, text, "is neither .gif nor .mp4");
    }
    options.timelapse = text;
  } else if (name == "--every") {
    options.every = static_cast<int>(read_whole(flag, text, 1, io::kTimelapseMaxEvery));
  } else if (name == "--timelapse-size") {
    options.timelapse_size =
        flags::read_size(flag, text, io::kTimelapseMinSize, io::kTimelapseMaxWidth,
                         io::kTimelapseMinSize, io::kTimelapseMaxHeight);
  } else if (name == "--timelapse-fps") {
    options.timelapse_fps =
        static_cast<int>(read_whole(flag, text, io::kTimelapseMinFps, io::kTimelapseMaxFps));
  } else if (name == "--save-folder") {
    if (text.empty()) bad_value(flag, text, "is empty");
    options.save_folder = text;
  } else if (name == "--probe") {
    const auto [x, y] = flags::read_point(flag, text, 0, sketch::COLS - 1, 0, sketch::ROWS - 1);
    if (x != static_cast<int>(x) || y != static_cast<int>(y)) {
      bad_value(flag, text, "is not a cell (whole numbers)");
    }
    options.probes.push_back({static_cast<int>(x), static_cast<int>(y)});
  } else {
    return false;
  }
  return true;
}

// The flags that are switches.
bool read_switch_flag(const std::string& name, AppOptions& options) {
  if (name == "--paused") {
    options.paused = true;
  } else if (name == "--original") {
    options.show_original = true;
  } else if (name == "--no-rivers") {
    options.hide_rivers = true;
  } else if (name == "--debug") {
    options.debug = true;
  } else if (name == "--lakes") {
    options.lakes = true;
  } else if (name == "--no-side-view") {
    options.no_side_view = true;
  } else if (name == "--finish") {
    options.finish = true;
  } else if (name == "--recover") {
    options.recover = true;
  } else if (name == "--stats") {
    options.stats = true;
  } else {
    return false;
  }
  return true;
}

// Sets the option `flag` stands for from its `text`; UsageError when the text is not allowed.
void read_value(const Flag& flag, const std::string& text, AppOptions& options) {
  if (read_map_flag(flag, text, options) || read_view_flag(flag, text, options) ||
      read_output_flag(flag, text, options) || read_switch_flag(flag.name, options)) {
    return;
  }
  throw std::logic_error("flag " + flag.name + " is in the table but not read");
}

// The flags that only mean something with others.
void check_together(const AppOptions& options) {
  if (!options.screenshot.empty() && !options.frames) {
    usage_error("--screenshot needs --frames N (the screenshot is taken after the last frame)");
  }
  if (!options.timelapse.empty() && !options.frames) {
    usage_error("--timelapse needs --frames N (it records until the last frame)");
  }
  if ((options.every || options.timelapse_size || options.timelapse_fps) &&
      options.timelapse.empty()) {
    usage_error(std::string(options.every            ? "--every"
                            : options.timelapse_size ? "--timelapse-size"
                                                     : "--timelapse-fps") +
                " only applies with --timelapse PATH");
  }
  if (!options.timelapse.empty() &&
      io::timelapse_format_for(options.timelapse) == io::TimelapseFormat::mp4) {
    const auto [w, h] = options.timelapse_size.value_or(std::pair{640, 360});
    if (w % 2 != 0 || h % 2 != 0) {
      usage_error("--timelapse-size " + std::to_string(w) + "x" + std::to_string(h) +
                  " is odd, and an MP4 needs even sizes");
    }
  }
  if (options.render_size && options.screenshot.empty()) {
    usage_error(
        "--render-size only applies with --screenshot PATH (the panel renders at any size too)");
  }
  if (!options.save_map.empty() && !options.frames) {
    usage_error("--save-map needs --frames N (the map is saved after the last frame)");
  }
  // A map file brings its own ground and settings: the flags that choose one are refused.
  if (session::is_map_file_path(options.file)) {
    const char* chooser = options.seed            ? "--seed"
                          : options.generator     ? "--generator"
                          : options.roughness     ? "--roughness"
                          : options.terrain_scale ? "--terrain-scale"
                          : options.fit           ? "--fit"
                                                  : nullptr;
    if (chooser != nullptr) {
      usage_error(std::string(chooser) + " chooses a ground, and " + flags::quoted(options.file) +
                  " is a map file with its own (open it, then change it)");
    }
  }
  if (!options.cells.empty() && !options.frames) {
    usage_error("--cells needs --frames N (the cells are read after the last frame)");
  }
  // As terrain-cli: each generator has its own shape setting.
  const Generator generator = options.generator.value_or(Generator::island);
  if (options.roughness && generator != Generator::diamond_square) {
    usage_error("--roughness only applies to --generator diamond-square (the generator is " +
                std::string(generator_name(generator)) + ")");
  }
  if (options.terrain_scale && generator != Generator::island) {
    usage_error("--terrain-scale only applies to --generator island (the generator is " +
                std::string(generator_name(generator)) + ")");
  }
  if (options.no_side_view && (options.side_view || options.row)) {
    usage_error("--no-side-view hides the strip; --side-view and --row show it");
  }
}

}  // namespace

std::string app_usage() {
  return "terrain-sandbox: rain carves an island while you watch (the Hydraulic Erosion "
         "sketch).\n"
         "\n"
         "Usage: terrain-sandbox [FILE] [--fit crop|stretch] [--seed N] [--drops N]\n"
         "         [--generator island|diamond-square] [--roughness R] [--terrain-scale T]\n"
         "         [--drops-per-frame N] [--threads N] [--routing sketch|flood] [--min-flow F]\n"
         "         [--rivers-by flow|order] [--scheme KEY] [--size WxH] [--paused]\n"
         "         [--original] [--no-rivers] [--debug] [--view map|basins|flow|3d]\n"
         "         [--lakes] [--camera YAW,PITCH] [--relief E] [--zoom Z] [--center X,Y]\n"
         "         [--side-view cross-section|walk|sections]\n"
         "         [--row N] [--no-side-view] [--script FILE] [--finish] [--recover] [--frames N]\n"
         "         [--screenshot PATH] [--render-size WxH] [--cells PATH] [--save-map PATH]\n"
         "         [--timelapse PATH] [--every N] [--timelapse-size WxH] [--timelapse-fps N]\n"
         "         [--save-folder DIR] [--probe X,Y ...] [--stats] [--help]\n"
         "\n"
         "Flags are read as terrain-cli reads them: a value follows its flag (--seed 5 or\n"
         "--seed=5), each flag once (--probe as often as wanted), the first bad word reported.\n"
         "\n" +
         flags::flags_help(flags::flag_table(flags::Program::sandbox)) +
         "\n"
         "Keys (not while typing in a field): Space play/pause, R restart, N new seed, S save\n"
         "PNG, F11 or F fullscreen, Esc leave fullscreen, W rivers, O original terrain, D debug\n"
         "mode, V next view, L lakes, T rivers by order, 1-5 colour scheme, H hide the panel,\n"
         "B the side view strip, Home or Z fit the map (frame the island in 3D), G finish the\n"
         "rain now, P paint mode, Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, [ and ] the\n"
         "timeline back or forward 1% of the drops.\n"
         "Mouse: the wheel zooms about the pointer, a drag pans, Shift+click sets the\n"
         "cross-section's row; in 3D a drag orbits and a right- or middle-drag pans; in paint\n"
         "mode the left button paints, Ctrl+wheel sizes the brush.\n"
         "Exit status: 0 done; 2 bad input, with nothing written; 1 an unexpected failure.\n";
}

std::optional<AppOptions> parse_app_options(int argc, char** argv, std::string* error) {
  AppOptions options;
  const std::vector<std::string_view> args(argv + std::min(argc, 1), argv + argc);
  // --help anywhere, as any word, wins over everything else.
  if (flags::asks_for_help(args)) {
    options.help = true;
    return options;
  }
  try {
    const std::vector<Flag> table = flags::flag_table(flags::Program::sandbox);
    for (const auto& [flag, text] :
         flags::read_flags(table, args, "terrain-sandbox", &flags::flag_row(table, "FILE"))) {
      read_value(*flag, text, options);
    }
    check_together(options);
  } catch (const flags::UsageError& bad) {
    *error = bad.what();
    return std::nullopt;
  }
  return options;
}

}  // namespace terrain::app
