// Map files in the window (see file_jobs.h): Save, Save as, Open, a map file given as FILE or
// dropped, a script's {"save_map"} and --save-map, and the window's title, which names the map
// and marks it when it has changed since it was saved. The file's contents are the session's
// (session/saved_map.h); the window's own part of the view is app/map_window.h's.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <filesystem>
#include <future>
#include <memory>
#include <new>
#include <string>

#include "app/core/map_window.h"
#include "app/files/config_paths.h"
#include "app/files/file_jobs.h"
#include "session/saved_map.h"

namespace terrain::app {

// Reads and checks a map file, and places its map at its place: no state of the app touched, so
// it runs on a worker as well.
MapRead FileJobs::load_map(const std::string& path, session::Work* work) {
  MapRead read;
  read.path = path;
  try {
    // The history rebuilt and its grids copied here too, and the rain from the checkpoint
    // before the place replayed: landing it only takes them.
    session::OpenedMapFile file = session::open_map_file(path);
    read.map = std::move(file.saved);
    read.history = std::make_shared<session::History>(std::move(file.history));
    read.placed =
        std::make_shared<session::PlacedMap>(session::place_map(read.map, *read.history, work));
  } catch (const session::WorkStopped&) {
    read.error = "";  // cancelled: cancel_own() said so
    read.history.reset();
    read.placed.reset();
    read.path.clear();
  } catch (const io::MapFileError& e) {
    // Its message starts with the path, whatever went wrong: "alps.tsmap: section HIST is
    // damaged", "dir.tsmap: it is a directory, not a file".
    read.error = std::string("Cannot open ") + e.what();
  } catch (const std::bad_alloc&) {
    read.error = "Cannot open " + path + ": there is not enough memory to open it";
  } catch (const std::exception& e) {
    read.error = "Cannot open " + path + ": " + e.what();
  }
  return read;
}

// The map's changes are about to go in its place: asked about first (in the window, once the
// run has started, and not in a scripted run: there, as at start, nobody is asked).
void FileJobs::open_map(const std::string& path) {
  if (started_ && !scripted_ && unsaved_changes(ui_, model_.history())) {
    shell_.open_asked = path;  // asked again while asking: the latest file
    shell_.quit_problem.clear();
    return;
  }
  read_map(path);
}

// Saved as Save does (its own file, else the name typed in the question, else one chosen in the
// chooser), then the file is opened once the map is written; a save that fails keeps the
// question, the reason shown in it.
void FileJobs::answer_open(UnsavedAnswer answer) {
  if (shell_.open_asked.empty()) return;
  const std::string path = shell_.open_asked;
  shell_.quit_problem.clear();
  switch (answer) {
    case UnsavedAnswer::cancel:
      shell_.open_asked.clear();
      open_after_save_.clear();
      return;
    case UnsavedAnswer::discard:
      shell_.open_asked.clear();
      read_map(path);
      return;
    case UnsavedAnswer::save:
      break;
  }
  open_after_save_ = path;
  if (!ui_.map_path.empty()) {
    save_map(ui_.map_path, true);
  } else if (!ui_.map_name.empty()) {
    std::string name = ui_.map_name;
    if (!session::is_map_file_path(name)) name += session::kMapFileExtension;
    save_map(name, false);
  } else {
    choose_file(FileChoice::map_to_save);
  }
}

// On a worker, the window drawing meanwhile (at start too: what the flags and the script do
// next waits for it, as the map is busy until it lands).
void FileJobs::read_map(const std::string& path) {
  if (opening_map_.valid()) {
    host_.refuse("A map is being opened already: " + path + " is not opened");
    return;
  }
  opening_work_ = std::make_shared<session::Work>();
  opening_path_ = path;
  opening_map_ = std::async(std::launch::async,
                            [path, work = opening_work_] { return load_map(path, work.get()); });
  tell("Opening " + path + "...");
}

std::optional<std::string> FileJobs::cancel_opening() {
  if (!opening_map_.valid()) return std::nullopt;
  opening_work_->stop();
  opening_map_.get();  // it stops within a piece of the replay
  opening_work_.reset();
  return "Opening " + opening_path_;
}

// Every frame: a map file read on its worker lands (through the core, as every change does).
void FileJobs::update_open_map() {
  if (!opening_map_.valid() ||
      opening_map_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
    return;
  }
  opening_work_.reset();
  MapRead read = opening_map_.get();
  if (read.path.empty()) return;  // stopped
  // Ahead of what waited for it (the flags and script lines after the FILE it opens).
  core_.dispatch_first(LandMap{std::make_shared<const MapRead>(std::move(read))});
}

bool FileJobs::save_map(const std::string& path, bool replace) {
  session::SavedMap saved = model_.save();
  saved.window = window_view_json(ui_, core_.camera(), core_.orbit());
  const auto mode = replace ? io::WriteMode::replace : io::WriteMode::never_overwrite;
  try {
    session::write_map_file(path, saved, mode);
  } catch (const std::exception& e) {
    saved_message(false, "Map not saved: " + std::string(e.what()));
    const bool asking = shell_.quit_asked || !shell_.open_asked.empty();
    shell_.quit_problem = asking ? "Not saved: " + std::string(e.what()) : "";
    quit_after_save_ = false;
    open_after_save_.clear();
    return false;
  }
  core_.dispatch(MapSaved{path});
  saved_message(true, "Saved the map to " + path);
  if (quit_after_save_) host_.end_run();  // the quit question's Save, named in the chooser
  if (!open_after_save_.empty()) {
    // The open question's Save: the map is safe in its file, and the other one comes.
    const std::string next = std::move(open_after_save_);
    open_after_save_.clear();
    shell_.open_asked.clear();
    read_map(next);
  }
  return true;
}

void FileJobs::save_map_now() {
  if (ui_.map_path.empty()) {
    save_map_as();
    return;
  }
  save_map(ui_.map_path, true);
}

// Under the name typed in the panel (never over a file), or else one chosen in the desktop's
// chooser or the window's file dialog (both ask before they replace a file).
void FileJobs::save_map_as() {
  if (!ui_.map_name.empty()) {
    std::string path = ui_.map_name;
    if (!session::is_map_file_path(path)) path += session::kMapFileExtension;
    save_map(path, false);
    return;
  }
  choose_file(FileChoice::map_to_save);
}

void FileJobs::saved_message(bool ok, const std::string& message) {
  const std::string text = host_.post(message, !ok);
  std::fprintf(ok ? stdout : stderr, "%s\n", text.c_str());
  std::fflush(stdout);
}

// The window's title: the map's file name, marked with * while it has changes not saved.
void FileJobs::update_title() {
  std::string title = "Terrain Sandbox";
  if (!ui_.map_path.empty()) {
    const bool changed = changed_since_saved(ui_, model_.history());
    // (Appended, not prefixed: GCC 12 sees a false overlap in "*" + std::string.)
    title.clear();
    if (changed) title += '*';
    title += std::filesystem::path(ui_.map_path).filename().string();
    title += " - Terrain Sandbox";
  }
  if (title != title_) {
    title_ = title;
    window_.set_title(title_);
  }
}

}  // namespace terrain::app

