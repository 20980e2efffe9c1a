// The app's loop (see app.h). Sections:
//   1. start: the window, ImGui with its .ini in XDG config, the renderer, the flags' commands
//   2. the frame's steps: events, update, draw, pace
//   3. dispatch: every command carried out in one place, and what scripts read on stdout
//   4. saving PNGs; the end: --screenshot, --cells, --stats
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

constexpr double kTickSeconds = 1.0 / 60.0;  // the sketch's frame: 60 a second
constexpr int kMostTicksPerFrame = 12;       // a slow frame (down to 5 fps) still keeps 60 ticks/s
constexpr double kFrameCapSeconds = 1.0 / 60.0;  // drawing cap where vsync does not pace us
// Frames drawn at once after an input, before a still app waits for events again: the frame
// that answers it and those Dear ImGui needs to finish the answer (a drop-down's list shows
// in the frame after the click, a tooltip a few later).
constexpr int kFramesAfterInput = 4;

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
      camera_(core_.camera()),
      reporter_(tests_asked()) {
  scripted_ = options.frames.has_value();
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
  ui_.exact_relief = renderer_.exact_relief();
  ui_.cpu_painter = renderer_.cpu_painter();
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
  ui_.save_folder = folder;
  // The desktop's chooser, or else the window's own dialog: there is always one.
  ui_.can_choose_files = true;
  pending_.reserve(64);
  input_ms_.reserve(1 << 16);
  lay_out_window();

  // What waits behind long work (a big --drops, a map file's place, a script's rain) is carried
  // out as the loop goes, before its first frame that counts (run()).
  failures_at_start_ = ui_.messages.failures();
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
  if (ui_.messages.failures() > failures_at_start_ && scripted_) exit_code_ = 2;
  // p5 draws the first frame after setup even when it does not loop.
  model_.refresh();
  if (!options.timelapse.empty() && exit_code_ == 0) {
    RecordingOptions recording;
    recording.every = options.every.value_or(io::kTimelapseDefaultEvery);
    std::tie(recording.width, recording.height) =
        options.timelapse_size.value_or(std::pair{640, 360});
    recording.fps = options.timelapse_fps.value_or(io::kTimelapseDefaultFps);
    recording.scripted = true;
    start_recording(options.timelapse, recording);
    if (!recording_) exit_code_ = 2;  // its one line is on stderr
  }
  if (!scripted_ || options.recover) start_autosave();
  report();  // the rain's stop, if --drops passed it
  started_ = true;
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
  if (exit_code_ != 0) return exit_code_;
  last_tick_ = Clock::now();
  // The flags' and the script's commands behind long work: carried out as it lands, frames
  // drawn meanwhile (its progress, its Cancel; Esc, SIGINT and SIGTERM stop it), none of them
  // counted or ticked. A finish (--finish) is the rain's own and goes on in counted frames.
  const auto still_starting = [this] {
    return core_.waiting() > 0 || opening_a_map() || (model_.working() && !model_.finishing());
  };
  starting_ = still_starting();
  while (starting_ && frame()) {
    if (scripted_ && ui_.messages.failures() > failures_at_start_) {
      exit_code_ = 2;  // a script's line refused, or a FILE that cannot be opened
      running_ = false;
    }
    starting_ = running_ && still_starting();
  }
  if (exit_code_ != 0) {
    model_.cancel_work();
    return exit_code_;
  }
  starting_ = false;
  last_tick_ = Clock::now();
  while (frame()) {
  }
  return finish();
}

