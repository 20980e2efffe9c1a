// The panel: a side bar at the window's left edge (layout.h), its splitter at its right edge.
// Top to bottom, the sketch's controls first:
//   1. actions: play/pause, restart, new seed, save PNG, fullscreen; the seed field and its
//      message; the rain's progress towards RAIN_TARGET and finishing it now
//   then sections that fold:
//   2. Rain: the sketch's sliders, each snapped to its step as the web page reads it
//   3. Ground: its generator and the generator's own setting, or the heightmap it came from;
//      opening a heightmap (a path, and how it is fitted)
//   4. Rivers: shown or not, the "Drainage" API documentation's stroking, minimum flow, routing
//   5. View: colour scheme, contour levels, the view, lakes, original terrain, debug mode, zoom
//   6. Side view: the strip under the map, the cross-section's row, the skylines' seed and
//      parameters
//   7. Output: save folder, the exports (heightmaps, the hydrology's pictures, the grids), the
//      time-lapse, and the log of messages
//   8. Frame times; Keys
// And, over the map: the cell readout beside the pointer, the status line along the map's
// bottom edge (the latest message for a few seconds), and the Panel button while the side bar
// is hidden.
//
// Every control has a label unique in the panel (Dear ImGui takes the label as the control's
// ID: a drop-down labelled as a section header would never open) and is noted by name in
// ui.controls after it is drawn (control_rects.h), for the GUI tests that click them all.
#include "app/panel/panel.h"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <utility>

#include "app/core/keys.h"
#include "app/panel/rain_progress.h"
#include "core/number_text.h"
#include "render/geometry/orbit_camera.h"
#include "render/geometry/side_view.h"
#include "render/geometry/surface_raster.h"
#include "session/controls.h"

