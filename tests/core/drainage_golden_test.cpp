// Drainage of a big map, held to hashes of its outputs recorded before the pass was made fast
// (issue 31): any change to the flood, the routing, the adding up, the Strahler orders, the
// lakes or the reaches of a 4096 x 4096 map shows here, bit for bit. The 320 x 180 parity
// tests hold the sketch routing; this holds the flood routing on a map big enough to take the
// paths that only big maps take.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "core/diamond_square.h"
#include "core/drainage.h"
#include "core/hydrology.h"
#include "core/island.h"
#include "core/river_network.h"
#include "core/sketch.h"

namespace terrain {
namespace {

// FNV-1a over 64-bit words (the tail a byte at a time): the arrays are hundreds of megabytes,
// and a byte-wise hash took seconds of the sanitizer build's run.
class Fnv64 {
 public:
  template <typename T>
  void add(std::span<const T> values) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
    const std::size_t size = values.size_bytes();
    std::size_t at = 0;
    for (; at + 8 <= size; at += 8) {
      uint64_t word = 0;
      std::memcpy(&word, bytes + at, 8);
      mix(word);
    }
    for (; at < size; at++) mix(bytes[at]);
    mix(size);  // so that where one array ends and the next begins counts
  }
  uint64_t value() const { return hash_; }

 private:
  void mix(uint64_t word) {
    hash_ ^= word;
    hash_ *= 0x100000001b3ull;
  }
  uint64_t hash_ = 0xcbf29ce484222325ull;
};

template <typename T>
uint64_t hash_of(std::span<const T> values) {
  Fnv64 h;
  h.add(values);
  return h.value();
}

// The bench's map (bench/drainage_bench.cpp, BM_DrainagePassFlood/4096): a diamond-square
// island, routed by flood, rivers from a flow of 1000.
TEST(DrainageGolden, FloodRouted4096SquareIslandEqualsItsRecordedHashes) {
  DiamondSquareParams ds;
  ds.island = sketch::ISLAND;
  const Heightfield ground = diamond_square(7, 4096, 4096, ds);
  HydrologyParams params;
  params.routing = Routing::flood;
  params.min_flow = 1000;
  Hydrology hydrology;
  hydrology.compute(ground, params);
  const Drainage& d = hydrology.drainage();

  Fnv64 reaches;
  for (const Reach& r : river_reaches(d, params.min_flow)) {
    reaches.add(std::span<const int32_t>(r.cells));
    const uint32_t order_and_flow[2] = {static_cast<uint32_t>(r.order), r.flow};
    reaches.add(std::span<const uint32_t>(order_and_flow));
  }

  // Recorded with the pass as it was before issue 31's work (commit 74980b0), as are the
  // hashes below.
  EXPECT_EQ(hash_of(d.routing_surface().values()), 0x4fbc057e34d68676ull) << "routing surface";
  EXPECT_EQ(hash_of(d.downstream()), 0x2c38871793810436ull) << "downstream";
  EXPECT_EQ(hash_of(d.flow()), 0x2b2deb0633e19cafull) << "flow";
  EXPECT_EQ(hash_of(d.basins()), 0xc2b07865901ed708ull) << "basins";
  EXPECT_EQ(hash_of(d.outlets()), 0xe4e4842db38e6998ull) << "outlets";
  EXPECT_EQ(hash_of(d.lowest_first()), 0xec886a80782593f4ull) << "lowest first";
  EXPECT_EQ(hash_of(hydrology.strahler()), 0xcf7d110db0c51925ull) << "Strahler orders";
  EXPECT_EQ(hash_of(hydrology.lake_depth()), 0x351fd0fa4a17f027ull) << "lake depths";
  EXPECT_EQ(reaches.value(), 0x5c5af53ca8efa109ull) << "reaches";
}

// The hashes of a drainage's own outputs, in one: what the other maps are held to.
uint64_t drainage_hash(const Drainage& d) {
  Fnv64 h;
  h.add(d.routing_surface().values());
  h.add(d.downstream());
  h.add(d.flow());
  h.add(d.basins());
  h.add(d.outlets());
  h.add(d.lowest_first());
  return h.value();
}

// With no slope kept over filled cells (min_drop 0) a filled hollow is flat, so every link
// through it is decided by which of several equally low cells the flood took first: this holds
// the flood's order itself, ties included. A higher sea makes many seeds inside the map.
TEST(DrainageGolden, FlatFilledFloodRouting2048SquareEqualsItsRecordedHash) {
  DiamondSquareParams ds;
  ds.island = sketch::ISLAND;
  const Heightfield ground = diamond_square(11, 2048, 2048, ds);
  DrainageParams params;
  params.routing = Routing::flood;
  params.min_drop = 0;
  params.sea_level = 0.3;
  EXPECT_EQ(drainage_hash(drainage(ground, params)), 0xaf1769d14e414fe4ull);
}

// The sketch routing (the ground plus its wander ripple, steepest descent) on a map of 2048 x
// 1152, four times the sketch's in each direction, added up by climbing from the outlets.
TEST(DrainageGolden, SketchRouting2048x1152EqualsItsRecordedHash) {
  DiamondSquareParams ds;
  ds.island = sketch::ISLAND;
  const Heightfield ground = diamond_square(5, 2048, 1152, ds);
  const Heightfield ripple = wander_ripple(5, 2048, 1152);
  const Drainage d = drainage(ground, {}, &ripple);
  EXPECT_TRUE(d.climbed_from_outlets());
  EXPECT_EQ(drainage_hash(d), 0x4e32a99ccbd7cc11ull);
}

}  // namespace
}  // namespace terrain