// One turn of the loop: events, update, draw, report; false once the run is to end.
bool App::frame() {
  if (!running_) return false;
  const Clock::time_point frame_start = Clock::now();
  events();
  if (!running_) return false;
  update();
  draw();
  report();
  pace(frame_start);
  return running_;
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
                     drawn_version_ == model_.version() && drawn_scheme_ == ui_.scheme &&
                     !scripted_ && frames_owed_ == 0 && !large_.active();
  const bool background_work = chooser_.open() || opening_.valid() || render_saved_.valid() ||
                               recording_ != nullptr || long_work;
  SDL_Event event;
  bool have_event = still ? SDL_WaitEventTimeout(&event, background_work ? 50 : 250) != 0
                          : SDL_PollEvent(&event) != 0;
  waited_ = still;
  // What was polled up to the last frame has now had that whole frame to take effect.
  inputs_.answered = inputs_.polled;
  inputs_.moves_answered = inputs_.moves_polled;
  const ImGuiIO& io = ImGui::GetIO();
  while (have_event) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP || event.type == SDL_MOUSEWHEEL ||
        event.type == SDL_MOUSEBUTTONDOWN || event.type == SDL_MOUSEBUTTONUP) {
      inputs_.polled++;
    }
    if (event.type == SDL_MOUSEMOTION) inputs_.moves_polled++;
    switch (event.type) {
      case SDL_KEYDOWN:
      case SDL_KEYUP:
      case SDL_TEXTINPUT:
      case SDL_MOUSEWHEEL:
      case SDL_MOUSEBUTTONDOWN:
      case SDL_MOUSEBUTTONUP:
      case SDL_MOUSEMOTION:
      case SDL_DROPFILE:
        // Input: this frame answers it, drawn at once, and so are the next few (Dear ImGui
        // shows some answers a frame later: a drop-down's list, a tooltip).
        if (!input_since_) input_since_ = event.common.timestamp;
        frames_owed_ = kFramesAfterInput;
        break;
      default:
        break;
    }
    switch (event.type) {
      case SDL_QUIT:
        pending_.push_back(UiCommand{Quit{}});
        break;
      case SDL_WINDOWEVENT:
        if (event.window.event == SDL_WINDOWEVENT_CLOSE) pending_.push_back(UiCommand{Quit{}});
        if (event.window.event == SDL_WINDOWEVENT_MINIMIZED) minimized_ = true;
        if (event.window.event == SDL_WINDOWEVENT_RESTORED ||
            event.window.event == SDL_WINDOWEVENT_SHOWN ||
            event.window.event == SDL_WINDOWEVENT_EXPOSED) {
          minimized_ = false;
        }
        // A new size (or the pointer leaving): laid out and drawn again at once.
        frames_owed_ = kFramesAfterInput;
        break;
      case SDL_DROPFILE:
        pending_.push_back(OpenFile{event.drop.file});
        SDL_free(event.drop.file);
        break;
      case SDL_MOUSEWHEEL:
      case SDL_MOUSEBUTTONDOWN:
      case SDL_MOUSEBUTTONUP:
      case SDL_MOUSEMOTION:
        mouse_event(event);
        break;
      case SDL_KEYDOWN:
        // While the file dialog is open, Return is its Open or Save and Esc its Cancel (carried
        // out as it is drawn, once this frame's typing is in its fields); no shortcut works.
        if (file_dialog_.is_open()) {
          const SDL_Keycode key = event.key.keysym.sym;
          if (key == SDLK_ESCAPE) file_dialog_.press_escape();
          if ((key == SDLK_RETURN || key == SDLK_KP_ENTER) && !event.key.repeat) {
            file_dialog_.press_return();
          }
          break;
        }
        // While quitting or opening asks, Esc is its Cancel and no other shortcut works.
        if (ui_.quit_asked) {
          if (event.key.keysym.sym == SDLK_ESCAPE) {
            pending_.push_back(UiCommand{AnswerQuit{UnsavedAnswer::cancel}});
          }
          break;
        }
        if (!ui_.open_asked.empty()) {
          if (event.key.keysym.sym == SDLK_ESCAPE) {
            pending_.push_back(UiCommand{AnswerOpen{UnsavedAnswer::cancel}});
          }
          break;
        }
        // Esc closes an open drop-down (the panel closes it in the next frame), and does
        // nothing else then.
        if (event.key.keysym.sym == SDLK_ESCAPE && close_drop_down(panel_)) break;
        // Esc stops long work, the map as it was before it (and what waited behind it).
        if (event.key.keysym.sym == SDLK_ESCAPE && ui_.work) {
          pending_.push_back(UiCommand{CancelWork{}});
          break;
        }
        // Shortcuts, unless a text field has the keyboard.
        if (!event.key.repeat && !io.WantTextInput) {
          if (auto command =
                  command_for_key(event.key.keysym.sym, model_.settings(), window_.fullscreen(),
                                  ui_.side.view, static_cast<int>(render::color_schemes().size()),
                                  static_cast<SDL_Keymod>(event.key.keysym.mod))) {
            pending_.push_back(std::move(*command));
          }
        }
        break;
      default:
        break;
    }
    have_event = SDL_PollEvent(&event) != 0;
  }
  // SIGINT or SIGTERM: quit at once, without asking (quit_signal.h); long work under way is
  // dropped as the run ends (finish()).
  if (quit_signalled()) pending_.push_back(UiCommand{Quit{false}});
  show_work();

  // Where the side bar, the strip and the map go, and the cell under the mouse for the
  // readout (none while the mouse is over the panel).
  lay_out_window();
  ui_.hover = hovered_cell();
  ui_.zoom = camera_.zoom();
  ui_.at_fit = camera_.at_fit();
  ui_.cell_pixels = camera_.frame(layout_.map_area()).scale_x;
  ui_.camera_yaw = core_.orbit().yaw();
  ui_.camera_pitch = core_.orbit().pitch();
  ui_.camera_distance = core_.orbit().distance();

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
    const glm::dvec2 p = to_drawable(mx, my);
    ui_.mouse[0] = static_cast<float>(p.x);
    ui_.mouse[1] = static_cast<float>(p.y);
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
  ui_.fullscreen = window_.fullscreen();
  ui_.now = seconds_now();
  ui_.idle = waited_;
  panel_.controls.begin_frame();
  const PanelFrame panel(model_, ui_, panel_, layout_, pixels_per_point_, pending_);
  draw_menu_bar(panel);
  draw_panel(panel, stats_);
  draw_timeline(panel);
  draw_readout(model_, ui_, layout_, pixels_per_point_);
  draw_status(ui_, layout_, pixels_per_point_);
  draw_work(panel);
  draw_brush_cursor(ui_, layout_, pixels_per_point_, model_.settings().view == MapView::three_d);
  // One window over the map at a time: the file dialog (which the questions' Save may open)
  // over the question, which comes back once it closes.
  if (!file_dialog_.is_open()) draw_quit_question(panel);
  draw_file_dialog(file_dialog_, panel.controls);
  panel_ms_ = session::thread_cpu_ms() - panel_start;
}

