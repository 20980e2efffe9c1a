// The memory a piece of work takes, measured in a child process of its own (so that what the
// test runner holds does not count, and a refusal that ran away cannot take the runner down).
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <utility>

namespace terrain::testing {

// The most memory a child process took (kilobytes) doing `work`, and whether it ended well.
inline std::pair<long, bool> peak_kilobytes_of(const std::function<bool()>& work) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    // Whatever happens, the child ends here: never back into the test runner.
    try {
      _exit(work() ? 0 : 1);
    } catch (...) {
      _exit(2);
    }
  }
  int status = 0;
  struct rusage usage {};
  ::wait4(pid, &status, 0, &usage);
  return {usage.ru_maxrss, WIFEXITED(status) && WEXITSTATUS(status) == 0};
}

}  // namespace terrain::testing
