// The hydrology as pictures (hydrology_layers.h).
#include "render/geometry/hydrology_layers.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "render/geometry/basin_tones.h"
#include "render/geometry/view_cells.h"

namespace terrain::render {

HydrologyLayers hydrology_layers(const Heightfield& ground, double sea_level,
                                 const Hydrology& hydrology, const ColorScheme& scheme) {
  if (hydrology.width() != ground.width() || hydrology.height() != ground.height()) {
    throw std::invalid_argument(
        "hydrology layers: the hydrology is of a " + std::to_string(hydrology.width()) + "x" +
        std::to_string(hydrology.height()) + " ground, the ground " +
        std::to_string(ground.width()) + "x" + std::to_string(ground.height()));
  }
  HydrologyLayers layers;
  layers.width = ground.width();
  layers.height = ground.height();
  const std::size_t cells = ground.size();
  // The views' own cells: the same picture the window shows, one pixel per cell.
  BasinTones tones;
  tones.update(hydrology.drainage(), ground, sea_level);
  ViewCellsInputs in;
  in.terrain = &ground;
  in.sea_level = sea_level;
  in.scheme = &scheme;
  in.hydrology = &hydrology;
  in.tones = &tones;
  layers.flow.resize(cells * 4);
  in.view = MapView::flow;
  view_cells(in, layers.flow);
  layers.basins.resize(cells * 4);
  in.view = MapView::basins;
  view_cells(in, layers.basins);
  // Orders as gray steps that read back exactly.
  layers.strahler.resize(cells * 4);
  const std::span<const uint8_t> orders = hydrology.strahler();
  for (std::size_t i = 0; i < cells; i++) {
    const auto v = static_cast<uint8_t>(std::min(255, orders[i] * kStrahlerStep));
    layers.strahler[4 * i] = layers.strahler[4 * i + 1] = layers.strahler[4 * i + 2] = v;
    layers.strahler[4 * i + 3] = 255;
  }
  const std::span<const float> depth = hydrology.lake_depth();
  layers.lake_depth =
      Heightfield(ground.width(), ground.height(), std::vector<float>(depth.begin(), depth.end()));
  return layers;
}

}  // namespace terrain::render