namespace terrain::app {

using session::LiveModel;
using session::Settings;
namespace {

// The panel being drawn notes its controls here (set by draw_panel and draw_side_view for
// their duration: the helpers below are called from deep inside them).
ControlRects* g_controls = nullptr;
// ... and asks for the commands of its sliders' drags here (a drag is one step of the history).
std::vector<Command>* g_commands = nullptr;

// Notes the last item's rectangle under `name`, or under the name of its label.
void note(const char* label, const char* name = nullptr) {
  if (g_controls == nullptr) return;
  char buffer[ControlRects::kNameSize];
  const std::string_view n = name != nullptr ? std::string_view(name) : control_name(label, buffer);
  const ImVec2 a = ImGui::GetItemRectMin();
  const ImVec2 b = ImGui::GetItemRectMax();
  g_controls->note(n, a.x, a.y, b.x - a.x, b.y - a.y);
}

// Notes a labelled control's frame (the part that takes the clicks, without its label) under
// the name of `label`: `width` is CalcItemWidth() as it was before the control was drawn.
void note_frame(const char* label, float width) {
  if (g_controls == nullptr) return;
  char buffer[ControlRects::kNameSize];
  const ImVec2 a = ImGui::GetItemRectMin();
  g_controls->note(control_name(label, buffer), a.x, a.y, width, ImGui::GetFrameHeight());
}

bool button(const char* label, const char* name = nullptr, ImVec2 size = ImVec2(0, 0)) {
  const bool pressed = ImGui::Button(label, size);
  note(label, name);
  return pressed;
}

bool small_button(const char* label, const char* name = nullptr) {
  const bool pressed = ImGui::SmallButton(label);
  note(label, name);
  return pressed;
}

bool checkbox(const char* label, bool* on) {
  const bool changed = ImGui::Checkbox(label, on);
  note(label);
  return changed;
}

// A radio button of the group `group`, noted as "GROUP/LABEL".
bool radio(const char* group, const char* label, int* current, int value) {
  const bool pressed = ImGui::RadioButton(label, current, value);
  char g[ControlRects::kNameSize];
  char l[ControlRects::kNameSize];
  char name[2 * ControlRects::kNameSize];
  std::snprintf(name, sizeof name, "%.*s/%.*s", static_cast<int>(control_name(group, g).size()), g,
                static_cast<int>(control_name(label, l).size()), l);
  note(label, name);
  return pressed;
}

// A drop-down of `count` items: its frame noted as the label's name, and while it is open
// each item as "NAME/ITEM". Returns true when an item other than the current one was picked.
//
// Two things Dear ImGui 1.86 does not do, done here with `drop_downs` (UiState): Esc closes the
// open drop-down (ImGui closes popups with Esc only under keyboard navigation, which would take
// the app's shortcuts: App::events sees the key and sets `close`); and a click on another
// drop-down while one is open opens that one. ImGui closes the open one with that click and
// swallows it (the other's frame cannot be hovered while a popup has the focus), so the click
// is noted here (`open_next`, the popup's ID, as BeginCombo names it) and the popup opened in
// the next frame, the first one gone.
bool combo(UiState::DropDowns& drop_downs, const char* label, int* current,
           const char* const items[], int count, const char* tip = nullptr) {
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
  if (g_controls != nullptr) g_controls->note(combo_name, at.x, at.y, width, height);
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
      note(items[k], name);
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

// A section that folds, noted as "section/NAME".
bool section(const char* label, ImGuiTreeNodeFlags flags = 0) {
  const bool open = ImGui::CollapsingHeader(label, flags);
  char l[ControlRects::kNameSize];
  char name[2 * ControlRects::kNameSize];
  std::snprintf(name, sizeof name, "section/%s", control_name(label, l).data());
  note(label, name);
  return open;
}

// The error colour and the colour of a message that went well.
const ImVec4 kErrorColour(1.0f, 0.45f, 0.35f, 1.0f);
const ImVec4 kOkColour(0.6f, 0.85f, 0.6f, 1.0f);

// A slider over the sketch's range: ImGui's value is snapped to the step (0.35, not
// 0.05 * 7) before the model sees it. `typed_max` lets Ctrl+click type past the slider's
// end (the drops per frame: native code rains faster than the sketch's 1000).
bool slider(const char* label, double& value, const sketch::Range& range, const char* format,
            double typed_max = 0) {
  double edited = value;
  const ImGuiSliderFlags flags = typed_max > range.max ? 0 : ImGuiSliderFlags_AlwaysClamp;
  const float width = ImGui::CalcItemWidth();
  ImGui::SliderScalar(label, ImGuiDataType_Double, &edited, &range.min, &range.max, format, flags);
  note_frame(label, width);
  // A drag (or a value typed after Ctrl+click) is one step of the history, from where it began
  // to where it ended: the edit opens before the first value it sets.
  if (g_commands != nullptr) {
    if (ImGui::IsItemActivated())
      g_commands->push_back(session::HistoryCommand{session::BeginEdit{}});
    if (ImGui::IsItemDeactivated())
      g_commands->push_back(session::HistoryCommand{session::EndEdit{}});
  }
  if (edited == value) return false;
  sketch::Range typed = range;
  if (typed_max > range.max) typed.max = typed_max;
  const double snapped = session::snap_to_step(edited, typed);
  if (snapped == value) return false;
  value = snapped;
  return true;
}

// The skylines' sliders: the side-view document's defaults inside, wide enough to explore.
// (sketch::Range: min, max, step, initial.)
constexpr sketch::Range kWalkHeightMax{10, 1000, 1, 170};
constexpr sketch::Range kWalkStepMax{0, 20, 0.05, 2.5};
constexpr sketch::Range kWalkStepChange{0, 10, 0.05, 1.0};
constexpr sketch::Range kSectionHeight{10, 5000, 1, 1000};
constexpr sketch::Range kSectionShift{0, 2000, 1, 200};
constexpr sketch::Range kSectionCount{2, 200, 1, 40};
constexpr sketch::Range kSectionSub{1, 20, 1, 5};
constexpr sketch::Range kSectionSmooth{0, 20000, 1, 4000};

// The splitters' handles, in points.
constexpr float kSplitterWidth = 6;

// A splitter's handle in a window of its own, placed and sized by the caller
// (SetNextWindowPos / Size). While it is held: how far it has been dragged since it was
// grabbed, across (x) or down (y), in points; `grabbed` is set in the frame it is grabbed.
// (From the grab, not frame by frame: a pointer that jumps onto the handle as it presses
// would otherwise count the jump.)
std::optional<float> splitter(const char* name, ImGuiMouseCursor cursor, bool across,
                              bool& grabbed);
// The Side view section's controls.
void draw_side_view_controls(const SideViewState& side, UiState::DropDowns& drop_downs,
                             const std::function<void(Command)>& ask);
// The History section's list.
void draw_history(const LiveModel& model, UiState& ui, const std::function<void(Command)>& ask);

}  // namespace

void draw_readout(const LiveModel& model, const UiState& ui, const Layout& layout,
                  float pixels_per_point) {
  if (!ui.hover) return;
  const session::CellReadout c = session::read_cell(model, ui.hover->x, ui.hover->y);
  // Beside the pointer, below and to its right, or on the other side of it where the map's
  // edge is near: it follows the eye and never sits on one part of the map for good.
  const float ppp = pixels_per_point;
  const float x = ui.mouse[0] / ppp;
  const float y = ui.mouse[1] / ppp;
  constexpr float kGap = 18;
  constexpr float kWide = 190;  // about the readout's size, in points
  constexpr float kTall = 150;
  const bool left = x + kGap + kWide > layout.map.right() / ppp;
  const bool above = y + kGap + kTall > layout.map.bottom() / ppp;
  ImGui::SetNextWindowPos(ImVec2(left ? x - kGap : x + kGap, above ? y - kGap : y + kGap),
                          ImGuiCond_Always, ImVec2(left ? 1.0f : 0.0f, above ? 1.0f : 0.0f));
  ImGui::SetNextWindowBgAlpha(0.8f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoInputs;
  ImGui::Begin("Cell", nullptr, flags);
  ImGui::Text("Cell %d, %d", c.x, c.y);
  ImGui::Text("Height    %.4f", static_cast<double>(c.height));
  ImGui::Text("Original  %.4f", static_cast<double>(c.original));
  ImGui::Text("Change    %+.4f", static_cast<double>(c.height) - static_cast<double>(c.original));
  ImGui::Text("Flow      %u cells", c.flow);
  if (c.strahler > 0) {
    ImGui::Text("Strahler  %d", c.strahler);
  } else {
    ImGui::TextDisabled("Strahler  - (not river)");
  }
  ImGui::Text("Basin     %d", c.basin);
  if (c.lake_depth > 0) {
    ImGui::Text("Lake      %.4f deep", static_cast<double>(c.lake_depth));
  } else {
    ImGui::TextDisabled("Lake      none");
  }
  ImGui::End();
}

namespace {

// The cross-section's row over the 3D view's ground (UiState::row_line), dark under the index
// line's colour as the flat map's mark is, broken where it passes behind the eye.
void draw_row_line(ImDrawList* draw, const UiState& ui, const Layout& layout, float ppp,
                   const render::ColorScheme& scheme) {
  draw->PushClipRect(ImVec2(layout.map.left / ppp, layout.map.top / ppp),
                     ImVec2(layout.map.right() / ppp, layout.map.bottom() / ppp), true);
  const auto& c = scheme.index_line;
  const ImU32 line = IM_COL32(static_cast<ImU32>(c.level(0)), static_cast<ImU32>(c.level(1)),
                              static_cast<ImU32>(c.level(2)), 255);
  for (const auto& [colour, width] :
       {std::pair{IM_COL32(0, 0, 0, 150), 3.0f}, std::pair{line, 1.0f}}) {
    for (int k = 0; k + 1 < ui.row_line_points; k++) {
      const float* p = &ui.row_line[static_cast<std::size_t>(2 * k)];
      if (std::isnan(p[0]) || std::isnan(p[2])) continue;
      draw->AddLine(ImVec2(p[0] / ppp, p[1] / ppp), ImVec2(p[2] / ppp, p[3] / ppp), colour, width);
    }
  }
  draw->PopClipRect();
}

}  // namespace

void draw_side_view(const LiveModel& model, UiState& ui, const Layout& layout,
                    float pixels_per_point, const Frame& map_frame, SideViewCache& cache,
                    std::vector<Command>& commands) {
  if (!ui.side.shown || layout.strip.empty()) return;
  const float ppp = pixels_per_point;
  const render::ColorScheme& scheme = render::color_schemes()[static_cast<std::size_t>(ui.scheme)];
  const Frame frame = screen_frame(map_frame, ImVec2(0, 0), ppp);
  // The cut's row: a line across the flat map, or over the 3D view's ground.
  if (ui.side.view == SideView::cross_section && model.settings().view == MapView::three_d) {
    draw_row_line(ImGui::GetBackgroundDrawList(), ui, layout, ppp, scheme);
  } else if (ui.side.view == SideView::cross_section) {
    draw_row_mark(ImGui::GetBackgroundDrawList(),
                  ImVec2(layout.map.left / ppp, layout.map.top / ppp),
                  ImVec2(layout.map.right() / ppp, layout.map.bottom() / ppp), frame,
                  render::cross_section_row(ui.side.row, model.heights().height()), scheme);
  }
  // The splitter along the strip's top edge: dragging it up makes the strip taller.
  ImGui::SetNextWindowPos(ImVec2(layout.strip.left / ppp, layout.strip.top / ppp));
  ImGui::SetNextWindowSize(ImVec2(layout.strip.width / ppp, kSplitterWidth));
  bool grabbed = false;
  const auto dragged = splitter("##strip splitter", ImGuiMouseCursor_ResizeNS, false, grabbed);
  if (grabbed) ui.strip_grabbed_at = layout.strip.height;
  if (dragged && layout.strip.height != ui.strip_grabbed_at - *dragged * ppp) {
    commands.push_back(ShellCommand{ResizeStrip{ui.strip_grabbed_at - *dragged * ppp}});
  }
  // The strip: a window with no decoration, which the drawing fills.
  const ImVec2 min(layout.strip.left / ppp, layout.strip.top / ppp + kSplitterWidth);
  const ImVec2 max(layout.strip.right() / ppp, layout.strip.bottom() / ppp);
  ImGui::SetNextWindowPos(min);
  ImGui::SetNextWindowSize(ImVec2(max.x - min.x, max.y - min.y));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  // No background: the strip's picture covers the window (a software GL pays for every
  // pixel it fills twice).
  ImGui::Begin("##side view", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoScrollWithMouse);
  SideViewInputs in;
  in.original = &model.original();
  in.now = &model.heights();
  in.lake_depth = model.hydrology().lake_depth();
  in.sea_level = model.settings().sea_level;
  in.scheme = &scheme;
  in.map_frame = &frame;
  draw_side_view_strip(ImGui::GetWindowDrawList(), min, max, ui.side, in, cache);
  ImGui::End();
  ImGui::PopStyleVar(3);
}

void show_seed(UiState& ui, uint32_t seed) {
  std::snprintf(ui.seed_text, sizeof ui.seed_text, "%u", seed);
}

namespace {

// What every section of the side bar reads: the model, the panel's state, the settings now,
// the layout, drawable pixels per point, a control's frame width, the frame times; and where
// it asks for commands.
struct PanelContext {
  const LiveModel& model;
  UiState& ui;
  const Settings& s;
  const Layout& layout;
  float ppp;
  float item_width;
  const FrameStats& stats;
  std::vector<Command>& commands;
  void ask(Command command) const { commands.push_back(std::move(command)); }
};

// 1. The actions, the seed and the rain's progress.
void draw_actions(const PanelContext& c) {
  using namespace session;
  if (button(c.model.playing() ? "Pause###play" : "Play###play", "play", ImVec2(60, 0)))
    c.ask(ViewCommand{TogglePlay{}});
  ImGui::SameLine();
  if (button("Restart")) c.ask(MapCommand{Restart{}});
  ImGui::SameLine();
  if (button("New seed")) c.ask(UiCommand{NewSeed{}});
  ImGui::SameLine();
  if (button("Save PNG", "save")) c.ask(ShellCommand{SavePng{}});
  if (button(c.ui.fullscreen ? "Leave fullscreen###fullscreen" : "Fullscreen###fullscreen",
             "fullscreen")) {
    c.ask(ShellCommand{ToggleFullscreen{}});
  }
  // Undo and redo (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y): the History section lists the steps.
  ImGui::SameLine();
  const session::History& history = c.model.history();
  if (!history.can_undo()) ImGui::BeginDisabled();
  if (button("Undo")) c.ask(HistoryCommand{Undo{}});
  if (!history.can_undo()) ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Ctrl+Z");
  ImGui::SameLine();
  if (!history.can_redo()) ImGui::BeginDisabled();
  if (button("Redo")) c.ask(HistoryCommand{Redo{}});
  if (!history.can_redo()) ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("Ctrl+Shift+Z or Ctrl+Y");
  }
  ImGui::SetNextItemWidth(140);
  const bool entered =
      ImGui::InputText("Seed", c.ui.seed_text, sizeof c.ui.seed_text,
                       ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CharsNoBlank);
  const bool editing = ImGui::IsItemActive();
  note("Seed");
  if (entered) {
    std::string why;
    const auto seed = session::parse_seed(c.ui.seed_text, &why);
    if (seed) {
      c.ui.seed_message.clear();
      c.ask(MapCommand{SetSeed{*seed}});
    } else {
      c.ui.seed_message = why;  // and nothing changes
    }
  } else if (!editing && c.ui.seed_message.empty()) {
    show_seed(c.ui, c.model.seed());
  }
  if (!c.ui.seed_message.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kErrorColour, "%s", c.ui.seed_message.c_str());
    ImGui::PopTextWrapPos();
  }
  // The drops so far against the sketch's stop (rain_progress.h).
  const RainProgress progress = rain_progress(c.model.drops());
  ImGui::ProgressBar(progress.fraction, ImVec2(-1, 0), progress.text);
  note("progress");
  const auto target_drops = static_cast<uint64_t>(sketch::RAIN_TARGET);
  char target[32];
  const std::string_view target_text = with_thousands(target_drops, target);
  // The rest of the rain at full speed; the map jumps to it when it is done.
  const bool can_finish =
      !c.model.finishing() && c.s.drops_per_frame > 0 && c.model.drops() < target_drops;
  if (!can_finish) ImGui::BeginDisabled();
  if (button(
          c.model.finishing() ? "Finishing the rain...###finish" : "Finish the rain now###finish",
          "finish_the_rain_now")) {
    c.ask(ViewCommand{FinishRain{}});
  }
  if (!can_finish) ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(
        "The drops left to %.*s at full speed (G); the map is then as live rain leaves it",
        static_cast<int>(target_text.size()), target_text.data());
  }
}

// 2. Rain: the sketch's sliders.
void draw_rain_section(const PanelContext& c) {
  using namespace session;
  double v = c.s.drops_per_frame;
  if (slider("Drops per frame", v, sketch::drops_per_frame, "%.0f", session::kMaxDropsPerFrame)) {
    c.ask(MapCommand{SetDropsPerFrame{static_cast<int>(v)}});
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ctrl+click to type up to 10000");
  v = c.s.erosion;
  if (slider("Erosion", v, sketch::erosion, "%.2f")) c.ask(MapCommand{SetErosion{v}});
  v = c.s.deposition;
  if (slider("Deposition", v, sketch::deposition, "%.2f")) c.ask(MapCommand{SetDeposition{v}});
  v = c.s.inertia;
  if (slider("Inertia", v, sketch::inertia, "%.2f")) c.ask(MapCommand{SetInertia{v}});
  v = c.s.brush_radius;
  if (slider("Brush radius", v, sketch::brush_radius, "%.0f")) {
    c.ask(MapCommand{SetBrushRadius{static_cast<int>(v)}});
  }
  v = c.s.sea_level;
  if (slider("Sea level", v, sketch::sea_level, "%.2f")) c.ask(MapCommand{SetSeaLevel{v}});
}

// 3. Ground: its generator and the generator's own setting, or the file it came from.
void draw_ground_section(const PanelContext& c) {
  using namespace session;
  if (const auto& file = c.model.ground_file()) {
    ImGui::PushTextWrapPos(0);
    ImGui::Text("From %s (%s)", file->name.c_str(), ground_fit_name(file->fit).data());
    ImGui::TextDisabled("The generator's controls grow a ground again.");
    ImGui::PopTextWrapPos();
  }
  int generator = c.s.generator == Generator::island ? 0 : 1;
  const char* generators[] = {"Noise island", "Diamond-square"};
  if (combo(c.ui.drop_downs, "Generator", &generator, generators, 2)) {
    c.ask(MapCommand{SetGenerator{generator == 0 ? Generator::island : Generator::diamond_square}});
  }
  double v = 0;
  if (c.s.generator == Generator::island) {
    v = c.s.terrain_scale;
    if (slider("Terrain scale", v, sketch::terrain_scale, "%.3f"))
      c.ask(MapCommand{SetTerrainScale{v}});
  } else {
    v = c.s.roughness;
    if (slider("Roughness", v, session::kRoughness, "%.2f")) c.ask(MapCommand{SetRoughness{v}});
  }
  // Your own ground: a heightmap, typed here, chosen, or dropped on the window.
  ImGui::SetNextItemWidth(c.ui.can_choose_files ? -150.0f : -90.0f);
  const bool typed =
      ImGui::InputTextWithHint("##heightmap", "a heightmap file", c.ui.open_text,
                               sizeof c.ui.open_text, ImGuiInputTextFlags_EnterReturnsTrue);
  note("##heightmap", "open_text");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("A heightmap: .png (8 or 16-bit, gray or colour), .exr, .tif or .npy");
  }
  ImGui::SameLine();
  if ((button("Open", "open") || typed) && c.ui.open_text[0] != '\0') {
    c.ask(OpenFile{c.ui.open_text});
  }
  if (c.ui.can_choose_files) {
    ImGui::SameLine();
    if (c.ui.choosing_file) ImGui::BeginDisabled();
    if (button("Browse...", "browse_heightmap")) {
      c.ask(ShellCommand{ChooseFile{FileChoice::heightmap}});
    }
    if (c.ui.choosing_file) ImGui::EndDisabled();
  }
  int fit = c.ui.ground_fit == GroundFit::crop ? 0 : 1;
  ImGui::TextUnformatted("Fit");
  ImGui::SameLine();
  if (radio("Fit", "crop", &fit, 0)) c.ask(UiCommand{SetGroundFit{GroundFit::crop}});
  ImGui::SameLine();
  if (radio("Fit", "stretch", &fit, 1)) c.ask(UiCommand{SetGroundFit{GroundFit::stretch}});
  ImGui::TextDisabled("or drop a heightmap on the window");
}

// 4. Rivers, the sketch's and the "Drainage" API documentation's way.
void draw_rivers_section(const PanelContext& c) {
  using namespace session;
  bool on = c.s.show_rivers;
  if (checkbox("Show rivers", &on)) c.ask(ViewCommand{ShowRivers{on}});
  int by = c.s.rivers_by == RiversBy::flow ? 0 : 1;
  ImGui::TextUnformatted("Rivers by");
  ImGui::SameLine();
  if (radio("Rivers by", "flow", &by, 0)) c.ask(ViewCommand{SetRiversBy{RiversBy::flow}});
  ImGui::SameLine();
  if (radio("Rivers by", "Strahler order", &by, 1)) {
    c.ask(ViewCommand{SetRiversBy{RiversBy::order}});
  }
  int min_flow = c.s.min_flow;
  // The slider's own range is the useful one; Ctrl+click types any minimum up to the cells.
  ImGui::SliderInt("Min flow", &min_flow, kMinFlowSliderMin, kMinFlowSliderMax, "%d cells",
                   ImGuiSliderFlags_Logarithmic);
  note_frame("Min flow", c.item_width);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Cells draining through a cell for it to be river (the sketch's: 250).\n"
        "Ctrl+click to type 1 to %d",
        kMinFlowMax);
  }
  // A typed value out of range goes to the session too, which refuses it with a message.
  if (min_flow != c.s.min_flow) c.ask(ViewCommand{SetMinFlow{min_flow}});
  int routing = c.s.routing == Routing::sketch ? 0 : 1;
  const char* routings[] = {"Sketch's", "Flood's"};
  if (combo(c.ui.drop_downs, "Routing", &routing, routings, 2,
            "Sketch's: steepest descent over the filled ground and its ripple.\n"
            "Flood's: through filled hollows along the links the flood came by.")) {
    c.ask(ViewCommand{SetRouting{routing == 0 ? Routing::sketch : Routing::flood}});
  }
}

