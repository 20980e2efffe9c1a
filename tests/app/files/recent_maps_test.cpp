// The recent maps (app/recent_maps.h): newest first, each once, at most ten, kept between runs
// in their file, a file that has gone shown as missing until removed, a bad list file an empty
// list.
#include "app/files/recent_maps.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "scratch_dir.h"

namespace terrain::app {
namespace {

namespace fs = std::filesystem;

using Folder = testing::ScratchDir;

TEST(RecentMaps, NewestFirstEachOnceAtMostTenAndKeptBetweenRuns) {
  Folder folder;
  const fs::path list = folder.path() / "recent-maps.json";
  {
    RecentMaps recent(list);
    EXPECT_TRUE(recent.paths().empty());
    for (int k = 0; k < 12; k++) recent.add("/maps/m" + std::to_string(k) + ".tsmap");
    recent.add("/maps/m5.tsmap");  // again: to the top, once
    ASSERT_EQ(recent.paths().size(), RecentMaps::kMost);
    EXPECT_EQ(recent.paths()[0], "/maps/m5.tsmap");
    EXPECT_EQ(recent.paths()[1], "/maps/m11.tsmap");
    EXPECT_EQ(recent.paths().back(), "/maps/m2.tsmap");
    EXPECT_EQ(recent.error(), "");
  }
  RecentMaps again(list);
  EXPECT_EQ(again.paths().size(), RecentMaps::kMost);
  EXPECT_EQ(again.paths()[0], "/maps/m5.tsmap");
  again.remove(0);
  again.remove(99);  // nothing
  EXPECT_EQ(RecentMaps(list).paths()[0], "/maps/m11.tsmap");
}

TEST(RecentMaps, AFileThatHasGoneIsMissingAndABadListIsEmpty) {
  Folder folder;
  const fs::path map = folder.path() / "here.tsmap";
  std::ofstream(map) << "x";
  RecentMaps recent(folder.path() / "recent-maps.json");
  recent.add((folder.path() / "gone.tsmap").string());
  recent.add(map.string());
  EXPECT_TRUE(recent.exists(0));
  EXPECT_FALSE(recent.exists(1));
  EXPECT_FALSE(recent.exists(2));
  std::ofstream(folder.path() / "bad.json") << "{\"maps\": 5";
  EXPECT_TRUE(RecentMaps(folder.path() / "bad.json").paths().empty());
  std::ofstream(folder.path() / "odd.json") << R"({"maps": ["a.tsmap", 7, "b.tsmap"]})";
  EXPECT_EQ(RecentMaps(folder.path() / "odd.json").paths(),
            (std::vector<std::string>{"a.tsmap", "b.tsmap"}));
}

}  // namespace
}  // namespace terrain::app
