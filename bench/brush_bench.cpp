// Brush strokes: what painting costs a frame. A drag paints a piece of its stroke each frame;
// at the largest radius (40 cells) a quick drag of 12 cells a frame presses one or two dabs of
// 6,561 cells each. Each iteration is one such piece, continuing the stroke before it, on the
// seed-42 island after 50,000 drops (the target: under 0.5 ms a frame).
#include <benchmark/benchmark.h>

#include <cmath>

#include "core/brush_stroke.h"
#include "core/island.h"
#include "core/rain.h"

namespace terrain {
namespace {

void BM_StrokePieceLargestRadius(benchmark::State& state) {
  const auto tool = kBrushTools[state.range(0)];
  Heightfield field = island_terrain(42);
  Rain rain(field, 42);
  rain.run(50000);
  BrushPainter painter;
  BrushStroke piece;
  piece.tool = tool;
  piece.radius = kMaxBrushRadius;
  piece.strength = 0.5;
  piece.seed = 7;
  piece.flatten_to = 0.45;
  // A circle around the island's middle, 12 cells a frame.
  double angle = 0;
  const auto at = [](double a) { return Point{160 + 60 * std::cos(a), 90 + 50 * std::sin(a)}; };
  Point last = at(0);
  double start = 0;
  for (auto _ : state) {
    angle += 12.0 / 55;
    piece.points = {last, at(angle)};
    piece.start = start;
    painter.paint(field, rain, piece);
    start = next_dab_start(piece);
    last = piece.points.back();
    benchmark::DoNotOptimize(field.data());
  }
  state.SetLabel(std::string(brush_tool_name(tool)));
}
BENCHMARK(BM_StrokePieceLargestRadius)->DenseRange(0, 5)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace terrain
