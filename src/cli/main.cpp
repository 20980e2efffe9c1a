// terrain-cli: the core from the command line. Makes a terrain, rains on it, works out its
// drainage, and writes the grids as .npy files plus summary.json (terrain-cli --help); or,
// as "terrain-cli skyline", writes a side-view skyline (skyline_command.h).
//
// The order of things, so that bad input never leaves anything behind:
//   1. read and check every flag (options.cpp);
//   2. check the output directory: no existing output file unless --force, create it if
//      needed, prove it can be written (output_dir.cpp);
//   3. run the pipeline (pipeline.cpp), with progress on stderr for runs over a second;
//   4. stage every file (the grids, the pictures, the heightmaps, the SVG, the mesh), then put
//      them all in place; print "wrote 9 files to DIR" and a line for each other file.
// Exit status: 0 done; 2 bad input or an unusable output directory (one line on stderr,
// nothing written); 1 anything unexpected; 130 or 143 stopped by SIGINT or SIGTERM (the long
// work ends within a piece of it, session/work.h; one line on stderr, nothing written).
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/options.h"
#include "cli/output_dir.h"
#include "cli/pipeline.h"
#include "cli/progress.h"
#include "cli/skyline_command.h"
#include "cli/summary.h"
#include "cli/verify_map.h"
#include "core/ground_fit.h"
#include "core/number_text.h"
#include "core/rain_threads.h"
#include "exports/engine_preset.h"
#include "exports/map_exports.h"
#include "exports/map_files.h"
#include "exports/mesh.h"
#include "exports/svg.h"
#include "io/atomic_file.h"
#include "io/ground_file.h"
#include "io/heightmap.h"
#include "io/map_file.h"
#include "io/npy.h"
#include "io/png.h"
#include "render/geometry/color_scheme.h"
#include "session/recorded_map.h"
#include "session/saved_map.h"

