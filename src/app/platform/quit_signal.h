// SIGINT and SIGTERM (Ctrl+C in a terminal, the desktop session ending, `kill`) as a request to
// quit at once, never asking about unsaved changes: there may be nobody to answer. The app sees
// it as Quit{ask = false}, and its autosave keeps the map for the next start.
//
// SDL would turn these signals into the same SDL_QUIT event as the window's close button; its
// own handlers are turned off (SDL_HINT_NO_SIGNAL_HANDLERS) so the two can be told apart.
#pragma once

namespace terrain::app {

// Installs the handlers and tells SDL not to install its own: before SDL_Init.
void catch_quit_signals();

// Whether SIGINT or SIGTERM has arrived since catch_quit_signals().
bool quit_signalled();

}  // namespace terrain::app
