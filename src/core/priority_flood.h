// Filling hollows by priority-flood (Barnes, Lehman & Mulla 2014, "Priority-Flood: An Optimal
// Depression-Filling and Watershed-Labeling Algorithm for Digital Elevation Models").
//
// Water that runs into a hollow fills it until it spills over the lowest point of its rim,
// then carries on. Priority-flood does that to the whole map at once: working inwards from
// the map's edges and from every cell below sea level, lowest first, each cell reached is
// raised to just above (by `epsilon`) the cell it was reached from if it is lower. Every cell
// then has a way down to the sea or the edge, so no river stops dead in a hollow.
//
// This is the sketch's fillHollows(): a cell is pushed at max(its height, popped + epsilon),
// stored as float32. Because no push is ever below the last pop, the queue is monotone, so a
// radix heap replaces the sketch's binary heap; equal values give their neighbours equal
// values whichever leaves first, so any correct min-queue gives the same surface.
//
// Postconditions: filled >= input everywhere; the seeds (edge and sea cells) are unchanged;
// `order` lists every cell once, in non-decreasing filled value (so reversed it is highest
// first, which replaces the sketch's sort); `parent[c]` is the cell that reached c (-1 for
// seeds), always earlier in `order`. Complexity: O(n) pushes and pops on the radix heap.
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
  MonotoneQueue queue;
  std::vector<uint8_t> reached;
};

// Fills `field` into `out`, seeding from the map's edges and every cell below `sea_level`.
void priority_flood(const Heightfield& field, double sea_level, double epsilon, FloodResult& out,
                    FloodWorkspace& work);

// The pure form: the filled surface only.
Heightfield filled(const Heightfield& field, double sea_level = sketch::sea_level.initial,
                   double epsilon = sketch::FILL_EPSILON);

}  // namespace terrain
