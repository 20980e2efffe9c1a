// The window and its GL context (see window.h).
#include "app/platform/window.h"

#include <SDL_syswm.h>

#include <stdexcept>
#include <string>

namespace terrain::app {

Window::Window(int width, int height, bool vsync) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    throw std::runtime_error(std::string("cannot start SDL: ") + SDL_GetError());
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  window_ =
      SDL_CreateWindow("Terrain Sandbox", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width,
                       height, SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (window_ == nullptr) {
    const std::string why = SDL_GetError();
    SDL_Quit();
    throw std::runtime_error("cannot open a window: " + why);
  }
  context_ = SDL_GL_CreateContext(window_);
  if (context_ == nullptr) {
    const std::string why = SDL_GetError();
    SDL_DestroyWindow(window_);
    SDL_Quit();
    throw std::runtime_error("no OpenGL 3.3 core context: " + why);
  }
  SDL_GL_MakeCurrent(window_, context_);
  vsync_ = vsync && SDL_GL_SetSwapInterval(1) == 0;
  if (!vsync) SDL_GL_SetSwapInterval(0);
  measure_size();
}

Window::~Window() {
  SDL_GL_DeleteContext(context_);
  SDL_DestroyWindow(window_);
  SDL_Quit();
}

OffscreenGl Window::make_offscreen_gl() const {
  OffscreenGl gl;
  gl.window = SDL_CreateWindow("Terrain Sandbox capture", 0, 0, 16, 16,
                               SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
  if (gl.window == nullptr) {
    throw std::runtime_error(std::string("cannot open a hidden window: ") + SDL_GetError());
  }
  gl.context = SDL_GL_CreateContext(gl.window);  // made current here: the window's again below
  const std::string why = gl.context == nullptr ? SDL_GetError() : "";
  SDL_GL_MakeCurrent(window_, context_);
  if (gl.context == nullptr) {
    SDL_DestroyWindow(gl.window);
    throw std::runtime_error("no second OpenGL 3.3 core context: " + why);
  }
  return gl;
}

void Window::free_offscreen_gl(OffscreenGl& gl) {
  if (gl.context != nullptr) SDL_GL_DeleteContext(gl.context);
  if (gl.window != nullptr) SDL_DestroyWindow(gl.window);
  gl = {};
}

void Window::measure_size() {
  SDL_GL_GetDrawableSize(window_, &drawable_w_, &drawable_h_);
  SDL_GetWindowSize(window_, &window_w_, &window_h_);
#if defined(SDL_VIDEO_DRIVER_X11)
  // What the X server says the window is: SDL's own idea follows a fullscreen request at once
  // (it sends itself a resize to the screen's size), whether or not a window manager carried
  // the request out.
  SDL_SysWMinfo info;
  SDL_VERSION(&info.version);
  if (SDL_GetWindowWMInfo(window_, &info) == SDL_TRUE && info.subsystem == SDL_SYSWM_X11) {
    XWindowAttributes attributes;
    if (XGetWindowAttributes(info.info.x11.display, info.info.x11.window, &attributes) != 0 &&
        attributes.width > 0 && attributes.height > 0) {
      // X11 has no high-DPI drawables: the drawable is the window.
      window_w_ = drawable_w_ = attributes.width;
      window_h_ = drawable_h_ = attributes.height;
    }
  }
#endif
}

void Window::drawable_size(int& width, int& height) const {
  width = drawable_w_;
  height = drawable_h_;
}

void Window::window_size(int& width, int& height) const {
  width = window_w_;
  height = window_h_;
}

void Window::set_fullscreen(bool on) {
  fullscreen_ = on;
  SDL_SetWindowFullscreen(window_, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
}

}  // namespace terrain::app
