// River reaches and Strahler order: the diagram of the "Drainage" API documentation, meetings
// of three, and the reach rules on a real eroded island.
#include "core/river_network.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/drainage.h"
#include "core/island.h"
#include "core/rain.h"

namespace terrain {
namespace {

// A hand-made drainage graph: cells named by strings, each draining to another or to nothing.
struct Network {
  std::vector<std::string> names;
  std::vector<int32_t> downstream;
  std::vector<uint32_t> flow;
  std::vector<int32_t> order;

  explicit Network(const std::vector<std::pair<std::string, std::string>>& links) {
    std::map<std::string, int32_t> id;
    for (const auto& [from, to] : links) {
      for (const std::string& n : {from, to}) {
        if (!n.empty() && !id.count(n)) {
          id[n] = static_cast<int32_t>(names.size());
          names.push_back(n);
        }
      }
    }
    downstream.assign(names.size(), -1);
    for (const auto& [from, to] : links) {
      if (!to.empty()) downstream[static_cast<std::size_t>(id[from])] = id[to];
    }
    // Kahn's algorithm: cells with nothing above them first.
    std::vector<int> above(names.size(), 0);
    for (int32_t d : downstream)
      if (d >= 0) above[static_cast<std::size_t>(d)]++;
    for (std::size_t i = 0; i < names.size(); i++)
      if (above[i] == 0) order.push_back(static_cast<int32_t>(i));
    for (std::size_t k = 0; k < order.size(); k++) {
      const int32_t d = downstream[static_cast<std::size_t>(order[k])];
      if (d >= 0 && --above[static_cast<std::size_t>(d)] == 0) order.push_back(d);
    }
    flow.assign(names.size(), 1);
    for (int32_t c : order) {
      const int32_t d = downstream[static_cast<std::size_t>(c)];
      if (d >= 0) flow[static_cast<std::size_t>(d)] += flow[static_cast<std::size_t>(c)];
    }
  }
  DrainageGraph graph() const { return {1000, downstream, flow}; }
  std::string path(const Reach& r) const {
    std::string s;
    for (int32_t c : r.cells) s += (s.empty() ? "" : " ") + names[static_cast<std::size_t>(c)];
    return s;
  }
  std::map<std::string, int> orders(uint32_t min_flow) const {
    std::map<std::string, int> out;
    for (const Reach& r : river_reaches(graph(), min_flow)) out[path(r)] = r.order;
    return out;
  }
};

// The diagram in the "Drainage" API documentation's "Ordering" section:
//      1 ──┐            a headwater is 1
//      1 ──┴── 2 ──┐    two of the same order make the next one up
//      1 ──┐       │
//      2 ──┴── 2 ──┴── 3
// (the lower-left 2 is itself two headwaters meeting).
TEST(Strahler, FollowsTheDiagramOfTheDrainageApi) {
  const Network n({{"a0", "a1"},
                   {"a1", "m1"},
                   {"b0", "b1"},
                   {"b1", "m1"},
                   {"m1", "r1"},
                   {"r1", "m3"},
                   {"e0", "m0"},
                   {"f0", "m0"},
                   {"m0", "r0"},
                   {"r0", "m2"},
                   {"c0", "c1"},
                   {"c1", "m2"},
                   {"m2", "r2"},
                   {"r2", "m3"},
                   {"m3", "r3"},
                   {"r3", "mouth"},
                   {"mouth", ""}});
  const std::map<std::string, int> expected = {
      {"a0 a1 m1", 1}, {"b0 b1 m1", 1}, {"e0 m0", 1},    {"f0 m0", 1},       {"c0 c1 m2", 1},
      {"m0 r0 m2", 2}, {"m1 r1 m3", 2}, {"m2 r2 m3", 2}, {"m3 r3 mouth", 3},
  };
  EXPECT_EQ(n.orders(1), expected);

  const CellVector<uint8_t> per_cell = strahler_orders(n.graph(), 1);
  auto at = [&](const std::string& name) {
    for (std::size_t i = 0; i < n.names.size(); i++)
      if (n.names[i] == name) return static_cast<int>(per_cell[i]);
    return -1;
  };
  EXPECT_EQ(at("a0"), 1);
  EXPECT_EQ(at("m1"), 2);  // a meeting takes the order of the reach leaving it
  EXPECT_EQ(at("m2"), 2);
  EXPECT_EQ(at("m3"), 3);
  EXPECT_EQ(at("mouth"), 3);
}

TEST(Strahler, ThreeHeadwatersMeetingMakeTheNextOrderUp) {
  const Network n({{"a", "m"}, {"b", "m"}, {"c", "m"}, {"m", "out"}, {"out", ""}});
  EXPECT_EQ(n.orders(1).at("m out"), 2);
}

TEST(Strahler, AnUnequalThreeWayMeetingKeepsTheLargestUnlessShared) {
  // (1 + 1 -> 2) meets two headwaters: orders 2, 1, 1 in; only one 2, so 2 out.
  const Network n({{"a", "x"}, {"b", "x"}, {"x", "m"}, {"c", "m"}, {"d", "m"}, {"m", ""}});
  EXPECT_EQ(n.orders(1).at("m"), 2);
  // Two 2s and a 1 meeting: 3.
  const Network n2({{"a", "x"},
                    {"b", "x"},
                    {"x", "m"},
                    {"c", "y"},
                    {"d", "y"},
                    {"y", "m"},
                    {"e", "m"},
                    {"m", ""}});
  EXPECT_EQ(n2.orders(1).at("m"), 3);
}

TEST(Reaches, StreamsBelowMinFlowDoNotMakeAMeeting) {
  // A long river gets a one-cell side stream: with min_flow 2 the side stream is not a river,
  // so the river is one reach of order 1.
  const Network n({{"s0", "s1"}, {"s1", "s2"}, {"s2", "s3"}, {"side", "s2"}, {"s3", ""}});
  const std::map<std::string, int> expected = {{"s1 s2 s3", 1}};
  EXPECT_EQ(n.orders(2), expected);
}

TEST(Reaches, ASingleCellReachIsKept) {
  // "out" carries 3 cells but its inflows carry 1 each: over min_flow 3 only "out" is river,
  // and it leaves the field at once.
  const Network n({{"a", "out"}, {"b", "out"}, {"out", ""}});
  const std::map<std::string, int> expected = {{"out", 1}};
  EXPECT_EQ(n.orders(3), expected);
}

TEST(Reaches, PointsLandInTheRequestedFrame) {
  Heightfield f(6, 1);
  for (int x = 0; x < 6; x++) f.at(x, 0) = static_cast<float>(x) + 1.0f;
  DrainageParams p;
  p.sea_level = 0;
  const Drainage d = drainage(f, p);
  const std::vector<Reach> reaches = river_reaches(d, 3, Frame{10, 20, 2, 3});
  ASSERT_EQ(reaches.size(), 1u);
  // Cells 3 (flow 3), 2, 1, 0 (the outlet, flow 6).
  ASSERT_EQ(reaches[0].points.size(), 4u);
  EXPECT_DOUBLE_EQ(reaches[0].points[0].x, 16);
  EXPECT_DOUBLE_EQ(reaches[0].points[0].y, 20);
  EXPECT_DOUBLE_EQ(reaches[0].points[3].x, 10);
  EXPECT_EQ(reaches[0].flow, 6u);
}

TEST(Reaches, OnAnErodedIslandEveryRiverCellStartsOrIsInsideExactlyOneReach) {
  const Heightfield field = eroded(island_terrain(42), {}, 20000, 42);
  const Heightfield ripple = wander_ripple(42);
  const Drainage d = drainage(field, {}, &ripple);
  const uint32_t min_flow = 250;
  const std::vector<Reach> reaches = river_reaches(d, min_flow);
  ASSERT_FALSE(reaches.empty());

  std::vector<int> inflows(d.size(), 0);
  for (std::size_t i = 0; i < d.size(); i++)
    if (d.flow()[i] >= min_flow && d.downstream()[i] >= 0)
      inflows[static_cast<std::size_t>(d.downstream()[i])]++;

  // Per cell: reaches starting there, reaches owning it, the order leaving it, and the
  // largest order arriving with how many reaches bring it.
  struct CellCount {
    int starts = 0, owned = 0, order_out = 0, best_in = 0, best_count = 0;
  };
  std::vector<CellCount> cell(d.size());
  for (const Reach& r : reaches) {
    CellCount& c = cell[static_cast<std::size_t>(r.cells.front())];
    c.starts++;
    c.order_out = r.order;
    if (r.cells.size() > 1) {
      CellCount& end = cell[static_cast<std::size_t>(r.cells.back())];
      if (r.order > end.best_in) {
        end.best_in = r.order;
        end.best_count = 1;
      } else if (r.order == end.best_in) {
        end.best_count++;
      }
    }
  }
  for (const Reach& r : reaches) {
    const auto first = static_cast<std::size_t>(r.cells.front());
    EXPECT_NE(inflows[first], 1) << "a reach starts at a source or a meeting";
    EXPECT_EQ(r.flow, d.flow()[static_cast<std::size_t>(r.cells.back())]);
    for (std::size_t k = 0; k < r.cells.size(); k++) {
      const auto c = static_cast<std::size_t>(r.cells[k]);
      ASSERT_GE(d.flow()[c], min_flow);
      if (k + 1 < r.cells.size()) {
        ASSERT_EQ(d.downstream()[c], r.cells[k + 1]);
        if (k > 0) {
          EXPECT_EQ(inflows[c], 1) << "inside a reach there is no meeting";
        }
      }
      const bool last = k + 1 == r.cells.size();
      // A reach owns its cells but a last one that starts another reach (a meeting).
      if (k == 0 || !last || cell[c].starts == 0) cell[c].owned++;
    }
    const auto end = static_cast<std::size_t>(r.cells.back());
    EXPECT_TRUE(d.downstream()[end] < 0 || inflows[end] >= 2) << "ends at an outlet or meeting";
  }
  std::size_t river_cells = 0;
  for (std::size_t i = 0; i < d.size(); i++) {
    if (d.flow()[i] >= min_flow) {
      river_cells++;
      EXPECT_EQ(cell[i].owned, 1) << "cell " << i;
      // Strahler: a headwater is 1; below a meeting, the largest order in, +1 if shared.
      if (cell[i].starts == 1 && inflows[i] == 0) {
        EXPECT_EQ(cell[i].order_out, 1);
      }
      if (cell[i].starts == 1 && inflows[i] >= 2) {
        EXPECT_EQ(cell[i].order_out, cell[i].best_in + (cell[i].best_count >= 2 ? 1 : 0));
      }
    } else {
      EXPECT_EQ(cell[i].owned, 0);
    }
  }
  EXPECT_GT(river_cells, 1000u);
}

}  // namespace
}  // namespace terrain
