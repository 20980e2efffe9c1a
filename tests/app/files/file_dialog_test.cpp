// The window's file dialog's rules (app/file_dialog.h), without a window: a folder listed
// folders first then the files of the kind, never blocking on a FIFO and cut when long; names
// taken as paths; a missing extension added; Replace asked for a regular file and anything else
// refused; the recent folders bounded and kept in the preferences.
#include "app/files/file_dialog.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/files/preferences.h"
#include "scratch_dir.h"

namespace terrain::app {
namespace {

namespace fs = std::filesystem;
using Folder = testing::ScratchDir;

void touch(const fs::path& path) {
  std::ofstream(path) << "x";
}

std::vector<std::string> names(const FolderListing& listing) {
  std::vector<std::string> out;
  for (const FolderEntry& e : listing.entries) out.push_back(e.name + (e.folder ? "/" : ""));
  return out;
}

DialogKind kind_of(FileChoice what) {
  return dialog_kind(what, io::HeightmapFormat::png);
}

// A dialog for `what`, opened in `folder`, its home there too.
FileDialog opened(FileChoice what, const fs::path& folder, const std::string& name = "") {
  FileDialog dialog(folder);
  dialog.open(what, kind_of(what), folder, name, {});
  return dialog;
}

TEST(FileDialog, AFolderListsItsFoldersFirstThenTheFilesOfTheKind) {
  Folder folder;
  fs::create_directory(folder / "zeta");
  fs::create_directory(folder / "Alpha");
  fs::create_directory(folder / ".hidden");
  for (const char* name : {"b.tsmap", "A.TSMAP", "c.png", "d.exr", "e.tif", "f.tiff", "g.npy",
                           "h.r16", "notes.txt", ".secret.tsmap"}) {
    touch(folder / name);
  }
  fs::create_symlink(folder / "b.tsmap", folder / "link.tsmap");
  fs::create_symlink(folder / "nothing", folder / "gone.tsmap");  // a link to nothing
  ASSERT_EQ(::mkfifo((folder / "pipe.tsmap").c_str(), 0644), 0);

  EXPECT_EQ(names(list_folder(folder.path(), kind_of(FileChoice::map_to_open).extensions)),
            (std::vector<std::string>{"Alpha/", "zeta/", "A.TSMAP", "b.tsmap", "link.tsmap"}));
  // Heightmaps: what the reader takes (not .r16, which it cannot read).
  EXPECT_EQ(
      names(list_folder(folder.path(), kind_of(FileChoice::heightmap).extensions)),
      (std::vector<std::string>{"Alpha/", "zeta/", "c.png", "d.exr", "e.tif", "f.tiff", "g.npy"}));
  // An export: its own extension, the heightmap's as the panel's format says.
  EXPECT_EQ(names(list_folder(
                folder.path(),
                dialog_kind(FileChoice::export_heights, io::HeightmapFormat::r16).extensions)),
            (std::vector<std::string>{"Alpha/", "zeta/", "h.r16"}));
  EXPECT_EQ(names(list_folder(folder.path(), kind_of(FileChoice::export_svg).extensions)),
            (std::vector<std::string>{"Alpha/", "zeta/"}));
  // A folder to pick: folders only.
  EXPECT_EQ(names(list_folder(folder.path(), {}, false)),
            (std::vector<std::string>{"Alpha/", "zeta/"}));
}

TEST(FileDialog, ListingNeverOpensAFifoAndACutListSaysSo) {
  Folder folder;
  // Named as the folder: refused, not opened (an open would wait for a writer).
  ASSERT_EQ(::mkfifo((folder / "pipe").c_str(), 0644), 0);
  const FolderListing pipe = list_folder(folder / "pipe", {});
  EXPECT_TRUE(pipe.entries.empty());
  EXPECT_NE(pipe.error.find("is not a folder"), std::string::npos) << pipe.error;
  EXPECT_NE(list_folder(folder / "missing", {}).error, "");
  // Bounded: at most `most` listed, `most_scanned` read, and it says it cut the list.
  for (int k = 0; k < 30; k++) touch(folder / ("m" + std::to_string(k) + ".tsmap"));
  const FolderListing all = list_folder(folder.path(), {".tsmap"});
  EXPECT_EQ(all.entries.size(), 30u);
  EXPECT_FALSE(all.cut);
  const FolderListing cut = list_folder(folder.path(), {".tsmap"}, true, 10);
  EXPECT_EQ(cut.entries.size(), 10u);
  EXPECT_TRUE(cut.cut);
  const FolderListing scanned = list_folder(folder.path(), {".none"}, true, 100, 5);
  EXPECT_TRUE(scanned.entries.empty());
  EXPECT_TRUE(scanned.cut);
}

TEST(FileDialog, ANameIsAPathInTheFolderShownOrOfItsOwn) {
  const fs::path home = "/home/u";
  EXPECT_EQ(resolve_typed("/maps", "a.tsmap", home), fs::path("/maps/a.tsmap"));
  EXPECT_EQ(resolve_typed("/maps", "sub/../b.tsmap", home), fs::path("/maps/b.tsmap"));
  EXPECT_EQ(resolve_typed("/maps", "/other/c.tsmap", home), fs::path("/other/c.tsmap"));
  EXPECT_EQ(resolve_typed("/maps", "~/d.tsmap", home), fs::path("/home/u/d.tsmap"));
  EXPECT_EQ(resolve_typed("/maps", "~", home), fs::path("/home/u"));
  EXPECT_EQ(resolve_typed("/maps", "sub/", home), fs::path("/maps/sub"));
  EXPECT_EQ(resolve_typed("/maps", "..", home), fs::path("/"));
  EXPECT_EQ(resolve_typed("/", "/", home), fs::path("/"));
  EXPECT_TRUE(has_extension("A.TsMap", {".tsmap"}));
  EXPECT_FALSE(has_extension(".tsmap", {".tsmap"}));
  EXPECT_FALSE(has_extension("a.tsmap.bak", {".tsmap"}));
}

TEST(FileDialog, FoldersAreEnteredUpAndHomeAndAFileIsOpened) {
  Folder folder;
  fs::create_directories(folder / "maps/inner");
  touch(folder / "maps/first.tsmap");
  FileDialog dialog = opened(FileChoice::map_to_open, folder.path());
  ASSERT_TRUE(dialog.is_open());
  ASSERT_EQ(names(dialog.listing()), (std::vector<std::string>{"maps/"}));
  // A click selects; a double click enters.
  dialog.select(0);
  EXPECT_EQ(dialog.selected(), 0);
  EXPECT_STREQ(dialog.name_text(), "");
  dialog.activate(0);
  EXPECT_EQ(dialog.folder(), folder / "maps");
  EXPECT_STREQ(dialog.path_text(), (folder / "maps").c_str());
  ASSERT_EQ(names(dialog.listing()), (std::vector<std::string>{"inner/", "first.tsmap"}));
  dialog.up();
  EXPECT_EQ(dialog.folder(), folder.path());
  // The path typed: a folder that is not there says so, and the folder shown stays.
  std::strcpy(dialog.path_text(), (folder / "nowhere").c_str());
  dialog.go_to_typed();
  EXPECT_EQ(dialog.folder(), folder.path());
  EXPECT_NE(dialog.problem(), "");
  std::strcpy(dialog.path_text(), (folder / "maps/inner/..").c_str());
  dialog.go_to_typed();
  EXPECT_EQ(dialog.folder(), folder / "maps");
  EXPECT_EQ(dialog.problem(), "");
  dialog.home();
  EXPECT_EQ(dialog.folder(), folder.path());
  // A name that is a folder is entered; then a file's click fills the name and Open takes it.
  std::strcpy(dialog.name_text(), "maps");
  dialog.accept();
  EXPECT_TRUE(dialog.is_open());
  EXPECT_EQ(dialog.folder(), folder / "maps");
  EXPECT_STREQ(dialog.name_text(), "");
  dialog.select(1);
  EXPECT_STREQ(dialog.name_text(), "first.tsmap");
  EXPECT_FALSE(dialog.take_answer());
  dialog.accept();
  EXPECT_FALSE(dialog.is_open());
  const auto answer = dialog.take_answer();
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->what, FileChoice::map_to_open);
  EXPECT_EQ(answer->path, (folder / "maps/first.tsmap").string());
  EXPECT_FALSE(answer->replace);
  EXPECT_FALSE(dialog.take_answer());  // once
  // The folder it came from is the newest recent folder.
  ASSERT_FALSE(dialog.recent().empty());
  EXPECT_EQ(dialog.recent()[0], (folder / "maps").string());
}

TEST(FileDialog, OpeningTakesOnlyARegularFileAndFindsAMapWithoutItsExtension) {
  Folder folder;
  touch(folder / "first.tsmap");
  ASSERT_EQ(::mkfifo((folder / "pipe.tsmap").c_str(), 0644), 0);
  FileDialog dialog = opened(FileChoice::map_to_open, folder.path(), "missing.tsmap");
  dialog.accept();
  EXPECT_TRUE(dialog.is_open());
  EXPECT_EQ(dialog.problem(), "missing.tsmap is not there");
  std::strcpy(dialog.name_text(), "pipe.tsmap");
  dialog.accept();
  EXPECT_TRUE(dialog.is_open());
  EXPECT_NE(dialog.problem().find("FIFO"), std::string::npos) << dialog.problem();
  std::strcpy(dialog.name_text(), "");
  dialog.accept();
  EXPECT_TRUE(dialog.is_open());
  EXPECT_NE(dialog.problem(), "");
  std::strcpy(dialog.name_text(), "first");
  dialog.accept();
  const auto answer = dialog.take_answer();
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->path, (folder / "first.tsmap").string());
}

