// A time-lapse of the rain (see timelapse.h).
//
// Sections: checks and messages; the writer's shared state and worker (Impl);
// TimelapseWriter.
#include "io/timelapse.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <initializer_list>
#include <mutex>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "io/atomic_file.h"
#include "io/gif_encoder.h"
#include "io/mp4_encoder.h"

namespace terrain::io {
namespace {

namespace fs = std::filesystem;

// Pieces joined (built with += throughout: GCC 12 warns falsely on "literal" + std::string).
std::string join(std::initializer_list<std::string_view> pieces) {
  std::string text;
  for (const std::string_view piece : pieces) text += piece;
  return text;
}

[[noreturn]] void refuse(const fs::path& path, const std::string& why) {
  throw std::runtime_error(join({"cannot record a time-lapse to ", path.string(), ": ", why}));
}

std::string size_text(int width, int height) {
  return join({std::to_string(width), " x ", std::to_string(height), " pixels"});
}

// Whether `value` lies in lo..hi; if not, refuses naming `what`.
void check_range(const fs::path& path, const char* what, int value, int lo, int hi) {
  if (value >= lo && value <= hi) return;
  refuse(path, join({what, " ", std::to_string(value), ": allowed are ", std::to_string(lo), "..",
                     std::to_string(hi)}));
}

// How many frame buffers the queue holds: queue_frames, but no more than fit in kQueueBytes
// (at least 2), so an 8K recording does not take a gigabyte up front.
constexpr std::size_t kQueueBytes = std::size_t{256} << 20;
std::size_t queue_capacity(const TimelapseOptions& options) {
  const std::size_t frame = std::size_t{4} * static_cast<std::size_t>(options.width) *
                            static_cast<std::size_t>(options.height);
  return std::min(static_cast<std::size_t>(options.queue_frames),
                  std::max(std::size_t{2}, kQueueBytes / frame));
}

// A GIF frame's delay for a playback rate: 100 / fps centiseconds, rounded, at least 2.
int gif_delay(int frames_per_second) {
  return std::max(2, (100 + frames_per_second / 2) / frames_per_second);
}

}  // namespace

std::optional<TimelapseFormat> timelapse_format_for(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".gif") return TimelapseFormat::gif;
  if (extension == ".mp4") return TimelapseFormat::mp4;
  return std::nullopt;
}

// --- Impl: the queue between the caller and the worker ------------------------------------

class TimelapseWriter::Impl {
 public:
  Impl(fs::path path, const TimelapseOptions& options, std::unique_ptr<GifEncoder> gif,
       std::unique_ptr<Mp4Encoder> mp4)
      : path_(std::move(path)),
        when_full_(options.when_full),
        frame_bytes_(std::size_t{4} * static_cast<std::size_t>(options.width) *
                     static_cast<std::size_t>(options.height)),
        gif_(std::move(gif)),
        mp4_(std::move(mp4)) {
    const std::size_t capacity = io::queue_capacity(options);
    slots_.resize(capacity);
    for (auto& slot : slots_) slot.resize(frame_bytes_);
    ring_.resize(capacity);
    for (std::size_t i = capacity; i-- > 0;) free_.push_back(i);
    worker_ = std::thread([this] { run(); });
  }

  ~Impl() {
    if (worker_.joinable()) worker_.join();
  }

  bool add_frame(std::span<const uint8_t> rgba);
  void finish_in_background();
  void wait();
  void cancel();
  TimelapseProgress progress() const {
    std::lock_guard lock(mutex_);
    return progress_;
  }
  bool finish_requested() const {
    std::lock_guard lock(mutex_);
    return finish_requested_;
  }
  std::thread::id worker_id() const {
    std::lock_guard lock(mutex_);
    return worker_id_;
  }

 private:
  void run();
  void encode(std::span<const uint8_t> frame) {
    if (gif_) {
      gif_->add_frame(frame);
    } else {
      mp4_->add_frame(frame);
    }
  }
  std::vector<uint8_t> finish_encoder() { return gif_ ? gif_->finish() : mp4_->finish(); }
  // Records a failure (message already naming the path) and wakes a waiting caller.
  void fail(std::string message);

  const fs::path path_;
  const TimelapseOptions::WhenFull when_full_;
  const std::size_t frame_bytes_;
  // Only the worker touches the encoders once it runs.
  std::unique_ptr<GifEncoder> gif_;
  std::unique_ptr<Mp4Encoder> mp4_;

