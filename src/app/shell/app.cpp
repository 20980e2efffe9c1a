// The app's loop (see app.h). Sections:
//   1. start: the window, ImGui with its .ini in XDG config, the renderer, the flags' commands,
//      the file jobs; the loop that runs the frames
//   2. the frame's steps: events (SDL's, the keys, the panel built), update (the commands, the
//      file jobs, the core's update and ticks), draw (the map, the strip, the swap), pace
//   3. the commands the core leaves to the shell, messages, the layout, the readout's cell, the
//      map's inputs for the renderer, and what scripts read on stdout
//   4. the end: long work landed or dropped, the file jobs' last files, --cells' probes, --stats
#include "app/shell/app.h"

#include <SDL.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <epoxy/gl.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <random>
#include <stdexcept>
#include <thread>
#include <tuple>
#include <type_traits>
#include <utility>

#include "app/core/keys.h"
#include "app/files/config_paths.h"
#include "app/files/preferences.h"
#include "app/panel/file_dialog_view.h"
#include "app/panel/fonts.h"
#include "app/panel/menu_bar.h"
#include "app/platform/quit_signal.h"
#include "core/overloaded.h"
#include "core/skyline.h"
#include "io/atomic_file.h"
#include "io/heightmap_png.h"
#include "io/png.h"
#include "io/snapshot_file.h"
#include "session/cell_readout.h"
#include "session/controls.h"
#include "session/json_read.h"

