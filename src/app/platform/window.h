// The app's window: SDL2 with an OpenGL 3.3 core context made current (libepoxy resolves the
// entry points), no depth buffer (nothing is depth-tested, and without one a software GL
// copies the map to the window as memory).
#pragma once

#include <SDL.h>

#include <string>

namespace terrain::app {

// A second GL context on a hidden window of its own, for drawing on another thread (the
// time-lapse's pictures): created on the main thread, made current on the other.
struct OffscreenGl {
  SDL_Window* window = nullptr;
  SDL_GLContext context = nullptr;
};

class Window {
 public:
  // Opens a width x height window. Throws std::runtime_error saying what failed (SDL, the
  // window, the GL context).
  Window(int width, int height, bool vsync);
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;
  ~Window();

  SDL_Window* sdl() const { return window_; }
  SDL_GLContext context() const { return context_; }
  // Whether swaps wait for the display (vsync was asked for and the GL gives it).
  bool vsync() const { return vsync_; }
  // The drawable's size in pixels (larger than the window's on high-DPI screens), as the window
  // really is when measure_size() was last called: on X11 asked of the X server, since SDL
  // takes a fullscreen request no window manager carried out as done (with no window manager
  // the window stays as it was, yet SDL would report the screen's size).
  void drawable_size(int& width, int& height) const;
  // Measures the window's size now (once a frame, before laying it out).
  void measure_size();
  // The window's size in window points, as really measured.
  void window_size(int& width, int& height) const;
  bool fullscreen() const { return fullscreen_; }
  // Desktop fullscreen on or off.
  void set_fullscreen(bool on);
  void swap() { SDL_GL_SwapWindow(window_); }
  void set_title(const std::string& title) { SDL_SetWindowTitle(window_, title.c_str()); }
  // A new context as the window's (OpenGL 3.3 core) on a hidden 16 x 16 window; the window's
  // own context stays current here. Throws std::runtime_error saying what failed.
  OffscreenGl make_offscreen_gl() const;
  // Deletes one (not current on any thread any more).
  static void free_offscreen_gl(OffscreenGl& gl);

 private:
  SDL_Window* window_ = nullptr;
  SDL_GLContext context_ = nullptr;
  bool vsync_ = false;
  bool fullscreen_ = false;
  int drawable_w_ = 0;  // as last measured
  int drawable_h_ = 0;
  int window_w_ = 0;
  int window_h_ = 0;
};

}  // namespace terrain::app
