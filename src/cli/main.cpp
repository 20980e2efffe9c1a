// terrain-cli: the core from the command line. Makes a terrain, rains on it, works out its
// drainage, and writes the grids as .npy files plus summary.json (terrain-cli --help); or,
// as "terrain-cli skyline", writes a side-view skyline (skyline_command.h).
//
// The order of things, so that bad input never leaves anything behind:
//   1. read and check every flag (options.cpp);
//   2. check the output directory: no existing output file unless --force, create it if
//      needed, prove it can be written (output_dir.cpp);
//   3. run the pipeline (pipeline.cpp), with progress on stderr for runs over a second;
//   4. stage every file, then put them all in place; print "wrote 9 files to DIR".
// Exit status: 0 done; 2 bad input or an unusable output directory (one line on stderr,
// nothing written); 1 anything unexpected.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
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
#include "core/ground_fit.h"
#include "core/number_text.h"
#include "exports/map_files.h"
#include "io/atomic_file.h"
#include "io/ground_file.h"
#include "io/heightmap.h"
#include "io/npy.h"
#include "io/png.h"
#include "render/geometry/color_scheme.h"

namespace {

using namespace terrain;
using namespace terrain::cli;

// Exit statuses.
constexpr int kExitDone = 0;
constexpr int kExitUnexpected = 1;
constexpr int kExitUsage = 2;

// Every file a run writes, in the order they are written.
std::vector<std::string> output_names() {
  return {"original.npy", "eroded.npy",   "filled.npy", "flow.npy",    "downstream.npy",
          "basins.npy",   "strahler.npy", "lakes.npy",  "summary.json"};
}

// A --heightmap file is checked before any work, as the directory's files are: no existing
// file without --force, and a directory that exists and can be written.
void check_heightmap_target(const char* flag, const std::filesystem::path& path, bool force) {
  if (path.empty()) return;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw UsageError(std::string("terrain-cli: ") + flag + " " + cli::quoted(path.string()) +
                     " is a directory (allowed: a file path)");
  }
  if (!force && std::filesystem::exists(path, ec)) {
    throw UsageError(std::string("terrain-cli: ") + flag + " " + cli::quoted(path.string()) +
                     " already exists (pass --force to replace it)");
  }
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : ".";
  if (!std::filesystem::is_directory(dir, ec)) {
    throw UsageError(std::string("terrain-cli: ") + flag + " " + cli::quoted(path.string()) +
                     ": its directory " + cli::quoted(dir.string()) + " does not exist");
  }
  if (::access(dir.c_str(), W_OK) != 0) {
    throw UsageError(std::string("terrain-cli: ") + flag + " " + cli::quoted(path.string()) +
                     ": its directory " + cli::quoted(dir.string()) + " cannot be written");
  }
}

