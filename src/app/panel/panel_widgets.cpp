// The controls the panel's parts draw with (panel_widgets.h).
#include "app/panel/panel_widgets.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "session/controls.h"

namespace terrain::app::panel_widgets {

void note(const PanelFrame& f, const char* label, const char* name) {
  if (f.controls == nullptr) return;
  char buffer[ControlRects::kNameSize];
  const std::string_view n = name != nullptr ? std::string_view(name) : control_name(label, buffer);
  const ImVec2 a = ImGui::GetItemRectMin();
  const ImVec2 b = ImGui::GetItemRectMax();
  f.controls->note(n, a.x, a.y, b.x - a.x, b.y - a.y);
}

void note_frame(const PanelFrame& f, const char* label, float width) {
  if (f.controls == nullptr) return;
  char buffer[ControlRects::kNameSize];
  const ImVec2 a = ImGui::GetItemRectMin();
  f.controls->note(control_name(label, buffer), a.x, a.y, width, ImGui::GetFrameHeight());
}

void same_line_if_fits(const char* next_label, float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float wanted =
      width > 0 ? width
                : ImGui::CalcTextSize(next_label, nullptr, true).x + 2 * style.FramePadding.x;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + wanted <= right) ImGui::SameLine();
}

bool button(const PanelFrame& f, const char* label, const char* name, ImVec2 size) {
  const bool pressed = ImGui::Button(label, size);
  note(f, label, name);
  return pressed;
}

bool small_button(const PanelFrame& f, const char* label, const char* name) {
  const bool pressed = ImGui::SmallButton(label);
  note(f, label, name);
  return pressed;
}

bool checkbox(const PanelFrame& f, const char* label, bool* on) {
  const bool changed = ImGui::Checkbox(label, on);
  note(f, label);
  return changed;
}

bool radio(const PanelFrame& f, const char* group, const char* label, int* current, int value) {
  const bool pressed = ImGui::RadioButton(label, current, value);
  char g[ControlRects::kNameSize];
  char l[ControlRects::kNameSize];
  char name[2 * ControlRects::kNameSize];
  std::snprintf(name, sizeof name, "%.*s/%.*s", static_cast<int>(control_name(group, g).size()), g,
                static_cast<int>(control_name(label, l).size()), l);
  note(f, label, name);
  return pressed;
}

// Two things Dear ImGui 1.86 does not do, done here with `drop_downs` (PanelState): Esc closes the
// open drop-down (ImGui closes popups with Esc only under keyboard navigation, which would take
// the app's shortcuts: App::events sees the key and calls close_drop_down); and a click on another
// drop-down while one is open opens that one. ImGui closes the open one with that click and
// swallows it (the other's frame cannot be hovered while a popup has the focus), so the click
// is noted here (`open_next`, the popup's ID, as BeginCombo names it) and the popup opened in
// the next frame, the first one gone.
bool combo(const PanelFrame& f, const char* label, int* current, const char* const items[],
           int count, const char* tip) {
  PanelState::DropDowns& drop_downs = f.panel.drop_downs;
  char c[ControlRects::kNameSize];
  const std::string_view combo_name = control_name(label, c);
  // The label is drawn apart (beside the frame, or above it where the widest item would not
  // fit beside it: place_drop_down), so the combo's own is only its ID.
  char id[ControlRects::kNameSize + 2];
  std::snprintf(id, sizeof id, "##%s", label);
  const ImGuiStyle& style = ImGui::GetStyle();
  float widest = 0;
  for (int k = 0; k < count; k++) widest = std::max(widest, ImGui::CalcTextSize(items[k]).x);
  const float height = ImGui::GetFrameHeight();  // the arrow is a square as tall as the frame
  const DropDownPlace place =
      place_drop_down(widest + 2 * style.FramePadding.x + height, ImGui::CalcItemWidth(),
                      ImGui::GetContentRegionAvail().x);
  if (place.label_above) ImGui::TextUnformatted(label);
  const float width = place.width;
  // The frame's rectangle, before the drop-down's popup (if open) becomes the last item.
  const ImVec2 at = ImGui::GetCursorScreenPos();
  if (f.controls != nullptr) f.controls->note(combo_name, at.x, at.y, width, height);
  const bool over = ImGui::IsMouseHoveringRect(at, ImVec2(at.x + width, at.y + height)) &&
                    ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByPopup);
  // BeginCombo's popup is "##ComboPopup" under the combo's own ID.
  constexpr const char* kPopup = "##ComboPopup";
  ImGui::PushID(id);
  const ImGuiID popup = ImGui::GetID(kPopup);
  if (drop_downs.open_next == popup) {
    ImGui::OpenPopup(kPopup);
    drop_downs.open_next = 0;
  } else if (over && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !ImGui::IsPopupOpen(kPopup) &&
             ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) {
    // (Over this frame and this window, not over the open list lying across it.)
    drop_downs.open_next = popup;
  }
  ImGui::PopID();
  bool changed = false;
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo(id, items[*current])) {
    drop_downs.open = true;
    if (drop_downs.close) ImGui::CloseCurrentPopup();
    for (int k = 0; k < count; k++) {
      const bool selected = k == *current;
      if (ImGui::Selectable(items[k], selected) && !selected) {
        *current = k;
        changed = true;
      }
      char i[ControlRects::kNameSize];
      char name[2 * ControlRects::kNameSize];
      std::snprintf(name, sizeof name, "%.*s/%.*s", static_cast<int>(combo_name.size()), c,
                    static_cast<int>(control_name(items[k], i).size()), i);
      note(f, items[k], name);
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  } else if (tip != nullptr && over) {
    ImGui::SetTooltip("%s", tip);
  }
  if (!place.label_above) {
    ImGui::SameLine(0, style.ItemInnerSpacing.x);
    ImGui::TextUnformatted(label);
  }
  return changed;
}