// 5. View: what the map shows, and where.
void draw_view_section(const PanelContext& c) {
  using namespace session;
  const auto schemes = render::color_schemes();
  const char* scheme_labels[16] = {};
  const int scheme_count = static_cast<int>(std::min<std::size_t>(schemes.size(), 16));
  for (int k = 0; k < scheme_count; k++) {
    scheme_labels[k] = schemes[static_cast<std::size_t>(k)].label.c_str();
  }
  int scheme = c.ui.scheme;
  if (combo(c.ui.drop_downs, "Colour scheme", &scheme, scheme_labels, scheme_count)) {
    c.ask(UiCommand{SetScheme{scheme}});
  }
  double v = c.s.contour_levels;
  if (slider("Contour levels", v, sketch::contour_levels, "%.0f")) {
    c.ask(ViewCommand{SetContourLevels{static_cast<int>(v)}});
  }
  // (Not "View": the section's header has that label, and a label is Dear ImGui's ID.)
  int view = static_cast<int>(c.s.view);
  const char* views[] = {"Map", "Basins", "Flow", "3D"};
  if (combo(c.ui.drop_downs, "Map shows", &view, views, 4, "V steps through them")) {
    c.ask(ViewCommand{SetView{kMapViews[static_cast<std::size_t>(view)]}});
  }
  bool on = c.s.show_lakes;
  if (checkbox("Show lakes", &on)) c.ask(ViewCommand{ShowLakes{on}});
  ImGui::SameLine();
  on = c.s.debug_mode;
  if (checkbox("Debug mode", &on)) c.ask(ViewCommand{SetDebugMode{on}});
  on = c.s.show_original;
  if (checkbox("Show original terrain", &on)) c.ask(ViewCommand{ShowOriginal{on}});
  if (c.s.view == MapView::three_d) {
    // The 3D view's relief and camera.
    float relief = static_cast<float>(c.ui.exaggeration);
    if (ImGui::SliderFloat("Relief height", &relief, static_cast<float>(render::kMinExaggeration),
                           static_cast<float>(render::kMaxExaggeration), "%.2fx",
                           ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp) &&
        relief != static_cast<float>(c.ui.exaggeration)) {
      c.ask(UiCommand{SetExaggeration{relief}});
    }
    note_frame("Relief height", c.item_width);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The heights drawn this many times as high");
    float yaw = static_cast<float>(c.ui.camera_yaw);
    if (ImGui::SliderFloat("Camera turn", &yaw, 0.0f, 359.9f, "%.0f deg",
                           ImGuiSliderFlags_AlwaysClamp) &&
        yaw != static_cast<float>(c.ui.camera_yaw)) {
      c.ask(UiCommand{SetCamera{yaw, c.ui.camera_pitch}});
    }
    note_frame("Camera turn", c.item_width);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("0 looks north, 90 east");
    float pitch = static_cast<float>(c.ui.camera_pitch);
    if (ImGui::SliderFloat("Camera tilt", &pitch,
                           static_cast<float>(render::OrbitCamera::kMinPitch),
                           static_cast<float>(render::OrbitCamera::kMaxPitch), "%.0f deg",
                           ImGuiSliderFlags_AlwaysClamp) &&
        pitch != static_cast<float>(c.ui.camera_pitch)) {
      c.ask(UiCommand{SetCamera{c.ui.camera_yaw, pitch}});
    }
    note_frame("Camera tilt", c.item_width);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("90 looks straight down");
    if (button("Frame island")) c.ask(UiCommand{FrameIsland{}});
    ImGui::SameLine();
    ImGui::TextDisabled("drag orbits, right-drag pans, Home frames");
    return;
  }
  // Zoom about the map's middle (the wheel zooms about the pointer).
  float zoom = static_cast<float>(c.ui.zoom);
  if (ImGui::SliderFloat("Zoom", &zoom, 1.0f, 16.0f, "%.2fx",
                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp) &&
      zoom != static_cast<float>(c.ui.zoom)) {
    c.ask(UiCommand{ZoomAt{zoom / c.ui.zoom, c.layout.map.left + c.layout.map.width / 2,
                           c.layout.map.top + c.layout.map.height / 2}});
  }
  note_frame("Zoom", c.item_width);
  if (c.ui.at_fit) ImGui::BeginDisabled();
  if (button("Fit map")) c.ask(UiCommand{FitMap{}});
  if (c.ui.at_fit) ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled("wheel zooms, drag pans, Home fits");
}

