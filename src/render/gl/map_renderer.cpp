// The map renderer: the sketch's draw() in OpenGL (see map_renderer.h).
//
// Sections: setup, checks, one frame, draw and snapshot.
#include "render/gl/map_renderer.h"

#include <chrono>
#include <stdexcept>
#include <string>

#include "core/frame.h"

namespace terrain::render {

namespace {

// drawDebug's stroke(255, 0, 128) and fill(255, 0, 128).
constexpr CanvasColor kDebugColor{1.0f, 0.0f, 128.0f / 255.0f, 1.0f};
// Largest target side accepted (larger would exceed common texture limits).
constexpr int kMaxSide = 16384;

double ms_between(std::chrono::steady_clock::time_point a,
                  std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

}  // namespace

// --- setup -----------------------------------------------------------------------------------

MapRenderer::MapRenderer() = default;
MapRenderer::~MapRenderer() {
  release();
}

void MapRenderer::init(const MapRendererOptions& options) {
  release();
  const ShaderFeatures features = query_shader_features(options.allow_fp64);
  relief_.init(features);
  strokes_.init(features);
  text_.init(features, kTextEm);
  present_program_ = link_program(features, "fullscreen.vert", "present.frag");
  glUseProgram(present_program_);
  glUniform1i(uniform_location(present_program_, "u_scene"), 0);
  glUseProgram(0);
  glGenVertexArrays(1, &present_vao_);
  routes_.resize(static_cast<std::size_t>(Rain::kMaxRoutes));
  // p5's beginShape() polylines keep the canvas's default lineJoin: miter.
  for (StrokePath& route : routes_) route.set_miter_joins(true);
  initialized_ = true;
}

void MapRenderer::release() {
  if (!initialized_) return;
  window_drawn_ = false;
  relief_.release();
  strokes_.release();
  text_.release();
  window_target_.release();
  snapshot_target_.release();
  if (present_program_) glDeleteProgram(present_program_);
  if (present_vao_) glDeleteVertexArrays(1, &present_vao_);
  present_program_ = present_vao_ = 0;
  initialized_ = false;
}

// --- checks ----------------------------------------------------------------------------------

void MapRenderer::check_size(int width, int height) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide) {
    throw std::invalid_argument("map renderer: size " + std::to_string(width) + "x" +
                                std::to_string(height) + "; allowed: 1.." +
                                std::to_string(kMaxSide) + " on each side");
  }
}

// --- one frame -------------------------------------------------------------------------------