// The frame's commands in order, then the ticks: one a frame in a scripted run (so --frames is
// exact), else as many 60 Hz ticks as the time since the last frame holds.
void App::update() {
  // The frame's drawing follows the ticks: its threads wake while it rains.
  if (model_.playing() && !minimized_) renderer_.prime();
  // The frame's commands, in order (dispatch() keeps what changes the map waiting while the
  // map is busy, and carries it out once it is not).
  for (const Command& command : pending_) dispatch(command);
  pending_.clear();
  if (!running_) return;
  // A finish lands here, playing or paused (the model ticks only while playing); then what
  // waited for it.
  step_render();
  update_recording();
  update_open();
  update_open_map();
  update_chooser();
  update_title();
  update_autosave();
  update_recent();
  // A finish lands here, playing or paused (the model ticks only while playing); then what
  // waited for the map, in order, until it is busy again.
  if (core_.update()) finish_landed_ = true;  // reported once the frame it lands in is drawn
  stopped_this_frame_ = core_.take_stopped() || stopped_this_frame_;

  rain_ms_ = 0;
  rivers_ms_ = 0;
  auto tick = [&] {
    const bool raining = model_.playing();
    model_.tick();
    if (raining) tick_recording();
    rain_ms_ += model_.last_timings().rain_ms;
    rivers_ms_ += model_.last_timings().rivers_ms;
    stopped_this_frame_ = stopped_this_frame_ || model_.stopped_at_target();
  };
  const Clock::time_point now = Clock::now();
  if (starting_) {
    tick_debt_ = 0;  // the flags' commands first
  } else if (scripted_) {
    tick();
  } else if (model_.playing() && !large_.active()) {
    tick_debt_ += std::chrono::duration<double>(now - last_tick_).count();
    int ticks = 0;
    while (tick_debt_ >= kTickSeconds && ticks < kMostTicksPerFrame && model_.playing()) {
      tick();
      tick_debt_ -= kTickSeconds;
      ticks++;
    }
    if (ticks == kMostTicksPerFrame) tick_debt_ = 0;  // too far behind: let it go
  } else {
    tick_debt_ = 0;
  }
  last_tick_ = now;
  stats_.record(Stage::rain, rain_ms_);
  stats_.record(Stage::rivers, rivers_ms_);
}