// 7. Output: the save folder, the exports, the time-lapse and the messages.
void draw_output_section(const PanelContext& c) {
  using namespace session;
  ImGui::SetNextItemWidth(c.ui.can_choose_files ? -160.0f : -90.0f);
  ImGui::InputText("Save folder", c.ui.folder_text, sizeof c.ui.folder_text);
  note("Save folder", "folder");
  // Kept between runs once typed (when the field is left, not at every key).
  if (ImGui::IsItemDeactivatedAfterEdit()) c.ask(SetSaveFolder{c.ui.folder_text});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Where Save PNG, the exports and the time-lapses go (made if missing)");
  }
  if (c.ui.can_choose_files) {
    ImGui::SameLine();
    if (c.ui.choosing_file) ImGui::BeginDisabled();
    if (small_button("Choose...", "choose_folder")) {
      c.ask(ShellCommand{ChooseFile{FileChoice::save_folder}});
    }
    if (c.ui.choosing_file) ImGui::EndDisabled();
  }
  // The exports: what leaves the sandbox for other tools.
  constexpr io::HeightmapFormat formats[] = {io::HeightmapFormat::png, io::HeightmapFormat::r16,
                                             io::HeightmapFormat::exr, io::HeightmapFormat::tiff,
                                             io::HeightmapFormat::npy};
  const char* format_labels[] = {"16-bit PNG", "R16 (raw)", "EXR (float)", "TIFF (float)",
                                 "NumPy .npy"};
  int format = 0;
  for (int k = 0; k < 5; k++) {
    if (formats[k] == c.ui.export_format) format = k;
  }
  if (combo(c.ui.drop_downs, "Heights as", &format, format_labels, 5)) {
    c.ask(UiCommand{SetExportFormat{formats[format]}});
  }
  // Heights in real units: the TIFF a GeoTIFF, the float formats and the meshes in metres.
  bool units_edited = false;
  ImGui::InputDouble("Cell size (m)", &c.ui.real_units_edit[0], 0, 0, "%g");
  note_frame("Cell size (m)", c.item_width);
  units_edited |= ImGui::IsItemDeactivatedAfterEdit();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Metres a cell is wide: the TIFF becomes a GeoTIFF (0: none)");
  }
  ImGui::InputDouble("Height scale (m)", &c.ui.real_units_edit[1], 0, 0, "%g");
  note_frame("Height scale (m)", c.item_width);
  units_edited |= ImGui::IsItemDeactivatedAfterEdit();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Metres a height of 1 stands: the TIFF, EXR, .npy and meshes in metres");
  }
  const bool both = c.ui.real_units_edit[0] != 0 && c.ui.real_units_edit[1] != 0;
  const bool neither = c.ui.real_units_edit[0] == 0 && c.ui.real_units_edit[1] == 0;
  if (units_edited && (both || neither)) {
    c.ask(UiCommand{SetRealUnits{io::RealUnits{c.ui.real_units_edit[0], c.ui.real_units_edit[1]}}});
  }
  if (!both && !neither) ImGui::TextDisabled("Set both (or neither) for heights in metres");
  if (button("Export heights", "export_heights")) c.ask(ShellCommand{ExportHeightmap{false}});
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The ground after the rain");
  ImGui::SameLine();
  if (button("Export original", "export_original")) c.ask(ShellCommand{ExportHeightmap{true}});
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The ground before the rain");
  if (button("Export layers", "export_layers")) c.ask(ShellCommand{ExportLayers{}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("flow, basins, Strahler order and lakes as PNG, one pixel per cell");
  }
  ImGui::SameLine();
  if (button("Export grids", "export_grids")) c.ask(ShellCommand{ExportGrids{}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("the grids as terrain-cli writes them (.npy), for NumPy");
  }
  // The SVG's page: the screen's, or paper for a plotter, in the map's colours or dark pens.
  int paper = !c.ui.svg_page.paper                           ? 0
              : *c.ui.svg_page.paper == exports::kSvgPaperA4 ? 1
              : *c.ui.svg_page.paper == exports::kSvgPaperA3 ? 2
                                                             : 0;
  const char* papers[] = {"Screen (no paper)", "A4 landscape", "A3 landscape"};
  if (combo(c.ui.drop_downs, "SVG paper", &paper, papers, 3)) {
    exports::SvgPage page = c.ui.svg_page;
    page.paper = paper == 0   ? std::nullopt
                 : paper == 1 ? std::optional(exports::kSvgPaperA4)
                              : std::optional(exports::kSvgPaperA3);
    c.ask(UiCommand{SetSvgPage{page}});
  }
  int style = c.ui.svg_page.style == exports::SvgStyle::map ? 0 : 1;
  const char* styles[] = {"Map's colours", "Plot (dark pens)"};
  if (combo(c.ui.drop_downs, "SVG style", &style, styles, 2)) {
    exports::SvgPage page = c.ui.svg_page;
    page.style = style == 0 ? exports::SvgStyle::map : exports::SvgStyle::plot;
    c.ask(UiCommand{SetSvgPage{page}});
  }
  // The pen on paper, in mm whatever the paper's size (a page without paper has no mm).
  if (!c.ui.svg_page.paper) ImGui::BeginDisabled();
  ImGui::InputDouble("SVG pen (mm)", &c.ui.svg_pen_edit, 0, 0, "%g");
  note_frame("SVG pen (mm)", c.item_width);
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    exports::SvgPage page = c.ui.svg_page;
    page.pen_mm = c.ui.svg_pen_edit;
    c.ask(UiCommand{SetSvgPage{page}});
  }
  if (!c.ui.svg_page.paper) ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(
        "The contours' width on the paper, %g..%g mm, the other lines in "
        "proportion (0: the map's scale)",
        exports::kSvgPenMinMm, exports::kSvgPenMaxMm);
  }
  if (button("Export SVG", "export_svg")) c.ask(ShellCommand{ExportSvg{}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "coastline, contours, index contours and rivers, a layer each (pen plotters)");
  }
  ImGui::SameLine();
  if (button("Mesh .glb", "export_glb")) c.ask(ShellCommand{ExportMesh{false}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("the ground after the rain as a glTF mesh (Blender, engines), x40 heights");
  }
  ImGui::SameLine();
  if (button("Mesh .obj", "export_obj")) c.ask(ShellCommand{ExportMesh{true}});
  // A picture larger than the window.
  int render_size[2] = {c.ui.render_size[0], c.ui.render_size[1]};
  if (ImGui::InputInt2("Render size", render_size)) {
    c.ask(UiCommand{SetRenderSize{render_size[0], render_size[1]}});
  }
  note_frame("Render size", c.item_width);
  const bool rendering = c.ui.render_tiles > 0 || c.ui.render_saving;
  if (rendering) ImGui::BeginDisabled();
  if (button("Render PNG", "render")) {
    c.ask(ShellCommand{RenderPng{c.ui.render_size[0], c.ui.render_size[1]}});
  }
  if (rendering) ImGui::EndDisabled();
  ImGui::SameLine();
  if (small_button("HD")) c.ask(UiCommand{SetRenderSize{1920, 1080}});
  ImGui::SameLine();
  if (small_button("4K")) c.ask(UiCommand{SetRenderSize{3840, 2160}});
  ImGui::SameLine();
  if (small_button("8K")) c.ask(UiCommand{SetRenderSize{7680, 4320}});
  if (c.ui.render_tiles > 0) {
    char label[48];
    std::snprintf(label, sizeof label, "Rendering %d / %d", c.ui.render_tiles_done,
                  c.ui.render_tiles);
    ImGui::ProgressBar(
        static_cast<float>(c.ui.render_tiles_done) / static_cast<float>(c.ui.render_tiles),
        ImVec2(-1, 0), label);
  } else if (c.ui.render_saving) {
    ImGui::ProgressBar(1.0f, ImVec2(-1, 0), "Writing the PNG...");
  }
  // A time-lapse of the rain.
  ImGui::Separator();
  ImGui::TextUnformatted("Time-lapse");
  SetRecording next = c.ui.record;
  bool changed = false;
  const bool busy = c.ui.recording || c.ui.record_writing;
  if (busy) ImGui::BeginDisabled();
  int clip_format = next.mp4 ? 1 : 0;
  changed |= radio("Clip", "GIF", &clip_format, 0);
  ImGui::SameLine();
  changed |= radio("Clip", "MP4 (H.264)", &clip_format, 1);
  next.mp4 = clip_format == 1;
  changed |= ImGui::SliderInt("Every", &next.every, 1, 100, "%d ticks",
                              ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  note_frame("Every", c.item_width);
  changed |= ImGui::SliderInt("Clip fps", &next.fps, io::kTimelapseMinFps, io::kTimelapseMaxFps,
                              "%d frames/s", ImGuiSliderFlags_AlwaysClamp);
  note_frame("Clip fps", c.item_width);
  int size[2] = {next.width, next.height};
  if (ImGui::InputInt2("Clip size", size)) {
    next.width = size[0];
    next.height = size[1];
    changed = true;
  }
  note_frame("Clip size", c.item_width);
  if (busy) ImGui::EndDisabled();
  if (changed) c.ask(UiCommand{next});
  if (c.ui.record_writing) ImGui::BeginDisabled();
  ImGui::PushStyleColor(ImGuiCol_Button, c.ui.recording
                                             ? ImVec4(0.75f, 0.15f, 0.15f, 1.0f)
                                             : ImGui::GetStyleColorVec4(ImGuiCol_Button));
  if (button(c.ui.recording ? "Stop and write###record" : "Record###record", "record")) {
    c.ask(ShellCommand{ToggleRecording{}});
  }
  ImGui::PopStyleColor();
  if (c.ui.record_writing) ImGui::EndDisabled();
  if (c.ui.recording) {
    ImGui::SameLine();
    const int seconds = static_cast<int>(c.ui.record_seconds);
    ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "REC %d:%02d, %lld %s", seconds / 60,
                       seconds % 60, static_cast<long long>(c.ui.record_frames),
                       c.ui.record_frames == 1 ? "frame" : "frames");
    if (c.ui.record_dropped > 0) {
      ImGui::TextDisabled("%lld %s dropped (the encoder fell behind)",
                          static_cast<long long>(c.ui.record_dropped),
                          c.ui.record_dropped == 1 ? "frame" : "frames");
    }
  } else if (c.ui.record_writing) {
    char label[64];
    std::snprintf(label, sizeof label, "Encoding %lld / %lld",
                  static_cast<long long>(c.ui.record_encoded),
                  static_cast<long long>(c.ui.record_frames));
    ImGui::ProgressBar(c.ui.record_frames > 0 ? static_cast<float>(c.ui.record_encoded) /
                                                    static_cast<float>(c.ui.record_frames)
                                              : 0.0f,
                       ImVec2(-1, 0), label);
  }
  // The log: every message of this run, the newest first (each was shown on the status line
  // over the map as it came).
  ImGui::Separator();
  const std::deque<Message>& log = c.ui.messages.all();
  char log_label[48];
  std::snprintf(log_label, sizeof log_label, "Messages (%zu)###messages", log.size());
  if (ImGui::TreeNode(log_label)) {
    note(log_label, "messages");
    ImGui::PushTextWrapPos(0);
    for (auto m = log.rbegin(); m != log.rend(); ++m) {
      ImGui::TextColored(m->failed ? kErrorColour : kOkColour, "%s", m->text.c_str());
    }
    if (log.empty()) ImGui::TextDisabled("none yet");
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  } else {
    note(log_label, "messages");
  }
}