namespace terrain::app {
namespace {

constexpr double kFrameCapSeconds = 1.0 / 60.0;  // drawing cap where vsync does not pace us

int scheme_index(const std::string& key) {
  const auto schemes = render::color_schemes();
  for (std::size_t k = 0; k < schemes.size(); k++) {
    if (schemes[k].key == key) return static_cast<int>(k);
  }
  return 0;
}

// The flags that set up the map and the view, as the commands they stand for, in the order
// the sketch's setup would meet them.
std::vector<Command> startup_commands(const AppOptions& options) {
  using namespace session;
  std::vector<Command> commands;
  commands.push_back(UiCommand{SetScheme{scheme_index(options.scheme)}});
  // The ground's generator and its setting (the session began at --seed's map).
  if (options.generator) commands.push_back(MapCommand{SetGenerator{*options.generator}});
  if (options.roughness) commands.push_back(MapCommand{SetRoughness{*options.roughness}});
  if (options.terrain_scale)
    commands.push_back(MapCommand{SetTerrainScale{*options.terrain_scale}});
  if (options.drops_per_frame)
    commands.push_back(MapCommand{SetDropsPerFrame{*options.drops_per_frame}});
  if (options.paused) commands.push_back(ViewCommand{Pause{}});
  if (options.show_original) commands.push_back(ViewCommand{ShowOriginal{true}});
  if (options.hide_rivers) commands.push_back(ViewCommand{ShowRivers{false}});
  if (options.debug) commands.push_back(ViewCommand{SetDebugMode{true}});
  if (options.view) commands.push_back(ViewCommand{SetView{*options.view}});
  if (options.lakes) commands.push_back(ViewCommand{ShowLakes{true}});
  if (options.rivers_by) commands.push_back(ViewCommand{SetRiversBy{*options.rivers_by}});
  if (options.min_flow) commands.push_back(ViewCommand{SetMinFlow{*options.min_flow}});
  if (options.routing) commands.push_back(ViewCommand{SetRouting{*options.routing}});
  // Your own ground, on the seed's rain (the seed came first, as it decides the rain).
  if (options.fit) commands.push_back(UiCommand{SetGroundFit{*options.fit}});
  if (!options.file.empty()) commands.push_back(OpenFile{options.file});
  if (options.drops > 0) commands.push_back(MapCommand{RainDrops{options.drops}});
  // Where the map is looked at from, and the strip under it.
  if (options.zoom) commands.push_back(UiCommand{SetZoom{*options.zoom}});
  if (options.center) {
    commands.push_back(UiCommand{SetCenter{options.center->first, options.center->second}});
  }
  // The 3D view's relief and camera, the island framed for them.
  if (options.relief) commands.push_back(UiCommand{SetExaggeration{*options.relief}});
  if (options.camera) {
    commands.push_back(UiCommand{SetCamera{options.camera->first, options.camera->second}});
  }
  if (options.camera || options.relief) commands.push_back(UiCommand{FrameIsland{}});
  if (options.no_side_view) commands.push_back(UiCommand{ShowSideView{false}});
  if (options.side_view) commands.push_back(UiCommand{SetSideView{*options.side_view}});
  if (options.row) commands.push_back(UiCommand{SetSectionRow{*options.row}});
  // The script's commands, in order, as if given one after another in the window, each named
  // by its line.
  const std::string script = std::filesystem::path(options.script).filename().string();
  for (const ScriptLine& line : options.script_lines) {
    commands.push_back(ScriptStep{script + " line " + std::to_string(line.line),
                                  std::make_shared<const Command>(command_of(line.command))});
  }
  if (options.finish) commands.push_back(ViewCommand{FinishRain{}});
  return commands;
}

// TERRAIN_SANDBOX_LAYOUT=1: the GUI tests ask for where the controls are and the state.
bool tests_asked() {
  const char* env = std::getenv("TERRAIN_SANDBOX_LAYOUT");
  return env != nullptr && std::strcmp(env, "1") == 0;
}

}  // namespace

// --- 1. start ----------------------------------------------------------------------------------

App::App(const AppOptions& options)
    : options_(options),
      window_(options.width, options.height, !options.frames),
      // As the sketch starts, at a random seed, or at --seed's: the history starts there.
      core_(options.seed.value_or(random_seed()), *this),
      model_(core_.model()),
      ui_(core_.ui()),
      files_(options_, core_, shell_, renderer_, window_, *this),
      reporter_(tests_asked()) {
  run_.scripted = options.frames.has_value();
  panel_.note_controls = reporter_.for_tests();
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  add_panel_font();
  ImGuiIO& io = ImGui::GetIO();
  // ImGui remembers the panel's place between runs: in the user's config folder, not the
  // working directory (no file at all if there is no usable config folder). The app reads and
  // writes it (preferences.h): ImGui's own reading would wait on a FIFO there for good.
  io.IniFilename = nullptr;
  if (const auto folder = config_folder()) {
    ini_path_ = (*folder / "imgui.ini").string();
    const std::string settings = load_panel_settings(ini_path_);
    ImGui::LoadIniSettingsFromMemory(settings.data(), settings.size());
  } else {
    refuse("Settings are not kept between runs: " + folder.problem);
  }
  ImGui::StyleColorsDark();
  // A slider's value is drawn over its handle: a see-through handle keeps the value readable.
  ImGuiStyle& style = ImGui::GetStyle();
  style.Colors[ImGuiCol_SliderGrab].w = 0.45f;
  style.Colors[ImGuiCol_SliderGrabActive].w = 0.7f;
  // A question (quitting) darkens the window behind it, rather than the style's light veil.
  style.Colors[ImGuiCol_ModalWindowDimBg] = ImVec4(0.0f, 0.0f, 0.0f, 0.45f);
  ImGui_ImplSDL2_InitForOpenGL(window_.sdl(), window_.context());
  ImGui_ImplOpenGL3_Init("#version 330 core");
  try {
    renderer_.init();
  } catch (...) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    throw;
  }
  shell_.exact_relief = renderer_.exact_relief();
  shell_.cpu_painter = renderer_.cpu_painter();
  pending_.reserve(64);
  lay_out_window();

  // What waits behind long work (a big --drops, a map file's place, a script's rain) is carried
  // out as the loop goes, before its first frame that counts (run()).
  run_.failures_at_start = shell_.messages.failures();
  // (A script's lines wait their turn, a frame's worth at a time: the window shows from the
  // first of them, and Esc stops it.)
  for (const Command& command : startup_commands(options)) {
    if (const auto* step = std::get_if<ScriptStep>(&command)) {
      core_.enqueue_script_step(*step);
    } else {
      dispatch(command);
    }
  }
  // In a scripted run, a FILE that cannot be opened or a script's command refused (a seek
  // past the map's drops) is bad input: exit 2, nothing written. (In the window, the message
  // shows on the status line over the map from the first frame, and the map stays.)
  if (shell_.messages.failures() > run_.failures_at_start && run_.scripted) run_.exit_code = 2;
  // p5 draws the first frame after setup even when it does not loop.
  core_.first_frame();
  if (!options.timelapse.empty() && run_.exit_code == 0) {
    RecordingOptions recording;
    recording.every = options.every.value_or(io::kTimelapseDefaultEvery);
    std::tie(recording.width, recording.height) =
        options.timelapse_size.value_or(std::pair{640, 360});
    recording.fps = options.timelapse_fps.value_or(io::kTimelapseDefaultFps);
    recording.scripted = true;
    if (!files_.start_recording(options.timelapse, recording)) {
      run_.exit_code = 2;  // its one line is on stderr
    }
  }
  // (--recover in a scripted run that brings nothing back: exit 2.)
  if ((!run_.scripted || options.recover) && !files_.start_autosave()) run_.exit_code = 2;
  report();  // the rain's stop, if --drops passed it
  run_.started = true;
  files_.set_started();
  reporter_.start(model_);
}

