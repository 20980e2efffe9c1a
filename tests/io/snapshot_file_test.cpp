// Snapshot files: the sketch's names, whole PNGs, never overwriting, clear errors.
#include "io/snapshot_file.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/atomic_file.h"
#include "io/png.h"

namespace terrain::io {
namespace {

namespace fs = std::filesystem;

// A fresh, empty folder for one test, removed with everything in it afterwards.
class TempFolder {
 public:
  TempFolder() {
    std::string pattern = (fs::temp_directory_path() / "snapshot_test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }
  // The names in it, hidden temporaries included.
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& entry : fs::directory_iterator(path_)) out.push_back(entry.path().filename());
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  fs::path path_;
};

// A small picture with a different colour in every pixel.
std::vector<uint8_t> pixels(int width, int height, uint8_t salt) {
  std::vector<uint8_t> rgba;
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      rgba.push_back(static_cast<uint8_t>(x * 40 + salt));
      rgba.push_back(static_cast<uint8_t>(y * 60));
      rgba.push_back(static_cast<uint8_t>(x + y + salt));
      rgba.push_back(static_cast<uint8_t>(255 - x));
    }
  }
  return rgba;
}

TEST(SnapshotStem, IsTheSketchsFileName) {
  EXPECT_EQ(snapshot_stem("site_dark", 42, 300000, 1767225600),
            "hydraulic_erosion_site_dark_seed42_300000drops_1767225600");
  EXPECT_EQ(snapshot_stem("bw", 4294967295u, 0, 0), "hydraulic_erosion_bw_seed4294967295_0drops_0");
}

TEST(SaveSnapshot, WritesAPngThatDecodesToThePixels) {
  TempFolder folder;
  const std::vector<uint8_t> rgba = pixels(5, 3, 7);
  const SaveResult saved = save_snapshot(folder.path(), "map", rgba, 5, 3);
  ASSERT_TRUE(saved.ok) << saved.error;
  EXPECT_EQ(saved.path, folder.path() / "map.png");
  const io::RgbaImage image = io::read_png(saved.path);
  EXPECT_EQ(image.width, 5);
  EXPECT_EQ(image.height, 3);
  EXPECT_EQ(image.pixels, rgba);
  EXPECT_EQ(folder.names(), std::vector<std::string>{"map.png"});  // no temporary left
}

// A second save in the same second gets -2, a third -3, and the first is left alone.
TEST(SaveSnapshot, NeverOverwritesButNumbersTheNextSave) {
  TempFolder folder;
  const std::vector<uint8_t> first = pixels(4, 4, 1);
  const std::vector<uint8_t> second = pixels(4, 4, 2);
  const std::string stem = snapshot_stem("topographic", 42, 200, 1700000000);
  ASSERT_TRUE(save_snapshot(folder.path(), stem, first, 4, 4).ok);
  const SaveResult again = save_snapshot(folder.path(), stem, second, 4, 4);
  ASSERT_TRUE(again.ok) << again.error;
  EXPECT_EQ(again.path, folder.path() / (stem + "-2.png"));
  const SaveResult third = save_snapshot(folder.path(), stem, second, 4, 4);
  EXPECT_EQ(third.path, folder.path() / (stem + "-3.png"));
  EXPECT_EQ(io::read_png(folder.path() / (stem + ".png")).pixels, first);
  EXPECT_EQ(io::read_png(again.path).pixels, second);
  EXPECT_EQ(folder.names().size(), 3u);
}

TEST(SaveSnapshot, AMissingFolderIsAnErrorNamingItAndWritesNothing) {
  TempFolder folder;
  const fs::path missing = folder.path() / "no-such-folder";
  const SaveResult saved = save_snapshot(missing, "map", pixels(2, 2, 0), 2, 2);
  EXPECT_FALSE(saved.ok);
  EXPECT_NE(saved.error.find(missing.string()), std::string::npos) << saved.error;
  EXPECT_NE(saved.error.find("no such folder"), std::string::npos) << saved.error;
  EXPECT_FALSE(fs::exists(missing));
  EXPECT_TRUE(folder.names().empty());
}

TEST(SaveSnapshot, AFolderThatIsAFileIsAnErrorNamingItAndWritesNothing) {
  TempFolder folder;
  const fs::path file = folder.path() / "not-a-folder";
  io::write_file_atomically(file, std::string("text"), io::WriteMode::never_overwrite);
  const SaveResult saved = save_snapshot(file, "map", pixels(2, 2, 0), 2, 2);
  EXPECT_FALSE(saved.ok);
  EXPECT_NE(saved.error.find(file.string()), std::string::npos) << saved.error;
  EXPECT_NE(saved.error.find("not a folder"), std::string::npos) << saved.error;
  EXPECT_EQ(io::read_file(file), "text");
  EXPECT_EQ(folder.names(), std::vector<std::string>{"not-a-folder"});
}

// A folder that cannot be written: a read-only temporary folder, or for root (who writes
// anywhere permissions say no) sysfs, which refuses new files to everyone.
TEST(SaveSnapshot, AnUnwritableFolderIsAnErrorNamingThePathAndReason) {
  TempFolder folder;
  const bool root = geteuid() == 0;
  const fs::path target = root ? fs::path("/sys") : folder.path();
  if (!root) fs::permissions(folder.path(), fs::perms::owner_read | fs::perms::owner_exec);
  const SaveResult saved = save_snapshot(target, "map", pixels(2, 2, 0), 2, 2);
  fs::permissions(folder.path(), fs::perms::owner_all);
  EXPECT_FALSE(saved.ok);
  EXPECT_NE(saved.error.find("cannot write " + (target / "map.png").string() + ": "),
            std::string::npos)
      << saved.error;
  EXPECT_FALSE(fs::exists(target / "map.png"));
  EXPECT_TRUE(folder.names().empty());
}

TEST(SaveSnapshot, RefusesNamesThatLeaveTheFolderAndBadPictures) {
  TempFolder folder;
  for (const char* stem : {"", ".", "..", "../escape", "a/b"}) {
    const SaveResult saved = save_snapshot(folder.path(), stem, pixels(2, 2, 0), 2, 2);
    EXPECT_FALSE(saved.ok) << stem;
    EXPECT_FALSE(saved.error.empty());
  }
  const SaveResult wrong_size = save_snapshot(folder.path(), "map", pixels(2, 2, 0), 3, 2);
  EXPECT_FALSE(wrong_size.ok);
  EXPECT_NE(wrong_size.error.find("map.png"), std::string::npos) << wrong_size.error;
  EXPECT_TRUE(folder.names().empty());
}

// --- Any file, and sets of files in a folder of their own ------------------------------------

std::vector<uint8_t> file_bytes(const std::string& text) {
  return {text.begin(), text.end()};
}

TEST(SaveNewFile, WritesTheBytesAndNumbersTheNextSaveOfTheSameName) {
  TempFolder folder;
  const SaveResult first = save_new_file(folder.path(), "heights", ".exr", file_bytes("one"));
  const SaveResult second = save_new_file(folder.path(), "heights", ".exr", file_bytes("two"));
  ASSERT_TRUE(first.ok) << first.error;
  ASSERT_TRUE(second.ok) << second.error;
  EXPECT_EQ(first.path, folder.path() / "heights.exr");
  EXPECT_EQ(second.path, folder.path() / "heights-2.exr");
  EXPECT_EQ(read_file(first.path), "one");
  EXPECT_EQ(read_file(second.path), "two");
  EXPECT_EQ(folder.names(), (std::vector<std::string>{"heights-2.exr", "heights.exr"}));
  const SaveResult missing = save_new_file(folder.path() / "none", "h", ".tif", file_bytes("x"));
  EXPECT_FALSE(missing.ok);
  EXPECT_EQ(missing.error,
            "cannot save in " + (folder.path() / "none").string() + ": no such folder");
  EXPECT_FALSE(save_new_file(folder.path(), "../h", ".tif", file_bytes("x")).ok);
}

TEST(SaveNewFolder, WritesEveryFileIntoANewFolderNeverIntoAnExistingOne) {
  TempFolder folder;
  const std::vector<NamedFile> files = {{"flow.png", file_bytes("f")},
                                        {"basins.png", file_bytes("b")}};
  fs::create_directory(folder.path() / "layers");  // someone's folder of that name
  write_file_atomically(folder.path() / "layers" / "flow.png", std::string("theirs"),
                        WriteMode::never_overwrite);
  const SaveResult saved = save_new_folder(folder.path(), "layers", files);
  ASSERT_TRUE(saved.ok) << saved.error;
  EXPECT_EQ(saved.path, folder.path() / "layers-2");
  EXPECT_EQ(read_file(saved.path / "flow.png"), "f");
  EXPECT_EQ(read_file(saved.path / "basins.png"), "b");
  EXPECT_EQ(read_file(folder.path() / "layers" / "flow.png"), "theirs");  // untouched
  const SaveResult again = save_new_folder(folder.path(), "layers", files);
  ASSERT_TRUE(again.ok);
  EXPECT_EQ(again.path, folder.path() / "layers-3");
}

TEST(SaveNewFolder, AFailurePartWayLeavesNoFolderAndNoFile) {
  TempFolder folder;
  // Two files of one name: the second cannot be put in place, so neither is kept.
  const std::vector<NamedFile> clash = {{"a.npy", file_bytes("1")}, {"a.npy", file_bytes("2")}};
  const SaveResult saved = save_new_folder(folder.path(), "grids", clash);
  EXPECT_FALSE(saved.ok);
  EXPECT_NE(saved.error.find("a.npy"), std::string::npos) << saved.error;
  EXPECT_TRUE(folder.names().empty());
  const SaveResult bad_name = save_new_folder(folder.path(), "grids", {{"x/y", file_bytes("1")}});
  EXPECT_FALSE(bad_name.ok);
  EXPECT_TRUE(folder.names().empty());
}

}  // namespace
}  // namespace terrain::io
