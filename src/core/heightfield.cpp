#include "core/heightfield.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace terrain {

Heightfield::Heightfield(int width, int height, float fill) : width_(width), height_(height) {
  if (width < 1 || height < 1) throw std::invalid_argument("Heightfield: sizes must be >= 1");
  values_.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), fill);
}

Heightfield::Heightfield(int width, int height, std::vector<float> values)
    : width_(width), height_(height), values_(values.begin(), values.end()) {
  if (width < 1 || height < 1) throw std::invalid_argument("Heightfield: sizes must be >= 1");
  if (values_.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {
    throw std::invalid_argument("Heightfield: values must hold width * height entries");
  }
}

float Heightfield::min() const {
  return values_.empty() ? 0.0f : *std::min_element(values_.begin(), values_.end());
}

float Heightfield::max() const {
  return values_.empty() ? 0.0f : *std::max_element(values_.begin(), values_.end());
}

Heightfield Heightfield::normalized() const {
  Heightfield out = *this;
  if (values_.empty()) return out;
  const double low = min();
  const double high = max();
  const double range = high - low;
  for (float& v : out.values_) {
    v = range > 0 ? static_cast<float>((static_cast<double>(v) - low) / range) : 0.0f;
  }
  return out;
}

Heightfield Heightfield::cropped(int x, int y, int w, int h) const {
  if (x < 0 || y < 0 || w < 1 || h < 1 || x + w > width_ || y + h > height_) {
    throw std::invalid_argument("Heightfield::cropped: window outside the field");
  }
  Heightfield out(w, h);
  for (int row = 0; row < h; ++row) {
    const float* src = values_.data() + index(x, y + row);
    std::copy(src, src + w, out.values_.data() + out.index(0, row));
  }
  return out;
}

}  // namespace terrain
