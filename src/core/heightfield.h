// Heightfield: a width x height grid of float32 heights, row-major (index y * width + x).
//
// Heights are stored as float32 because the sketch stores them in a Float32Array: every
// read widens to double, every sum is done in double, every store rounds back to float32.
// Code that must match the sketch bit for bit follows the same rule (see tests/data/README.md).
//
// Transforms are pure: they return a new field and leave this one alone.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "core/cell_allocator.h"

namespace terrain {

class Heightfield {
 public:
  Heightfield() = default;
  // A field of the given size, every height `fill`. Both sizes must be at least 1.
  Heightfield(int width, int height, float fill = 0.0f);
  // A field holding a copy of `values` (which must have width * height entries).
  Heightfield(int width, int height, std::vector<float> values);

  int width() const { return width_; }
  int height() const { return height_; }
  std::size_t size() const { return values_.size(); }
  bool empty() const { return values_.empty(); }

  float& operator[](std::size_t i) { return values_[i]; }
  float operator[](std::size_t i) const { return values_[i]; }
  float& at(int x, int y) { return values_[index(x, y)]; }
  float at(int x, int y) const { return values_[index(x, y)]; }
  std::size_t index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(x);
  }
  bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }

  float* data() { return values_.data(); }
  const float* data() const { return values_.data(); }
  std::span<float> values() { return values_; }
  std::span<const float> values() const { return values_; }

  // Smallest and largest height (0, 0 for an empty field).
  float min() const;
  float max() const;

  // Stretched to 0..1 by its own min and max (in double, stored as float32). A flat field
  // comes back all zeros.
  Heightfield normalized() const;
  // The w x h window whose top-left corner is (x, y); it must lie inside this field.
  Heightfield cropped(int x, int y, int w, int h) const;

  bool operator==(const Heightfield& other) const = default;

 private:
  int width_ = 0;
  int height_ = 0;
  // A big map's heights sit on huge pages, and a copy is not zeroed first (cell_allocator.h).
  CellVector<float> values_;
};

}  // namespace terrain
