// A time-lapse of the rain being recorded (see recording.h).
#include "app/files/recording.h"

#include <SDL.h>

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>

#include "render/gl/map_renderer.h"

namespace terrain::app {

Recording::Recording(std::filesystem::path path, const RecordingOptions& options, OffscreenGl gl)
    : options_(options), gl_(gl), started_(std::chrono::steady_clock::now()) {
  capture_ms_.reserve(kKeptTimes);  // a capture allocates nothing
  try {
    if (options.every < 1 || options.every > io::kTimelapseMaxEvery) {
      throw std::invalid_argument("a frame every " + std::to_string(options.every) +
                                  " ticks: allowed 1.." + std::to_string(io::kTimelapseMaxEvery));
    }
    io::TimelapseOptions writer;
    writer.width = options.width;
    writer.height = options.height;
    writer.frames_per_second = options.fps;
    // A headless run waits for its encoder rather than lose a frame; the window never waits.
    writer.when_full = options.scripted ? io::TimelapseOptions::WhenFull::wait
                                        : io::TimelapseOptions::WhenFull::drop;
    writer_ = std::make_unique<io::TimelapseWriter>(std::move(path), writer);
    thread_ = std::thread([this] { draw_loop(); });
  } catch (...) {
    Window::free_offscreen_gl(gl_);
    throw;
  }
}

Recording::~Recording() {
  {
    std::lock_guard lock(mutex_);
    ending_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (!stopped_) writer_->cancel();
  Window::free_offscreen_gl(gl_);
}

// The drawing thread: its own renderer in its own context, each picture handed over drawn in
// turn and given to the writer; at the end, the file finished (or the recording cancelled).
void Recording::draw_loop() {
  std::vector<uint8_t> pixels(static_cast<std::size_t>(options_.width) *
                              static_cast<std::size_t>(options_.height) * 4);
  render::MapRenderer renderer;
  std::string failed;
  if (SDL_GL_MakeCurrent(gl_.window, gl_.context) != 0) {
    failed = std::string("cannot draw the time-lapse's frames: ") + SDL_GetError();
  } else {
    try {
      renderer.init();
    } catch (const std::exception& e) {
      failed = std::string("cannot draw the time-lapse's frames: ") + e.what();
    }
  }
  int slot = 0;
  std::unique_lock lock(mutex_);
  while (failed.empty()) {
    changed_.wait(lock, [&] { return slots_[static_cast<std::size_t>(slot)].waiting || ending_; });
    Slot& s = slots_[static_cast<std::size_t>(slot)];
    if (!s.waiting) break;  // ending, and nothing left to draw
    // The slot is the drawing thread's until it is marked free again: drawn unlocked.
    lock.unlock();
    try {
      renderer.snapshot(s.inputs, options_.width, options_.height, pixels);
      writer_->add_frame(pixels);
    } catch (const std::exception& e) {
      failed = std::string("cannot draw a time-lapse frame: ") + e.what();
    }
    lock.lock();
    s.waiting = false;
    slot = 1 - slot;
    changed_.notify_all();
  }
  const bool finish = finishing_;
  thread_error_ = failed;
  lock.unlock();
  renderer.release();
  SDL_GL_MakeCurrent(gl_.window, nullptr);
  if (!failed.empty()) {
    writer_->cancel();
  } else if (finish) {
    writer_->finish_in_background();
  }
  lock.lock();
  thread_done_ = true;
  changed_.notify_all();
}

bool Recording::tick() {
  if (stopped_) return false;
  ticks_++;
  fresh_ = false;
  return ticks_ % options_.every == 0;
}

bool Recording::capture(const render::MapInputs& inputs) {
  if (stopped_) return false;
  const auto start = std::chrono::steady_clock::now();
  Slot& s = slots_[static_cast<std::size_t>(next_slot_)];
  {
    std::unique_lock lock(mutex_);
    if (s.waiting && options_.scripted) {
      changed_.wait(lock, [&] { return !s.waiting || thread_done_; });
    }
    if (s.waiting || thread_done_) {
      skipped_++;
      return false;
    }
  }
  // The slot is free: the drawing thread does not touch it until it is marked waiting.
  s.inputs = inputs;
  s.terrain = *inputs.terrain;
  s.inputs.terrain = &s.terrain;
  if (inputs.show_rivers && inputs.rivers != nullptr) {
    s.rivers = *inputs.rivers;
    s.inputs.rivers = &s.rivers;
  }
  // The hydrology, only where the picture needs it (the basins and flow views, lakes, rivers
  // by order), and copied only when it has changed (on the rivers' schedule).
  const bool needs_hydrology = drainage_view(inputs.view) || inputs.show_lakes ||
                               (inputs.show_rivers && inputs.rivers_by == RiversBy::order);
  s.inputs.hydrology = nullptr;
  if (needs_hydrology && inputs.hydrology != nullptr) {
    if (inputs.hydrology != s.hydrology_of || inputs.hydrology->version() != s.hydrology_version) {
      s.hydrology = *inputs.hydrology;
      s.hydrology_of = inputs.hydrology;
      s.hydrology_version = inputs.hydrology->version();
    }
    s.inputs.hydrology = &s.hydrology;
  }
  s.inputs.debug = false;  // the routes are not copied (see recording.h)
  s.inputs.routes = nullptr;
  s.inputs.area.reset();
  {
    std::lock_guard lock(mutex_);
    s.waiting = true;
  }
  changed_.notify_all();
  next_slot_ = 1 - next_slot_;
  fresh_ = true;
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  captures_++;
  if (capture_ms_.size() < kKeptTimes) capture_ms_.push_back(ms);
  longest_capture_ms_ = std::max(longest_capture_ms_, ms);
  return true;
}

void Recording::stop() {
  if (stopped_) return;
  stopped_ = true;
  {
    std::lock_guard lock(mutex_);
    ending_ = true;
    finishing_ = true;
  }
  changed_.notify_all();
}

void Recording::stop_and_wait() {
  stop();
  if (thread_.joinable()) thread_.join();
  std::string error;
  {
    std::lock_guard lock(mutex_);
    error = thread_error_;
  }
  if (!error.empty()) throw std::runtime_error(error);
  writer_->finish();
}

bool Recording::done() const {
  std::lock_guard lock(mutex_);
  return thread_done_ && writer_->done();
}

io::TimelapseProgress Recording::progress() const {
  io::TimelapseProgress p = writer_->progress();
  std::lock_guard lock(mutex_);
  if (!thread_error_.empty() && p.error.empty()) {
    p.state = io::TimelapseProgress::State::failed;
    p.error = thread_error_;
  }
  return p;
}

int64_t Recording::skipped() const {
  std::lock_guard lock(mutex_);
  return skipped_;
}

double Recording::median_capture_ms() const {
  if (capture_ms_.empty()) return 0;
  std::vector<double> sorted = capture_ms_;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2),
                   sorted.end());
  return sorted[sorted.size() / 2];
}

double Recording::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

}  // namespace terrain::app
