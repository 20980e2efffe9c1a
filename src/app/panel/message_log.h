// What the app tells the user: a save, a file opened, a value refused. Each message is kept in
// the panel's log and shown for a few seconds on the status line over the map's bottom edge,
// where the user is looking (errors longer, in the error colour).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>

namespace terrain::app {

struct Message {
  std::string text;
  bool failed = false;  // an error: shown in the error colour
  double time = 0;      // when it was posted, in the app's seconds
};

class MessageLog {
 public:
  static constexpr std::size_t kKept = 50;           // the log keeps the latest ones
  static constexpr double kShownSeconds = 6;         // on the status line
  static constexpr double kFailedShownSeconds = 12;  // errors stay longer

  void post(std::string text, bool failed, double now);
  // The message the status line shows at `now`: the latest one while it is recent, else null.
  const Message* current(double now) const;
  // The latest message, whatever its age, or null.
  const Message* latest() const { return messages_.empty() ? nullptr : &messages_.back(); }
  const std::deque<Message>& all() const { return messages_; }
  // Errors posted so far (a script's bad FILE at start is one).
  uint64_t failures() const { return failures_; }
  // Hides the status line until the next message (a click on it).
  void dismiss() { dismissed_ = messages_.size(); }

 private:
  std::deque<Message> messages_;
  uint64_t failures_ = 0;
  std::size_t dismissed_ = 0;  // messages_.size() when dismissed
};

}  // namespace terrain::app
