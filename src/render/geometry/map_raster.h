// The map pass on the CPU: the relief's cell image scaled up with smoothing over the deep-sea
// background, then every stroke from its screen tiles, into 8-bit pixels. It paints what the
// GL map pass paints (shaders/map.frag.glsl and stroke_tiles.glsl: the same coordinates, the
// same coverage, the same order), within one level per channel.
//
// Why a second painter: where there is no GPU, the GL is itself a CPU rasterizer (Mesa's
// llvmpipe), and there every texel fetch of a fragment shader costs about 3 ns a pixel: the
// map pass, which fetches the relief four times and the strokes' runs and shapes at every
// pixel near a line, was most of the frame. Here those are plain loads from memory: the image
// is scaled along its rows once per image row and then only blended between rows, the
// strokes are only evaluated in tiles that hold any and only on the tile's rows each shape
// can reach, eight pixels of a row at a time so the compiler can use SIMD, and the rows are
// shared between the cores (work_threads.h). The GL then only shows the result.
//
// No GL here: tested without a display (against the GL pass where there is one).
// Allocation: the scratch only grows, so a steady frame allocates nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/frame.h"
#include "core/work_threads.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/stroke_tiles.h"

namespace terrain::render {

struct MapRasterInputs {
  std::span<const uint8_t> cells;  // the relief, RGBA8, cols x rows, top row first
  int cols = 0;
  int rows = 0;
  Frame view;                            // where grid point (x, y) lands on the canvas
  CanvasColor background;                // colors.sea[1], where the image does not reach
  const StrokeTiles* strokes = nullptr;  // binned for the canvas painted (null: no strokes)
};

// How the painted pixels are laid out.
struct RasterLayout {
  bool bottom_up = false;  // the bottom row first, as GL keeps a window's rows
  bool bgra = false;       // bytes b, g, r, a: the order a software GL's window keeps them in
  // Only the canvas pixels in [clip_left, clip_right) x [clip_top, clip_bottom) (canvas rows,
  // top first) need painting: the rest is hidden (under the app's side bar and strip) and
  // keeps what it held. Each is widened to whole 8 x 8 tiles; the pixels painted are the
  // same as a whole canvas's. clip_right and clip_bottom below 0: the canvas's edge.
  int clip_left = 0;
  int clip_top = 0;
  int clip_right = -1;
  int clip_bottom = -1;
};

class MapRaster {
 public:
  // `threads`: how many threads paint (0: one per hardware thread; see WorkThreads).
  explicit MapRaster(int threads = 0) : threads_(threads) {}

  // Paints the width x height canvas into `pixels`, one word per pixel holding the bytes r, g,
  // b, a (alpha 255) in memory order, or b, g, r, a; top row first unless `bottom_up`. Throws
  // std::invalid_argument, writing nothing, when a size disagrees (the cells with cols x rows,
  // the output, the strokes' canvas).
  void paint(const MapRasterInputs& inputs, int width, int height, std::span<uint32_t> pixels,
             RasterLayout layout = {});

  int threads() const { return threads_.count(); }
  // The threads it paints with, for other row-by-row work of the same frame.
  WorkThreads& work_threads() { return threads_; }

 private:
  struct Job;
  // One thread's scratch.
  struct Scratch {
    std::vector<float> band;    // a band of 8 canvas rows: 3 planes of 8 rows x padded width
    std::vector<float> values;  // one channel of an image row, and the background
  };
  void scale_image_row(const Job& job, Scratch& scratch, int row);
  void paint_band(const Job& job, Scratch& scratch, int band);

  WorkThreads threads_;
  // Per canvas column: the two image columns it blends (cols: the background) and the weight
  // of the second.
  std::vector<int> column0_;
  std::vector<int> column1_;
  std::vector<float> column_t_;
  // Each image row scaled to the canvas width: 3 planes of rows x padded width.
  std::vector<float> scaled_;
  std::vector<Scratch> scratch_;
};

}  // namespace terrain::render
