// A path to stroke, as HTML canvas paths are built (moveTo, lineTo, quadraticCurveTo), kept
// as the straight segments the stroke is drawn from.
//
// With round caps and round joins (p5's cap, and the sketch's join) the stroke of a polyline
// is exactly the union of one capsule per segment: a capsule is the segment's rectangle with a
// disc at each end, and the discs are the joins and the caps. So a path is stored as its
// segments, curves flattened finely enough (kFlatness) that the polyline stands for the curve.
// The renderer paints the union of the capsules once (see stroke_renderer.h).
//
// Miter joins (the canvas's default lineJoin, which the sketch's debug routes keep): a miter
// join is the round join plus the spike out to where the two outer edges meet, and that
// shape is a cone: the disc of half the width at the corner and its tangents to the tip. With
// miter joins on, the path also keeps one StrokeJoin per corner whose miter is within the
// canvas's miterLimit (10 half-widths); beyond it the canvas bevels, and the round join stands
// in for the bevel (they differ by a sliver under half a pixel wide for these lines).
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

// A miter join's spike: the corner (x, y) and the miter vector, so the tip is at
// (x, y) + miter * half_width for any line width.
struct StrokeJoin {
  float x;
  float y;
  float miter_x;
  float miter_y;
};

// The canvas's default miterLimit: a join whose tip is further than this many half-widths
// from the corner is bevelled instead.
inline constexpr double kMiterLimit = 10;

// How far a flattened curve may stray from the true curve, in pixels: a quarter of the
// antialiasing ramp, the tolerance the browser's own canvas flattens curves to (Skia's default
// path tolerance is a quarter pixel), so the flattening cannot be seen; finer only costs
// segments (a fifth more of the river's at a tenth of a pixel).
inline constexpr double kFlatness = 0.25;

class StrokePath {
 public:
  // Empties the path, keeping its storage (and its join style).
  void clear() {
    segments_.clear();
    joins_.clear();
    has_point_ = false;
    has_direction_ = false;
  }
  // Whether corners get miter joins (kept as joins()); off (round joins) by default.
  void set_miter_joins(bool on) { miter_joins_ = on; }

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
  // The miter spikes of the corners (empty unless miter joins are on).
  std::span<const StrokeJoin> joins() const { return joins_; }

 private:
  void add_miter_join(double dx, double dy);

  std::vector<StrokeSegment> segments_;
  std::vector<StrokeJoin> joins_;
  double x_ = 0;
  double y_ = 0;
  bool has_point_ = false;
  bool miter_joins_ = false;
  // The direction of the subpath's last non-zero segment, for the next corner's join.
  bool has_direction_ = false;
  double dx_ = 0;
  double dy_ = 0;
};

}  // namespace terrain::render
