// Running terrain-sandbox for the GUI tests: a private Xvfb display, the app as a child
// process with its output captured, xdotool to drive it, and picture comparisons.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "io/png.h"

namespace terrain::gui {

// A virtual X display for this test process (Xvfb -displayfd), 1280x720x24; DISPLAY is set
// for everything started afterwards. Started once, stopped at exit.
void ensure_display();

// A fresh temporary folder, removed by the destructor.
struct TempDir {
  TempDir();
  ~TempDir();
  std::filesystem::path path;
};

// The app as a child process, stdout and stderr captured in files.
class App {
 public:
  // Starts terrain-sandbox with `args`; XDG_CONFIG_HOME points into `dir` so no setting of
  // the user's leaks in; TERRAIN_SANDBOX_LAYOUT=1 so it prints where its controls are.
  // `env`: more NAME=VALUE settings for it.
  App(const std::vector<std::string>& args, const std::filesystem::path& dir,
      const std::vector<std::string>& env = {});
  ~App();  // kills it if still running

  // Waits until the app's stdout has a line starting with `prefix`; returns it ("" on timeout).
  std::string wait_for_line(const std::string& prefix, std::chrono::seconds timeout);
  std::string out() const;
  std::string err() const;
  bool running();
  // Asks it to quit (SIGTERM, which SDL turns into a quit event) and waits; the exit code.
  int quit(std::chrono::seconds timeout = std::chrono::seconds(30));
  // Waits for it to end by itself (nothing sent to it); its exit code, or -1 if it still runs
  // after `timeout`.
  int wait_exit(std::chrono::seconds timeout = std::chrono::seconds(30));
  // Kills it at once (SIGKILL: nothing of it runs after), as a crash would end it.
  void kill_now();
  // The rectangle the app reported for a control ("seed", "save", "folder"): x, y, w, h.
  std::vector<int> layout(const std::string& name);
  // The app's X window (waits for it), focused, with the pointer over the map.
  std::string window_id();

  // Input through the X server: runs xdotool with `args`, which make `events` key and button
  // events (a press, a release, a wheel turn; pointer moves make none), and waits until the
  // app says it has answered all it was sent ("input N": a whole frame has run after each,
  // and what it changed is printed before that line). After 30 s without it, it says so on
  // stderr and goes on.
  void input(const std::string& args, int events);
  // The pointer moved by xdotool's `args` to (x, y) in the window, waiting until the app has
  // answered a move there ("input N M X Y": a frame has run after it, for Dear ImGui's drags,
  // which follow the pointer a frame at a time). Waiting for the place rather than a count of
  // moves holds however the display merges moves, and when the pointer is there already. After
  // `most` without it, it says so on stderr (when `say`) and goes on.
  void move(const std::string& args, int x, int y,
            std::chrono::milliseconds most = std::chrono::seconds(30), bool say = true);
  // The newest App still running: the one the free input helpers below drive.
  static App* driven();

 private:
  // The last "input N M" the app printed (read on from where the last look stopped): N.
  uint64_t answered();

  pid_t pid_ = -1;
  uint64_t sent_ = 0;  // key and button events sent through input()
  uint64_t answered_ = 0;
  uint64_t moves_answered_ = 0;  // M of the last "input N M X Y"
  int x_answered_ = -1;          // and X, Y: where the last move answered went
  int y_answered_ = -1;
  std::size_t read_ = 0;  // how much of out_ answered() has read
  int status_ = 0;
  std::filesystem::path out_, err_;
  std::vector<std::string> argv_, env_;  // how it was started, to start it again
  bool restarted_ = false;
};

// `args` and --save-folder DIR/saves, that folder made: the app's saves go into the test's
// folder, not the desktop's Pictures folder.
std::vector<std::string> saving_in(const TempDir& dir, std::vector<std::string> args);
// The app's window (App::window_id) once it has reported the control `name` (App::layout).
std::string window_after_layout(App& app, const std::string& name);

// Runs the app to completion (e.g. with --frames), returning its exit code; output in *out.
int run_app(const std::vector<std::string>& args, const std::filesystem::path& dir,
            std::string* out = nullptr, std::string* err = nullptr);

// The app's grid: the sketch's 320 x 180 cells.
inline constexpr int kCols = 320;
inline constexpr int kRows = 180;

// Writes `text` to `path` (a script, a list of commands); the path.
std::filesystem::path write_text(const std::filesystem::path& path, const std::string& text);

// Runs the app with `args` and --screenshot DIR/NAME (args must end the run: --frames N),
// expecting exit code 0; the picture it wrote.
io::RgbaImage screenshot(const std::vector<std::string>& args, const TempDir& dir,
                         const std::string& name);

// The app's picture after one frame with `args` (--frames 1 added); how long the whole run
// took, if asked.
io::RgbaImage one_frame(const std::vector<std::string>& args, const TempDir& dir,
                        const std::string& name, double* seconds_taken = nullptr);

// The lines of `text` that start with `prefix`, in order.
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix);