App::~App() {
  side_cache_.release();
  renderer_.release();
  save_panel_place();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
}

void App::save_panel_place() {
  ImGuiIO& io = ImGui::GetIO();
  io.WantSaveIniSettings = false;
  if (ini_path_.empty()) return;
  std::size_t size = 0;
  const char* text = ImGui::SaveIniSettingsToMemory(&size);
  try {
    save_panel_settings(ini_path_, std::string(text, size));
  } catch (const std::exception&) {
    // A read-only config folder, or no regular file there: the place is not kept, as before.
  }
}

int App::run() {
  if (run_.exit_code != 0) return run_.exit_code;
  last_tick_ = Clock::now();
  // The flags' and the script's commands behind long work: carried out as it lands, frames
  // drawn meanwhile (its progress, its Cancel; Esc, SIGINT and SIGTERM stop it), none of them
  // counted or ticked. A finish (--finish) is the rain's own and goes on in counted frames.
  const auto still_starting = [this] {
    return core_.waiting() > 0 || opening_a_map() || (model_.working() && !model_.finishing());
  };
  run_.starting = still_starting();
  while (run_.starting && frame()) {
    if (run_.scripted && shell_.messages.failures() > run_.failures_at_start) {
      run_.exit_code = 2;  // a script's line refused, or a FILE that cannot be opened
      run_.running = false;
    }
    run_.starting = run_.running && still_starting();
  }
  if (run_.exit_code != 0) {
    core_.end_work([] { return true; });  // dropped
    return run_.exit_code;
  }
  run_.starting = false;
  last_tick_ = Clock::now();
  while (frame()) {
  }
  return finish();
}

// One turn of the loop: events, update, draw, report; false once the run is to end.
bool App::frame() {
  if (!run_.running) return false;
  const Clock::time_point frame_start = Clock::now();
  events();
  if (!run_.running) return false;
  update();
  draw();
  report();
  pace(frame_start);
  return run_.running;
}

// --- 2. the frame's steps ----------------------------------------------------------------------

// SDL's events and the panel, as commands. Paused and still, it waits for an event rather
// than spinning.
void App::events() {
  // Still: paused, nothing moving, no frame owed to input. Then it waits for an event (and
  // wakes now and then for the status line and work on other threads).
  // Long work (but a finish, whose frames are measured) leaves the cores to its worker: the ticks
  // rain nothing meanwhile, and its progress is drawn a few times a second.
  const bool long_work = (model_.working() && !model_.finishing()) || opening_a_map();
  const bool still = (!model_.playing() || long_work) && !model_.finishing() &&
                     drawn_.version == model_.version() && drawn_.scheme == ui_.scheme &&
                     !run_.scripted && !input_.frames_owed() && !files_.rendering_in_tiles();
  const bool background_work = files_.background_work() || long_work;
  SDL_Event event;
  bool have_event = still ? SDL_WaitEventTimeout(&event, background_work ? 50 : 250) != 0
                          : SDL_PollEvent(&event) != 0;
  input_.begin_frame(still);
  while (have_event) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    input_.note(event);
    take(event);
    // A button released ends the frame's events: Dear ImGui 1.86 sees one press and release of
    // a button a frame, so the second click of a double click that came within one slow frame
    // would be lost; the rest waits in SDL's queue for the next frame, which comes at once.
    if (event.type == SDL_MOUSEBUTTONUP) break;
    have_event = SDL_PollEvent(&event) != 0;
  }
  // SIGINT or SIGTERM: quit at once, without asking (quit_signal.h); long work under way is
  // dropped as the run ends (finish()).
  if (quit_signalled()) pending_.push_back(ShellCommand{Quit{false}});
  build_panel();
}

