// A monotone min-queue of cells keyed by float32 value: a radix heap.
//
// Priority-flood never pushes a value below the last one popped (every push is raised above
// the cell it was reached from), so the queue is monotone, and a radix heap keyed on the
// order-preserving bits of the float32 values does a binary heap's work in near-linear time:
// a pushed key goes into the bucket named by the highest bit where it differs from the last
// popped key; popping empties the lowest bucket, redistributing one bucket when it runs dry.
// Each key moves to a lower bucket at most 32 times, so n pushes and pops cost O(32 n).
//
// Precondition: every push after the first pop is >= the value last popped.
// The buckets keep their capacity across clear(), so a reused queue allocates nothing.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

namespace terrain {

class MonotoneQueue {
 public:
  // The float32's bits, mapped so that unsigned order is numeric order (-0 is taken as +0).
  static uint32_t key_of(float value) {
    uint32_t bits = std::bit_cast<uint32_t>(value);
    if (bits == 0x80000000u) bits = 0;
    return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
  }

  void clear() {
    for (auto& bucket : buckets_) bucket.clear();
    last_ = 0;
    size_ = 0;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  void push(int32_t cell, float value) {
    const uint32_t key = key_of(value);
    assert(key >= last_);
    buckets_[bucket_of(key)].push_back({key, cell});
    size_++;
  }

  // Removes and returns a cell of the lowest value.
  int32_t pop() {
    assert(size_ > 0);
    if (buckets_[0].empty()) refill();
    const int32_t cell = buckets_[0].back().cell;
    buckets_[0].pop_back();
    size_--;
    return cell;
  }

 private:
  struct Item {
    uint32_t key;
    int32_t cell;
  };

  std::size_t bucket_of(uint32_t key) const {
    return key == last_ ? 0 : static_cast<std::size_t>(32 - std::countl_zero(key ^ last_));
  }

  // Bucket 0 is empty: take the lowest non-empty bucket, make its smallest key the new
  // `last`, and spread its items over the buckets below (the smallest lands in bucket 0).
  void refill() {
    std::size_t b = 1;
    while (buckets_[b].empty()) b++;
    std::vector<Item>& source = buckets_[b];
    uint32_t lowest = source[0].key;
    for (const Item& item : source) lowest = item.key < lowest ? item.key : lowest;
    last_ = lowest;
    for (const Item& item : source) buckets_[bucket_of(item.key)].push_back(item);
    source.clear();
  }

  std::array<std::vector<Item>, 33> buckets_;
  uint32_t last_ = 0;
  std::size_t size_ = 0;
};

}  // namespace terrain
