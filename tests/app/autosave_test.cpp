// Autosave and recovery without a window (app/autosave.h): each run's file of its own, held by
// its lock; a save every few seconds only while the map changes; what a run leaves behind when
// it ends with changes unsaved (or is killed), and what is not left behind (a run still alive,
// one that ended with nothing unsaved); declined once kept, declined twice gone.
#include "app/autosave.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

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

TEST(Autosave, AFolderThatCannotBeUsedSaysSo) {
  Folder folder;
  std::ofstream(folder.path() / "file");
  EXPECT_THROW(Autosave((folder.path() / "file" / "under").string()), std::runtime_error);
}

}  // namespace
}  // namespace terrain::app
