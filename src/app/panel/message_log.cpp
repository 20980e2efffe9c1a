// The app's messages (see message_log.h).
#include "app/panel/message_log.h"

#include <utility>

namespace terrain::app {

void MessageLog::post(std::string text, bool failed, double now) {
  if (messages_.size() == kKept) {
    messages_.pop_front();
    if (dismissed_ > 0) dismissed_--;
  }
  messages_.push_back(Message{std::move(text), failed, now});
  if (failed) failures_++;
}

const Message* MessageLog::current(double now) const {
  if (messages_.empty() || dismissed_ == messages_.size()) return nullptr;
  const Message& m = messages_.back();
  const double shown = m.failed ? kFailedShownSeconds : kShownSeconds;
  return now - m.time <= shown ? &m : nullptr;
}

}  // namespace terrain::app
