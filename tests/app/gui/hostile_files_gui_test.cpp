// terrain-sandbox given hostile files, end to end through the real app: a script line nested
// 100,000 deep, a map file whose HIST is, FIFOs, /dev/zero, a directory and a 2 GB sparse file
// where a script, a map or a heightmap belongs; each run under a memory cap (RLIMIT_AS, or
// AddressSanitizer's RSS limit in the sanitizer build) and a time limit ends with exit 2 and one
// line naming the file, nothing written. A map file with sections of unknown tags that would
// decompress to 30 GiB opens within the cap. A FIFO as preferences.json, user-dirs.dirs or
// recent-maps.json does not block the start or the window; and Ctrl+S over a map's own file
// that has become a FIFO or a device node says so and leaves the node.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gui_support.h"
#include "io/atomic_file.h"
#include "io/map_file.h"
#include "io/npy.h"

namespace terrain::gui {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;
using std::chrono::seconds;

// What one capped run of the app did.
struct CappedRun {
  int status = -1;  // exit status; -1 when killed at the time limit or by a signal
  std::string err;
  double seconds = 0;
};

std::string text_of(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The app with `args` to its end, under a memory cap and a 60 s limit, its config and state
// folders in `dir` (config/, state/; user-dirs.dirs written unless something is there).
CappedRun run_capped(const std::vector<std::string>& args, const fs::path& dir) {
  ensure_display();
  fs::create_directories(dir / "config");
  fs::create_directories(dir / "state");
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(dir / "config" / "user-dirs.dirs", ec))) {
    std::ofstream(dir / "config" / "user-dirs.dirs")
        << "XDG_PICTURES_DIR=\"" << (dir / "Pictures").string() << "\"\n";
  }
  const fs::path err = dir / "capped.err";
  const std::string config = "XDG_CONFIG_HOME=" + (dir / "config").string();
  const std::string state = "XDG_STATE_HOME=" + (dir / "state").string();
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(null, 1);
    ::dup2(e, 2);
    ::putenv(const_cast<char*>(config.c_str()));
    ::putenv(const_cast<char*>(state.c_str()));
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer reserves terabytes of address space: its own cap on resident memory.
    ::setenv("ASAN_OPTIONS", "detect_leaks=0:halt_on_error=1:hard_rss_limit_mb=2000", 1);
#else
    const struct rlimit cap { 2000000000, 2000000000 };
    ::setrlimit(RLIMIT_AS, &cap);
#endif
    std::vector<char*> argv{const_cast<char*>(TERRAIN_SANDBOX)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    _exit(127);
  }
  CappedRun run;
  int status = 0;
  for (;;) {
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      break;
    }
    if (std::chrono::steady_clock::now() - start > seconds(60)) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(milliseconds(20));
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.err = text_of(err);
  fs::remove(err);
  return run;
}

// Expects the run refused with the one line `says` (exit 2), its picture never written.
void refused(const std::vector<std::string>& args, const fs::path& dir, const std::string& says) {
  SCOPED_TRACE(says);
  const fs::path never = dir / "never.png";
  std::vector<std::string> all = args;
  all.insert(all.end(), {"--frames", "1", "--screenshot", never.string()});
  const CappedRun run = run_capped(all, dir);
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_EQ(run.err, "terrain-sandbox: " + says + "\n");
  EXPECT_LT(run.seconds, 30);
  EXPECT_FALSE(fs::exists(never));
}

// A map of the app's grid, saved by terrain-cli, and its sections.
std::vector<io::MapFileSection> a_map(const fs::path& dir, const fs::path& file) {
  const std::string command = std::string(TERRAIN_CLI) + " --drops 3000 --out '" +
                              (dir / "cli").string() + "' --save-map '" + file.string() +
                              "' > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0);
  const std::string bytes = io::read_file(file);
  const io::MapFileWanted wanted[] = {{io::map_file_tag("RCPE")},
                                      {io::map_file_tag("HIST")},
                                      {io::map_file_tag("GRID")},
                                      {io::map_file_tag("VIEW")}};
  return io::decode_map_file(
      std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), wanted);
}

fs::path write(const fs::path& path, const std::vector<uint8_t>& bytes) {
  io::write_file_atomically(path, std::span<const uint8_t>(bytes), io::WriteMode::never_overwrite);
  return path;
}

std::string nested(std::size_t n) {
  return std::string(n, '[') + std::string(n, ']');
}

TEST(HostileFilesGui, AScriptNestedDeepOrThatIsNoFileIsRefusedWithItsName) {
  TempDir dir;
  const fs::path deep = dir.path / "deep.jsonl";
  std::ofstream(deep) << "{\"rain\": 10}\n{\"a\":" << nested(100000) << ",\"b\":1}\n";
  refused({"--script", deep.string()}, dir.path,
          "deep.jsonl line 2: JSON nested deeper than 64 levels");
  fs::create_symlink("/dev/zero", dir.path / "zero.jsonl");
  refused({"--script", (dir.path / "zero.jsonl").string()}, dir.path,
          "--script '" + (dir.path / "zero.jsonl").string() +
              "' cannot be read: it is a character device, not a file (allowed: a text file "
              "that can be read)");
  ASSERT_EQ(::mkfifo((dir.path / "pipe.jsonl").c_str(), 0644), 0);
  refused({"--script", (dir.path / "pipe.jsonl").string()}, dir.path,
          "--script '" + (dir.path / "pipe.jsonl").string() +
              "' cannot be read: it is a FIFO (a named pipe), not a file (allowed: a text file "
              "that can be read)");
}

