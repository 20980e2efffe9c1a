// The panel's own memory between frames, apart from the core's UI state (ui_state.h), which the
// panel only reads: what is being typed in its fields, its drop-downs, its splitters' grabs,
// the History list's cached labels and row heights, and where its controls were drawn. The
// shell owns one and hands it to the panel each frame (panel.h: PanelFrame); nothing else
// writes it. No SDL, GL or ImGui.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "app/panel/control_rects.h"

namespace terrain::app {

// A field that edits a value of the core's: what is typed, and the core's value as last seen.
// follow() puts the core's value in the field when it changes (a file chosen, a flag, a
// script), or when the core has answered what the field asked for (`asked`: the value taken,
// or refused and the one that holds shown again); what is typed stays otherwise.
template <typename T>
struct EditedValue {
  T typed{};
  T seen{};
  bool asked = false;
  void follow(const T& core) {
    if (!asked && core == seen) return;
    typed = core;
    seen = core;
    asked = false;
  }
};

// A text field that edits a string of the core's (EditedValue's rule; ImGui edits `text`).
template <std::size_t N>
struct EditedText {
  char text[N] = {};
  std::string seen;
  void follow(std::string_view core) {
    if (core == seen) return;
    seen = core;
    // Cut to what fits (a longer value shows its start; the core keeps it whole).
    const std::size_t length = std::min(core.size(), N - 1);
    std::memcpy(text, core.data(), length);
    text[length] = '\0';
  }
};

struct PanelState {
  // The seed field while it is edited (else the model's seed), whether it was being edited in
  // the frame last drawn, and why what was typed is not a seed (shown beside it), or "".
  char seed_text[32] = {};
  bool seed_editing = false;
  std::string seed_message;
  // Where Save PNG and the exports write (UiState::save_folder), as typed.
  EditedText<1024> folder;
  // The heightmap to open, typed in the Ground section (UiState::heightmap_path).
  EditedText<1024> heightmap;
  // The map file to save as, typed (where there is no chooser), in the Map file section and the
  // unsaved question alike (UiState::map_name).
  EditedText<1024> map_name;
  // The exports' metres (UiState::real_units), until both or neither are set; the SVG's pen
  // width (UiState::svg_page.pen_mm), until taken.
  struct Units {
    double cell_size = 0;
    double height_scale = 0;
    bool operator==(const Units&) const = default;
  };
  EditedValue<Units> real_units;
  EditedValue<double> svg_pen;
  // The drop-downs (Dear ImGui's combos, panel.cpp): Esc closes the open one, and a click on
  // another while one is open opens that one (ImGui 1.86 only closes the first).
  struct DropDowns {
    bool open = false;       // one was open in the frame last drawn
    bool close = false;      // Esc came with one open: the panel closes it in the next frame
    uint32_t open_next = 0;  // the popup (its ImGui ID) clicked while another was open
  } drop_downs;
  // The splitters: the side bar's width and the strip's height (drawable pixels) when grabbed.
  float side_bar_grabbed_at = 0;
  float strip_grabbed_at = 0;
  // The History list's labels of the steps other than rain, made again only when the history's
  // shape changes (History::shape_version) or another history came in
  // (UiState::histories_opened), and how many steps it last showed.
  struct HistoryList {
    std::vector<std::string> step_labels;
    uint64_t labels_shape = ~uint64_t{0};
    uint64_t histories_opened = 0;
    std::size_t listed_steps = 0;
    // Each row's height, its label wrapped to the list's width (the start's first), measured
    // again when the shape or the width changes (a rain row's as it was last drawn).
    std::vector<float> row_heights;
    float rows_width = 0;
  } history;
  // Where every control was last drawn, by name, for scripted tests that click them
  // (TERRAIN_SANDBOX_LAYOUT=1 prints them); noted only when `note_controls` is set, so an
  // ordinary frame does no bookkeeping for them.
  ControlRects controls;
  bool note_controls = false;
};

}  // namespace terrain::app
