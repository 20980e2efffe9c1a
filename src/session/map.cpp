// The map itself (map.h).
#include "session/map.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include "core/ground.h"
#include "core/number_text.h"
#include "core/overloaded.h"
#include "session/history.h"

namespace terrain::session {
namespace {

// The ground for the seed, as terrain-cli --generator grows it.
Heightfield ground_for(uint32_t seed, const MapSettings& s, int width, int height) {
  GroundParams p;
  p.generator = s.generator;
  p.terrain_scale = s.terrain_scale;
  p.roughness = s.roughness;
  p.island_frame = s.island_frame;
  return grow_ground(seed, p, width, height);
}

const MapSettings& checked(const MapSettings& s) {
  check_map_settings(s);
  return s;
}

// A ground of your own must be `width` x `height` (any, when 0), every height one a ground may
// hold.
void check_ground(const GroundFile& ground, int width, int height) {
  if (!ground.heights) throw std::invalid_argument("ground: no heights");
  const Heightfield& h = *ground.heights;
  if (width > 0 && (h.width() != width || h.height() != height)) {
    throw std::invalid_argument("ground " + ground.name + ": must be " + std::to_string(width) +
                                " x " + std::to_string(height) + " cells (the map's grid), not " +
                                std::to_string(h.width()) + " x " + std::to_string(h.height()));
  }
  if (h.width() < 2 || h.height() < 2) {
    throw std::invalid_argument("ground " + ground.name + ": must be at least 2 x 2 cells");
  }
  // What a ground may hold (core/ground.h): the rain is safe for every height it accepts.
  if (const std::string problem = ground_height_problem(h.values(), h.width()); !problem.empty()) {
    throw std::invalid_argument("ground " + ground.name + ": " + problem);
  }
}

const GroundFile& checked(const GroundFile& ground) {
  check_ground(ground, 0, 0);
  return ground;
}

}  // namespace

std::string rain_problem(uint64_t n, uint64_t drops) {
  if (n > kMaxRainDrops) {
    return "rain: " + with_thousands(n) + " drops is more than one command may rain (at most " +
           with_thousands(kMaxRainDrops) + ")";
  }
  if (drops > kMaxMapDrops || n > kMaxMapDrops - drops) {
    return "rain: " + with_thousands(n) + " more drops would take the map past " +
           with_thousands(kMaxMapDrops) + " drops, the most a map may rain (it has rained " +
           with_thousands(drops) + ")";
  }
  return "";
}

RainParams rain_params_of(const MapSettings& s) {
  RainParams p;
  p.erosion = s.erosion;
  p.deposition = s.deposition;
  p.inertia = s.inertia;
  p.brush_radius = s.brush_radius;
  p.sea_level = s.sea_level;
  return p;
}

void advance_head(MapStart& map, const MapCommand& command) {
  std::visit(Overloaded{[](const RainDrops&) {}, [&](const SetSeed& c) { map.seed = c.seed; },
                        [](const Restart&) {},
                        [&](const SetTerrainScale& c) {
                          map.settings.terrain_scale = c.value;
                          map.ground.reset();
                        },
                        [&](const SetErosion& c) { map.settings.erosion = c.value; },
                        [&](const SetDeposition& c) { map.settings.deposition = c.value; },
                        [&](const SetInertia& c) { map.settings.inertia = c.value; },
                        [&](const SetBrushRadius& c) { map.settings.brush_radius = c.value; },
                        [&](const SetSeaLevel& c) { map.settings.sea_level = c.value; },
                        [&](const SetDropsPerFrame& c) { map.settings.drops_per_frame = c.value; },
                        [&](const SetGenerator& c) {
                          map.settings.generator = c.value;
                          map.ground.reset();
                        },
                        [&](const SetRoughness& c) {
                          map.settings.roughness = c.value;
                          map.ground.reset();
                        },
                        [&](const SetGround& c) { map.ground = c.ground; }, [](const Stroke&) {}},
             command);
}

HydrologyParams hydrology_params(double sea_level, Routing routing, uint32_t min_flow) {
  HydrologyParams params;
  params.sea_level = sea_level;
  params.routing = routing;
  params.min_flow = min_flow;
  return params;
}

Hydrology hydrology_of(const Map& map, Routing routing, uint32_t min_flow) {
  Hydrology hydrology;
  hydrology.compute(map.heights(), hydrology_params(map.settings().sea_level, routing, min_flow),
                    map.seed());
  return hydrology;
}

// resetTerrain(): noiseSeed / randomSeed(seed), a new island, original = heights, drops = 0.
// The island and the rain are built in the initialiser list so the terrain is grown once.
Map::Map(uint32_t seed, const MapSettings& settings, int width, int height)
    : seed_(seed),
      settings_(checked(settings)),
      heights_(ground_for(seed, settings_, width, height)),
      original_(heights_),
      rain_(heights_, seed, rain_params_of(settings_)) {}

Map::Map(uint32_t seed, const MapSettings& settings, const GroundFile& ground)
    : seed_(seed),
      settings_(checked(settings)),
      ground_file_(checked(ground)),
      heights_(*ground.heights),
      original_(heights_),
      rain_(heights_, seed, rain_params_of(settings_)) {}

Map::Map(const Map& other)
    : seed_(other.seed_),
      settings_(other.settings_),
      ground_file_(other.ground_file_),
      heights_(other.heights_),
      original_(other.original_),
      rain_(other.rain_),
      drops_(other.drops_) {
  rain_.rebind(heights_);
}

Map& Map::operator=(Map&& other) noexcept {
  seed_ = other.seed_;
  settings_ = other.settings_;
  ground_file_ = std::move(other.ground_file_);
  std::swap(heights_, other.heights_);  // the storage changes hands; nothing is copied
  std::swap(original_, other.original_);
  rain_ = std::move(other.rain_);
  rain_.rebind(heights_);
  other.rain_.rebind(other.heights_);
  drops_ = other.drops_;
  return *this;
}

RainParams Map::rain_params() const {
  return rain_params_of(settings_);
}

Heightfield Map::ground() const {
  return ground_file_ ? *ground_file_->heights
                      : ground_for(seed_, settings_, heights_.width(), heights_.height());
}

void Map::reset_terrain() {
  heights_ = ground();
  original_ = heights_;
  rain_ = Rain(heights_, seed_, rain_params());  // randomSeed(seed); paths = []
  drops_ = 0;
}

void Map::rain(uint64_t n) {
  rain_.run(n);
  drops_ += n;
}

void Map::rain(uint64_t n, Work& work) {
  while (n > 0) {
    work.check();
    const uint64_t piece = std::min(n, kWorkPiece);
    rain(piece);
    work.advance(piece);
    n -= piece;
  }
}

bool Map::carry_out(const MapCommand& command, Work& work) {
  work.check();
  if (const auto* drops = std::get_if<RainDrops>(&command)) {
    rain(drops->drops, work);
    return false;
  }
  if (const auto* stroke = std::get_if<Stroke>(&command)) {
    // Each dab counted as it is pressed, at its share of the stroke's cost (History's).
    const uint64_t dabs = std::max<uint64_t>(dab_count(stroke->stroke), 1);
    const uint64_t per_dab = std::max<uint64_t>(History::replay_cost(command) / dabs, 1);
    painter_.paint(heights_, rain_, stroke->stroke, [&] {
      work.check();
      work.advance(per_dab);
    });
    return false;
  }
  return carry_out(command);
}

void Map::check(const MapCommand& command) const {
  std::visit(
      Overloaded{
          [this](const RainDrops& c) {
            if (const std::string problem = rain_problem(c.drops, drops_); !problem.empty()) {
              throw std::invalid_argument(problem);
            }
          },
          [](const SetSeed&) {}, [](const Restart&) {},
          [](const SetTerrainScale& c) {
            check_range("terrain_scale", c.value, sketch::terrain_scale);
          },
          [](const SetErosion& c) { check_range("erosion", c.value, sketch::erosion); },
          [](const SetDeposition& c) { check_range("deposition", c.value, sketch::deposition); },
          [](const SetInertia& c) { check_range("inertia", c.value, sketch::inertia); },
          [](const SetBrushRadius& c) {
            check_whole("brush_radius", c.value, sketch::brush_radius);
          },
          [](const SetSeaLevel& c) { check_range("sea_level", c.value, sketch::sea_level); },
          [](const SetDropsPerFrame& c) {
            check_whole("drops_per_frame", c.value, 0, kMaxDropsPerFrame);
          },
          [](const SetGenerator&) {},
          [](const SetRoughness& c) { check_range("roughness", c.value, kRoughness); },
          [this](const SetGround& c) { check_ground(c.ground, width(), height()); },
          [](const Stroke& c) { check_stroke(c.stroke); }},
      command);
}

bool Map::carry_out(const MapCommand& command) {
  // A setting of the rain takes effect from the next drop.
  const auto rain_setting = [this] {
    rain_.set_params(rain_params());
    return false;
  };
  const auto new_map = [this] {
    reset_terrain();
    return true;
  };
  return std::visit(
      Overloaded{[this](const RainDrops& c) {
                   rain(c.drops);
                   return false;
                 },
                 [&](const SetSeed& c) {  // seed = value; restart()
                   seed_ = c.seed;
                   return new_map();
                 },
                 [&](const Restart&) { return new_map(); },
                 [&](const SetTerrainScale& c) {  // terrain_scale = value; resetTerrain()
                   settings_.terrain_scale = c.value;
                   ground_file_.reset();  // the generator grows the ground again
                   return new_map();
                 },
                 [&](const SetErosion& c) {
                   settings_.erosion = c.value;
                   return rain_setting();
                 },
                 [&](const SetDeposition& c) {
                   settings_.deposition = c.value;
                   return rain_setting();
                 },
                 [&](const SetInertia& c) {
                   settings_.inertia = c.value;
                   return rain_setting();
                 },
                 [&](const SetBrushRadius& c) {  // brush_radius = value; buildBrush()
                   settings_.brush_radius = c.value;
                   return rain_setting();
                 },
                 [&](const SetSeaLevel& c) {  // where a drop stops: the rain's too
                   settings_.sea_level = c.value;
                   return rain_setting();
                 },
                 [this](const SetDropsPerFrame& c) {  // where ticks fall: not the map
                   settings_.drops_per_frame = c.value;
                   return false;
                 },
                 [&](const SetGenerator& c) {  // a new ground, as a new terrain scale
                   settings_.generator = c.value;
                   ground_file_.reset();
                   return new_map();
                 },
                 [&](const SetRoughness& c) {
                   settings_.roughness = c.value;
                   ground_file_.reset();
                   return new_map();
                 },
                 [&](const SetGround& c) {  // a new start on the file's heights
                   ground_file_ = c.ground;
                   return new_map();
                 },
                 [this](const Stroke& c) {  // the ground shaped by hand, here and now
                   painter_.paint(heights_, rain_, c.stroke);
                   return false;
                 }},
      command);
}

void Map::restore(const float* heights, const float* original, const MapStart& head,
                  const RainState& rain, uint64_t drops) {
  std::copy(heights, heights + heights_.size(), heights_.data());
  std::copy(original, original + original_.size(), original_.data());
  seed_ = head.seed;
  settings_ = head.settings;
  ground_file_ = head.ground;
  rain_.restore(rain);
  drops_ = drops;
}

void Map::adopt(Heightfield& heights, const Rain& rain, uint64_t n) {
  std::swap(heights_, heights);
  rain_ = rain;  // its stream and counts; rain_'s route storage is kept
  rain_.rebind(heights_);
  drops_ += n;
}

}  // namespace terrain::session
