// Checking what the renderer is asked to draw, before it draws anything (see map_inputs.h).
#include "render/geometry/map_inputs.h"

#include <cmath>
#include <vector>

#include "render/geometry/surface_raster.h"

namespace terrain::render {

namespace {

template <typename T>
std::string size_problem(const char* name, const std::vector<T>& values, std::size_t cells) {
  if (values.size() == cells) return {};
  return std::string("rivers.") + name + " has " + std::to_string(values.size()) +
         " entries; the grid has " + std::to_string(cells) + " cells and needs one each";
}

std::string index_problem(const char* name, std::size_t cell, int32_t value, std::size_t cells,
                          bool allow_none) {
  return std::string("rivers.") + name + "[" + std::to_string(cell) + "] is " +
         std::to_string(value) + "; allowed: " + (allow_none ? "-1 (none) or " : "") +
         "a cell index 0.." + std::to_string(cells - 1);
}

}  // namespace

std::string check_river_picture(const RiverPicture& view, std::size_t cells) {
  for (const std::string& problem :
       {size_problem("downstream", view.downstream, cells),
        size_problem("shown", view.shown, cells), size_problem("fade_in", view.fade_in, cells),
        size_problem("ghost_to", view.ghost_to, cells),
        size_problem("ghost_after", view.ghost_after, cells),
        size_problem("ghost_water", view.ghost_water, cells),
        size_problem("ghost_fade", view.ghost_fade, cells)}) {
    if (!problem.empty()) return problem;
  }
  const auto n = static_cast<int64_t>(cells);
  for (std::size_t i = 0; i < cells; i++) {
    const int32_t down = view.downstream[i];
    if (down < -1 || down >= n) return index_problem("downstream", i, down, cells, true);
    if (view.ghost_fade[i] > RiverPicture::kGhostVisible) {
      const int32_t to = view.ghost_to[i];
      const int32_t after = view.ghost_after[i];
      if (to < 0 || to >= n) return index_problem("ghost_to", i, to, cells, false);
      if (after < -1 || after >= n) return index_problem("ghost_after", i, after, cells, true);
    }
  }
  return {};
}

std::string check_map_inputs(const MapInputs& inputs) {
  if (inputs.terrain == nullptr) return "map inputs: no terrain given";
  if (inputs.terrain->width() < 2 || inputs.terrain->height() < 2) {
    return "map inputs: the terrain is " + std::to_string(inputs.terrain->width()) + "x" +
           std::to_string(inputs.terrain->height()) + "; at least 2x2 is needed";
  }
  if (inputs.scheme == nullptr) return "map inputs: no colour scheme given";
  if (!(inputs.sea_level >= 0 && inputs.sea_level < 1)) {
    return "map inputs: sea_level is " + std::to_string(inputs.sea_level) +
           "; allowed: 0 up to (not including) 1";
  }
  if (inputs.contour_levels < 0 || inputs.contour_levels > kMaxContourLevels) {
    return "map inputs: contour_levels is " + std::to_string(inputs.contour_levels) +
           "; allowed: 0.." + std::to_string(kMaxContourLevels);
  }
  if (!(inputs.min_flow >= 1)) {
    return "map inputs: min_flow is " + std::to_string(inputs.min_flow) + "; allowed: 1 or more";
  }
  if (inputs.frame) {
    const Frame& f = *inputs.frame;
    const bool finite = std::isfinite(f.left) && std::isfinite(f.top);
    // Beyond the camera's 16 times the sketch's scale of the largest canvas there is nothing
    // to see: a cell is already larger than any canvas.
    const bool scaled = f.scale_x > 0 && f.scale_y > 0 && f.scale_x < 1e6 && f.scale_y < 1e6;
    if (!finite || !scaled) {
      return "map inputs: the frame (left " + std::to_string(f.left) + ", top " +
             std::to_string(f.top) + ", scale " + std::to_string(f.scale_x) + " x " +
             std::to_string(f.scale_y) + ") is not allowed: finite, scales above 0 and below 1e6";
    }
  }
  if (inputs.area && !(inputs.area->width > 0 && inputs.area->height > 0 &&
                       std::isfinite(inputs.area->left) && std::isfinite(inputs.area->top))) {
    return "map inputs: the map area is not allowed: finite, width and height above 0";
  }
  if (inputs.view == MapView::three_d && !inputs.camera) {
    return "map inputs: the 3D view needs a camera, and none is given";
  }
  if (!(inputs.exaggeration >= kMinExaggeration && inputs.exaggeration <= kMaxExaggeration)) {
    return "map inputs: the vertical exaggeration is " + std::to_string(inputs.exaggeration) +
           "; allowed: " + std::to_string(kMinExaggeration) + ".." +
           std::to_string(kMaxExaggeration);
  }
  if (inputs.picture &&
      !(inputs.picture->width > 0 && inputs.picture->height > 0 &&
        std::isfinite(inputs.picture->left) && std::isfinite(inputs.picture->top))) {
    return "map inputs: the 3D picture's place is not allowed: finite, width and height above 0";
  }
  const bool by_order = inputs.show_rivers && inputs.rivers_by == RiversBy::order;
  if (drainage_view(inputs.view) || inputs.show_lakes || by_order) {
    const char* why = drainage_view(inputs.view) ? "the view"
                      : inputs.show_lakes        ? "lakes"
                                                 : "rivers by order";
    if (inputs.hydrology == nullptr) {
      return std::string("map inputs: ") + why + " needs the hydrology, and none is given";
    }
    const Hydrology& h = *inputs.hydrology;
    if (h.width() != inputs.terrain->width() || h.height() != inputs.terrain->height() ||
        h.strahler().size() != h.size() || h.lake_depth().size() != h.size()) {
      return "map inputs: the hydrology is of a " + std::to_string(h.width()) + "x" +
             std::to_string(h.height()) + " ground; the terrain is " +
             std::to_string(inputs.terrain->width()) + "x" +
             std::to_string(inputs.terrain->height());
    }
  }
  if (inputs.show_rivers) {
    // No picture given is a picture of empty arrays.
    static const RiverPicture kNone;
    return check_river_picture(inputs.rivers ? *inputs.rivers : kNone, inputs.terrain->size());
  }
  return {};
}

}  // namespace terrain::render