TEST(HostileFilesGui, MapsAndHeightmapsThatAreNoFilesTooBigOrNestedDeepAreRefused) {
  TempDir dir;
  const auto p = [&](const std::string& name) { return (dir.path / name).string(); };
  ASSERT_EQ(::mkfifo(p("pipe.tsmap").c_str(), 0644), 0);
  ASSERT_EQ(::mkfifo(p("pipe.png").c_str(), 0644), 0);
  fs::create_directory(p("dir.tsmap"));
  fs::create_symlink("/dev/zero", p("zero.npy"));
  std::ofstream(p("hole.tsmap")).close();
  fs::resize_file(p("hole.tsmap"), uint64_t{2} << 30);
  refused({p("pipe.tsmap")}, dir.path,
          "Cannot open " + p("pipe.tsmap") + ": it is a FIFO (a named pipe), not a file");
  refused({p("dir.tsmap")}, dir.path,
          "Cannot open " + p("dir.tsmap") + ": it is a directory, not a file");
  refused({p("hole.tsmap")}, dir.path,
          "Cannot open " + p("hole.tsmap") +
              ": it is 2147483648 bytes; a map file is at most 1342177280");
  refused({p("zero.npy")}, dir.path,
          "Cannot open " + p("zero.npy") + ": it is a character device, not a file");
  refused({p("pipe.png")}, dir.path,
          "Cannot open " + p("pipe.png") + ": it is a FIFO (a named pipe), not a file");
  // HIST nested 100,000 deep, then a second key, every checksum right.
  std::vector<io::MapFileSection> sections = a_map(dir.path, p("good.tsmap"));
  for (io::MapFileSection& s : sections) {
    if (s.tag != io::map_file_tag("HIST")) continue;
    std::string text(s.bytes.begin(), s.bytes.end());
    text.replace(text.find("\"steps\":"), 8, "\"steps\":" + nested(100000) + ",\"x\":");
    s.bytes.assign(text.begin(), text.end());
  }
  write(p("deep.tsmap"), io::encode_map_file(sections));
  refused({p("deep.tsmap")}, dir.path,
          "Cannot open " + p("deep.tsmap") + ": HIST: JSON nested deeper than 64 levels");
}

// Heights near float32's limit (they crashed the rain in both programs) at every door a ground
// comes in by: a heightmap given as FILE, a script's ground, and a map file's grids with every
// checksum right. Each is refused naming what a ground may hold.
TEST(HostileFilesGui, GroundsNearTheFloatLimitAreRefusedAtEveryDoor) {
  TempDir dir;
  const auto p = [&](const std::string& name) { return (dir.path / name).string(); };
  std::vector<float> huge(kCols * kRows, 3.4e38f);
  for (std::size_t k = 0; k < huge.size(); k += 3) huge[k] = -3.4e38f;
  io::write_file_atomically(p("huge.npy"),
                            io::encode_npy(std::span<const float>(huge), kRows, kCols),
                            io::WriteMode::replace);
  const std::string bound = "(a ground holds finite heights from -1000000 to 1000000)";
  refused({p("huge.npy")}, dir.path,
          "Cannot open " + p("huge.npy") + ": the height at column 0, row 0 is -3.4e+38 " + bound);
  // A script's ground: 2 x 2 cells, 3.4e38 in the third.
  std::ofstream(p("ground.jsonl"))
      << R"({"ground": {"file": "a.png", "fit": "crop", "width": 2, "height": 2, "heights": ")"
      << "AAAAAAAAAD+eyX9/AACAPg=="
      << "\"}}\n";
  refused({"--script", p("ground.jsonl")}, dir.path,
          "ground.jsonl line 1: ground.heights: the height at column 0, row 1 is 3.4e+38 " + bound);
  // More rain than one command may ask.
  std::ofstream(p("more.jsonl")) << "{\"rain\": 1000000001}\n";
  refused({"--script", p("more.jsonl")}, dir.path,
          "more.jsonl line 1: rain: must be a whole number from 0 to 1000000000, not 1000000001");
  // A map file's grid, its checksums right.
  std::vector<io::MapFileSection> sections = a_map(dir.path, p("good.tsmap"));
  for (io::MapFileSection& s : sections) {
    if (s.tag != io::map_file_tag("GRID")) continue;
    const float far = 3.4e38f;
    std::memcpy(s.bytes.data() + 4 * (kCols + 1), &far, 4);
  }
  write(p("far.tsmap"), io::encode_map_file(sections));
  refused({p("far.tsmap")}, dir.path,
          "Cannot open " + p("far.tsmap") + ": GRID: grid 0: the height at column 1, row 1 is " +
              "3.4e+38 " + bound);
}

