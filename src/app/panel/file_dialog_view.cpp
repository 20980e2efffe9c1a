// The window's file dialog, drawn (see file_dialog_view.h).
#include "app/panel/file_dialog_view.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace terrain::app {
namespace {

// The popup's ID whatever its title ("Open a map###file_dialog").
constexpr const char* kPopupId = "###file_dialog";
const ImVec4 kProblemColour(1.0f, 0.45f, 0.35f, 1.0f);
const ImVec4 kQuestionColour(1.0f, 0.85f, 0.4f, 1.0f);

// Notes the last item under `name`.
void note(ControlRects* controls, std::string_view name) {
  if (controls == nullptr) return;
  const ImVec2 a = ImGui::GetItemRectMin();
  const ImVec2 b = ImGui::GetItemRectMax();
  controls->note(name, a.x, a.y, b.x - a.x, b.y - a.y);
}

bool button(ControlRects* controls, const char* label, std::string_view name) {
  const bool pressed = ImGui::Button(label);
  note(controls, name);
  return pressed;
}

// The recent folders, down the left: a click goes there.
void draw_recent(FileDialog& dialog, ControlRects* controls) {
  ImGui::TextDisabled("Recent folders");
  const std::vector<std::string> recent = dialog.recent();  // go_to does not change it
  if (recent.empty()) ImGui::TextDisabled("(none yet)");
  for (std::size_t k = 0; k < recent.size(); k++) {
    std::string shown = std::filesystem::path(recent[k]).filename().string();
    if (shown.empty()) shown = recent[k];
    ImGui::PushID(static_cast<int>(k));
    if (ImGui::Selectable(shown.c_str(), false)) dialog.go_to(recent[k]);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", recent[k].c_str());
    char name[48];
    std::snprintf(name, sizeof name, "file_dialog_recent_%zu", k);
    note(controls, name);
    ImGui::PopID();
  }
}

// The folder's entries: only the rows in view are drawn (a folder may list thousands).
void draw_entries(FileDialog& dialog, ControlRects* controls) {
  const FolderListing& listing = dialog.listing();
  if (listing.entries.empty()) ImGui::TextDisabled("(nothing of this kind here)");
  std::optional<std::size_t> clicked;
  bool twice = false;
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(listing.entries.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; i++) {
      const FolderEntry& entry = listing.entries[static_cast<std::size_t>(i)];
      const std::string label = entry.folder ? entry.name + "/" : entry.name;
      ImGui::PushID(i);
      if (ImGui::Selectable(label.c_str(), dialog.selected() == i,
                            ImGuiSelectableFlags_AllowDoubleClick)) {
        clicked = static_cast<std::size_t>(i);
        twice = ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
      }
      if (static_cast<std::size_t>(i) < kNotedRows) {
        char name[48];
        std::snprintf(name, sizeof name, "file_dialog_row_%d", i);
        note(controls, name);
      }
      ImGui::PopID();
    }
  }
  // After the list is drawn: entering a folder lists another.
  if (clicked) {
    if (twice) {
      dialog.activate(*clicked);
    } else {
      dialog.select(*clicked);
    }
  }
}

// Up, Home and the folder's path (typed: Return goes there); true when Return went to it.
bool draw_path_bar(FileDialog& dialog, ControlRects* controls) {
  bool path_taken = false;
  if (button(controls, "Up", "file_dialog_up")) dialog.up();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The folder this one is in");
  ImGui::SameLine();
  if (button(controls, "Home", "file_dialog_home")) dialog.home();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputText("##file_dialog_path", dialog.path_text(), FileDialog::kTextSize,
                       ImGuiInputTextFlags_EnterReturnsTrue)) {
    dialog.go_to_typed();
    path_taken = true;
  }
  note(controls, "file_dialog_path");
  return path_taken;
}

// The two panes, recent folders and the folder's entries, leaving `below` under them.
void draw_panes(FileDialog& dialog, ControlRects* controls, float below) {
  const float width = ImGui::GetContentRegionAvail().x;
  ImGui::BeginChild("##file_dialog_recent", ImVec2(std::max(120.0f, width * 0.26f), -below), true);
  draw_recent(dialog, controls);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##file_dialog_entries", ImVec2(0, -below), true);
  draw_entries(dialog, controls);
  ImGui::EndChild();
}

