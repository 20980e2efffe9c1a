// The map renderer: the sketch's draw() in OpenGL (see map_renderer.h).
//
// Sections: setup, checks, preparing a frame, painting it, draw and snapshot.
#include "render/gl/map_renderer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <string>

#include "render/geometry/relief.h"
#include "render/geometry/view_cells.h"
#include "render/gl/gl_texture.h"

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
  // The painter: the CPU where the GL itself renders on the CPU.
  const std::string gl_renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const bool software = gl_renderer.find("llvmpipe") != std::string::npos ||
                        gl_renderer.find("softpipe") != std::string::npos ||
                        gl_renderer.find("SWR") != std::string::npos;
  cpu_painter_ =
      options.painter == MapPainter::cpu || (options.painter == MapPainter::automatic && software);
  present_program_ = link_program(features, "quad.vert", {"present.frag"});
  glUseProgram(present_program_);
  glUniform1i(uniform_location(present_program_, "u_map"), 0);
  glGenTextures(1, &map_texture_);
  glBindTexture(GL_TEXTURE_2D, map_texture_);
  set_nearest_clamp();
  glBindTexture(GL_TEXTURE_2D, 0);
  map_program_ = link_program(features, "fullscreen.vert", {"stroke_tiles", "map.frag"});
  StrokeRenderer::set_sampler_units(map_program_);
  u_grid_origin_ = uniform_location(map_program_, "u_grid_origin");
  u_scale_ = uniform_location(map_program_, "u_scale");
  u_image_ = uniform_location(map_program_, "u_image");
  u_background_ = uniform_location(map_program_, "u_background");
  u_flip_ = uniform_location(map_program_, "u_flip");
  glUseProgram(map_program_);
  glUniform1i(uniform_location(map_program_, "u_cells"), 0);
  glUseProgram(0);
  glGenVertexArrays(1, &vao_);
  routes_.resize(static_cast<std::size_t>(Rain::kMaxRoutes));
  // p5's beginShape() polylines keep the canvas's default lineJoin: miter.
  for (StrokePath& route : routes_) route.set_miter_joins(true);
}

void MapRenderer::release() {
  if (map_program_ == 0) return;
  window_drawn_ = false;
  relief_.release();
  strokes_.release();
  text_.release();
  snapshot_target_.release();
  glDeleteProgram(map_program_);
  if (present_program_) glDeleteProgram(present_program_);
  if (map_texture_) glDeleteTextures(1, &map_texture_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  map_program_ = present_program_ = map_texture_ = vao_ = 0;
  map_texture_w_ = map_texture_h_ = 0;
}

// --- checks ----------------------------------------------------------------------------------

void MapRenderer::check_size(int width, int height) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide) {
    throw std::invalid_argument("map renderer: size " + std::to_string(width) + "x" +
                                std::to_string(height) + "; allowed: 1.." +
                                std::to_string(kMaxSide) + " on each side");
  }
}

// --- preparing a frame -----------------------------------------------------------------------

