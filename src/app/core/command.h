// Every action a user or a script can take, as one value: a button, a key, a dropped file and
// a flag all become a Command, and AppCore::dispatch() is the one place that carries them out.
//
//   session::MapCommand   changes the map (rain, a seed, a slider of the ground or the rain):
//                         recorded in the map's recipe, replayable for the same bytes
//   session::ViewCommand  changes what is shown or whether it rains (contours, toggles, play)
//   session::HistoryCommand  goes back and forth along the map's history (undo, redo, seek)
//   UiCommand             the core's own: the panel's state, the scheme, the cameras, brushes
//   ShellCommand          the shell's, at once: the window, quitting, saving, exports, recording
//   FileCommand           the shell's, in the map's turn: a file to open, a save folder, a map
//                         file or an export to a path chosen
//   LandGround, LandMap   a heightmap or a map file read on a worker, landing
//   SetTyped              a path typed in the panel that the shell reads later (the chooser's
//                         start, Save as's name): the core's, at once
//   MapSaved              the map written to its own file: the core's, at once
//   ScriptStep            a script's line (--script): its command, and where it stands
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "app/core/side_view.h"
#include "core/ground_fit.h"
#include "core/skyline.h"
#include "exports/engine_preset.h"
#include "exports/svg.h"
#include "io/heightmap.h"
#include "io/timelapse.h"
#include "session/history.h"
#include "session/history_command.h"
#include "session/map_command.h"
#include "session/recorded_map.h"
#include "session/saved_map.h"
#include "session/view_command.h"

