// The shell's work with files, in one class the App owns: opening (a heightmap read on a
// worker, a map file read and placed on one), saving (PNG snapshots, map files, Save and Save
// as, the unsaved-changes questions of quitting and opening), the exports and pictures at any
// size, time-lapses, autosave and recovery, the recent maps, the preferences (the save folder,
// the recent folders) and the file choosers (the desktop's, else the window's own dialog).
//
// Sections of its sources:
//   file_jobs.cpp            the save folder, preferences, the choosers, PNG snapshots, the
//                            run's last files (--screenshot, --cells, --save-map)
//   file_jobs_exports.cpp    a heightmap opened as the ground; the exports; Render PNG
//   file_jobs_maps.cpp       map files, the window's title, autosave and recovery, recent maps,
//                            quitting
//   file_jobs_recording.cpp  time-lapses
//
// Every change to the map goes through the core's dispatch (a file read lands as LandGround or
// LandMap); the jobs read the model as const. What they need of the window around them is the
// Host.
#pragma once

#include <cstdint>
#include <deque>
#include <filesystem>
#include <future>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/core/app_core.h"
#include "app/core/app_options.h"
#include "app/files/autosave.h"
#include "app/files/file_chooser.h"
#include "app/files/file_dialog.h"
#include "app/files/preferences.h"
#include "app/files/recent_maps.h"
#include "app/files/recording.h"
#include "app/platform/window.h"
#include "app/shell/shell_state.h"
#include "io/snapshot_file.h"
#include "render/gl/large_render.h"
#include "render/gl/map_renderer.h"

namespace terrain::app {

// Where an export goes: into the save folder under the sketch's save name (no path), or to the
// path chosen (ExportTo), a regular file there replaced only when `replace`.
struct ExportTarget {
  std::string path;
  bool replace = false;
};

class FileJobs {
 public:
  // What the jobs need of the window around them.
  class Host {
   public:
    virtual ~Host() = default;
    // A message for the user (the status line, the panel's log): a failure's after the script
    // line it belongs to, and cut short. Returns the text as shown; the caller prints it.
    virtual std::string post(const std::string& text, bool failed) = 0;
    // A value or a file refused: posted, and printed on stderr.
    virtual void refuse(const std::string& text) = 0;
    // The app's clock: seconds since it started.
    virtual double seconds_now() const = 0;
    // The run ends after this frame (a quit answered, a save the quit waited for).
    virtual void end_run() = 0;
    // The map's inputs for a picture of width x height on its own, at the camera's zoom and
    // centre.
    virtual render::MapInputs picture_inputs(int width, int height) const = 0;
  };

  FileJobs(const AppOptions& options, AppCore& core, ShellState& shell,
           render::MapRenderer& renderer, Window& window, Host& host);
  FileJobs(const FileJobs&) = delete;
  FileJobs& operator=(const FileJobs&) = delete;

  // The flags' commands are carried out: files opened from now on are read on workers, and the
  // questions about unsaved changes are asked.
  void set_started() { started_ = true; }
  // Autosave and recovery (autosave.h), and the recent maps: set up at start (the offer, or
  // --recover's map); false when --recover brought nothing back in a scripted run.
  bool start_autosave();
  // The run ends: an autosave of the map's unsaved changes is kept for the next start.
  void end_autosave();

  // The shell's commands (command.h) that are about files.
  void carry_out(const FileCommand& command);
  void save_png(const ExportTarget& to = {});
  void save_map_now();
  void save_map_as();
  void recover(bool accept);
  void open_recent(int index);
  void remove_recent(int index);
  void export_heightmap(bool original, const ExportTarget& to = {});
  void export_layers(const ExportTarget& to = {});
  void export_grids(const ExportTarget& to = {});
  void export_svg(const ExportTarget& to = {});
  void export_mesh(bool obj, const ExportTarget& to = {});
  // A picture of the map at width x height: started here, drawn a tile a frame (update()), then
  // encoded and saved on a worker thread.
  void start_render(int width, int height);
  void toggle_recording();
  // A file chooser for `what`: the desktop's where one can be started, else the window's own
  // file dialog; either one's answer carried out once it closes.
  void choose_file(FileChoice what);
  // Quitting: the question when the map has changes not saved (unless `ask` is false: a
  // signal), and its answer; the open question's answer likewise.
  void quit(bool ask);
  void answer_quit(UnsavedAnswer answer);
  void answer_open(UnsavedAnswer answer);

