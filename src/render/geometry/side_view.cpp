// The side view's geometry (side_view.h).
#include "render/geometry/side_view.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace terrain::render {

// --- CrossSection ----------------------------------------------------------------------------

void CrossSection::update(const Heightfield& original, const Heightfield& now,
                          std::span<const float> lake_depth, int row, double sea_level) {
  if (now.empty() || original.width() != now.width() || original.height() != now.height()) {
    throw std::invalid_argument(
        "cross-section: the original ground is " + std::to_string(original.width()) + " x " +
        std::to_string(original.height()) + " and the ground now " + std::to_string(now.width()) +
        " x " + std::to_string(now.height()) + "; they must be the same size");
  }
  if (!lake_depth.empty() && lake_depth.size() != now.size()) {
    throw std::invalid_argument("cross-section: " + std::to_string(lake_depth.size()) +
                                " lake depths for a ground of " + std::to_string(now.size()) +
                                " cells");
  }
  if (row < 0 || row >= now.height()) {
    throw std::invalid_argument("cross-section: row " + std::to_string(row) +
                                " is outside the map (allowed: 0.." +
                                std::to_string(now.height() - 1) + ")");
  }
  const auto width = static_cast<std::size_t>(now.width());
  if (ground_.size() != width) {
    original_.resize(width);
    ground_.resize(width);
    sea_.resize(width);
    lakes_.resize(width);
    lake_depth_.resize(width);
  }
  row_ = row;
  sea_level_ = sea_level;
  const std::size_t start = now.index(0, row);
  for (std::size_t x = 0; x < width; ++x) {
    const double ground = now[start + x];
    const double depth = lake_depth.empty() ? 0.0 : lake_depth[start + x];
    original_[x] = original[start + x];
    ground_[x] = ground;
    // The sea first: its cells are never lakes (they seed the lakes' flood), so a depth there
    // could only come from a hydrology of another sea level.
    const bool sea = ground < sea_level;
    const bool lake = !sea && depth > 0;
    sea_[x] = sea ? sea_level : kNoWater;
    lakes_[x] = lake ? ground + depth : kNoWater;
    lake_depth_[x] = lake ? depth : 0.0;
  }
}

// --- VerticalMap -----------------------------------------------------------------------------

float VerticalMap::y(double value) const {
  const double share = (value - value_at_top) / (value_at_bottom - value_at_top);
  const double y = top + share * (static_cast<double>(bottom) - top);
  // NaN compares false both ways: it lands at the bottom (nothing drawn) rather than anywhere.
  if (!(y >= top)) return std::isnan(y) ? bottom : top;
  return y > bottom ? bottom : static_cast<float>(y);
}

VerticalMap cross_section_vertical(float top, float bottom) {
  return {1 + kCrossSectionMargin, -kCrossSectionMargin, top, bottom};
}

VerticalMap walk_vertical(const RandomWalkParams& params, float top, float bottom) {
  // y down on a canvas height_max tall: a height is the distance from the canvas's top.
  return {0, params.height_max, top, bottom};
}

VerticalMap sections_vertical(const SectionParams& params, float top, float bottom) {
  // y up from the bottom: 0 at the bottom, HEIGHT at the top.
  return {params.height, 0, top, bottom};
}

// --- silhouette ------------------------------------------------------------------------------

void silhouette(std::span<const double> profile, ColumnPlacement columns,
                const VerticalMap& vertical, float x_min, float x_max,
                std::vector<SilhouetteColumn>& out) {
  if (!(columns.scale > 0) || !std::isfinite(columns.scale) || !std::isfinite(columns.left)) {
    throw std::invalid_argument("silhouette: the columns' scale must be positive and finite (got " +
                                std::to_string(columns.scale) + ", left " +
                                std::to_string(columns.left) + ")");
  }
  out.clear();
  const auto n = static_cast<int>(profile.size());
  if (n == 0 || !(x_max > x_min)) return;
  // Only the columns that can reach into [x_min, x_max): column i covers
  // [left + (i - 0.5) s, left + (i + 0.5) s). Worked out in double and clamped before the
  // cast, so a far pan cannot overflow; the loop below still checks each edge.
  const double first = std::floor((x_min - columns.left) / columns.scale + 0.5) - 1;
  const double last = std::ceil((x_max - columns.left) / columns.scale - 0.5) + 1;
  const int begin = static_cast<int>(std::clamp(first, 0.0, static_cast<double>(n)));
  const int end = static_cast<int>(std::clamp(last + 1, 0.0, static_cast<double>(n)));
  for (int i = begin; i < end; ++i) {
    const double value = profile[static_cast<std::size_t>(i)];
    if (!std::isfinite(value)) continue;
    const double x0 = std::max(columns.edge(i), static_cast<double>(x_min));
    const double x1 = std::min(columns.edge(i + 1), static_cast<double>(x_max));
    if (!(x1 > x0)) continue;
    const auto left = static_cast<float>(x0);
    const auto right = static_cast<float>(x1);
    if (!(right > left)) continue;  // narrower than a float can tell apart
    out.push_back({i, left, right, vertical.y(value)});
  }
}