// One of SDL's events, as the commands it stands for.
void App::take(const SDL_Event& event) {
  switch (event.type) {
    case SDL_QUIT:
      pending_.push_back(ShellCommand{Quit{}});
      break;
    case SDL_WINDOWEVENT:
      if (event.window.event == SDL_WINDOWEVENT_CLOSE) pending_.push_back(ShellCommand{Quit{}});
      if (event.window.event == SDL_WINDOWEVENT_MINIMIZED) run_.minimized = true;
      if (event.window.event == SDL_WINDOWEVENT_RESTORED ||
          event.window.event == SDL_WINDOWEVENT_SHOWN ||
          event.window.event == SDL_WINDOWEVENT_EXPOSED) {
        run_.minimized = false;
      }
      break;
    case SDL_DROPFILE:
      pending_.push_back(OpenFile{event.drop.file});
      SDL_free(event.drop.file);
      break;
    case SDL_MOUSEWHEEL:
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
    case SDL_MOUSEMOTION:
      input_.mouse(event, core_, layout_, pixels_per_point_, ImGui::GetIO().WantCaptureMouse,
                   pending_);
      break;
    case SDL_KEYDOWN:
      key_down(event.key);
      break;
    default:
      break;
  }
}

void App::key_down(const SDL_KeyboardEvent& key) {
  const SDL_Keycode sym = key.keysym.sym;
  // While the file dialog is open, Return is its Open or Save and Esc its Cancel (carried out
  // as it is drawn, once this frame's typing is in its fields); no shortcut works.
  if (files_.dialog().is_open()) {
    if (sym == SDLK_ESCAPE) files_.dialog().press_escape();
    if ((sym == SDLK_RETURN || sym == SDLK_KP_ENTER) && !key.repeat) files_.dialog().press_return();
    return;
  }
  // While quitting or opening asks, Esc is its Cancel and no other shortcut works.
  if (shell_.quit_asked || !shell_.open_asked.empty()) {
    if (sym == SDLK_ESCAPE && shell_.quit_asked) {
      pending_.push_back(ShellCommand{AnswerQuit{UnsavedAnswer::cancel}});
    } else if (sym == SDLK_ESCAPE) {
      pending_.push_back(ShellCommand{AnswerOpen{UnsavedAnswer::cancel}});
    }
    return;
  }
  // Esc closes an open drop-down (the panel closes it in the next frame), and does nothing
  // else then.
  if (sym == SDLK_ESCAPE && close_drop_down(panel_)) return;
  // Esc stops long work, the map as it was before it (and what waited behind it).
  if (sym == SDLK_ESCAPE && shell_.work) {
    pending_.push_back(UiCommand{CancelWork{}});
    return;
  }
  // Shortcuts, unless a text field has the keyboard.
  if (key.repeat || ImGui::GetIO().WantTextInput) return;
  if (auto command = command_for_key(sym, model_.settings(), window_.fullscreen(), ui_.side.view,
                                     static_cast<int>(render::color_schemes().size()),
                                     static_cast<SDL_Keymod>(key.keysym.mod))) {
    pending_.push_back(std::move(*command));
  }
}

// The panel, built now (drawn over the map at the end of the frame), with the layout and the
// state it shows.
void App::build_panel() {
  show_work();

  // Where the side bar, the strip and the map go, and the cell under the mouse for the
  // readout (none while the mouse is over the panel).
  lay_out_window();
  shell_.hover = hovered_cell();

  // The panel, built now (drawn over the map at the end of the frame).
  const double panel_start = session::thread_cpu_ms();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  // The pointer as SDL's events left it over this window: ImGui 1.86's backend asks the
  // display for the global pointer instead, which can lag behind the events (under Xvfb it
  // stays where a drag began), so that a splitter would not follow the drag the map sees.
  // Once the pointer has left the window, it is nowhere (the backend would keep it where it
  // left, and a tooltip would stay up), unless a button held since inside drags on.
  if (SDL_GetMouseFocus() == window_.sdl()) {
    int mx = 0;
    int my = 0;
    SDL_GetMouseState(&mx, &my);
    ImGui::GetIO().MousePos = ImVec2(static_cast<float>(mx), static_cast<float>(my));
    const glm::dvec2 p = to_drawable(mx, my, pixels_per_point_);
    shell_.mouse[0] = static_cast<float>(p.x);
    shell_.mouse[1] = static_cast<float>(p.y);
    if (ui_.paint_mode) core_.trace_brush_ring(p);
  } else if (!ImGui::IsAnyMouseDown()) {
    ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  }
  // The display size as the window really is (see Window::drawable_size).
  {
    int pw = 0;
    int ph = 0;
    window_.drawable_size(pw, ph);
    ImGui::GetIO().DisplaySize = ImVec2(static_cast<float>(pw) / pixels_per_point_,
                                        static_cast<float>(ph) / pixels_per_point_);
  }
  ImGui::NewFrame();
  // ImGui asks a few seconds after the panel moved (it would have written its .ini itself).
  if (ImGui::GetIO().WantSaveIniSettings) save_panel_place();
  shell_.fullscreen = window_.fullscreen();
  shell_.now = seconds_now();
  shell_.idle = input_.waited();
  panel_.controls.begin_frame();
  const PanelFrame panel(model_, ui_, shell_, panel_, layout_, pixels_per_point_, pending_);
  draw_menu_bar(panel);
  draw_panel(panel, stats_);
  draw_timeline(panel);
  draw_readout(model_, shell_, layout_, pixels_per_point_);
  draw_status(shell_, layout_, pixels_per_point_);
  draw_work(panel);
  draw_brush_cursor(ui_, shell_, layout_, pixels_per_point_,
                    model_.settings().view == MapView::three_d);
  // One window over the map at a time: the file dialog (which the questions' Save may open)
  // over the question, which comes back once it closes.
  if (!files_.dialog().is_open()) draw_quit_question(panel);
  draw_file_dialog(files_.dialog(), panel.controls);
  stats_.record(Stage::panel, session::thread_cpu_ms() - panel_start);
}

