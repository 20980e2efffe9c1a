// The map renderer: everything the sketch's draw() paints, with OpenGL 3.3 core.
//
//   background(colors.sea[1])      cleared to the deep sea colour
//   drawTerrain                    relief_renderer.h: exact per-cell colours, scaled smoothly
//   drawContours (levels > 0)      contour_paths.h: regular lines, then index lines
//   drawRivers (show_rivers)       river_paths.h: 48 bank strokes, then 48 river strokes
//   drawDebug (debug)              the last drops' routes and "<n> drops"
// Strokes follow HTML canvas rules (stroke_renderer.h).
//
// The app owns one MapRenderer: init() once with its GL context current, then draw() every
// frame into its window and snapshot() to save a picture at any size. Everything is drawn
// into the renderer's own framebuffers first; draw() copies the result to the framebuffer
// that was bound when it was called.
//
// Performance: a steady frame allocates nothing (paths, vertex lists and GL buffers are kept
// and only grow; render targets are reallocated only when the size changes).
// Every call needs the same GL context current, including destruction (or call release()
// while it is).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "render/geometry/contour_paths.h"
#include "render/geometry/map_inputs.h"
#include "render/geometry/river_paths.h"
#include "render/gl/relief_renderer.h"
#include "render/gl/render_target.h"
#include "render/gl/stroke_renderer.h"
#include "render/gl/text_overlay.h"

namespace terrain::render {

struct MapRendererOptions {
  bool allow_fp64 = true;  // false forces the float relief (for testing that path)
};

// Where a frame's CPU time went, in milliseconds (steady clock).
struct RenderTimings {
  double build_ms = 0;       // working out the contour, river and route geometry
  double contours_ms = 0;    // ...of which the contour lines (marching squares)
  double rivers_ms = 0;      // ...of which the river paths
  double submit_ms = 0;      // uploading and issuing the GL commands (not waiting for the GPU)
  std::size_t segments = 0;  // stroke segments uploaded
  std::size_t strokes = 0;   // strokes painted (paths x passes, empty ones skipped)
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
  bool initialized() const { return initialized_; }
  // True when the relief is computed in double precision, bit for bit with the sketch.
  bool exact_relief() const { return relief_.exact(); }

  // Draws the map at width x height pixels into the framebuffer bound when called (its
  // bottom-left corner at 0, 0). Throws std::invalid_argument, drawing nothing, when the
  // inputs fail check_map_inputs() or the size is not 1..16384 on each side.
  // On return: that framebuffer bound, viewport (0, 0, width, height), blending, depth and
  // scissor tests disabled, program, vertex array and texture unit 0 unbound.
  void draw(const MapInputs& inputs, int width, int height);

  // Copies the map last drawn by draw() into the framebuffer bound when called, without
  // drawing it again, if it was drawn at width x height; returns false (doing nothing) if not.
  // For frames where the app knows nothing the map shows has changed (paused, only the panel
  // moved): with a software GL (llvmpipe) this costs a tenth of draw(). Same GL state on
  // return as draw().
  bool redraw_last(int width, int height);

  // Draws the map off-screen at width x height and returns RGBA8 pixels, top row first
  // (what the sketch's canvas would hold at that size). Independent of any window; the
  // same GL state is left as by draw() except the framebuffer binding, which is restored.
  std::vector<uint8_t> snapshot(const MapInputs& inputs, int width, int height);
  // The same into `rgba`, which must hold width * height * 4 bytes.
  void snapshot(const MapInputs& inputs, int width, int height, std::span<uint8_t> rgba);

  // The last frame's per-cell relief colours (the sketch's terrain_img): RGBA8, top row
  // first; `rgba` must hold cols * rows * 4 bytes of the terrain last drawn.
  void read_relief_cells(std::span<uint8_t> rgba) const { relief_.read_cells(rgba); }

  const RenderTimings& last_timings() const { return timings_; }
  // The font the debug text uses (a TTF path, or ImGui's embedded default).
  const char* debug_font() const { return text_.font_name(); }

 private:
  void render(const MapInputs& inputs, RenderTarget& target);
  void present(GLuint destination, int width, int height);
  static void check_size(int width, int height);

  bool initialized_ = false;
  ReliefRenderer relief_;
  StrokeRenderer strokes_;
  TextOverlay text_;
  ContourPaths contours_;
  RiverPaths rivers_;
  std::vector<StrokePath> routes_;  // one path per debug route, kept for reuse
  RenderTarget window_target_;      // what draw() renders into before copying to the window
  RenderTarget snapshot_target_;    // snapshot()'s, so a snapshot leaves the window's alone
  GLuint present_program_ = 0;
  GLuint present_vao_ = 0;
  RenderTimings timings_;
  bool window_drawn_ = false;  // window_target_ holds a finished map
};

}  // namespace terrain::render
