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
// Lanes: which thread runs which drop. Threads that share a map's every part slow each other
// down: a cell one core has just changed must come over from the other core's cache before
// this one can read it (on the 2-core development machine at 1280 x 720, with no order kept,
// a throwaway measurement: drops handed out in turn ran at 1.52x one thread's speed, drops
// split by halves of the map at 1.95x).
// So the map is cut into vertical strips, one a thread (its lane), and a thread runs the drops
// that land in its strip, in drop order. A drop then need not wait for every earlier drop to
// have started, only for the earlier ones of other lanes that could meet it:
//
// - Two drops can touch the same cell only if they land within apart() columns of each other
//   (each moves at most MAX_STEPS - 1 + kSlack cells and touches a step's margin around it).
// - A drop landing more than apart() + 1 columns from every cut (an inner drop) can meet no
//   drop of another lane: that lane's drops land on the other side of a cut. It runs with no
//   gate at all, and publishes nothing while it rolls.
// - A drop within that band (an edge drop) runs under the gate. It looks at the edge drops of
//   the other lanes that come before it and have not ended: the one each lane is running
//   (whose place it publishes before each step, as above) and those not yet started (which
//   could still reach anything within their whole reach of where they land).
// - A lane runs its drops in drop order, so its slot says which of its drops have ended: the
//   ones before the drop it runs. The thread running the lowest drop of all never waits (every
//   earlier drop has ended), so the rain always moves on.
// - An edge drop looks at no more than kMostEarlier drops of the other lanes; a lane further
//   ahead than that waits for the others to catch up.
// Where the cuts fall changes only the speed, never the result: they are set, batch by batch,
// where the last batch's steps split evenly.
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
  // The most drops in one batch (two index values are kept for a slot's idle and not-yet
  // states) and the widest and tallest map whose cells a word can hold.
  static constexpr uint64_t kMostBatch = (uint64_t{1} << kIndexBits) - 2;
  static constexpr int kMostCells = 1 << kCellBits;
  // How far rounding can carry a drop beyond one cell a step over a whole life: each step's
  // direction is within 2^-52 of unit length and each sum rounds by at most an ulp of a
  // coordinate below 2^21, so the drift over MAX_STEPS steps is far below a cell; one cell is
  // plenty.
  static constexpr int kSlack = 1;
  static constexpr int kMostThreads = 64;
  static constexpr int kMostEarlier = 256;

  // The cells a step reaches from the cell it starts in, for a brush of `brush_radius`: the
  // brush's radius (at least one cell) plus two for the next position's corners (it may be
  // two cells on, with rounding) and their right and bottom neighbours.
  static int step_margin(int brush_radius) { return std::max(brush_radius, 1) + 2; }
  // How far apart (in columns or rows) two drops must land never to touch the same cell.
  static int apart(int brush_radius) {
    return 2 * (sketch::MAX_STEPS - 1 + kSlack + step_margin(brush_radius));
  }

  // A new batch on `lanes` lanes (at most kMostThreads) for a brush of `brush_radius`. Lane
  // t runs drops queue[first[t]] .. queue[first[t + 1] - 1], in increasing order; the edge
  // drops among them are also edges[edge_first[t]] .. edges[edge_first[t + 1] - 1]. The
  // arrays must outlive the batch.
  void begin(int lanes, int brush_radius, const uint32_t* queue, const uint32_t* first,
             const uint32_t* edges, const uint32_t* edge_first) {
    lanes_ = lanes;
    margin_ = step_margin(brush_radius);
    apart_ = apart(brush_radius);
    queue_ = queue;
    first_ = first;
    edges_ = edges;
    edge_first_ = edge_first;
    for (int t = 0; t < lanes; t++) {
      Slot& slot = slots_[t];
      slot.word.store(kBefore, std::memory_order_relaxed);
      slot.next = first[t];
      slot.next_edge = edge_first[t];
      progress_[t].edges_started.store(edge_first[t], std::memory_order_relaxed);
    }
    waited_.store(0, std::memory_order_relaxed);
  }

  // The next drop of lane `lane`, published as started (`cell_of(k, cx, cy)` gives drop k's
  // landing cell), and whether it is an edge drop; false when the lane has no more. The
  // word's store also says the lane's drop before has ended.
  template <typename CellOf>
  bool claim(int lane, uint64_t& drop, bool& edge, CellOf cell_of) {
    Slot& slot = slots_[lane];
    if (slot.next == first_[lane + 1]) {
      slot.word.store(kIdle, std::memory_order_seq_cst);
      slot.wake();
      return false;
    }
    drop = queue_[slot.next++];
    edge = slot.next_edge < edge_first_[lane + 1] && edges_[slot.next_edge] == drop;
    int cx = 0;
    int cy = 0;
    cell_of(drop, cx, cy);
    slot.word.store(pack(drop, 0, cx, cy), std::memory_order_seq_cst);
    if (edge) progress_[lane].edges_started.store(++slot.next_edge, std::memory_order_seq_cst);
    slot.wake();
    return true;
  }

  // Lets an edge drop run only once no earlier drop of another lane can reach its steps'
  // cells. Made when the drop starts, on its lane's thread; before_step() before each step.
  class Gate {
   public:
    template <typename CellOf>
    Gate(DropOrder& order, int lane, uint64_t drop, CellOf cell_of)
        : order_(order), lane_(lane), index_(drop) {
      int cx = 0;
      int cy = 0;
      cell_of(drop, cx, cy);
      // Drops landing farther than this from where this one lands never meet it.
      const int far = order.apart_;
      for (int spins = 0;; spins++) {
        count_ = 0;
        bool full = false;
        for (int t = 0; t < order.lanes_ && !full; t++) {
          if (t == lane) continue;
          // The lane's edge drops from the last one it started (which may still run) on,
          // up to this drop: every earlier edge drop of it that may not have ended.
          const uint32_t started = order.progress_[t].edges_started.load(std::memory_order_seq_cst);
          uint32_t p = started > order.edge_first_[t] ? started - 1 : started;
          for (; p < order.edge_first_[t + 1] && order.edges_[p] < drop; p++) {
            const uint32_t j = order.edges_[p];
            int jx = 0;
            int jy = 0;
            cell_of(j, jx, jy);
            if (std::abs(jx - cx) > far || std::abs(jy - cy) > far) continue;
            if (count_ == kMostEarlier) {
              full = true;
              break;
            }
            Earlier& e = earlier_[count_++];
            e.lane = t;
            e.drop = j;
            order.reach(pack(j, 0, jx, jy), e);  // its whole reach, until it is seen running
            e.far_until = 0;
          }
        }
        if (!full) return;
        pause(spins);  // far ahead of another lane: let it catch up
      }
    }

    // Before step `step` of this drop, in cell (cx, cy): publishes where the drop is (its
    // earlier steps' writes go with it), then waits while an earlier drop can still reach a
    // cell this step touches.
    void before_step(int step, int cx, int cy) {
      order_.slots_[lane_].word.store(pack(index_, step, cx, cy), std::memory_order_release);
      for (int k = 0; k < count_;) {
        Earlier& e = earlier_[k];
        if (step < e.far_until) {
          k++;
          continue;
        }
        if (!near(e, cx, cy)) {
          // This drop moves a cell a step (two cells of rounding over its life and a cell's
          // floor aside), and e's reach never grows: no need to look at e again for a while.
          const int beyond = std::max(std::abs(cx - e.cx), std::abs(cy - e.cy)) - e.reach;
          e.far_until = step + beyond - 2;
          k++;
          continue;
        }
        if (!wait_for(e, cx, cy)) {
          k++;
          continue;
        }
        earlier_[k] = earlier_[--count_];  // ended: it holds nothing back any more
      }
    }

   private:
    friend class DropOrder;
    struct Earlier {
      int lane;
      uint64_t drop;
      int cx, cy;
      int reach;      // its reach plus this drop's step margin
      int far_until;  // the first step of this drop that may come within its reach
    };
    static bool near(const Earlier& e, int cx, int cy) {
      return std::abs(cx - e.cx) <= e.reach && std::abs(cy - e.cy) <= e.reach;
    }
    // Waits until `e` ends (true) or no longer reaches (cx, cy)'s step (false).
    bool wait_for(Earlier& e, int cx, int cy) {
      Slot& slot = order_.slots_[e.lane];
      for (int spins = 0;; spins++) {
        const uint64_t word = slot.word.load(std::memory_order_acquire);
        // Its lane is idle or has moved past it: it has ended, and its writes happened before
        // the store that says so.
        if (word == kIdle) return true;
        if (word != kBefore) {
          const uint64_t running = index_of(word);
          if (running > e.drop) return true;
          if (running == e.drop) order_.reach(word, e);
        }
        // Not started yet (the lane is on an earlier drop): its whole reach stands.
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
    int lane_;
    uint64_t index_;
    bool waited_ = false;
    Earlier earlier_[kMostEarlier];
    int count_ = 0;
  };

  // How many drops of the batch waited for an earlier one at least once.
  uint64_t waited() const { return waited_.load(std::memory_order_relaxed); }

 private:
  static constexpr uint64_t kIdle = ~uint64_t{0};        // the lane has run all its drops
  static constexpr uint64_t kBefore = ~uint64_t{0} - 1;  // the lane has started none yet

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

  // A lane's slot: the word (which drop, and where), how a drop waiting for one of this
  // lane's sleeps until it ends (a futex through std::atomic::wait; a new word wakes only
  // when someone sleeps, so it costs a load otherwise), and the lane's own place in its
  // queue (read by its thread alone).
  struct alignas(64) Slot {
    std::atomic<uint64_t> word{kIdle};
    std::atomic<uint32_t> ended{0};     // changes when a sleeper is to look again
    std::atomic<uint32_t> sleepers{0};  // drops asleep, or about to be, on `ended`
    uint32_t next = 0;                  // the lane's next drop, in queue_
    uint32_t next_edge = 0;             // and its next edge drop, in edges_

    // Sleeps until drop `drop` of this lane has ended (or returns at once if it has). The
    // counter is read before the word is checked: a new word between them is followed by a
    // change of the counter (the waker sees this sleeper), so the sleep returns at once.
    void sleep_until_ended(uint64_t drop) {
      sleepers.fetch_add(1, std::memory_order_seq_cst);
      const uint32_t seen = ended.load(std::memory_order_seq_cst);
      const uint64_t now = word.load(std::memory_order_seq_cst);
      if (now == kBefore || (now != kIdle && index_of(now) <= drop)) {
        ended.wait(seen, std::memory_order_seq_cst);
      }
      sleepers.fetch_sub(1, std::memory_order_seq_cst);
    }
    // After a new word: wakes the drops asleep on this lane, if any. (A sleeper counted after
    // the check below reads the new word before it sleeps.)
    void wake() {
      if (sleepers.load(std::memory_order_seq_cst) != 0) {
        ended.fetch_add(1, std::memory_order_seq_cst);
        ended.notify_all();
      }
    }
  };
  // What other lanes read of a lane when an edge drop starts: how many of its edge drops it
  // has started (edges_[edge_first_[t]] .. before this have started). Apart from the slot,
  // whose word changes at every step of an edge drop.
  struct alignas(64) Progress {
    std::atomic<uint32_t> edges_started{0};
  };
  int lanes_ = 0;
  int margin_ = 3;
  int apart_ = 0;
  const uint32_t* queue_ = nullptr;
  const uint32_t* first_ = nullptr;
  const uint32_t* edges_ = nullptr;
  const uint32_t* edge_first_ = nullptr;
  alignas(64) std::atomic<uint64_t> waited_{0};
  Slot slots_[kMostThreads];
  Progress progress_[kMostThreads];
};

}  // namespace terrain
