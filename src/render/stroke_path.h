// A path to stroke, as HTML canvas paths are built (moveTo, lineTo, quadraticCurveTo), kept
// as the straight segments the stroke is drawn from.
//
// With round caps and round joins (p5's cap, and the sketch's join) the stroke of a polyline
// is exactly the union of one capsule per segment: a capsule is the segment's rectangle with a
// disc at each end, and the discs are the joins and the caps. So a path is stored as its
// segments, curves flattened finely enough (kFlatness) that the polyline stands for the curve.
// The renderer paints the union of the capsules once (see stroke_renderer.h).
//
// Allocation: clear() keeps the capacity, so a path rebuilt every frame allocates nothing once
// it has grown to its size.
#pragma once

#include <span>
#include <vector>

namespace terrain::render {

// One straight piece of a path, in canvas pixels.
struct StrokeSegment {
  float x0;
  float y0;
  float x1;
  float y1;
};

// How far a flattened curve may stray from the true curve, in pixels: well under the
// antialiasing ramp, so the flattening cannot be seen.
inline constexpr double kFlatness = 0.05;

class StrokePath {
 public:
  // Empties the path, keeping its storage.
  void clear() {
    segments_.clear();
    has_point_ = false;
  }

  // Starts a new subpath at (x, y).
  void move_to(double x, double y);
  // A straight line from the current point. A zero-length line is kept: with round caps the
  // canvas draws it as a dot. Without a current point it only sets one, as the canvas does.
  void line_to(double x, double y);
  // A quadratic Bezier curve from the current point through control (cx, cy) to (x, y),
  // flattened into as few equal-parameter steps as keep it within kFlatness.
  void quadratic_curve_to(double cx, double cy, double x, double y);

  bool empty() const { return segments_.empty(); }
  std::span<const StrokeSegment> segments() const { return segments_; }

 private:
  std::vector<StrokeSegment> segments_;
  double x_ = 0;
  double y_ = 0;
  bool has_point_ = false;
};

}  // namespace terrain::render
