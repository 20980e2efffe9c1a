// xdnd_drop WINDOW_ID FILE [FILE...]: drops FILEs on an X11 window the way a file manager does,
// as an XDND (version 5) drag source, so that SDL2 on the other side delivers SDL_DROPFILE.
//
// It creates an unmapped source window, owns XdndSelection, finds the XdndAware window (the
// given one, else one of its descendants, else one of its ancestors), then sends XdndEnter
// (offering text/uri-list), XdndPosition (the window's centre, XdndActionCopy) and, once the
// target's XdndStatus accepts, XdndDrop; it answers the target's SelectionRequest with
// "file:///abs/path\r\n" per file and exits 0 when XdndFinished arrives. Every failure is one
// line on stderr and exit code 1. WINDOW_ID is decimal (as `xdotool search` prints it) or 0x hex.
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

namespace {

constexpr long kOurVersion = 5;
constexpr auto kTimeout = std::chrono::seconds(5);

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "xdnd_drop: %s\n", message.c_str());
  std::exit(1);
}

// X errors (a window that does not exist, ...) are recorded, not fatal, and checked after XSync.
int g_x_error = 0;
int on_x_error(Display*, XErrorEvent* event) {
  g_x_error = event->error_code;
  return 0;
}

bool parse_window(const char* text, Window& out) {
  if (text[0] == '\0' || text[0] == '-') return false;
  errno = 0;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 0);
  if (errno != 0 || *end != '\0' || value == 0 || value > 0xFFFFFFFFull) return false;
  out = static_cast<Window>(value);
  return true;
}

std::string absolute_path(const std::string& path) {
  if (!path.empty() && path[0] == '/') return path;
  std::vector<char> buffer(4096);
  while (getcwd(buffer.data(), buffer.size()) == nullptr) {
    if (errno != ERANGE)
      fail("cannot read the working directory: " + std::string(std::strerror(errno)));
    buffer.resize(buffer.size() * 2);
  }
  std::string cwd = buffer.data();
  if (cwd.empty() || cwd.back() != '/') cwd += '/';
  return cwd + path;
}

