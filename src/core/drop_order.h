// Drops side by side, in drop order: the rule that lets the rain run on every core and still
// give, bit for bit, what one core gives (the heights, the counts and the random stream's place).
//
// One thread runs drop k only once drop k - 1 has ended, so every cell sees the drops that
// touch it in drop order. Side by side, that order is all that must be kept: if every cell
// sees its drops in drop order, each drop reads exactly what it would have read on one
// thread, so it does exactly what it would have done (conflict serializability, as databases
// say). The rain can keep it without recording a drop's reads and writes and running a drop
// again when they clash (Block-STM's way for transactions), because a drop's future is
// bounded in space:
//
// - A step moves a drop one cell length (its direction is normalised), so after k more steps
//   it is at most k cells (plus rounding's slack, kSlack) from the cell it is in now.
// - A step reads and writes only within a margin of the cell it starts in: its four corners,
//   the next position's four, the four it deposits on and the brush's radius around it.
// - It takes at most MAX_STEPS steps.
//
// So a drop at step s in cell (cx, cy) will never again touch a cell farther than its reach,
// (MAX_STEPS - 1 - s) + kSlack + margin, from (cx, cy) in x or in y; and its reach only shrinks
// as it goes (it moves at most one cell a step while its reach shrinks by one). Each running
// drop publishes where it is before each step. A drop waits before a step until no earlier
// drop still running can reach the cells of that step (or that drop ends). Then no cell is
// touched out of drop order: an earlier drop that could still touch a cell holds back every
// later drop that would, and once it cannot, it never will. Nothing is recorded, nothing runs
// twice; the only cost is a drop waiting on an earlier one near it, which on a large map is
// rare (bench/rain_bench.cpp: the share of drops that waited).
//
// The drops of a batch are handed out in drop order, one at a time, to the threads; each
// thread has one slot saying which drop it runs and where that drop is. A drop that starts
// finds the earlier drops still running in the other slots (at most threads - 1 of them);
// thereafter a step that stays outside their last known reach (which can only have shrunk
// since) looks at nothing shared.
//
// Memory order: a drop publishes its place with a release store after the writes of its
// earlier steps, and a waiting drop reads it with an acquire load, so the cells an earlier
// drop has left for good are seen as it left them.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <thread>

#include "core/sketch.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace terrain {

class DropOrder {
 public:
  // A slot's word: which drop of the batch (kIndexBits), its step and its cell, packed in one
  // 64-bit word so that one atomic load reads them together.
  static constexpr int kIndexBits = 14;
  static constexpr int kStepBits = 8;
  static constexpr int kCellBits = 21;
  static_assert(kIndexBits + kStepBits + 2 * kCellBits == 64);
  static_assert(sketch::MAX_STEPS < (1 << kStepBits));
  // The most drops in one batch (two index values are kept for a slot's idle and claiming
  // states) and the widest and tallest map whose cells a word can hold.
  static constexpr uint64_t kMostBatch = (uint64_t{1} << kIndexBits) - 2;
  static constexpr int kMostCells = 1 << kCellBits;
  // How far rounding can carry a drop beyond one cell a step over a whole life: each step's
  // direction is within 2^-52 of unit length and each sum rounds by at most an ulp of a
  // coordinate below 2^21, so the drift over MAX_STEPS steps is far below a cell; one cell is
  // plenty.
  static constexpr int kSlack = 1;
  static constexpr int kMostThreads = 64;

  // The cells a step reaches from the cell it starts in, for a brush of `brush_radius`: the
  // brush's radius (at least one cell) plus two for the next position's corners (it may be
  // two cells on, with rounding) and their right and bottom neighbours.
  static int step_margin(int brush_radius) { return std::max(brush_radius, 1) + 2; }

