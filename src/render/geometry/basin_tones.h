// Basin tones: a colour for every drainage basin, for the basins view (the "Drainage" API
// documentation's middle panel: "Draw each basin in its own tone and you see the divides").
//
// Rules, in order of importance:
//   1. every cell of a basin gets its basin's tone;
//   2. a basin keeps its tone from one update to the next while its outlet cell stays the
//      outlet of a basin (the tone is keyed on the outlet cell, never on the basin's number,
//      which changes whenever any basin appears or goes), whatever changes around it;
//   3. basins that touch (any two land cells of them are neighbours, diagonals included) get
//      different tones wherever the kToneCount tones and rule 2 allow it: on a first update
//      always (while twelve suffice), and every basin that appears later avoids its
//      neighbours' tones; only two basins that both keep their tones and come to touch while
//      it rains can share one.
// Only basins with land in them (a cell at or above the sea level) are coloured: the sea is
// drawn in the scheme's sea colours and its basins take no part.
//
// How: the land basins are visited largest first. One that had a tone keeps it; any other
// takes the first tone free among its neighbours (and, where it can, their neighbours) in an
// order that depends only on its outlet cell (a hash), so a first update is a pure function
// of the map, and a later one changes nothing that was there before.
//
// Allocation: the scratch only grows, so a steady update allocates nothing.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/drainage.h"
#include "core/heightfield.h"
#include "render/geometry/color_scheme.h"

namespace terrain::render {

class BasinTones {
 public:
  static constexpr int kToneCount = 12;
  // No tone: a basin with no land.
  static constexpr uint8_t kNone = 255;

  // Tones for the basins of `drainage`, over `ground` (the field whose land decides which
  // basins are coloured; the same size), keeping earlier tones by outlet cell as above.
  void update(const Drainage& drainage, const Heightfield& ground, double sea_level);
  // Forgets every earlier tone (a new map): the next update is a pure function of its map.
  void reset();

  // Per basin (in the drainage's basin order): its tone 0..kToneCount-1, or kNone.
  std::span<const uint8_t> tones() const { return tones_; }

  // The colour of tone t: 0..255 per channel, dim enough that the relief's brightest light
  // (shade up to AMBIENT + (1 - AMBIENT) * 1.25) never clips it, so a lit tone keeps its hue.
  static Rgb color(int tone);

 private:
  std::vector<uint8_t> tones_;
  // Earlier tones by outlet cell (kNone where that cell was no land basin's outlet).
  std::vector<uint8_t> tone_at_outlet_;
  // Scratch.
  std::vector<uint8_t> land_;         // per basin: has land
  std::vector<uint32_t> sizes_;       // per basin: land cells
  std::vector<int32_t> visit_;        // land basins, largest first
  std::vector<uint64_t> edges_;       // (a << 32 | b) for touching basins a != b, both ways
  std::vector<uint32_t> first_edge_;  // per basin: where its edges start in edges_
  std::vector<uint8_t> next_tones_;   // tone_at_outlet_ being rebuilt
};

}  // namespace terrain::render
