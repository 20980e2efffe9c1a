// Bring your own ground (see ground_fit.h).
//
// Sections: the words; the sizes and the window; the axis maps (which source cells each target
// cell reads, with what weight); the two separable passes; fit_ground; normalized_01.
#include "core/ground_fit.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/enum_names.h"

namespace terrain {

constexpr EnumName<GroundFit> kGroundFitNames[] = {{GroundFit::crop, "crop"},
                                                   {GroundFit::stretch, "stretch"}};

std::string_view ground_fit_name(GroundFit fit) {
  return enum_name(kGroundFitNames, fit, "stretch");
}

std::optional<GroundFit> parse_ground_fit(std::string_view name) {
  return parse_enum(kGroundFitNames, name);
}

namespace {

// Refuses `value` below `least`, naming it, so a caller's mistake says which number was wrong.
void require_at_least(const char* function, const char* name, int value, int least) {
  if (value < least) {
    throw std::invalid_argument(std::string(function) + ": " + name + " must be at least " +
                                std::to_string(least) + " (got " + std::to_string(value) + ")");
  }
}

}  // namespace

std::pair<int, int> default_ground_size(int file_w, int file_h, int most) {
  require_at_least("default_ground_size", "file_w", file_w, 1);
  require_at_least("default_ground_size", "file_h", file_h, 1);
  require_at_least("default_ground_size", "most", most, 2);
  int w = file_w;
  int h = file_h;
  const int longer = std::max(file_w, file_h);
  if (longer > most) {
    // shorter * most / longer, rounded half up, in 64-bit integers: exact for any int sizes.
    const auto scaled = [&](int side) {
      const int64_t num = static_cast<int64_t>(side) * most;
      return static_cast<int>((2 * num + longer) / (2 * static_cast<int64_t>(longer)));
    };
    w = file_w == longer ? most : scaled(file_w);
    h = file_h == longer ? most : scaled(file_h);
  }
  return {std::max(w, 2), std::max(h, 2)};
}

SourceWindow ground_window(int source_w, int source_h, int cols, int rows, GroundFit fit) {
  require_at_least("ground_window", "source_w", source_w, 1);
  require_at_least("ground_window", "source_h", source_h, 1);
  require_at_least("ground_window", "cols", cols, 1);
  require_at_least("ground_window", "rows", rows, 1);
  const double w = source_w;
  const double h = source_h;
  if (fit == GroundFit::stretch) return {0, 0, w, h};
  // The grid's aspect against the source's, compared in integers so an equal aspect is seen
  // as equal and keeps the whole source (no window a rounding hair short of it).
  const int64_t grid_wide = static_cast<int64_t>(cols) * source_h;
  const int64_t source_wide = static_cast<int64_t>(rows) * source_w;
  if (grid_wide == source_wide) return {0, 0, w, h};
  if (grid_wide > source_wide) {
    // The grid is wider: the source's whole width, its centre rows.
    const double height = static_cast<double>(rows) * w / cols;
    return {0, (h - height) / 2, w, height};
  }
  const double width = static_cast<double>(cols) * h / rows;
  return {(w - width) / 2, 0, width, h};
}

namespace {

// One source cell a target cell reads, and its weight.
struct Tap {
  int index;
  double weight;
};

// For each target cell along one axis, its taps: taps[first[i] .. first[i + 1]), in increasing
// source index, weights summing to 1 (up to rounding). Built once per axis, so the passes
// below are plain multiply-adds over flat arrays.
struct AxisMap {
  std::vector<std::size_t> first;
  std::vector<Tap> taps;
  bool grows = false;  // bilinear (the target has more cells than the window)
};

// The axis map for `count` target cells over the window [origin, origin + extent) of a
// `source` cells long axis, by the mapping in ground_fit.h. Interval ends are computed as
// origin + (i * extent) / count rather than by adding i steps, so integer ratios land on
// integer ends exactly (a 2x or 3x box has whole-cell weights; an integer upscale hits the
// source centres). Zero weights are left out, so a copy reads one cell with weight 1 and keeps
// even -0 as it is. O(source + count).
AxisMap axis_map(int source, double origin, double extent, int count) {
  AxisMap map;
  map.first.reserve(static_cast<std::size_t>(count) + 1);
  map.grows = extent < count;
  const double n = count;
  const double last = source;
  for (int i = 0; i < count; ++i) {
    map.first.push_back(map.taps.size());
    if (!map.grows) {
      // Area average: the interval [a, b), each cell weighted by the length it overlaps.
      const double a = std::clamp(origin + (i * extent) / n, 0.0, last);
      const double b = i + 1 == count ? std::min(origin + extent, last)
                                      : std::clamp(origin + ((i + 1) * extent) / n, 0.0, last);
      const int k0 = static_cast<int>(std::floor(a));
      const int k1 = std::min(static_cast<int>(std::ceil(b)), source);
      const std::size_t start = map.taps.size();
      double total = 0;
      for (int k = k0; k < k1; ++k) {
        const double overlap = std::min(b, k + 1.0) - std::max(a, static_cast<double>(k));
        if (overlap <= 0) continue;
        map.taps.push_back({k, overlap});
        total += overlap;
      }
      // Divide by what was actually covered, so a constant stays that constant even where
      // rounding or the clamp shaved an end. A window always covers some cell (extent >= 1
      // here), but a degenerate interval falls back to its nearest cell rather than 0/0.
      if (map.taps.size() == start) {
        map.taps.push_back({std::clamp(k0, 0, source - 1), 1.0});
      } else {
        for (std::size_t t = start; t < map.taps.size(); ++t) map.taps[t].weight /= total;
      }
    } else {
      // Bilinear between cell centres, clamped so the edge cells repeat.
      const double u =
          std::clamp(origin + ((2.0 * i + 1.0) * extent) / (2.0 * n) - 0.5, 0.0, last - 1);
      const int k = static_cast<int>(std::floor(u));
      const double f = u - k;
      if (k >= source - 1 || f == 0) {
        map.taps.push_back({std::min(k, source - 1), 1.0});
      } else {
        map.taps.push_back({k, 1.0 - f});
        map.taps.push_back({k + 1, f});
      }
    }
  }
  map.first.push_back(map.taps.size());
  return map;
}

// sum over the taps of target cell i of weight * row[index]: the first term starts the sum
// (not 0.0), so a single tap of weight 1 returns the value itself, sign of zero included.
template <typename Value>
double apply_taps(const AxisMap& map, int i, const Value* row) {
  const std::size_t begin = map.first[static_cast<std::size_t>(i)];
  const std::size_t end = map.first[static_cast<std::size_t>(i) + 1];
  double sum = map.taps[begin].weight * static_cast<double>(row[map.taps[begin].index]);
  for (std::size_t t = begin + 1; t < end; ++t) {
    sum += map.taps[t].weight * static_cast<double>(row[map.taps[t].index]);
  }
  return sum;
}

// x first: each source row a target row needs is resampled in x (into double), then target
// row j is the y taps' weighted sum of those rows. The y taps of consecutive target rows
// share at most their boundary rows, so a two-row cache (least recently used goes) resamples
// every source row at most once. O(used source rows * (source width + cols) + taps * cols).
void resample_x_then_y(const Heightfield& source, const AxisMap& xmap, const AxisMap& ymap,
                       Heightfield& out) {
  const int cols = out.width();
  const std::size_t width = static_cast<std::size_t>(cols);
  std::vector<double> cache[2] = {std::vector<double>(width), std::vector<double>(width)};
  int cached[2] = {-1, -1};
  int recent = 0;
  const auto x_row = [&](int y) -> const std::vector<double>& {
    for (int slot = 0; slot < 2; ++slot) {
      if (cached[slot] == y) {
        recent = slot;
        return cache[slot];
      }
    }
    recent = 1 - recent;
    const float* row = source.data() + source.index(0, y);
    for (int i = 0; i < cols; ++i)
      cache[recent][static_cast<std::size_t>(i)] = apply_taps(xmap, i, row);
    cached[recent] = y;
    return cache[recent];
  };
  std::vector<double> sum(width);
  for (int j = 0; j < out.height(); ++j) {
    const std::size_t begin = ymap.first[static_cast<std::size_t>(j)];
    const std::size_t end = ymap.first[static_cast<std::size_t>(j) + 1];
    {
      const std::vector<double>& row = x_row(ymap.taps[begin].index);
      const double w = ymap.taps[begin].weight;
      for (std::size_t i = 0; i < width; ++i) sum[i] = w * row[i];
    }
    for (std::size_t t = begin + 1; t < end; ++t) {
      const std::vector<double>& row = x_row(ymap.taps[t].index);
      const double w = ymap.taps[t].weight;
      for (std::size_t i = 0; i < width; ++i) sum[i] += w * row[i];
    }
    float* dst = out.data() + out.index(0, j);
    for (std::size_t i = 0; i < width; ++i) dst[i] = static_cast<float>(sum[i]);
  }
}

// y first: target row j is the y taps' weighted sum of whole source rows (in double), then
// resampled in x. Used where x grows and y shrinks: x first would resample every source row
// to the (larger) target width, y first only ever holds one source-wide row.
// O(taps * source width + rows * (source width + cols)).
void resample_y_then_x(const Heightfield& source, const AxisMap& xmap, const AxisMap& ymap,
                       Heightfield& out) {
  const std::size_t width = static_cast<std::size_t>(source.width());
  std::vector<double> mid(width);
  for (int j = 0; j < out.height(); ++j) {
    const std::size_t begin = ymap.first[static_cast<std::size_t>(j)];
    const std::size_t end = ymap.first[static_cast<std::size_t>(j) + 1];
    {
      const float* row = source.data() + source.index(0, ymap.taps[begin].index);
      const double w = ymap.taps[begin].weight;
      for (std::size_t k = 0; k < width; ++k) mid[k] = w * static_cast<double>(row[k]);
    }
    for (std::size_t t = begin + 1; t < end; ++t) {
      const float* row = source.data() + source.index(0, ymap.taps[t].index);
      const double w = ymap.taps[t].weight;
      for (std::size_t k = 0; k < width; ++k) mid[k] += w * static_cast<double>(row[k]);
    }
    float* dst = out.data() + out.index(0, j);
    for (int i = 0; i < out.width(); ++i)
      dst[i] = static_cast<float>(apply_taps(xmap, i, mid.data()));
  }
}

}  // namespace

Heightfield fit_ground(const Heightfield& source, int cols, int rows, GroundFit fit) {
  if (source.empty()) throw std::invalid_argument("fit_ground: the source is empty");
  require_at_least("fit_ground", "cols", cols, 2);
  require_at_least("fit_ground", "rows", rows, 2);
  for (std::size_t i = 0; i < source.size(); ++i) {
    if (!std::isfinite(source[i])) {
      const std::size_t w = static_cast<std::size_t>(source.width());
      throw std::invalid_argument("fit_ground: the source height at (" + std::to_string(i % w) +
                                  ", " + std::to_string(i / w) + ") is not finite (" +
                                  std::to_string(source[i]) + ")");
    }
  }
  const SourceWindow window = ground_window(source.width(), source.height(), cols, rows, fit);
  // The default for a file within 8192² is its own size: a copy, without two passes over it.
  if (cols == source.width() && rows == source.height()) return source;
  const AxisMap xmap = axis_map(source.width(), window.left, window.width, cols);
  const AxisMap ymap = axis_map(source.height(), window.top, window.height, rows);
  Heightfield out(cols, rows);
  if (xmap.grows && !ymap.grows) {
    resample_y_then_x(source, xmap, ymap, out);
  } else {
    resample_x_then_y(source, xmap, ymap, out);
  }
  return out;
}

Heightfield normalized_01(const Heightfield& field) {
  return field.normalized();
}

}  // namespace terrain
