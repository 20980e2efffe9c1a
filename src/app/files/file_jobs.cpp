// The file jobs (see file_jobs.h). Sections:
//   1. start: the preferences and the save folder
//   2. the commands about files, and the frame's update
//   3. the file choosers: the desktop's, else the window's own dialog
//   4. PNG snapshots, and the run's last files (--screenshot, --cells, --save-map)
#include "app/files/file_jobs.h"

#include <chrono>
#include <cstdio>
#include <exception>
#include <string>
#include <tuple>
#include <utility>
#include <variant>

#include "app/files/config_paths.h"
#include "core/overloaded.h"
#include "io/atomic_file.h"
#include "io/heightmap_png.h"
#include "io/png.h"
#include "session/saved_map.h"

namespace terrain::app {

// --- 1. start ----------------------------------------------------------------------------------

FileJobs::FileJobs(const AppOptions& options, AppCore& core, ShellState& shell,
                   render::MapRenderer& renderer, Window& window, Host& host)
    : options_(options),
      core_(core),
      model_(core.model()),
      ui_(core.ui()),
      shell_(shell),
      renderer_(renderer),
      window_(window),
      host_(host),
      scripted_(options.frames.has_value()) {
  // Where saves go: --save-folder for this run, else the folder last chosen, else a folder in
  // the desktop's Pictures (made on the first save), never the working directory (the home
  // folder for a program started from a launcher).
  if (const auto folder = config_folder()) preferences_file_ = *folder / "preferences.json";
  if (preferences_file_) preferences_ = load_preferences(*preferences_file_);
  std::string folder = options.save_folder;
  if (folder.empty()) folder = preferences_.save_folder;
  if (folder.empty()) {
    default_folder_ = default_save_folder();
    folder = default_folder_->string();
  }
  shell_.save_folder = folder;
  // The desktop's chooser, or else the window's own dialog: there is always one.
  shell_.can_choose_files = true;
}

std::filesystem::path FileJobs::save_folder() {
  const std::filesystem::path folder = !shell_.save_folder.empty() ? shell_.save_folder : ".";
  // The default folder in Pictures is made on the first save; a folder the user named must
  // be there (a typo should not make folders).
  if (default_folder_ && folder == *default_folder_) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
  }
  return folder;
}

void FileJobs::set_save_folder(const std::string& path) {
  shell_.save_folder = path;
  default_folder_.reset();
  preferences_.save_folder = path;
  keep_preferences();
}

void FileJobs::keep_preferences() {
  if (!preferences_file_) return;
  try {
    save_preferences(*preferences_file_, preferences_);
  } catch (const std::exception& e) {
    host_.refuse(
        std::string("the save folder and the recent folders are not kept for the next run: ") +
        e.what());
  }
}

// --- 2. the commands, and the frame's update ---------------------------------------------------

void FileJobs::carry_out(const FileCommand& command) {
  std::visit(Overloaded{[&](const OpenFile& c) { open_file(c.path); },
                        [&](const SetSaveFolder& c) { set_save_folder(c.path); },
                        [&](const SaveMap& c) { save_map(c.path, c.replace); },
                        [&](const ExportTo& c) { export_to(c); }},
             command);
}

void FileJobs::open_recent(int index) {
  // Through the core, as every file to open: it waits its turn while the map is busy.
  if (recent_ && index >= 0 && static_cast<std::size_t>(index) < recent_->paths().size()) {
    core_.dispatch(OpenFile{recent_->paths()[static_cast<std::size_t>(index)]});
  }
}

void FileJobs::remove_recent(int index) {
  if (recent_ && index >= 0) recent_->remove(static_cast<std::size_t>(index));
  recent_looked_ = -1e9;  // shown again at once
}

void FileJobs::update() {
  step_render();
  update_recording();
  update_open();
  update_open_map();
  update_chooser();
  update_title();
  update_autosave();
  update_recent();
}