// --- Autosave and recovery ------------------------------------------------------------------

namespace terrain::app {

// What changes with the map: its history's version and place.
std::string FileJobs::map_stamp() const {
  const session::History& h = model_.history();
  return std::to_string(h.version()) + ":" + std::to_string(h.position().atom) + ":" +
         std::to_string(h.position().partial);
}

bool FileJobs::start_autosave() {
  const AppFolder folder = state_folder();
  if (!folder) {
    host_.refuse("No autosave: " + folder.problem);
    return true;
  }
  recent_.emplace(*folder / "recent-maps.json");
  // This run's lock first: the scan then passes over this run's own files (and a map a run gone
  // long ago left under this process's number is already under its new name).
  try {
    autosave_.emplace(*folder);
  } catch (const std::exception& e) {
    host_.refuse(std::string("No autosave: ") + e.what());
  }
  leftovers_ = Autosave::leftovers(*folder);
  if (options_.recover) {
    if (leftovers_.empty()) {
      tell("Nothing to bring back: no map was left unsaved");
      std::printf("Nothing to bring back\n");
      std::fflush(stdout);
      return true;
    }
    recover(true);
    return !(scripted_ && recover_failed_);
  }
  if (leftovers_.empty()) return true;
  shell_.recovery = "A map was left unsaved when its window closed (autosaved " +
                    Autosave::saved_when(leftovers_.front()) + "). Bring it back?";
  return true;
}

void FileJobs::recover(bool accept) {
  if (leftovers_.empty()) return;
  shell_.recovery.clear();
  if (!accept) {
    Autosave::decline(leftovers_.front());
    leftovers_.erase(leftovers_.begin());
    tell("Not brought back: it is offered once more at the next start");
    return;
  }
  // Read here, at once: it is asked for once, at the start of a run. The newest first; one that
  // cannot be opened says why, is set aside (kept, never offered again) and the next older one
  // is tried, so one bad file never keeps the others from coming back.
  const auto open = [&](const Autosave::Leftover& leftover) -> Autosave::Opened {
    auto read = std::make_shared<MapRead>(load_map(leftover.file.string(), nullptr));
    read->recovered = true;
    if (!read->error.empty()) return read->error;
    const uint64_t failures = shell_.messages.failures();
    core_.dispatch(LandMap{std::move(read)});
    // Refused as it landed: the core said why.
    if (shell_.messages.failures() != failures) return std::string();
    return std::nullopt;
  };
  if (Autosave::bring_back(leftovers_, open, [&](const std::string& m) { host_.refuse(m); }))
    return;
  recover_failed_ = true;  // (--recover in a scripted run: exit 2)
}

// Once a frame: the last save's outcome, and a new one when it is due (never while the map is
// busy: a finish lands first).
void FileJobs::update_autosave() {
  if (!autosave_) return;
  if (const auto result = autosave_->take_result(); result && !result->empty()) {
    host_.refuse("Autosave failed: " + *result);
  }
  const double now = host_.seconds_now();
  if (core_.map_busy()) return;
  const std::string stamp = map_stamp();
  if (!autosave_->due(now, stamp)) return;
  session::SavedMap saved = model_.save(&autosave_->cache());
  saved.window = window_view_json(ui_, core_.camera(), core_.orbit());
  autosave_->start(std::move(saved), stamp, now);
}

// Once a frame: the map's own file goes to the top of the list when it changes (opened or saved
// under a new name); what the panel shows is looked at again every second (files come and go).
void FileJobs::update_recent() {
  if (!recent_) return;
  bool changed = false;
  if (!ui_.map_path.empty() && ui_.map_path != recent_added_) {
    recent_->add(std::filesystem::absolute(ui_.map_path).lexically_normal().string());
    recent_added_ = ui_.map_path;
    changed = true;
  }
  const double now = host_.seconds_now();
  if (!changed && now - recent_looked_ < 1) return;
  recent_looked_ = now;
  // (Assigned over what was there: the same list again allocates nothing.)
  shell_.recent_maps = recent_->paths();
  shell_.recent_missing.assign(shell_.recent_maps.size(), false);
  for (std::size_t k = 0; k < shell_.recent_maps.size(); k++) {
    shell_.recent_missing[k] = !recent_->exists(k);
  }
}

// The window's close button or Ctrl+Q: a map with changes not saved asks first (save, don't
// save, cancel), unless the run is scripted or nobody can answer (a signal: `ask` false).
void FileJobs::quit(bool ask) {
  if (!ask || scripted_ || !unsaved_changes(ui_, model_.history())) {
    host_.end_run();
    return;
  }
  shell_.quit_asked = true;  // asked again while asking: the one question stays
}

void FileJobs::answer_quit(UnsavedAnswer answer) {
  if (!shell_.quit_asked) return;
  shell_.quit_problem.clear();
  switch (answer) {
    case UnsavedAnswer::cancel:
      shell_.quit_asked = false;
      quit_after_save_ = false;
      return;
    case UnsavedAnswer::discard:
      discarded_ = true;
      host_.end_run();
      return;
    case UnsavedAnswer::save:
      break;
  }
  // Saved as Save does: to the map's own file; else under the name typed in the question (never
  // over a file), else one chosen in a chooser (the desktop's or the window's), and it quits once
  // the file is written. A save that fails keeps the window, the reason shown in the question.
  if (!ui_.map_path.empty()) {
    if (save_map(ui_.map_path, true)) host_.end_run();
  } else if (!ui_.map_name.empty()) {
    std::string path = ui_.map_name;
    if (!session::is_map_file_path(path)) path += session::kMapFileExtension;
    if (save_map(path, false)) host_.end_run();
  } else {
    quit_after_save_ = true;
    choose_file(FileChoice::map_to_save);
  }
}

// The run ends: an autosave of the map's unsaved changes is kept for the next start (a map of
// no steps, a seed's bare island, is nothing to keep).
void FileJobs::end_autosave() {
  if (!autosave_) return;
  std::optional<session::SavedMap> unsaved;
  if (!discarded_ && unsaved_changes(ui_, model_.history())) {
    unsaved = model_.save(&autosave_->cache());
    unsaved->window = window_view_json(ui_, core_.camera(), core_.orbit());
  }
  autosave_->end(unsaved);
  autosave_.reset();
}

}  // namespace terrain::app