// The frame's commands in order, then the ticks: one a frame in a scripted run (so --frames is
// exact), else as many 60 Hz ticks as the time since the last frame holds.
void App::update() {
  // The frame's drawing follows the ticks: its threads wake while it rains.
  if (model_.playing() && !run_.minimized) renderer_.prime();
  // The frame's commands, in order (dispatch() keeps what changes the map waiting while the
  // map is busy, and carries it out once it is not).
  for (const Command& command : pending_) dispatch(command);
  pending_.clear();
  if (!run_.running) return;
  // A finish lands here, playing or paused (the model ticks only while playing); then what
  // waited for it.
  files_.update();
  // A finish lands here, playing or paused (the model ticks only while playing); then what
  // waited for the map, in order, until it is busy again.
  if (core_.update()) finish_landed_ = true;  // reported once the frame it lands in is drawn

  // The rain's ticks (the core's: app_core.h), the flags' commands first.
  const Clock::time_point now = Clock::now();
  AppCore::TickTimes ticked;
  if (run_.starting) {
    core_.owe_no_ticks();
  } else {
    ticked = core_.tick(std::chrono::duration<double>(now - last_tick_).count(), run_.scripted);
  }
  last_tick_ = now;
  stats_.record(Stage::rain, ticked.rain_ms);
  stats_.record(Stage::rivers, ticked.rivers_ms);
}

// The map (drawn again only when something it shows changed), then the panel over it.
void App::draw() {
  int pw = 0;
  int ph = 0;
  window_.drawable_size(pw, ph);
  if (run_.minimized || pw <= 0 || ph <= 0) {
    ImGui::EndFrame();
  } else {
    const double cpu_start = session::thread_cpu_ms();
    const render::RenderTimings t = draw_map(pw, ph);
    // The strip under the map, with the camera as this frame's commands left it (so the
    // cross-section and its row mark stay aligned with the map drawn now).
    const double strip_start = session::thread_cpu_ms();
    if (ui_.side.shown && ui_.side.view == SideView::cross_section) core_.trace_row_line();
    draw_side_view(PanelFrame(model_, ui_, shell_, panel_, layout_, pixels_per_point_, pending_),
                   core_.camera().frame(layout_.map_area()), side_cache_);
    stats_.add(Stage::panel, session::thread_cpu_ms() - strip_start);
    ImGui::Render();
    glViewport(0, 0, pw, ph);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    stats_.record(Stage::contours, t.contours_ms);
    stats_.record(Stage::drawing, t.build_ms - t.contours_ms + stats_.current(Stage::panel));
    stats_.record(Stage::painting, t.raster_ms);
    stats_.record(Stage::paths, t.rivers_ms);
    stats_.record(Stage::tiles, t.tiles_ms);
    stats_.record(Stage::surface, t.surface_ms);
    // The rest of this thread's CPU time in the draw: the GL calls. (build and painting are
    // wall times; when this thread waited through them for other threads, or was preempted,
    // the difference would go below zero, and nothing was spent in GL then.)
    stats_.record(Stage::gl,
                  std::max(0.0, session::thread_cpu_ms() - cpu_start - t.build_ms - t.raster_ms));
    swap();
  }
  stats_.record(Stage::cpu_side, stats_.current(Stage::rain) + stats_.current(Stage::rivers) +
                                     stats_.current(Stage::contours) +
                                     stats_.current(Stage::drawing));
  stats_.end_frame();
  input_.end_frame();

  if (run_.starting) return;  // not a frame that counts
  run_.frames++;
  if (run_.scripted && run_.frames >= *options_.frames) run_.running = false;
}

