// The map itself: a ground and the rain on it, and nothing that is only drawn. Its state is the
// seed, the map settings, the ground's file (when the ground came from one), the heights, the
// ground before any rain, the rain (its random stream, settings and counts) and the drops
// since the last new start. Every map command changes it; nothing else does.
//
// Both programs make their maps with it: the app's live session (live_model.h) ticks it,
// keeps its history and draws it; terrain-cli grows it at any size, rains on it and works out
// its hydrology. What one program does to a map the other does to the same bytes, because it
// is the same code. The rules are the p5.js "Hydraulic Erosion" sketch's resetTerrain() and
// drop() (core/rain.h), under its names.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/brush_stroke.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/rain.h"
#include "core/sketch.h"
#include "session/map_command.h"
#include "session/settings.h"
#include "session/work.h"

namespace terrain::session {

// A map's head: what its next new start is grown from (the recipe's head, a checkpoint's).
struct MapStart {
  uint32_t seed = 0;
  MapSettings settings;
  std::optional<GroundFile> ground;
};

// The head after `command`: a seed, a setting or a ground changes it; a generator's setting
// (terrain scale, generator, roughness) grows the ground again, so the ground file goes.
void advance_head(MapStart& head, const MapCommand& command);

// The rain's settings out of the map's (drop() reads the same globals of the sketch).
RainParams rain_params_of(const MapSettings& settings);

// What rain a command may ask for, so that no file, script or flag can ask for rain without
// end: one command rains at most kMaxRainDrops drops (a billion: about 40 minutes on the
// sketch's 320 x 180 map on one core, docs/figures.md), and a map rains at most kMaxMapDrops in
// its life, from its last new start (ten billion). Map::check refuses more, saying so.
inline constexpr uint64_t kMaxRainDrops = 1'000'000'000;
inline constexpr uint64_t kMaxMapDrops = 10'000'000'000;
// Why `n` more drops may not fall on a map that has rained `drops` ("" when they may).
std::string rain_problem(uint64_t n, uint64_t drops);

class Map {
 public:
  // The sketch's resetTerrain() for `seed`: the ground the generator grows at width x height
  // (at least 2 x 2), no drops. Throws std::invalid_argument naming the first setting out of
  // its range.
  explicit Map(uint32_t seed, const MapSettings& settings = {}, int width = sketch::COLS,
               int height = sketch::ROWS);
  // A map on a ground of your own (any size of at least 2 x 2, every height finite), the
  // seed's rain on it.
  Map(uint32_t seed, const MapSettings& settings, const GroundFile& ground);
  // A copy rains, shapes and replays as the map it came from, without touching it (the live
  // model's long work runs on one, on a worker thread: live_model.h); moved onto a map, it
  // takes that map's place. The rain holds a pointer to the heights it carves: both rebind it.
  Map(const Map& other);
  Map& operator=(Map&& other) noexcept;
  Map& operator=(const Map&) = delete;

  // Throws std::invalid_argument, naming the setting, what was given and what is allowed, for
  // a value out of its range or a ground not of this map's size.
  void check(const MapCommand& command) const;
  // Carries a checked command out: rain rains, a setting of the rain takes effect from the
  // next drop, a seed, a restart, a generator's setting or a ground starts a new map
  // (resetTerrain). Returns true when it started a new map. Every alternative has its own
  // handler: a command added to MapCommand and not handled here does not compile.
  bool carry_out(const MapCommand& command);
  // The same as long work (session/work.h): the rain and a stroke look at `work` every
  // kWorkPiece drops and every dab, count what they did on it, and stop by throwing
  // WorkStopped when asked (the map then half way: the caller's copy to throw away).
  bool carry_out(const MapCommand& command, Work& work);
  // Rains n drops (allocates nothing).
  void rain(uint64_t n);
  void rain(uint64_t n, Work& work);

  uint32_t seed() const { return seed_; }
  const MapSettings& settings() const { return settings_; }
  const std::optional<GroundFile>& ground_file() const { return ground_file_; }
  const Heightfield& heights() const { return heights_; }
  const Heightfield& original() const { return original_; }
  const Rain& rain() const { return rain_; }
  Rain& rain() { return rain_; }  // its debug routes are the live model's to keep
  uint64_t drops() const { return drops_; }
  int width() const { return heights_.width(); }
  int height() const { return heights_.height(); }
  MapStart head() const { return {seed_, settings_, ground_file_}; }

  // Back to a state kept before (a checkpoint): the heights and original ground (width x
  // height floats each), the head, the rain's state and the drops. Allocates only when the
  // brush radius changes.
  void restore(const float* heights, const float* original, const MapStart& head,
               const RainState& rain, uint64_t drops);
  // Takes over `n` drops rained on a copy (a finish's worker): its heights are swapped in and
  // its rain's state adopted.
  void adopt(Heightfield& heights, const Rain& rain, uint64_t n);

 private:
  void reset_terrain();
  Heightfield ground() const;  // the ground of a new start: the file's, or the seed's grown one
  RainParams rain_params() const;

  uint32_t seed_;
  MapSettings settings_;
  std::optional<GroundFile> ground_file_;
  Heightfield heights_;
  Heightfield original_;
  Rain rain_;
  uint64_t drops_ = 0;
  BrushPainter painter_;  // strokes' scratch room
};

// The "Drainage" API documentation's analysis of a map as the settings ask for it: the sea
// level the rain stops at, the routing and the minimum flow of a river. (The app's view and
// terrain-cli's flags give the last two.)
HydrologyParams hydrology_params(double sea_level, Routing routing, uint32_t min_flow);

// The hydrology of the map's ground now, at its sea level, with its seed's ripple (the sketch's
// routing), as both programs work it out for their exports.
Hydrology hydrology_of(const Map& map, Routing routing, uint32_t min_flow);

}  // namespace terrain::session
