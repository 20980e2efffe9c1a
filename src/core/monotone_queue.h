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
// Storage: each bucket is a chain of fixed-size chunks taken from one pool, sized by
// reset(n) for n queued items (up to 2^20; past that it grows and keeps its size), so a reused
// queue allocates nothing, and the items of a bucket sit together in memory (a list threaded
// through the cells instead would jump across the whole map at every step of a refill).
//
// Ties leave in an order set by the sequence of pushes and pops alone (never by where a chunk
// sits in the pool). Priority-flood's surface does not depend on it; its order and links do,
// so the order is part of the result: change it and drainage_golden_test fails.
// Precondition: every push after the first pop is >= the value last popped.
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

  MonotoneQueue() { clear(); }

  // Room for `items` queued at once, up to kReservedItems (allocates only when that grows), and
  // empties the queue. Beyond that the pool grows as items come, and keeps what it grew to: a
  // flood queues only the raised cells of the hollows it is filling, a small share of a big
  // map, and reserving for every cell took 8 bytes a cell of a 4096^2 map's drainage.
  void reset(std::size_t items) {
    // Full chunks hold the items; besides them every bucket (and the equal one) may hold one
    // part-filled chunk, and a refill one more while it moves a bucket's items on.
    const std::size_t chunks = std::min(items, kReservedItems) / kChunk + kBuckets + 3;
    if (pool_.size() < chunks) pool_.resize(chunks);
    clear();
  }
  void clear() {
    heads_.fill(kNone);
    for (auto& level : occupied_) level.fill(0);
    equal_ = kNone;
    free_ = kNone;
    for (std::size_t c = pool_.size(); c-- > 0;) release(static_cast<int32_t>(c));
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
    if (equal_ == kNone) refill();
    return last_;
  }

  // Removes and returns a cell of the lowest value.
  int32_t pop() {
    assert(size_ > 0);
    if (equal_ == kNone) refill();
    Chunk& chunk = pool_[static_cast<std::size_t>(equal_)];
    const int32_t cell = chunk.items[--chunk.count].cell;
    if (chunk.count == 0) {
      const int32_t emptied = equal_;
      equal_ = chunk.next;
      release(emptied);
    }
    size_--;
    return cell;
  }

 private:
  struct Item {
    uint32_t key;
    int32_t cell;
  };
  static constexpr int kLevels = 4;    // bytes of a 32-bit key
  static constexpr int kDigits = 256;  // values of a byte
  static constexpr int kWords = kDigits / 64;
  static constexpr std::size_t kBuckets = kLevels * kDigits;
  static constexpr int kChunk = 62;  // items a chunk holds (a chunk is 512 bytes)
  static constexpr std::size_t kReservedItems = std::size_t{1} << 20;
  static constexpr int32_t kNone = -1;  // end of a chain
  struct Chunk {
    int32_t next = kNone;  // the next (older) chunk of the same bucket
    int32_t count = 0;
    Item items[kChunk];
  };

  void release(int32_t chunk) {
    pool_[static_cast<std::size_t>(chunk)].next = free_;
    free_ = chunk;
  }
  // Appends to the chain starting at `head` (the newest chunk first).
  void append(int32_t& head, Item item) {
    if (head == kNone || pool_[static_cast<std::size_t>(head)].count == kChunk) {
      if (free_ == kNone) {  // more items than reset() made room for
        pool_.emplace_back();
        free_ = static_cast<int32_t>(pool_.size() - 1);
        pool_.back().next = kNone;
      }
      const int32_t fresh = free_;
      Chunk& chunk = pool_[static_cast<std::size_t>(fresh)];
      free_ = chunk.next;
      chunk.next = head;
      chunk.count = 0;
      head = fresh;
    }
    Chunk& chunk = pool_[static_cast<std::size_t>(head)];
    chunk.items[chunk.count++] = item;
  }

  void place(Item item) {
    const uint32_t differ = item.key ^ last_;
    if (differ == 0) {
      append(equal_, item);
      return;
    }
    const int level = (31 - std::countl_zero(differ)) / 8;
    const int digit = static_cast<int>((item.key >> (8 * level)) & 0xFF);
    append(heads_[static_cast<std::size_t>(level * kDigits + digit)], item);
    occupied_[static_cast<std::size_t>(level)][static_cast<std::size_t>(digit / 64)] |=
        uint64_t{1} << (digit % 64);
  }

  // The equal bucket is empty: the lowest non-empty bucket holds the smallest keys. Its
  // smallest key becomes `last`, and its items move to lower levels (or the equal bucket).
  // A level-0 bucket holds one key only (it shares the other three bytes with `last`), so its
  // chain simply becomes the equal bucket.
  void refill() {
    for (std::size_t level = 0; level < kLevels; level++) {
      for (std::size_t word = 0; word < kWords; word++) {
        uint64_t& bits = occupied_[level][word];
        if (bits == 0) continue;
        const std::size_t digit = word * 64 + static_cast<std::size_t>(std::countr_zero(bits));
        bits &= bits - 1;
        int32_t& head = heads_[level * kDigits + digit];
        const int32_t chain = head;
        head = kNone;
        if (level == 0) {
          last_ = pool_[static_cast<std::size_t>(chain)].items[0].key;
          equal_ = chain;
          return;
        }
        uint32_t lowest = ~uint32_t{0};
        for (int32_t c = chain; c != kNone; c = pool_[static_cast<std::size_t>(c)].next) {
          const Chunk& chunk = pool_[static_cast<std::size_t>(c)];
          for (int32_t k = 0; k < chunk.count; k++) {
            lowest = chunk.items[k].key < lowest ? chunk.items[k].key : lowest;
          }
        }
        last_ = lowest;
        for (int32_t c = chain; c != kNone;) {
          const auto at = static_cast<std::size_t>(c);
          const int32_t next = pool_[at].next;
          // (indexed each time: without reset() a placement may grow the pool)
          for (int32_t k = 0; k < pool_[at].count; k++) {
            const Item item = pool_[at].items[k];
            place(item);
          }
          release(c);
          c = next;
        }
        return;
      }
    }
    assert(false && "refill of an empty queue");
  }

  std::vector<Chunk> pool_;
  std::array<int32_t, kBuckets> heads_{};
  std::array<std::array<uint64_t, kWords>, kLevels> occupied_{};
  int32_t equal_ = kNone;
  int32_t free_ = kNone;
  uint32_t last_ = 0;
  std::size_t size_ = 0;
};

}  // namespace terrain
