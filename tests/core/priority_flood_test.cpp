// Filling hollows: the properties priority-flood promises, on hand-made and real fields.
#include "core/priority_flood.h"

#include <gtest/gtest.h>

#include <functional>
#include <queue>
#include <vector>

#include "core/island.h"
#include "core/monotone_queue.h"
#include "core/p5_random.h"

namespace terrain {
namespace {

// A 5x5 bowl: a rim at 5 with one notch at 3 on the left edge, a pit of 1 inside.
Heightfield bowl() {
  Heightfield f(5, 5, 5.0f);
  for (int y = 1; y <= 3; y++)
    for (int x = 1; x <= 3; x++) f.at(x, y) = 2.0f;
  f.at(2, 2) = 1.0f;
  f.at(0, 2) = 3.0f;  // the notch the hollow brims over
  return f;
}

TEST(PriorityFlood, RaisesAHollowToItsBrimPlusEpsilonSteps) {
  const Heightfield out = filled(bowl(), /*sea_level=*/0, /*epsilon=*/0);
  // With epsilon 0 the whole hollow fills to the notch, the lowest point of its rim.
  for (int y = 1; y <= 3; y++)
    for (int x = 1; x <= 3; x++) EXPECT_EQ(out.at(x, y), 3.0f) << x << "," << y;
  EXPECT_EQ(out.at(0, 2), 3.0f);  // seeds are never raised
  EXPECT_EQ(out.at(4, 4), 5.0f);
}

TEST(PriorityFlood, EpsilonMakesTheFilledSurfaceSlopeToTheWayOut) {
  const Heightfield out = filled(bowl(), 0, 0.25);
  // (1,2) is reached from the notch: 3 + 0.25; the centre one step further in.
  EXPECT_FLOAT_EQ(out.at(1, 2), 3.25f);
  EXPECT_FLOAT_EQ(out.at(2, 2), 3.5f);
}

TEST(PriorityFlood, FilledIsNeverBelowTheInput) {
  const Heightfield field = island_terrain(7);
  const Heightfield out = filled(field);
  for (std::size_t i = 0; i < field.size(); i++) ASSERT_GE(out[i], field[i]) << i;
}

TEST(PriorityFlood, AFieldThatAlreadyDrainsComesBackUnchanged) {
  // A ramp falling towards the left edge everywhere: nothing to fill.
  Heightfield ramp(40, 30);
  for (int y = 0; y < 30; y++)
    for (int x = 0; x < 40; x++) ramp.at(x, y) = static_cast<float>(x + 0.01 * y);
  EXPECT_EQ(filled(ramp, 0, 0), ramp);
}

TEST(PriorityFlood, FillingTwiceChangesNothing) {
  const Heightfield once = filled(island_terrain(3), 0.25, 0);
  EXPECT_EQ(filled(once, 0.25, 0), once);
}

TEST(PriorityFlood, OrderIsNonDecreasingAndParentsComeFirst) {
  const Heightfield field = island_terrain(11);
  FloodResult r;
  FloodWorkspace work;
  priority_flood(field, 0.25, 1e-6, r, work);
  ASSERT_EQ(r.order.size(), field.size());
  std::vector<int> position(field.size(), -1);
  for (std::size_t k = 0; k < r.order.size(); k++) {
    const auto c = static_cast<std::size_t>(r.order[k]);
    ASSERT_EQ(position[c], -1) << "cell popped twice";
    position[c] = static_cast<int>(k);
    if (k > 0) {
      ASSERT_LE(r.filled[static_cast<std::size_t>(r.order[k - 1])], r.filled[c]);
    }
  }
  for (std::size_t c = 0; c < field.size(); c++) {
    if (r.parent[c] >= 0) {
      ASSERT_LT(position[static_cast<std::size_t>(r.parent[c])], position[c]);
    }
  }
}

// The radix heap pops in the same value order as a binary heap, on random monotone input.
TEST(MonotoneQueue, PopsValuesInTheOrderOfABinaryHeap) {
  P5Random random(5);
  MonotoneQueue q;
  std::priority_queue<float, std::vector<float>, std::greater<>> reference;
  std::vector<float> value_of;
  float last = -2.0f;
  for (int round = 0; round < 2000; round++) {
    const int pushes = static_cast<int>(random.next() * 4);
    for (int k = 0; k < pushes; k++) {
      const float v = last + static_cast<float>(random.next());  // never below the last pop
      q.push(static_cast<int32_t>(value_of.size()), v);
      value_of.push_back(v);
      reference.push(v);
    }
    if (!q.empty()) {
      const float got = value_of[static_cast<std::size_t>(q.pop())];
      ASSERT_EQ(got, reference.top());
      reference.pop();
      last = got;
    }
  }
  EXPECT_EQ(q.size(), reference.size());
}

TEST(MonotoneQueue, OrdersNegativeAndPositiveValues) {
  MonotoneQueue q;
  const float values[] = {0.5f, -0.25f, 0.0f, -3.0f, 2.0f, -0.0f};
  for (int i = 0; i < 6; i++) q.push(i, values[i]);
  float previous = -1e9f;
  while (!q.empty()) {
    const float v = values[q.pop()];
    EXPECT_LE(previous, v);
    previous = v;
  }
}

}  // namespace
}  // namespace terrain