  mutable std::mutex mutex_;
  std::condition_variable work_;   // the worker waits for frames, finish or cancel
  std::condition_variable space_;  // the caller waits for a free buffer
  // Frame buffers: a slot is free (in free_), being filled by the caller (in neither), queued
  // (in ring_) or being encoded (in neither).
  std::vector<std::vector<uint8_t>> slots_;
  std::vector<std::size_t> free_;
  std::vector<std::size_t> ring_;
  std::size_t head_ = 0;
  std::size_t queued_ = 0;
  bool finish_requested_ = false;
  bool cancel_requested_ = false;
  TimelapseProgress progress_;
  std::thread::id worker_id_;  // the thread the last frame was encoded on
  std::thread worker_;
};

bool TimelapseWriter::Impl::add_frame(std::span<const uint8_t> rgba) {
  if (rgba.size() != frame_bytes_) {
    throw std::invalid_argument(
        join({"time-lapse frame of ", std::to_string(rgba.size()), " bytes: ", path_.string(),
              " takes frames of ", std::to_string(frame_bytes_), " bytes (RGBA8)"}));
  }
  std::unique_lock lock(mutex_);
  if (cancel_requested_) throw std::logic_error("TimelapseWriter::add_frame after cancel()");
  if (finish_requested_) throw std::logic_error("TimelapseWriter::add_frame after finish()");
  if (progress_.state == TimelapseProgress::State::failed) return false;
  if (free_.empty()) {
    if (when_full_ == TimelapseOptions::WhenFull::drop) {
      progress_.frames_dropped++;
      return false;
    }
    space_.wait(lock, [this] {
      return !free_.empty() || progress_.state == TimelapseProgress::State::failed;
    });
    if (free_.empty()) return false;
  }
  const std::size_t slot = free_.back();
  free_.pop_back();
  lock.unlock();
  // The copy is made outside the lock: the worker never waits for it.
  std::memcpy(slots_[slot].data(), rgba.data(), frame_bytes_);
  lock.lock();
  ring_[(head_ + queued_) % ring_.size()] = slot;
  queued_++;
  progress_.frames_added++;
  lock.unlock();
  work_.notify_one();
  return true;
}

void TimelapseWriter::Impl::finish_in_background() {
  {
    std::lock_guard lock(mutex_);
    if (cancel_requested_) throw std::logic_error("TimelapseWriter::finish after cancel()");
    if (finish_requested_) return;
    finish_requested_ = true;
    if (progress_.state == TimelapseProgress::State::recording) {
      progress_.state = TimelapseProgress::State::finishing;
    }
  }
  work_.notify_one();
}

void TimelapseWriter::Impl::wait() {
  if (worker_.joinable()) worker_.join();
}

void TimelapseWriter::Impl::cancel() {
  {
    std::lock_guard lock(mutex_);
    cancel_requested_ = true;
  }
  work_.notify_one();
  wait();
}

void TimelapseWriter::Impl::fail(std::string message) {
  {
    std::lock_guard lock(mutex_);
    progress_.state = TimelapseProgress::State::failed;
    progress_.error = std::move(message);
  }
  space_.notify_all();
}

void TimelapseWriter::Impl::run() {
  const std::string prefix = join({"cannot write ", path_.string(), ": "});
  // Frees the encoders, and the buffers once the caller can no longer be filling one (the
  // writer may be kept around after it is done).
  auto release = [this] {
    gif_.reset();
    mp4_.reset();
    std::lock_guard lock(mutex_);
    if (finish_requested_ || cancel_requested_) std::vector<std::vector<uint8_t>>().swap(slots_);
  };
  for (;;) {
    std::size_t slot = 0;
    {
      std::unique_lock lock(mutex_);
      work_.wait(lock, [this] { return cancel_requested_ || queued_ > 0 || finish_requested_; });
      if (cancel_requested_) {
        if (progress_.state != TimelapseProgress::State::failed) {
          progress_.state = TimelapseProgress::State::cancelled;
        }
        lock.unlock();
        release();
        return;
      }
      if (queued_ == 0) break;  // finishing, and every frame is encoded
      slot = ring_[head_];
      head_ = (head_ + 1) % ring_.size();
      queued_--;
    }
    try {
      encode(slots_[slot]);
    } catch (const std::exception& e) {
      fail(prefix + e.what());
      release();
      return;
    }
    {
      std::lock_guard lock(mutex_);
      free_.push_back(slot);
      progress_.frames_encoded++;
      worker_id_ = std::this_thread::get_id();
    }
    space_.notify_one();
  }

  // Finishing: the container closed in memory, then the file put in place whole.
  try {
    if (progress().frames_added == 0) {
      fail(prefix + "no frames were recorded");
      release();
      return;
    }
    const std::vector<uint8_t> bytes = finish_encoder();
    {
      std::lock_guard lock(mutex_);
      if (cancel_requested_) progress_.state = TimelapseProgress::State::cancelled;
    }
    if (progress().state != TimelapseProgress::State::cancelled) {
      write_file_atomically(path_, bytes, WriteMode::never_overwrite);
      std::lock_guard lock(mutex_);
      progress_.state = TimelapseProgress::State::written;
    }
  } catch (const std::exception& e) {
    // write_file_atomically's messages already name the path.
    const std::string what = e.what();
    fail(what.rfind("cannot write ", 0) == 0 ? what : prefix + what);
  }
  release();
}

