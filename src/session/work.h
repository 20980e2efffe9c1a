// Long work, watched and stoppable: the rain of a big command, the replay of a history to a far
// place, the replay a map file's place or its proof asks for. Whoever does the work (a worker
// thread of the live model, terrain-cli's main thread) counts what it has done on a Work and
// looks at it between pieces of at most kWorkPiece drops (about 5 ms of rain on the sketch's
// map): whoever watches (the window's thread, a signal handler) reads the count for a progress
// bar and asks it to stop, and the work stops within a piece by throwing WorkStopped.
//
// What was stopped is the caller's to undo: the live model's workers work on copies, so a
// stopped job changes nothing; terrain-cli writes nothing. Everything here is lock-free, so a
// signal handler may call stop().
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>

namespace terrain::session {

// Drops rained between two looks at a Work (and between two counts of its progress).
inline constexpr uint64_t kWorkPiece = 2000;

// Thrown by Work::check() once stop() has been asked for.
class WorkStopped : public std::exception {
 public:
  const char* what() const noexcept override { return "stopped"; }
};

class Work {
 public:
  // How much there is to do, and how much is done, in replay cost units (a drop is one:
  // History::replay_cost).
  void set_total(uint64_t total) { total_.store(total, std::memory_order_relaxed); }
  void advance(uint64_t done) { done_.fetch_add(done, std::memory_order_relaxed); }
  uint64_t total() const { return total_.load(std::memory_order_relaxed); }
  uint64_t done() const { return done_.load(std::memory_order_relaxed); }

  // Asks the work to stop at its next look (from any thread, or a signal handler).
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  bool stopping() const { return stop_.load(std::memory_order_relaxed); }
  // The work's look: throws WorkStopped once stop() was asked for.
  void check() const {
    if (stopping()) throw WorkStopped();
  }

 private:
  std::atomic<uint64_t> total_{0};
  std::atomic<uint64_t> done_{0};
  std::atomic<bool> stop_{false};
  static_assert(std::atomic<bool>::is_always_lock_free &&
                    std::atomic<uint64_t>::is_always_lock_free,
                "a signal handler stops the work");
};

}  // namespace terrain::session
