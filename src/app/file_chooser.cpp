// The desktop's file chooser (see file_chooser.h).
#include "app/file_chooser.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <vector>

extern char** environ;

namespace terrain::app {
namespace {

// `name` found on PATH, or "".
std::string on_path(std::string_view name) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return "";
  std::string_view rest(path);
  while (!rest.empty()) {
    const std::size_t colon = rest.find(':');
    const std::string_view dir = rest.substr(0, colon);
    if (!dir.empty()) {
      const std::filesystem::path candidate = std::filesystem::path(dir) / name;
      if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
    }
    if (colon == std::string_view::npos) break;
    rest.remove_prefix(colon + 1);
  }
  return "";
}

}  // namespace

FileChooser::FileChooser() {
  if (const char* stand_in = std::getenv("TERRAIN_SANDBOX_FILE_CHOOSER");
      stand_in != nullptr && stand_in[0] != '\0') {
    program_ = stand_in;
    return;
  }
  const bool display = std::getenv("DISPLAY") != nullptr || std::getenv("WAYLAND_DISPLAY");
  if (display) program_ = on_path("zenity");
}

FileChooser::~FileChooser() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  if (out_ >= 0) close(out_);
}

bool FileChooser::start(FileChoice what, const std::string& folder) {
  if (!available() || open()) return false;
  std::vector<std::string> args{program_, "--file-selection"};
  if (what == FileChoice::save_folder) {
    args.emplace_back("--directory");
    args.emplace_back("--title=Terrain Sandbox: where saves go");
  } else if (what == FileChoice::map_to_open) {
    args.emplace_back("--title=Terrain Sandbox: open a map");
    args.emplace_back("--file-filter=Terrain Sandbox maps | *.tsmap");
    args.emplace_back("--file-filter=All files | *");
  } else if (what == FileChoice::map_to_save) {
    // zenity asks before it replaces a file.
    args.emplace_back("--save");
    args.emplace_back("--confirm-overwrite");
    args.emplace_back("--title=Terrain Sandbox: save the map as");
    args.emplace_back("--file-filter=Terrain Sandbox maps | *.tsmap");
  } else {
    args.emplace_back("--title=Terrain Sandbox: open a heightmap");
    args.emplace_back("--file-filter=Heightmaps | *.png *.exr *.tif *.tiff *.npy *.r16");
    args.emplace_back("--file-filter=All files | *");
  }
  // zenity starts in the folder of --filename when it ends with '/'.
  if (!folder.empty()) args.push_back("--filename=" + folder + (folder.back() == '/' ? "" : "/"));
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) return false;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int failed = posix_spawn(&pid, program_.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  if (failed != 0) {
    close(pipe_fds[0]);
    return false;
  }
  fcntl(pipe_fds[0], F_SETFL, O_NONBLOCK);
  pid_ = pid;
  out_ = pipe_fds[0];
  read_.clear();
  what_ = what;
  return true;
}

std::optional<FileChooser::Answer> FileChooser::poll() {
  if (!open()) return std::nullopt;
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(out_, buffer, sizeof buffer);
    if (n > 0) {
      read_.append(buffer, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    break;  // nothing more now (EAGAIN), or the end
  }
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) != pid_) return std::nullopt;
  // Closed: the rest of what it wrote, then the answer.
  for (ssize_t n = 0; (n = read(out_, buffer, sizeof buffer)) > 0;) {
    read_.append(buffer, static_cast<std::size_t>(n));
  }
  close(out_);
  out_ = -1;
  pid_ = -1;
  Answer answer;
  answer.what = what_;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    answer.path = read_.substr(0, read_.find('\n'));
  }
  return answer;
}

}  // namespace terrain::app
