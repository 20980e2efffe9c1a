// Autosave and recovery without a window (app/autosave.h): each run's file of its own, held by
// its lock; a save every few seconds only while the map changes; what a run leaves behind when
// it ends with changes unsaved (or is killed), and what is not left behind (a run still alive,
// one that ended with nothing unsaved); declined once kept, declined twice gone. Runs killed
// with kill -9 (child processes) leave locks and half-written temporaries that the next scan
// removes, never a live run's or anything not plainly ours; recovery falls back from a bad
// newest leftover to an older good one, the bad one kept aside.
#include "app/files/autosave.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "scratch_dir.h"
#include "session/live_model.h"

namespace terrain::app {
namespace {

namespace fs = std::filesystem;

using Folder = testing::ScratchDir;

session::SavedMap a_map(uint64_t drops) {
  session::LiveModel model(42);
  model.rain_now(drops);
  return model.save();
}

std::string wait_result(Autosave& autosave) {
  for (int k = 0; k < 6000; k++) {
    if (const auto result = autosave.take_result()) return *result;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return "never done";
}

TEST(Autosave, SavesOnlyEveryFewSecondsAndOnlyWhenTheMapChanged) {
  Folder folder;
  Autosave autosave(folder.path());
  EXPECT_EQ(autosave.file().filename().string(), "autosave-" + std::to_string(getpid()) + ".tsmap");
  EXPECT_TRUE(autosave.due(0, "1:0:0"));
  autosave.start(a_map(1000), "1:0:0", 0);
  EXPECT_FALSE(autosave.due(1, "2:0:0")) << "under way";
  EXPECT_EQ(wait_result(autosave), "");
  EXPECT_TRUE(fs::exists(autosave.file()));
  EXPECT_FALSE(autosave.due(Autosave::kEverySeconds - 0.1, "2:0:0")) << "too soon";
  EXPECT_FALSE(autosave.due(Autosave::kEverySeconds + 1, "1:0:0")) << "the map has not changed";
  EXPECT_TRUE(autosave.due(Autosave::kEverySeconds + 1, "2:0:0"));
  // The file is a whole map file of the map.
  const session::SavedMap back = session::read_map_file(autosave.file().string());
  EXPECT_EQ(back.position, a_map(1000).position);
}

TEST(Autosave, ARunAliveIsNotLeftBehindAndOneThatEndedWithNothingUnsavedLeavesNothing) {
  Folder folder;
  {
    Autosave autosave(folder.path());
    autosave.start(a_map(500), "1:0:0", 0);
    EXPECT_EQ(wait_result(autosave), "");
    // This run holds its lock: nothing of it is left behind while it lives.
    EXPECT_TRUE(Autosave::leftovers(folder.path()).empty());
    autosave.end(std::nullopt);
  }
  EXPECT_TRUE(fs::is_empty(folder.path()));
}

TEST(Autosave, ARunThatEndedWithChangesUnsavedOrWasKilledLeavesItsMap) {
  Folder folder;
  {
    Autosave autosave(folder.path());
    autosave.end(a_map(2000));
  }
  // Another run's file, its lock free as when a run is killed, and one held by a live run.
  fs::copy_file(folder.path() / ("autosave-" + std::to_string(getpid()) + ".tsmap"),
                folder.path() / "autosave-12345.tsmap");
  std::ofstream(folder.path() / "autosave-12345.lock");
  fs::copy_file(folder.path() / "autosave-12345.tsmap", folder.path() / "autosave-777.tsmap");
  const int held = ::open((folder.path() / "autosave-777.lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_EQ(::flock(held, LOCK_EX | LOCK_NB), 0);
  const auto left = Autosave::leftovers(folder.path());
  ASSERT_EQ(left.size(), 2u);
  for (const Autosave::Leftover& l : left) {
    EXPECT_NE(l.file.filename().string(), "autosave-777.tsmap") << "a live run's";
    EXPECT_FALSE(l.declined);
    EXPECT_EQ(session::read_map_file(l.file.string()).position, a_map(2000).position);
  }
  ::close(held);

  // Declined once it is kept for one more start; declined again it goes; brought back it goes.
  Autosave::decline(left[0]);
  auto again = Autosave::leftovers(folder.path());
  std::size_t declined = 0;
  for (const auto& l : again) declined += l.declined;
  EXPECT_EQ(declined, 1u);
  for (const auto& l : again) {
    if (l.declined) Autosave::decline(l);
  }
  again = Autosave::leftovers(folder.path());
  for (const auto& l : again) EXPECT_FALSE(l.declined);
  for (const auto& l : again) {
    if (l.file.filename() != "autosave-777.tsmap") Autosave::recovered(l);
  }
  for (const auto& l : Autosave::leftovers(folder.path())) {
    EXPECT_EQ(l.file.filename(), "autosave-777.tsmap");
  }
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The names in a folder.
std::set<std::string> names_in(const fs::path& folder) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    names.insert(entry.path().filename().string());
  }
  return names;
}

// A run in a child process: it takes its lock (Autosave), saves `saved` as its autosave, and
// writes a temporary as a save cut short does (".autosave-PID.tsmap.tmp-" and 16 hex digits,
// io/atomic_file.cpp's name), then waits to be killed. Its PID once all of that is on disk.
pid_t run_in_child(const fs::path& folder, const session::SavedMap& saved) {
  int ready[2];
  if (::pipe(ready) != 0) return -1;
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(ready[0]);
    try {
      Autosave autosave(folder);
      autosave.start(saved, "1:0:0", 0);
      if (wait_result(autosave) != "") ::_exit(1);
      std::ofstream(folder / ("." + autosave.file().filename().string() + ".tmp-0123456789abcdef"))
          << "half a map";
      const char byte = 1;
      if (::write(ready[1], &byte, 1) != 1) ::_exit(1);
      for (;;) ::pause();
    } catch (...) {
      ::_exit(1);
    }
  }
  ::close(ready[1]);
  char byte = 0;
  const bool started = child > 0 && ::read(ready[0], &byte, 1) == 1;
  ::close(ready[0]);
  if (!started && child > 0) ::waitpid(child, nullptr, 0);
  return started ? child : -1;
}

void kill_9(pid_t child) {
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
}

// A child killed at the latest when the test ends, whatever fails first.
struct ChildRun {
  pid_t pid = -1;
  ~ChildRun() {
    if (pid > 0) kill_9(pid);
  }
  void kill_now() {
    kill_9(pid);
    pid = -1;
  }
};

// Runs killed with kill -9 leave their lock file and a save cut short its temporary; the next
// scan removes those and keeps their maps to bring back. A live run's lock, map and temporary
// are never touched while it lives, and neither is anything that is not plainly ours.
TEST(Autosave, WhatRunsKilledLeftIsTidiedAndNothingOfALiveRunOrNotOurs) {
  Folder folder;
  const session::SavedMap saved = a_map(300);
  std::vector<pid_t> killed;
  for (int k = 0; k < 5; k++) {
    const pid_t child = run_in_child(folder.path(), saved);
    ASSERT_GT(child, 0);
    kill_9(child);
    killed.push_back(child);
  }
  ChildRun live_run{run_in_child(folder.path(), saved)};
  const pid_t alive = live_run.pid;
  ASSERT_GT(alive, 0);
  const std::string live = "autosave-" + std::to_string(alive);
  const std::string live_temporary = "." + live + ".tsmap.tmp-0123456789abcdef";
  // Look-alikes that are not plainly ours: other names, a symbolic link, a folder.
  const std::vector<std::string> not_ours = {
      "autosave-12x.lock", ".autosave-5.tsmap.tmp-12", ".autosave-5.tsmap.tmp-0123456789ABCDEF",
      "notes.txt",         "autosave-.lock",           "autosave-98.lock",
      "autosave-99.lock"};
  for (std::size_t k = 0; k + 2 < not_ours.size(); k++) std::ofstream(folder / not_ours[k]) << "x";
  fs::create_directory(folder / "autosave-98.lock");
  fs::create_symlink(folder / "notes.txt", folder / "autosave-99.lock");
  EXPECT_EQ(names_in(folder.path()).size(), 6 * 3 + not_ours.size());

  // The live run's lock is held by another process: tried, found held, kept.
  const auto left = Autosave::leftovers(folder.path());
  std::set<std::string> expected;
  for (const pid_t child : killed) expected.insert("autosave-" + std::to_string(child) + ".tsmap");
  std::set<std::string> listed;
  for (const auto& l : left) listed.insert(l.file.filename().string());
  EXPECT_EQ(listed, expected);
  expected.insert(live + ".tsmap");
  expected.insert(live + ".lock");
  expected.insert(live_temporary);
  expected.insert(not_ours.begin(), not_ours.end());
  EXPECT_EQ(names_in(folder.path()), expected);
  EXPECT_EQ(Autosave::tidy(folder.path()), 0) << "nothing more to tidy";
  // Brought back or declined, a leftover takes no live run's lock with it.
  for (const auto& l : left) Autosave::decline(l);
  for (const auto& l : Autosave::leftovers(folder.path())) Autosave::decline(l);
  EXPECT_TRUE(fs::exists(folder / (live + ".lock")));
  EXPECT_TRUE(fs::exists(folder / live_temporary));

  // Once it is killed too, its lock and temporary go and its map is left to bring back.
  live_run.kill_now();
  const auto after = Autosave::leftovers(folder.path());
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].file.filename().string(), live + ".tsmap");
  EXPECT_EQ(session::read_map_file(after[0].file.string()).position, saved.position);
  expected.erase(live + ".lock");
  expected.erase(live_temporary);
  for (const pid_t child : killed) expected.erase("autosave-" + std::to_string(child) + ".tsmap");
  EXPECT_EQ(names_in(folder.path()), expected);
  EXPECT_TRUE(fs::is_directory(folder / "autosave-98.lock"));
  EXPECT_TRUE(fs::is_symlink(folder / "autosave-99.lock"));
}

// A lock file nobody holds is removed only while the scan holds it: a run that starts (takes
// its lock) meanwhile keeps a lock file of its own, and its autosave is never listed.
TEST(Autosave, ARunStartingWhileOthersScanKeepsItsLock) {
  Folder folder;
  std::atomic<bool> stop = false;
  std::thread scanning([&] {
    while (!stop) Autosave::leftovers(folder.path());
  });
  const session::SavedMap saved = a_map(0);
  for (int k = 0; k < 25; k++) {
    Autosave autosave(folder.path());
    // (A name of its own each time, as io/atomic_file.cpp draws one: a scan that saw the last
    // one, with its lock free, may remove that one as this goes on.)
    const fs::path temporary =
        folder / ("." + autosave.file().filename().string() + ".tmp-00000000000000" +
                  std::string(1, "0123456789abcdef"[k / 16]) + "0123456789abcdef"[k % 16]);
    std::ofstream(temporary) << "being written";
    autosave.start(saved, "1:0:0", 0);
    ASSERT_EQ(wait_result(autosave), "");
    for (const auto& l : Autosave::leftovers(folder.path())) {
      EXPECT_NE(l.file, autosave.file()) << "this run's own";
    }
    // Another open file description tries the lock, as another process would.
    const int other = ::open((folder / ("autosave-" + std::to_string(getpid()) + ".lock")).c_str(),
                             O_RDWR | O_CLOEXEC);
    ASSERT_GE(other, 0) << "the lock file is there";
    EXPECT_NE(::flock(other, LOCK_EX | LOCK_NB), 0) << "and held";
    ::close(other);
    EXPECT_TRUE(fs::exists(temporary));
    EXPECT_TRUE(fs::exists(autosave.file()));
    autosave.end(std::nullopt);
    fs::remove(temporary);
  }
  stop = true;
  scanning.join();
  EXPECT_TRUE(Autosave::leftovers(folder.path()).empty());
}

// An Autosave that ends without end() (a --recover that failed: the run returns before its
// loop) takes its lock file with it.
TEST(Autosave, ARunThatEndsWithoutEndLeavesNoLock) {
  Folder folder;
  { Autosave autosave(folder.path()); }
  EXPECT_TRUE(fs::is_empty(folder.path()));
}

// Recovery tries the leftovers newest first until one opens: a bad newest one says why, is
// kept as unreadable-PID.tsmap (never over another) and is not offered again; the older good
// one comes back.
TEST(Autosave, RecoveryFallsBackFromABadNewestLeftoverToAnOlderGoodOne) {
  Folder folder;
  const session::SavedMap good = a_map(700);
  session::write_map_file((folder / "autosave-101.tsmap").string(), good, io::WriteMode::replace);
  std::ofstream(folder / "autosave-102.tsmap") << "not a map";
  std::ofstream(folder / "unreadable-102.tsmap") << "set aside before";
  const auto now = fs::file_time_type::clock::now();
  fs::last_write_time(folder / "autosave-101.tsmap", now - std::chrono::hours(2));
  fs::last_write_time(folder / "autosave-102.tsmap", now - std::chrono::hours(1));

  std::vector<Autosave::Leftover> left = Autosave::leftovers(folder.path());
  ASSERT_EQ(left.size(), 2u);
  EXPECT_EQ(left[0].file.filename(), "autosave-102.tsmap") << "the newest first";
  const std::string newest = Autosave::saved_when(left[0]);
  const std::string older = Autosave::saved_when(left[1]);
  std::vector<std::string> opened;
  std::vector<std::string> refused;
  session::SavedMap back;
  const auto open = [&](const Autosave::Leftover& l) -> Autosave::Opened {
    opened.push_back(l.file.filename().string());
    try {
      back = session::read_map_file(l.file.string());
    } catch (const std::exception& e) {
      return std::string("Cannot open ") + e.what();
    }
    return std::nullopt;
  };
  ASSERT_TRUE(
      Autosave::bring_back(left, open, [&](const std::string& m) { refused.push_back(m); }));
  EXPECT_EQ(opened, (std::vector<std::string>{"autosave-102.tsmap", "autosave-101.tsmap"}));
  EXPECT_EQ(back.position, good.position);
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(refused[0].rfind("Cannot open " + (folder / "autosave-102.tsmap").string(), 0), 0u)
      << refused[0];
  const fs::path kept = folder / "unreadable-102-2.tsmap";
  EXPECT_NE(
      refused[0].find("; the map autosaved " + newest + " cannot be brought back: it is kept as " +
                      kept.string() + " and not offered again; trying the one autosaved " + older),
      std::string::npos)
      << refused[0];
  // Nothing lost: the bad file under its new name, the one set aside before untouched; the
  // map brought back is gone from the folder, and nothing is offered at the next start.
  EXPECT_EQ(read_text(kept), "not a map");
  EXPECT_EQ(read_text(folder / "unreadable-102.tsmap"), "set aside before");
  EXPECT_FALSE(fs::exists(folder / "autosave-101.tsmap"));
  EXPECT_TRUE(Autosave::leftovers(folder.path()).empty());

  // None that opens: each is set aside and said so, and none came back.
  std::ofstream(folder / "declined-7.tsmap") << "bad too";
  left = Autosave::leftovers(folder.path());
  refused.clear();
  EXPECT_FALSE(
      Autosave::bring_back(left, open, [&](const std::string& m) { refused.push_back(m); }));
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(read_text(folder / "unreadable-7.tsmap"), "bad too");
  EXPECT_EQ(refused[0].find("trying"), std::string::npos) << refused[0];
  EXPECT_TRUE(Autosave::leftovers(folder.path()).empty());
}

TEST(Autosave, AFolderThatCannotBeUsedSaysSo) {
  Folder folder;
  std::ofstream(folder.path() / "file");
  EXPECT_THROW(Autosave((folder.path() / "file" / "under").string()), std::runtime_error);
}

}  // namespace
}  // namespace terrain::app
