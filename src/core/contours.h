// Contour lines by marching squares, at the sketch's levels (its drawContours and
// marchingSquares): the coastline at sea level, then `contour_levels` levels evenly spaced
// between sea level and the highest ground, every fifth an index line.
//
// Each grid square is classified by which of its corners lie strictly above the threshold
// (8 = top left, 4 = top right, 2 = bottom right, 1 = bottom left); the line crosses each edge
// where linear interpolation meets the threshold. Saddles (5 and 10) are settled by the
// average of the four corners, as the sketch does. Coordinates are in grid units: grid point
// (x, y) is cell (x, y)'s height.
#pragma once

#include <span>
#include <vector>

#include "core/heightfield.h"
#include "core/point.h"

namespace terrain {

struct ContourLevel {
  double value;
  bool index;  // drawn heavier: the coastline, and every INDEX_EVERY-th level
};

// The sketch's levels: sea level first (if > 0, as an index line), then
// sea_level + (1 - sea_level) * k / (count + 1) for k = 1..count, index when
// count >= INDEX_EVERY and k % INDEX_EVERY == 0.
std::vector<ContourLevel> contour_levels(double sea_level, int count);

struct ContourSegment {
  Point a;
  Point b;
  int level;  // index into the levels it was traced for (0 when traced for one threshold)
};

// Appends the segments of one threshold, in the sketch's order (rows, then columns, then the
// segments of the square) and with its endpoints' order. Allocates only if `out` must grow.
void append_contour_segments(const Heightfield& field, double threshold,
                             std::vector<ContourSegment>& out);
// Appends the segments of every level in one sweep of the grid (a square is only examined
// for the levels between its lowest and highest corner), each tagged with its level's
// index. The same segments as calling the single-level form per level, in another order.
void append_contour_segments(const Heightfield& field, std::span<const ContourLevel> levels,
                             std::vector<ContourSegment>& out);

// The segments of one threshold joined into polylines through the cell edges they share.
// A closed loop ends with its first point repeated; an open line runs edge to edge of the grid.
using ContourPolyline = std::vector<Point>;
std::vector<ContourPolyline> contour_polylines(const Heightfield& field, double threshold);

}  // namespace terrain