// The map at pw x ph, drawn again only when something it shows changed; its timings (none when
// it was not drawn again).
render::RenderTimings App::draw_map(int pw, int ph) {
  if (run_.starting) {
    // The flags' and the script's commands are still being carried out: the map is drawn once
    // they are, as it always was (a picture of each step on the way would colour its basins
    // by what the run passed through, and that would hang on how fast the frames came), the
    // panel and the work's progress over a plain background meanwhile.
    glViewport(0, 0, pw, ph);
    glClearColor(0.06f, 0.06f, 0.06f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    return {};
  }
  const Rect& map = layout_.map;
  const Drawn now{model_.version(),
                  ui_.scheme,
                  pw,
                  ph,
                  core_.camera().version(),
                  core_.orbit().version(),
                  ui_.exaggeration,
                  map.left,
                  map.top,
                  map.width,
                  map.height};
  if (now == drawn_ && renderer_.redraw_last(pw, ph)) return {};
  renderer_.draw(map_inputs(), pw, ph);
  drawn_ = now;
  return renderer_.last_timings();
}

// The frame shown: it counts when the swap returns; input's time to the screen, and a finish's
// frames.
void App::swap() {
  const Clock::time_point swap_start = Clock::now();
  window_.swap();
  stats_.record(Stage::swap,
                std::chrono::duration<double, std::milli>(Clock::now() - swap_start).count());
  if (const auto ms = input_.swapped()) {
    shell_.input_ms = *ms;
    stats_.input_answered(*ms);
  }
  stats_.swapped(model_.finishing() || finish_landed_);
  if (finish_landed_) report_finish();
}

// No faster than 60 frames a second where vsync does not hold us back (scripted runs are not
// paced: they measure how fast the app draws).
void App::pace(Clock::time_point frame_start) {
  const double spent = std::chrono::duration<double>(Clock::now() - frame_start).count();
  if (!run_.scripted && (!window_.vsync() || run_.minimized || spent < kFrameCapSeconds * 0.5) &&
      spent < kFrameCapSeconds) {
    std::this_thread::sleep_for(std::chrono::duration<double>(kFrameCapSeconds - spent));
  }
}

// --- 3. dispatch -------------------------------------------------------------------------------

// What the core leaves to the window, in the map's turn: files to read, the save folder, map
// files and exports to paths chosen.
void App::carry_out(const FileCommand& command) {
  files_.carry_out(command);
}

void App::message(const std::string& text, bool failed) {
  if (failed) {
    refuse(text);
  } else {
    tell(text, false);
  }
}

void App::say(const std::string& line) {
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

void App::finish_began() {
  stats_.finish_began();
}

// What needs the window, the GL or the disk, at once (command.h).
void App::carry_out(const ShellCommand& command) {
  std::visit(
      Overloaded{// Files (file_jobs.h).
                 [&](const SavePng&) { files_.save_png(); },
                 [&](const SaveMapNow&) { files_.save_map_now(); },
                 [&](const SaveMapAs&) { files_.save_map_as(); },
                 [&](const Recover& c) { files_.recover(c.accept); },
                 [&](const OpenRecent& c) { files_.open_recent(c.index); },
                 [&](const RemoveRecent& c) { files_.remove_recent(c.index); },
                 [&](const ExportHeightmap& c) { files_.export_heightmap(c.original); },
                 [&](const ExportLayers&) { files_.export_layers(); },
                 [&](const ExportGrids&) { files_.export_grids(); },
                 [&](const ExportSvg&) { files_.export_svg(); },
                 [&](const ExportMesh& c) { files_.export_mesh(c.obj); },
                 [&](const RenderPng& c) { files_.start_render(c.width, c.height); },
                 [&](const ToggleRecording&) { files_.toggle_recording(); },
                 [&](const ChooseFile& c) { files_.choose_file(c.what); },
                 [&](const Quit& c) { files_.quit(c.ask); },
                 [&](const AnswerQuit& c) { files_.answer_quit(c.answer); },
                 [&](const AnswerOpen& c) { files_.answer_open(c.answer); },
                 // The window.
                 [&](const ToggleFullscreen&) { window_.set_fullscreen(!window_.fullscreen()); },
                 [&](const LeaveFullscreen&) { window_.set_fullscreen(false); },
                 [&](const TogglePanel&) {
                   // Shown in a window too narrow to show it by itself, it stays until hidden
                   // again.
                   const bool shown = side_bar_shown_now();
                   shell_.panel_visible = !shown;
                   shell_.panel_opened_small =
                       !shown && drawable_width() / pixels_per_point_ < kPanelFoldWidth;
                 },
                 // The splitters: the parts keep their share of the window as it is resized.
                 [&](const ResizeSideBar& c) {
                   shell_.side_bar_share =
                       clamp_side_bar_width(c.width, drawable_width()) / drawable_width();
                 },
                 [&](const ResizeStrip& c) {
                   shell_.strip_share =
                       clamp_strip_height(c.height, drawable_height()) / drawable_height();
                 }},
      command);
}

void App::refuse(const std::string& message) {
  const std::string text = failure_text(message);
  shell_.messages.post(text, true, seconds_now());
  std::fprintf(stderr, "terrain-sandbox: %s\n", text.c_str());
}

std::string App::failure_text(const std::string& message) const {
  std::string text = ui_.script_where.empty() ? message : ui_.script_where + ": " + message;
  if (text.size() > kMostMessage)
    text = session::json_read::utf8_prefix(text, kMostMessage) + "...";
  return text;
}

void App::show_work() {
  std::optional<ShellState::Work> now;
  if (const auto p = model_.work_progress()) {
    now = ShellState::Work{p->what, p->done, p->total, 0};
  } else if (const auto opening = files_.opening_progress()) {
    now = ShellState::Work{opening->first, opening->second->done(), opening->second->total(), 0};
  } else if (const auto script = core_.script_progress(); script && script->second > 1) {
    // A script of many lines, each short: its lines done of all (its unit is a line).
    now =
        ShellState::Work{"The script " + std::filesystem::path(options_.script).filename().string(),
                         script->first, script->second, 0, "lines"};
  }
  if (now)
    now->since = shell_.work && shell_.work->what == now->what ? shell_.work->since : seconds_now();
  shell_.work = std::move(now);
}

void App::tell(const std::string& message, bool failed) {
  post(message, failed);
}

std::string App::post(const std::string& text, bool failed) {
  const std::string shown = failed ? failure_text(text) : text;
  shell_.messages.post(shown, failed, seconds_now());
  return shown;
}

double App::seconds_now() const {
  return std::chrono::duration<double>(Clock::now() - started_at_).count();
}

float App::drawable_width() const {
  int pw = 0;
  int ph = 0;
  window_.drawable_size(pw, ph);
  return static_cast<float>(std::max(1, pw));
}

float App::drawable_height() const {
  int pw = 0;
  int ph = 0;
  window_.drawable_size(pw, ph);
  return static_cast<float>(std::max(1, ph));
}

void App::lay_out_window() {
  int pw = 0;
  int ph = 0;
  int ww = 0;
  int wh = 0;
  window_.measure_size();
  window_.drawable_size(pw, ph);
  window_.window_size(ww, wh);
  pixels_per_point_ = ww > 0 && pw > 0 ? static_cast<float>(pw) / static_cast<float>(ww) : 1.0f;
  const auto w = static_cast<float>(std::max(1, pw));
  const auto h = static_cast<float>(std::max(1, ph));
  layout_ = lay_out(std::max(1, pw), std::max(1, ph), side_bar_shown_now(),
                    shell_.side_bar_share * w, ui_.side.shown, shell_.strip_share * h,
                    kTimelineHeight * pixels_per_point_, menu_bar_height() * pixels_per_point_);
  core_.set_map_area(layout_.map_area());
}

bool App::side_bar_shown_now() const {
  return side_bar_shown(shell_.panel_visible, shell_.panel_opened_small,
                        drawable_width() / pixels_per_point_);
}

void App::report() {
  shell_.fullscreen = window_.fullscreen();
  reporter_.frame({model_, ui_, shell_, panel_.controls, layout_, core_.camera(),
                   core_.take_stopped(), run_.started && stats_.swaps() >= 2,
                   input_.counts().answered, input_.counts().moves_answered,
                   input_.counts().x_answered, input_.counts().y_answered});
}

void App::report_finish() {
  // For scripts and the benchmark: how long the finish took, and the frames drawn meanwhile.
  reporter_.finished(stats_.finish_ms(), stats_.finish_frames(), stats_.longest_finish_frame_ms());
  finish_landed_ = false;
}

std::optional<session::CellPosition> App::hovered_cell() const {
  int mx = 0;
  int my = 0;
  const uint32_t buttons = SDL_GetMouseState(&mx, &my);
  (void)buttons;
  if (ImGui::GetIO().WantCaptureMouse ||
      !(SDL_GetWindowFlags(window_.sdl()) & SDL_WINDOW_MOUSE_FOCUS)) {
    return std::nullopt;
  }
  // The nearest grid point under the pointer (each cell's colour is centred on its grid
  // point), in the camera's frame of the map's area or on the 3D view's surface.
  const auto cell = core_.map_point_at(to_drawable(mx, my, pixels_per_point_));
  if (!cell) return std::nullopt;
  const auto x = static_cast<int>(std::floor(cell->x + 0.5));
  const auto y = static_cast<int>(std::floor(cell->y + 0.5));
  if (!model_.terrain().contains(x, y)) return std::nullopt;
  return session::CellPosition{x, y};
}

render::MapInputs App::map_inputs(bool whole_window) const {
  // The pictures that leave the app: the map alone at the window's size.
  if (whole_window) {
    return picture_inputs(static_cast<int>(drawable_width()), static_cast<int>(drawable_height()));
  }
  render::MapInputs in = picture_inputs(1, 1);
  in.frame = core_.camera().frame(layout_.map_area());
  in.area = layout_.map_area();
  return in;
}

render::MapInputs App::picture_inputs(int width, int height) const {
  render::MapInputs in;
  // A picture is the sketch's canvas: at fit its viewport, covering the picture (no bars).
  in.frame =
      core_.camera().picture_frame({0, 0, static_cast<double>(width), static_cast<double>(height)});
  const session::Settings& s = model_.settings();
  in.terrain = &model_.terrain();
  in.sea_level = s.sea_level;
  in.contour_levels = s.contour_levels;
  in.scheme = &render::color_schemes()[static_cast<std::size_t>(ui_.scheme)];
  in.show_rivers = s.show_rivers;
  in.rivers = &model_.rivers();
  in.debug = s.debug_mode;
  in.routes = &model_.rain();
  in.drops = model_.drops();
  in.view = s.view;
  in.show_lakes = s.show_lakes;
  in.rivers_by = s.rivers_by;
  in.min_flow = s.min_flow;
  in.hydrology = &model_.hydrology();
  in.ground_version = model_.ground_version();
  in.camera = core_.orbit();
  in.exaggeration = ui_.exaggeration;
  return in;
}

// --- 4. saving, and the end --------------------------------------------------------------------

int App::finish() {
  int exit_code = 0;
  files_.end_autosave();
  // Long work still under way: after a signal it is dropped (the map as it was before it);
  // else it lands now, so what the run leaves is its end (and scripts read that the rain
  // stopped), waited for a piece at a time so that a signal still stops it within a second.
  const bool was_finishing = model_.finishing();
  // A map file still being opened lands nowhere now: its worker stops within a piece.
  if (const auto what = files_.cancel_opening()) {
    std::fprintf(stderr, "terrain-sandbox: stopped: %s\n", what->c_str());
  }
  if (const auto what = core_.end_work(quit_signalled)) {
    std::fprintf(stderr, "terrain-sandbox: stopped: %s (the map is as it was before it)\n",
                 what->c_str());
  } else if (was_finishing) {
    report_finish();
    report();
  } else if (finish_landed_) {
    report_finish();
  }
  if (files_.finish_run() != 0) exit_code = 1;
  if (!options_.probes.empty()) {
    // One JSON line per probe, as terrain-cli would write the cell for this map.
    for (const session::CellReadout& cell : session::probe_cells(model_, options_.probes)) {
      std::printf("%s\n", session::readout_json(cell).c_str());
    }
    std::fflush(stdout);
  }
  if (options_.stats) {
    const render::RenderTimings& t = renderer_.last_timings();
    char last_frame[160];
    std::snprintf(last_frame, sizeof last_frame,
                  "%zu stroke segments, %zu strokes, %zu placed in tiles", t.segments, t.strokes,
                  t.placed);
    stats_.print(renderer_.cpu_painter() ? "CPU" : "GPU", last_frame);
  }
  return exit_code;
}

}  // namespace terrain::app
