// The panel's font: Dear ImGui's own (ProggyClean, 13 pixels), which covers Latin-1 only, with
// the few other characters the panel writes drawn into its atlas by hand: the arrow of the
// History list's "Erosion 0.30 → 0.45".
#pragma once

namespace terrain::app {

// Adds the font to the current ImGui context's atlas and builds it, with the extra glyphs'
// pixels written in. Call once, after ImGui::CreateContext() and before the first frame.
void add_panel_font();

}  // namespace terrain::app