TEST(FileDialog, SavingAddsTheExtensionAndAsksBeforeReplacingARegularFile) {
  Folder folder;
  touch(folder / "old.tsmap");
  // A new name: the extension added, nothing to replace.
  FileDialog dialog = opened(FileChoice::map_to_save, folder.path(), "new");
  dialog.accept();
  auto answer = dialog.take_answer();
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->path, (folder / "new.tsmap").string());
  EXPECT_FALSE(answer->replace);
  // A file there: asked, and Cancel goes back to the dialog.
  dialog = opened(FileChoice::map_to_save, folder.path(), "old");
  dialog.accept();
  EXPECT_TRUE(dialog.is_open());
  EXPECT_EQ(dialog.replace_asked(), folder / "old.tsmap");
  dialog.accept();  // Return while it asks: nothing
  EXPECT_TRUE(dialog.is_open());
  dialog.answer_replace(false);
  EXPECT_TRUE(dialog.is_open());
  EXPECT_TRUE(dialog.replace_asked().empty());
  // Esc while it asks: the question goes, the dialog stays.
  dialog.accept();
  dialog.cancel();
  EXPECT_TRUE(dialog.is_open());
  EXPECT_TRUE(dialog.replace_asked().empty());
  // Replace: the answer says so.
  dialog.accept();
  dialog.answer_replace(true);
  answer = dialog.take_answer();
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->path, (folder / "old.tsmap").string());
  EXPECT_TRUE(answer->replace);
  // A link to a regular file is asked about too (the writer replaces the link).
  fs::create_symlink(folder / "old.tsmap", folder / "link.tsmap");
  dialog = opened(FileChoice::map_to_save, folder.path(), "link.tsmap");
  dialog.accept();
  EXPECT_EQ(dialog.replace_asked(), folder / "link.tsmap");
  // An export takes its own extension.
  dialog = opened(FileChoice::export_svg, folder.path(), "lines");
  dialog.accept();
  answer = dialog.take_answer();
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->path, (folder / "lines.svg").string());
  EXPECT_EQ(answer->what, FileChoice::export_svg);
}