// Under the panes: how many entries (or that the list is cut), then a problem, the Replace?
// question (not disabled while the rest is), or an empty line.
void draw_status_lines(const FileDialog& dialog, bool asking) {
  const FolderListing& listing = dialog.listing();
  if (listing.cut) {
    ImGui::TextDisabled("Only the first %zu entries are listed: type the name of another",
                        listing.entries.size());
  } else {
    ImGui::TextDisabled("%zu %s", listing.entries.size(),
                        listing.entries.size() == 1 ? "entry" : "entries");
  }
  ImGui::PushTextWrapPos(0);
  if (!dialog.problem().empty()) {
    ImGui::TextColored(kProblemColour, "%s", dialog.problem().c_str());
  } else if (asking) {
    ImGui::EndDisabled();
    ImGui::TextColored(kQuestionColour,
                       "Replace %s? A file of that name is there already: replacing it "
                       "overwrites it.",
                       dialog.replace_asked().filename().string().c_str());
    ImGui::BeginDisabled();
  } else {
    ImGui::NewLine();
  }
  ImGui::PopTextWrapPos();
}

// The name field, then at the right Cancel and Open or Save, or the question's Cancel and
// Replace (no longer disabled).
void draw_name_and_buttons(FileDialog& dialog, ControlRects* controls, bool asking) {
  const DialogKind& kind = dialog.kind();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(kind.mode == DialogMode::pick_folder ? "Folder" : "Name");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::max(120.0f, ImGui::GetContentRegionAvail().x * 0.6f));
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  // Its text all selected when it takes the keyboard: a name suggested is typed over.
  ImGui::InputText("##file_dialog_name", dialog.name_text(), FileDialog::kTextSize,
                   ImGuiInputTextFlags_AutoSelectAll);
  note(controls, "file_dialog_name");
  ImGui::SameLine();
  ImGui::TextDisabled("%s", kind.filter.c_str());
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* accept = asking ? "Replace" : kind.accept.c_str();
  const float buttons = ImGui::CalcTextSize("Cancel").x + ImGui::CalcTextSize(accept).x +
                        4 * style.FramePadding.x + style.ItemSpacing.x;
  ImGui::SetCursorPosX(
      std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - buttons));
  if (asking) {
    ImGui::EndDisabled();
    if (button(controls, "Cancel##replace", "file_dialog_keep")) dialog.answer_replace(false);
    ImGui::SameLine();
    if (button(controls, "Replace", "file_dialog_replace")) dialog.answer_replace(true);
  } else {
    if (button(controls, "Cancel", "file_dialog_cancel")) dialog.cancel();
    ImGui::SameLine();
    if (button(controls, accept, "file_dialog_accept")) dialog.accept();
  }
}

}  // namespace

void draw_file_dialog(FileDialog& dialog, ControlRects* controls) {
  if (!dialog.is_open()) {
    // Closed from outside the popup (the window's quit): it closes from inside itself.
    if (ImGui::IsPopupOpen(kPopupId) && ImGui::BeginPopupModal(kPopupId)) {
      ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
    }
    return;
  }
  const std::string title = dialog.kind().title + kPopupId;
  if (!ImGui::IsPopupOpen(kPopupId)) ImGui::OpenPopup(title.c_str());
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(
      ImVec2(std::min(760.0f, display.x - 16), std::min(520.0f, display.y - 16)));
  if (!ImGui::BeginPopupModal(
          title.c_str(), nullptr,
          ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings)) {
    return;
  }
  // While Replace? is asked, all but the question and its answers is disabled.
  const bool asking = !dialog.replace_asked().empty();
  if (asking) ImGui::BeginDisabled();
  const bool path_taken = draw_path_bar(dialog, controls);
  // Below the two panes: a line for a cut list, two for a problem or the question, the name
  // and the buttons.
  draw_panes(dialog, controls,
             3 * ImGui::GetTextLineHeightWithSpacing() + 2 * ImGui::GetFrameHeightWithSpacing() +
                 ImGui::GetStyle().ItemSpacing.y);
  draw_status_lines(dialog, asking);
  draw_name_and_buttons(dialog, controls, asking);
  // The keys, now that this frame's typing is in the fields: Esc cancels (the question first),
  // Return opens or saves (not while asking: Replace is never a key away).
  const FileDialog::Keys keys = dialog.take_keys();
  if (keys.escape_pressed) {
    dialog.cancel();
  } else if (keys.return_pressed && !path_taken && !asking) {
    dialog.accept();
  }
  if (!dialog.is_open()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace terrain::app