// 8. Frame times.
void draw_frame_times_section(const PanelContext& c) {
  using namespace session;
  ImGui::PushTextWrapPos(0);
  ImGui::Text("Frame, CPU ms: %.2f", c.stats.recent_median(Stage::cpu_side));
  note("frame_cpu_ms");
  ImGui::Text("rain %.2f, rivers %.2f, contours %.2f, drawing %.2f",
              c.stats.recent_median(Stage::rain), c.stats.recent_median(Stage::rivers),
              c.stats.recent_median(Stage::contours), c.stats.recent_median(Stage::drawing));
  ImGui::TextDisabled("painting %.1f ms, GL %.1f ms CPU, swap %.1f ms",
                      c.stats.recent_median(Stage::painting), c.stats.recent_median(Stage::gl),
                      c.stats.recent_median(Stage::swap));
  // Paused and still, a frame is drawn only when input comes: a frame rate would read low.
  if (c.ui.idle) {
    ImGui::TextDisabled("still: a frame on each input, within %.1f ms", c.ui.input_ms);
  } else {
    ImGui::TextDisabled("%.0f fps; input shown within %.1f ms", ImGui::GetIO().Framerate,
                        c.ui.input_ms);
  }
  ImGui::TextDisabled("relief in %s precision, map painted by the %s",
                      c.ui.exact_relief ? "double" : "single", c.ui.cpu_painter ? "CPU" : "GPU");
  ImGui::PopTextWrapPos();
}

// 7b. The map file: its name, Save, Save as and Open (typed here, or the desktop's chooser).
void draw_map_file_section(const PanelContext& c) {
  ImGui::PushTextWrapPos(0);
  if (c.ui.map_path.empty()) {
    ImGui::TextDisabled("Not saved as a map file yet");
  } else {
    const bool changed = changed_since_saved(c.ui, c.model.history());
    ImGui::Text("%s%s", std::filesystem::path(c.ui.map_path).filename().string().c_str(),
                changed ? " (changed since saved)" : "");
  }
  ImGui::PopTextWrapPos();
  if (button("Save", "save_map")) c.ask(ShellCommand{SaveMapNow{}});
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ctrl+S: the map, its history and its view");
  ImGui::SameLine();
  if (button("Save as", "save_map_as")) c.ask(ShellCommand{SaveMapAs{}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Ctrl+Shift+S: under the name typed below (never over a file), or one "
        "chosen");
  }
  if (c.ui.can_choose_files) {
    ImGui::SameLine();
    if (c.ui.choosing_file) ImGui::BeginDisabled();
    if (button("Open map...", "open_map")) c.ask(ShellCommand{ChooseFile{FileChoice::map_to_open}});
    if (c.ui.choosing_file) ImGui::EndDisabled();
  }
  ImGui::SetNextItemWidth(-90.0f);
  const bool typed =
      ImGui::InputTextWithHint("##map_file", "a map file (.tsmap)", c.ui.map_text,
                               sizeof c.ui.map_text, ImGuiInputTextFlags_EnterReturnsTrue);
  note("##map_file", "map_text");
  ImGui::SameLine();
  if ((button("Open##map_file", "open_map_typed") || typed) && c.ui.map_text[0] != '\0') {
    std::string path = c.ui.map_text;
    if (!session::is_map_file_path(path)) path += session::kMapFileExtension;
    c.ask(OpenFile{path});
  }
  ImGui::TextDisabled("or drop a .tsmap file on the window");
  // The maps opened and saved lately: click one to open it; one whose file has gone can be
  // removed.
  for (std::size_t k = 0; k < c.ui.recent_maps.size(); k++) {
    const std::string& path = c.ui.recent_maps[k];
    const std::string name = std::filesystem::path(path).filename().string();
    char id[32];
    std::snprintf(id, sizeof id, "recent_%zu", k);
    ImGui::PushID(static_cast<int>(k));
    if (k < c.ui.recent_missing.size() && c.ui.recent_missing[k]) {
      ImGui::TextDisabled("%s (missing)", name.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s is not there any more", path.c_str());
      ImGui::SameLine();
      char remove_id[40];
      std::snprintf(remove_id, sizeof remove_id, "recent_remove_%zu", k);
      if (button("Remove", remove_id)) c.ask(ShellCommand{RemoveRecent{static_cast<int>(k)}});
    } else {
      if (button(name.c_str(), id)) c.ask(ShellCommand{OpenRecent{static_cast<int>(k)}});
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.c_str());
    }
    ImGui::PopID();
  }
}

// 6b. Brush: whether a drag paints, and with what.
constexpr sketch::Range kBrushRadius{kMinBrushRadius, kMaxBrushRadius, 0.5, 6};
constexpr sketch::Range kBrushStrength{0, 1, 0.01, 0.5};

void draw_brush_section(const PanelContext& c) {
  bool paint = c.ui.paint_mode;
  if (checkbox("Paint with the brush (P)", &paint)) c.ask(UiCommand{SetPaintMode{paint}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "A drag over the map paints (the middle button still pans); "
        "Ctrl+wheel sets the radius");
  }
  BrushSettings b = c.ui.brush;
  bool changed = false;
  static const char* const kTools[] = {"Raise",   "Lower",   "Smooth",
                                       "Flatten", "Roughen", "Rain here"};
  int tool = 0;
  while (kBrushTools[tool] != b.tool) tool++;
  if (combo(c.ui.drop_downs, "Tool", &tool, kTools, 6)) {
    b.tool = kBrushTools[tool];
    changed = true;
  }
  changed = slider("Radius##brush", b.radius, kBrushRadius, "%.1f cells") || changed;
  changed = slider("Strength##brush", b.strength, kBrushStrength, "%.2f") || changed;
  static const char* const kFalloffs[] = {"Smooth", "Linear", "Hard"};
  int falloff = 0;
  while (kBrushFalloffs[falloff] != b.falloff) falloff++;
  if (combo(c.ui.drop_downs, "Falloff", &falloff, kFalloffs, 3)) {
    b.falloff = kBrushFalloffs[falloff];
    changed = true;
  }
  if (changed) c.ask(UiCommand{SetBrush{b}});
}

}  // namespace

