#include "gui_support.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <thread>

// Last: Xlib's macros (None, Status, Bool) reach nothing included after it.
#include <X11/Xlib.h>

namespace terrain::gui {
namespace {

pid_t xvfb_pid = -1;

// The newest App still running (App::driven): tests drive one window at a time, and when a
// second app starts while the first lives, the second is the one clicked.
std::vector<App*> g_apps;

// In the sanitizer build the app runs with AddressSanitizer and UBSan on, but without the leak
// check at exit: SDL's X11 start-up leaves allocations inside the system's libdbus and the
// runtime's own bookkeeping that LeakSanitizer reports and cannot attribute without an unwind
// per allocation (minutes per start under llvmpipe). The app's own code is leak-checked by
// session_tests, render_geometry_tests and app_tests, which run the same session, the same CPU
// painter and the same flags and keys.
const std::string kSanitizerOptions =
    "ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:halt_on_error=1";

// No desktop file chooser (zenity, which scripts/install-deps.sh installs) pops up over a
// test's window: the chooser named is a program that is not there, so the app's own file
// dialog is the one shown; a test that wants a chooser names its stand-in (given after this).
const std::string kNoDesktopChooser =
    "TERRAIN_SANDBOX_FILE_CHOOSER=/nonexistent/no-desktop-chooser";

void stop_xvfb() {
  if (xvfb_pid > 0) {
    kill(xvfb_pid, SIGTERM);
    waitpid(xvfb_pid, nullptr, 0);
    xvfb_pid = -1;
  }
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The app's config folder for a test: its own, with the desktop's Pictures folder (where saves
// go by default, as xdg-user-dir PICTURES says) inside the test's folder too, so that nothing
// of the user's is read or written.
std::string config_home(const std::filesystem::path& dir) {
  const std::filesystem::path config = dir / "config";
  std::filesystem::create_directories(config);
  const std::filesystem::path dirs = config / "user-dirs.dirs";
  if (!std::filesystem::exists(dirs)) {
    std::ofstream(dirs) << "XDG_PICTURES_DIR=\"" << (dir / "Pictures").string() << "\"\n";
  }
  return "XDG_CONFIG_HOME=" + config.string();
}

// Its state folder (autosaves, recent maps) in the test's folder too; a test's own
// XDG_STATE_HOME (given after it) wins.
std::string state_home(const std::filesystem::path& dir) {
  return "XDG_STATE_HOME=" + (dir / "state").string();
}

pid_t spawn(const std::vector<std::string>& argv, const std::filesystem::path& out,
            const std::filesystem::path& err, const std::vector<std::string>& env) {
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(o, 1);
    dup2(e, 2);
    for (const std::string& kv : env) putenv(const_cast<char*>(kv.c_str()));
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  return pid;
}

}  // namespace

void ensure_display() {
  if (xvfb_pid > 0) return;
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  xvfb_pid = fork();
  if (xvfb_pid == 0) {
    close(fds[0]);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    const std::string fd = std::to_string(fds[1]);
    execlp("Xvfb", "Xvfb", "-displayfd", fd.c_str(), "-screen", "0", "1280x720x24", "-nolisten",
           "tcp", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  std::string number;
  char c;
  while (read(fds[0], &c, 1) == 1 && c != '\n') number += c;
  close(fds[0]);
  if (number.empty())
    throw std::runtime_error("Xvfb did not start (is the xvfb package installed?)");
  setenv("DISPLAY", (":" + number).c_str(), 1);
  std::atexit(stop_xvfb);
}

TempDir::TempDir() {
  std::random_device rd;
  path = std::filesystem::temp_directory_path() / ("terrain-gui-" + std::to_string(rd()));
  std::filesystem::create_directories(path);
}
TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);
}

App::App(const std::vector<std::string>& args, const std::filesystem::path& dir,
         const std::vector<std::string>& env) {
  ensure_display();
  out_ = dir / "app.out";
  err_ = dir / "app.err";
  std::vector<std::string> argv{TERRAIN_SANDBOX};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<std::string> all_env{config_home(dir), state_home(dir), "TERRAIN_SANDBOX_LAYOUT=1",
                                   kSanitizerOptions, kNoDesktopChooser};
  all_env.insert(all_env.end(), env.begin(), env.end());
  argv_ = argv;
  env_ = all_env;
  // Emptied here, before the child starts: an earlier app's lines in the same folder are never
  // read as this one's.
  std::ofstream(out_, std::ios::trunc);
  std::ofstream(err_, std::ios::trunc);
  pid_ = spawn(argv_, out_, err_, env_);
  g_apps.push_back(this);
}

App::~App() {
  std::erase(g_apps, this);
  if (pid_ > 0 && running()) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

App* App::driven() {
  for (auto it = g_apps.rbegin(); it != g_apps.rend(); ++it) {
    if ((*it)->running()) return *it;
  }
  return nullptr;
}

uint64_t App::answered() {
  std::ifstream in(out_);
  in.seekg(static_cast<std::streamoff>(read_));
  // Whole lines only: one being written is read again next time.
  for (std::string line; std::getline(in, line);) {
    if (in.eof()) break;
    read_ += line.size() + 1;
    if (line.rfind("input ", 0) == 0) {
      std::istringstream counts(line.substr(6));
      counts >> answered_ >> moves_answered_ >> x_answered_ >> y_answered_;
    }
  }
  return answered_;
}

void App::move(const std::string& args, int x, int y, std::chrono::milliseconds most, bool say) {
  xdotool(args);
  const auto until = std::chrono::steady_clock::now() + most;
  while (running()) {
    answered();
    if (x_answered_ == x && y_answered_ == y) return;
    if (std::chrono::steady_clock::now() > until) {
      if (say) {
        std::fprintf(stderr, "the app answered no pointer move to %d, %d (xdotool %s)\n", x, y,
                     args.c_str());
      }
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void App::input(const std::string& args, int events) {
  xdotool(args);
  sent_ += static_cast<uint64_t>(events);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (answered() < sent_) {
    if (!running()) return;
    if (std::chrono::steady_clock::now() > until) {
      std::fprintf(stderr,
                   "the app answered %llu key and button events of %llu sent (xdotool %s)\n",
                   static_cast<unsigned long long>(answered_),
                   static_cast<unsigned long long>(sent_), args.c_str());
      sent_ = answered_;  // what it missed is not waited on again
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::string App::out() const {
  return slurp(out_);
}
std::string App::err() const {
  return slurp(err_);
}

bool App::running() {
  if (pid_ <= 0) return false;
  const pid_t r = waitpid(pid_, &status_, WNOHANG);
  if (r == pid_) {
    pid_ = -pid_;  // reaped
    return false;
  }
  return true;
}

std::string App::wait_for_line(const std::string& prefix, std::chrono::seconds timeout) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < until) {
    std::istringstream lines(out());
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind(prefix, 0) == 0) return line;
    }
    if (!running()) return "";
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return "";
}

int App::quit(std::chrono::seconds timeout) {
  if (pid_ > 0 && running()) kill(pid_, SIGTERM);
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (running() && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (running()) {
    kill(pid_, SIGKILL);
    waitpid(pid_, &status_, 0);
    pid_ = -pid_;
    return -1;
  }
  return WIFEXITED(status_) ? WEXITSTATUS(status_) : 128 + WTERMSIG(status_);
}

int App::wait_exit(std::chrono::seconds timeout) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (running() && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (running()) return -1;
  return WIFEXITED(status_) ? WEXITSTATUS(status_) : 128 + WTERMSIG(status_);
}

void App::kill_now() {
  if (pid_ > 0 && running()) {
    kill(pid_, SIGKILL);
    waitpid(pid_, &status_, 0);
    pid_ = -pid_;
  }
}

std::vector<int> App::layout(const std::string& name) {
  const std::string line = wait_for_line("layout " + name + " ", std::chrono::seconds(120));
  std::istringstream in(line.substr(8 + name.size()));
  std::vector<int> r(4, 0);
  in >> r[0] >> r[1] >> r[2] >> r[3];
  return r;
}

std::string App::window_id() {
  // Asked again until it is there: a search can fail outright (BadWindow) when another window
  // goes while it looks, as the last run's does right after it quits.
  // After a while, a window of that exact name whether or not X calls it viewable yet.
  std::string id;
  auto start = std::chrono::steady_clock::now();
  auto until = start + std::chrono::seconds(120);
  while (id.empty() && running() && std::chrono::steady_clock::now() < until) {
    if (!restarted_ && std::chrono::steady_clock::now() > start + std::chrono::seconds(40)) {
      // Rarely, at the end of a loaded run, the app runs with no window on the test's
      // display: started once more (its output begins again), as a user would.
      std::fprintf(stderr, "no app window after 40 s: starting the app again\n");
      kill(pid_, SIGKILL);
      waitpid(pid_, &status_, 0);
      restarted_ = true;
      sent_ = answered_ = moves_answered_ = read_ = 0;
      x_answered_ = y_answered_ = -1;
      pid_ = spawn(argv_, out_, err_, env_);
      start = std::chrono::steady_clock::now();
      until = start + std::chrono::seconds(80);
    }
    const bool any = std::chrono::steady_clock::now() > start + std::chrono::seconds(10);
    FILE* p = popen(any ? "xdotool search --name '^Terrain Sandbox$' 2>/dev/null"
                        : "xdotool search --onlyvisible --name 'Terrain Sandbox' 2>/dev/null",
                    "r");
    char buf[64] = {};
    if (p && fgets(buf, sizeof buf, p)) id = buf;
    if (p) pclose(p);
    while (!id.empty() && (id.back() == '\n' || id.back() == ' ')) id.pop_back();
    if (id.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (id.empty()) {
    // What the display holds, for the failure's report.
    std::fprintf(stderr, "no app window on %s (app %s); the windows there:\n",
                 std::getenv("DISPLAY") ? std::getenv("DISPLAY") : "(no DISPLAY)",
                 running() ? "running" : "not running");
    std::fflush(stderr);
    std::system("xwininfo -root -tree 2>&1 | head -40 >&2");
  }
  if (!id.empty()) {
    // No window manager on the virtual display: give the window the keyboard and put the
    // pointer over the map, away from the panel, so real (XTEST) events reach it.
    xdotool("windowfocus --sync " + id);
    xdotool("mousemove --window " + id + " 1100 300");
  }
  return id;
}

std::vector<std::string> saving_in(const TempDir& dir, std::vector<std::string> args) {
  const std::filesystem::path saves = dir.path / "saves";
  std::filesystem::create_directories(saves);
  args.insert(args.end(), {"--save-folder", saves.string()});
  return args;
}

std::string window_after_layout(App& app, const std::string& name) {
  app.layout(name);
  return app.window_id();
}

io::RgbaImage saved_picture(App& app, std::size_t n) {
  press("s");
  const std::string saved = nth_line(app, "Saved ", n);
  EXPECT_NE(saved, "") << app.err();
  return saved.empty() ? io::RgbaImage{} : io::read_png(saved_path(saved));
}

std::filesystem::path write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
  return path;
}

io::RgbaImage one_frame(const std::vector<std::string>& args, const TempDir& dir,
                        const std::string& name, double* seconds_taken) {
  std::vector<std::string> all = args;
  all.insert(all.end(), {"--frames", "1"});
  const auto start = std::chrono::steady_clock::now();
  io::RgbaImage picture = screenshot(all, dir, name);
  if (seconds_taken != nullptr) {
    *seconds_taken =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return picture;
}

bool close_window(const std::string& window) {
  Display* display = XOpenDisplay(nullptr);
  if (display == nullptr) return false;
  XEvent event = {};
  event.xclient.type = ClientMessage;
  event.xclient.window = static_cast<Window>(std::stoul(window));
  event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", False);
  event.xclient.format = 32;
  event.xclient.data.l[0] = static_cast<long>(XInternAtom(display, "WM_DELETE_WINDOW", False));
  event.xclient.data.l[1] = CurrentTime;
  const bool sent = XSendEvent(display, event.xclient.window, False, NoEventMask, &event) != 0;
  XSync(display, False);
  XCloseDisplay(display);
  return sent;
}

io::RgbaImage screenshot(const std::vector<std::string>& args, const TempDir& dir,
                         const std::string& name) {
  const std::filesystem::path png = dir.path / name;
  std::vector<std::string> all = args;
  all.push_back("--screenshot");
  all.push_back(png.string());
  std::string err;
  EXPECT_EQ(run_app(all, dir.path, nullptr, &err), 0) << err;
  return io::read_png(png);
}

std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(prefix, 0) == 0) out.push_back(line);
  }
  return out;
}

int run_app(const std::vector<std::string>& args, const std::filesystem::path& dir,
            std::string* out, std::string* err) {
  ensure_display();
  std::vector<std::string> argv{TERRAIN_SANDBOX};
  argv.insert(argv.end(), args.begin(), args.end());
  const pid_t pid =
      spawn(argv, dir / "run.out", dir / "run.err",
            {config_home(dir), state_home(dir), kSanitizerOptions, kNoDesktopChooser});
  int status = 0;
  waitpid(pid, &status, 0);
  if (out) *out = slurp(dir / "run.out");
  if (err) *err = slurp(dir / "run.err");
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int xdotool(const std::string& args) {
  const std::string command = "xdotool " + args + " >/dev/null 2>&1";
  const int r = std::system(command.c_str());
  return WIFEXITED(r) ? WEXITSTATUS(r) : -1;
}

namespace {

// The key and button events xdotool makes for "a+b+c": one a key.
int key_count(const std::string& keys) {
  return 1 + static_cast<int>(std::count(keys.begin(), keys.end(), '+'));
}

// Input to the driven app, or straight to the display when no app runs.
void send(const std::string& args, int events) {
  if (App* app = App::driven()) {
    app->input(args, events);
  } else {
    xdotool(args);
  }
}

}  // namespace

void hold(const std::string& keys) {
  send("keydown " + keys, key_count(keys));
}

void release(const std::string& keys) {
  send("keyup " + keys, key_count(keys));
}

void press(const std::string& keys) {
  hold(keys);
  release(keys);
}

void move_to(const std::string& window, int x, int y) {
  const std::string args =
      "mousemove --window " + window + " " + std::to_string(x) + " " + std::to_string(y);
  // Waited for briefly: a pointer placed where it already is before the app has seen any move
  // makes no move to answer.
  if (App* app = App::driven()) {
    app->move(args, x, y, std::chrono::seconds(3), false);
  } else {
    xdotool(args);
  }
}

void mouse_down(int button) {
  send("mousedown " + std::to_string(button), 1);
}

void mouse_up(int button) {
  send("mouseup " + std::to_string(button), 1);
}

void drag_to(const std::string& window, int x, int y) {
  const std::string args =
      "mousemove --window " + window + " " + std::to_string(x) + " " + std::to_string(y);
  if (App* app = App::driven()) {
    app->move(args, x, y);
  } else {
    xdotool(args);
  }
}

void click_at(const std::string& window, int x, int y, int button) {
  move_to(window, x, y);
  mouse_down(button);
  mouse_up(button);
}

void wheel(bool up, int turns) {
  // X reports a wheel turn as a press and a release of button 4 or 5; SDL makes one wheel event
  // of the press.
  for (int k = 0; k < turns; k++) send(up ? "click 4" : "click 5", 1);
}

void type_text(const std::string& text) {
  // xdotool types a character as its key's press and release, with Shift's around it where the
  // US keyboard needs Shift for it.
  const std::string shifted = "~!@#$%^&*()_+{}|:\"<>?";
  int events = 0;
  for (const char c : text) {
    const bool shift = (c >= 'A' && c <= 'Z') || shifted.find(c) != std::string::npos;
    events += shift ? 4 : 2;
  }
  std::string quoted;
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  send("type --delay 10 '" + quoted + "'", events);
}

std::string nth_line(App& app, const std::string& prefix, std::size_t n) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < until) {
    const std::vector<std::string> lines = lines_starting(app.out(), prefix);
    if (lines.size() >= n) return lines[n - 1];
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return "";
}

std::string line_after(App& app, std::size_t from, const std::string& prefix,
                       std::chrono::seconds wait) {
  const auto until = std::chrono::steady_clock::now() + wait;
  while (std::chrono::steady_clock::now() < until) {
    const std::string out = app.out();
    if (out.size() > from) {
      std::istringstream lines(out.substr(from));
      for (std::string line; std::getline(lines, line);) {
        if (line.rfind(prefix, 0) == 0) return line;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return "";
}

std::string nth_state(App& app, const std::string& key, std::size_t n) {
  const std::string line = nth_line(app, "state " + key + " ", n);
  return line.empty() ? "" : line.substr(7 + key.size());
}

std::filesystem::path saved_path(const std::string& line) {
  const std::string rest = line.substr(6);
  return rest.substr(0, rest.find(" ("));
}

std::vector<int> latest_rect(App& app, const std::string& name) {
  const std::vector<std::string> lines = lines_starting(app.out(), "layout " + name + " ");
  std::vector<int> r(4, 0);
  if (lines.empty()) return r;
  std::istringstream in(lines.back().substr(8 + name.size()));
  in >> r[0] >> r[1] >> r[2] >> r[3];
  return r;
}

std::vector<int> settled_rect(App& app, const std::string& name) {
  std::vector<int> last = latest_rect(app, name);
  auto since = std::chrono::steady_clock::now();
  const auto until = since + std::chrono::seconds(50);
  while (std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
    const std::vector<int> now = latest_rect(app, name);
    if (now != last || now[2] <= 0) {
      last = now;
      since = std::chrono::steady_clock::now();
    } else if (std::chrono::steady_clock::now() - since > std::chrono::milliseconds(250)) {
      return now;
    }
  }
  return last;
}

void scroll_into_view(App& app, const std::string& window, const std::string& name) {
  move_to(window, 150, 400);
  for (int turns = 0; turns < 200; turns++) {
    const std::vector<int> r = latest_rect(app, name);
    if (r[2] > 0 && r[1] >= 0 && r[1] + r[3] < 700) break;
    wheel(false);  // answered: the side bar's new places are printed
  }
}

void click(const std::string& window, const std::vector<int>& rect) {
  click_at(window, rect[0] + rect[2] / 2, rect[1] + rect[3] / 2);
}

double rmse(const io::RgbaImage& a, const io::RgbaImage& b) {
  if (a.width != b.width || a.height != b.height) return 1e9;
  double sum = 0;
  const std::size_t n = static_cast<std::size_t>(a.width) * static_cast<std::size_t>(a.height);
  for (std::size_t i = 0; i < n; i++) {
    for (int c = 0; c < 3; c++) {
      const double d = (a.pixels[i * 4 + c] - b.pixels[i * 4 + c]) / 255.0;
      sum += d * d;
    }
  }
  return std::sqrt(sum / static_cast<double>(n * 3));
}

bool wait_shown(App& app, const std::string& name, bool shown) {
  for (int k = 0; k < 600; k++) {
    if ((latest_rect(app, name)[2] > 0) == shown) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

}  // namespace terrain::gui
