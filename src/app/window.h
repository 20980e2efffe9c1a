// The app's window: SDL2 with an OpenGL 3.3 core context made current (libepoxy resolves the
// entry points), no depth buffer (nothing is depth-tested, and without one a software GL
// copies the map to the window as memory).
#pragma once

#include <SDL.h>

namespace terrain::app {

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
  // The drawable's size in pixels (larger than the window's on high-DPI screens).
  void drawable_size(int& width, int& height) const;
  bool fullscreen() const { return fullscreen_; }
  // Desktop fullscreen on or off.
  void set_fullscreen(bool on);
  void swap() { SDL_GL_SwapWindow(window_); }

 private:
  SDL_Window* window_ = nullptr;
  SDL_GLContext context_ = nullptr;
  bool vsync_ = false;
  bool fullscreen_ = false;
};

}  // namespace terrain::app
