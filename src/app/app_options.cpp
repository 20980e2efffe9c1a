#include "app/app_options.h"

#include <charconv>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "session/controls.h"
#include "session/live_model.h"

namespace terrain::app {

using session::LiveModel;
using session::Settings;
namespace {

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

bool known_scheme(std::string_view key) {
  for (const char* k : {"site_dark", "site_light", "topographic", "blueprint", "bw"}) {
    if (key == k) return true;
  }
  return false;
}

}  // namespace

std::string app_usage() {
  return R"(terrain-sandbox: rain carves an island while you watch (the Hydraulic Erosion sketch).

Usage: terrain-sandbox [--seed N] [--scheme KEY] [--size WxH] [--paused] [--drops N]
                       [--drops-per-frame N] [--frames N] [--screenshot PATH] [--cells PATH]
                       [--save-folder DIR] [--original] [--no-rivers] [--debug]
                       [--stats] [--help]

  --seed N             the map's seed, a whole number 0..4294967295 (default: random)
  --scheme KEY         site_dark (default), site_light, topographic, blueprint or bw
  --size WxH           window size in pixels, each 64..16384 (default 1280x720)
  --paused             start paused (as the sketch does for readers who ask for less motion)
  --drops N            rain N drops before the first frame, 0..100000000 (default 0); the rain
                       stops by itself once it passes 300,000, as it does when watched
  --drops-per-frame N  how hard it rains at start, 0..10000 (default 200)
  --frames N           quit after N frames, 1..100000000; each frame is one tick of the sketch
  --screenshot PATH    after the last frame write the map (no panel) as PNG to exactly PATH,
                       which must not exist yet
  --cells PATH         after the last frame write the relief's colour of each cell (320x180
                       PNG, the sketch's terrain image before it is scaled up); must not exist
  --save-folder DIR    where Save PNG writes (default: the working directory)
  --original           start showing the original terrain (before any rain)
  --no-rivers          start with the rivers hidden
  --debug              start in debug mode (the latest drops' routes and the count)
  --stats              at exit print the median CPU milliseconds per frame for the rain,
                       rivers, contours and drawing
  --help               print this and exit

Keys (not while typing in a field): Space play/pause, R restart, N new seed, S save PNG,
F11 or F fullscreen, Esc leave fullscreen, W rivers, O original terrain, D debug mode,
1-5 colour scheme, H hide the panel.
)";
}

std::optional<AppOptions> parse_app_options(int argc, char** argv, std::string* error) {
  AppOptions options;
  auto fail = [&](std::string message) -> std::optional<AppOptions> {
    *error = std::move(message);
    return std::nullopt;
  };
  for (int k = 1; k < argc; k++) {
    const std::string_view flag = argv[k];
    if (flag == "--help" || flag == "-h") {
      options.help = true;
      continue;
    }
    if (flag == "--paused") {
      options.paused = true;
      continue;
    }
    if (flag == "--stats") {
      options.stats = true;
      continue;
    }
    if (flag == "--original") {
      options.show_original = true;
      continue;
    }
    if (flag == "--no-rivers") {
      options.hide_rivers = true;
      continue;
    }
    if (flag == "--debug") {
      options.debug = true;
      continue;
    }
    const bool takes_value = flag == "--seed" || flag == "--scheme" || flag == "--size" ||
                             flag == "--drops" || flag == "--drops-per-frame" ||
                             flag == "--frames" || flag == "--screenshot" || flag == "--cells" ||
                             flag == "--save-folder";
    if (!takes_value) {
      return fail("unknown flag '" + std::string(flag) + "' (see --help)");
    }
    if (k + 1 >= argc) return fail(std::string(flag) + ": missing value");
    const std::string_view value = argv[++k];
    if (flag == "--seed") {
      std::string why;
      const auto seed = session::parse_seed(value, &why);
      if (!seed)
        return fail("--seed: '" + std::string(value) + "' is not a whole number 0..4294967295");
      options.seed = *seed;
    } else if (flag == "--scheme") {
      if (!known_scheme(value)) {
        return fail("--scheme: '" + std::string(value) +
                    "' is not one of site_dark, site_light, topographic, blueprint, bw");
      }
      options.scheme = value;
    } else if (flag == "--size") {
      const auto x = value.find('x');
      const auto w =
          x == std::string_view::npos ? std::nullopt : whole<int>(value.substr(0, x), 64, 16384);
      const auto h =
          x == std::string_view::npos ? std::nullopt : whole<int>(value.substr(x + 1), 64, 16384);
      if (!w || !h) {
        return fail("--size: '" + std::string(value) +
                    "' is not WxH with each 64..16384 (e.g. 1280x720)");
      }
      options.width = *w;
      options.height = *h;
    } else if (flag == "--drops") {
      const auto n = whole<uint64_t>(value, 0, 100000000);
      if (!n)
        return fail("--drops: '" + std::string(value) + "' is not a whole number 0..100000000");
      options.drops = *n;
    } else if (flag == "--drops-per-frame") {
      const auto n = whole<int>(value, 0, LiveModel::kMaxDropsPerFrame);
      if (!n) {
        return fail("--drops-per-frame: '" + std::string(value) + "' is not a whole number 0.." +
                    std::to_string(LiveModel::kMaxDropsPerFrame));
      }
      options.drops_per_frame = *n;
    } else if (flag == "--frames") {
      const auto n = whole<uint64_t>(value, 1, 100000000);
      if (!n)
        return fail("--frames: '" + std::string(value) + "' is not a whole number 1..100000000");
      options.frames = *n;
    } else if (flag == "--screenshot" || flag == "--cells") {
      const std::filesystem::path path(value);
      std::error_code ec;
      if (value.empty()) return fail(std::string(flag) + ": missing path");
      if (std::filesystem::exists(path, ec)) {
        return fail(std::string(flag) + ": '" + std::string(value) +
                    "' already exists (it is never overwritten)");
      }
      const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
      if (!std::filesystem::is_directory(folder, ec)) {
        return fail(std::string(flag) + ": folder '" + folder.string() + "' does not exist");
      }
      (flag == "--screenshot" ? options.screenshot : options.cells) = value;
    } else if (flag == "--save-folder") {
      if (value.empty()) return fail("--save-folder: missing folder");
      options.save_folder = value;
    }
  }
  if (!options.screenshot.empty() && !options.frames) {
    return fail("--screenshot: needs --frames N (the screenshot is taken after the last frame)");
  }
  if (!options.cells.empty() && !options.frames) {
    return fail("--cells: needs --frames N (the cells are read after the last frame)");
  }
  return options;
}

}  // namespace terrain::app