TEST(FileDialog, SavingOverAnythingButARegularFileIsRefused) {
  Folder folder;
  ASSERT_EQ(::mkfifo((folder / "pipe.tsmap").c_str(), 0644), 0);
  fs::create_symlink(folder / "nothing", folder / "gone.tsmap");
  fs::create_symlink("/dev/null", folder / "device.tsmap");  // a link to a device
  // A socket.
  const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(s, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  const std::string socket_path = (folder / "sock.tsmap").string();
  ASSERT_LT(socket_path.size(), sizeof address.sun_path);
  std::strcpy(address.sun_path, socket_path.c_str());
  ASSERT_EQ(::bind(s, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  for (const char* name : {"pipe.tsmap", "gone.tsmap", "device.tsmap", "sock.tsmap"}) {
    FileDialog dialog = opened(FileChoice::map_to_save, folder.path(), name);
    dialog.accept();
    EXPECT_TRUE(dialog.is_open()) << name;
    EXPECT_TRUE(dialog.replace_asked().empty()) << name;
    EXPECT_NE(dialog.problem().find("choose another name"), std::string::npos)
        << name << ": " << dialog.problem();
    EXPECT_FALSE(dialog.take_answer()) << name;
  }
  ::close(s);
  // The folder it would go into must be there.
  FileDialog dialog = opened(FileChoice::map_to_save, folder.path(), "no/such/folder/map");
  dialog.accept();
  EXPECT_TRUE(dialog.is_open());
  EXPECT_NE(dialog.problem().find("is not there"), std::string::npos) << dialog.problem();
}

TEST(FileDialog, ANewFolderMustNotBeThereAndAFolderToPickIsTheOneShown) {
  Folder folder;
  touch(folder / "taken");
  FileDialog dialog = opened(FileChoice::export_layers, folder.path(), "taken");
  dialog.accept();
  EXPECT_TRUE(dialog.is_open());
  EXPECT_NE(dialog.problem().find("is there already"), std::string::npos) << dialog.problem();
  std::strcpy(dialog.name_text(), "layers");
  dialog.accept();
  auto answer = dialog.take_answer();
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->path, (folder / "layers").string());
  // The save folder: the folder shown when no name is typed.
  fs::create_directory(folder / "saves");
  dialog = opened(FileChoice::save_folder, folder.path());
  std::strcpy(dialog.name_text(), "saves");
  dialog.accept();  // entered
  EXPECT_TRUE(dialog.is_open());
  dialog.accept();
  answer = dialog.take_answer();
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->path, (folder / "saves").string());
  EXPECT_EQ(dialog.recent()[0], (folder / "saves").string());
}

TEST(FileDialog, CancelAnswersNothingAndAFolderThatCannotBeListedStartsAtHome) {
  Folder folder;
  FileDialog dialog(folder.path());
  dialog.open(FileChoice::heightmap, kind_of(FileChoice::heightmap), folder / "gone", "", {});
  EXPECT_EQ(dialog.folder(), folder.path());
  EXPECT_NE(dialog.problem(), "");
  dialog.cancel();
  EXPECT_FALSE(dialog.is_open());
  const auto answer = dialog.take_answer();
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->path, "");
}