// The map (drawn again only when something it shows changed), then the panel over it.
void App::draw() {
  int pw = 0;
  int ph = 0;
  window_.drawable_size(pw, ph);
  if (minimized_ || pw <= 0 || ph <= 0) {
    ImGui::EndFrame();
  } else {
    const double cpu_start = session::thread_cpu_ms();
    const Rect& map = layout_.map;
    const bool unchanged = drawn_version_ == model_.version() && drawn_scheme_ == ui_.scheme &&
                           drawn_w_ == pw && drawn_h_ == ph && drawn_camera_ == camera_.version() &&
                           drawn_orbit_ == core_.orbit().version() &&
                           drawn_exaggeration_ == ui_.exaggeration && drawn_map_.left == map.left &&
                           drawn_map_.top == map.top && drawn_map_.width == map.width &&
                           drawn_map_.height == map.height;
    double contours_ms = 0;
    double build_ms = 0;     // our geometry, contours included
    double painting_ms = 0;  // the CPU painter's map pass
    double paths_ms = 0;
    double tiles_ms = 0;
    double surface_ms = 0;
    if (starting_) {
      // The flags' and the script's commands are still being carried out: the map is drawn once
      // they are, as it always was (a picture of each step on the way would colour its basins
      // by what the run passed through, and that would hang on how fast the frames came), the
      // panel and the work's progress over a plain background meanwhile.
      glViewport(0, 0, pw, ph);
      glClearColor(0.06f, 0.06f, 0.06f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
    } else if (!(unchanged && renderer_.redraw_last(pw, ph))) {
      renderer_.draw(map_inputs(), pw, ph);
      const render::RenderTimings& t = renderer_.last_timings();
      contours_ms = t.contours_ms;
      build_ms = t.build_ms;
      painting_ms = t.raster_ms;
      paths_ms = t.rivers_ms;
      tiles_ms = t.tiles_ms;
      surface_ms = t.surface_ms;
      drawn_version_ = model_.version();
      drawn_scheme_ = ui_.scheme;
      drawn_w_ = pw;
      drawn_h_ = ph;
      drawn_camera_ = camera_.version();
      drawn_orbit_ = core_.orbit().version();
      drawn_exaggeration_ = ui_.exaggeration;
      drawn_map_ = map;
    }
    // The strip under the map, with the camera as this frame's commands left it (so the
    // cross-section and its row mark stay aligned with the map drawn now).
    const double strip_start = session::thread_cpu_ms();
    if (ui_.side.shown && ui_.side.view == SideView::cross_section) core_.trace_row_line();
    draw_side_view(PanelFrame(model_, ui_, panel_, layout_, pixels_per_point_, pending_),
                   camera_.frame(layout_.map_area()), side_cache_);
    panel_ms_ += session::thread_cpu_ms() - strip_start;
    ImGui::Render();
    glViewport(0, 0, pw, ph);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    stats_.record(Stage::contours, contours_ms);
    stats_.record(Stage::drawing, build_ms - contours_ms + panel_ms_);
    stats_.record(Stage::painting, painting_ms);
    stats_.record(Stage::paths, paths_ms);
    stats_.record(Stage::tiles, tiles_ms);
    stats_.record(Stage::surface, surface_ms);
    stats_.record(Stage::panel, panel_ms_);
    // The rest of this thread's CPU time in the draw: the GL calls. (build and painting are
    // wall times; when this thread waited through them for other threads, or was preempted,
    // the difference would go below zero, and nothing was spent in GL then.)
    stats_.record(Stage::gl,
                  std::max(0.0, session::thread_cpu_ms() - cpu_start - build_ms - painting_ms));
    const Clock::time_point swap_start = Clock::now();
    window_.swap();
    // A frame counts when the swap returns.
    const Clock::time_point previous_swap = last_swap_;
    last_swap_ = Clock::now();
    if (input_since_) {
      // Input to the swap of the frame that answered it (not counting what came before the
      // first frame: that waited for the start-up, not for a frame).
      const double ms = static_cast<double>(SDL_GetTicks() - *input_since_);
      ui_.input_ms = ms;
      if (swaps_ > 0 && input_ms_.size() < input_ms_.capacity()) input_ms_.push_back(ms);
      input_since_.reset();
    }
    last_swap_cpu_ms_ = session::process_cpu_ms();
    if (swaps_++ == 0) {
      first_swap_ = last_swap_;
      first_swap_cpu_ms_ = last_swap_cpu_ms_;
    } else if (model_.finishing() || finish_landed_) {
      // The frames while the rain finishes, the one it lands in included: how long the
      // longest took, swap to swap.
      longest_finish_frame_ms_ =
          std::max(longest_finish_frame_ms_,
                   std::chrono::duration<double, std::milli>(last_swap_ - previous_swap).count());
    }
    if (model_.finishing() || finish_landed_) finish_frames_++;
    if (finish_landed_) report_finish();
    stats_.record(Stage::swap,
                  std::chrono::duration<double, std::milli>(last_swap_ - swap_start).count());
  }
  stats_.record(Stage::cpu_side, rain_ms_ + rivers_ms_ + stats_.current(Stage::contours) +
                                     stats_.current(Stage::drawing));
  stats_.end_frame();

  if (frames_owed_ > 0) frames_owed_--;
  if (starting_) return;  // not a frame that counts
  frames_++;
  if (scripted_ && frames_ >= *options_.frames) running_ = false;
}

// No faster than 60 frames a second where vsync does not hold us back (scripted runs are not
// paced: they measure how fast the app draws).
void App::pace(Clock::time_point frame_start) {
  const double spent = std::chrono::duration<double>(Clock::now() - frame_start).count();
  if (!scripted_ && (!window_.vsync() || minimized_ || spent < kFrameCapSeconds * 0.5) &&
      spent < kFrameCapSeconds) {
    std::this_thread::sleep_for(std::chrono::duration<double>(kFrameCapSeconds - spent));
  }
}

// --- 3. dispatch -------------------------------------------------------------------------------

// What the core leaves to the window: the app's own commands, files to read, the save folder.
void App::carry_out_own(const Command& command) {
  if (const auto* ui = std::get_if<UiCommand>(&command)) dispatch_ui(*ui);
  if (const auto* open = std::get_if<OpenFile>(&command)) open_file(open->path);
  if (const auto* folder = std::get_if<SetSaveFolder>(&command)) set_save_folder(folder->path);
  if (const auto* save = std::get_if<SaveMap>(&command)) save_map(save->path, save->replace);
  if (const auto* to = std::get_if<ExportTo>(&command)) export_to(*to);
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
  finish_started_ = Clock::now();
  finish_frames_ = 0;
  longest_finish_frame_ms_ = 0;
}

// The UiCommands that need the window, the GL or the disk (app_core.h: is_shells).
void App::dispatch_ui(const UiCommand& command) {
  std::visit(
      Overloaded{
          [&](const SavePng&) { save_png(); }, [&](const SaveMapNow&) { save_map_now(); },
          [&](const Recover& c) { recover(c.accept); },
          [&](const OpenRecent& c) {
            if (recent_ && c.index >= 0 &&
                static_cast<std::size_t>(c.index) < recent_->paths().size()) {
              open_file(recent_->paths()[static_cast<std::size_t>(c.index)]);
            }
          },
          [&](const RemoveRecent& c) {
            if (recent_ && c.index >= 0) recent_->remove(static_cast<std::size_t>(c.index));
            recent_looked_ = -1e9;  // shown again at once
          },
          [&](const SaveMapAs&) { save_map_as(); },
          // The exports (app_files.cpp).
          [&](const ExportHeightmap& c) { export_heightmap(c.original); },
          [&](const ExportLayers&) { export_layers(); },
          [&](const ExportGrids&) { export_grids(); }, [&](const ExportSvg&) { export_svg(); },
          [&](const ExportMesh& c) { export_mesh(c.obj); },
          [&](const RenderPng& c) { start_render(c.width, c.height); },
          [&](const ToggleRecording&) { toggle_recording(); },
          [&](const ToggleFullscreen&) { window_.set_fullscreen(!window_.fullscreen()); },
          [&](const LeaveFullscreen&) { window_.set_fullscreen(false); },
          [&](const TogglePanel&) {
            // Shown in a window too narrow to show it by itself, it stays until hidden again.
            const bool shown = side_bar_shown_now();
            ui_.panel_visible = !shown;
            ui_.panel_opened_small =
                !shown && drawable_width() / pixels_per_point_ < kPanelFoldWidth;
          },
          [&](const ChooseFile& c) { choose_file(c.what); }, [&](const Quit& c) { quit(c.ask); },
          [&](const AnswerQuit& c) { answer_quit(c.answer); },
          [&](const AnswerOpen& c) { answer_open(c.answer); },
          // The splitters: the parts keep their share of the window as it is resized.
          [&](const ResizeSideBar& c) {
            ui_.side_bar_share = clamp_side_bar_width(c.width, drawable_width()) / drawable_width();
          },
          [&](const ResizeStrip& c) {
            ui_.side.share = clamp_strip_height(c.height, drawable_height()) / drawable_height();
          },
          // The core's own never come here.
          [&](const auto&) {}},
      command);
}

void App::refuse(const std::string& message) {
  const std::string text = failure_text(message);
  ui_.messages.post(text, true, seconds_now());
  std::fprintf(stderr, "terrain-sandbox: %s\n", text.c_str());
}

std::string App::failure_text(const std::string& message) const {
  std::string text = ui_.script_where.empty() ? message : ui_.script_where + ": " + message;
  if (text.size() > kMostMessage)
    text = session::json_read::utf8_prefix(text, kMostMessage) + "...";
  return text;
}

void App::show_work() {
  std::optional<UiState::Work> now;
  if (const auto p = model_.work_progress()) {
    now = UiState::Work{p->what, p->done, p->total, 0};
  } else if (opening_map_.valid() && opening_work_) {
    now =
        UiState::Work{"Opening " + opening_path_, opening_work_->done(), opening_work_->total(), 0};
  } else if (const auto script = core_.script_progress(); script && script->second > 1) {
    // A script of many lines, each short: its lines done of all (its unit is a line).
    now = UiState::Work{"The script " + std::filesystem::path(options_.script).filename().string(),
                        script->first, script->second, 0, "lines"};
  }
  if (now) now->since = ui_.work && ui_.work->what == now->what ? ui_.work->since : seconds_now();
  ui_.work = std::move(now);
}

void App::tell(const std::string& message, bool failed) {
  ui_.messages.post(failed ? failure_text(message) : message, failed, seconds_now());
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
  layout_ = lay_out(std::max(1, pw), std::max(1, ph), side_bar_shown_now(), ui_.side_bar_share * w,
                    ui_.side.shown, ui_.side.share * h, kTimelineHeight * pixels_per_point_,
                    menu_bar_height() * pixels_per_point_);
  core_.set_map_area(layout_.map_area());
}

bool App::side_bar_shown_now() const {
  return side_bar_shown(ui_.panel_visible, ui_.panel_opened_small,
                        drawable_width() / pixels_per_point_);
}

std::filesystem::path App::save_folder() {
  const std::filesystem::path folder = !ui_.save_folder.empty() ? ui_.save_folder : ".";
  // The default folder in Pictures is made on the first save; a folder the user named must
  // be there (a typo should not make folders).
  if (default_folder_ && folder == *default_folder_) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
  }
  return folder;
}