void MapRenderer::render(const MapInputs& inputs, RenderTarget& target) {
  const auto started = std::chrono::steady_clock::now();
  const Heightfield& terrain = *inputs.terrain;
  const ColorScheme& colors = *inputs.scheme;
  const int width = target.width();
  const int height = target.height();
  const Frame view = Frame::viewport(width, height, terrain.width(), terrain.height());

  // The geometry, in the sketch's painting order.
  timings_.contours_ms = 0;
  timings_.rivers_ms = 0;
  strokes_.clear();
  if (inputs.contour_levels > 0) {
    const auto contours_started = std::chrono::steady_clock::now();
    contours_.build(terrain, inputs.sea_level, inputs.contour_levels, view);
    timings_.contours_ms = ms_between(contours_started, std::chrono::steady_clock::now());
    const int regular = strokes_.add_path(contours_.regular().segments());
    const int index = strokes_.add_path(contours_.index_lines().segments());
    strokes_.stroke(regular, canvas_color(colors.line), 1, ContourPaths::kRegularWidth);
    strokes_.stroke(index, canvas_color(colors.index_line), 1, ContourPaths::kIndexWidth);
  }
  if (inputs.show_rivers) {
    const auto rivers_started = std::chrono::steady_clock::now();
    rivers_.build(inputs.rivers, terrain.width(), view);
    timings_.rivers_ms = ms_between(rivers_started, std::chrono::steady_clock::now());
    int first = -1;
    for (int n = 0; n < RiverPaths::kPathCount; n++) {
      const int handle = strokes_.add_path(rivers_.path(n).segments());
      if (n == 0) first = handle;
    }
    // strokeAll(colors.bank, 2), then strokeAll(colors.river, 0).
    for (const auto& [color, extra] :
         {std::pair{canvas_color(colors.bank), 2.0}, std::pair{canvas_color(colors.river), 0.0}}) {
      for (int n = 0; n < RiverPaths::kPathCount; n++) {
        strokes_.stroke(first + n, color, RiverPaths::alpha(n),
                        RiverPaths::width(n / sketch::FADES, view.scale_x) + extra);
      }
    }
  }
  if (inputs.debug && inputs.routes != nullptr) {
    // Each route is its own beginShape() ... endShape() polyline.
    const int count = std::min(inputs.routes->route_count(), static_cast<int>(routes_.size()));
    for (int k = 0; k < count; k++) {
      StrokePath& path = routes_[static_cast<std::size_t>(k)];
      path.clear();
      bool first = true;
      for (const Point& p : inputs.routes->route(k)) {
        const double x = view.left + p.x * view.scale_x;
        const double y = view.top + p.y * view.scale_y;
        if (first) {
          path.move_to(x, y);
          first = false;
        } else {
          path.line_to(x, y);
        }
      }
      strokes_.stroke(strokes_.add_path(path), kDebugColor, 1, kRouteWidth);
    }
  }
  const auto built = std::chrono::steady_clock::now();

  // The picture.
  relief_.update(terrain, inputs.sea_level, colors);
  glBindFramebuffer(GL_FRAMEBUFFER, target.scene_fbo());
  glViewport(0, 0, width, height);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  const P5Color& sea = colors.sea_deep;
  glClearColor(static_cast<float>(sea.level(0)) / 255.0f, static_cast<float>(sea.level(1)) / 255.0f,
               static_cast<float>(sea.level(2)) / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  relief_.draw_image(view, width, height);
  strokes_.draw(target.stroke_targets());
  if (inputs.debug) {
    char buffer[40];
    text_.draw(format_drop_count(inputs.drops, buffer), kTextInset, height - kTextInset,
               kDebugColor, width, height);
  }
  glUseProgram(0);
  glBindVertexArray(0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, 0);
  const auto submitted = std::chrono::steady_clock::now();

  timings_.build_ms = ms_between(started, built);
  timings_.submit_ms = ms_between(built, submitted);
  timings_.segments = strokes_.segment_count();
  timings_.strokes = strokes_.stroke_count();
}

// --- draw and snapshot -----------------------------------------------------------------------

void MapRenderer::draw(const MapInputs& inputs, int width, int height) {
  if (!initialized_) throw std::logic_error("MapRenderer::draw before init()");
  check_size(width, height);
  if (const std::string problem = check_map_inputs(inputs); !problem.empty()) {
    throw std::invalid_argument(problem);
  }
  GLint destination = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &destination);
  window_drawn_ = false;
  window_target_.ensure(width, height);
  render(inputs, window_target_);
  window_drawn_ = true;
  const auto started = std::chrono::steady_clock::now();
  present(static_cast<GLuint>(destination), width, height);
  timings_.submit_ms += ms_between(started, std::chrono::steady_clock::now());
}

bool MapRenderer::redraw_last(int width, int height) {
  if (!window_drawn_ || width != window_target_.width() || height != window_target_.height()) {
    return false;
  }
  GLint destination = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &destination);
  present(static_cast<GLuint>(destination), width, height);
  return true;
}

void MapRenderer::present(GLuint destination, int width, int height) {
  glBindFramebuffer(GL_FRAMEBUFFER, destination);
  glViewport(0, 0, width, height);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
  glUseProgram(present_program_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, window_target_.scene_color());
  glBindVertexArray(present_vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glUseProgram(0);
}

std::vector<uint8_t> MapRenderer::snapshot(const MapInputs& inputs, int width, int height) {
  check_size(width, height);
  std::vector<uint8_t> rgba(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  snapshot(inputs, width, height, rgba);
  return rgba;
}

void MapRenderer::snapshot(const MapInputs& inputs, int width, int height,
                           std::span<uint8_t> rgba) {
  if (!initialized_) throw std::logic_error("MapRenderer::snapshot before init()");
  check_size(width, height);
  const std::size_t needed = static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4;
  if (rgba.size() != needed) {
    throw std::invalid_argument("snapshot: the output holds " + std::to_string(rgba.size()) +
                                " bytes; " + std::to_string(width) + "x" + std::to_string(height) +
                                " RGBA8 needs " + std::to_string(needed));
  }
  if (const std::string problem = check_map_inputs(inputs); !problem.empty()) {
    throw std::invalid_argument(problem);
  }
  GLint draw_binding = 0, read_binding = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_binding);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_binding);
  snapshot_target_.ensure(width, height);
  render(inputs, snapshot_target_);
  snapshot_target_.read_scene(rgba);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(draw_binding));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(read_binding));
}

}  // namespace terrain::render
