// Filling hollows by priority-flood (Barnes, Lehman & Mulla 2014, "Priority-Flood: An Optimal
// Depression-Filling and Watershed-Labeling Algorithm for Digital Elevation Models").
//
// Water that runs into a hollow fills it until it spills over the lowest point of its rim,
// then carries on. Priority-flood does that to the whole map at once: working inwards from
// the map's edges and from every cell below sea level, lowest first, each cell reached is
// raised to just above (by `epsilon`) the cell it was reached from if it is lower. Every cell
// then has a way down to the sea or the edge, so no river stops dead in a hollow.
//
// This is the sketch's fillHollows(): a cell is queued at max(its height, popped + epsilon),
// stored as float32, and the lowest queued cell leaves first. Equal values give their
// neighbours equal values whichever leaves first, so any correct min-queue gives the same
// surface (tests/data/README.md). The order and the links do depend on which of equal cells
// leaves first, and the flood routing drains filled hollows by the links, so the order below
// is kept exactly as it is (tests/core/drainage_golden_test.cpp holds it). The queue is split
// in two:
//   - a cell that is not raised is queued at its own height, which is known before the flood
//     starts: all cells are sorted by (height, cell) once (a radix sort, shared between the
//     cores on big maps), and those waiting in the queue are found by walking that order;
//     equal values leave the walk in cell order, and before any equal value in the heap;
//   - a raised cell (in a hollow) goes into a monotone radix heap (core/monotone_queue.h):
//     no push is ever below the last pop, because every push is raised above the cell that
//     reached it.
// Each step takes the lower of the two fronts. A cell the walk passes before it is reached
// can only ever be reached from higher ground, so it goes into the heap then; most of a map
// drains and never touches the heap, which makes the flood close to one sort and one sweep.
//
// The walk is in height order, so each step lands anywhere on the map; it reads ahead in the
// sorted cells and fetches their neighbourhoods before it gets there (how far ahead was not
// tuned: the machine was too loaded to time it).
//
// Memory: every cell the walk has passed has left the queue or is in the heap, so at any
// time fewer cells have left than the walk has passed, and the order is written over the
// sorted cells behind the walk, in the same array. The flood needs, per cell, the filled
// value (4 bytes), the state (1) and two arrays of 8 bytes that the sort uses whole and that
// come back holding the order in one's first half (so Drainage lends the memory of its own
// outputs, drainage.h), and the heap's chunks for the raised cells queued at once. The links
// stay in the state bytes (flood_link below).
//
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/cell_allocator.h"
#include "core/heightfield.h"
#include "core/monotone_queue.h"
#include "core/sketch.h"

namespace terrain {

struct FloodResult {
  Heightfield filled;
  std::vector<int32_t> order;   // cells in the order they left the queue (lowest first)
  std::vector<int32_t> parent;  // the cell each was flooded from, -1 for the seeds
};

// Per-thread counts of the radix sort's digits.
using RadixCounts = std::array<uint32_t, 2048>;

// Workspace for repeated floods (the live app floods every few frames): reusing it, and the
// result, allocates nothing once the sizes have been seen.
struct FloodWorkspace {
  MonotoneQueue queue;              // raised cells waiting to leave
  std::vector<RadixCounts> counts;  // the sort's digit counts, one a slice of the map
  // The arrays of the FloodResult form (FloodArrays below); Drainage lends its own.
  CellVector<uint8_t> state;
  CellVector<uint32_t> links;
  CellVector<uint32_t> lowest;
};

// The arrays one flood of an n-cell field works in (the caller's memory, any contents).
struct FloodArrays {
  std::span<float> filled;     // n: the filled surface, on return
  std::span<uint8_t> state;    // n: on return each cell's link in its top four bits (flood_link)
  std::span<uint32_t> links;   // 2n: scratch
  std::span<uint32_t> lowest;  // 2n: scratch; on return the first n hold the order (cells
                               // lowest first, as int32_t)
};

// A cell's link (the cell it was flooded from) as the flood leaves it in the cell's state
// byte: bit 7 set if it has one (every cell but the seeds), bits 4..6 which of its eight
// neighbours (rows top to bottom, each left to right) it is; the low four bits are the flood's
// own (any, on return). Kept in the state byte the flood writes anyway, the links cost the
// flood no writes of their own across the map; a sweep turns them into cell numbers.
namespace flood_link {
inline constexpr uint8_t kLinked = 0x80;
inline constexpr uint8_t kBits = 0xF0;
// The cell `state` links `cell` to on a map `cols` wide, or -1 for a seed.
inline int32_t cell(uint8_t state, int32_t cell, int cols) {
  if (!(state & kLinked)) return -1;
  constexpr int kDx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
  constexpr int kDy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
  const int k = (state >> 4) & 7;
  return cell + kDy[k] * cols + kDx[k];
}
}  // namespace flood_link

// Fills `field` into `arrays`, seeding from the map's edges and every cell below `sea_level`.
void priority_flood(const Heightfield& field, double sea_level, double epsilon,
                    const FloodArrays& arrays, FloodWorkspace& work);

// Sorts the cells of `heights` by (height, cell), as the flood does: on return lowest[0, n)
// holds the cells (as int32_t) and lowest[n, 2n) their keys (MonotoneQueue::key_of). Both spans
// hold 2n; `scratch` is any.
void sort_cells_by_height(std::span<const float> heights, std::span<uint32_t> lowest,
                          std::span<uint32_t> scratch, FloodWorkspace& work);

// The same into a FloodResult (working in the workspace's own arrays).
void priority_flood(const Heightfield& field, double sea_level, double epsilon, FloodResult& out,
                    FloodWorkspace& work);

// The pure form: the filled surface only.
Heightfield filled(const Heightfield& field, double sea_level = sketch::sea_level.initial,
                   double epsilon = sketch::FILL_EPSILON);

}  // namespace terrain