void MapRenderer::prepare(const MapInputs& inputs, int width, int height, bool flip) {
  const auto started = std::chrono::steady_clock::now();
  const Heightfield& terrain = *inputs.terrain;
  const ColorScheme& colors = *inputs.scheme;
  // The 3D view paints the map into a picture of a few pixels a cell, draped over the ground;
  // the others paint it straight into the canvas.
  const bool surface = inputs.view == MapView::three_d;
  const MapArea picture =
      inputs.picture.value_or(inputs.area.value_or(MapArea{0, 0, double(width), double(height)}));
  const int drape_cells =
      drape_scale(picture.width, picture.height, terrain.width(), terrain.height());
  const int canvas_w = surface ? drape_side(terrain.width(), drape_cells) : width;
  const int canvas_h = surface ? drape_side(terrain.height(), drape_cells) : height;
  // The camera's frame, or the sketch's viewport of the whole canvas.
  const Frame view = surface ? drape_frame(drape_cells)
                             : inputs.frame.value_or(Frame::viewport(width, height, terrain.width(),
                                                                     terrain.height()));

  // The contours and the rivers need nothing from each other: worked out at once, one a
  // thread (each timed on its own thread), then added in the sketch's painting order.
  timings_.contours_ms = 0;
  timings_.rivers_ms = 0;
  const bool contours = inputs.contour_levels > 0;
  RiverStyle style;
  style.min_flow = inputs.min_flow;
  style.by = inputs.rivers_by;
  if (inputs.show_rivers && style.by == RiversBy::order)
    style.strahler = inputs.hydrology->strahler();
  std::exception_ptr failed[2];
  auto build = [&](int part, int) {
    try {
      const auto part_started = std::chrono::steady_clock::now();
      if (part == 0 && contours) {
        contours_.build(terrain, inputs.sea_level, inputs.contour_levels, view);
        timings_.contours_ms = ms_between(part_started, std::chrono::steady_clock::now());
      }
      if (part == 1 && inputs.show_rivers) {
        rivers_.build(*inputs.rivers, terrain.width(), view, style);
        timings_.rivers_ms = ms_between(part_started, std::chrono::steady_clock::now());
      }
    } catch (...) {
      failed[part] = std::current_exception();
    }
  };
  raster_.work_threads().run(2, build);
  for (const std::exception_ptr& e : failed) {
    if (e) std::rethrow_exception(e);
  }

  strokes_.clear();
  if (contours) {
    const int regular = strokes_.add_path(contours_.regular().segments());
    const int index = strokes_.add_path(contours_.index_lines().segments());
    strokes_.stroke(regular, canvas_color(colors.line), 1, ContourPaths::kRegularWidth);
    strokes_.stroke(index, canvas_color(colors.index_line), 1, ContourPaths::kIndexWidth);
  }
  if (inputs.show_rivers) {
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
                        rivers_.stroke_width(n, view.scale_x) + extra);
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

  // drawDebug()'s text at (12, height - 12) of the canvas: of the part the map is seen in.
  const MapArea area = inputs.area.value_or(MapArea{0, 0, double(width), double(height)});
  prepared_ = {width,
               height,
               view,
               canvas_color(colors.sea_deep),
               inputs.debug,
               inputs.drops,
               area.left + kTextInset,
               area.top + area.height - kTextInset,
               surface};
  timings_.raster_ms = 0;
  timings_.surface_ms = 0;
  if (cpu_painter_ || surface) {
    // The strokes sorted into tiles, the relief's cells and the map pass, all on the CPU;
    // the GL gets the picture.
    strokes_.sort(canvas_w, canvas_h, &raster_.work_threads());
    const auto binned = std::chrono::steady_clock::now();
    cells_.resize(terrain.size() * 4);
    paint_cells(inputs);
    pixels_.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    // Bottom row first for a window, and in the order a software GL keeps its pixels: the
    // texture is then copied to the window as it is (llvmpipe's blit of a B8G8R8A8 texture
    // through a plain texture() shader is a memcpy, where any other draw samples each pixel).
    // Only the map's area needs painting (the app's side bar and strip cover the rest).
    RasterLayout layout{.bottom_up = flip, .bgra = true};
    if (inputs.area) {
      layout.clip_left = static_cast<int>(std::floor(area.left));
      layout.clip_top = static_cast<int>(std::floor(area.top));
      layout.clip_right = static_cast<int>(std::ceil(area.left + area.width));
      layout.clip_bottom = static_cast<int>(std::ceil(area.top + area.height));
    }
    const MapRasterInputs map{cells_, terrain.width(),      terrain.height(),
                              view,   prepared_.background, &strokes_.tiles()};
    if (surface) {
      drape_.resize(static_cast<std::size_t>(canvas_w) * static_cast<std::size_t>(canvas_h));
      raster_.paint(map, canvas_w, canvas_h, drape_, {.bgra = true});
      const auto draped = std::chrono::steady_clock::now();
      draw_surface(inputs, picture, canvas_w, canvas_h, width, height, layout);
      timings_.surface_ms = ms_between(draped, std::chrono::steady_clock::now());
    } else {
      raster_.paint(map, width, height, pixels_, layout);
    }
    const auto painted = std::chrono::steady_clock::now();
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, map_texture_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    if (width != map_texture_w_ || height != map_texture_h_) {
      map_texture_w_ = width;
      map_texture_h_ = height;
      // Unsized GL_RGBA given GL_BGRA bytes: Mesa stores it as B8G8R8A8, as it is given.
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_BGRA, GL_UNSIGNED_BYTE,
                   pixels_.data());
    } else {
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_BGRA, GL_UNSIGNED_BYTE,
                      pixels_.data());
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    const auto uploaded = std::chrono::steady_clock::now();
    timings_.tiles_ms = ms_between(built, binned);
    timings_.build_ms = ms_between(started, binned);
    timings_.raster_ms = ms_between(binned, painted);
    timings_.submit_ms = ms_between(painted, uploaded);
  } else {
    // The strokes sorted into tiles and uploaded, and the relief's cells worked out on the
    // GPU; the map pass itself is paint()'s.
    strokes_.prepare(width, height, &raster_.work_threads());
    const auto binned = std::chrono::steady_clock::now();
    if (inputs.view == MapView::map && !inputs.show_lakes) {
      relief_.update(terrain, inputs.sea_level, colors);
    } else {
      // The drainage views and lakes are painted per cell on the CPU (57,600 cells at the
      // sketch's size), then scaled up by the same map pass.
      cells_.resize(terrain.size() * 4);
      paint_cells(inputs);
      relief_.upload_cells(cells_, terrain.width(), terrain.height());
    }
    const auto uploaded = std::chrono::steady_clock::now();
    timings_.tiles_ms = ms_between(built, binned);
    timings_.build_ms = ms_between(started, binned);
    timings_.submit_ms = ms_between(binned, uploaded);
  }
  timings_.segments = strokes_.segment_count();
  timings_.strokes = strokes_.stroke_count();
  timings_.placed = strokes_.tiles().items().size();
}

