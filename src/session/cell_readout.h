// Reading one cell: what the app's readout shows under the mouse and what --probe prints,
// the same values terrain-cli writes in its files for that cell.
//
//   x, y         the cell's column and row, from 0, row 0 at the top (as in the .npy files)
//   height       the ground now (eroded.npy); original: before any rain (original.npy)
//   flow         cells draining through it, itself counted (flow.npy)
//   strahler     Strahler's order at the minimum flow, 0 off the network (strahler.npy)
//   basin        which outlet its water leaves by, numbered as basins.npy numbers them
//   lake_depth   standing water over it where the hollows fill (lakes.npy)
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/heightfield.h"
#include "core/hydrology.h"
#include "session/live_model.h"

namespace terrain::session {

struct CellReadout {
  int x = 0;
  int y = 0;
  float height = 0;
  float original = 0;
  uint32_t flow = 0;
  int strahler = 0;
  int32_t basin = 0;
  float lake_depth = 0;
};

struct CellPosition {
  int x = 0;
  int y = 0;
};

// The cell's readout from the model's hydrology as last worked out (that of the terrain drawn,
// which lags the rain by up to RIVER_EVERY frames while it rains): for the readout under the
// mouse, which costs nothing. The cell must be on the grid.
CellReadout read_cell(const LiveModel& model, int x, int y);

// Each cell's readout as terrain-cli would write it for the model's seed, generator, settings
// and drops: the hydrology of the ground now (after the rain, whatever is drawn), worked out
// afresh with the model's sea level, routing and minimum flow. Throws std::invalid_argument
// naming a cell that is not on the grid.
std::vector<CellReadout> probe_cells(const LiveModel& model, std::span<const CellPosition> cells);

// The readout of `hydrology` (of `ground`, before the rain `original`) at (x, y).
CellReadout read_cell(const Heightfield& ground, const Heightfield& original,
                      const Hydrology& hydrology, int x, int y);

// One line of JSON, keys in the order above; heights in the shortest text that reads back to
// the same float32.
std::string readout_json(const CellReadout& cell);

}  // namespace terrain::session
