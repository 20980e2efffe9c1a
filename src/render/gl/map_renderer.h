// The map renderer: everything the sketch's draw() paints, with OpenGL 3.3 core.
//
//   background(colors.sea[1])      where the image does not reach
//   drawTerrain                    relief_renderer.h: exact per-cell colours, scaled smoothly;
//                                  or the basins or flow view, lakes (view_cells.h, on the CPU)
//   drawContours (levels > 0)      contour_paths.h: regular lines, then index lines
//   drawRivers (show_rivers)       river_paths.h: 48 bank strokes, then 48 river strokes
//   drawDebug (debug)              the last drops' routes and "<n> drops"
// The 3D view (MapView::three_d) paints all of that, on the CPU, into a picture of a few pixels
// a cell, which surface_raster.h drapes over the ground seen by the view's camera.
// Strokes follow HTML canvas rules (stroke_renderer.h).
//
// A frame is two small passes and one large one: the relief's cells (one pixel per grid
// cell), then the whole map in one pass straight into the destination (the scaled-up relief
// and every stroke, sorted by the CPU into screen tiles), then the debug count's glyphs. With a
// software GL (Mesa's llvmpipe) a pass over the window and a triangle are what cost; this
// draws one triangle over the window once.
//
// The app owns one MapRenderer: init() once with its GL context current, then draw() every
// frame into its window and snapshot() to save a picture at any size.
//
// Performance: a steady frame allocates nothing (paths, tile lists and GL buffers are kept
// and only grow; textures are reallocated only when the size changes).
// Every call needs the same GL context current, including destruction (or call release()
// while it is).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/frame.h"
#include "render/geometry/basin_tones.h"
#include "render/geometry/contour_paths.h"
#include "render/geometry/map_inputs.h"
#include "render/geometry/map_raster.h"
#include "render/geometry/river_paths.h"
#include "render/geometry/surface_raster.h"
#include "render/gl/relief_renderer.h"
#include "render/gl/render_target.h"
#include "render/gl/stroke_renderer.h"
#include "render/gl/text_overlay.h"

namespace terrain::render {

// Who paints the map pass: the GPU (shaders/map.frag.glsl), or the CPU
// (render/geometry/map_raster.h) with the GL only showing the result. The CPU is much the
// faster where the GL is itself a software rasterizer (Mesa's llvmpipe, softpipe): there every
// texel a fragment shader fetches costs about 3 ns a pixel.
enum class MapPainter { automatic, gpu, cpu };

struct MapRendererOptions {
  bool allow_fp64 = true;  // false forces the float relief (for testing that path)
  // automatic: the CPU when the GL renders in software, else the GPU.
  MapPainter painter = MapPainter::automatic;
};

// Where a frame's CPU time went, in milliseconds (steady clock).
struct RenderTimings {
  double build_ms = 0;       // working out the contour, river and route geometry, and tiles
  double contours_ms = 0;    // ...of which the contour lines (marching squares)
  double rivers_ms = 0;      // ...of which the river paths
  double tiles_ms = 0;       // ...of which sorting the strokes into screen tiles
  double raster_ms = 0;      // the CPU painter's map pass (relief cells, image, strokes)
  double surface_ms = 0;     // ...of which the 3D view's surface (the rest paints its drape)
  double submit_ms = 0;      // uploading and issuing the GL commands (not waiting for the GPU)
  std::size_t segments = 0;  // stroke segments of the frame's paths
  std::size_t strokes = 0;   // strokes painted (empty ones skipped)
  std::size_t placed = 0;    // shapes placed in tiles (a shape in every tile it reaches)
};

class MapRenderer {
 public:
  // The debug overlay, as the sketch's drawDebug(): colour (255, 0, 128), routes 1.5 px,
  // text 14 px at (12, height - 12).
  static constexpr double kRouteWidth = 1.5;
  static constexpr double kTextEm = 14;
  static constexpr double kTextInset = 12;

  MapRenderer();
  MapRenderer(const MapRenderer&) = delete;
  MapRenderer& operator=(const MapRenderer&) = delete;
  ~MapRenderer();

  // Compiles the shaders and creates the buffers. Needs a current OpenGL 3.3 core context.
  // Throws std::runtime_error (with the compiler's log) when a shader does not build.
  void init(const MapRendererOptions& options = {});
  // Deletes every GL object; init() may be called again.
  void release();
  // True when the relief's cell colours are the sketch's bit for bit (worked out in double
  // precision, on the CPU or by a GPU that has doubles).
  bool exact_relief() const { return cpu_painter_ || relief_.exact(); }
  // True when the CPU paints the map pass (see MapPainter).
  bool cpu_painter() const { return cpu_painter_; }