void MapRenderer::paint_cells(const MapInputs& inputs) {
  if (inputs.view == MapView::basins) {
    // The tones follow the basins' outlets from one rebuild to the next, and start again with
    // a new ground.
    const Hydrology& h = *inputs.hydrology;
    if (inputs.ground_version != tones_ground_) {
      tones_.reset();
      tones_ground_ = inputs.ground_version;
      tones_version_ = ~uint64_t{0};
    }
    if (h.version() != tones_version_ || &h != tones_of_) {
      tones_.update(h.drainage(), *inputs.terrain, inputs.sea_level);
      tones_version_ = h.version();
      tones_of_ = &h;
    }
  }
  ViewCellsInputs in;
  in.terrain = inputs.terrain;
  in.sea_level = inputs.sea_level;
  in.scheme = inputs.scheme;
  in.view = inputs.view;
  in.show_lakes = inputs.show_lakes;
  in.hydrology = inputs.hydrology;
  in.tones = &tones_;
  view_cells(in, cells_, &raster_.work_threads());
}

void MapRenderer::draw_surface(const MapInputs& inputs, const MapArea& picture, int drape_w,
                               int drape_h, int width, int height, const RasterLayout& layout) {
  const ColorScheme& colors = *inputs.scheme;
  const auto rgb8 = [](const P5Color& c) {
    return Rgb8{static_cast<uint8_t>(c.level(0)), static_cast<uint8_t>(c.level(1)),
                static_cast<uint8_t>(c.level(2))};
  };
  const auto mixed = [](Rgb8 a, Rgb8 b, double t) {
    const auto m = [t](uint8_t x, uint8_t y) {
      return static_cast<uint8_t>(std::lround(x + (y - x) * t));
    };
    return Rgb8{m(a.r, b.r), m(a.g, b.g), m(a.b, b.b)};
  };
  SurfaceInputs in;
  in.heights = inputs.terrain;
  in.sea_level = inputs.sea_level;
  if (inputs.show_lakes && inputs.hydrology != nullptr)
    in.lake_depth = inputs.hydrology->lake_depth();
  in.relief = OrbitCamera::kReliefCells * inputs.exaggeration;
  in.drape = drape_;
  in.drape_width = drape_w;
  in.drape_height = drape_h;
  in.drape_frame = prepared_.view;
  // The sky: the scheme's deep sea overhead, paler towards the horizon; the block's soil the
  // coast's colour darkened, its water the shallow sea's.
  const Rgb8 deep = rgb8(colors.sea_deep);
  in.sky_top = deep;
  in.sky_bottom = mixed(deep, rgb8(colors.sea_shallow), 0.55);
  const Rgb& coast = colors.bands[0];
  in.soil = mixed(
      Rgb8{static_cast<uint8_t>(std::lround(coast[0])), static_cast<uint8_t>(std::lround(coast[1])),
           static_cast<uint8_t>(std::lround(coast[2]))},
      Rgb8{40, 30, 22}, 0.6);
  in.water = rgb8(colors.sea_shallow);
  surface_.draw(in, *inputs.camera, picture, width, height, pixels_, layout,
                &raster_.work_threads());
}