namespace {

// 8. Keys: the key table's list (keys.h) and the mouse's, each line's keys in a column as wide
// as the widest key, what they do beside them, both wrapped to the side bar's width.
void draw_help_table(const char* id, std::span<const std::array<const char*, 2>> rows) {
  if (!ImGui::BeginTable(id, 2)) return;
  ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed,
                          ImGui::CalcTextSize("Ctrl+Shift+Z,").x);
  ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch);
  for (const auto& [keys, does] : rows) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(keys);
    ImGui::TableSetColumnIndex(1);
    ImGui::TextUnformatted(does);
    ImGui::PopTextWrapPos();
  }
  ImGui::EndTable();
}

}  // namespace

void draw_keys_help() {
  // Made once: the key table and the count of schemes never change while the app runs.
  static const std::vector<KeyHelpLine> kLines =
      key_help(static_cast<int>(render::color_schemes().size()));
  static const std::vector<std::array<const char*, 2>> kRows = [] {
    std::vector<std::array<const char*, 2>> rows;
    for (const KeyHelpLine& line : kLines) rows.push_back({line.keys.c_str(), line.does.c_str()});
    return rows;
  }();
  draw_help_table("##keys", kRows);
  note("key_help");
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("(not while typing in a field)");
  ImGui::PopTextWrapPos();
  ImGui::Separator();
  draw_help_table("##mouse", kMouseHelp);
}

void draw_panel(const LiveModel& model, UiState& ui, const FrameStats& stats, const Layout& layout,
                float pixels_per_point, std::vector<Command>& commands) {
  using namespace session;
  auto ask = [&](Command command) { commands.push_back(std::move(command)); };
  const float ppp = pixels_per_point;
  g_controls = ui.note_controls ? &ui.controls : nullptr;
  g_commands = &commands;
  // Whether a drop-down is open, as this frame leaves it (combo() notes it; Esc's `close` is
  // carried out by the open one in this frame, and then done with).
  ui.drop_downs.open = false;
  if (layout.side_bar.empty()) {
    ui.drop_downs.close = false;
    // Hidden (H, or a window too narrow for it): a button over the map's corner brings it
    // back, so a newcomer in a small window finds the controls.
    ImGui::SetNextWindowPos(ImVec2(layout.map.left / ppp + 8, layout.map.top / ppp + 8));
    ImGui::SetNextWindowBgAlpha(0.75f);
    ImGui::Begin("##panel button", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                     ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove);
    if (button("Panel (H)", "panel")) ask(ShellCommand{TogglePanel{}});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the controls");
    ImGui::End();
    g_controls = nullptr;
    g_commands = nullptr;
    return;
  }
  const Settings s = model.settings();

  // The side bar: fixed at the window's left edge, as tall as the window; its width is the
  // splitter's.
  const float bar_width = layout.side_bar.width / ppp - kSplitterWidth;
  ImGui::SetNextWindowPos(ImVec2(layout.side_bar.left / ppp, layout.side_bar.top / ppp));
  ImGui::SetNextWindowSize(ImVec2(bar_width, layout.side_bar.height / ppp));
  ImGui::SetNextWindowBgAlpha(1.0f);
  const ImGuiWindowFlags bar_flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar |
                                     ImGuiWindowFlags_NoSavedSettings |
                                     ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("Terrain Sandbox", nullptr, bar_flags);
  // Labels keep about 120 points; the controls take the rest of the bar. Text wraps at the
  // bar's edge rather than running under it (a narrow window's bar is 216 pixels wide).
  ImGui::PushItemWidth(-120);
  ImGui::PushTextWrapPos(0.0f);
  const float item_width = ImGui::CalcItemWidth();  // a control's frame, without its label

  const PanelContext c{model, ui, s, layout, ppp, item_width, stats, commands};

  // 0. A map an earlier run left unsaved, offered back.
  if (!ui.recovery.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.35f, 1.0f), "%s", ui.recovery.c_str());
    ImGui::PopTextWrapPos();
    if (button("Bring it back", "recover")) ask(ShellCommand{Recover{true}});
    ImGui::SameLine();
    if (button("Not now", "decline_recovery")) ask(ShellCommand{Recover{false}});
    ImGui::Separator();
  }

  // 1. Actions, the seed and the rain's progress
  draw_actions(c);

  // 2. Rain: the sketch's sliders
  if (section("Rain", ImGuiTreeNodeFlags_DefaultOpen)) draw_rain_section(c);

  // 3. Ground: only the chosen generator's own setting is shown; or the file it came from.
  if (section("Ground", ImGuiTreeNodeFlags_DefaultOpen)) draw_ground_section(c);

  // 3b. History: every step since the session began; clicking one goes there.
  if (section("History", ImGuiTreeNodeFlags_DefaultOpen)) draw_history(model, ui, ask);

  // 4. Rivers, the sketch's and the "Drainage" API documentation's way
  if (section("Rivers")) draw_rivers_section(c);

  // 5. View: what the map shows, and where
  if (section("View", ImGuiTreeNodeFlags_DefaultOpen)) draw_view_section(c);

  // 6. Side view
  if (section("Side view", ImGuiTreeNodeFlags_DefaultOpen)) {
    draw_side_view_controls(ui.side, ui.drop_downs, ask);
  }

  // 6b. Brush
  if (section("Brush", ImGuiTreeNodeFlags_DefaultOpen)) draw_brush_section(c);

  // 7. Output
  if (section("Output", ImGuiTreeNodeFlags_DefaultOpen)) draw_output_section(c);

  // 7b. The map file
  if (section("Map file", ImGuiTreeNodeFlags_DefaultOpen)) draw_map_file_section(c);

  // 8. Frame times and keys
  if (section("Frame times")) draw_frame_times_section(c);
  if (section("Keys")) draw_keys_help();
  ImGui::PopTextWrapPos();
  ImGui::PopItemWidth();
  ImGui::End();
  ui.drop_downs.close = false;

  // The splitter: a thin handle at the bar's right edge; dragging it resizes the bar.
  ImGui::SetNextWindowPos(
      ImVec2(layout.side_bar.right() / ppp - kSplitterWidth, layout.side_bar.top / ppp));
  ImGui::SetNextWindowSize(ImVec2(kSplitterWidth, layout.side_bar.height / ppp));
  bool grabbed = false;
  const auto dragged = splitter("##side bar splitter", ImGuiMouseCursor_ResizeEW, true, grabbed);
  if (grabbed) ui.side_bar_grabbed_at = layout.side_bar.width;
  if (dragged && layout.side_bar.width != ui.side_bar_grabbed_at + *dragged * ppp) {
    ask(ShellCommand{ResizeSideBar{ui.side_bar_grabbed_at + *dragged * ppp}});
  }
  g_controls = nullptr;
  g_commands = nullptr;
}

