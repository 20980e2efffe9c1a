// The settings' ranges (see settings.h).
#include "session/settings.h"

#include <stdexcept>
#include <string>

#include "core/number_text.h"

namespace terrain::session {

void check_range(const char* name, double value, const sketch::Range& range) {
  if (value >= range.min && value <= range.max) return;
  throw std::invalid_argument(std::string(name) + " must be from " + number_text(range.min) +
                              " to " + number_text(range.max) + ", not " + number_text(value));
}

void check_whole(const char* name, int value, int min, int max) {
  if (value >= min && value <= max) return;
  throw std::invalid_argument(std::string(name) + " must be a whole number from " +
                              std::to_string(min) + " to " + std::to_string(max) + ", not " +
                              std::to_string(value));
}

void check_whole(const char* name, int value, const sketch::Range& range) {
  check_whole(name, value, static_cast<int>(range.min), static_cast<int>(range.max));
}

void check_map_settings(const MapSettings& s) {
  check_whole("drops_per_frame", s.drops_per_frame, 0, kMaxDropsPerFrame);
  check_range("erosion", s.erosion, sketch::erosion);
  check_range("deposition", s.deposition, sketch::deposition);
  check_range("inertia", s.inertia, sketch::inertia);
  check_whole("brush_radius", s.brush_radius, sketch::brush_radius);
  check_range("sea_level", s.sea_level, sketch::sea_level);
  check_range("terrain_scale", s.terrain_scale, sketch::terrain_scale);
  check_range("roughness", s.roughness, kRoughness);
}

void check_settings(const Settings& s) {
  check_map_settings(s);
  check_whole("contour_levels", s.contour_levels, sketch::contour_levels);
  check_whole("min_flow", s.min_flow, 1, kMinFlowMax);
}

}  // namespace terrain::session
