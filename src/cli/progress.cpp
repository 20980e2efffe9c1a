// terrain-cli's progress line (see progress.h).
#include "cli/progress.h"

#include <atomic>
#include <cstdio>
#include <exception>
#include <thread>

namespace terrain::cli {
namespace {

using namespace std::chrono_literals;

// Quiet for this long: a run that ends sooner prints no progress at all.
constexpr auto kQuietFor = 1s;
// How often the line is refreshed on a terminal (often enough to look live)...
constexpr auto kTerminalEvery = 100ms;
// ... and how often a plain line is written to a log (a few seconds: a big map's rain runs for
// minutes, and its log stays readable).
constexpr auto kLogEvery = 3s;
// The bar's width on a terminal, in characters.
constexpr int kBarWidth = 24;

// "45 s", "3 min 05 s", "1 h 02 min": how long is left, to the second under an hour.
std::string duration_text(double seconds) {
  const auto s = static_cast<uint64_t>(seconds + 0.5);
  char text[64];
  if (s < 60) {
    std::snprintf(text, sizeof text, "%llu s", static_cast<unsigned long long>(s));
  } else if (s < 3600) {
    std::snprintf(text, sizeof text, "%llu min %02llu s", static_cast<unsigned long long>(s / 60),
                  static_cast<unsigned long long>(s % 60));
  } else {
    std::snprintf(text, sizeof text, "%llu h %02llu min", static_cast<unsigned long long>(s / 3600),
                  static_cast<unsigned long long>(s / 60 % 60));
  }
  return text;
}

}  // namespace

Progress::Progress(std::FILE* out, bool terminal, Clock::time_point start)
    : out_(out), terminal_(terminal), start_(start) {}

void Progress::show(const std::string& line, Clock::time_point now) {
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
  last_shown_ = now;
  shown_any_ = true;
}

void Progress::stage(std::string_view text) {
  if (Clock::now() - start_ < kQuietFor) return;
  show(std::string(text), Clock::now());
}

void Progress::count_at(std::string_view what, uint64_t done, uint64_t total, std::string_view unit,
                        Clock::time_point now) {
  if (now - start_ < kQuietFor) return;
  const bool last = done >= total;
  const auto every = terminal_ ? kTerminalEvery : kLogEvery;
  if (shown_any_ && !last && now - last_shown_ < every) return;
  // The stage's pace, from where it was first counted.
  if (what != counting_ || done < counted_from_) {
    counting_ = what;
    counting_since_ = now;
    counted_from_ = done;
  }
  const uint64_t percent = total == 0 ? 100 : done * 100 / total;
  std::string line;
  if (terminal_) {
    // A bar: filled as far as the work is done.
    const int filled = total == 0 ? kBarWidth : static_cast<int>(done * kBarWidth / total);
    line = "[" + std::string(static_cast<std::size_t>(filled), '#') +
           std::string(static_cast<std::size_t>(kBarWidth - filled), '.') + "] ";
  }
  line += std::string(what) + ": " + with_thousands(done) + " / " + with_thousands(total) + " " +
          std::string(unit) + " (" + std::to_string(percent) + "%)";
  // How long is left at the pace so far, once there is a pace to go by.
  const double seconds = std::chrono::duration<double>(now - counting_since_).count();
  if (!last && done > counted_from_ && seconds >= 0.5) {
    const double rate = static_cast<double>(done - counted_from_) / seconds;
    line += ", about " + duration_text(static_cast<double>(total - done) / rate) + " left";
  }
  show(line, now);
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
