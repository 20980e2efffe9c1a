// Where the panel's controls were drawn, by name, for the GUI tests that click them
// (TERRAIN_SANDBOX_LAYOUT=1 prints each as "layout NAME X Y W H" when it moves, appears or
// goes: a folded section's controls and a closed drop-down's items report 0 0 0 0).
//
// Names are the controls' labels without ImGui's "##" suffixes, lower case with '_' for
// spaces ("drops_per_frame", "map_view"); a drop-down's items are "COMBO/ITEM"
// ("map_view/basins"). A steady frame allocates nothing: a fixed table, names copied in.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <string_view>

namespace terrain::app {

class ControlRects {
 public:
  // The panel's controls and drop-down items, the menu bar's entries and the file dialog's
  // (at most 50: file_dialog_view.h), with room to spare.
  static constexpr std::size_t kCapacity = 320;
  static constexpr std::size_t kNameSize = 48;

  // Starts a frame: every control is unseen until noted again.
  void begin_frame();
  // The control `name` was drawn at (x, y, w, h) in window pixels this frame. Names longer
  // than kNameSize - 1 are cut; past kCapacity controls, new names are ignored.
  void note(std::string_view name, float x, float y, float w, float h);
  // Its rectangle as last noted this frame, or all 0 when it was not drawn.
  std::array<float, 4> rect(std::string_view name) const;
  // Calls `report` for each control whose rectangle changed since the last call to changes()
  // (a control not drawn this frame reports 0 0 0 0 once).
  void changes(const std::function<void(std::string_view, const std::array<float, 4>&)>& report);
  std::size_t size() const { return count_; }

 private:
  struct Entry {
    char name[kNameSize] = {};
    std::size_t length = 0;
    std::array<float, 4> rect{};      // this frame's (0s when unseen)
    std::array<float, 4> reported{};  // as last reported
    bool seen = false;
    bool ever_reported = false;
  };
  Entry* find(std::string_view name);
  const Entry* find(std::string_view name) const;
  std::array<Entry, kCapacity> entries_;
  std::size_t count_ = 0;
};

// A control's name from its label: what precedes "##" (or what follows it when nothing
// precedes it), lower case, spaces and punctuation as '_', runs of '_' merged and trimmed,
// written into `out` (at most ControlRects::kNameSize - 1 characters).
std::string_view control_name(std::string_view label, char (&out)[ControlRects::kNameSize]);

}  // namespace terrain::app