void App::set_save_folder(const std::string& path) {
  ui_.save_folder = path;
  default_folder_.reset();
  preferences_.save_folder = path;
  keep_preferences();
}

void App::keep_preferences() {
  if (!preferences_file_) return;
  try {
    save_preferences(*preferences_file_, preferences_);
  } catch (const std::exception& e) {
    refuse(std::string("the save folder and the recent folders are not kept for the next run: ") +
           e.what());
  }
}

// Where the chooser starts, and the name it suggests: the path typed in the panel for it (the
// heightmap's, the map file's), else the map's own file, else the save folder; an export is
// named as the save folder's would be.
void App::choose_file(FileChoice what) {
  if (chooser_.open() || file_dialog_.is_open()) return;
  std::filesystem::path from = ui_.save_folder;
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
    const std::vector<std::string> extensions = dialog_kind(what, ui_.export_format).extensions;
    if (!extensions.empty()) name += extensions.front();
  }
  if (from.empty()) from = save_folder();
  const DialogKind kind = dialog_kind(what, ui_.export_format);
  if (chooser_.available() && chooser_.start(what, kind, from.string(), name)) return;
  // No desktop chooser (zenity missing, or it would not start): the window's own.
  file_dialog_.open(what, kind, from, name, preferences_.recent_folders);
  ui_.choosing_file = true;
}

