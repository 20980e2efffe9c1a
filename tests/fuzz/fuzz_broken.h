// What a libFuzzer target does when a property it checks does not hold: it says which target
// and what broke on stderr and aborts, so that libFuzzer reports the input as a crash.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace terrain::fuzz {

// Prints "<target>: <what>" and aborts.
[[noreturn]] inline void broken(const char* target, const char* what) {
  std::fprintf(stderr, "%s: %s\n", target, what);
  std::abort();
}

}  // namespace terrain::fuzz
