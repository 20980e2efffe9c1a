// terrain-cli's long work, end to end through the built program: a big rain, a map file whose
// place is far from its checkpoints, and --verify-map show their progress on stderr, and SIGINT
// or SIGTERM ends each within a piece of its work (exit 130 or 143, one line, nothing written),
// where it would otherwise run for minutes to hours. What a command may rain is refused.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "far_place_map.h"
#include "io_test_support.h"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::CliRun;
using testing::listing;

// terrain-cli run in the background until its stderr shows `shown`, then sent `signal`.
struct Stopped {
  int status = -1;  // the exit status, -1 if it did not exit by itself
  std::string err;
};

Stopped stop_when_shown(const std::vector<std::string>& args, const fs::path& scratch,
                        const std::string& shown, int signal) {
  const fs::path err = scratch / "long-stderr.txt";
  testing::write_text(err, "");  // there to read before the program writes to it
  std::vector<std::string> words = {TERRAIN_CLI};
  words.insert(words.end(), args.begin(), args.end());
  const pid_t pid = fork();
  if (pid == 0) {
    if (!freopen("/dev/null", "r", stdin) || !freopen("/dev/null", "w", stdout) ||
        !freopen(err.c_str(), "w", stderr)) {
      _exit(127);
    }
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  Stopped stopped;
  // The progress line comes after a quiet first second.
  for (int k = 0; k < 600 && io::read_file(err).find(shown) == std::string::npos; k++) {
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_NE(io::read_file(err).find(shown), std::string::npos) << io::read_file(err);
  kill(pid, signal);
  int raw = 0;
  for (int k = 0; k < 600; k++) {
    if (waitpid(pid, &raw, WNOHANG) == pid) {
      stopped.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
      stopped.err = io::read_file(err);
      fs::remove(err);
      return stopped;
    }
    std::this_thread::sleep_for(10ms);
  }
  kill(pid, SIGKILL);
  waitpid(pid, &raw, 0);
  ADD_FAILURE() << "terrain-cli ran on 6 s after " << signal;
  return stopped;
}

class CliLongWork : public testing::CliTest {
 protected:
  testing::ScratchDir errors_;  // the programs' stderr, apart from what they write
};

// A billion drops would take about 40 minutes (docs/figures.md): it ends at once, as asked.
TEST_F(CliLongWork, ABigRainShowsItsProgressAndASignalEndsItWritingNothing) {
  for (const int signal : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(signal);
    const auto before = listing(work_.path());
    const Stopped s = stop_when_shown({"--drops", "1000000000", "--out", path("out").string()},
                                      errors_.path(), "rain: ", signal);
    EXPECT_EQ(s.status, 128 + signal);
    EXPECT_NE(s.err.find(signal == SIGINT ? "terrain-cli: stopped by SIGINT: nothing written\n"
                                          : "terrain-cli: stopped by SIGTERM: nothing written\n"),
              std::string::npos)
        << s.err;
    EXPECT_EQ(listing(work_.path()), before) << "nothing written, no --out folder left";
  }
  // More than one command may rain is refused before anything is done.
  const CliRun more = run({"--drops", "1000000001", "--out", path("o").string()});
  EXPECT_EQ(more.status, 2);
  EXPECT_NE(more.err.find("--drops"), std::string::npos) << more.err;
  EXPECT_FALSE(fs::exists(path("o")));
}

// A map file may ask a replay of up to its checkpoints' spacing (16.7 million drops, about 40
// s): opening it and proving it show their progress, and a signal ends either at once.
TEST_F(CliLongWork, AMapFilesFarPlaceShowsItsProgressAndASignalEndsIt) {
  ASSERT_EQ(run({"--drops", "0", "--width", "64", "--height", "40", "--out", path("a").string(),
                 "--save-map", path("start.tsmap").string()})
                .status,
            0);
  testing::write_far_place_map(path("start.tsmap"), path("far.tsmap"), 16'000'000);
  fs::remove_all(path("a"));
  const auto before = listing(work_.path());
  const Stopped opened =
      stop_when_shown({"--open-map", path("far.tsmap").string(), "--out", path("out").string()},
                      errors_.path(), "opening far.tsmap: ", SIGTERM);
  EXPECT_EQ(opened.status, 143);
  EXPECT_NE(opened.err.find("terrain-cli: stopped by SIGTERM: nothing written"), std::string::npos)
      << opened.err;
  EXPECT_NE(opened.err.find(" / 16,000,000 drops ("), std::string::npos) << opened.err;
  EXPECT_EQ(listing(work_.path()), before);

  const Stopped proved = stop_when_shown({"--verify-map", path("far.tsmap").string()},
                                         errors_.path(), "replaying far.tsmap: ", SIGINT);
  EXPECT_EQ(proved.status, 130);
  EXPECT_EQ(listing(work_.path()), before);
}

}  // namespace
}  // namespace terrain
