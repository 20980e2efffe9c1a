// Reading one cell (see cell_readout.h).
#include "session/cell_readout.h"

#include <charconv>
#include <stdexcept>

namespace terrain::session {

CellReadout read_cell(const Heightfield& ground, const Heightfield& original,
                      const Hydrology& hydrology, int x, int y) {
  const std::size_t i = ground.index(x, y);
  CellReadout r;
  r.x = x;
  r.y = y;
  r.height = ground[i];
  r.original = original[i];
  r.flow = hydrology.drainage().flow()[i];
  r.strahler = hydrology.strahler()[i];
  r.basin = hydrology.drainage().basins()[i];
  r.lake_depth = hydrology.lake_depth()[i];
  return r;
}

CellReadout read_cell(const LiveModel& model, int x, int y) {
  return read_cell(model.heights(), model.original(), model.hydrology(), x, y);
}

std::vector<CellReadout> probe_cells(const LiveModel& model, std::span<const CellPosition> cells) {
  const Heightfield& ground = model.heights();
  for (const CellPosition& c : cells) {
    if (!ground.contains(c.x, c.y)) {
      throw std::invalid_argument("probe " + std::to_string(c.x) + "," + std::to_string(c.y) +
                                  " is not a cell: x must be 0.." +
                                  std::to_string(ground.width() - 1) + " and y 0.." +
                                  std::to_string(ground.height() - 1));
    }
  }
  // As terrain-cli works it out.
  const Settings& s = model.settings();
  HydrologyParams params;
  params.sea_level = s.sea_level;
  params.routing = s.routing;
  params.min_flow = static_cast<uint32_t>(s.min_flow);
  Hydrology hydrology;
  hydrology.compute(ground, params, model.seed());
  std::vector<CellReadout> out;
  out.reserve(cells.size());
  for (const CellPosition& c : cells) {
    out.push_back(read_cell(ground, model.original(), hydrology, c.x, c.y));
  }
  return out;
}

namespace {

std::string float_text(float value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

}  // namespace

std::string readout_json(const CellReadout& c) {
  return "{\"x\": " + std::to_string(c.x) + ", \"y\": " + std::to_string(c.y) +
         ", \"height\": " + float_text(c.height) + ", \"original\": " + float_text(c.original) +
         ", \"flow\": " + std::to_string(c.flow) + ", \"strahler\": " + std::to_string(c.strahler) +
         ", \"basin\": " + std::to_string(c.basin) +
         ", \"lake_depth\": " + float_text(c.lake_depth) + "}";
}

}  // namespace terrain::session
