// The app's command-line flags, for scripted use (tests, screenshots, timing). They are rows of
// the one table of flags both programs read (flags/flag_table.h), by the same rules as
// terrain-cli's (flags/flags.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/core/side_view.h"
#include "core/drainage.h"
#include "core/ground.h"
#include "core/ground_fit.h"
#include "core/map_view.h"
#include "session/cell_readout.h"
#include "session/script.h"

namespace terrain::app {

struct AppOptions {
  std::optional<uint32_t> seed;      // --seed N: 0..4294967295 (default: random, as the sketch)
  std::string scheme = "site_dark";  // --scheme KEY
  int width = 1280;                  // --size WxH: the window's size
  int height = 720;
  bool paused = false;                 // --paused: start paused (the sketch's reduced motion)
  uint64_t drops = 0;                  // --drops N: rain that many before the first frame
  std::optional<int> drops_per_frame;  // --drops-per-frame N: the slider's value at start
  int threads =
      0;  // --threads N: the rain's threads (0: one a hardware thread; core/rain_threads.h)
  std::optional<uint64_t> frames;  // --frames N: quit after N frames (one tick each)
  std::string screenshot;          // --screenshot PATH: the map, after the last frame
  std::string save_map;            // --save-map PATH: the map file, after the last frame
  // --render-size WxH: the screenshot at that size (up to 7680x4320) instead of the window's
  std::optional<std::pair<int, int>> render_size;
  std::string cells;           // --cells PATH: the per-cell relief colours (COLS x ROWS PNG)
  std::string save_folder;     // --save-folder DIR: where Save PNG writes (default: cwd)
  bool stats = false;          // --stats: median CPU ms per frame at exit
  bool show_original = false;  // --original: start showing the terrain before any rain
  bool hide_rivers = false;    // --no-rivers: start with rivers hidden
  bool debug = false;          // --debug: start in debug mode
  // The "Drainage" API documentation's views and rivers, and the ground's generator.
  std::optional<MapView> view;                      // --view map|basins|flow|3d
  std::optional<std::pair<double, double>> camera;  // --camera YAW,PITCH (the 3D view's)
  std::optional<double> relief;                     // --relief E (the 3D view's Relief height)
  bool lakes = false;                               // --lakes: show the lakes
  std::optional<RiversBy> rivers_by;                // --rivers-by flow|order
  std::optional<int> min_flow;                      // --min-flow N: 1..kMinFlowMax
  std::optional<Routing> routing;                   // --routing sketch|flood
  std::optional<Generator> generator;               // --generator island|diamond-square
  std::optional<double> roughness;                  // --roughness R: diamond-square only
  std::optional<double> terrain_scale;              // --terrain-scale T: island only
  std::vector<session::CellPosition> probes;        // --probe X,Y (repeatable): printed at exit
  // Moving around the map, the side view, finishing the rain.
  std::optional<double> zoom;                       // --zoom Z: 1 (fit) .. 16
  std::optional<std::pair<double, double>> center;  // --center X,Y: the cell at the view's middle
  std::optional<SideView> side_view;                // --side-view cross-section|walk|sections
  bool no_side_view = false;                        // --no-side-view: the strip hidden
  std::optional<int> row;                           // --row N: the cross-section's row, 0..179
  bool finish = false;                              // --finish: finish the rain now, at start
  bool recover = false;  // --recover: bring back the map an earlier run left unsaved
  // A time-lapse of the rain: --timelapse PATH (.gif or .mp4) records from the first drop
  // until the last frame and exits once it is written; --every N ticks a frame;
  // --timelapse-size WxH (default 640x360); --timelapse-fps N its playback rate (default 25).
  std::string timelapse;
  std::optional<int> every;
  std::optional<int> timelapse_fps;
  std::optional<std::pair<int, int>> timelapse_size;
  // Your own ground.
  std::string file;              // FILE: a heightmap opened as the ground at start
  std::optional<GroundFit> fit;  // --fit crop|stretch: how heightmaps are fitted to the grid
  // --script FILE: its commands (session/script.h), read and checked whole before anything
  // runs, carried out in order after the flags' (before --finish's).
  std::string script;
  std::vector<session::ScriptLine> script_lines;
  bool help = false;
};

// Parses argv. On bad input returns nullopt and sets `error` to one line naming the flag and
// what is allowed, without the program's name (the caller prints it and exits 2).
std::optional<AppOptions> parse_app_options(int argc, char** argv, std::string* error);

// --help's text.
std::string app_usage();

}  // namespace terrain::app