// Asks the X window to close as a window manager does for its close button (a WM_DELETE_WINDOW
// message), which SDL turns into SDL_WINDOWEVENT_CLOSE. False when it could not be sent.
bool close_window(const std::string& window);

// xdotool with these arguments; returns its exit code.
int xdotool(const std::string& args);

// Input to the driven app (App::driven()), each waiting until the app has answered it: no
// fixed waits. Keys are xdotool's names; "ctrl+z" holds Ctrl, then Z.
// A press held for a frame, then released: Dear ImGui 1.86 polls key state once a frame, so a
// press and release within one frame can be missed.
void press(const std::string& keys);
void hold(const std::string& keys);     // pressed, answered
void release(const std::string& keys);  // released, answered
// The pointer to (x, y) of the window: no event the app counts; the next press or click
// carries it (X keeps the order).
void move_to(const std::string& window, int x, int y);
void mouse_down(int button = 1);
void mouse_up(int button = 1);
// A step of a drag: the pointer to (x, y) (a new place), once the app has answered the move.
void drag_to(const std::string& window, int x, int y);
// A click of `button` at (x, y): the press and the release each answered.
void click_at(const std::string& window, int x, int y, int button = 1);
// Wheel turns: up (X button 4) or down (5), each answered.
void wheel(bool up, int turns = 1);
// Types `text` as keys (printable ASCII), Shift held where the US keyboard needs it.
void type_text(const std::string& text);

// The `n`-th line starting with `prefix` the app printed (1 = the first), waiting up to a
// minute for it; "" if it never came.
std::string nth_line(App& app, const std::string& prefix, std::size_t n);
// The first line the app printed after the first `from` bytes of its output (a mark taken
// with app.out().size()) that starts with `prefix`, waiting up to `wait`; "" if none came.
std::string line_after(App& app, std::size_t from, const std::string& prefix,
                       std::chrono::seconds wait = std::chrono::seconds(60));
// The value of the `n`-th "state KEY VALUE" line for `key` (TERRAIN_SANDBOX_LAYOUT=1: the app
// prints each setting as it changes), waiting up to a minute; "" if it never came.
std::string nth_state(App& app, const std::string& key, std::size_t n);
// Saves the map's picture (S) and reads it back: the n-th save of the run (1 = the first).
io::RgbaImage saved_picture(App& app, std::size_t n);
// The path a "Saved PATH" or "Saved PATH (...)" line names.
std::filesystem::path saved_path(const std::string& line);
// The rectangle the app last reported for a control (x, y, w, h), as it moves (the side bar
// scrolled); all 0 if none yet.
std::vector<int> latest_rect(App& app, const std::string& name);
// Waits (up to a minute) until the app reports `name` drawn (w > 0) or not drawn (w == 0): a
// control goes or comes in a frame after the one that answered the input.
bool wait_shown(App& app, const std::string& name, bool shown);
// The control's rectangle once it has stayed put for a quarter of a second: a popup's first
// frame (and the work's line's, before the map's area has its size) is drawn at another place
// than the frames after it.
std::vector<int> settled_rect(App& app, const std::string& name);
// Scrolls the side bar with the wheel until the control is within the 720-pixel window.
void scroll_into_view(App& app, const std::string& window, const std::string& name);
// Moves the pointer to the middle of `rect` and clicks (click_at).
void click(const std::string& window, const std::vector<int>& rect);

// RMSE over RGB in 0..1.
double rmse(const io::RgbaImage& a, const io::RgbaImage& b);

}  // namespace terrain::gui
