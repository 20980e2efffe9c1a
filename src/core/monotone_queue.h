// A monotone min-queue of cells keyed by float32 value: a radix heap with byte-sized digits.
//
// Priority-flood never pushes a value below the last one popped (every push is raised above
// the cell it was reached from), so the queue is monotone, and a radix heap keyed on the
// order-preserving bits of the float32 values does a binary heap's work in near-linear time.
//
// A pushed key goes into the bucket named by the highest byte where it differs from the last
// popped key (its level, 0..3) and by its own value of that byte (its digit): every key in a
// lower level, or in a lower digit of the same level, is smaller. Popping takes the equal
// bucket, or else the lowest non-empty bucket (found with one bitmap per level), makes its
// smallest key the new `last` and spreads the bucket over the lower levels. A key's level only
// goes down, so each key moves at most 4 times. (A one-bit radix heap moves each float key up
// to 32 times, which at these sizes costs more than the flood itself.)
//
// Ties leave in no particular order; priority-flood's result does not depend on it.
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

  MonotoneQueue() : buckets_(kLevels * kDigits) {}

  void clear() {
    equal_.clear();
    for (int level = 0; level < kLevels; level++) {
      for (int word = 0; word < kWords; word++) {
        uint64_t bits = occupied_[level][word];
        while (bits) {
          const int digit = word * 64 + std::countr_zero(bits);
          buckets_[static_cast<std::size_t>(level * kDigits + digit)].clear();
          bits &= bits - 1;
        }
        occupied_[level][word] = 0;
      }
    }
    last_ = 0;
    size_ = 0;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  void push(int32_t cell, float value) {
    const uint32_t key = key_of(value);
    assert(key >= last_);
    place({key, cell});
    size_++;
  }

  // The key (key_of) of the lowest value queued. Precondition: not empty.
  uint32_t min_key() {
    assert(size_ > 0);
    if (equal_.empty()) refill();
    return last_;
  }

  // Removes and returns a cell of the lowest value.
  int32_t pop() {
    assert(size_ > 0);
    if (equal_.empty()) refill();
    const int32_t cell = equal_.back().cell;
    equal_.pop_back();
    size_--;
    return cell;
  }

 private:
  struct Item {
    uint32_t key;
    int32_t cell;
  };
  static constexpr int kLevels = 4;   // bytes of a 32-bit key
  static constexpr int kDigits = 256;  // values of a byte
  static constexpr int kWords = kDigits / 64;

  void place(const Item& item) {
    const uint32_t differ = item.key ^ last_;
    if (differ == 0) {
      equal_.push_back(item);
      return;
    }
    const int level = (31 - std::countl_zero(differ)) / 8;
    const int digit = static_cast<int>((item.key >> (8 * level)) & 0xFF);
    buckets_[static_cast<std::size_t>(level * kDigits + digit)].push_back(item);
    occupied_[level][digit / 64] |= uint64_t{1} << (digit % 64);
  }

  // The equal bucket is empty: the lowest non-empty bucket holds the smallest keys. Its
  // smallest key becomes `last`, and its items move to lower levels (or the equal bucket).
  // A level-0 bucket holds one key only (it shares the other three bytes with `last`), so it
  // simply becomes the equal bucket.
  void refill() {
    for (int level = 0; level < kLevels; level++) {
      for (int word = 0; word < kWords; word++) {
        if (occupied_[level][word] == 0) continue;
        const int digit = word * 64 + std::countr_zero(occupied_[level][word]);
        occupied_[level][word] &= occupied_[level][word] - 1;
        std::vector<Item>& source = buckets_[static_cast<std::size_t>(level * kDigits + digit)];
        if (level == 0) {
          last_ = source[0].key;
          equal_.swap(source);  // equal_ was empty: the bucket is left empty, capacity kept
          return;
        }
        uint32_t lowest = source[0].key;
        for (const Item& item : source) lowest = item.key < lowest ? item.key : lowest;
        last_ = lowest;
        for (const Item& item : source) place(item);
        source.clear();
        return;
      }
    }
    assert(false && "refill of an empty queue");
  }

  std::vector<Item> equal_;
  std::vector<std::vector<Item>> buckets_;
  std::array<std::array<uint64_t, kWords>, kLevels> occupied_{};
  uint32_t last_ = 0;
  std::size_t size_ = 0;
};

}  // namespace terrain
