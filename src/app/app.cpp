// The app's loop. Sections:
//   1. window and context: SDL2, GL 3.3 core via libepoxy, ImGui with its .ini in XDG config
//   2. the loop: events and keys, the panel, the model's ticks, the map, the panel on top
//   3. pacing: 60 ticks a second whatever the display does; vsync where there is one and a
//      hand-made cap where not; waiting for events while paused and still
//   4. saving PNGs and the --screenshot, --stats at exit
#include "app/app.h"

#include <SDL.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <epoxy/gl.h>
#include <imgui.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <random>
#include <string>
#include <thread>

#include "app/config_paths.h"
#include "app/frame_stats.h"
#include "app/panel.h"
#include "io/png.h"
#include "io/snapshot_file.h"
#include "render/gl/map_renderer.h"
#include "session/live_model.h"

namespace terrain::app {

using session::LiveModel;
using session::Settings;
namespace {

using Clock = std::chrono::steady_clock;

constexpr double kTickSeconds = 1.0 / 60.0;  // the sketch's frame: 60 a second
constexpr int kMostTicksPerFrame = 12;       // a slow frame (down to 5 fps) still keeps 60 ticks/s
constexpr double kFrameCapSeconds = 1.0 / 60.0;  // drawing cap where vsync does not pace us

// A seed as the sketch picks one: Math.floor(Math.random() * 1000000).
uint32_t random_seed() {
  std::random_device device;
  return std::uniform_int_distribution<uint32_t>(0, 999999)(device);
}

render::MapInputs map_inputs(const LiveModel& model, const render::ColorScheme& scheme) {
  render::MapInputs in;
  const Settings& s = model.settings();
  in.terrain = &model.terrain();
  in.sea_level = s.sea_level;
  in.contour_levels = s.contour_levels;
  in.scheme = &scheme;
  in.show_rivers = s.show_rivers;
  in.rivers = &model.rivers();
  in.debug = s.debug_mode;
  in.routes = &model.rain();
  in.drops = model.drops();
  return in;
}

struct Window {
  SDL_Window* window = nullptr;
  SDL_GLContext context = nullptr;
  ~Window() {
    if (context) SDL_GL_DeleteContext(context);
    if (window) SDL_DestroyWindow(window);
    SDL_Quit();
  }
};

}  // namespace

int run_app(const AppOptions& options) {
  // --- 1. Window, context, ImGui ---
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "terrain-sandbox: cannot start SDL: %s\n", SDL_GetError());
    return 1;
  }
  Window w;
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  // Nothing is depth-tested; and without a depth buffer a software GL can copy the map to the
  // window as memory (see MapRenderer).
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  w.window = SDL_CreateWindow("Terrain Sandbox", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                              options.width, options.height,
                              SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!w.window) {
    std::fprintf(stderr, "terrain-sandbox: cannot open a window: %s\n", SDL_GetError());
    return 1;
  }
  w.context = SDL_GL_CreateContext(w.window);
  if (!w.context) {
    std::fprintf(stderr, "terrain-sandbox: no OpenGL 3.3 core context: %s\n", SDL_GetError());
    return 1;
  }
  SDL_GL_MakeCurrent(w.window, w.context);
  // A scripted run (--frames) measures the renderer: no vsync, no cap, as fast as it draws.
  const bool vsync = !options.frames && SDL_GL_SetSwapInterval(1) == 0;
  if (options.frames) SDL_GL_SetSwapInterval(0);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  // ImGui remembers the panel's place between runs: in the user's config folder, not the
  // working directory (no file at all if there is no usable config folder).
  std::string ini_path;  // outlives the ImGui context, destroyed before this returns
  if (const auto folder = config_folder()) {
    ini_path = (*folder / "imgui.ini").string();
    io.IniFilename = ini_path.c_str();
  } else {
    io.IniFilename = nullptr;
  }
  ImGui::StyleColorsDark();
  ImGui_ImplSDL2_InitForOpenGL(w.window, w.context);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  render::MapRenderer renderer;
  try {
    renderer.init();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "terrain-sandbox: %s\n", e.what());
    return 1;
  }

  // --- The model, as the flags ask ---
  const uint32_t first_seed = options.seed ? *options.seed : random_seed();
  LiveModel model(first_seed);
  if (options.drops_per_frame) model.set_drops_per_frame(*options.drops_per_frame);
  if (options.paused) {
    model.pause();
    model.refresh();  // a paused sketch still draws its first frame
  }
  if (options.show_original) model.set_show_original(true);
  if (options.hide_rivers) model.set_show_rivers(false);
  if (options.debug) model.set_debug_mode(true);
  if (options.drops > 0) {
    model.rain_now(options.drops);
    if (model.stopped_at_target()) {
      std::printf("rain stopped at %llu drops\n", static_cast<unsigned long long>(model.drops()));
    }
  }

  UiState ui;
  const auto schemes = render::color_schemes();
  for (std::size_t k = 0; k < schemes.size(); k++) {
    if (schemes[k].key == options.scheme) ui.scheme = static_cast<int>(k);
  }
  show_seed(ui, model.seed());
  const std::string folder = options.save_folder.empty() ? std::string(".") : options.save_folder;
  std::snprintf(ui.folder_text, sizeof ui.folder_text, "%s", folder.c_str());
  ui.exact_relief = renderer.exact_relief();

  FrameStats stats;
  std::vector<uint8_t> snapshot_pixels;

  auto save_png = [&] {
    int pw = 0;
    int ph = 0;
    SDL_GL_GetDrawableSize(w.window, &pw, &ph);
    const render::MapInputs in = map_inputs(model, schemes[static_cast<std::size_t>(ui.scheme)]);
    snapshot_pixels.resize(static_cast<std::size_t>(pw) * static_cast<std::size_t>(ph) * 4);
    renderer.snapshot(in, pw, ph, snapshot_pixels);
    const std::string stem =
        io::snapshot_stem(schemes[static_cast<std::size_t>(ui.scheme)].key, model.seed(),
                          model.drops(), static_cast<int64_t>(std::time(nullptr)));
    const io::SaveResult saved = io::save_snapshot(ui.folder_text, stem, snapshot_pixels, pw, ph);
    ui.save_failed = !saved.ok;
    ui.save_message = saved.ok ? "Saved " + saved.path.string() : "Not saved: " + saved.error;
    std::fprintf(saved.ok ? stdout : stderr, "%s\n", ui.save_message.c_str());
    std::fflush(stdout);
  };
  auto toggle_fullscreen = [&] {
    ui.fullscreen = !ui.fullscreen;
    SDL_SetWindowFullscreen(w.window, ui.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
  };
  auto new_seed = [&] { model.set_seed(random_seed()); };

  // --- 2. The loop ---
  const char* layout_env = std::getenv("TERRAIN_SANDBOX_LAYOUT");
  const bool report_layout = layout_env != nullptr && std::strcmp(layout_env, "1") == 0;
  const bool scripted = options.frames.has_value();
  uint64_t frames = 0;
  uint64_t drawn_version = ~uint64_t{0};
  int drawn_scheme = -1;
  int drawn_w = 0;
  int drawn_h = 0;
  bool running = true;
  bool minimized = false;
  double tick_debt = 0;
  uint32_t reported_seed = model.seed();
  bool reported_playing = model.playing();
  std::printf("seed %u\n%s\n", reported_seed, reported_playing ? "playing" : "paused");
  std::fflush(stdout);
  Clock::time_point last = Clock::now();
  uint64_t swaps = 0;
  Clock::time_point first_swap = last;
  Clock::time_point last_swap = last;

  while (running) {
    const Clock::time_point frame_start = Clock::now();
    // Paused and still: wait for an event instead of spinning.
    const bool still = !model.playing() && drawn_version == model.version() &&
                       drawn_scheme == ui.scheme && !scripted;
    SDL_Event event;
    bool have_event = still ? SDL_WaitEventTimeout(&event, 500) != 0 : SDL_PollEvent(&event) != 0;
    while (have_event) {
      ImGui_ImplSDL2_ProcessEvent(&event);
      if (event.type == SDL_QUIT) running = false;
      if (event.type == SDL_WINDOWEVENT) {
        if (event.window.event == SDL_WINDOWEVENT_CLOSE) running = false;
        if (event.window.event == SDL_WINDOWEVENT_MINIMIZED) minimized = true;
        if (event.window.event == SDL_WINDOWEVENT_RESTORED ||
            event.window.event == SDL_WINDOWEVENT_SHOWN ||
            event.window.event == SDL_WINDOWEVENT_EXPOSED) {
          minimized = false;
        }
      }
      // Keyboard shortcuts, unless a text field has the keyboard.
      if (event.type == SDL_KEYDOWN && !event.key.repeat && !io.WantTextInput) {
        switch (event.key.keysym.sym) {
          case SDLK_SPACE:
            model.toggle_play();
            break;
          case SDLK_r:
            model.restart();
            break;
          case SDLK_n:
            new_seed();
            break;
          case SDLK_s:
            save_png();
            break;
          case SDLK_F11:
          case SDLK_f:
            toggle_fullscreen();
            break;
          case SDLK_ESCAPE:
            if (ui.fullscreen) toggle_fullscreen();
            break;
          case SDLK_w:
            model.set_show_rivers(!model.settings().show_rivers);
            break;
          case SDLK_o:
            model.set_show_original(!model.settings().show_original);
            break;
          case SDLK_d:
            model.set_debug_mode(!model.settings().debug_mode);
            break;
          case SDLK_h:
            ui.panel_visible = !ui.panel_visible;
            break;
          case SDLK_1:
          case SDLK_2:
          case SDLK_3:
          case SDLK_4:
          case SDLK_5:
            ui.scheme = static_cast<int>(event.key.keysym.sym - SDLK_1);
            break;
          default:
            break;
        }
      }
      have_event = SDL_PollEvent(&event) != 0;
    }
    if (!running) break;

    // The panel (built now, drawn over the map at the end of the frame).
    const double panel_start = session::thread_cpu_ms();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    const PanelActions actions = draw_panel(model, ui, stats);
    const double panel_ms = session::thread_cpu_ms() - panel_start;
    if (actions.new_seed) new_seed();
    if (actions.toggle_fullscreen) toggle_fullscreen();

    // The model: one tick per frame in a scripted run (so --frames is exact), else as many
    // 60 Hz ticks as the time since the last frame holds.
    double rain_ms = 0;
    double rivers_ms = 0;
    bool stopped = false;
    auto tick = [&] {
      model.tick();
      rain_ms += model.last_timings().rain_ms;
      rivers_ms += model.last_timings().rivers_ms;
      stopped = stopped || model.stopped_at_target();
    };
    const Clock::time_point now = Clock::now();
    if (scripted) {
      tick();
    } else if (model.playing()) {
      tick_debt += std::chrono::duration<double>(now - last).count();
      int ticks = 0;
      while (tick_debt >= kTickSeconds && ticks < kMostTicksPerFrame && model.playing()) {
        tick();
        tick_debt -= kTickSeconds;
        ticks++;
      }
      if (ticks == kMostTicksPerFrame) tick_debt = 0;  // too far behind: let it go
    } else {
      tick_debt = 0;
    }
    last = now;
    if (stopped) {
      std::printf("rain stopped at %llu drops\n", static_cast<unsigned long long>(model.drops()));
      std::fflush(stdout);
    }
    // What changed, for scripts watching stdout: a new seed, play and pause.
    if (model.seed() != reported_seed) {
      reported_seed = model.seed();
      std::printf("seed %u\n", reported_seed);
      std::fflush(stdout);
    }
    if (model.playing() != reported_playing) {
      reported_playing = model.playing();
      std::printf("%s\n", reported_playing ? "playing" : "paused");
      std::fflush(stdout);
    }
    stats.record(Stage::rain, rain_ms);
    stats.record(Stage::rivers, rivers_ms);

    // The map, then the panel over it.
    int pw = 0;
    int ph = 0;
    SDL_GL_GetDrawableSize(w.window, &pw, &ph);
    if (!minimized && pw > 0 && ph > 0) {
      const double cpu_start = session::thread_cpu_ms();
      const bool unchanged = drawn_version == model.version() && drawn_scheme == ui.scheme &&
                             drawn_w == pw && drawn_h == ph;
      double contours_ms = 0;
      double build_ms = 0;  // our geometry, contours included; the rest of draw() is GL
      if (!(unchanged && renderer.redraw_last(pw, ph))) {
        renderer.draw(map_inputs(model, schemes[static_cast<std::size_t>(ui.scheme)]), pw, ph);
        contours_ms = renderer.last_timings().contours_ms;
        build_ms = renderer.last_timings().build_ms;
        drawn_version = model.version();
        drawn_scheme = ui.scheme;
        drawn_w = pw;
        drawn_h = ph;
      }
      ImGui::Render();
      glViewport(0, 0, pw, ph);
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
      stats.record(Stage::contours, contours_ms);
      stats.record(Stage::drawing, build_ms - contours_ms + panel_ms);
      stats.record(Stage::gl, session::thread_cpu_ms() - cpu_start - build_ms);
      const Clock::time_point swap_start = Clock::now();
      SDL_GL_SwapWindow(w.window);
      // A frame counts when the swap returns.
      last_swap = Clock::now();
      if (swaps++ == 0) first_swap = last_swap;
      stats.record(Stage::swap,
                   std::chrono::duration<double, std::milli>(Clock::now() - swap_start).count());
    } else {
      ImGui::EndFrame();
    }
    stats.record(Stage::cpu_side, rain_ms + rivers_ms + stats.current(Stage::contours) +
                                      stats.current(Stage::drawing));
    stats.end_frame();

    if (actions.save) save_png();
    frames++;
    if (frames == 2 && report_layout) {
      auto print_rect = [](const char* name, const float(&r)[4]) {
        std::printf("layout %s %.0f %.0f %.0f %.0f\n", name, r[0], r[1], r[2], r[3]);
      };
      print_rect("seed", ui.seed_rect);
      print_rect("save", ui.save_rect);
      print_rect("folder", ui.folder_rect);
      std::fflush(stdout);
    }
    if (scripted && frames >= *options.frames) running = false;

    // --- 3. Pacing: no faster than 60 frames a second where vsync does not hold us back
    // (scripted runs are not paced: they measure how fast the app draws).
    const double spent = std::chrono::duration<double>(Clock::now() - frame_start).count();
    if (!scripted && (!vsync || minimized || spent < kFrameCapSeconds * 0.5) &&
        spent < kFrameCapSeconds) {
      std::this_thread::sleep_for(std::chrono::duration<double>(kFrameCapSeconds - spent));
    }
  }

  // --- 4. The screenshot and the figures ---
  int exit_code = 0;
  if (!options.screenshot.empty()) {
    int pw = 0;
    int ph = 0;
    SDL_GL_GetDrawableSize(w.window, &pw, &ph);
    const std::vector<uint8_t> pixels =
        renderer.snapshot(map_inputs(model, schemes[static_cast<std::size_t>(ui.scheme)]), pw, ph);
    try {
      io::write_png(options.screenshot, pixels, pw, ph, io::PixelFormat::rgba8);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "terrain-sandbox: --screenshot: %s\n", e.what());
      exit_code = 1;
    }
  }
  if (!options.cells.empty()) {
    // The relief as last drawn: one pixel per cell, before it is scaled up.
    const Heightfield& terrain = model.terrain();
    std::vector<uint8_t> cells(terrain.size() * 4);
    renderer.read_relief_cells(cells);
    try {
      io::write_png(options.cells, cells, terrain.width(), terrain.height(),
                    io::PixelFormat::rgba8);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "terrain-sandbox: --cells: %s\n", e.what());
      exit_code = 1;
    }
  }
  if (options.stats) {
    std::printf(
        "frames %zu, median CPU ms per frame: rain %.3f rivers %.3f contours %.3f drawing %.3f"
        " (CPU side %.3f); GL calls %.3f CPU ms, swap %.3f wall ms\n",
        stats.frames(), stats.median(Stage::rain), stats.median(Stage::rivers),
        stats.median(Stage::contours), stats.median(Stage::drawing), stats.median(Stage::cpu_side),
        stats.median(Stage::gl), stats.median(Stage::swap));
    // The frame rate between the first swap and the last.
    const double seconds = std::chrono::duration<double>(last_swap - first_swap).count();
    if (swaps >= 2 && seconds > 0) {
      std::printf("frame rate %.2f fps (%llu frames in %.3f s, first swap to last)\n",
                  static_cast<double>(swaps - 1) / seconds, static_cast<unsigned long long>(swaps),
                  seconds);
    }
  }
  renderer.release();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  return exit_code;
}

}  // namespace terrain::app