// Every frame: an answer from the desktop's chooser or the window's dialog, carried out.
void App::update_chooser() {
  if (auto answer = file_dialog_.take_answer()) {
    // The folders used lately, kept between runs.
    if (preferences_.recent_folders != file_dialog_.recent()) {
      preferences_.recent_folders = file_dialog_.recent();
      keep_preferences();
    }
    carry_out_choice(answer->what, answer->path, answer->replace);
  }
  ui_.choosing_file = chooser_.open() || file_dialog_.is_open();
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
  const DialogKind kind = dialog_kind(answer->what, ui_.export_format);
  if (!path.empty() && kind.mode == DialogMode::save_file) {
    replace = has_extension(path, kind.extensions);
    if (!replace) path += kind.extensions.front();
  }
  carry_out_choice(answer->what, path, replace);
}

void App::carry_out_choice(FileChoice what, const std::string& path, bool replace) {
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
      set_save_folder(path);
      tell("Saves go to " + path, false);
      return;
    case FileChoice::map_to_save:
      dispatch(SaveMap{path, replace});
      return;
    case FileChoice::map_to_open:
      dispatch(OpenFile{path});
      return;
    case FileChoice::heightmap:
      ui_.heightmap_path = path;
      dispatch(OpenFile{path});
      return;
    default:
      dispatch(ExportTo{what, path, replace});
      return;
  }
}

glm::dvec2 App::to_drawable(double x, double y) const {
  return {(x + 0.5) * pixels_per_point_, (y + 0.5) * pixels_per_point_};
}