  // A new batch of `drops` (at most kMostBatch) on `threads` threads (at most kMostThreads),
  // whose starting cells `start_cell(k)` gives, for a brush of `brush_radius`.
  void begin(uint64_t drops, int threads, int brush_radius) {
    drops_ = drops;
    threads_ = threads;
    margin_ = step_margin(brush_radius);
    next_.store(0, std::memory_order_relaxed);
    for (int t = 0; t < threads; t++) slots_[t].word.store(kIdle, std::memory_order_relaxed);
    waited_.store(0, std::memory_order_relaxed);
  }

  // The next drop for thread `thread` to run, after it has published that drop's start
  // (`cell_of(k)` gives drop k's starting cell), or false when the batch has no more.
  template <typename CellOf>
  bool claim(int thread, uint64_t& drop, CellOf cell_of) {
    Slot& slot = slots_[thread];
    // Claiming, before the drop is taken: a later drop that looks at this slot meanwhile
    // waits to see which drop it is, so that no earlier drop goes unseen. It also says the
    // drop this thread ran has ended: a drop asleep waiting for it is woken.
    slot.word.store(kClaiming, std::memory_order_seq_cst);
    slot.wake();
    drop = next_.fetch_add(1, std::memory_order_seq_cst);
    if (drop >= drops_) {
      slot.word.store(kIdle, std::memory_order_seq_cst);
      slot.wake();
      return false;
    }
    int cx = 0;
    int cy = 0;
    cell_of(drop, cx, cy);
    slot.word.store(pack(drop, 0, cx, cy), std::memory_order_seq_cst);
    return true;
  }

  // Lets a drop run only once no earlier drop can reach its steps' cells. Made when the drop
  // starts, on the thread that runs it; before_step() before each step.
  class Gate {
   public:
    Gate(DropOrder& order, int thread, uint64_t drop)
        : order_(order), thread_(thread), index_(drop) {
      // The earlier drops still running: one at most in each other thread's slot. A slot
      // being claimed is waited for (a few instructions); one idle, or running a later drop,
      // or this drop's own, holds nothing back.
      for (int t = 0; t < order.threads_; t++) {
        if (t == thread) continue;
        uint64_t word = order.slots_[t].word.load(std::memory_order_seq_cst);
        for (int spins = 0; word == kClaiming; spins++) {
          pause(spins);
          word = order.slots_[t].word.load(std::memory_order_seq_cst);
        }
        if (word == kIdle || index_of(word) >= drop) continue;
        Earlier& e = earlier_[count_++];
        e.thread = t;
        e.drop = index_of(word);
        order.reach(word, e);
      }
    }

    // Before step `step` of this drop, in cell (cx, cy): publishes where the drop is (its
    // earlier steps' writes go with it), then waits while an earlier drop can still reach a
    // cell this step touches.
    void before_step(int step, int cx, int cy) {
      order_.slots_[thread_].word.store(pack(index_, step, cx, cy), std::memory_order_release);
      for (int k = 0; k < count_;) {
        if (!near(earlier_[k], cx, cy) || !wait_for(earlier_[k], cx, cy)) {
          k++;
          continue;
        }
        earlier_[k] = earlier_[--count_];  // ended: it holds nothing back any more
      }
    }

   private:
    friend class DropOrder;
    struct Earlier {
      int thread;
      uint64_t drop;
      int cx, cy;
      int reach;  // its reach plus this drop's step margin
    };
    static bool near(const Earlier& e, int cx, int cy) {
      return std::abs(cx - e.cx) <= e.reach && std::abs(cy - e.cy) <= e.reach;
    }
    // Waits until `e` ends (true) or no longer reaches (cx, cy)'s step (false).
    bool wait_for(Earlier& e, int cx, int cy) {
      Slot& slot = order_.slots_[e.thread];
      for (int spins = 0;; spins++) {
        const uint64_t word = slot.word.load(std::memory_order_acquire);
        // Its thread has moved on (claiming, idle or another drop): it has ended, and its
        // writes happened before the store that says so.
        if (word == kClaiming || word == kIdle || index_of(word) != e.drop) return true;
        order_.reach(word, e);
        if (!near(e, cx, cy)) return false;
        if (!waited_) {
          waited_ = true;
          order_.waited_.fetch_add(1, std::memory_order_relaxed);
        }
        if (spins < kSpins) {
          pause(spins);
        } else {
          slot.sleep_until_ended(e.drop);
        }
      }
    }

