// The app's core (app_core.h).
#include "app/app_core.h"

#include <optional>
#include <stdexcept>
#include <variant>

#include "core/overloaded.h"

namespace terrain::app {

AppCore::AppCore(uint32_t seed, Shell& shell) : model_(seed), shell_(shell) {
  waiting_.reserve(64);
}

bool AppCore::map_busy() const {
  return model_.finishing() || shell_.rendering_in_tiles();
}

bool AppCore::take_stopped() {
  const bool stopped = stopped_;
  stopped_ = false;
  return stopped;
}

void AppCore::dispatch(const Command& command) {
  const bool to_the_map = !std::holds_alternative<UiCommand>(command);
  if (to_the_map && (map_busy() || !waiting_.empty())) {
    waiting_.push_back(command);
    return;
  }
  carry_out(command);
}

bool AppCore::update() {
  const bool landed = model_.update_finish();
  stopped_ = stopped_ || (landed && model_.stopped_at_target());
  std::size_t carried = 0;
  while (carried < waiting_.size() && !map_busy()) {
    const Command command = waiting_[carried++];  // a copy: carrying it out may queue more
    carry_out(command);
  }
  waiting_.erase(waiting_.begin(), waiting_.begin() + static_cast<std::ptrdiff_t>(carried));
  return landed;
}

void AppCore::carry_out(const Command& command) {
  // A value the session refuses changes nothing, and says why.
  std::visit(Overloaded{[&](const session::MapCommand& c) {
                          try {
                            model_.apply(c);
                          } catch (const std::invalid_argument& e) {
                            refuse(e.what());
                          }
                          stopped_ = stopped_ || model_.stopped_at_target();
                        },
                        [&](const session::ViewCommand& c) {
                          const bool was_finishing = model_.finishing();
                          try {
                            model_.apply(c);
                          } catch (const std::invalid_argument& e) {
                            refuse(e.what());
                          }
                          if (!was_finishing && model_.finishing()) shell_.finish_began();
                        },
                        [&](const session::HistoryCommand& c) { carry_out_history(c); },
                        [&](const LandGround& c) { land_ground(*c.read); },
                        [&](const auto&) { shell_.carry_out_own(command); }},
             command);
}

// Undo and redo say which step they undid or redid; going nowhere says so.
void AppCore::carry_out_history(const session::HistoryCommand& command) {
  const session::History& history = model_.history();
  const auto step_at = [&](bool forward) -> std::optional<std::size_t> {
    const session::HistoryPosition at = history.position();
    const std::size_t done = history.steps_done(at);
    if (forward) return done < history.steps().size() ? std::optional(done) : std::nullopt;
    if (history.inside_step(at)) return done;
    return done > 0 ? std::optional(done - 1) : std::nullopt;
  };
  std::string message;
  if (const auto* undo = std::get_if<session::Undo>(&command)) {
    const auto step = step_at(false);
    if (!step) {
      shell_.message("Nothing to undo", false);
      return;
    }
    message = "Undo: " + session::step_label(history, *step);
    if (undo->steps > 1) message += " and " + std::to_string(undo->steps - 1) + " more";
  } else if (const auto* redo = std::get_if<session::Redo>(&command)) {
    const auto step = step_at(true);
    if (!step) {
      shell_.message("Nothing to redo", false);
      return;
    }
    message = "Redo: " + session::step_label(history, *step);
    if (redo->steps > 1) message += " and " + std::to_string(redo->steps - 1) + " more";
  }
  try {
    model_.apply(command);
  } catch (const std::invalid_argument& e) {
    refuse(e.what());
    return;
  }
  if (!message.empty()) shell_.message(message, false);
}

// A heightmap read on a worker becomes the ground (a map command like any other), or says why
// it cannot.
void AppCore::land_ground(const GroundRead& read) {
  if (!read.error.empty()) {
    refuse(read.error);
    return;
  }
  try {
    model_.apply(session::MapCommand{session::SetGround{read.ground}});
  } catch (const std::invalid_argument& e) {
    refuse("Cannot open " + read.path + ": " + e.what());
    return;
  }
  const std::string message = "Opened " + read.path + " (" + std::to_string(read.file_w) + " x " +
                              std::to_string(read.file_h) + ", " +
                              (read.own_heights ? "its own heights" : "scaled to 0..1") + ", " +
                              std::string(ground_fit_name(read.ground.fit)) + ") as the ground";
  shell_.message(message, false);
  shell_.say(message);
}

}  // namespace terrain::app
