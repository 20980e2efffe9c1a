// What a piece of work throws, as text: the tests of refusals compare it with the message the
// docs promise.
#pragma once

#include <exception>
#include <string>

namespace terrain::testing {

// The message `action` throws (any std::exception), or "(no error)".
template <typename Action>
std::string error_of(Action action) {
  try {
    action();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace terrain::testing
