// The desktop's file chooser (see file_chooser.h).
#include "app/files/file_chooser.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
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

bool FileChooser::start(FileChoice what, const DialogKind& kind, const std::string& folder,
                        const std::string& name) {
  if (!available() || open()) return false;
  std::vector<std::string> args{program_, "--file-selection"};
  // "Terrain Sandbox: open a map", as the window's dialog names it.
  std::string title = kind.title;
  if (!title.empty())
    title[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(title[0])));
  args.push_back("--title=Terrain Sandbox: " + title);
  if (kind.mode == DialogMode::pick_folder) {
    args.emplace_back("--directory");
  } else if (kind.mode == DialogMode::save_file) {
    // zenity asks before it replaces a file.
    args.emplace_back("--save");
    args.emplace_back("--confirm-overwrite");
  } else if (kind.mode == DialogMode::new_folder) {
    args.emplace_back("--save");  // a name for a new folder (the app refuses one that is there)
  }
  if (!kind.extensions.empty()) {
    std::string patterns;
    for (const std::string& e : kind.extensions) patterns += (patterns.empty() ? "*" : " *") + e;
    args.push_back("--file-filter=" + kind.filter + " | " + patterns);
    if (kind.mode == DialogMode::open_file) args.emplace_back("--file-filter=All files | *");
  }
  // zenity starts in the folder of --filename, with the name after its last '/' suggested.
  if (!folder.empty()) {
    args.push_back("--filename=" + folder + (folder.back() == '/' ? "" : "/") + name);
  }
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
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 1) {
    answer.failed = true;
  }
  return answer;
}

}  // namespace terrain::app
