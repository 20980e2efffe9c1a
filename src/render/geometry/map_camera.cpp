// Zoom and pan over the whole map (see map_camera.h).
#include "render/geometry/map_camera.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/number_text.h"

namespace terrain::render {

MapCamera::MapCamera(int cols, int rows) : cols_(cols), rows_(rows) {
  if (cols < 2 || rows < 2) {
    throw std::invalid_argument("map camera: a grid of " + std::to_string(cols) + " x " +
                                std::to_string(rows) + "; allowed: at least 2 x 2");
  }
}

glm::dvec2 MapCamera::center() const {
  // Halving (cols - 1) is exact, so twice the middle is cols - 1 again in frame().
  return center_.value_or(glm::dvec2((cols_ - 1) / 2.0, (rows_ - 1) / 2.0));
}

void MapCamera::fit() {
  zoom_ = kMinZoom;
  center_.reset();
  version_++;
}

void MapCamera::set_zoom(double zoom) {
  if (!std::isfinite(zoom) || zoom < kMinZoom || zoom > kMaxZoom) {
    throw std::invalid_argument("zoom " + number_text(zoom) + " is not allowed (1 = fit, up to " +
                                number_text(kMaxZoom) + ")");
  }
  zoom_ = zoom;
  version_++;
}

void MapCamera::set_center(glm::dvec2 cell) {
  if (!std::isfinite(cell.x) || !std::isfinite(cell.y) || cell.x < 0 || cell.y < 0 ||
      cell.x > cols_ - 1 || cell.y > rows_ - 1) {
    throw std::invalid_argument("centre " + number_text(cell.x) + "," + number_text(cell.y) +
                                " is not on the map (x 0.." + std::to_string(cols_ - 1) +
                                ", y 0.." + std::to_string(rows_ - 1) + ", in cells)");
  }
  center_ = cell;
  version_++;
}

void MapCamera::set_grid(int cols, int rows) {
  if (cols == cols_ && rows == rows_) return;
  *this = MapCamera(cols, rows);
  version_++;
}

// The whole map: each cell (a square centred on its grid point) inside the area on both axes.
double MapCamera::fit_scale(const MapArea& area) const {
  return std::min(area.width / cols_, area.height / rows_);
}

// viewport()'s scale: max(width / (COLS - 1), height / (ROWS - 1)), as Frame::viewport has it.
double MapCamera::viewport_scale(const MapArea& area) const {
  return std::max(area.width / (cols_ - 1), area.height / (rows_ - 1));
}

// On each axis the area shows `half` cells either side of the centre; the centre may go no
// nearer the grid's first or last point than that. Where the area is as large as the grid on
// that axis or larger (lo and hi meet, up to rounding, or cross) the centre is the middle,
// exactly, as viewport() centres it: the whole map at fit, with bars either side.
glm::dvec2 MapCamera::clamped_center(const MapArea& area, double scale) const {
  const glm::dvec2 wanted = center();
  const glm::dvec2 last(cols_ - 1, rows_ - 1);
  const glm::dvec2 half(area.width / 2 / scale, area.height / 2 / scale);
  glm::dvec2 c;
  for (int k = 0; k < 2; k++) {
    const double lo = half[k];
    const double hi = last[k] - half[k];
    c[k] = lo < hi ? std::clamp(wanted[k], lo, hi) : last[k] / 2;
  }
  return c;
}

void MapCamera::store_center(glm::dvec2 cell, const MapArea& area, double scale) {
  center_ = cell;
  center_ = clamped_center(area, scale);
  version_++;
}

Frame MapCamera::frame(const MapArea& area) const {
  return frame_at(area, fit_scale(area) * zoom_);
}

Frame MapCamera::picture_frame(const MapArea& area) const {
  return frame_at(area, viewport_scale(area) * zoom_);
}

Frame MapCamera::frame_at(const MapArea& area, double scale) const {
  const glm::dvec2 c = clamped_center(area, scale);
  // viewport(): left = (width - (COLS - 1) * scale) / 2, with 2 * centre for COLS - 1.
  return {area.left + (area.width - (2 * c.x) * scale) / 2,
          area.top + (area.height - (2 * c.y) * scale) / 2, scale, scale};
}

glm::dmat3 MapCamera::to_canvas(const MapArea& area) const {
  const Frame f = frame(area);
  // Column-major: the columns are x's axis, y's axis and the translation.
  return glm::dmat3(glm::dvec3(f.scale_x, 0, 0), glm::dvec3(0, f.scale_y, 0),
                    glm::dvec3(f.left, f.top, 1));
}

glm::dvec2 MapCamera::cell_at(glm::dvec2 pixel, const MapArea& area) const {
  const Frame f = frame(area);
  return {(pixel.x - f.left) / f.scale_x, (pixel.y - f.top) / f.scale_y};
}

void MapCamera::zoom_at(double factor, glm::dvec2 pixel, const MapArea& area) {
  if (!std::isfinite(factor) || factor <= 0) return;
  const double zoom = std::clamp(zoom_ * factor, kMinZoom, kMaxZoom);
  if (zoom == kMinZoom) {
    fit();
    return;
  }
  // The cell under the pointer before, and where the grid's origin must go for it to stay.
  const glm::dvec2 cell = cell_at(pixel, area);
  zoom_ = zoom;
  const double scale = fit_scale(area) * zoom_;
  const glm::dvec2 origin = pixel - cell * scale;
  // frame() puts the centre at the area's middle: centre = (middle - origin) / scale.
  store_center((area.middle() - origin) / scale, area, scale);
}

void MapCamera::pan_by(glm::dvec2 delta, const MapArea& area) {
  const double scale = fit_scale(area) * zoom_;
  store_center(clamped_center(area, scale) - delta / scale, area, scale);
}

}  // namespace terrain::render
