// The files the app opens and exports (see file_jobs.h): a heightmap opened as the ground, and the
// exports of the Output section, written into the save folder under the sketch's save name,
// never over a file and whole or not at all (io/snapshot_file.h).
//
// What each export holds, at the moment it is asked for:
//   heights / original  the ground after the rain (or before it) in the panel's format
//   layers              the hydrology's pictures in the current scheme (exports/map_files.h)
//   grids               the .npy set terrain-cli writes
// The layers and grids are of the ground after the rain, their hydrology worked out for it
// then (with the view's routing, minimum flow and sea level), so every file of an export is of
// the same heights, even mid-rain, when the map's own hydrology follows on the rivers'
// schedule.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <filesystem>
#include <future>
#include <memory>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "app/files/file_dialog.h"
#include "app/files/file_jobs.h"
#include "core/hydrology.h"
#include "core/number_text.h"
#include "exports/engine_preset.h"
#include "exports/map_exports.h"
#include "exports/map_files.h"
#include "exports/mesh.h"
#include "exports/svg.h"
#include "io/atomic_file.h"
#include "io/ground_file.h"
#include "io/heightmap.h"
#include "io/heightmap_png.h"
#include "render/geometry/color_scheme.h"
#include "session/saved_map.h"

namespace terrain::app {
// Reads and fits a heightmap: no state of the app touched, so it runs on a worker as well.
GroundRead FileJobs::load_ground(const std::string& path, GroundFit fit) {
  GroundRead loaded;
  loaded.path = path;
  io::HeightmapFile file;
  try {
    file = io::read_heightmap(path);
    loaded.file_w = file.heights.width();
    loaded.file_h = file.heights.height();
    loaded.own_heights = file.own_heights;
    loaded.ground.name = std::filesystem::path(path).filename().string();
    loaded.ground.fit = fit;
  } catch (const io::HeightmapError& e) {
    // read_heightmap's message starts with the path: "dem.png: truncated".
    loaded.error = std::string("Cannot open ") + e.what();
    return loaded;
  } catch (const std::bad_alloc&) {
    loaded.error = "Cannot open " + path + ": there is not enough memory to open it";
    return loaded;
  } catch (const std::exception& e) {
    loaded.error = "Cannot open " + path + ": " + e.what();
    return loaded;
  }
  try {
    loaded.ground.heights =
        std::make_shared<const Heightfield>(io::ground_from(file, sketch::COLS, sketch::ROWS, fit));
  } catch (const std::bad_alloc&) {
    loaded.error = "Cannot open " + path + ": there is not enough memory to open it";
  } catch (const std::exception& e) {
    loaded.error = "Cannot open " + path + ": " + e.what();
  }
  return loaded;
}

void FileJobs::open_file(const std::string& path) {
  if (session::is_map_file_path(path)) {
    open_map(path);
    return;
  }
  // At start (terrain-sandbox FILE) the ground is read before the first frame, so a script's
  // pictures are of it and a bad file can end the run.
  if (!started_) {
    core_.dispatch(
        LandGround{std::make_shared<const GroundRead>(load_ground(path, ui_.ground_fit))});
    return;
  }
  // In the window: read and fitted on a worker (a 4096² PNG takes about 0.4 s), the window
  // drawing meanwhile; files given while one is read are opened after it, in order, each
  // with its message (the last one good is the ground).
  if (opening_.valid()) {
    next_opens_.push_back(path);
    return;
  }
  opening_ = std::async(std::launch::async, &FileJobs::load_ground, path, ui_.ground_fit);
  tell("Opening " + path + "...");
}

// Every frame: a heightmap read on its worker lands (carried out as the map command it is).
void FileJobs::update_open() {
  if (!opening_.valid() ||
      opening_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
    return;
  }
  core_.dispatch(LandGround{std::make_shared<const GroundRead>(opening_.get())});
  if (!next_opens_.empty()) {
    const std::string next = std::move(next_opens_.front());
    next_opens_.pop_front();
    open_file(next);
  }
}

std::string FileJobs::save_stem() const {
  return io::snapshot_stem(render::color_schemes()[static_cast<std::size_t>(ui_.scheme)].key,
                           model_.seed(), model_.drops(), static_cast<int64_t>(std::time(nullptr)));
}

void FileJobs::saved(const io::SaveResult& result, const std::string& what) {
  const std::string message =
      host_.post(result.ok ? "Saved " + result.path.string() + what : "Not saved: " + result.error,
                 !result.ok);
  std::fprintf(result.ok ? stdout : stderr, "%s\n", message.c_str());
  std::fflush(stdout);
}

io::SaveResult FileJobs::save_export(const ExportTarget& to, const std::string& stem,
                                     const std::string& extension, std::span<const uint8_t> bytes) {
  if (to.path.empty()) return io::save_new_file(save_folder(), stem, extension, bytes);
  try {
    io::write_file_atomically(to.path, bytes,
                              to.replace ? io::WriteMode::replace : io::WriteMode::never_overwrite);
  } catch (const std::exception& e) {
    return io::SaveResult{false, {}, e.what()};
  }
  return io::SaveResult{true, to.path, ""};
}

io::SaveResult FileJobs::save_export_folder(const ExportTarget& to, const std::string& stem,
                                            const std::vector<io::NamedFile>& files) {
  if (to.path.empty()) return io::save_new_folder(save_folder(), stem, files);
  // The folder chosen, made new (never into one that is there: -2, -3 ... then).
  const std::filesystem::path path(to.path);
  return io::save_new_folder(path.parent_path(), path.filename().string(), files);
}

// Export as...: the export `to.what` names, to its path.
void FileJobs::export_to(const ExportTo& to) {
  const ExportTarget target{to.path, to.replace};
  switch (to.what) {
    case FileChoice::export_picture:
      save_png(target);
      return;
    case FileChoice::export_heights:
    case FileChoice::export_original:
      export_heightmap(to.what == FileChoice::export_original, target);
      return;
    case FileChoice::export_layers:
      export_layers(target);
      return;
    case FileChoice::export_grids:
      export_grids(target);
      return;
    case FileChoice::export_svg:
      export_svg(target);
      return;
    case FileChoice::export_glb:
    case FileChoice::export_obj:
      export_mesh(to.what == FileChoice::export_obj, target);
      return;
    default:
      host_.refuse("not an export: " + to.path);
      return;
  }
}

void FileJobs::export_heightmap(bool original, const ExportTarget& to) {
  const Heightfield& field = original ? model_.original() : model_.heights();
  const io::HeightmapFormat format = ui_.export_format;
  if (ui_.export_preset) {
    // For a program: a new folder of the heightmap at its size and the sidecar saying how to
    // import it (exports/engine_preset.h), as terrain-cli --preset makes them.
    const std::string name =
        std::string(original ? "original" : "heights") + heightmap_extension(format);
    exports::PresetHeightmap preset;
    try {
      preset = exports::preset_heightmap(field, *ui_.export_preset, {0, 0}, GroundFit::crop,
                                         ui_.real_units, format, name,
                                         exports::map_facts_json(model_.map()));
    } catch (const std::exception& e) {
      saved(io::SaveResult{false, {}, e.what()}, "");
      return;
    }
    const std::string program(exports::engine_preset_name(*ui_.export_preset));
    std::vector<io::NamedFile> files;
    files.push_back({name, std::move(preset.bytes)});
    files.push_back({exports::sidecar_path(name).string(),
                     std::vector<uint8_t>(preset.sidecar.begin(), preset.sidecar.end())});
    saved(save_export_folder(to, save_stem() + (original ? "_original_" : "_heights_") + program,
                             files),
          " (" + std::to_string(preset.width) + " x " + std::to_string(preset.height) + ", for " +
              program + ")");
    return;
  }
  std::vector<uint8_t> bytes;
  try {
    bytes = io::encode_heightmap(field, format, ui_.real_units);
  } catch (const std::exception& e) {
    saved(io::SaveResult{false, {}, e.what()}, "");
    return;
  }
  // A raw file holds neither its size nor its range: the message says them.
  std::string what;
  if (format == io::HeightmapFormat::r16) {
    const io::Quantized16 q = io::quantize16(field);
    what = " (" + std::to_string(field.width()) + " x " + std::to_string(field.height()) +
           ", heights " + number_text(q.min) + " to " + number_text(q.max) + ")";
  }
  saved(save_export(to, save_stem() + (original ? "_original" : "_heights"),
                    heightmap_extension(format), bytes),
        what);
}

namespace {

// The hydrology of `ground` as the map works it out (its routing, minimum flow and sea level).
// The map's hydrology as the view's settings ask for it, as terrain-cli works it out.
Hydrology hydrology_now(const session::LiveModel& model) {
  const session::Settings& s = model.settings();
  return session::hydrology_of(model.map(), s.routing, static_cast<uint32_t>(s.min_flow));
}

}  // namespace

void FileJobs::export_layers(const ExportTarget& to) {
  const Hydrology hydrology = hydrology_now(model_);
  const render::ColorScheme& scheme = render::color_schemes()[static_cast<std::size_t>(ui_.scheme)];
  saved(save_export_folder(
            to, save_stem() + "_layers",
            exports::layer_files(model_.heights(), model_.settings().sea_level, hydrology, scheme)),
        " (flow.png, basins.png, strahler.png, lakes.png)");
}

void FileJobs::export_grids(const ExportTarget& to) {
  const Hydrology hydrology = hydrology_now(model_);
  saved(save_export_folder(to, save_stem() + "_grids",
                           exports::grid_files(model_.original(), model_.heights(), hydrology)),
        " (8 .npy grids)");
}

// The SVG and the mesh as terrain-cli makes them (exports/map_exports.h), so the same map
// gives the same file.
void FileJobs::export_svg(const ExportTarget& to) {
  const session::Settings& s = model_.settings();
  std::string svg;
  try {
    svg = exports::svg_of_map(model_.map(), hydrology_now(model_),
                              {s.contour_levels, s.rivers_by, static_cast<uint32_t>(s.min_flow)},
                              render::color_schemes()[static_cast<std::size_t>(ui_.scheme)],
                              ui_.svg_page);
  } catch (const std::exception& e) {
    saved(io::SaveResult{false, {}, e.what()}, "");
    return;
  }
  saved(save_export(
            to, save_stem(), ".svg",
            std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(svg.data()), svg.size())),
        "");
}