  // Once a frame: a tile of a picture, a time-lapse's progress, files read on workers landing,
  // a chooser's answer, the window's title, autosave, the recent maps.
  void update();
  // A tick rained: a time-lapse's frame when due.
  void tick_recording();
  // A time-lapse from the start of a scripted run (--timelapse); false when it cannot start.
  bool start_recording(const std::filesystem::path& path, const RecordingOptions& options);
  // The run's end: a time-lapse's last frame and its file, then the files the flags ask for
  // (--screenshot, --cells, --save-map). Returns the exit code (1 when one failed).
  int finish_run();

  // A picture is being rendered in tiles (the map waits), or a map file is being opened.
  bool rendering_in_tiles() const { return large_.active(); }
  bool opening_a_map() const { return opening_map_.valid(); }
  // Stops a map file being opened and says what it was doing; nullopt when none is.
  std::optional<std::string> cancel_opening();
  // A map file's opening's progress (its name, its work), for the status line; none when idle.
  std::optional<std::pair<std::string, const session::Work*>> opening_progress() const;
  // Work on other threads that the window should wake for now and then.
  bool background_work() const;
  // The window's own file dialog (drawn by the panel; Return and Esc are its keys).
  FileDialog& dialog() { return file_dialog_; }

 private:
  static GroundRead load_ground(const std::string& path, GroundFit fit);
  static MapRead load_map(const std::string& path, session::Work* work);
  void open_file(const std::string& path);
  void update_open();
  void open_map(const std::string& path);
  void read_map(const std::string& path);
  void update_open_map();
  bool save_map(const std::string& path, bool replace);  // false when it failed
  void saved_message(bool ok, const std::string& message);
  void update_title();
  void update_autosave();
  std::string map_stamp() const;
  void update_recent();
  void export_to(const ExportTo& to);
  io::SaveResult save_export(const ExportTarget& to, const std::string& stem,
                             const std::string& extension, std::span<const uint8_t> bytes);
  io::SaveResult save_export_folder(const ExportTarget& to, const std::string& stem,
                                    const std::vector<io::NamedFile>& files);
  void step_render();
  void stop_recording();
  void update_recording();
  int finish_recording();
  int write_screenshot();
  int write_cells();
  std::string save_stem() const;
  void saved(const io::SaveResult& result, const std::string& what);
  void tell(const std::string& message) { host_.post(message, false); }
  std::filesystem::path save_folder();
  void set_save_folder(const std::string& path);
  void keep_preferences();
  void update_chooser();
  void carry_out_choice(FileChoice what, const std::string& path, bool replace);

  const AppOptions& options_;
  AppCore& core_;
  const session::LiveModel& model_;  // the core's
  const UiState& ui_;                // the core's
  ShellState& shell_;                // the shell's, that the panel shows
  render::MapRenderer& renderer_;
  Window& window_;
  Host& host_;
  bool scripted_ = false;  // --frames
  bool started_ = false;
  std::vector<uint8_t> snapshot_pixels_;
  // A Render PNG being drawn, then written on a worker, and its size for the message.
  render::LargeRender large_;
  std::future<io::SaveResult> render_saved_;
  std::string render_what_;
  std::unique_ptr<Recording> recording_;  // a time-lapse being recorded or written
  // A heightmap being read on a worker, and those given meanwhile, in order.
  std::future<GroundRead> opening_;
  std::deque<std::string> next_opens_;
  // A map file being read on a worker, its progress and its stop, and its name.
  std::future<MapRead> opening_map_;
  std::shared_ptr<session::Work> opening_work_;
  std::string opening_path_;
  std::string title_;                          // the window's title as last set
  std::optional<Autosave> autosave_;           // none in scripted runs (but with --recover)
  std::vector<Autosave::Leftover> leftovers_;  // maps earlier runs left unsaved, newest first
  std::optional<RecentMaps> recent_;           // none in scripted runs
  std::string recent_added_;                   // the map's file last put on the list
  double recent_looked_ = -1e9;                // when the list's files were last looked for
  FileChooser chooser_;                        // the desktop's file chooser, where there is one
  FileDialog file_dialog_;                     // ... and the window's own, where there is none
  std::optional<std::filesystem::path> preferences_file_;  // in the config folder, if any
  Preferences preferences_;
  // default_save_folder() when the save folder is it, made when first needed.
  std::optional<std::filesystem::path> default_folder_;
  bool quit_after_save_ = false;  // the quit question's Save waits for the chooser's name
  std::string open_after_save_;   // ... the open question's: the map file it then opens
  bool discarded_ = false;        // quit without saving: no autosave is kept
  bool recover_failed_ = false;   // --recover brought nothing back
};

}  // namespace terrain::app