TEST(FileDialog, RecentFoldersAreNewestFirstEachOnceBoundedAndKept) {
  std::vector<std::string> list;
  for (int k = 0; k < 12; k++) remember_folder(list, "/f" + std::to_string(k));
  remember_folder(list, "/f7");
  remember_folder(list, "");
  ASSERT_EQ(list.size(), kMostRecentFolders);
  EXPECT_EQ(list[0], "/f7");
  EXPECT_EQ(list[1], "/f11");
  EXPECT_EQ(list.back(), "/f4");
  // In the preferences file, bounded when read back too.
  Folder folder;
  const fs::path file = folder / "preferences.json";
  Preferences p;
  p.save_folder = "/saves";
  p.recent_folders = list;
  save_preferences(file, p);
  const Preferences back = load_preferences(file);
  EXPECT_EQ(back.save_folder, "/saves");
  EXPECT_EQ(back.recent_folders, list);
  std::ofstream(file) << R"({"recent_folders": ["/a", 3, "/b", "/c", "/d", "/e", "/f", "/g",
                             "/h", "/i", "/j"]})";
  EXPECT_EQ(load_preferences(file).recent_folders,
            (std::vector<std::string>{"/a", "/b", "/c", "/d", "/e", "/f", "/g", "/h"}));
}

}  // namespace
}  // namespace terrain::app