// --- painting it -----------------------------------------------------------------------------

void MapRenderer::paint(GLuint destination, bool flip) {
  const auto started = std::chrono::steady_clock::now();
  const Prepared& p = prepared_;
  const Frame& view = p.view;
  glBindFramebuffer(GL_FRAMEBUFFER, destination);
  glViewport(0, 0, p.width, p.height);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

  glBindVertexArray(vao_);
  if (cpu_painter_ || p.surface) {
    // The CPU's picture, texel for pixel (its rows already in this destination's order), as
    // a rectangle of two triangles: llvmpipe copies it then without sampling.
    glUseProgram(present_program_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, map_texture_);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  } else {
    // The relief image at (left - s/2, top - s/2), COLS * s by ROWS * s: each cell's pixel
    // is centred on its grid point.
    const double s = view.scale_x;
    const double left = view.left - s / 2;
    const double top = view.top - view.scale_y / 2;
    glUseProgram(map_program_);
    glUniform2f(u_grid_origin_, static_cast<float>(view.left), static_cast<float>(view.top));
    glUniform2f(u_scale_, static_cast<float>(s), static_cast<float>(view.scale_y));
    glUniform4f(u_image_, static_cast<float>(left), static_cast<float>(top),
                static_cast<float>(left + relief_.cols() * s),
                static_cast<float>(top + relief_.rows() * view.scale_y));
    glUniform3f(u_background_, p.background.r, p.background.g, p.background.b);
    glUniform1f(u_flip_, flip ? static_cast<float>(p.height) : 0.0f);
    strokes_.use_textures();
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, relief_.cells_texture());
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }

  if (p.debug) {
    char buffer[40];
    text_.draw(format_drop_count(p.drops, buffer), p.text_x, p.text_y, kDebugColor, p.width,
               p.height, flip);
  }
  glUseProgram(0);
  glBindVertexArray(0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, 0);
  timings_.submit_ms += ms_between(started, std::chrono::steady_clock::now());
}

// --- draw and snapshot -----------------------------------------------------------------------

void MapRenderer::draw(const MapInputs& inputs, int width, int height) {
  if (map_program_ == 0) throw std::logic_error("MapRenderer::draw before init()");
  check_size(width, height);
  if (const std::string problem = check_map_inputs(inputs); !problem.empty()) {
    throw std::invalid_argument(problem);
  }
  GLint destination = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &destination);
  window_drawn_ = false;
  prepare(inputs, width, height, true);
  paint(static_cast<GLuint>(destination), true);
  window_drawn_ = true;
}

bool MapRenderer::redraw_last(int width, int height) {
  if (!window_drawn_ || width != prepared_.width || height != prepared_.height) return false;
  GLint destination = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &destination);
  timings_.submit_ms = 0;
  paint(static_cast<GLuint>(destination), true);
  return true;
}

std::vector<uint8_t> MapRenderer::snapshot(const MapInputs& inputs, int width, int height) {
  check_size(width, height);
  std::vector<uint8_t> rgba(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  snapshot(inputs, width, height, rgba);
  return rgba;
}

void MapRenderer::snapshot(const MapInputs& inputs, int width, int height,
                           std::span<uint8_t> rgba) {
  if (map_program_ == 0) throw std::logic_error("MapRenderer::snapshot before init()");
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
  // What is uploaded is the snapshot's from now on, not the window's.
  window_drawn_ = false;
  snapshot_target_.ensure(width, height);
  prepare(inputs, width, height, false);
  paint(snapshot_target_.scene_fbo(), false);
  snapshot_target_.read_scene(rgba);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(draw_binding));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(read_binding));
}

}  // namespace terrain::render

namespace terrain::render {

void MapRenderer::read_relief_cells(std::span<uint8_t> rgba) const {
  if (!cpu_painter_ && !prepared_.surface) {
    relief_.read_cells(rgba);
    return;
  }
  if (rgba.size() != cells_.size()) {
    throw std::invalid_argument("read_cells: the output holds " + std::to_string(rgba.size()) +
                                " bytes; the cell image needs " + std::to_string(cells_.size()));
  }
  std::copy(cells_.begin(), cells_.end(), rgba.begin());
}

}  // namespace terrain::render