namespace terrain::app {

// A new random seed, as the sketch's button picks one (carried out as session::SetSeed with
// the seed picked, so the recipe holds the number).
struct NewSeed {};
// The colour scheme, by its place in render::color_schemes().
struct SetScheme {
  int index = 0;
};
// Save the map as PNG into the save folder, named as the sketch names its saves.
struct SavePng {};
// --- Map files (.tsmap: session/saved_map.h) ---
// Save (Ctrl+S): into the map's own file (the one it was opened from or last saved to); a map
// that has none asks for a name, as Save as does.
struct SaveMapNow {};
// Save as (Ctrl+Shift+S): a new name, from the desktop's file chooser (which asks before it
// replaces a file), or the one typed in the panel (never over a file already there).
struct SaveMapAs {};
// The map an earlier run left unsaved (autosave.h): brought back, or not (kept for one more
// start).
struct Recover {
  bool accept = true;
};
// The Map file section's list of recent maps: open the one at `index`, or remove it (a file
// that has gone).
struct OpenRecent {
  int index = 0;
};
struct RemoveRecent {
  int index = 0;
};
struct ToggleFullscreen {};
struct LeaveFullscreen {};
// Hide or show the panel.
struct TogglePanel {};
// A file given to the app (dropped on the window, opened from the panel, terrain-sandbox FILE):
// a heightmap (.png, .exr, .tif, .npy) read and fitted to the grid by the panel's fit, then
// carried out as session::SetGround, so the recipe holds its heights.
struct OpenFile {
  std::string path;
};
// How an opened heightmap is fitted to the grid: crop (the centre, the aspect kept) or
// stretch.
struct SetGroundFit {
  GroundFit fit = GroundFit::crop;
};

// --- Exports, into the save folder, never over a file (named as the sketch names its saves) ---
// The format the heightmap exports are written in.
struct SetExportFormat {
  io::HeightmapFormat format = io::HeightmapFormat::png;
};
// The program the heightmap exports are made for (exports/engine_preset.h), or none: with one,
// each export is a new folder of the heightmap at the program's size with its JSON sidecar, and
// the format becomes one the program takes if it was not.
struct SetExportPreset {
  std::optional<exports::EnginePreset> preset;
};
// The ground after the rain (or, with `original`, before it) as a heightmap file.
struct ExportHeightmap {
  bool original = false;
};
// The hydrology's pictures (flow, basins, Strahler, lakes) into a new folder.
struct ExportLayers {};
// The grids as terrain-cli writes them (.npy) into a new folder.
struct ExportGrids {};
// The linework as SVG (coastline, contours, index contours, rivers: a layer each, for pen
// plotters) into the save folder.
struct ExportSvg {};
// The ground after the rain as a mesh, binary glTF (.glb) or Wavefront OBJ, coloured as the map.
struct ExportMesh {
  bool obj = false;
};
// The map as the view shows it, as PNG at width x height (up to 7680 x 4320), into the save
// folder: drawn in tiles over several frames (a progress bar meanwhile; the rain waits),
// encoded and written on a worker thread.
struct RenderPng {
  int width = 0;
  int height = 0;
};
// --- A time-lapse of the rain (recording.h) ---
// Start recording into the save folder, or stop and write it (the Record button).
struct ToggleRecording {};
// What the next recording will be: its format, a frame every `every` ticks, its size.
struct SetRecording {
  bool mp4 = false;
  int every = 10;
  int width = 640;
  int height = 360;
  int fps = io::kTimelapseDefaultFps;  // its playback rate, 1..60 frames a second
};
// How big the map is on the ground (metres a cell, metres a height of 1), for the heightmap and
// mesh exports: a GeoTIFF, heights in metres; both 0 for none (io::RealUnits).
struct SetRealUnits {
  io::RealUnits units;
};
// The SVG export's page: the screen's (no paper), A4 or A3, in the map's or the plotting style,
// and on paper its pen width in mm (0: the map's scale; else exports::kSvgPenMinMm..MaxMm).
struct SetSvgPage {
  exports::SvgPage page;
};
// The size the Render PNG field shows (its HD, 4K and 8K buttons).
struct SetRenderSize {
  int width = 0;
  int height = 0;
};
// Close the window and quit. With `ask` (the window's close button, Ctrl+Q), a map with
// changes not saved asks first (save, don't save, cancel) unless the run is scripted; without
// (SIGINT, SIGTERM: a terminal or the session ending) it quits at once, and the map's autosave
// is kept for the next start.
struct Quit {
  bool ask = true;
};
// The answer to the question a map with changes not saved asks before they would go: save the
// map (then go on, once it is saved), go on without saving (nothing of the map is kept), or
// cancel. Quitting asks it, and so does opening a map file in the map's place (AnswerOpen).
enum class UnsavedAnswer { save, discard, cancel };
struct AnswerQuit {
  UnsavedAnswer answer = UnsavedAnswer::cancel;
};
struct AnswerOpen {
  UnsavedAnswer answer = UnsavedAnswer::cancel;
};
// Long work (a big rain, a far undo, a map file's place: session/live_model.h) stopped and
// dropped, the map as it was before it; what waited behind it is dropped too (Esc, the status
// line's Cancel).
struct CancelWork {};
// The timeline's keys ([ and ]): back or forward by 1% of the map's drops (carried out as
// session::Seek to the count that makes).
struct StepTimeline {
  int direction = 1;
};
// Open a file chooser for `what`: the desktop's (file_chooser.h) where one can be started,
// else the window's own file dialog (file_dialog.h). What is chosen comes back as OpenFile
// (a heightmap, a map file), SetSaveFolder, SaveMap (Save as) or ExportTo (Export as...).
enum class FileChoice {
  heightmap,
  save_folder,
  map_to_open,
  map_to_save,
  // Export as...: one export under a name chosen (ExportTo), beside the panel's buttons that
  // save into the save folder under the sketch's names.
  export_picture,   // the map as the window shows it, PNG (Save PNG's)
  export_heights,   // ExportHeightmap, in the panel's format
  export_original,  // ExportHeightmap{original}
  export_layers,    // ExportLayers: a new folder
  export_grids,     // ExportGrids: a new folder
  export_svg,
  export_glb,
  export_obj,
};
// Whether a FileChoice is an export's.
inline bool is_export(FileChoice what) {
  return what != FileChoice::heightmap && what != FileChoice::save_folder &&
         what != FileChoice::map_to_open && what != FileChoice::map_to_save;
}
struct ChooseFile {
  FileChoice what = FileChoice::heightmap;
};

// --- Moving around the map (map_camera.h) ---
// Zoom by `factor` about the window point (x, y) in drawable pixels: the map point under it
// stays under it.
struct ZoomAt {
  double factor = 1;
  double x = 0;
  double y = 0;
};
// Move the map by (dx, dy) drawable pixels, as a drag does.
struct PanBy {
  double dx = 0;
  double dy = 0;
};
// Fit the whole map again: the sketch's viewport.
struct FitMap {};
// --zoom Z (1 = fit, up to kMaxZoom) and --center X,Y (the map cell at the middle of the view).
struct SetZoom {
  double zoom = 1;
};
struct SetCenter {
  double x = 0;
  double y = 0;
};
// The side bar's width and the side view strip's height, in drawable pixels (the splitters).
struct ResizeSideBar {
  float width = 0;
};
struct ResizeStrip {
  float height = 0;
};

// --- The side view (side_view.h) ---
struct ShowSideView {
  bool on = true;
};
struct ToggleSideView {};
struct SetSideView {
  SideView view = SideView::cross_section;
};
struct SetSectionRow {  // the cross-section's row, 0 .. rows - 1
  int row = 0;
};
struct SetSkylineSeed {
  uint32_t seed = 0;
};
struct SetWalkParams {  // its columns are ignored: the strip's width decides them
  RandomWalkParams params;
};
struct SetSectionParams {
  SectionParams params;
};

// --- The 3D view's camera (render/geometry/orbit_camera.h) ---
// A drag of (dx, dy) drawable pixels: the camera orbits its target (right turns the view right,
// down tilts it towards looking straight down).
struct OrbitBy {
  double dx = 0;
  double dy = 0;
};
// A right- or middle-drag of (dx, dy) drawable pixels: the ground follows the pointer.
struct PanCameraBy {
  double dx = 0;
  double dy = 0;
};
// The wheel: `factor` > 1 comes closer.
struct ZoomCamera {
  double factor = 1;
};
// Home in the 3D view: the whole island in the picture, at the camera's yaw and pitch.
struct FrameIsland {};
// Help's windows over the map (the menu bar's Help: Keys, About), or none.
enum class HelpWindow { none, keys, about };
struct ShowHelp {
  HelpWindow which = HelpWindow::none;
};
// --camera YAW,PITCH, in degrees: yaw 0 looks north (towards row 0), 90 east; pitch 90 looks
// straight down, kMinPitch at least. Any finite yaw (taken modulo 360).
struct SetCamera {
  double yaw = 20;
  double pitch = 45;
};
// The camera a map file was saved with: its distance and target, in world cells.
struct PlaceCamera {
  double distance = 0;
  double x = 0;
  double y = 0;
  double z = 0;
};
// How high the 3D view stands the relief: render::kMinExaggeration..kMaxExaggeration.
struct SetExaggeration {
  double value = 1;
};

// --- Brushes (core/brush_stroke.h) ---
// The brush the panel shows: its tool, radius (cells), strength (0..1) and falloff.
struct BrushSettings {
  BrushTool tool = BrushTool::raise;
  double radius = 6;
  double strength = 0.5;
  BrushFalloff falloff = BrushFalloff::smooth;
  bool operator==(const BrushSettings&) const = default;
};
struct SetBrush {
  BrushSettings brush;
};
// Whether a drag over the map paints (the middle button still pans) or pans, as by default.
struct SetPaintMode {
  bool on = false;
};
struct TogglePaintMode {};  // P
// The pointer painting at the map point (x, y) in cells (x a column, y a row, from the
// top-left): pressed, dragged there, or released. Between press and release the path is one
// stroke, carried out a piece a frame as one step of the history.
enum class PaintPhase { press, drag, release };
struct Paint {
  PaintPhase phase = PaintPhase::press;
  double x = 0;
  double y = 0;
};

// The commands, by who carries them out (each list is closed: a command in none of them, or
// one its carrier has no case for, does not compile, as AppCore::carry_out and the shell's
// carry_out visit every alternative by name).
//
// The core's (app_core.h): what changes the UI state, the camera or the 3D view, and the
// panel's own steps that change the map through the session (New seed picks a seed).
using UiCommand =
    std::variant<NewSeed, SetScheme, ZoomAt, PanBy, FitMap, SetZoom, SetCenter, ShowSideView,
                 ToggleSideView, SetSideView, SetSectionRow, SetSkylineSeed, SetWalkParams,
                 SetSectionParams, SetGroundFit, SetExportFormat, SetExportPreset, SetRenderSize,
                 SetRecording, SetRealUnits, SetSvgPage, StepTimeline, SetBrush, SetPaintMode,
                 TogglePaintMode, Paint, OrbitBy, PanCameraBy, ZoomCamera, FrameIsland, SetCamera,
                 PlaceCamera, SetExaggeration, CancelWork, ShowHelp>;
// The shell's, carried out at once even while the map is busy: what needs the window (its
// size, fullscreen, quitting, the file chooser), the GL (pictures) or the disk (saves, exports,
// recording, the recent maps). (Plain flags only; the commands that carry text stand apart.)
using ShellCommand =
    std::variant<SavePng, ToggleFullscreen, LeaveFullscreen, TogglePanel, Quit, ResizeSideBar,
                 ResizeStrip, ExportHeightmap, ExportLayers, ExportGrids, ExportSvg, ExportMesh,
                 RenderPng, ToggleRecording, ChooseFile, SaveMapNow, SaveMapAs, Recover, OpenRecent,
                 RemoveRecent, AnswerQuit, AnswerOpen>;

// Where Save PNG, the exports and the time-lapses go from now on: typed in the panel, chosen
// in the file chooser; kept between runs (--save-folder wins for its run).
struct SetSaveFolder {
  std::string path;
};

// A path typed in the panel's fields, as it is typed: the heightmap's (the chooser starts beside
// it) or the map file's name (Save as and the unsaved question's Save save under it where there
// is no chooser; the chooser starts beside it). The core keeps it in the UI state, at once even
// while the map is busy.
enum class TypedField { heightmap, map_name };
struct SetTyped {
  TypedField field = TypedField::heightmap;
  std::string text;
};

// The map was written to its file `path` (Save, Save as, the questions' Save): that is the map's
// own file now, and the map is as saved at its history as it is (changed_since_saved). The
// core's, at once.
struct MapSaved {
  std::string path;
};

// A heightmap read on a worker (OpenFile) is ready: it becomes the ground (a SetGround), or
// its message says why not. Through dispatch like every change to the map, so it waits its
// turn while the map is busy. (The read ground, shared: the command stays cheap to copy.)
struct GroundRead {
  std::string path;
  std::string error;  // why it could not be opened, or empty
  session::GroundFile ground;
  int file_w = 0;
  int file_h = 0;
  bool own_heights = false;
};
struct LandGround {
  std::shared_ptr<const GroundRead> read;
};

// The map as a map file at `path` (a script's {"save_map": PATH}, --save-map, Save and Save as):
// a file already there is replaced only when `replace` (its own file, or one the chooser asked
// about), else the save is refused and says so.
struct SaveMap {
  std::string path;
  bool replace = false;
};

// An export (`what`, one of the FileChoice exports) to `path`, chosen in a file chooser: a
// file there is replaced only when `replace` (the chooser asked) and only when it is a regular
// file, else the export is refused and says so; the layers and the grids make the new folder
// `path`, never one that is there. Whole or not at all, as every save.
struct ExportTo {
  FileChoice what = FileChoice::export_heights;
  std::string path;
  bool replace = false;
};

// A map file read on a worker (OpenFile of a .tsmap) is ready: it becomes the session (its
// history, its place, its view), or its message says why not. Through dispatch, as a ground.
struct MapRead {
  std::string path;
  std::string error;  // why it could not be opened, or empty
  session::SavedMap map;
  // Its history, rebuilt and checked on the worker too, and its map at its place (the rain
  // from the checkpoint before it replayed there, long work): the core takes them as it lands.
  std::shared_ptr<session::History> history;
  std::shared_ptr<session::PlacedMap> placed;
  // An autosave brought back: the map is its own file's again (if it had one), changed.
  bool recovered = false;
};
struct LandMap {
  std::shared_ptr<const MapRead> read;
};

// The shell's too, but about files the map's state decides (what a file read becomes, what a
// save or an export writes): they wait their turn while the map is busy, as the map's own do.
using FileCommand = std::variant<OpenFile, SetSaveFolder, SaveMap, ExportTo>;

struct ScriptStep;
using Command =
    std::variant<session::MapCommand, session::ViewCommand, session::HistoryCommand, UiCommand,
                 ShellCommand, FileCommand, SetTyped, MapSaved, LandGround, LandMap, ScriptStep>;

// A script's line (--script FILE), carried out as its command; `where` names it ("walk.jsonl
// line 3") in front of what it is refused for. A refused line stops the script: the lines
// after it are not carried out.
struct ScriptStep {
  std::string where;
  std::shared_ptr<const Command> command;
};

}  // namespace terrain::app