// --- TimelapseWriter -----------------------------------------------------------------------

TimelapseWriter::TimelapseWriter(std::filesystem::path path, const TimelapseOptions& options)
    : path_(std::move(path)), options_(options) {
  if (path_.empty() || !path_.has_filename()) refuse(path_, "the path names no file");
  const std::optional<TimelapseFormat> format = timelapse_format_for(path_);
  if (!format) {
    refuse(path_, join({"its extension \"", path_.extension().string(),
                        "\" names no time-lapse format: allowed are .gif and .mp4"}));
  }
  format_ = *format;
  const int w = options.width;
  const int h = options.height;
  if (w < kTimelapseMinSize || w > kTimelapseMaxWidth || h < kTimelapseMinSize ||
      h > kTimelapseMaxHeight) {
    refuse(path_,
           join({size_text(w, h), ": allowed are ", std::to_string(kTimelapseMinSize), "..",
                 std::to_string(kTimelapseMaxWidth), " x ", std::to_string(kTimelapseMinSize), "..",
                 std::to_string(kTimelapseMaxHeight)}));
  }
  if (format_ == TimelapseFormat::mp4 && (w % 2 != 0 || h % 2 != 0)) {
    refuse(path_,
           join({size_text(w, h), ": an MP4 needs an even width and height (H.264 in YUV 4:2:0)"}));
  }
  check_range(path_, "frames a second", options.frames_per_second, kTimelapseMinFps,
              kTimelapseMaxFps);
  check_range(path_, "queued frames", options.queue_frames, 1, 64);
  check_range(path_, "MP4 quality (crf)", options.mp4_crf, 0, 51);

  const fs::path folder = path_.parent_path().empty() ? fs::path(".") : path_.parent_path();
  std::error_code error;
  if (!fs::is_directory(folder, error)) {
    refuse(path_, fs::exists(folder, error)
                      ? join({folder.string(), " is not a folder"})
                      : join({"the folder ", folder.string(), " does not exist"}));
  }
  if (::access(folder.c_str(), W_OK) != 0) {
    refuse(path_, join({"the folder ", folder.string(), " is not writable (",
                        std::system_category().message(errno), ")"}));
  }
  if (fs::symlink_status(path_, error).type() != fs::file_type::not_found) {
    refuse(path_, "it already exists");
  }

  std::unique_ptr<GifEncoder> gif;
  std::unique_ptr<Mp4Encoder> mp4;
  try {
    if (format_ == TimelapseFormat::gif) {
      gif = std::make_unique<GifEncoder>(w, h, gif_delay(options.frames_per_second));
    } else {
      mp4 = std::make_unique<Mp4Encoder>(w, h, options.frames_per_second,
                                         Mp4Settings{options.mp4_crf, options.mp4_preset});
    }
  } catch (const std::exception& e) {
    refuse(path_, e.what());
  }
  impl_ = std::make_unique<Impl>(path_, options, std::move(gif), std::move(mp4));
}

TimelapseWriter::~TimelapseWriter() {
  if (!impl_->finish_requested()) impl_->cancel();
  impl_->wait();
}

bool TimelapseWriter::add_frame(std::span<const uint8_t> rgba) {
  return impl_->add_frame(rgba);
}

void TimelapseWriter::finish_in_background() {
  impl_->finish_in_background();
}

void TimelapseWriter::finish() {
  impl_->finish_in_background();
  impl_->wait();
  const TimelapseProgress now = impl_->progress();
  if (now.state == TimelapseProgress::State::failed) throw std::runtime_error(now.error);
  if (now.state == TimelapseProgress::State::cancelled) {
    throw std::logic_error("TimelapseWriter::finish after cancel()");
  }
}

void TimelapseWriter::cancel() {
  impl_->cancel();
}

TimelapseProgress TimelapseWriter::progress() const {
  return impl_->progress();
}

bool TimelapseWriter::done() const {
  const auto state = impl_->progress().state;
  return state == TimelapseProgress::State::written || state == TimelapseProgress::State::failed ||
         state == TimelapseProgress::State::cancelled;
}

int TimelapseWriter::queue_capacity() const {
  return static_cast<int>(io::queue_capacity(options_));
}

std::thread::id TimelapseWriter::worker_thread_id() const {
  return impl_->worker_id();
}

}  // namespace terrain::io