bool section(const PanelFrame& f, const char* label, ImGuiTreeNodeFlags flags) {
  const bool open = ImGui::CollapsingHeader(label, flags);
  char l[ControlRects::kNameSize];
  char name[2 * ControlRects::kNameSize];
  std::snprintf(name, sizeof name, "section/%s", control_name(label, l).data());
  note(f, label, name);
  return open;
}

bool typed_path_field(const PanelFrame& f, const char* id, const char* hint, TypedField which,
                      ImGuiInputTextFlags flags) {
  const bool heightmap = which == TypedField::heightmap;
  EditedText<1024>& field = heightmap ? f.panel.heightmap : f.panel.map_name;
  field.follow(heightmap ? f.ui.heightmap_path : f.ui.map_name);
  const bool entered = ImGui::InputTextWithHint(id, hint, field.text, sizeof field.text, flags);
  if (ImGui::IsItemEdited()) f.ask(SetTyped{which, field.text});
  return entered;
}

bool slider(const PanelFrame& f, const char* label, double& value, const sketch::Range& range,
            const char* format, double typed_max) {
  double edited = value;
  const ImGuiSliderFlags flags = typed_max > range.max ? 0 : ImGuiSliderFlags_AlwaysClamp;
  const float width = ImGui::CalcItemWidth();
  ImGui::SliderScalar(label, ImGuiDataType_Double, &edited, &range.min, &range.max, format, flags);
  note_frame(f, label, width);
  // A drag (or a value typed after Ctrl+click) is one step of the history, from where it began
  // to where it ended: the edit opens before the first value it sets.
  if (ImGui::IsItemActivated()) f.ask(session::HistoryCommand{session::BeginEdit{}});
  if (ImGui::IsItemDeactivated()) f.ask(session::HistoryCommand{session::EndEdit{}});
  if (edited == value) return false;
  sketch::Range typed = range;
  if (typed_max > range.max) typed.max = typed_max;
  const double snapped = session::snap_to_step(edited, typed);
  if (snapped == value) return false;
  value = snapped;
  return true;
}

std::optional<float> splitter(const char* name, ImGuiMouseCursor cursor, bool across,
                              bool& grabbed) {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  ImGui::SetNextWindowBgAlpha(1.0f);
  ImGui::Begin(name, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoNav);
  const ImVec2 size = ImGui::GetContentRegionAvail();
  ImGui::InvisibleButton("##handle", ImVec2(std::max(size.x, 1.0f), std::max(size.y, 1.0f)));
  const bool active = ImGui::IsItemActive();
  const bool hovered = ImGui::IsItemHovered();
  grabbed = ImGui::IsItemActivated();
  if (active || hovered) ImGui::SetMouseCursor(cursor);
  // A line along the handle, brighter while it is held.
  const ImVec2 a = ImGui::GetItemRectMin();
  const ImVec2 b = ImGui::GetItemRectMax();
  const ImU32 colour = ImGui::GetColorU32(active    ? ImGuiCol_SeparatorActive
                                          : hovered ? ImGuiCol_SeparatorHovered
                                                    : ImGuiCol_Separator);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  if (across) {
    const float x = (a.x + b.x) / 2;
    draw->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), colour, 2);
  } else {
    const float y = (a.y + b.y) / 2;
    draw->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), colour, 2);
  }
  std::optional<float> moved;
  if (active) {
    const ImVec2 dragged = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0.0f);
    moved = across ? dragged.x : dragged.y;
  }
  ImGui::End();
  ImGui::PopStyleVar(3);
  return moved;
}

}  // namespace terrain::app::panel_widgets