TEST(HostileFilesGui, AMapWithSectionsOfUnknownTagsOpensWithinTheCap) {
  TempDir dir;
  const std::vector<io::MapFileSection> sections = a_map(dir.path, dir.path / "good.tsmap");
  // One section of 512 MiB of zeros (a few kilobytes stored), sixty times, then the map's.
  const std::vector<uint8_t> zeros = [] {
    const std::vector<uint8_t> mebibyte(1 << 20, 0);
    io::MapFileSectionParts part{io::map_file_tag("ZERO"), {}};
    for (int k = 0; k < 512; k++) part.parts.emplace_back(mebibyte);
    const std::vector<uint8_t> one = io::encode_map_file(std::span(&part, 1));
    return std::vector<uint8_t>(one.begin() + io::kMapFileHeaderBytes, one.end());
  }();
  const std::vector<uint8_t> map = io::encode_map_file(sections);
  std::vector<uint8_t> file(map.begin(), map.begin() + io::kMapFileHeaderBytes);
  file[12] = 64;
  for (int k = 0; k < 60; k++) file.insert(file.end(), zeros.begin(), zeros.end());
  file.insert(file.end(), map.begin() + io::kMapFileHeaderBytes, map.end());
  const fs::path bomb = write(dir.path / "zeros.tsmap", file);
  const fs::path shot = dir.path / "shot.png";
  const CappedRun run =
      run_capped({bomb.string(), "--frames", "1", "--screenshot", shot.string()}, dir.path);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(fs::exists(shot));
  EXPECT_LT(run.seconds, 30);
}

TEST(HostileFilesGui, FifosAsTheAppsOwnFilesDoNotBlockTheStartOrTheWindow) {
  TempDir dir;
  // The preferences, the panel's place (ImGui's .ini) and the desktop's user-dirs.dirs, read
  // before the first frame; the panel's place is written at the end, not into the FIFO.
  const fs::path own = dir.path / "config" / "terrain-sandbox";
  fs::create_directories(own);
  ASSERT_EQ(::mkfifo((own / "preferences.json").c_str(), 0644), 0);
  ASSERT_EQ(::mkfifo((own / "imgui.ini").c_str(), 0644), 0);
  ASSERT_EQ(::mkfifo((dir.path / "config" / "user-dirs.dirs").c_str(), 0644), 0);
  const fs::path shot = dir.path / "shot.png";
  const CappedRun run =
      run_capped({"--seed", "3", "--frames", "1", "--screenshot", shot.string()}, dir.path);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(fs::exists(shot));
  EXPECT_TRUE(fs::is_fifo(own / "imgui.ini"));
  // The recent maps, read in the window's run (not a scripted one): its frames come.
  fs::create_directories(dir.path / "state" / "terrain-sandbox");
  ASSERT_EQ(::mkfifo((dir.path / "state" / "terrain-sandbox" / "recent-maps.json").c_str(), 0644),
            0);
  App app({"--seed", "3", "--paused"}, dir.path);
  EXPECT_NE(app.wait_for_line("layout seed ", seconds(60)), "") << app.err();
  app.kill_now();
  EXPECT_TRUE(
      std::filesystem::is_fifo(dir.path / "state" / "terrain-sandbox" / "recent-maps.json"));
}

TEST(HostileFilesGui, SavingOverTheMapsOwnFileThatBecameAFifoOrADeviceLeavesIt) {
  TempDir dir;
  const fs::path own = dir.path / "own.tsmap";
  a_map(dir.path, own);
  App app({own.string(), "--paused"}, dir.path);
  const std::string window = app.window_id();
  ASSERT_FALSE(window.empty());
  // Opened (on a worker, as every map file is) and its own file.
  ASSERT_NE(app.wait_for_line("Opened the map " + own.string(), seconds(60)), "") << app.err();
  ASSERT_EQ(app.err(), "");
  // Its file becomes a device node (as root, as in CI) or a FIFO, then Ctrl+S replaces it.
  fs::remove(own);
  const bool root = ::geteuid() == 0;
  if (root) {
    ASSERT_EQ(::mknod(own.c_str(), S_IFCHR | 0666, ::makedev(1, 7)), 0);
  } else {
    ASSERT_EQ(::mkfifo(own.c_str(), 0644), 0);
  }
  press("ctrl+s");
  const std::string says = "Map not saved: cannot write " + own.string() + ": it is " +
                           (root ? "a character device" : "a FIFO (a named pipe)") +
                           ", not a file (allowed: a new file, or a regular file to replace)";
  for (int k = 0; k < 300 && app.err().find(says) == std::string::npos; k++) {
    std::this_thread::sleep_for(milliseconds(100));
  }
  EXPECT_NE(app.err().find(says), std::string::npos) << app.err() << app.out();
  app.kill_now();
  struct stat node {};
  ASSERT_EQ(::lstat(own.c_str(), &node), 0);
  if (root) {
    EXPECT_TRUE(S_ISCHR(node.st_mode));
    EXPECT_EQ(node.st_rdev, ::makedev(1, 7));
  } else {
    EXPECT_TRUE(S_ISFIFO(node.st_mode));
  }
}

}  // namespace
}  // namespace terrain::gui
