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
// The buckets are lists threaded through one link per cell, sized once by reset(n), so a
// reused queue allocates nothing.
#pragma once

#include <algorithm>
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

  MonotoneQueue() { heads_.fill(kNone); }

  // Room for cells 0 .. cells - 1 (allocates only when that grows), and empties the queue.
  void reset(std::size_t cells) {
    if (next_.size() < cells) {
      next_.resize(cells);
      key_.resize(cells);
    }
    clear();
  }
  void clear() {
    heads_.fill(kNone);
    for (auto& level : occupied_) level.fill(0);
    equal_ = kNone;
    last_ = 0;
    size_ = 0;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  // Precondition: `cell` is not in the queue already (priority-flood pushes a cell once).
  void push(int32_t cell, float value) {
    const uint32_t key = key_of(value);
    assert(key >= last_);
    const auto c = static_cast<std::size_t>(cell);
    if (c >= next_.size()) {  // a queue used without reset(): grow as cells come
      next_.resize(c + 1);
      key_.resize(c + 1);
    }
    key_[c] = key;
    place(cell);
    size_++;
  }

  // The key (key_of) of the lowest value queued. Precondition: not empty.
  uint32_t min_key() {
    assert(size_ > 0);
    if (equal_ == kNone) refill();
    return last_;
  }

  // Removes and returns a cell of the lowest value.
  int32_t pop() {
    assert(size_ > 0);
    if (equal_ == kNone) refill();
    const int32_t cell = equal_;
    equal_ = next_[static_cast<std::size_t>(cell)];
    size_--;
    return cell;
  }

 private:
  static constexpr int kLevels = 4;    // bytes of a 32-bit key
  static constexpr int kDigits = 256;  // values of a byte
  static constexpr int kWords = kDigits / 64;
  static constexpr int32_t kNone = -1;  // end of a list

  // Each bucket is a singly linked list threaded through next_, one link per cell, so the
  // buckets need no storage of their own and moving a cell between them allocates nothing.
  void place(int32_t cell) {
    const auto c = static_cast<std::size_t>(cell);
    const uint32_t differ = key_[c] ^ last_;
    if (differ == 0) {
      next_[c] = equal_;
      equal_ = cell;
      return;
    }
    const int level = (31 - std::countl_zero(differ)) / 8;
    const int digit = static_cast<int>((key_[c] >> (8 * level)) & 0xFF);
    int32_t& head = heads_[static_cast<std::size_t>(level * kDigits + digit)];
    next_[c] = head;
    head = cell;
    occupied_[level][digit / 64] |= uint64_t{1} << (digit % 64);
  }

  // The equal bucket is empty: the lowest non-empty bucket holds the smallest keys. Its
  // smallest key becomes `last`, and its cells move to lower levels (or the equal bucket).
  // A level-0 bucket holds one key only (it shares the other three bytes with `last`), so it
  // simply becomes the equal bucket.
  void refill() {
    for (int level = 0; level < kLevels; level++) {
      for (int word = 0; word < kWords; word++) {
        if (occupied_[level][word] == 0) continue;
        const int digit = word * 64 + std::countr_zero(occupied_[level][word]);
        occupied_[level][word] &= occupied_[level][word] - 1;
        int32_t& head = heads_[static_cast<std::size_t>(level * kDigits + digit)];
        const int32_t first = head;
        head = kNone;
        if (level == 0) {
          last_ = key_[static_cast<std::size_t>(first)];
          equal_ = first;
          return;
        }
        uint32_t lowest = key_[static_cast<std::size_t>(first)];
        for (int32_t c = first; c != kNone; c = next_[static_cast<std::size_t>(c)]) {
          lowest = std::min(lowest, key_[static_cast<std::size_t>(c)]);
        }
        last_ = lowest;
        for (int32_t c = first; c != kNone;) {
          const int32_t after = next_[static_cast<std::size_t>(c)];  // place() relinks c
          place(c);
          c = after;
        }
        return;
      }
    }
    assert(false && "refill of an empty queue");
  }

  std::vector<int32_t> next_;  // per cell: the next cell in its bucket
  std::vector<uint32_t> key_;  // per cell: its key while queued
  std::array<int32_t, kLevels * kDigits> heads_;
  int32_t equal_ = kNone;  // the bucket of keys equal to last_
  std::array<std::array<uint64_t, kWords>, kLevels> occupied_{};
  uint32_t last_ = 0;
  std::size_t size_ = 0;
};

}  // namespace terrain
