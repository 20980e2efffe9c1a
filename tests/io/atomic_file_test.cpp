// Whole-file-or-nothing writes: replacing, refusing to overwrite, and leaving nothing behind
// (no target, no temporary) whenever a write fails. Runs as root in CI, so "cannot write" is
// made with paths that no permission can fix: a missing directory, a path under a regular
// file, /proc, and a file-size limit that makes write() itself fail half way.
#include "io/atomic_file.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "error_of.h"
#include "io_test_support.h"

namespace terrain::io {
namespace {

using testing::listing;
using testing::ScratchDir;
using testing::write_text;

// The message of the std::runtime_error that `write` throws, or "(no error)".
template <typename Write>
std::string write_error(Write write) {
  return testing::error_of<std::runtime_error>(write);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(AtomicFile, ReplaceModeCreatesAndThenReplacesTheWholeFile) {
  ScratchDir dir;
  write_file_atomically(dir / "a.txt", std::string("first version, longer"), WriteMode::replace);
  EXPECT_EQ(read_file(dir / "a.txt"), "first version, longer");
  write_file_atomically(dir / "a.txt", std::string("second"), WriteMode::replace);
  EXPECT_EQ(read_file(dir / "a.txt"), "second");
  // Only the target: no temporary left beside it.
  EXPECT_EQ(listing(dir.path()).size(), 1u);
}

TEST(AtomicFile, NeverOverwriteModeCreatesANewFile) {
  ScratchDir dir;
  write_file_atomically(dir / "new.bin", std::string("\0\x01\x02", 3), WriteMode::never_overwrite);
  EXPECT_EQ(read_file(dir / "new.bin"), std::string("\0\x01\x02", 3));
  EXPECT_EQ(listing(dir.path()).size(), 1u);
}

TEST(AtomicFile, NeverOverwriteModeRefusesAnExistingFileAndLeavesItUnchanged) {
  ScratchDir dir;
  write_text(dir / "keep.txt", "precious");
  const auto before = listing(dir.path());
  const std::string error = write_error([&] {
    write_file_atomically(dir / "keep.txt", std::string("clobber"), WriteMode::never_overwrite);
  });
  EXPECT_EQ(error, "cannot write " + (dir / "keep.txt").string() + ": it already exists");
  EXPECT_EQ(listing(dir.path()), before);
}

TEST(AtomicFile, NeverOverwriteModeRefusesAnExistingDirectoryOrSymlink) {
  ScratchDir dir;
  std::filesystem::create_directory(dir / "sub");
  std::filesystem::create_symlink("nowhere", dir / "link");
  const auto before = listing(dir.path());
  EXPECT_TRUE(contains(write_error([&] {
                         write_file_atomically(dir / "sub", std::string("x"),
                                               WriteMode::never_overwrite);
                       }),
                       "already exists"));
  // Even a dangling symlink is a name that exists.
  EXPECT_TRUE(contains(write_error([&] {
                         write_file_atomically(dir / "link", std::string("x"),
                                               WriteMode::never_overwrite);
                       }),
                       "already exists"));
  EXPECT_EQ(listing(dir.path()), before);
}

TEST(AtomicFile, WriteIntoAMissingDirectoryFailsNamingThePathAndLeavesNothing) {
  ScratchDir dir;
  const auto target = dir / "missing" / "file.txt";
  const std::string error =
      write_error([&] { write_file_atomically(target, std::string("x"), WriteMode::replace); });
  EXPECT_TRUE(contains(error, "cannot write " + target.string() + ": No such file or directory"))
      << error;
  EXPECT_TRUE(listing(dir.path()).empty());
}

TEST(AtomicFile, WriteUnderARegularFileFailsNamingThePathAndLeavesNothing) {
  ScratchDir dir;
  write_text(dir / "plain", "a file, not a directory");
  const auto before = listing(dir.path());
  const auto target = dir / "plain" / "file.txt";
  for (WriteMode mode : {WriteMode::replace, WriteMode::never_overwrite}) {
    const std::string error =
        write_error([&] { write_file_atomically(target, std::string("x"), mode); });
    EXPECT_TRUE(contains(error, "cannot write " + target.string() + ": Not a directory")) << error;
    EXPECT_EQ(listing(dir.path()), before);
  }
}

TEST(AtomicFile, WriteIntoProcFails) {
  // No one, root included, can create files in /proc.
  const std::string error = write_error([&] {
    write_file_atomically("/proc/terrain-io-test", std::string("x"), WriteMode::replace);
  });
  EXPECT_TRUE(contains(error, "cannot write /proc/terrain-io-test: ")) << error;
}

TEST(AtomicFile, AWriteThatFailsHalfWayLeavesNoTemporaryAndTheOldFileIntact) {
  ScratchDir dir;
  write_text(dir / "data.bin", "old content");
  const auto before = listing(dir.path());
  // A file-size limit makes write() fail with EFBIG part way through, as a full disk would.
  // (SIGXFSZ would otherwise end the process.)
  struct rlimit saved {};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto old_handler = ::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = saved;
  small.rlim_cur = 1000;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const std::string big(5000, 'x');
  const std::string replace_error =
      write_error([&] { write_file_atomically(dir / "data.bin", big, WriteMode::replace); });
  const std::string new_error = write_error(
      [&] { write_file_atomically(dir / "other.bin", big, WriteMode::never_overwrite); });
  ::setrlimit(RLIMIT_FSIZE, &saved);
  ::signal(SIGXFSZ, old_handler);

  EXPECT_EQ(replace_error, "cannot write " + (dir / "data.bin").string() + ": File too large");
  EXPECT_EQ(new_error, "cannot write " + (dir / "other.bin").string() + ": File too large");
  EXPECT_EQ(listing(dir.path()), before);
}

TEST(AtomicFile, NewFilesGetOrdinaryPermissions) {
  ScratchDir dir;
  const mode_t saved = ::umask(022);
  write_file_atomically(dir / "f", std::string("x"), WriteMode::never_overwrite);
  ::umask(saved);
  struct stat info {};
  ASSERT_EQ(::stat((dir / "f").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0644u);
}

TEST(StagedFile, TargetAppearsOnlyAtCommit) {
  ScratchDir dir;
  StagedFile staged(dir / "late.txt", std::as_bytes(std::span<const char>("abc", 3)));
  EXPECT_FALSE(std::filesystem::exists(dir / "late.txt"));
  // The temporary is hidden beside the target, named after it.
  EXPECT_EQ(staged.temporary().parent_path(), dir.path());
  EXPECT_EQ(staged.temporary().filename().string().rfind(".late.txt.tmp-", 0), 0u);
  EXPECT_EQ(read_file(staged.temporary()), "abc");
  staged.commit(WriteMode::never_overwrite);
  EXPECT_TRUE(staged.committed());
  EXPECT_EQ(read_file(dir / "late.txt"), "abc");
  EXPECT_EQ(listing(dir.path()).size(), 1u);
  EXPECT_THROW(staged.commit(WriteMode::replace), std::logic_error);
}

TEST(StagedFile, DestroyedUncommittedItLeavesNothing) {
  ScratchDir dir;
  {
    StagedFile a(dir / "a", std::as_bytes(std::span<const char>("1", 1)));
    StagedFile b(dir / "b", std::as_bytes(std::span<const char>("2", 1)));
    EXPECT_EQ(listing(dir.path()).size(), 2u);  // the two temporaries
    StagedFile moved = std::move(b);
    EXPECT_EQ(listing(dir.path()).size(), 2u);
  }
  EXPECT_TRUE(listing(dir.path()).empty());
}

TEST(StagedFile, AFailedCommitRemovesTheTemporary) {
  ScratchDir dir;
  write_text(dir / "taken", "first");
  StagedFile staged(dir / "taken", std::as_bytes(std::span<const char>("second", 6)));
  EXPECT_THROW(staged.commit(WriteMode::never_overwrite), std::runtime_error);
  EXPECT_FALSE(staged.committed());
  EXPECT_EQ(listing(dir.path()).size(), 1u);
  EXPECT_EQ(read_file(dir / "taken"), "first");
}

TEST(ReadFile, ReadsWholeFilesAndNamesMissingOnes) {
  ScratchDir dir;
  const std::string big(200000, 'q');
  write_text(dir / "big", big);
  EXPECT_EQ(read_file(dir / "big"), big);
  const std::string error = write_error([&] { read_file(dir / "absent"); });
  EXPECT_EQ(error, "cannot read " + (dir / "absent").string() + ": No such file or directory");
}

}  // namespace
}  // namespace terrain::io