namespace {

using namespace terrain;
using namespace terrain::cli;

// Exit statuses.
constexpr int kExitDone = 0;
constexpr int kExitUnexpected = 1;
constexpr int kExitUsage = 2;

// What SIGINT and SIGTERM stop: the run's long work (the rain, a map file's replay) looks at it
// between its pieces. The handler only stores (lock-free atomics).
session::Work g_work;
volatile std::sig_atomic_t g_signal = 0;
extern "C" void stop_on_signal(int signal) {
  g_signal = signal;
  g_work.stop();
}
// A message as printed: at most 600 bytes (a 50 MB value in a file is never echoed whole).
std::string cut(std::string_view message) {
  constexpr std::size_t kMost = 600;
  if (message.size() <= kMost) return std::string(message);
  std::size_t n = kMost;
  while (n > 0 && (static_cast<unsigned char>(message[n]) & 0xC0) == 0x80) n--;  // whole UTF-8
  return std::string(message.substr(0, n)) + "...";
}

void catch_stop_signals() {
  struct sigaction action {};
  action.sa_handler = stop_on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

// Every file a run writes, in the order they are written.
std::vector<std::string> output_names() {
  return {"original.npy", "eroded.npy",   "filled.npy", "flow.npy",    "downstream.npy",
          "basins.npy",   "strahler.npy", "lakes.npy",  "summary.json"};
}

// A directory as one path, to tell whether two paths name the same one: absolute, "." and
// ".." resolved, no trailing separator (nothing is looked up: it may not exist yet).
std::filesystem::path same_dir_form(const std::filesystem::path& dir) {
  std::filesystem::path p = std::filesystem::absolute(dir).lexically_normal();
  if (!p.has_filename() && p.has_parent_path() && p != p.root_path()) p = p.parent_path();
  return p;
}

// A directory the run creates itself if needed (--out's, --layers'), and the files it writes
// there.
struct RunDirectory {
  const char* flag;
  std::filesystem::path dir;
  const std::vector<std::string>* names;
};

// A file of its own (--heightmap, --svg, --mesh) is checked before any work, as the
// directory's files are: no existing file without --force, nothing but a regular file even
// with it (a device, a FIFO, a link to either are refused), and a directory that exists and
// can be written, or is one the run creates (--out's or --layers': "--out ds7 --heightmap
// ds7/h.r16" writes the heightmap into the new folder); not one of the run's other files.
void check_file_target(const char* flag, const std::filesystem::path& path, bool force,
                       const std::vector<RunDirectory>& run_dirs) {
  if (path.empty()) return;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw UsageError(std::string(flag) + " " + cli::quoted(path.string()) +
                     " is a directory (allowed: a file path)");
  }
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : ".";
  const std::filesystem::path dir_form = same_dir_form(dir);
  const RunDirectory* made_by_run = nullptr;
  for (const RunDirectory& run_dir : run_dirs) {
    if (run_dir.dir.empty() || same_dir_form(run_dir.dir) != dir_form) continue;
    made_by_run = &run_dir;
    for (const std::string& name : *run_dir.names) {
      if (path.filename() == name) {
        throw UsageError(std::string(flag) + " " + cli::quoted(path.string()) +
                         " is one of the files " + run_dir.flag +
                         " writes (allowed: any other file name)");
      }
    }
  }
  // Only a regular file is replaced, --force or not (io/atomic_file.h): a device, a FIFO or a
  // link to one is refused now, before the work, and left as it is.
  if (const std::string refusal = io::replace_refusal(path); !refusal.empty()) {
    throw UsageError(std::string(flag) + " " + cli::quoted(path.string()) + ": " + refusal +
                     " (allowed: a new file name, or with --force a regular file to replace)");
  }
  if (!force && std::filesystem::exists(std::filesystem::symlink_status(path, ec))) {
    throw UsageError(std::string(flag) + " " + cli::quoted(path.string()) +
                     " already exists (pass --force to replace it)");
  }
  if (!std::filesystem::is_directory(dir, ec)) {
    if (made_by_run != nullptr && !std::filesystem::exists(dir, ec)) return;  // created with it
    throw UsageError(std::string(flag) + " " + cli::quoted(path.string()) + ": its directory " +
                     cli::quoted(dir.string()) +
                     " does not exist (allowed: an existing directory, or --out's or --layers' "
                     "own, which the run creates)");
  }
  if (::access(dir.c_str(), W_OK) != 0) {
    throw UsageError(std::string(flag) + " " + cli::quoted(path.string()) + ": its directory " +
                     cli::quoted(dir.string()) + " cannot be written");
  }
}

// A file's bytes, staged beside its target to be put in place with the directory's files.
io::StagedFile stage_file(const std::filesystem::path& path, std::span<const uint8_t> bytes) {
  try {
    return io::StagedFile(path, std::as_bytes(bytes));
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
}

int run(std::span<const std::string_view> args, Progress& progress) {
  // "terrain-cli skyline ...": a side-view skyline instead (skyline_command.h).
  if (!args.empty() && args.front() == "skyline") return run_skyline(args.subspan(1));
  const Options options = parse_options(args);
  if (options.help) {
    std::fputs(help_text().c_str(), stdout);
    return kExitDone;
  }
  // The rain's threads, before any rain (the same map on any count).
  set_rain_threads(options.threads);
  if (!options.verify_map.empty()) return verify_map(options.verify_map, progress, g_work);
  // Your own ground: read and fitted before anything is written (a bad file is bad input).
  Heightfield ground;
  Options run_options = options;
  // A map file to rain on from: read and checked before anything is written.
  std::unique_ptr<session::RecordedMap> opened;
  if (!options.open_map.empty()) {
    // Every refusal names the file: "--open-map alps.tsmap: section HIST is damaged (...)".
    try {
      session::OpenedMapFile file = session::open_map_file(options.open_map.string());
      // Its place: the rain from the checkpoint before it replayed there (long work).
      run_watched(progress, "opening " + options.open_map.filename().string(), g_work, [&] {
        opened =
            std::make_unique<session::RecordedMap>(file.saved, std::move(file.history), &g_work);
      });
    } catch (const session::WorkStopped&) {
      throw;
    } catch (const io::MapFileError& e) {
      throw UsageError(std::string("--open-map ") + e.what());
    } catch (const std::bad_alloc&) {
      throw UsageError("--open-map " + options.open_map.string() +
                       ": there is not enough memory to open it");
    }
    const session::Map& map = opened->map();
    if (!options.drops_given) run_options.drops = map.drops();
    if (run_options.drops < map.drops()) {
      throw UsageError("--drops " + std::to_string(run_options.drops) + " is below the " +
                       with_thousands(map.drops()) + " drops " + options.open_map.string() +
                       " has rained (allowed: the map's total, " + std::to_string(map.drops()) +
                       " or more)");
    }
    run_options.width = map.width();
    run_options.height = map.height();
  }
  if (!options.ground.empty()) {
    io::HeightmapFile file;
    try {
      file = io::read_heightmap(options.ground);
    } catch (const io::HeightmapError& e) {
      throw UsageError(std::string("--ground ") + e.what());
    } catch (const std::bad_alloc&) {
      throw UsageError("--ground " + options.ground.string() +
                       ": there is not enough memory to read it");
    }
    if (!options.size_given) {
      const auto [w, h] = default_ground_size(file.heights.width(), file.heights.height());
      run_options.width = w;
      run_options.height = h;
    }
    try {
      ground = io::ground_from(file, run_options.width, run_options.height, options.fit);
    } catch (const io::HeightmapError& e) {
      throw UsageError("--ground " + options.ground.string() + ": " + e.what());
    }
  }
  // A --min-flow given is at most the grid's cells, as in the app: known now the ground is.
  if (options.min_flow_given) {
    flags::check_min_flow(
        flags::flag_row(flags::flag_table(flags::Program::cli), "--min-flow"), options.min_flow,
        static_cast<uint64_t>(run_options.width) * static_cast<uint64_t>(run_options.height));
  }
  const std::vector<std::string> names = output_names();
  // The hydrology's pictures: a directory of their own, checked as the grids' is.
  const std::vector<std::string> layer_names = {"flow.png", "basins.png", "strahler.png",
                                                "lakes.png"};
  const std::vector<RunDirectory> run_dirs = {{"--out", options.out, &names},
                                              {"--layers", options.layers, &layer_names}};
  check_file_target("--heightmap", options.heightmap, options.force, run_dirs);
  check_file_target("--heightmap-original", options.heightmap_original, options.force, run_dirs);
  if (options.preset) {  // each heightmap's sidecar beside it
    for (const auto& [flag, path] :
         {std::pair{"--heightmap", &options.heightmap},
          std::pair{"--heightmap-original", &options.heightmap_original}}) {
      if (!path->empty())
        check_file_target(flag, exports::sidecar_path(*path), options.force, run_dirs);
    }
  }
  check_file_target("--svg", options.svg, options.force, run_dirs);
  check_file_target("--mesh", options.mesh, options.force, run_dirs);
  check_file_target("--save-map", options.save_map, options.force, run_dirs);
  if (!options.mesh.empty() &&
      static_cast<uint64_t>(run_options.width) * static_cast<uint64_t>(run_options.height) >
          exports::kMaxMeshCells) {
    std::string message = "--mesh ";
    message += cli::quoted(options.mesh.string());
    message += ": the grid is ";
    message += std::to_string(run_options.width);
    message += " x ";
    message += std::to_string(run_options.height);
    message += " cells (allowed: a mesh of up to 4096 x 4096 = 16777216 cells)";
    throw UsageError(message);
  }
  OutputDirectory out(options.out, names, options.force);
  std::optional<OutputDirectory> layers_out;
  if (!options.layers.empty()) layers_out.emplace(options.layers, layer_names, options.force);

  const PipelineResult result = run_pipeline(
      run_options, progress, g_work, options.ground.empty() ? nullptr : &ground, std::move(opened));
  g_work.check();  // stopped after the rain: still nothing written
  const double total_ms = progress.elapsed_ms();
  if (result.recorded && !options.open_map.empty()) {
    // summary.json's inputs are the opened map's: its seed, ground and settings now.
    const session::Map& map = result.map();
    run_options.seed = map.seed();
    run_options.generator = map.settings().generator;
    run_options.terrain_scale = map.settings().terrain_scale;
    run_options.roughness = map.settings().roughness;
    run_options.rain = session::rain_params_of(map.settings());
  }

  progress.stage("writing: " + std::to_string(names.size()) + " files");
  // The grids, as the app's panel exports them too (map_files.h), one file's bytes at a time:
  // only the temporaries hold them all.
  const session::Map& map = result.map();
  exports::each_grid_file(
      map.original(), map.heights(), result.hydrology,
      [&](const std::string& name, std::span<const std::byte> bytes) { out.stage(name, bytes); });
  const std::string summary = summary_json(run_options, result, total_ms);
  out.stage("summary.json", std::as_bytes(std::span<const char>(summary)));
  // The files of their own staged too, so that a failure in any of them writes nothing.
  std::vector<io::StagedFile> files;
  // With --preset, each heightmap at the preset's size, with its sidecar (preset_export.h).
  std::vector<std::pair<int, int>> preset_sizes;
  for (const auto& [path, field] : {std::pair{&options.heightmap, &map.heights()},
                                    std::pair{&options.heightmap_original, &map.original()}}) {
    if (path->empty()) continue;
    if (options.preset) {
      const exports::PresetHeightmap preset = exports::preset_heightmap(
          *field, *options.preset, options.preset_size, options.preset_fit, options.units,
          *io::heightmap_format_for(*path), path->filename().string(),
          exports::map_facts_json(map));
      files.push_back(stage_file(*path, preset.bytes));
      files.push_back(stage_file(
          exports::sidecar_path(*path),
          std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(preset.sidecar.data()),
                                   preset.sidecar.size())));
      preset_sizes.emplace_back(preset.width, preset.height);
      continue;
    }
    files.push_back(stage_file(
        *path,
        io::encode_heightmap(*field, io::heightmap_format_for(*path).value(), options.units)));
  }
  const render::ColorScheme& scheme = *render::find_color_scheme(options.scheme);
  exports::SvgCounts svg_counts;
  // The SVG and the mesh as the app's panel makes them (map_exports.h).
  if (!options.svg.empty()) {
    const std::string text = exports::svg_of_map(
        map, result.hydrology, {options.contour_levels, options.rivers_by, options.min_flow},
        scheme, options.svg_page, &svg_counts);
    files.push_back(stage_file(
        options.svg,
        std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(text.data()), text.size())));
  }
  if (!options.mesh.empty()) {
    files.push_back(stage_file(
        options.mesh, exports::mesh_of_map(map, scheme, options.exaggeration, options.units,
                                           exports::mesh_format_for(options.mesh).value())));
  }
  if (!options.save_map.empty()) {
    session::SavedMap saved = result.recorded->save();
    saved.view.routing = options.routing;
    saved.view.min_flow = static_cast<int>(
        std::min<uint64_t>(options.min_flow, static_cast<uint64_t>(map.width()) * map.height()));
    saved.view.contour_levels = options.contour_levels;
    saved.view.rivers_by = options.rivers_by;
    files.push_back(stage_file(options.save_map, session::map_file_bytes(saved)));
  }
  if (layers_out) {
    for (const io::NamedFile& file :
         exports::layer_files(map.heights(), map.settings().sea_level, result.hydrology, scheme)) {
      layers_out->stage(file.name, std::as_bytes(std::span<const uint8_t>(file.bytes)));
    }
  }
  out.commit();
  if (layers_out) layers_out->commit();
  for (io::StagedFile& file : files) {
    try {
      file.commit(options.force ? io::WriteMode::replace : io::WriteMode::never_overwrite);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
  }
  progress.finish();

  std::printf("wrote %zu files to %s\n", names.size(), options.out.c_str());
  if (layers_out) {
    std::printf("wrote %zu pictures to %s\n", layer_names.size(), options.layers.c_str());
  }
  // A preset's heightmap has its size, range and import settings in its sidecar.
  if (options.preset) {
    std::size_t k = 0;
    for (const std::filesystem::path* path : {&options.heightmap, &options.heightmap_original}) {
      if (path->empty()) continue;
      const auto [w, h] = preset_sizes[k++];
      std::printf("wrote %s (%d x %d, for %s; how to import it: %s)\n", path->c_str(), w, h,
                  std::string(exports::engine_preset_name(*options.preset)).c_str(),
                  exports::sidecar_path(*path).c_str());
    }
  }
  // A raw heightmap holds neither its size nor its range: they are printed for the reader.
  for (const auto& [path, field] : {std::pair{&options.heightmap, &map.heights()},
                                    std::pair{&options.heightmap_original, &map.original()}}) {
    if (path->empty() || options.preset) continue;
    const io::Quantized16 q = io::quantize16(*field);
    // In real units, the range in metres too: what the float formats hold, and what a game
    // engine's height is to be scaled to for the 16-bit ones.
    std::string metres;
    if (options.units.given()) {
      const auto in_metres = [&](float h) {
        const auto m = static_cast<float>(static_cast<double>(h) * options.units.height_scale);
        char text[32];
        return std::string(text, std::to_chars(text, text + sizeof text, m).ptr);
      };
      metres = "; " + in_metres(q.min) + " to " + in_metres(q.max) + " m, cells of " +
               number_text(options.units.cell_size) + " m";
    }
    std::printf("wrote %s (%d x %d, heights %s to %s%s)\n", path->c_str(), field->width(),
                field->height(), number_text(q.min).c_str(), number_text(q.max).c_str(),
                metres.c_str());
  }
  if (!options.svg.empty()) {
    std::string paper;
    if (options.svg_page.paper) {
      paper = ", on " + number_text(options.svg_page.paper->width_mm) + " x " +
              number_text(options.svg_page.paper->height_mm) + " mm paper";
      if (options.svg_page.pen_mm > 0) {
        paper += ", a " + number_text(options.svg_page.pen_mm) + " mm pen";
      }
    }
    std::printf(
        "wrote %s (%zu coastline, %zu contour and %zu index contour lines, %zu river "
        "reaches%s)\n",
        options.svg.c_str(), svg_counts.coastline, svg_counts.contours, svg_counts.index_contours,
        svg_counts.rivers, paper.c_str());
  }
  if (!options.save_map.empty()) {
    const session::History& h = result.recorded->history();
    const std::size_t steps = h.steps().size();
    std::printf("wrote %s (a map file: %zu step%s, drop %s of its map)\n", options.save_map.c_str(),
                steps, steps == 1 ? "" : "s", with_thousands(result.map().drops()).c_str());
  }
  if (!options.mesh.empty()) {
    const int w = result.map().width();
    const int h = result.map().height();
    const std::string scale = options.units.given()
                                  ? "in metres: cells of " + number_text(options.units.cell_size) +
                                        " m, heights x " + number_text(options.units.height_scale) +
                                        " m"
                                  : "heights x " + number_text(options.exaggeration);
    std::printf("wrote %s (%zu vertices, %zu triangles, %s)\n", options.mesh.c_str(),
                result.map().heights().size(),
                2 * static_cast<std::size_t>(w - 1) * static_cast<std::size_t>(h - 1),
                scale.c_str());
  }
  return kExitDone;
}

}  // namespace

