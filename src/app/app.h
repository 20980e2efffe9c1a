// The desktop program: an SDL2 window with an OpenGL 3.3 core context, the live model, the map
// renderer and the Dear ImGui panel, in one loop:
//   events -> panel -> model (ticks at 60 Hz: rain, rivers when due) -> map -> panel on top.
#pragma once

#include "app/app_options.h"

namespace terrain::app {

// Runs the app until the window closes (or --frames runs out). Returns the exit code.
int run_app(const AppOptions& options);

}  // namespace terrain::app