bool FileJobs::background_work() const {
  return chooser_.open() || opening_.valid() || render_saved_.valid() || recording_ != nullptr;
}

std::optional<std::pair<std::string, const session::Work*>> FileJobs::opening_progress() const {
  if (!opening_map_.valid() || !opening_work_) return std::nullopt;
  return std::pair<std::string, const session::Work*>{"Opening " + opening_path_,
                                                      opening_work_.get()};
}

// --- 3. the file choosers ----------------------------------------------------------------------

// Where the chooser starts, and the name it suggests: the path typed in the panel for it (the
// heightmap's, the map file's), else the map's own file, else the save folder; an export is
// named as the save folder's would be.
void FileJobs::choose_file(FileChoice what) {
  if (chooser_.open() || file_dialog_.is_open()) return;
  std::filesystem::path from = shell_.save_folder;
  std::string name;
  if (what == FileChoice::heightmap && !ui_.heightmap_path.empty()) {
    from = std::filesystem::path(ui_.heightmap_path).parent_path();
    name = std::filesystem::path(ui_.heightmap_path).filename().string();
  } else if (what == FileChoice::map_to_open || what == FileChoice::map_to_save) {
    if (!ui_.map_name.empty()) {
      from = std::filesystem::path(ui_.map_name).parent_path();
      name = std::filesystem::path(ui_.map_name).filename().string();
    } else if (!ui_.map_path.empty()) {
      from = std::filesystem::path(ui_.map_path).parent_path();
      name = std::filesystem::path(ui_.map_path).filename().string();
    }
  } else if (is_export(what)) {
    name = save_stem();
    if (what == FileChoice::export_heights) name += "_heights";
    if (what == FileChoice::export_original) name += "_original";
    if (what == FileChoice::export_layers) name += "_layers";
    if (what == FileChoice::export_grids) name += "_grids";
    const std::vector<std::string> extensions =
        dialog_kind(what, ui_.export_format, ui_.export_preset.has_value()).extensions;
    if (!extensions.empty()) name += extensions.front();
  }
  if (from.empty()) from = save_folder();
  const DialogKind kind = dialog_kind(what, ui_.export_format, ui_.export_preset.has_value());
  if (chooser_.available() && chooser_.start(what, kind, from.string(), name)) return;
  // No desktop chooser (zenity missing, or it would not start): the window's own.
  file_dialog_.open(what, kind, from, name, preferences_.recent_folders);
  shell_.choosing_file = true;
}

// Every frame: an answer from the desktop's chooser or the window's dialog, carried out.
void FileJobs::update_chooser() {
  if (auto answer = file_dialog_.take_answer()) {
    // The folders used lately, kept between runs.
    if (preferences_.recent_folders != file_dialog_.recent()) {
      preferences_.recent_folders = file_dialog_.recent();
      keep_preferences();
    }
    carry_out_choice(answer->what, answer->path, answer->replace);
  }
  shell_.choosing_file = chooser_.open() || file_dialog_.is_open();
  const auto answer = chooser_.poll();
  if (!answer) return;  // still open
  if (answer->failed) {
    // It started but could not show itself: the window's own dialog, from now on.
    chooser_.give_up();
    choose_file(answer->what);
    return;
  }
  // zenity asked before replacing the file it named (--confirm-overwrite); a name given
  // without the extension gets it, and then nothing is replaced without asking.
  std::string path = answer->path;
  bool replace = false;
  const DialogKind kind =
      dialog_kind(answer->what, ui_.export_format, ui_.export_preset.has_value());
  if (!path.empty() && kind.mode == DialogMode::save_file) {
    replace = has_extension(path, kind.extensions);
    if (!replace) path += kind.extensions.front();
  }
  carry_out_choice(answer->what, path, replace);
}

