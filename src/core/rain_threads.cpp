#include "core/rain_threads.h"

#include <memory>
#include <mutex>

namespace terrain {

namespace {

// The process's one set of rain threads (started lazily: a program that never rains, or
// rains on one thread, starts none).
struct Shared {
  std::mutex mutex;
  int asked = 0;
  std::unique_ptr<WorkThreads> threads;
};

Shared& shared() {
  static Shared s;
  return s;
}

}  // namespace

void set_rain_threads(int count) {
  Shared& s = shared();
  std::lock_guard lock(s.mutex);
  if (count == s.asked) return;
  s.asked = count;
  s.threads.reset();
}

int rain_threads_asked() {
  Shared& s = shared();
  std::lock_guard lock(s.mutex);
  return s.asked;
}

WorkThreads* rain_threads() {
  Shared& s = shared();
  std::lock_guard lock(s.mutex);
  if (s.asked == 1) return nullptr;
  if (!s.threads) s.threads = std::make_unique<WorkThreads>(s.asked);
  return s.threads->count() > 1 ? s.threads.get() : nullptr;
}

}  // namespace terrain