void draw_status(const UiState& ui, const Layout& layout, float pixels_per_point) {
  const Message* m = ui.messages.current(ui.now);
  if (m == nullptr || layout.map.empty()) return;
  const float ppp = pixels_per_point;
  // Along the map's bottom edge, as wide as the map, over it: where the eye is.
  const float width = layout.map.width / ppp;
  ImGui::SetNextWindowPos(ImVec2(layout.map.left / ppp, layout.map.bottom() / ppp),
                          ImGuiCond_Always, ImVec2(0, 1));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, layout.map.height / ppp));
  ImGui::SetNextWindowBgAlpha(0.85f);
  ImGui::Begin("##status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs);
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(m->failed ? kErrorColour : kOkColour, "%s", m->text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::End();
}

void draw_work(UiState& ui, const Layout& layout, float pixels_per_point,
               std::vector<Command>& commands) {
  if (!ui.work || layout.map.empty()) return;
  g_controls = ui.note_controls ? &ui.controls : nullptr;
  const UiState::Work& w = *ui.work;
  const float ppp = pixels_per_point;
  const float width = std::min(layout.map.width / ppp, 520.0f);
  // Centred over the map, a line above its bottom edge (the status line's place).
  ImGui::SetNextWindowPos(
      ImVec2((layout.map.left + layout.map.width / 2) / ppp,
             layout.map.bottom() / ppp - 2.5f * ImGui::GetFrameHeightWithSpacing()),
      ImGuiCond_Always, ImVec2(0.5f, 1));
  ImGui::SetNextWindowSize(ImVec2(width, 0));
  ImGui::SetNextWindowBgAlpha(0.9f);
  ImGui::Begin("##work", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoNav);
  const double share =
      w.total > 0 ? std::min(1.0, static_cast<double>(w.done) / static_cast<double>(w.total)) : 0;
  // The time left, from the pace so far (once there is a pace to go by).
  char left[64] = "";
  const double spent = ui.now - w.since;
  if (w.done > 0 && spent > 1) {
    const auto seconds = static_cast<long>(spent * (1 - share) / share + 0.5);
    if (seconds >= 3600) {
      std::snprintf(left, sizeof left, ", about %ld h %02ld min left", seconds / 3600,
                    seconds / 60 % 60);
    } else {
      std::snprintf(left, sizeof left, ", about %ld:%02ld left", seconds / 60, seconds % 60);
    }
  }
  char done[32];
  char total[32];
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(w.what.c_str());
  ImGui::Text("%.*s of %.*s %s (%.*f%%)%s", static_cast<int>(with_thousands(w.done, done).size()),
              done, static_cast<int>(with_thousands(w.total, total).size()), total, w.unit,
              share < 0.1 ? 2 : 0, share * 100, left);
  ImGui::PopTextWrapPos();
  const float cancel_width = ImGui::CalcTextSize("Cancel").x + 2 * ImGui::GetStyle().FramePadding.x;
  ImGui::ProgressBar(
      static_cast<float>(share),
      ImVec2(ImGui::GetContentRegionAvail().x - cancel_width - ImGui::GetStyle().ItemSpacing.x, 0),
      "");
  ImGui::SameLine();
  if (button("Cancel", "work_cancel")) commands.push_back(UiCommand{CancelWork{}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Esc: stop it, and the map is as it was before it");
  }
  ImGui::End();
  g_controls = nullptr;
}

void draw_brush_cursor(const UiState& ui, const Layout& layout, float pixels_per_point,
                       bool surface) {
  if (!ui.paint_mode || ui.cell_pixels <= 0 || ui.quit_asked || !ui.open_asked.empty()) return;
  const glm::dvec2 at{ui.mouse[0], ui.mouse[1]};
  if (!layout.map_area().contains(at)) return;
  if (ImGui::GetIO().WantCaptureMouse && !ui.painting) return;  // over the panel
  // The pointer is the brush: its circle at the radius, a cross at its centre, dark under
  // light so it reads on any ground.
  ImGui::SetMouseCursor(ImGuiMouseCursor_None);
  const float ppp = pixels_per_point;
  const ImVec2 c(ui.mouse[0] / ppp, ui.mouse[1] / ppp);
  const auto r = static_cast<float>(ui.brush.radius * ui.cell_pixels / ppp);
  ImDrawList* d = ImGui::GetForegroundDrawList();
  // In the 3D view the circle lies on the ground (none over the sky).
  ImVec2 ring[UiState::kBrushRingPoints];
  for (int k = 0; k < ui.brush_ring_points; k++) {
    ring[k] = ImVec2(ui.brush_ring[static_cast<std::size_t>(2 * k)] / ppp,
                     ui.brush_ring[static_cast<std::size_t>(2 * k + 1)] / ppp);
  }
  for (const auto& [colour, width] :
       {std::pair{IM_COL32(0, 0, 0, 150), 3.5f}, std::pair{IM_COL32(255, 255, 255, 230), 1.5f}}) {
    if (!surface) {
      d->AddCircle(c, r, colour, 64, width);
    } else if (ui.brush_ring_points > 2) {
      d->AddPolyline(ring, ui.brush_ring_points, colour, ImDrawFlags_Closed, width);
    }
    d->AddLine(ImVec2(c.x - 5, c.y), ImVec2(c.x + 6, c.y), colour, width);
    d->AddLine(ImVec2(c.x, c.y - 5), ImVec2(c.x, c.y + 6), colour, width);
  }
}

namespace {

// The question a map with changes not saved asks before they go (quitting, or another map file
// opened in its place): Save, Don't save, Cancel as `answer`'s commands; a modal window in the
// middle of the display, with a field for the map file's name when the map has none. `names`:
// the controls' names' start ("quit", "open").
template <typename Answer>
void draw_unsaved_question(UiState& ui, std::vector<Command>& commands, const char* title,
                           bool asked, const char* names, const std::string& what_goes,
                           const char* discard_tip) {
  if (!asked) {
    if (ImGui::IsPopupOpen(title)) {
      // Cancelled by a key: the popup closes from inside itself.
      if (ImGui::BeginPopupModal(title)) {
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
      }
    }
    return;
  }
  g_controls = ui.note_controls ? &ui.controls : nullptr;
  if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
  // In the middle of the window, over everything, the rest dimmed and out of reach.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(440.0f, display.x - 16), 0));
  const std::string name = names;
  if (ImGui::BeginPopupModal(
          title, nullptr,
          ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::PushTextWrapPos(0);
    if (ui.map_path.empty()) {
      ImGui::Text(
          "This map has never been saved: its history and its rain are lost if you %s "
          "without saving it.",
          what_goes.c_str());
    } else {
      ImGui::Text(
          "%s has changes that are not saved: they are lost if you %s without saving "
          "them.",
          std::filesystem::path(ui.map_path).filename().string().c_str(), what_goes.c_str());
    }
    ImGui::PopTextWrapPos();
    if (ui.map_path.empty()) {
      // Where it goes: a name typed here (the Map file section's), else the chooser asks.
      ImGui::SetNextItemWidth(-1);
      const std::string field = "##" + name + "_map_name";
      ImGui::InputTextWithHint(field.c_str(),
                               ui.can_choose_files ? "a name, or leave empty to choose one"
                                                   : "the map file's name (.tsmap)",
                               ui.map_text, sizeof ui.map_text);
      note(field.c_str(), (name + "_map_name").c_str());
    }
    if (!ui.quit_problem.empty()) {
      ImGui::PushTextWrapPos(0);
      ImGui::TextColored(kErrorColour, "%s", ui.quit_problem.c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::Spacing();
    if (ui.choosing_file) ImGui::BeginDisabled();
    if (button("Save", (name + "_save").c_str())) {
      commands.push_back(ShellCommand{Answer{UnsavedAnswer::save}});
    }
    ImGui::SameLine();
    if (button("Don't save", (name + "_discard").c_str())) {
      commands.push_back(ShellCommand{Answer{UnsavedAnswer::discard}});
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", discard_tip);
    ImGui::SameLine();
    if (button("Cancel", (name + "_cancel").c_str())) {
      commands.push_back(ShellCommand{Answer{UnsavedAnswer::cancel}});
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Esc: back to the map");
    if (ui.choosing_file) ImGui::EndDisabled();
    ImGui::EndPopup();
  }
  g_controls = nullptr;
}

}  // namespace

void draw_quit_question(UiState& ui, std::vector<Command>& commands) {
  draw_unsaved_question<AnswerQuit>(ui, commands, "Quit Terrain Sandbox?##quit", ui.quit_asked,
                                    "quit", "quit", "Quit, and the map's changes are gone");
  if (ui.quit_asked) return;  // one question at a time
  const std::string file = std::filesystem::path(ui.open_asked).filename().string();
  draw_unsaved_question<AnswerOpen>(ui, commands, "Open another map?##open", !ui.open_asked.empty(),
                                    "open", "open " + file,
                                    "Open it, and this map's changes are gone");
}

namespace {

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

void draw_side_view_controls(const SideViewState& side, UiState::DropDowns& drop_downs,
                             const std::function<void(Command)>& ask) {
  const float item_width = ImGui::CalcItemWidth();
  bool shown = side.shown;
  if (checkbox("Show the strip (B)", &shown)) ask(UiCommand{ShowSideView{shown}});
  // (Not "Side view": the section's header has that label, and a label is Dear ImGui's ID.)
  int view = static_cast<int>(side.view);
  const char* views[] = {"Cross-section", "Skyline: random walk", "Skyline: sections"};
  if (combo(drop_downs, "Strip shows", &view, views, 3, "K steps through them")) {
    ask(UiCommand{SetSideView{static_cast<SideView>(view)}});
  }
  if (side.view == SideView::cross_section) {
    int row = render::cross_section_row(side.row, sketch::ROWS);
    if (ImGui::SliderInt("Row", &row, 0, sketch::ROWS - 1, "%d", ImGuiSliderFlags_AlwaysClamp)) {
      ask(UiCommand{SetSectionRow{row}});
    }
    note_frame("Row", item_width);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Or Shift+click the map");
    return;
  }
  // The skylines' own seed, apart from the map's.
  uint32_t seed = side.skyline_seed;
  if (ImGui::InputScalar("Skyline seed", ImGuiDataType_U32, &seed, nullptr, nullptr, "%u",
                         ImGuiInputTextFlags_EnterReturnsTrue)) {
    ask(UiCommand{SetSkylineSeed{seed}});
  }
  note_frame("Skyline seed", item_width);
  ImGui::SameLine();
  if (small_button("+1", "skyline_seed_plus_1")) {
    ask(UiCommand{SetSkylineSeed{side.skyline_seed + 1}});
  }
  if (side.view == SideView::walk) {
    RandomWalkParams p = side.walk;
    bool changed = false;
    changed |= slider("Height max", p.height_max, kWalkHeightMax, "%.0f");
    changed |= slider("Step max", p.step_max, kWalkStepMax, "%.2f");
    changed |= slider("Step change", p.step_change, kWalkStepChange, "%.2f");
    if (changed) ask(UiCommand{SetWalkParams{p}});
  } else {
    SectionParams p = side.sections;
    bool changed = false;
    changed |= slider("Height", p.height, kSectionHeight, "%.0f");
    changed |= slider("Shift", p.shift, kSectionShift, "%.0f");
    double v = p.sections;
    if (slider("Sections", v, kSectionCount, "%.0f")) {
      p.sections = static_cast<int>(v);
      changed = true;
    }
    v = p.sub;
    if (slider("Sub points", v, kSectionSub, "%.0f")) {
      p.sub = static_cast<int>(v);
      changed = true;
    }
    v = p.smooth_steps;
    if (slider("Smooth steps", v, kSectionSmooth, "%.0f")) {
      p.smooth_steps = static_cast<int>(v);
      changed = true;
    }
    if (changed) ask(UiCommand{SetSectionParams{p}});
  }
}

}  // namespace

}  // namespace terrain::app

namespace terrain::app {
namespace {

// The list: the start, then each step (an action with the rain after it, as undo takes it
// back); the one the map is at marked, the steps that undo left to redo greyed. What each
// step's action was is kept until the history's shape changes; its drops are written as it is
// drawn (the last step's grow every tick). Each label wraps to the list's width, so a long one
// is read whole: rows are as tall as their labels, measured once (UiState::row_heights), and
// only the rows in sight are drawn.
void draw_history(const LiveModel& model, UiState& ui, const std::function<void(Command)>& ask) {
  using namespace session;
  const History& history = model.history();
  const std::span<const HistoryStep> steps = history.steps();
  const bool new_shape = ui.labels_shape != history.shape_version();
  if (new_shape) {
    ui.step_labels.resize(steps.size());
    for (std::size_t k = 0; k < steps.size(); k++) {
      ui.step_labels[k] = step_action_label(history, k);
    }
    ui.labels_shape = history.shape_version();
  }
  const HistoryPosition at = history.position();
  const std::size_t done = history.steps_done(at);
  const bool inside = history.inside_step(at);
  const std::size_t current = inside ? done + 1 : done;  // the row the map is at
  const std::size_t rows = steps.size() + 1;
  const float row_height = ImGui::GetTextLineHeightWithSpacing();
  const float gap = ImGui::GetStyle().ItemSpacing.y;
  // The wheel scrolls the side bar even over the list (its scroll bar scrolls the list, and
  // it follows the step the map is at), so that scrolling the panel never sticks on it.
  ImGui::BeginChild("##history list", ImVec2(0, row_height * 7.5f), true,
                    ImGuiWindowFlags_NoScrollWithMouse);
  // The row's label (with its ID after "###"), and where its text ends.
  char text[512];
  const auto label = [&](std::size_t row) {
    int n = 0;
    if (row == 0) {
      n = std::snprintf(text, sizeof text, "%s###step0", start_label(history).c_str());
    } else {
      const uint64_t drops = step_drops(history, row - 1);
      char count[32];
      const std::string_view drops_text = with_thousands(drops, count);
      const std::string& action = ui.step_labels[row - 1];
      if (steps[row - 1].kind == StepKind::rain) {
        n = std::snprintf(text, sizeof text, "Rain: %.*s drops###step%zu",
                          static_cast<int>(drops_text.size()), drops_text.data(), row);
      } else if (drops > 0) {
        n = std::snprintf(text, sizeof text, "%s + %.*s drops###step%zu", action.c_str(),
                          static_cast<int>(drops_text.size()), drops_text.data(), row);
      } else {
        n = std::snprintf(text, sizeof text, "%s###step%zu", action.c_str(), row);
      }
    }
    const char* end = std::strstr(text, "###");
    return end != nullptr
               ? end
               : text + std::min<std::size_t>(static_cast<std::size_t>(n), sizeof text - 1);
  };
  const float wrap = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  const auto measure = [&](std::size_t row) {
    const char* end = label(row);
    return ImGui::CalcTextSize(text, end, false, wrap).y;
  };
  if (new_shape || wrap != ui.rows_width || ui.row_heights.size() != rows) {
    // Another width (the list's scroll bar come or gone, the side bar resized) makes other
    // heights: the step the map is at is scrolled to again, with them.
    if (wrap != ui.rows_width) ui.listed_steps = ~std::size_t{0};
    ui.row_heights.resize(rows);
    for (std::size_t r = 0; r < rows; r++) ui.row_heights[r] = measure(r);
    ui.rows_width = wrap;
  }
  // The rows in sight: from the scroll's top to the list's bottom.
  const float top = ImGui::GetScrollY();
  const float bottom = top + ImGui::GetWindowHeight();
  float y = ImGui::GetCursorPosY();
  const float start = y;
  float current_y = y;
  for (std::size_t r = 0; r < rows; r++) {
    const float pitch = ui.row_heights[r] + gap;
    if (r == current) current_y = y;
    if (y + pitch < top || y > bottom) {
      y += pitch;
      continue;
    }
    ImGui::SetCursorPosY(y);
    const char* end = label(r);
    // A rain row's count grows, and may take another line: measured as it is drawn.
    ui.row_heights[r] = ImGui::CalcTextSize(text, end, false, wrap).y;
    const bool undone = r > current;
    if (undone)
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    const ImVec2 corner = ImGui::GetCursorScreenPos();
    // The Selectable shows no text of its own (its label is only the ID after "###"): the
    // label is written over it, wrapped.
    if (ImGui::Selectable(end, r == current, 0, ImVec2(0, ui.row_heights[r]))) {
      ask(HistoryCommand{GoToStep{r}});
    }
    char name[32];
    std::snprintf(name, sizeof name, "step%zu", r);
    note(text, name);
    ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), corner,
                                        ImGui::GetColorU32(ImGuiCol_Text), text, end, wrap);
    if (undone) ImGui::PopStyleColor();
    if (r == current && inside && ImGui::IsItemHovered()) {
      ImGui::SetTooltip("The timeline stopped inside this step");
    }
    y += ui.row_heights[r] + gap;
  }
  // The list's whole height, for the scroll bar.
  ImGui::SetCursorPosY(y);
  ImGui::Dummy(ImVec2(0, 0));
  // A new step scrolls the list to it (and so does another width, above).
  if (steps.size() != ui.listed_steps) {
    ImGui::SetScrollY(std::max(0.0f, current_y - start - ImGui::GetWindowHeight() / 2));
    ui.listed_steps = steps.size();
  }
  ImGui::EndChild();
}

}  // namespace

void draw_timeline(const LiveModel& model, UiState& ui, const Layout& layout,
                   float pixels_per_point, std::vector<Command>& commands) {
  if (layout.timeline.empty()) return;
  const float ppp = pixels_per_point;
  g_controls = ui.note_controls ? &ui.controls : nullptr;
  const session::Timeline& t = model.history().timeline();
  ImGui::SetNextWindowPos(ImVec2(layout.timeline.left / ppp, layout.timeline.top / ppp));
  ImGui::SetNextWindowSize(ImVec2(layout.timeline.width / ppp, layout.timeline.height / ppp));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 2));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  ImGui::Begin("##timeline", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  // What it says, at a glance: the drops now of the map's life so far.
  char now[32];
  char total[32];
  char text[96];
  const std::string_view now_text = with_thousands(t.now, now);
  const std::string_view total_text = with_thousands(t.total, total);
  std::snprintf(text, sizeof text, "Drop %.*s of %.*s", static_cast<int>(now_text.size()),
                now_text.data(), static_cast<int>(total_text.size()), total_text.data());
  ImGui::SetNextItemWidth(-1);
  const ImVec2 frame_min = ImGui::GetCursorScreenPos();
  const float frame_width = ImGui::CalcItemWidth();
  uint64_t value = t.now;
  const uint64_t zero = 0;
  const uint64_t most = std::max<uint64_t>(t.total, 1);
  if (t.total == 0) ImGui::BeginDisabled();
  // (The text has no '%': ImGui shows it as it is, in place of the value.)
  if (ImGui::SliderScalar("##timeline slider", ImGuiDataType_U64, &value, &zero, &most, text,
                          ImGuiSliderFlags_AlwaysClamp) &&
      value != t.now && value <= t.total) {
    commands.push_back(session::HistoryCommand{session::Seek{value}});
  }
  if (t.total == 0) ImGui::EndDisabled();
  note("##timeline slider", "timeline");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(
        "The rain since the map's last new start: drag to see the map at any drop\n"
        "(Play rains on from there). [ and ] step 1%%; marks are steps taken");
  }
  // The steps taken along the way, marked where the slider's grab would stand for them.
  if (t.total > 0) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float pad = 2.0f;  // ImGui's slider keeps this inside its frame
    const float grab = style.GrabMinSize;
    const float usable = frame_width - 2 * pad - grab;
    const float height = ImGui::GetFrameHeight();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    for (const uint64_t mark : t.marks) {
      const float x =
          frame_min.x + pad + grab / 2 +
          usable * static_cast<float>(static_cast<double>(mark) / static_cast<double>(t.total));
      // A notch at the top and the bottom edge: the count's text in the middle stays clear.
      const float notch = std::max(3.0f, height * 0.3f);
      draw->AddLine(ImVec2(x, frame_min.y), ImVec2(x, frame_min.y + notch),
                    IM_COL32(255, 200, 80, 230), 2.0f);
      draw->AddLine(ImVec2(x, frame_min.y + height - notch), ImVec2(x, frame_min.y + height),
                    IM_COL32(255, 200, 80, 230), 2.0f);
    }
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
  g_controls = nullptr;
}

}  // namespace terrain::app
