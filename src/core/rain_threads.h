// The threads the rain runs on in this process: all cores unless told otherwise (`--threads N`
// in both programs; 1 is the one-thread path). Every Rain shares them; a rain that finds them
// busy with another rain runs on its own thread, and gives the same bytes either way
// (drop_order.h).
#pragma once

#include "core/work_threads.h"

namespace terrain {

// How many threads the rain may use: 0 for one a hardware thread, else 1 to
// WorkThreads::kMost. Set it before any rain runs (the programs do, from their flags).
void set_rain_threads(int count);
// The count asked for (0: one a hardware thread).
int rain_threads_asked();
// The shared threads, started on first use; nullptr when the rain runs on one thread.
WorkThreads* rain_threads();

}  // namespace terrain
