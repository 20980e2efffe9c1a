// The signals that quit at once (see quit_signal.h).
#include "app/platform/quit_signal.h"

#include <SDL.h>

#include <csignal>

namespace terrain::app {
namespace {

volatile std::sig_atomic_t g_signalled = 0;

extern "C" void on_quit_signal(int) {
  g_signalled = 1;
}

}  // namespace

void catch_quit_signals() {
  SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
  struct sigaction action = {};
  action.sa_handler = on_quit_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

bool quit_signalled() {
  return g_signalled != 0;
}

}  // namespace terrain::app
