// Threads sharing a loop (see work_threads.h).
#include "render/geometry/work_threads.h"

#include <algorithm>

namespace terrain::render {

WorkThreads::WorkThreads(int count) {
  if (count <= 0) count = static_cast<int>(std::thread::hardware_concurrency());
  count = std::clamp(count, 1, kMost);
  threads_.reserve(static_cast<std::size_t>(count - 1));
  for (int k = 1; k < count; k++) threads_.emplace_back([this, k] { serve(k); });
}

WorkThreads::~WorkThreads() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& t : threads_) t.join();
}

// Takes iterations until none are left.
void WorkThreads::work(int thread) {
  for (int i = next_.fetch_add(1); i < n_; i = next_.fetch_add(1)) body_(context_, i, thread);
}

void WorkThreads::serve(int thread) {
  uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    work(thread);
    {
      std::lock_guard lock(mutex_);
      busy_--;
    }
    finished_.notify_one();
  }
}

void WorkThreads::run(int n, void (*body)(void*, int, int), void* context) {
  if (n <= 0) return;
  if (threads_.empty() || n == 1) {
    for (int i = 0; i < n; i++) body(context, i, 0);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    body_ = body;
    context_ = context;
    n_ = n;
    next_.store(0);
    busy_ = static_cast<int>(threads_.size());
    generation_++;
  }
  start_.notify_all();
  work(0);
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [&] { return busy_ == 0; });
}

}  // namespace terrain::render
