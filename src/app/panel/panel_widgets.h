// The controls the panel's parts draw with (panel.h), each given the frame it is drawn in
// (PanelFrame): a control is noted by name in the frame's `controls` after it is drawn
// (control_rects.h), for the GUI tests that click them all; a drop-down that Esc closes; a
// slider snapped to the sketch's step whose drag is one step of the history; a splitter's
// handle. Every control has a label unique in the panel (Dear ImGui takes the label as the
// control's ID: a drop-down labelled as a section header would never open).
#pragma once

#include <imgui.h>

#include <optional>

#include "app/panel/panel.h"
#include "core/sketch.h"

namespace terrain::app::panel_widgets {

// The error colour and the colour of a message that went well.
inline const ImVec4 kErrorColour(1.0f, 0.45f, 0.35f, 1.0f);
inline const ImVec4 kOkColour(0.6f, 0.85f, 0.6f, 1.0f);

// The splitters' handles, in points.
inline constexpr float kSplitterWidth = 6;

// Notes the last item's rectangle under `name`, or under the name of its label.
void note(const PanelFrame& f, const char* label, const char* name = nullptr);
// Notes a labelled control's frame (the part that takes the clicks, without its label) under
// the name of `label`: `width` is CalcItemWidth() as it was before the control was drawn.
void note_frame(const PanelFrame& f, const char* label, float width);

// Puts the next button on the last item's line when it fits there (its label's width, or
// `width` when it has its own), else on a line of its own: a row of buttons in a narrow side bar
// wraps rather than running under the scroll bar and off the bar.
void same_line_if_fits(const char* next_label, float width = 0);
bool button(const PanelFrame& f, const char* label, const char* name = nullptr,
            ImVec2 size = ImVec2(0, 0));
bool small_button(const PanelFrame& f, const char* label, const char* name = nullptr);
bool checkbox(const PanelFrame& f, const char* label, bool* on);
// A radio button of the group `group`, noted as "GROUP/LABEL".
bool radio(const PanelFrame& f, const char* group, const char* label, int* current, int value);
// A section that folds, noted as "section/NAME".
bool section(const PanelFrame& f, const char* label, ImGuiTreeNodeFlags flags = 0);

// A drop-down of `count` items: its frame noted as the label's name, and while it is open
// each item as "NAME/ITEM". Returns true when an item other than the current one was picked.
// Esc closes it and a click on another drop-down while it is open opens that one
// (PanelState::drop_downs).
bool combo(const PanelFrame& f, const char* label, int* current, const char* const items[],
           int count, const char* tip = nullptr);

// A field where a path the core keeps is typed (UiState::heightmap_path or map_name, by
// `which`): it shows the core's when that changes (a file chosen), and what is typed goes to the
// core as it is typed (SetTyped). Returns what ImGui::InputTextWithHint returns (with
// ImGuiInputTextFlags_EnterReturnsTrue in `flags`: whether Enter was pressed in it).
bool typed_path_field(const PanelFrame& f, const char* id, const char* hint, TypedField which,
                      ImGuiInputTextFlags flags = 0);

// A slider over the sketch's range: ImGui's value is snapped to the step (0.35, not
// 0.05 * 7) before the model sees it. `typed_max` lets Ctrl+click type past the slider's
// end (the drops per frame: native code rains faster than the sketch's 1000). A drag (or a
// value typed) is one step of the history: BeginEdit and EndEdit around it.
bool slider(const PanelFrame& f, const char* label, double& value, const sketch::Range& range,
            const char* format, double typed_max = 0);

// A splitter's handle in a window of its own, placed and sized by the caller
// (SetNextWindowPos / Size). While it is held: how far it has been dragged since it was
// grabbed, across (x) or down (y), in points; `grabbed` is set in the frame it is grabbed.
// (From the grab, not frame by frame: a pointer that jumps onto the handle as it presses
// would otherwise count the jump.)
std::optional<float> splitter(const char* name, ImGuiMouseCursor cursor, bool across,
                              bool& grabbed);

}  // namespace terrain::app::panel_widgets