void App::mouse_event(const SDL_Event& event) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool surface = model_.settings().view == MapView::three_d;
  switch (event.type) {
    case SDL_MOUSEWHEEL: {
      if (io.WantCaptureMouse) return;
      // SDL 2.26 says where the pointer was; a wheel notch zooms by a fifth.
      const glm::dvec2 p = to_drawable(event.wheel.mouseX, event.wheel.mouseY);
      if (!layout_.map_area().contains(p)) return;
      float notches = event.wheel.preciseY;
      if (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED) notches = -notches;
      if (notches == 0) return;
      if ((SDL_GetModState() & KMOD_CTRL) != 0) {
        // Ctrl+wheel: the brush's radius, a cell a notch.
        BrushSettings brush = ui_.brush;
        brush.radius = std::clamp(std::round(brush.radius) + (notches > 0 ? 1 : -1),
                                  kMinBrushRadius, kMaxBrushRadius);
        pending_.push_back(UiCommand{SetBrush{brush}});
        return;
      }
      const double factor = std::pow(1.2, notches);
      if (surface) {
        pending_.push_back(UiCommand{ZoomCamera{factor}});
      } else {
        pending_.push_back(UiCommand{ZoomAt{factor, p.x, p.y}});
      }
      return;
    }
    case SDL_MOUSEBUTTONDOWN: {
      if (io.WantCaptureMouse) return;
      const glm::dvec2 p = to_drawable(event.button.x, event.button.y);
      if (!layout_.map_area().contains(p)) return;
      const bool left = event.button.button == SDL_BUTTON_LEFT;
      if (left && (SDL_GetModState() & KMOD_SHIFT)) {
        // Shift+click: the cross-section along the row under the pointer.
        if (const auto cell = core_.map_point_at(p)) {
          const int row = static_cast<int>(std::floor(cell->y + 0.5));
          if (row >= 0 && row < model_.heights().height()) {
            pending_.push_back(UiCommand{SetSectionRow{row}});
          }
        }
        return;
      }
      if (left && ui_.paint_mode) {
        // Painting: the left button paints where it presses the ground (the middle one still
        // pans; in the 3D view, pressed over the sky, it orbits).
        if (const auto cell = core_.map_point_at(p)) {
          pending_.push_back(UiCommand{Paint{PaintPhase::press, cell->x, cell->y}});
          painting_ = true;
          last_paint_ = *cell;
          return;
        }
      }
      drag_button_ = event.button.button;
      return;
    }
    case SDL_MOUSEBUTTONUP:
      if (painting_ && event.button.button == SDL_BUTTON_LEFT) {
        // Released off the ground, the stroke ends where it last was.
        const auto cell = core_.map_point_at(to_drawable(event.button.x, event.button.y));
        const glm::dvec2 at = cell.value_or(last_paint_);
        pending_.push_back(UiCommand{Paint{PaintPhase::release, at.x, at.y}});
        painting_ = false;
        return;
      }
      if (event.button.button == drag_button_) drag_button_ = 0;
      return;
    case SDL_MOUSEMOTION: {
      const glm::dvec2 p = to_drawable(event.motion.x, event.motion.y);
      if (painting_) {
        // Off the map's area, or over the sky in the 3D view, the stroke waits for the ground.
        if (const auto cell = core_.map_point_at(p)) {
          pending_.push_back(UiCommand{Paint{PaintPhase::drag, cell->x, cell->y}});
          last_paint_ = *cell;
        } else if (!surface) {
          const glm::dvec2 off = camera_.cell_at(p, layout_.map_area());
          pending_.push_back(UiCommand{Paint{PaintPhase::drag, off.x, off.y}});
          last_paint_ = off;
        }
        return;
      }
      if (drag_button_ == 0 || (event.motion.xrel == 0 && event.motion.yrel == 0)) return;
      const double dx = event.motion.xrel * double{pixels_per_point_};
      const double dy = event.motion.yrel * double{pixels_per_point_};
      // In the 3D view the left button orbits and the others pan; on the map any drag pans.
      if (!surface) {
        pending_.push_back(UiCommand{PanBy{dx, dy}});
      } else if (drag_button_ == SDL_BUTTON_LEFT) {
        pending_.push_back(UiCommand{OrbitBy{dx, dy}});
      } else {
        pending_.push_back(UiCommand{PanCameraBy{dx, dy}});
      }
      return;
    }
    default:
      return;
  }
}

void App::report() {
  reporter_.frame({model_, ui_, panel_.controls, layout_, camera_, window_.fullscreen(),
                   stopped_this_frame_, started_ && swaps_ >= 2, inputs_.answered,
                   inputs_.moves_answered});
  stopped_this_frame_ = false;
}

void App::report_finish() {
  // For scripts and the benchmark: how long the finish took, and the frames drawn meanwhile.
  const double ms =
      std::chrono::duration<double, std::milli>(Clock::now() - finish_started_).count();
  reporter_.finished(ms, finish_frames_, longest_finish_frame_ms_);
  finish_frames_ = 0;
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
  const auto cell = core_.map_point_at(to_drawable(mx, my));
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
  in.frame = camera_.frame(layout_.map_area());
  in.area = layout_.map_area();
  return in;
}

