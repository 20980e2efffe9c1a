// Helpers shared by the render tests: a GL context from SDL, PNG files, the seed-42 inputs
// the sketch's reference renders were drawn from, and image comparison.
//
// A test that cannot get a GL context or a reference file fails (the helpers throw); it
// never skips.
#pragma once

#include <SDL2/SDL.h>
#include <epoxy/gl.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/drainage.h"
#include "core/heightfield.h"
#include "core/island.h"
#include "core/rain.h"
#include "render/geometry/map_inputs.h"
#include "render/gl/map_renderer.h"

namespace terrain::render::testing {

// A hidden SDL window with an OpenGL 3.3 core context, made current. One per test process
// (ctest runs every test in its own process). Throws std::runtime_error when there is none:
// run under SDL_VIDEODRIVER=offscreen or xvfb-run (ctest sets the former).
class GlContext {
 public:
  static GlContext& get() {
    static GlContext context;
    return context;
  }
  SDL_Window* window() const { return window_; }

 private:
  GlContext() {
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
      throw std::runtime_error(std::string("no GL context: SDL_Init failed: ") + SDL_GetError());
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    window_ = SDL_CreateWindow("render tests", 0, 0, 64, 64, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
    if (window_ == nullptr) {
      throw std::runtime_error(std::string("no GL context: no window: ") + SDL_GetError());
    }
    context_ = SDL_GL_CreateContext(window_);
    if (context_ == nullptr) {
      throw std::runtime_error(std::string("no GL context: ") + SDL_GetError());
    }
    if (epoxy_gl_version() < 33) {
      throw std::runtime_error("no GL context: OpenGL " + std::to_string(epoxy_gl_version()) +
                               " (3.3 core needed)");
    }
  }
  ~GlContext() {
    if (context_) SDL_GL_DeleteContext(context_);
    if (window_) SDL_DestroyWindow(window_);
    SDL_Quit();
  }
  SDL_Window* window_ = nullptr;
  SDL_GLContext context_ = nullptr;
};

// A plain RGBA8 framebuffer of width x height, as a window's would be, bound on creation and
// deleted (the default framebuffer bound again) on destruction.
class PlainFramebuffer {
 public:
  PlainFramebuffer(int width, int height) {
    glGenFramebuffers(1, &fbo_);
    glGenRenderbuffers(1, &color_);
    glBindRenderbuffer(GL_RENDERBUFFER, color_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
  }
  PlainFramebuffer(const PlainFramebuffer&) = delete;
  PlainFramebuffer& operator=(const PlainFramebuffer&) = delete;
  ~PlainFramebuffer() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo_);
    glDeleteRenderbuffers(1, &color_);
  }
  GLuint fbo() const { return fbo_; }

 private:
  GLuint fbo_ = 0;
  GLuint color_ = 0;
};

struct Image {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgba;  // top row first
  const uint8_t* at(int x, int y) const {
    return &rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                  static_cast<std::size_t>(x)) *
                 4];
  }
};

// tests/data/<name>
inline std::string data_path(const std::string& name) {
  return std::string(TERRAIN_TEST_DATA) + "/" + name;
}

// Reads an 8-bit PNG as RGBA; throws when it is missing or unreadable.
Image read_png(const std::string& path);
// Writes RGBA as PNG; throws on failure.
void write_png(const std::string& path, const Image& image);

// A float32 grid of tests/data/seed-42 as a 320 x 180 field; throws when missing or short.
Heightfield read_seed_field(const std::string& name);

// The rivers the sketch draws paused over `field` for seed 42: drainage with the wander
// ripple, shown = flow, fade_in = 1, no ghosts.
struct PausedRivers {
  Drainage drainage;
  RiverPicture picture;
};
PausedRivers paused_rivers(const Heightfield& field, uint32_t seed = 42);

// Inputs that draw `terrain` in `scheme`, with `rivers` when given, everything else as a new
// MapInputs has it.
inline MapInputs map_inputs(const Heightfield& terrain, const ColorScheme* scheme,
                            const RiverPicture* rivers = nullptr) {
  MapInputs inputs;
  inputs.terrain = &terrain;
  inputs.scheme = scheme;
  if (rivers != nullptr) inputs.rivers = rivers;
  return inputs;
}

// Forty drops of rain on a copy of `ground`, their routes kept: the debug layer's routes.
struct RainRoutes {
  RainRoutes(const Heightfield& ground, uint32_t seed) : field(ground), rain(field, seed) {
    rain.keep_routes(true);
    rain.run(40);
  }
  // The debug layer on in `inputs`: these routes, and `drops` as the count.
  void show(MapInputs& inputs, uint64_t drops) const {
    inputs.debug = true;
    inputs.routes = &rain;
    inputs.drops = drops;
  }
  Heightfield field;
  Rain rain;
};

// The largest difference of any channel between two pictures, and how many channels differ at
// all (pictures of different sizes: 256, and all of the larger's).
int worst_difference(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b);
std::size_t channels_differing(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b);
// Root mean square difference over R, G and B, each 0..1. The images must be the same size.
double rmse_rgb(const Image& a, const Image& b);
// The share of pixels with any channel off by more than `levels`.
double share_off_by_more_than(const Image& a, const Image& b, int levels);
// |a - b| per channel, scaled up 4x so small differences show, alpha 255.
Image diff_image(const Image& a, const Image& b);

// The painters of the map pass, by name ("gpu", "cpu"), and as a test parameter's name.
inline const char* painter_name(MapPainter painter) {
  return painter == MapPainter::cpu ? "cpu" : "gpu";
}
struct PainterTestName {
  template <typename ParamInfo>
  std::string operator()(const ParamInfo& info) const {
    return painter_name(info.param);
  }
};

// Where failing tests leave their images: the build's render-test-output directory.
std::string output_path(const std::string& name);
// When TERRAIN_RENDER_DUMP names a directory, writes the image there too (for looking at).
void maybe_dump(const std::string& name, const Image& image);

}  // namespace terrain::render::testing
