// terrain-cli's progress line on stderr, for runs that take more than a second.
//
// Nothing is shown during the first second, so quick runs stay quiet. After that, on a
// terminal one line is rewritten in place ('\r') a few times a second, with a bar; anywhere
// else (a log file, a pipe) a plain line is written every three seconds, so logs stay short and
// readable. A counted stage says how long is left at its pace so far ("about 3 min 05 s left").
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

#include "core/number_text.h"
#include "session/work.h"

namespace terrain::cli {

using terrain::with_thousands;  // 1234567 -> "1,234,567" (core/number_text.h)

class Progress {
 public:
  using Clock = std::chrono::steady_clock;

  // Reports to `out`; `terminal` picks the rewritten line over plain lines. Times count from
  // `start` (the program's start).
  Progress(std::FILE* out, bool terminal, Clock::time_point start);

  // A stage begins, e.g. "drainage: 57,600 cells". Shown once past the first second.
  void stage(std::string_view text);
  // Work done so far in a counted stage: "rain: 120,000 / 300,000 drops (40%)". Cheap to call
  // often: it prints only when a line is due. The last call (done == total) is shown if
  // anything of the stage was.
  void count(std::string_view what, uint64_t done, uint64_t total, std::string_view unit) {
    count_at(what, done, total, unit, Clock::now());
  }
  // The same at a given time (the tests' clock).
  void count_at(std::string_view what, uint64_t done, uint64_t total, std::string_view unit,
                Clock::time_point now);
  // Milliseconds since `start`.
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
  }
  // Ends the rewritten line, if one is showing, so later output starts on a fresh line.
  void finish();

 private:
  void show(const std::string& line, Clock::time_point now);

  std::FILE* out_;
  bool terminal_;
  Clock::time_point start_;
  Clock::time_point last_shown_{};
  bool shown_any_ = false;       // something has been printed
  std::size_t line_length_ = 0;  // length of the line showing on a terminal (0: none)
  // The counted stage showing, when it was first counted and how far it was then (its pace
  // gives the time left).
  std::string counting_;
  Clock::time_point counting_since_{};
  uint64_t counted_from_ = 0;
};

// Runs `work_fn` (long work that counts what it does on `work`, session/work.h) on a thread of
// its own while this one shows its progress ("opening map.tsmap: 120,000 / 4,096,000 drops
// (3%)") and waits; what it throws is thrown here. A signal's stop() reaches the work through
// `work` (the waiting needs none of it).
void run_watched(Progress& progress, std::string_view what, session::Work& work,
                 const std::function<void()>& work_fn);

}  // namespace terrain::cli
