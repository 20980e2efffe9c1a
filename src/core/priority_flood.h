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
// surface (tests/data/README.md). This one splits the queue in two:
//   - a cell that is not raised is queued at its own height, which is known before the flood
//     starts: all cells are sorted by height once (a radix sort), and those waiting in the
//     queue are found by walking that order;
//   - a raised cell (in a hollow) goes into a monotone radix heap (core/monotone_queue.h):
//     no push is ever below the last pop, because every push is raised above the cell that
//     reached it.
// Each step takes the lower of the two fronts. A cell the walk passes before it is reached
// can only ever be reached from higher ground, so it goes into the heap then; most of a map
// drains and never touches the heap, which makes the flood close to one sort and one sweep.
//
// Postconditions: filled >= input everywhere; the seeds (edge and sea cells) are unchanged;
// `order` lists every cell once, in non-decreasing filled value (so reversed it is highest
// first, which replaces the sketch's sort); `parent[c]` is the cell that reached c (-1 for
// seeds), always earlier in `order`. Complexity: O(n) for the sort and the sweep, plus at most
// 4 moves per raised cell in the heap.
#pragma once

#include <cstdint>
#include <vector>

#include "core/heightfield.h"
#include "core/monotone_queue.h"
#include "core/sketch.h"

namespace terrain {

struct FloodResult {
  Heightfield filled;
  std::vector<int32_t> order;   // cells in the order they left the queue (lowest first)
  std::vector<int32_t> parent;  // the cell each was flooded from, -1 for the seeds
};

// Workspace for repeated floods (the live app floods every few frames): reusing it, and the
// result, allocates nothing once the sizes have been seen.
struct FloodWorkspace {
  MonotoneQueue queue;              // raised cells waiting to leave
  std::vector<uint8_t> state;       // per cell: not reached, waiting in the walk, in the heap, gone
  std::vector<uint64_t> by_height;  // (height key << 32 | cell), sorted; scratch for the sort
  std::vector<uint64_t> sort_scratch;
};

// Fills `field` into `out`, seeding from the map's edges and every cell below `sea_level`.
void priority_flood(const Heightfield& field, double sea_level, double epsilon, FloodResult& out,
                    FloodWorkspace& work);

// The pure form: the filled surface only.
Heightfield filled(const Heightfield& field, double sea_level = sketch::sea_level.initial,
                   double epsilon = sketch::FILL_EPSILON);

}  // namespace terrain