// A heightmap's bytes, staged beside its target to be put in place with the directory's files.
io::StagedFile stage_heightmap(const std::filesystem::path& path, const Heightfield& field) {
  const std::vector<uint8_t> bytes =
      io::encode_heightmap(field, io::heightmap_format_for(path).value());
  try {
    return io::StagedFile(path, std::as_bytes(std::span<const uint8_t>(bytes)));
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string("terrain-cli: ") + e.what());
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
  // Your own ground: read and fitted before anything is written (a bad file is bad input).
  Heightfield ground;
  Options run_options = options;
  if (!options.ground.empty()) {
    io::HeightmapFile file;
    try {
      file = io::read_heightmap(options.ground);
    } catch (const io::HeightmapError& e) {
      throw UsageError(std::string("terrain-cli: --ground ") + e.what());
    }
    if (!options.size_given) {
      const auto [w, h] = default_ground_size(file.heights.width(), file.heights.height());
      run_options.width = w;
      run_options.height = h;
    }
    ground = io::ground_from(file, run_options.width, run_options.height, options.fit);
  }
  const std::vector<std::string> names = output_names();
  check_heightmap_target("--heightmap", options.heightmap, options.force);
  check_heightmap_target("--heightmap-original", options.heightmap_original, options.force);
  OutputDirectory out(options.out, names, options.force);
  // The hydrology's pictures: a directory of their own, checked as the grids' is.
  const std::vector<std::string> layer_names = {"flow.png", "basins.png", "strahler.png",
                                                "lakes.png"};
  std::optional<OutputDirectory> layers_out;
  if (!options.layers.empty()) layers_out.emplace(options.layers, layer_names, options.force);

  const PipelineResult result =
      run_pipeline(run_options, progress, options.ground.empty() ? nullptr : &ground);
  const double total_ms = progress.elapsed_ms();

  progress.stage("writing: " + std::to_string(names.size()) + " files");
  // The grids, as the app's panel exports them too (map_files.h), one file's bytes at a time:
  // only the temporaries hold them all.
  exports::each_grid_file(
      result.original, result.eroded, result.hydrology,
      [&](const std::string& name, std::span<const std::byte> bytes) { out.stage(name, bytes); });
  const std::string summary = summary_json(run_options, result, total_ms);
  out.stage("summary.json", std::as_bytes(std::span<const char>(summary)));
  // The heightmaps staged too, so that a failure in any of them writes nothing.
  std::vector<io::StagedFile> heightmaps;
  if (!options.heightmap.empty()) {
    heightmaps.push_back(stage_heightmap(options.heightmap, result.eroded));
  }
  if (!options.heightmap_original.empty()) {
    heightmaps.push_back(stage_heightmap(options.heightmap_original, result.original));
  }
  if (layers_out) {
    for (const io::NamedFile& file :
         exports::layer_files(result.eroded, run_options.rain.sea_level, result.hydrology,
                              *render::find_color_scheme("site_dark"))) {
      layers_out->stage(file.name, std::as_bytes(std::span<const uint8_t>(file.bytes)));
    }
  }
  out.commit();
  if (layers_out) layers_out->commit();
  for (io::StagedFile& file : heightmaps) {
    try {
      file.commit(options.force ? io::WriteMode::replace : io::WriteMode::never_overwrite);
    } catch (const std::runtime_error& e) {
      throw UsageError(std::string("terrain-cli: ") + e.what());
    }
  }
  progress.finish();

  std::printf("wrote %zu files to %s\n", names.size(), options.out.c_str());
  if (layers_out) {
    std::printf("wrote %zu pictures to %s\n", layer_names.size(), options.layers.c_str());
  }
  // A raw heightmap holds neither its size nor its range: they are printed for the reader.
  for (const auto& [path, field] : {std::pair{&options.heightmap, &result.eroded},
                                    std::pair{&options.heightmap_original, &result.original}}) {
    if (path->empty()) continue;
    const io::Quantized16 q = io::quantize16(*field);
    std::printf("wrote %s (%d x %d, heights %s to %s)\n", path->c_str(), field->width(),
                field->height(), number_text(q.min).c_str(), number_text(q.max).c_str());
  }
  return kExitDone;
}

}  // namespace

int main(int argc, char** argv) {
  // Past a file-size limit (ulimit -f), write() fails with EFBIG: a clean error and a clean
  // undo, where the default SIGXFSZ would kill the program with temporaries left behind.
  std::signal(SIGXFSZ, SIG_IGN);
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  Progress progress(stderr, ::isatty(STDERR_FILENO) != 0, std::chrono::steady_clock::now());
  try {
    return run(args, progress);
  } catch (const UsageError& e) {
    progress.finish();  // a progress line showing on a terminal ends first
    std::fprintf(stderr, "%s\n", e.what());
    return kExitUsage;
  } catch (const std::exception& e) {
    progress.finish();
    std::fprintf(stderr, "terrain-cli: unexpected failure: %s\n", e.what());
    return kExitUnexpected;
  }
}