  // Draws the map at width x height pixels into the framebuffer bound when called, as a
  // window's (its bottom-left corner at 0, 0, its top row last). Throws
  // std::invalid_argument, drawing nothing, when the inputs fail check_map_inputs() or the
  // size is not 1..16384 on each side.
  // On return: that framebuffer bound, viewport (0, 0, width, height), blending, depth and
  // scissor tests disabled, program, vertex array and texture unit 0 unbound.
  void draw(const MapInputs& inputs, int width, int height);

  // Paints the map last drawn by draw() again into the framebuffer bound when called, from
  // what is already on the GPU (no geometry worked out, nothing uploaded), if it was drawn at
  // width x height and no snapshot() came between; returns false (doing nothing) if not. For
  // frames where the app knows nothing the map shows has changed (paused, only the panel
  // moved). Same GL state on return as draw().
  bool redraw_last(int width, int height);

  // Draws the map off-screen at width x height and returns RGBA8 pixels, top row first
  // (what the sketch's canvas would hold at that size). Independent of any window; the
  // same GL state is left as by draw() except the framebuffer binding, which is restored.
  std::vector<uint8_t> snapshot(const MapInputs& inputs, int width, int height);
  // The same into `rgba`, which must hold width * height * 4 bytes.
  void snapshot(const MapInputs& inputs, int width, int height, std::span<uint8_t> rgba);

  // The last frame's per-cell colours (the sketch's terrain_img, or the view's; the 3D view's are
  // the map's): RGBA8, top row
  // first; `rgba` must hold cols * rows * 4 bytes of the terrain last drawn.
  void read_relief_cells(std::span<uint8_t> rgba) const;

  const RenderTimings& last_timings() const { return timings_; }
  // A frame is about to be drawn: its work threads wake now, so that its first loop does not
  // wait for them (see WorkThreads::prime).
  void prime() { raster_.work_threads().prime(); }

 private:
  // Works out and uploads everything a frame of this size needs.
  // `flip`: for a destination whose top row is last (a window's).
  void prepare(const MapInputs& inputs, int width, int height, bool flip);
  // Paints what prepare() uploaded into `destination` (a window's framebuffer when `flip`).
  void paint(GLuint destination, bool flip);
  // The cell image of the inputs' view into cells_ (on the CPU), the basins' tones brought up
  // to date first.
  void paint_cells(const MapInputs& inputs);
  // The 3D view into pixels_ (width x height), the map's picture drape_ (drape_w x drape_h)
  // draped over the ground.
  void draw_surface(const MapInputs& inputs, const MapArea& picture, int drape_w, int drape_h,
                    int width, int height, const RasterLayout& layout);
  static void check_size(int width, int height);

  ReliefRenderer relief_;
  StrokeRenderer strokes_;
  TextOverlay text_;
  ContourPaths contours_;
  RiverPaths rivers_;
  std::vector<StrokePath> routes_;  // one path per debug route, kept for reuse
  RenderTarget snapshot_target_;
  GLuint map_program_ = 0;
  GLuint present_program_ = 0;  // shows the CPU's map
  GLuint vao_ = 0;              // empty: the full-screen triangle makes its own corners
  GLint u_grid_origin_ = -1, u_scale_ = -1, u_image_ = -1, u_background_ = -1, u_flip_ = -1;
  // The CPU painter: its cells, its picture, and the texture that shows it.
  bool cpu_painter_ = false;
  MapRaster raster_;
  std::vector<uint8_t> cells_;
  std::vector<uint32_t> pixels_;
  // The 3D view: the map's picture draped over the ground, and the surface's painter.
  std::vector<uint32_t> drape_;
  SurfaceRaster surface_;
  GLuint map_texture_ = 0;
  int map_texture_w_ = 0;
  int map_texture_h_ = 0;
  RenderTimings timings_;
  // The basins' tones, and what they were last worked out for.
  BasinTones tones_;
  uint64_t tones_ground_ = ~uint64_t{0};
  uint64_t tones_version_ = ~uint64_t{0};
  const Hydrology* tones_of_ = nullptr;
  // What prepare() last uploaded: its size, the frame, the background, the debug count.
  struct Prepared {
    int width = 0;
    int height = 0;
    Frame view;
    CanvasColor background;
    bool debug = false;
    uint64_t drops = 0;
    double text_x = 0;  // where the debug count's baseline starts
    double text_y = 0;
    bool surface = false;  // the 3D view: the CPU's picture, whichever painter
  };
  Prepared prepared_;
  bool window_drawn_ = false;  // what is uploaded is what draw() last drew
};

}  // namespace terrain::render