// A file: URI with every byte outside the unreserved set and '/' percent-encoded.
std::string file_uri(const std::string& absolute) {
  static const char* const hex = "0123456789ABCDEF";
  std::string uri = "file://";
  for (const char c : absolute) {
    const auto byte = static_cast<unsigned char>(c);
    const bool keep = (byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z') ||
                      (byte >= '0' && byte <= '9') || byte == '-' || byte == '.' || byte == '_' ||
                      byte == '~' || byte == '/';
    if (keep) {
      uri += c;
    } else {
      uri += '%';
      uri += hex[byte >> 4];
      uri += hex[byte & 0xF];
    }
  }
  return uri;
}

// The XDND version a window announces with XdndAware, or 0 when it has none (or is gone).
long xdnd_aware_version(Display* display, Window window, Atom xdnd_aware) {
  Atom type = None;
  int format = 0;
  unsigned long count = 0;
  unsigned long after = 0;
  unsigned char* data = nullptr;
  g_x_error = 0;
  const int status = XGetWindowProperty(display, window, xdnd_aware, 0, 1, False, AnyPropertyType,
                                        &type, &format, &count, &after, &data);
  XSync(display, False);
  long version = 0;
  if (status == Success && g_x_error == 0 && data != nullptr && format == 32 && count >= 1) {
    version = static_cast<long>(reinterpret_cast<unsigned long*>(data)[0]);
  }
  if (data != nullptr) XFree(data);
  return version;
}

std::vector<Window> children_of(Display* display, Window window, Window* parent_out) {
  Window root = None;
  Window parent = None;
  Window* children = nullptr;
  unsigned int count = 0;
  std::vector<Window> result;
  g_x_error = 0;
  if (XQueryTree(display, window, &root, &parent, &children, &count) != 0 && g_x_error == 0) {
    result.assign(children, children + count);
  }
  if (children != nullptr) XFree(children);
  if (parent_out != nullptr) *parent_out = parent;
  return result;
}

struct AwareWindow {
  Window window = None;
  long version = 0;
};

// The given window if it is XdndAware, else the first aware descendant (breadth first), else the
// nearest aware ancestor below the root.
AwareWindow find_aware(Display* display, Window given, Atom xdnd_aware) {
  if (const long v = xdnd_aware_version(display, given, xdnd_aware); v > 0) return {given, v};
  std::deque<Window> queue;
  for (const Window child : children_of(display, given, nullptr)) queue.push_back(child);
  for (int visited = 0; !queue.empty() && visited < 4096; ++visited) {
    const Window w = queue.front();
    queue.pop_front();
    if (const long v = xdnd_aware_version(display, w, xdnd_aware); v > 0) return {w, v};
    for (const Window child : children_of(display, w, nullptr)) queue.push_back(child);
  }
  const Window root = DefaultRootWindow(display);
  Window current = given;
  for (int depth = 0; depth < 64; ++depth) {
    Window parent = None;
    children_of(display, current, &parent);
    if (parent == None || parent == root) break;
    if (const long v = xdnd_aware_version(display, parent, xdnd_aware); v > 0) return {parent, v};
    current = parent;
  }
  return {};
}

struct Atoms {
  Atom aware, enter, position, status, leave, drop, finished, selection, action_copy, uri_list,
      targets;
};

void send_message(Display* display, Window target, Atom type, long l0, long l1, long l2, long l3,
                  long l4) {
  XEvent event{};
  event.xclient.type = ClientMessage;
  event.xclient.display = display;
  event.xclient.window = target;
  event.xclient.message_type = type;
  event.xclient.format = 32;
  event.xclient.data.l[0] = l0;
  event.xclient.data.l[1] = l1;
  event.xclient.data.l[2] = l2;
  event.xclient.data.l[3] = l3;
  event.xclient.data.l[4] = l4;
  g_x_error = 0;
  XSendEvent(display, target, False, NoEventMask, &event);
  XSync(display, False);
  if (g_x_error != 0) fail("cannot send a message to window " + std::to_string(target));
}

// Answers a request for XdndSelection: the URI list as text/uri-list, or the list of targets.
void serve_selection(Display* display, const XSelectionRequestEvent& request, const Atoms& atoms,
                     const std::string& uri_list) {
  XEvent reply{};
  reply.xselection.type = SelectionNotify;
  reply.xselection.display = display;
  reply.xselection.requestor = request.requestor;
  reply.xselection.selection = request.selection;
  reply.xselection.target = request.target;
  reply.xselection.time = request.time;
  reply.xselection.property = None;
  // Obsolete clients may pass no property: the target's name is then the property to use.
  const Atom property = request.property != None ? request.property : request.target;
  g_x_error = 0;
  if (request.selection == atoms.selection && request.target == atoms.uri_list) {
    XChangeProperty(display, request.requestor, property, atoms.uri_list, 8, PropModeReplace,
                    reinterpret_cast<const unsigned char*>(uri_list.data()),
                    static_cast<int>(uri_list.size()));
    reply.xselection.property = property;
  } else if (request.selection == atoms.selection && request.target == atoms.targets) {
    const Atom offered[] = {atoms.targets, atoms.uri_list};
    XChangeProperty(display, request.requestor, property, XA_ATOM, 32, PropModeReplace,
                    reinterpret_cast<const unsigned char*>(offered), 2);
    reply.xselection.property = property;
  }
  XSendEvent(display, request.requestor, False, NoEventMask, &reply);
  XSync(display, False);
  if (g_x_error != 0) fail("cannot answer the target's request for the dropped files");
}

// Handles events until a ClientMessage of type `wanted` for `source` arrives (returned in
// `out`) or the timeout passes (false). Selection requests are served meanwhile.
bool wait_for(Display* display, Window source, Atom wanted, const Atoms& atoms,
              const std::string& uri_list, XClientMessageEvent& out) {
  const auto deadline = std::chrono::steady_clock::now() + kTimeout;
  for (;;) {
    while (XPending(display) > 0) {
      XEvent event;
      XNextEvent(display, &event);
      if (event.type == SelectionRequest) {
        serve_selection(display, event.xselectionrequest, atoms, uri_list);
      } else if (event.type == ClientMessage && event.xclient.window == source &&
                 event.xclient.message_type == wanted) {
        out = event.xclient;
        return true;
      }
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd fd{ConnectionNumber(display), POLLIN, 0};
    if (poll(&fd, 1, static_cast<int>(left.count()) + 1) < 0 && errno != EINTR) {
      fail("cannot wait for the X server: " + std::string(std::strerror(errno)));
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) fail("usage: xdnd_drop WINDOW_ID FILE [FILE...]");
  Window given = None;
  if (!parse_window(argv[1], given)) {
    fail("not a window id (decimal or 0x hex): " + std::string(argv[1]));
  }
  std::string uri_list;
  for (int i = 2; i < argc; ++i) {
    if (argv[i][0] == '\0') fail("an empty file name");
    uri_list += file_uri(absolute_path(argv[i])) + "\r\n";
  }

  Display* display = XOpenDisplay(nullptr);
  if (display == nullptr) fail("cannot open the X display (is DISPLAY set?)");
  XSetErrorHandler(on_x_error);
  const Window root = DefaultRootWindow(display);

  Atoms atoms{};
  atoms.aware = XInternAtom(display, "XdndAware", False);
  atoms.enter = XInternAtom(display, "XdndEnter", False);
  atoms.position = XInternAtom(display, "XdndPosition", False);
  atoms.status = XInternAtom(display, "XdndStatus", False);
  atoms.leave = XInternAtom(display, "XdndLeave", False);
  atoms.drop = XInternAtom(display, "XdndDrop", False);
  atoms.finished = XInternAtom(display, "XdndFinished", False);
  atoms.selection = XInternAtom(display, "XdndSelection", False);
  atoms.action_copy = XInternAtom(display, "XdndActionCopy", False);
  atoms.uri_list = XInternAtom(display, "text/uri-list", False);
  atoms.targets = XInternAtom(display, "TARGETS", False);

  // Where to drop: the centre of the given window, in root coordinates.
  XWindowAttributes attributes{};
  g_x_error = 0;
  const Status got = XGetWindowAttributes(display, given, &attributes);
  XSync(display, False);
  if (got == 0 || g_x_error != 0) fail("no such window: " + std::string(argv[1]));
  int x = 0;
  int y = 0;
  Window unused = None;
  XTranslateCoordinates(display, given, root, attributes.width / 2, attributes.height / 2, &x, &y,
                        &unused);
  if (x < 0 || y < 0 || x > 0xFFFF || y > 0xFFFF) fail("the window's centre is off the screen");

  const AwareWindow target = find_aware(display, given, atoms.aware);
  if (target.window == None) fail("window " + std::string(argv[1]) + " is not XdndAware");
  const long version = target.version < kOurVersion ? target.version : kOurVersion;

  // The drag source: an unmapped input-only window that owns XdndSelection.
  XSetWindowAttributes source_attributes{};
  const Window source = XCreateWindow(display, root, -10, -10, 1, 1, 0, 0, InputOnly,
                                      CopyFromParent, 0, &source_attributes);
  XSetSelectionOwner(display, atoms.selection, source, CurrentTime);
  XSync(display, False);
  if (XGetSelectionOwner(display, atoms.selection) != source) {
    fail("cannot own the XdndSelection selection");
  }

  const long source_l = static_cast<long>(source);
  const long target_window = static_cast<long>(target.window);
  XClientMessageEvent reply{};
  send_message(display, target.window, atoms.enter, source_l, version << 24,
               static_cast<long>(atoms.uri_list), None, None);
  send_message(
      display, target.window, atoms.position, source_l, 0,
      static_cast<long>((static_cast<unsigned long>(x) << 16) | static_cast<unsigned long>(y)),
      CurrentTime, static_cast<long>(atoms.action_copy));
  if (!wait_for(display, source, atoms.status, atoms, uri_list, reply)) {
    send_message(display, target.window, atoms.leave, source_l, 0, 0, 0, 0);
    fail("no XdndStatus from window " + std::to_string(target_window) + " within 5 s");
  }
  if ((reply.data.l[1] & 1) == 0) {
    send_message(display, target.window, atoms.leave, source_l, 0, 0, 0, 0);
    fail("window " + std::to_string(target_window) + " does not accept the drop");
  }

  send_message(display, target.window, atoms.drop, source_l, 0, CurrentTime, 0, 0);
  if (!wait_for(display, source, atoms.finished, atoms, uri_list, reply)) {
    fail("no XdndFinished from window " + std::to_string(target_window) + " within 5 s");
  }
  if (version >= 5 && (reply.data.l[1] & 1) == 0) {
    fail("window " + std::to_string(target_window) + " reports the drop failed");
  }

  XDestroyWindow(display, source);
  XCloseDisplay(display);
  return 0;
}
