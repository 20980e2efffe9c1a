// Threads sharing a loop (see work_threads.h).
#include "core/work_threads.h"

#include <algorithm>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace terrain {

WorkThreads::WorkThreads(int count) {
  if (count <= 0) count = static_cast<int>(std::thread::hardware_concurrency());
  count = std::clamp(count, 1, kMost);
  threads_.reserve(static_cast<std::size_t>(count - 1));
  for (int k = 1; k < count; k++) threads_.emplace_back([this, k] { serve(k); });
}

WorkThreads::~WorkThreads() {
  {
    std::lock_guard lock(mutex_);
    stopping_.store(true);
  }
  start_.notify_all();
  for (std::thread& t : threads_) t.join();
}

namespace {

// Spins while `waiting()` holds, for at most kSpin; true if it stopped holding.
template <typename Waiting>
bool spin_while(Waiting waiting, std::chrono::microseconds limit = WorkThreads::kSpin) {
  const auto until = std::chrono::steady_clock::now() + limit;
  for (int k = 0;; k++) {
    if (!waiting()) return true;
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#endif
    if ((k & 63) == 63 && std::chrono::steady_clock::now() > until) return !waiting();
  }
}

}  // namespace

// Takes iterations until none are left.
void WorkThreads::work(int thread) {
  for (int i = next_.fetch_add(1); i < n_; i = next_.fetch_add(1)) body_(context_, i, thread);
}

void WorkThreads::serve(int thread) {
  uint64_t seen = 0;
  uint64_t primed = 0;
  for (;;) {
    const auto waiting = [&] { return !stopping_.load() && generation_.load() == seen; };
    spin_while(waiting);
    {
      std::unique_lock lock(mutex_);
      start_.wait(lock, [&] {
        return stopping_.load() || generation_.load() != seen || primed_.load() != primed;
      });
      if (stopping_.load()) return;
      if (generation_.load() == seen) {
        // Primed: a loop is coming; spin for it rather than sleep.
        primed = primed_.load();
        lock.unlock();
        spin_while(waiting, kPrimed);
        continue;
      }
      seen = generation_.load();
      primed = primed_.load();
    }
    work(thread);
    {
      std::lock_guard lock(mutex_);
      busy_.fetch_sub(1);
    }
    finished_.notify_one();
  }
}

void WorkThreads::prime() {
  if (threads_.empty()) return;
  {
    std::lock_guard lock(mutex_);
    primed_.fetch_add(1);
  }
  start_.notify_all();
}

bool WorkThreads::run(int n, void (*body)(void*, int, int), void* context, bool alone) {
  if (n <= 0) return true;
  if (n == 1) {
    body(context, 0, 0);
    return true;
  }
  if (threads_.empty() || taken_.exchange(true, std::memory_order_acquire)) {
    if (!alone) return false;
    for (int i = 0; i < n; i++) body(context, i, 0);
    return true;
  }
  struct Release {
    std::atomic<bool>& taken;
    ~Release() { taken.store(false, std::memory_order_release); }
  } release{taken_};
  {
    std::lock_guard lock(mutex_);
    body_ = body;
    context_ = context;
    n_ = n;
    next_.store(0);
    busy_.store(static_cast<int>(threads_.size()));
    generation_.fetch_add(1);
  }
  start_.notify_all();
  work(0);
  if (spin_while([&] { return busy_.load() != 0; })) {
    // Done while spinning; the lock orders this thread after the others' last writes.
    std::lock_guard lock(mutex_);
    return true;
  }
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [&] { return busy_.load() == 0; });
  return true;
}

}  // namespace terrain