void FileJobs::carry_out_choice(FileChoice what, const std::string& path, bool replace) {
  if (path.empty()) {
    // Cancelled: the question's Save waits no more (the question stays).
    if (what == FileChoice::map_to_save) {
      quit_after_save_ = false;
      open_after_save_.clear();
    }
    return;
  }
  switch (what) {
    case FileChoice::save_folder:
      core_.dispatch(SetSaveFolder{path});
      tell("Saves go to " + path);
      return;
    case FileChoice::map_to_save:
      core_.dispatch(SaveMap{path, replace});
      return;
    case FileChoice::map_to_open:
      core_.dispatch(OpenFile{path});
      return;
    case FileChoice::heightmap:
      core_.dispatch(SetTyped{TypedField::heightmap, path});
      core_.dispatch(OpenFile{path});
      return;
    default:
      core_.dispatch(ExportTo{what, path, replace});
      return;
  }
}

// --- 4. PNG snapshots, and the run's last files --------------------------------------------------

void FileJobs::save_png(const ExportTarget& to) {
  int pw = 0;
  int ph = 0;
  window_.drawable_size(pw, ph);
  snapshot_pixels_.resize(static_cast<std::size_t>(pw) * static_cast<std::size_t>(ph) * 4);
  renderer_.snapshot(host_.picture_inputs(pw, ph), pw, ph, snapshot_pixels_);
  if (to.path.empty()) {
    saved(io::save_snapshot(save_folder(), save_stem(), snapshot_pixels_, pw, ph), "");
    return;
  }
  std::vector<uint8_t> png;
  try {
    png = io::encode_png_rgba_quick(snapshot_pixels_, pw, ph);
  } catch (const std::exception& e) {
    saved(io::SaveResult{false, {}, e.what()}, "");
    return;
  }
  saved(save_export(to, "", ".png", png), "");
}

int FileJobs::finish_run() {
  int exit_code = 0;
  if (finish_recording() != 0) exit_code = 1;
  if (!options_.screenshot.empty() && write_screenshot() != 0) exit_code = 1;
  // The map file after the last frame (its message on stdout, or on stderr when it failed).
  if (!options_.save_map.empty() && !save_map(options_.save_map, false)) exit_code = 1;
  if (!options_.cells.empty() && write_cells() != 0) exit_code = 1;
  return exit_code;
}

int FileJobs::write_screenshot() {
  int pw = 0;
  int ph = 0;
  window_.drawable_size(pw, ph);
  std::vector<uint8_t> pixels;
  if (options_.render_size) {
    // At the size asked for, in tiles, as the panel's Render PNG draws it.
    std::tie(pw, ph) = *options_.render_size;
    pixels = render::LargeRender::render(renderer_, host_.picture_inputs(pw, ph), pw, ph);
  } else {
    pixels = renderer_.snapshot(host_.picture_inputs(pw, ph), pw, ph);
  }
  try {
    // A large picture through the quick encoder (an 8K map in under 2 s, where stb takes 7).
    if (options_.render_size) {
      io::write_file_atomically(options_.screenshot,
                                std::span<const uint8_t>(io::encode_png_rgba_quick(pixels, pw, ph)),
                                io::WriteMode::never_overwrite);
    } else {
      io::write_png(options_.screenshot, pixels, pw, ph, io::PixelFormat::rgba8);
    }
    saved(io::SaveResult{true, options_.screenshot, ""}, "");  // "Saved PATH", as every save
  } catch (const std::exception& e) {
    std::fprintf(stderr, "terrain-sandbox: --screenshot: %s\n", e.what());
    return 1;
  }
  return 0;
}

// The relief as last drawn: one pixel per cell, before it is scaled up.
int FileJobs::write_cells() {
  const Heightfield& terrain = model_.terrain();
  std::vector<uint8_t> cells(terrain.size() * 4);
  renderer_.read_relief_cells(cells);
  try {
    io::write_png(options_.cells, cells, terrain.width(), terrain.height(), io::PixelFormat::rgba8);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "terrain-sandbox: --cells: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace terrain::app
