// terrain-cli's progress line (see progress.h).
#include "cli/progress.h"

#include <atomic>
#include <exception>
#include <thread>

namespace terrain::cli {
namespace {

using namespace std::chrono_literals;

// Quiet for this long: a run that ends sooner prints no progress at all.
constexpr auto kQuietFor = 1s;
// How often the line is refreshed on a terminal (often enough to look live)...
constexpr auto kTerminalEvery = 100ms;
// ... and how often a plain line is written to a log.
constexpr auto kLogEvery = 1s;

}  // namespace

Progress::Progress(std::FILE* out, bool terminal, Clock::time_point start)
    : out_(out), terminal_(terminal), start_(start) {}

void Progress::show(const std::string& line) {
  if (terminal_) {
    // Rewrites the line in place; spaces wipe what a longer previous line left.
    std::string padded = line;
    if (padded.size() < line_length_) padded.append(line_length_ - padded.size(), ' ');
    std::fprintf(out_, "\r%s", padded.c_str());
    line_length_ = line.size();
  } else {
    std::fprintf(out_, "%s\n", line.c_str());
  }
  std::fflush(out_);
  last_shown_ = Clock::now();
  shown_any_ = true;
}

void Progress::stage(std::string_view text) {
  if (Clock::now() - start_ < kQuietFor) return;
  show(std::string(text));
}

void Progress::count(std::string_view what, uint64_t done, uint64_t total, std::string_view unit) {
  const auto now = Clock::now();
  if (now - start_ < kQuietFor) return;
  const bool last = done >= total;
  const auto every = terminal_ ? kTerminalEvery : kLogEvery;
  if (shown_any_ && !last && now - last_shown_ < every) return;
  const uint64_t percent = total == 0 ? 100 : done * 100 / total;
  show(std::string(what) + ": " + with_thousands(done) + " / " + with_thousands(total) + " " +
       std::string(unit) + " (" + std::to_string(percent) + "%)");
}

void Progress::finish() {
  if (terminal_ && line_length_ > 0) {
    std::fputc('\n', out_);
    std::fflush(out_);
    line_length_ = 0;
  }
}

void run_watched(Progress& progress, std::string_view what, session::Work& work,
                 const std::function<void()>& work_fn) {
  std::exception_ptr error;
  std::atomic<bool> done{false};
  std::thread worker([&] {
    try {
      work_fn();
    } catch (...) {
      error = std::current_exception();
    }
    done.store(true, std::memory_order_release);
  });
  while (!done.load(std::memory_order_acquire)) {
    std::this_thread::sleep_for(20ms);
    if (work.total() > 0) progress.count(what, work.done(), work.total(), "drops");
  }
  worker.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace terrain::cli