int main(int argc, char** argv) {
  // Past a file-size limit (ulimit -f), write() fails with EFBIG: a clean error and a clean
  // undo, where the default SIGXFSZ would kill the program with temporaries left behind.
  std::signal(SIGXFSZ, SIG_IGN);
  catch_stop_signals();
  // A line is out as soon as it is written, into a pipe or a log too (--verify-map's lines).
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  Progress progress(stderr, ::isatty(STDERR_FILENO) != 0, std::chrono::steady_clock::now());
  try {
    return run(args, progress);
  } catch (const session::WorkStopped&) {
    progress.finish();
    const bool interrupted = g_signal == SIGINT;
    std::fprintf(stderr, "terrain-cli: stopped by %s: nothing written\n",
                 interrupted ? "SIGINT" : "SIGTERM");
    return 128 + (interrupted ? SIGINT : SIGTERM);
  } catch (const UsageError& e) {
    progress.finish();  // a progress line showing on a terminal ends first
    std::fprintf(stderr, "terrain-cli: %s\n", cut(e.what()).c_str());
    return kExitUsage;
  } catch (const std::exception& e) {
    progress.finish();
    std::fprintf(stderr, "terrain-cli: unexpected failure: %s\n", cut(e.what()).c_str());
    return kExitUnexpected;
  }
}