render::MapInputs App::picture_inputs(int width, int height) const {
  render::MapInputs in;
  // A picture is the sketch's canvas: at fit its viewport, covering the picture (no bars).
  in.frame = camera_.picture_frame({0, 0, static_cast<double>(width), static_cast<double>(height)});
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

void App::save_png(const ExportTarget& to) {
  int pw = 0;
  int ph = 0;
  window_.drawable_size(pw, ph);
  snapshot_pixels_.resize(static_cast<std::size_t>(pw) * static_cast<std::size_t>(ph) * 4);
  renderer_.snapshot(map_inputs(true), pw, ph, snapshot_pixels_);
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

int App::finish() {
  int exit_code = 0;
  end_autosave();
  // Long work still under way: after a signal it is dropped (the map as it was before it);
  // else it lands now, so what the run leaves is its end (and scripts read that the rain
  // stopped), waited for a piece at a time so that a signal still stops it within a second.
  const bool was_finishing = model_.finishing();
  // A map file still being opened lands nowhere now: its worker stops within a piece.
  if (const auto what = cancel_own()) {
    std::fprintf(stderr, "terrain-sandbox: stopped: %s\n", what->c_str());
  }
  while (model_.working() && !quit_signalled()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    try {
      model_.update_work();
    } catch (const std::exception& e) {
      refuse(std::string("Long work failed, and the map is as it was before it: ") + e.what());
    }
  }
  if (const auto what = model_.cancel_work()) {
    std::fprintf(stderr, "terrain-sandbox: stopped: %s (the map is as it was before it)\n",
                 what->c_str());
  } else if (was_finishing) {
    stopped_this_frame_ = model_.stopped_at_target();
    report_finish();
    report();
  } else if (finish_landed_) {
    report_finish();
  }
  if (finish_recording() != 0) exit_code = 1;
  if (!options_.screenshot.empty()) {
    int pw = 0;
    int ph = 0;
    window_.drawable_size(pw, ph);
    std::vector<uint8_t> pixels;
    if (options_.render_size) {
      // At the size asked for, in tiles, as the panel's Render PNG draws it.
      std::tie(pw, ph) = *options_.render_size;
      pixels = render::LargeRender::render(renderer_, picture_inputs(pw, ph), pw, ph);
    } else {
      pixels = renderer_.snapshot(map_inputs(true), pw, ph);
    }
    try {
      // A large picture through the quick encoder (an 8K map in under 2 s, where stb takes 7).
      if (options_.render_size) {
        io::write_file_atomically(
            options_.screenshot,
            std::span<const uint8_t>(io::encode_png_rgba_quick(pixels, pw, ph)),
            io::WriteMode::never_overwrite);
      } else {
        io::write_png(options_.screenshot, pixels, pw, ph, io::PixelFormat::rgba8);
      }
      saved(io::SaveResult{true, options_.screenshot, ""}, "");  // "Saved PATH", as every save
    } catch (const std::exception& e) {
      std::fprintf(stderr, "terrain-sandbox: --screenshot: %s\n", e.what());
      exit_code = 1;
    }
  }
  // The map file after the last frame (its message on stdout, or on stderr when it failed).
  if (!options_.save_map.empty() && !save_map(options_.save_map, false)) exit_code = 1;
  if (!options_.cells.empty()) {
    // The relief as last drawn: one pixel per cell, before it is scaled up.
    const Heightfield& terrain = model_.terrain();
    std::vector<uint8_t> cells(terrain.size() * 4);
    renderer_.read_relief_cells(cells);
    try {
      io::write_png(options_.cells, cells, terrain.width(), terrain.height(),
                    io::PixelFormat::rgba8);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "terrain-sandbox: --cells: %s\n", e.what());
      exit_code = 1;
    }
  }
  if (!options_.probes.empty()) {
    // One JSON line per probe, as terrain-cli would write the cell for this map.
    for (const session::CellReadout& cell : session::probe_cells(model_, options_.probes)) {
      std::printf("%s\n", session::readout_json(cell).c_str());
    }
    std::fflush(stdout);
  }
  if (options_.stats) {
    std::printf(
        "frames %zu, median CPU ms per frame: rain %.3f rivers %.3f contours %.3f drawing %.3f"
        " (CPU side %.3f); painting %.3f wall ms (%s painter; the 3D surface %.3f); GL calls %.3f "
        "CPU ms, swap %.3f wall ms\n",
        stats_.frames(), stats_.median(Stage::rain), stats_.median(Stage::rivers),
        stats_.median(Stage::contours), stats_.median(Stage::drawing),
        stats_.median(Stage::cpu_side), stats_.median(Stage::painting),
        renderer_.cpu_painter() ? "CPU" : "GPU", stats_.median(Stage::surface),
        stats_.median(Stage::gl), stats_.median(Stage::swap));
    const render::RenderTimings& t = renderer_.last_timings();
    std::printf(
        "drawing, median ms: river paths %.3f, tiles %.3f, panel %.3f (last frame: %zu stroke "
        "segments, %zu strokes, %zu placed in tiles)\n",
        stats_.median(Stage::paths), stats_.median(Stage::tiles), stats_.median(Stage::panel),
        t.segments, t.strokes, t.placed);
    // Input to screen: from an input event to the swap of the frame that answered it.
    if (!input_ms_.empty()) {
      std::vector<double> ms = input_ms_;
      std::sort(ms.begin(), ms.end());
      std::printf(
          "input to screen: %zu frames answered input, median %.1f ms, 90th percentile %.1f ms, "
          "longest %.1f ms\n",
          ms.size(), ms[ms.size() / 2], ms[ms.size() * 9 / 10], ms.back());
    }
    // The frame rate between the first swap and the last.
    const double seconds = std::chrono::duration<double>(last_swap_ - first_swap_).count();
    if (swaps_ >= 2 && seconds > 0) {
      std::printf("frame rate %.2f fps (%llu frames in %.3f s, first swap to last)\n",
                  static_cast<double>(swaps_ - 1) / seconds,
                  static_cast<unsigned long long>(swaps_), seconds);
      // What a frame costs the CPU in all: every thread of the process (with a software GL
      // that includes its rasterizer's threads), between the same swaps.
      std::printf("process CPU %.3f ms a frame (all threads)\n",
                  (last_swap_cpu_ms_ - first_swap_cpu_ms_) / static_cast<double>(swaps_ - 1));
    }
  }
  return exit_code;
}

}  // namespace terrain::app
