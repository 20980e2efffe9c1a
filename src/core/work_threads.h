// A few threads that share the iterations of one loop with the thread that asks.
//
// The rain shares a batch's drops between them (rain.h, drop_order.h), on every core.
// The CPU painter (map_raster.h) splits a frame into rows and bands that need nothing from
// each other; with a software GL the cores are otherwise idle while it paints. The threads are
// started once and wait between loops, so a steady frame creates no thread and allocates
// nothing. A frame's loops follow each other within a fraction of a millisecond (the view's
// cells, the contours and rivers, the tiles, the painting), and waking a sleeping thread
// costs tens of microseconds, so between loops the threads, and the caller waiting for them,
// first spin for up to kSpin before they sleep.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace terrain {

class WorkThreads {
 public:
  // `count` threads in all, the caller included (so count - 1 are started); 0 picks one per
  // hardware thread, at most kMost.
  explicit WorkThreads(int count = 0);
  WorkThreads(const WorkThreads&) = delete;
  WorkThreads& operator=(const WorkThreads&) = delete;
  ~WorkThreads();

  static constexpr int kMost = 64;
  static constexpr std::chrono::microseconds kSpin{200};
  int count() const { return static_cast<int>(threads_.size()) + 1; }

  // Calls body(i, thread) for every i in [0, n), the iterations shared between the threads
  // and the caller in any order (`thread`, 0 .. count() - 1, says which thread runs it, for
  // scratch of its own), and returns when all are done. `body` must not throw. A loop asked
  // for while another caller's is running runs on the caller's thread alone (as thread 0).
  // Says a loop is coming soon: the threads wake now and spin for up to kPrimed waiting for
  // it, so that the loop does not wait for them to wake.
  void prime();
  static constexpr std::chrono::microseconds kPrimed{2000};

  template <typename Body>
  void run(int n, Body& body) {
    run(n, &call<Body>, &body, true);
  }
  // The same, for loops whose iterations wait on each other (the rain's lanes, drop_order.h):
  // only if every iteration can have a thread of its own at once (n <= count() and no other
  // caller's loop running). Otherwise runs nothing and returns false: run one after another
  // on one thread, an iteration waiting for a later one would wait forever.
  template <typename Body>
  bool run_together(int n, Body& body) {
    if (n > count()) return false;
    return run(n, &call<Body>, &body, false);
  }

 private:
  template <typename Body>
  static void call(void* context, int i, int thread) {
    (*static_cast<Body*>(context))(i, thread);
  }
  // False, and nothing run, when the loop cannot be shared and `alone` (run on this thread
  // alone instead) is false.
  bool run(int n, void (*body)(void*, int, int), void* context, bool alone);
  void serve(int thread);
  void work(int thread);

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable finished_;
  std::atomic<uint64_t> generation_{0};  // a new loop to share
  std::atomic<uint64_t> primed_{0};      // prime() calls
  std::atomic<bool> stopping_{false};
  std::atomic<int> busy_{0};        // threads still in the current loop
  std::atomic<bool> taken_{false};  // a caller's loop is running
  // The current loop.
  void (*body_)(void*, int, int) = nullptr;
  void* context_ = nullptr;
  int n_ = 0;
  std::atomic<int> next_{0};
};

}  // namespace terrain