    DropOrder& order_;
    int thread_;
    uint64_t index_;
    bool waited_ = false;
    Earlier earlier_[kMostThreads];
    int count_ = 0;
  };

  // How many drops of the batch waited for an earlier one at least once.
  uint64_t waited() const { return waited_.load(std::memory_order_relaxed); }

 private:
  static constexpr uint64_t kIdle = ~uint64_t{0};
  static constexpr uint64_t kClaiming = ~uint64_t{0} - 1;

  static uint64_t pack(uint64_t drop, int step, int cx, int cy) {
    return drop << (64 - kIndexBits) | static_cast<uint64_t>(step) << (2 * kCellBits) |
           static_cast<uint64_t>(cy) << kCellBits | static_cast<uint64_t>(cx);
  }
  static uint64_t index_of(uint64_t word) { return word >> (64 - kIndexBits); }
  void reach(uint64_t word, Gate::Earlier& e) const {
    constexpr uint64_t cell_mask = (uint64_t{1} << kCellBits) - 1;
    const int step = static_cast<int>(word >> (2 * kCellBits) & ((1u << kStepBits) - 1));
    e.cx = static_cast<int>(word & cell_mask);
    e.cy = static_cast<int>(word >> kCellBits & cell_mask);
    // Its reach, and this drop's step's margin beside it (the same brush for both).
    e.reach = (sketch::MAX_STEPS - 1 - step) + kSlack + 2 * margin_;
  }
  // Waiting: most waits are shorter than a drop (a few microseconds), so a drop first spins,
  // then yields its core a few times, then sleeps until the drop it waits for ends (with
  // more threads than free cores, spinning would take the core the other drop needs).
  static constexpr int kSpins = 1024;
  static void pause(int spins) {
    if (spins < kSpins - 16) {
#if defined(__x86_64__) || defined(__i386__)
      _mm_pause();
#endif
    } else {
      std::this_thread::yield();
    }
  }

  // A thread's slot: the word (which drop, and where), and how a drop waiting for the one
  // running here sleeps until it ends (a futex through std::atomic::wait; the thread that
  // ends a drop wakes only when someone sleeps, so ending one costs a load otherwise).
  struct alignas(64) Slot {
    std::atomic<uint64_t> word{~uint64_t{0}};
    std::atomic<uint32_t> ended{0};     // drops ended here, a counter to sleep on
    std::atomic<uint32_t> sleepers{0};  // drops asleep, or about to be, on `ended`

    // Sleeps until drop `drop` has left this slot (or returns at once if it has). The counter
    // is read before the word is checked again: an end between them changes it, so the
    // sleep returns at once (and an end after the check sees the sleeper and wakes it).
    void sleep_until_ended(uint64_t drop) {
      sleepers.fetch_add(1, std::memory_order_seq_cst);
      const uint32_t seen = ended.load(std::memory_order_seq_cst);
      const uint64_t now = word.load(std::memory_order_seq_cst);
      if (now != kClaiming && now != kIdle && index_of(now) == drop) {
        ended.wait(seen, std::memory_order_seq_cst);
      }
      sleepers.fetch_sub(1, std::memory_order_seq_cst);
    }
    // After the word says the drop has ended.
    void wake() {
      ended.fetch_add(1, std::memory_order_seq_cst);
      if (sleepers.load(std::memory_order_seq_cst) != 0) ended.notify_all();
    }
  };
  uint64_t drops_ = 0;
  int threads_ = 0;
  int margin_ = 3;
  alignas(64) std::atomic<uint64_t> next_{0};
  alignas(64) std::atomic<uint64_t> waited_{0};
  Slot slots_[kMostThreads];
};

}  // namespace terrain
