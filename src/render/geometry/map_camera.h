// Moving around the map: zoom and pan over the whole map.
//
// Fit (zoom 1) shows the whole grid in the area the map is seen in, centred and as large as
// it fits: each of the cols x rows cells (a square centred on its grid point, as the sketch's
// image draws it) inside the area, and what is left over on the other axis a bar on either
// side, where the map's background (the sketch's deep sea) shows. So a window of any shape
// shows the whole island at fit (a tall or a narrow one too). The camera adds a zoom factor
// (1 .. kMaxZoom) and a centre: the grid point, in cells (fractions allowed), that lands at the
// middle of the area. Every layer is placed with the one Frame the camera gives (relief,
// contours, rivers, lakes, debug routes, the cross-section's row mark), so they stay aligned
// at every zoom; and since the sketch scales its line widths with the frame's scale (rivers by
// max(1, scale / 2.5)), lines keep the widths the sketch gives them at that scale.
//
// The pictures that leave the app (Save PNG, --screenshot, the large renders, time-lapses) are
// the sketch's canvas instead: picture_frame() scales the sketch's viewport, which covers the
// canvas and crops the edges that do not fit, so that a picture has no bars. At zoom 1 with
// the centre in the middle, picture_frame() of an area at (0, 0) equals Frame::viewport() of
// its size exactly (the same operations in the same order), so every comparison of the
// pictures with the sketch holds. (On a canvas of the grid's shape the two fits are nearly the
// same: at 1280 x 720, 4 and 4.022 pixels a cell.)
//
// On each axis, the grid either is smaller than the area and centred in it, or covers it, the
// centre clamped so that no edge of the grid (its first or last grid point) comes inside the
// area. Zooming in about a point never needs the clamp once the grid covers that axis (the
// view shrinks towards the point); zooming out and panning stop at the map's edges.
//
// The transform is a GLM 3x3 affine matrix (canvas = M * (cell, 1)); Frame is its plain form.
#pragma once

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>
#include <optional>

#include "core/frame.h"

namespace terrain::render {

// Where the map is seen on the canvas, in canvas (drawable) pixels, y down.
struct MapArea {
  double left = 0;
  double top = 0;
  double width = 1;
  double height = 1;

  glm::dvec2 middle() const { return {left + width / 2, top + height / 2}; }
  bool contains(glm::dvec2 p) const {
    return p.x >= left && p.y >= top && p.x < left + width && p.y < top + height;
  }
};

class MapCamera {
 public:
  static constexpr double kMinZoom = 1;  // fit: the whole map
  static constexpr double kMaxZoom = 16;

  // A camera for a cols x rows grid, at fit. Precondition: cols, rows >= 2.
  MapCamera(int cols, int rows);

  int cols() const { return cols_; }
  int rows() const { return rows_; }
  double zoom() const { return zoom_; }
  // The centre asked for (the grid's middle at fit); frame() may hold it back from the edges.
  glm::dvec2 center() const;
  // True at zoom 1 with the centre in the grid's middle: the whole map.
  bool at_fit() const { return zoom_ == kMinZoom && !center_; }
  // Counts changes, so a still view is not drawn again.
  unsigned version() const { return version_; }

  // Back to the whole map.
  void fit();
  // Zoom z and centre (x, y) in cells. Throws std::invalid_argument, changing nothing, for a
  // zoom outside kMinZoom..kMaxZoom or a centre outside the grid (0..cols-1, 0..rows-1), or a
  // value that is not finite.
  void set_zoom(double zoom);
  void set_center(glm::dvec2 cell);
  // A new grid size (a map of another size): back to fit if it differs.
  void set_grid(int cols, int rows);

  // The zoom multiplied by `factor` (clamped to kMinZoom..kMaxZoom) about the canvas point
  // `pixel` of `area`: the map point under it stays under it on each axis the grid covers
  // (zooming in from there never meets the edges), and the grid stays centred on an axis it
  // is still narrower than. Zooming back to 1 about any point is fit again.
  void zoom_at(double factor, glm::dvec2 pixel, const MapArea& area);
  // The map moved by `delta` canvas pixels (the drag's motion), stopped at the edges.
  void pan_by(glm::dvec2 delta, const MapArea& area);

  // Where grid point (x, y) lands in the window's `area`: canvas = (left + x * scale, top + y *
  // scale), zoom 1 being the whole map.
  Frame frame(const MapArea& area) const;
  // The same for a picture that leaves the app, `area` its canvas: zoom 1 is the sketch's
  // viewport (Frame::viewport() exactly at fit), which covers it.
  Frame picture_frame(const MapArea& area) const;
  // The same as a GLM affine matrix: canvas = M * (x, y, 1).
  glm::dmat3 to_canvas(const MapArea& area) const;
  // The grid position (in cells, fractional) under a canvas point.
  glm::dvec2 cell_at(glm::dvec2 pixel, const MapArea& area) const;

 private:
  // The centre frame() uses: the one asked for, held back from the edges for this area.
  glm::dvec2 clamped_center(const MapArea& area, double scale) const;
  // Canvas pixels per cell at zoom 1: the whole map (the window) or the sketch's viewport (a
  // picture).
  double fit_scale(const MapArea& area) const;
  double viewport_scale(const MapArea& area) const;
  Frame frame_at(const MapArea& area, double scale) const;
  void store_center(glm::dvec2 cell, const MapArea& area, double scale);

  int cols_;
  int rows_;
  double zoom_ = kMinZoom;
  std::optional<glm::dvec2> center_;  // empty: the grid's middle, exactly
  unsigned version_ = 0;
};

}  // namespace terrain::render