void FileJobs::export_mesh(bool obj, const ExportTarget& to) {
  std::vector<uint8_t> bytes;
  try {
    // In metres, in place of the exaggeration, when the real units are given.
    bytes = exports::mesh_of_map(model_.map(),
                                 render::color_schemes()[static_cast<std::size_t>(ui_.scheme)],
                                 exports::kDefaultExaggeration, ui_.real_units,
                                 obj ? exports::MeshFormat::obj : exports::MeshFormat::glb);
  } catch (const std::exception& e) {
    saved(io::SaveResult{false, {}, e.what()}, "");
    return;
  }
  saved(save_export(to, save_stem(), obj ? ".obj" : ".glb", bytes), "");
}

// --- Pictures at any size ------------------------------------------------------------------

void FileJobs::start_render(int width, int height) {
  if (large_.active() || render_saved_.valid()) {
    host_.refuse("a picture is already being rendered");
    return;
  }
  if (width < io::kMinRenderSide || width > io::kMaxRenderWidth || height < io::kMinRenderSide ||
      height > io::kMaxRenderHeight) {
    host_.refuse("Render size " + std::to_string(width) + " x " + std::to_string(height) +
                 " is not allowed: W " + std::to_string(io::kMinRenderSide) + ".." +
                 std::to_string(io::kMaxRenderWidth) + " and H " +
                 std::to_string(io::kMinRenderSide) + ".." + std::to_string(io::kMaxRenderHeight));
    return;
  }
  try {
    large_.start(host_.picture_inputs(width, height), width, height);
  } catch (const std::exception& e) {
    host_.refuse(std::string("Cannot render: ") + e.what());
    return;
  }
  render_what_ = " (" + std::to_string(width) + " x " + std::to_string(height) + ")";
  shell_.render_tiles = large_.tiles();
  shell_.render_tiles_done = 0;
}

// One tile a frame while a picture is drawn (the map waits meanwhile, so every tile is of the
// same map); then its PNG is encoded and written on a worker thread, and the message given
// when that is done.
void FileJobs::step_render() {
  if (large_.active()) {
    large_.step(renderer_);
    shell_.render_tiles_done = large_.tiles_done();
    if (!large_.active()) {
      shell_.render_tiles = 0;
      shell_.render_saving = true;
      render_saved_ = std::async(
          std::launch::async, [image = large_.take_image(), w = large_.width(), h = large_.height(),
                               folder = save_folder().string(),
                               stem = save_stem() + "_" + std::to_string(large_.width()) + "x" +
                                      std::to_string(large_.height())]() {
            std::vector<uint8_t> png;
            try {
              png = io::encode_png_rgba_quick(image, w, h);
            } catch (const std::exception& e) {
              return io::SaveResult{false, {}, e.what()};
            }
            return io::save_new_file(folder, stem, ".png", png);
          });
    }
  }
  if (render_saved_.valid() &&
      render_saved_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    shell_.render_saving = false;
    saved(render_saved_.get(), render_what_);
  }
}

}  // namespace terrain::app
