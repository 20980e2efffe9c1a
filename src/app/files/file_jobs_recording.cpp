// A time-lapse of the rain from the app (see file_jobs.h and recording.h): the Record button into
// the save folder, or --timelapse PATH for a scripted run from its first frame to its last.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/files/file_jobs.h"
#include "io/timelapse.h"

namespace terrain::app {

bool FileJobs::start_recording(const std::filesystem::path& path, const RecordingOptions& options) {
  try {
    recording_ = std::make_unique<Recording>(path, options, window_.make_offscreen_gl());
  } catch (const std::exception& e) {
    host_.refuse(std::string("Cannot record: ") + e.what());
    return false;
  }
  // The first frame: the map as it is now (drop 0 for a run recorded from its start).
  recording_->capture(host_.picture_inputs(options.width, options.height));
  shell_.recording = true;
  shell_.record_writing = false;
  const std::string message = "Recording " + recording_->path().string();
  tell(message);
  std::printf("%s\n", message.c_str());
  std::fflush(stdout);
  return true;
}

void FileJobs::toggle_recording() {
  if (recording_ && !recording_->stopped()) {
    stop_recording();
    return;
  }
  if (recording_) {
    host_.refuse("the last time-lapse is still being written");
    return;
  }
  const SetRecording& r = ui_.record;
  RecordingOptions options;
  options.every = r.every;
  options.width = r.width;
  options.height = r.height;
  options.fps = r.fps;
  // A new name in the save folder: the sketch's save name, then -2, -3 ... if it is taken
  // (the writer itself never writes over a file).
  const std::filesystem::path folder = save_folder();
  const std::string stem = save_stem() + "_timelapse";
  const std::string extension = r.mp4 ? ".mp4" : ".gif";
  std::filesystem::path path = folder / (stem + extension);
  for (int n = 2; n <= 1000 && std::filesystem::exists(path); n++) {
    path = folder / (stem + "-" + std::to_string(n) + extension);
  }
  start_recording(path, options);
}

void FileJobs::stop_recording() {
  if (!recording_ || recording_->stopped()) return;
  // The last frame: the map as the recording leaves it.
  if (!recording_->fresh()) {
    recording_->capture(
        host_.picture_inputs(recording_->options().width, recording_->options().height));
  }
  recording_->stop();
  shell_.recording = false;
  shell_.record_writing = true;
}

// Every frame: a frame when due after the ticks of rain (tick_recording), the panel's figures,
// and the message once the file is written.
void FileJobs::update_recording() {
  if (!recording_) return;
  const io::TimelapseProgress p = recording_->progress();
  shell_.record_seconds = recording_->seconds();
  shell_.record_frames = p.frames_added;
  shell_.record_encoded = p.frames_encoded;
  shell_.record_dropped = p.frames_dropped + recording_->skipped();
  if (!recording_->done()) return;
  shell_.recording = false;
  shell_.record_writing = false;
  if (p.state == io::TimelapseProgress::State::written) {
    char cost[96];
    std::snprintf(cost, sizeof cost, "; a capture took %.3f ms of the main thread, median",
                  recording_->median_capture_ms());
    saved(io::SaveResult{true, recording_->path(), ""},
          " (" + std::to_string(p.frames_added) + " frames" + cost + ")");
  } else if (p.state == io::TimelapseProgress::State::failed) {
    saved(io::SaveResult{false, {}, p.error}, "");
  }
  recording_.reset();
}

void FileJobs::tick_recording() {
  if (recording_ && recording_->tick()) {
    recording_->capture(
        host_.picture_inputs(recording_->options().width, recording_->options().height));
  }
}

// The end of a scripted run: the last frame, then the file written before the app exits.
int FileJobs::finish_recording() {
  if (!recording_) return 0;
  if (!recording_->stopped() && !recording_->fresh()) {
    recording_->capture(
        host_.picture_inputs(recording_->options().width, recording_->options().height));
  }
  try {
    recording_->stop_and_wait();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "terrain-sandbox: --timelapse: %s\n", e.what());
    recording_.reset();
    return 1;
  }
  const io::TimelapseProgress p = recording_->progress();
  std::printf(
      "Saved %s (%lld frames; a capture took %.3f ms of the main thread (median), the "
      "longest %.3f ms)\n",
      recording_->path().c_str(), static_cast<long long>(p.frames_added),
      recording_->median_capture_ms(), recording_->longest_capture_ms());
  std::fflush(stdout);
  recording_.reset();
  return 0;
}

}  // namespace terrain::app
