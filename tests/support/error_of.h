// What a piece of work throws, as text: the tests of refusals compare it with the message the
// docs promise.
#pragma once

#include <exception>
#include <optional>
#include <string>

namespace terrain::testing {

// The message of the Exception `action` throws, or nullopt if it throws nothing. An exception
// of another type escapes (and fails the test that called it).
template <typename Exception, typename Action>
std::optional<std::string> thrown_message(Action&& action) {
  try {
    action();
  } catch (const Exception& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

// The message `action` throws as an Exception (by default any std::exception), or
// "(no error)".
template <typename Exception = std::exception, typename Action>
std::string error_of(Action&& action) {
  return thrown_message<Exception>(action).value_or("(no error)");
}

}  // namespace terrain::testing
