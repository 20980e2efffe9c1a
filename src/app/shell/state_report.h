// What the GUI tests read of the app's state besides the map's pictures: every setting the
// panel and the keys change, as KEY VALUE pairs, printed as "state KEY VALUE" when one changes
// (TERRAIN_SANDBOX_LAYOUT=1). A test clicks a control and waits for the line that says it took
// effect, rather than sleeping and guessing.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/panel/panel.h"
#include "session/live_model.h"

namespace terrain::app {

using StateValues = std::vector<std::pair<std::string, std::string>>;

// The state now: the map's settings and play state, the view, the side view, the outputs'
// settings, the shell's (its files' work, the window), the side bar (`side_bar`: whether it
// shows).
StateValues state_values(const session::LiveModel& model, const UiState& ui,
                         const ShellState& shell, bool side_bar);

// The pairs of `now` whose value differs from `before` (or that `before` lacks); `before`
// becomes `now`.
StateValues state_changes(StateValues& before, const StateValues& now);

}  // namespace terrain::app