// --- the row ---------------------------------------------------------------------------------

int cross_section_row(std::optional<int> row, int rows) {
  const int last = std::max(rows, 1) - 1;
  return row ? std::clamp(*row, 0, last) : rows / 2;
}

std::optional<float> row_mark_y(const Frame& frame, int row, float top, float bottom) {
  const double y = frame.top + row * frame.scale_y;
  // Half a pixel of grace: at fit the first and last rows' grid points lie on the area's
  // edges, where rounding may put them a hair outside.
  if (!(y >= top - 0.5 && y <= bottom + 0.5)) return std::nullopt;
  return static_cast<float>(std::clamp(y, static_cast<double>(top), static_cast<double>(bottom)));
}

// --- colours ---------------------------------------------------------------------------------

namespace {

// The land's colour at a height, blended between the scheme's stops as band_colors() does
// (position = share * (stops - 1), j = min(floor(position), stops - 2)) but unquantised.
Rgb land_blend(const ColorScheme& scheme, double height, double sea_level) {
  const int stops = scheme.land_count;
  const Rgb first = rgb(scheme.land[0]);
  if (stops < 2 || !(height > sea_level)) return first;
  const double share = (height - sea_level) / (1 - sea_level);
  const double position = std::clamp(share, 0.0, 1.0) * (stops - 1);
  const int j = std::min(static_cast<int>(std::floor(position)), stops - 2);
  return mix(rgb(scheme.land[j]), rgb(scheme.land[j + 1]), position - j);
}

}  // namespace

Rgb Strata::at(float at_y) const {
  if (count < 1) return {0, 0, 0};
  if (!(at_y > y[0])) return color[0];
  for (int k = 1; k < count; ++k) {
    const auto i = static_cast<std::size_t>(k);
    if (at_y <= y[i]) {
      const double span = static_cast<double>(y[i]) - y[i - 1];
      const double t = span > 0 ? (at_y - y[i - 1]) / span : 1.0;
      return mix(color[i - 1], color[i], t);
    }
  }
  return color[static_cast<std::size_t>(count - 1)];
}

Strata land_strata(const ColorScheme& scheme, const VerticalMap& vertical, double sea_level) {
  Strata strata;
  auto add = [&strata](float y, const Rgb& color) {
    // Kept in y order (top first) by insertion; there are at most kMaxStops.
    int k = strata.count++;
    while (k > 0 && strata.y[static_cast<std::size_t>(k - 1)] > y) {
      strata.y[static_cast<std::size_t>(k)] = strata.y[static_cast<std::size_t>(k - 1)];
      strata.color[static_cast<std::size_t>(k)] = strata.color[static_cast<std::size_t>(k - 1)];
      --k;
    }
    strata.y[static_cast<std::size_t>(k)] = y;
    strata.color[static_cast<std::size_t>(k)] = color;
  };
  add(vertical.top, land_blend(scheme, vertical.value_at_top, sea_level));
  add(vertical.bottom, land_blend(scheme, vertical.value_at_bottom, sea_level));
  const int stops = std::clamp(scheme.land_count, 0, kMaxLandStops);
  for (int k = 0; k < stops && stops >= 2; ++k) {
    const double height = sea_level + (1 - sea_level) * k / (stops - 1);
    const float y = vertical.y(height);
    // A stop on or beyond the strip's edges is already there in the edge's own colour.
    if (y > vertical.top && y < vertical.bottom) add(y, rgb(scheme.land[k]));
  }
  return strata;
}

Rgb land_color(const ColorScheme& scheme, double height, double sea_level) {
  const double band_at = std::floor((height - sea_level) / (1 - sea_level) * 255);
  // The relief's clamp to the bands (std::min(255, ...)), and below the coast the first band;
  // NaN (a sea level of 1) takes the first band too.
  const double band = band_at > 0 ? std::min(255.0, band_at) : 0.0;
  return scheme.bands[static_cast<std::size_t>(band)];
}

}  // namespace terrain::render
