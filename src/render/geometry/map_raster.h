// The map pass on the CPU: the relief's cell image scaled up with smoothing over the deep-sea
// background, then every stroke from its screen tiles, into RGBA8 pixels. It paints what the
// GL map pass paints (shaders/map.frag.glsl and stroke_tiles.glsl: the same coordinates, the
// same coverage, the same order), within one level per channel.
//
// Why a second painter: where there is no GPU, the GL is itself a CPU rasterizer (Mesa's
// llvmpipe), and there every texel fetch of a fragment shader costs about 3 ns a pixel: the
// map pass, which fetches the relief four times and the strokes' runs and shapes at every
// pixel near a line, was most of the frame. Here those are plain loads from memory, the
// strokes are only evaluated in tiles that hold any, and 64 pixels of a tile are worked out
// together so the compiler can use SIMD. The GL then only shows the result.
//
// No GL here: tested without a display (against the GL pass where there is one).
// Allocation: the scratch rows only grow, so a steady frame allocates nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/frame.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/stroke_tiles.h"

namespace terrain::render {

struct MapRasterInputs {
  std::span<const uint8_t> cells;  // the relief, RGBA8, cols x rows, top row first
  int cols = 0;
  int rows = 0;
  Frame view;                  // where grid point (x, y) lands on the canvas
  CanvasColor background;      // colors.sea[1], where the image does not reach
  const StrokeTiles* strokes;  // binned for the canvas painted (or null: no strokes)
};

class MapRaster {
 public:
  // Paints the width x height canvas into `rgba` (width * height * 4 bytes, alpha 255), top
  // row first, or bottom row first with `bottom_up` (as GL keeps a window's rows). Throws
  // std::invalid_argument, writing nothing, when a size disagrees (the cells with cols x rows,
  // the output, the strokes' canvas).
  void paint(const MapRasterInputs& inputs, int width, int height, std::span<uint8_t> rgba,
             bool bottom_up);

 private:
  // Per canvas column: the two image columns it blends and the weight of the second.
  std::vector<int> column0_;
  std::vector<int> column1_;
  std::vector<float> column_t_;
  // One band of tile rows (8 canvas rows) in float RGB, tile-padded wide.
  std::vector<float> band_;
  // Two image rows blended, per channel one float per image column and the background.
  std::vector<float> blended_;
  // One canvas row as RGBA8 words.
  std::vector<uint32_t> packed_;
};

}  // namespace terrain::render
