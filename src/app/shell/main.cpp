// terrain-sandbox: the desktop program. Flags are for scripted use (see --help).
#include <cstdio>
#include <exception>
#include <string>

#include "app/core/app_options.h"
#include "app/platform/quit_signal.h"
#include "app/shell/app.h"
#include "core/rain_threads.h"

int main(int argc, char** argv) {
  std::string error;
  const auto options = terrain::app::parse_app_options(argc, argv, &error);
  if (!options) {
    std::fprintf(stderr, "terrain-sandbox: %s\n", error.c_str());
    return 2;
  }
  if (options->help) {
    std::fputs(terrain::app::app_usage().c_str(), stdout);
    return 0;
  }
  // The rain's threads, before any rain (the same map on any count).
  terrain::set_rain_threads(options->threads);
  // Before SDL starts: a signal quits at once, the window's close button asks.
  terrain::app::catch_quit_signals();
  try {
    terrain::app::App app(*options);
    return app.run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "terrain-sandbox: %s\n", e.what());
    return 1;
  }
}
