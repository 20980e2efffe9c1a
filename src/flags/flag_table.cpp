// The one table of flags (see flag_table.h).
#include "flags/flag_table.h"

#include <limits>
#include <string>

#include "core/diamond_square.h"
#include "core/number_text.h"
#include "core/rain.h"
#include "core/sketch.h"
#include "exports/mesh.h"
#include "exports/svg.h"
#include "io/heightmap.h"
#include "io/snapshot_file.h"
#include "io/timelapse.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/map_camera.h"
#include "render/geometry/orbit_camera.h"
#include "render/geometry/surface_raster.h"
#include "session/settings.h"

namespace terrain::flags {
namespace {

// Which programs read a row.
enum Readers : unsigned {
  kSandbox = 1u << static_cast<unsigned>(Program::sandbox),
  kCli = 1u << static_cast<unsigned>(Program::cli),
  kBoth = kSandbox | kCli,
};

struct Row {
  unsigned readers;
  Flag flag;
};

std::string whole(uint64_t lo, uint64_t hi) {
  return "whole number " + std::to_string(lo) + ".." + std::to_string(hi);
}

std::string range(double lo, double hi) {
  return number_text(lo) + ".." + number_text(hi);
}

std::string range(const sketch::Range& r) {
  return range(r.min, r.max);
}

std::string whole(const sketch::Range& r) {
  return whole(static_cast<uint64_t>(r.min), static_cast<uint64_t>(r.max));
}

std::string size_allowed(int w_lo, int w_hi, int h_lo, int h_hi) {
  return "WxH, W " + std::to_string(w_lo) + ".." + std::to_string(w_hi) + " and H " +
         std::to_string(h_lo) + ".." + std::to_string(h_hi);
}

// The colour schemes' keys from their table: "site_dark, site_light, ... or bw".
std::string scheme_keys() {
  const auto schemes = render::color_schemes();
  std::string text;
  for (std::size_t i = 0; i < schemes.size(); i++) {
    if (i > 0) text += i + 1 == schemes.size() ? " or " : ", ";
    text += schemes[i].key;
  }
  return text;
}

std::vector<Row> rows(Program program) {
  const bool app = program == Program::sandbox;
  const RainParams rain;
  const std::string cols = std::to_string(sketch::COLS - 1);
  const std::string rows_last = std::to_string(sketch::ROWS - 1);
  const std::string new_file = "a file that does not exist yet, in an existing folder";
  return {
      // --- The map: its ground and its rain ---------------------------------------------------
      {kSandbox,
       {"FILE", "",
        "a map file (.tsmap) to open, its history, place and view, or a heightmap to rain on, "
        "opened as the ground: .png (8 or 16-bit, gray or colour as luminance), .exr, .tif or "
        ".npy; fitted to the 320x180 grid, its own heights kept if this project wrote it, else "
        "scaled to 0..1 (also: the panel's Open, or drop it on the window)",
        "none: the seed's island", "optional; a file ending in .tsmap, .png, .exr, .tif or .npy"}},
      {kBoth,
       {"--seed", "N",
        app ? "the map's seed: the terrain, the rain and the rivers' wander (with a FILE, the "
              "rain's)"
            : "seed of the terrain, the rain and the rivers' wander",
        app ? "random, as the sketch" : "42", whole(0, std::numeric_limits<uint32_t>::max())}},
      {kBoth,
       {"--drops", "N",
        app ? "rain N drops before the first frame; the rain stops by itself once it passes "
              "300,000, as it does when watched"
            : "raindrops to run",
        app ? "0" : std::to_string(sketch::RAIN_TARGET), whole(0, kMaxDrops)}},
      {kBoth,
       {"--threads", "N",
        "threads the rain runs on; the map is the same, bit for bit, on any count (a map file "
        "or script gives the same bytes), 1 runs it on one thread as before",
        "0: one a hardware thread", whole(0, kMaxThreads)}},
      {kBoth,
       {"--generator", "NAME", "terrain: the sketch's noise island, or diamond-square fractal",
        "island", "island or diamond-square"}},
      {kCli,
       {"--width", "W", "grid width in cells", std::to_string(sketch::COLS), whole(2, kMaxSide)}},
      {kCli,
       {"--height", "H", "grid height in cells", std::to_string(sketch::ROWS), whole(2, kMaxSide)}},
      {kBoth,
       {"--roughness", "R", "diamond-square only: amplitude kept from pass to pass",
        number_text(kRoughnessDefault), range(kRoughnessMin, kRoughnessMax)}},
      {kCli,
       {"--erosion", "E", "share of spare capacity a drop digs out per step",
        number_text(rain.erosion), range(sketch::erosion)}},
      {kCli,
       {"--deposition", "D", "share of excess sediment a drop puts down per step",
        number_text(rain.deposition), range(sketch::deposition)}},
      {kCli,
       {"--inertia", "I", "0 turns straight downhill, higher keeps more of the old direction",
        number_text(rain.inertia), range(sketch::inertia)}},
      {kCli,
       {"--brush-radius", "B", "radius of the circle of cells a drop digs from",
        std::to_string(rain.brush_radius), whole(sketch::brush_radius)}},
      {kCli,
       {"--sea-level", "S", "below this height is sea: drops stop there, rivers end there",
        number_text(rain.sea_level), range(sketch::sea_level)}},
      {kBoth,
       {"--terrain-scale", "T", "island only: noise units per cell (smaller, bigger features)",
        number_text(sketch::terrain_scale.initial), range(sketch::terrain_scale)}},
      {kSandbox,
       {"--drops-per-frame", "N", "how hard it rains at start",
        std::to_string(static_cast<int>(sketch::drops_per_frame.initial)),
        whole(0, session::kMaxDropsPerFrame)}},
      // --- The rivers --------------------------------------------------------------------------
      {kBoth,
       {"--routing", "NAME",
        "rivers: sketch (the sketch's: steepest descent over the filled surface plus a noise "
        "ripple that bends rivers on the flat) or flood (through filled hollows along the "
        "links the flood arrived by, no ripple)",
        "sketch", "sketch or flood"}},
      {kBoth,
       {"--min-flow", "F", "cells draining through a cell for it to count as river",
        std::to_string(static_cast<uint32_t>(sketch::RIVER_START)),
        "whole number 1..the grid's cells (" + std::to_string(sketch::COLS * sketch::ROWS) +
            " on " + std::to_string(sketch::COLS) + " x " + std::to_string(sketch::ROWS) + ")"}},
      // --- Your own ground (terrain-cli; the app's is FILE) ----------------------------------
      {kCli,
       {"--out", "DIR", "directory to write the 9 files into, created if needed", "",
        "required; a directory path"}},
      {kCli,
       {"--open-map", "FILE",
        "rain on from a map file (.tsmap) where it was saved: --drops is then the map's total "
        "(by default its own), and --erosion, --deposition, --inertia, --brush-radius and "
        "--sea-level given beside it apply from its count on, as a new step; the flags that "
        "choose a ground do not apply",
        "", "optional; a map file that can be read"}},
      {kBoth,
       {"--save-map", "PATH",
        "save the map, its history and its view as a map file (.tsmap) to exactly PATH, after "
        "the last frame (terrain-sandbox, with --frames) or once it has rained (terrain-cli)",
        "", new_file}},
      {kCli,
       {"--verify-map", "FILE",
        "replay a map file's whole history from its start and say, checkpoint by checkpoint, "
        "whether this build makes the same bytes (exit 0) or where it first differs (exit 1); "
        "nothing is written, and no other flag applies",
        "", "a map file that can be read"}},
      {kCli,
       {"--ground", "FILE",
        "rain on your own ground: a heightmap (.png 8/16-bit gray or colour as luminance, "
        ".exr, .tif, .npy) in place of the generator, fitted to the grid (by default its own "
        "size, up to 8192 a side); a file this project wrote keeps its heights, any other is "
        "scaled to 0..1",
        "", "optional; a file ending in .png, .exr, .tif or .npy"}},
      {kBoth,
       {"--fit", "HOW",
        app ? "how a heightmap (FILE, the panel's Open, a file dropped) is fitted to the grid: "
              "crop (keep the aspect, take the centre) or stretch (fill the grid)"
            : "--ground only: crop (keep the aspect, take the centre) or stretch (fill the "
              "grid)",
        "crop", "crop or stretch"}},
      // --- terrain-cli's files ---------------------------------------------------------------
      {kCli,
       {"--layers", "DIR",
        "also write the hydrology of the eroded ground as pictures, one pixel per cell, into "
        "DIR (created if needed): flow.png (the flow view's log scale), basins.png (the basins "
        "view's tones), strahler.png (gray, 20 per order), lakes.png (16-bit depth with its "
        "range); in --scheme's colours",
        "", "optional; a directory path"}},
      {kCli,
       {"--heightmap", "PATH",
        "also write the ground after the rain as a heightmap, the format by the extension: "
        ".png (16-bit gray, its range in a text chunk), .r16 (16-bit little-endian words), "
        ".exr or .tif (float32), .npy (float32)",
        "",
        "optional; a file name ending in .png, .r16, .exr, .tif or .npy, in an existing "
        "directory or in --out's"}},
      {kCli,
       {"--heightmap-original", "PATH", "the same for the ground before the rain", "",
        "optional; a file name ending in .png, .r16, .exr, .tif or .npy, in an existing "
        "directory or in --out's"}},
      {kCli,
       {"--preset", "NAME",
        "shape --heightmap and --heightmap-original for the program that imports them, each "
        "with a JSON sidecar (its name + .json) saying how: unreal (.png or .r16, 1009, 2017, "
        "4033 or 8129 square), unity (.raw or .r16, 513, 1025, 2049 or 4097 square), godot "
        "(Terrain3D: .exr or .r16), blender (.exr in metres, for the Displace modifier), gis "
        "(a GeoTIFF in metres); in --cell-size and --height-scale's units, else cells of 30 m "
        "and heights of 1,000 m",
        "", "optional; unreal, unity, godot, blender or gis"}},
      {kCli,
       {"--preset-size", "WxH",
        "--preset only: the heightmap's size in cells, made from the map by an area average "
        "where it shrinks and bilinear where it grows",
        "unreal and unity: their smallest side that holds the map's longer side; else the "
        "map's size",
        "WxH, W and H 2.." + std::to_string(kMaxSide) + ", a size --preset takes"}},
      {kCli,
       {"--preset-fit", "HOW",
        "--preset only: crop (keep the aspect, take the centre, cells square) or stretch (fill "
        "the size; not for gis)",
        "crop", "crop or stretch"}},
      {kCli,
       {"--cell-size", "METRES",
        "real units, with --height-scale, for --heightmap, --heightmap-original and --mesh: a "
        "cell is this many metres square; the .tif becomes a GeoTIFF with that pixel size on a "
        "local grid in metres, and the mesh's x and z are in metres",
        "none: 1-unit cells",
        "a number of metres above 0, up to " + std::to_string(static_cast<int>(io::kMaxCellSize))}},
      {kCli,
       {"--height-scale", "METRES",
        "real units, with --cell-size: a height of 1 stands this many metres; the .tif, .exr "
        "and .npy heightmaps hold heights in metres (.png and .r16 keep their 16-bit steps of "
        "the range), and the mesh's heights are in metres in place of --exaggeration",
        "none: heights 0..1",
        "a number of metres above 0, up to " +
            std::to_string(static_cast<int>(io::kMaxHeightScale))}},
      {kCli,
       {"--svg", "PATH",
        "also write the map's linework as SVG, for a plotter, Inkscape or a browser: the "
        "coastline, the contours, the index contours and the rivers (one path a reach), each "
        "in a layer of its own, in map units (one a cell), over layers of the sea and of the "
        "land in the scheme's colours (fill only) but with --svg-style plot",
        "", "optional; a file name ending in .svg, in an existing directory or in --out's"}},
      {kCli,
       {"--contour-levels", "N",
        "--svg only: contour lines between sea level and the top, every fifth heavier (0: no "
        "lines, not even the coastline)",
        std::to_string(static_cast<int>(sketch::contour_levels.initial)),
        whole(sketch::contour_levels)}},
      {kBoth,
       {"--rivers-by", "HOW",
        app ? "rivers stroked by the sketch's flow classes or by Strahler order (0.7 + 0.9 x "
              "order wide)"
            : "--svg only: rivers stroked by the sketch's flow classes or by Strahler order "
              "(0.7 + 0.9 x order)",
        "flow", "flow or order"}},
      {kCli,
       {"--svg-paper", "SIZE",
        "--svg only: lay the map out on paper, landscape, its aspect kept, as large as fits "
        "inside margins of " +
            number_text(exports::kSvgMarginMm) +
            " mm; the SVG's width and height are then the paper's in mm: A4 (297 x 210 mm), "
            "A3 (420 x 297 mm) or W x H mm",
        "none: 4 px a cell",
        "A4, A3 or WxHmm (e.g. 500x350mm), W and H " + number_text(exports::kSvgPaperMinMm) + ".." +
            number_text(exports::kSvgPaperMaxMm) + " mm"}},
      {kCli,
       {"--svg-style", "STYLE",
        "--svg only: map (the scheme's colours, the land filled in its land colours by height "
        "on its sea colour) or plot (for paper: dark pen colours at full strength, no fills)",
        "map", "map or plot"}},
      {kCli,
       {"--svg-pen", "MM",
        "--svg-paper only: the contours' pen width on the paper in mm, whatever its size; the "
        "index contours, the coastline and the rivers keep their widths relative to it",
        "none: the sketch's widths at the map's scale (0.22 mm a contour on A4)",
        range(exports::kSvgPenMinMm, exports::kSvgPenMaxMm) + " mm"}},
      {kCli,
       {"--mesh", "PATH",
        "also write the eroded ground as a mesh, one vertex per cell in the map's colours, two "
        "triangles per grid square: binary glTF 2.0 (.glb) or Wavefront OBJ (.obj)",
        "",
        "optional; a file name ending in .glb or .obj, in an existing directory or in "
        "--out's"}},
      {kCli,
       {"--exaggeration", "E", "--mesh only: the mesh's heights are the ground's times E, in cells",
        number_text(exports::kDefaultExaggeration),
        "a number above 0, up to " + number_text(exports::kMaxExaggeration)}},
      {kBoth,
       {"--scheme", "KEY",
        app ? "the colour scheme the map is drawn in"
            : "colour scheme of --layers, --svg (map style) and --mesh",
        "site_dark", scheme_keys()}},
      {kCli,
       {"--force", "", "replace output files that already exist, each atomically",
        "off: refuse if any exists", ""}},
      // --- The window and what it shows --------------------------------------------------------
      {kSandbox,
       {"--size", "WxH", "the window's size in pixels", "1280x720",
        size_allowed(64, 16384, 64, 16384)}},
      {kSandbox, {"--paused", "", "start paused (the sketch's reduced motion)", "", ""}},
      {kSandbox,
       {"--original", "", "start showing the original terrain (before any rain)", "", ""}},
      {kSandbox, {"--no-rivers", "", "start with the rivers hidden", "", ""}},
      {kSandbox,
       {"--debug", "", "start in debug mode (the latest drops' routes and the count)", "", ""}},
      {kSandbox,
       {"--view", "NAME",
        "map (the sketch's), basins (each basin in its own tone), flow (the flow on a log "
        "scale as a red field) or 3d (the map draped over the ground as a lit surface)",
        "map", "map, basins, flow or 3d"}},
      {kSandbox,
       {"--camera", "YAW,PITCH",
        "the 3D view's camera, in degrees: yaw 0 looks north (towards row 0), 90 east; pitch 90 "
        "looks straight down; the whole island framed",
        "20,45",
        "any YAW, PITCH " + number_text(render::OrbitCamera::kMinPitch) + ".." +
            number_text(render::OrbitCamera::kMaxPitch)}},
      {kSandbox,
       {"--relief", "E", "how high the 3D view stands the relief: its Relief height, E times", "1",
        range(render::kMinExaggeration, render::kMaxExaggeration)}},
      {kSandbox,
       {"--lakes", "", "show the lakes: standing water where the hollows of the ground fill", "",
        ""}},
      {kSandbox,
       {"--zoom", "Z", "zoom into the map, 1 being the sketch's viewport (fit)", "1",
        range(render::MapCamera::kMinZoom, render::MapCamera::kMaxZoom)}},
      {kSandbox,
       {"--center", "X,Y",
        "the map point at the middle of the view, in cells (fractions allowed); held back "
        "where the view would leave the map",
        "the middle", "X,Y with X 0.." + cols + " and Y 0.." + rows_last}},
      {kSandbox,
       {"--side-view", "NAME",
        "the strip under the map: cross-section (the ground along a row, before the rain and "
        "now, the sea and the lakes), walk (the random-walk skyline) or sections (random "
        "points per section)",
        "cross-section", "cross-section, walk or sections"}},
      {kSandbox,
       {"--row", "N", "the cross-section's row", "the middle row", whole(0, sketch::ROWS - 1)}},
      {kSandbox, {"--no-side-view", "", "start with the strip hidden", "", ""}},
      // --- Scripted runs -----------------------------------------------------------------------
      {kSandbox,
       {"--script", "FILE",
        "carry out FILE's commands in order before the first frame, as if given one after "
        "another in the window: one JSON object a line, the map's as the map recipe writes "
        "them ({\"rain\": 6000}, {\"erosion\": 0.45}, {\"seed\": 42}, {\"restart\": true} ...), "
        "the history's ({\"undo\": 1}, {\"redo\": 1}, {\"seek\": N}, {\"step\": N}) and the "
        "view's ({\"view\": \"basins\"}, {\"lakes\": true} ...); a bad line is refused with its "
        "number before anything runs (see docs/app.md)",
        "", "a text file that can be read"}},
      {kSandbox,
       {"--recover", "",
        "bring back the map an earlier run left unsaved (after a crash or a kill) without asking; "
        "runs with --frames, --script or --screenshot autosave only with it",
        "off: the window offers it", ""}},
      {kSandbox,
       {"--finish", "", "finish the rain at once: the drops left to the 300,000 at full speed", "",
        ""}},
      {kSandbox,
       {"--frames", "N", "quit after N frames; each frame is one tick of the sketch",
        "run until the window closes", whole(1, kMaxFrames)}},
      {kSandbox,
       {"--screenshot", "PATH",
        "after the last frame write the map (no panel) as PNG to exactly PATH and print \"Saved "
        "PATH\" (needs --frames)",
        "", new_file}},
      {kSandbox,
       {"--render-size", "WxH",
        "the --screenshot at that size instead of the window's, the view as the window shows "
        "it and its lines drawn as the sketch draws them at that size",
        "the window's",
        size_allowed(io::kMinRenderSide, io::kMaxRenderWidth, io::kMinRenderSide,
                     io::kMaxRenderHeight)}},
      {kSandbox,
       {"--cells", "PATH",
        "after the last frame write the relief's colour of each cell (320x180 PNG, the "
        "sketch's terrain image before it is scaled up; needs --frames)",
        "", new_file}},
      {kSandbox,
       {"--timelapse", "PATH",
        "record the rain from the first frame to the last (needs --frames) as an animated GIF "
        "(.gif) or an H.264 MP4 (.mp4), written once the last frame is drawn",
        "", new_file + ", ending in .gif or .mp4"}},
      {kSandbox,
       {"--every", "N", "--timelapse only: a frame every N ticks of rain",
        std::to_string(io::kTimelapseDefaultEvery), whole(1, io::kTimelapseMaxEvery)}},
      {kSandbox,
       {"--timelapse-size", "WxH", "--timelapse only: its size, even for an MP4", "640x360",
        size_allowed(io::kTimelapseMinSize, io::kTimelapseMaxWidth, io::kTimelapseMinSize,
                     io::kTimelapseMaxHeight)}},
      {kSandbox,
       {"--timelapse-fps", "N", "--timelapse only: the frames a second it plays at",
        std::to_string(io::kTimelapseDefaultFps),
        whole(io::kTimelapseMinFps, io::kTimelapseMaxFps)}},
      {kSandbox,
       {"--save-folder", "DIR", "where Save PNG, the exports and time-lapses go for this run",
        "the folder last chosen in the panel, else \"Terrain Sandbox\" in the desktop's "
        "Pictures folder, made on the first save",
        "a folder path"}},
      {kSandbox,
       {"--probe", "X,Y",
        "at exit print one JSON line for the cell at column X, row Y (0 at the top): x, y, "
        "height, original, flow, strahler, basin, lake_depth, as terrain-cli writes them; may "
        "be given many times",
        "", "X,Y with X a column 0.." + cols + " and Y a row 0.." + rows_last, true}},
      {kSandbox,
       {"--stats", "",
        "at exit print the median CPU milliseconds per frame for the rain, rivers, contours "
        "and drawing",
        "", ""}},
      {kBoth, {"--help", "", "print this help and exit (also -h)", "", ""}},
  };
}

}  // namespace

std::vector<Flag> flag_table(Program program) {
  const unsigned reader = 1u << static_cast<unsigned>(program);
  std::vector<Flag> flags;
  for (Row& row : rows(program)) {
    if ((row.readers & reader) != 0) flags.push_back(std::move(row.flag));
  }
  return flags;
}

const Flag& flag_row(const std::vector<Flag>& flags, std::string_view name) {
  for (const Flag& flag : flags) {
    if (flag.name == name) return flag;
  }
  throw std::logic_error("no flag " + std::string(name) + " in the table");
}

void check_min_flow(const Flag& flag, uint64_t min_flow, uint64_t cells) {
  if (min_flow > cells) {
    usage_error(flag.name + " '" + std::to_string(min_flow) + "' is more than the grid's " +
                std::to_string(cells) + " cells (allowed: whole number 1.." +
                std::to_string(cells) + ")");
  }
}

}  // namespace terrain::flags
