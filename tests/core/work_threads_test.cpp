// WorkThreads, a loop's iterations shared between threads: every index exactly once, thread
// indices in range, iterations that really run at the same time, and many loops in a row.
#include "core/work_threads.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace terrain {
namespace {

TEST(WorkThreads, CountIsTheThreadsAskedForWithinOneAndTheMost) {
  for (int count = 1; count <= WorkThreads::kMost; count++) {
    EXPECT_EQ(WorkThreads(count).count(), count);
  }
  EXPECT_EQ(WorkThreads(WorkThreads::kMost + 5).count(), WorkThreads::kMost);
  const int hardware =
      std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, WorkThreads::kMost);
  EXPECT_EQ(WorkThreads(0).count(), hardware);
  EXPECT_EQ(WorkThreads().count(), hardware);
}

TEST(WorkThreads, RunCallsEveryIndexExactlyOnceOnAThreadInRange) {
  for (int count = 1; count <= 4; count++) {
    WorkThreads threads(count);
    ASSERT_EQ(threads.count(), count);
    for (int n : {0, 1, 2, 7, 1000}) {
      std::vector<std::atomic<int>> calls(static_cast<std::size_t>(n));
      std::atomic<int> bad_thread{0};
      std::atomic<int> bad_index{0};
      auto body = [&](int i, int thread) {
        if (thread < 0 || thread >= count) bad_thread++;
        if (i < 0 || i >= n) {
          bad_index++;
          return;
        }
        calls[static_cast<std::size_t>(i)]++;
      };
      threads.run(n, body);
      EXPECT_EQ(bad_thread.load(), 0) << count << " threads, n = " << n;
      EXPECT_EQ(bad_index.load(), 0) << count << " threads, n = " << n;
      for (int i = 0; i < n; i++) {
        ASSERT_EQ(calls[static_cast<std::size_t>(i)].load(), 1)
            << "index " << i << " of " << n << " with " << count << " threads";
      }
    }
  }
}

// `meet` iterations that each wait until all of them have started: only threads running at the
// same time can finish it. The wait is bounded (long enough for a busy machine to schedule
// every thread, never forever), and a timed-out iteration is counted, not hung.
struct Rendezvous {
  explicit Rendezvous(int iterations) : meet(iterations) {}
  const int meet;
  std::mutex mutex;
  std::condition_variable all_here;
  int arrived = 0;
  int timed_out = 0;
  std::set<int> threads;  // the thread indices that took part
  std::set<std::thread::id> ids;

  void arrive(int thread) {
    std::unique_lock lock(mutex);
    arrived++;
    threads.insert(thread);
    ids.insert(std::this_thread::get_id());
    all_here.notify_all();
    if (!all_here.wait_for(lock, std::chrono::seconds(20), [&] { return arrived >= meet; })) {
      timed_out++;
    }
  }
};

TEST(WorkThreads, IterationsRunAtTheSameTime) {
  for (int count = 2; count <= 4; count++) {
    WorkThreads threads(count);
    // Any number of iterations up to count() can all be running at once: each waits for the
    // others, so no thread can take a second one before all have started.
    for (int meet = 2; meet <= count; meet++) {
      Rendezvous rendezvous(meet);
      auto body = [&](int, int thread) { rendezvous.arrive(thread); };
      threads.run(meet, body);
      EXPECT_EQ(rendezvous.timed_out, 0)
          << meet << " iterations with " << count << " threads did not all run at once";
      EXPECT_EQ(rendezvous.arrived, meet);
      EXPECT_EQ(static_cast<int>(rendezvous.threads.size()), meet)
          << "the iterations running at once share a thread index";
      EXPECT_EQ(static_cast<int>(rendezvous.ids.size()), meet);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

// run_together() runs a loop only when each iteration can have a thread at once: its
// iterations may wait on each other (the rain's lanes). Asked for more iterations than threads,
// or while another loop holds the threads, it runs nothing and says so.
TEST(WorkThreads, RunTogetherRunsEveryIterationAtOnceOrNothing) {
  WorkThreads threads(3);
  Rendezvous rendezvous(3);
  auto meet = [&](int, int thread) { rendezvous.arrive(thread); };
  ASSERT_TRUE(threads.run_together(3, meet));
  EXPECT_EQ(rendezvous.timed_out, 0);
  EXPECT_EQ(rendezvous.arrived, 3);

  int ran = 0;
  auto count = [&](int, int) { ran++; };
  EXPECT_FALSE(threads.run_together(4, count));
  EXPECT_EQ(ran, 0);
  // From inside a loop of the same threads, which holds them.
  std::atomic<int> refused{0};
  auto outer = [&](int i, int) {
    if (i == 0 && !threads.run_together(2, count)) refused++;
  };
  threads.run(2, outer);
  EXPECT_EQ(refused.load(), 1);
  EXPECT_EQ(ran, 0);
  // One iteration needs no other thread.
  EXPECT_TRUE(threads.run_together(1, count));
  EXPECT_EQ(ran, 1);
}

TEST(WorkThreads, ManyLoopsInARow) {
  for (int count : {1, 2, 4}) {
    WorkThreads threads(count);
    long long total = 0;
    long long expected = 0;
    std::atomic<long long> sum{0};
    for (int loop = 0; loop < 2000; loop++) {
      const int n = loop % 9;  // 0 and 1 (run on the caller) among the rest
      auto body = [&](int i, int) { sum += i + 1; };
      threads.run(n, body);
      expected += static_cast<long long>(n) * (n + 1) / 2;
      total = sum.load();
      ASSERT_EQ(total, expected) << "loop " << loop << " with " << count << " threads";
    }
  }
}

TEST(WorkThreads, StartingAndStoppingRepeatedlyNeitherHangsNorLosesWork) {
  for (int k = 0; k < 50; k++) {
    WorkThreads threads(1 + k % 4);
    std::atomic<int> calls{0};
    auto body = [&](int, int) { calls++; };
    if (k % 3 != 0) threads.run(10, body);  // some never run a loop before they stop
    EXPECT_EQ(calls.load(), k % 3 != 0 ? 10 : 0);
  }
}

// prime() says a loop is coming: loops after it, soon or after the threads have gone back to
// sleep, still do all their work; priming with no loop, priming twice, and stopping while
// primed neither hang nor lose anything.
TEST(WorkThreads, PrimedThreadsStillDoEveryLoopAndStopCleanly) {
  for (int count : {1, 2, 3}) {
    WorkThreads threads(count);
    std::atomic<long long> sum{0};
    long long expected = 0;
    auto body = [&](int i, int) { sum += i + 1; };
    for (int loop = 0; loop < 200; loop++) {
      threads.prime();
      if (loop % 7 == 0) threads.prime();
      if (loop % 50 == 0) {
        // Long enough for the primed threads to give up spinning and sleep again.
        std::this_thread::sleep_for(WorkThreads::kPrimed + std::chrono::milliseconds(2));
      }
      threads.run(16, body);
      expected += 16 * 17 / 2;
      ASSERT_EQ(sum.load(), expected) << "loop " << loop << " with " << count << " threads";
    }
    threads.prime();  // and destroyed while primed
  }
}

}  // namespace
}  // namespace terrain
