// What the panel draws over the map (panel.h), apart from the side bar (panel.cpp):
//   the readout    the cell under the pointer, in a small window beside it
//   the strip      the side view under the map, its splitter, and the cut's row on the map
//   the timeline   the scrubber over the map's drops, its steps marked
//   the status     the latest message along the map's bottom edge
//   long work      its progress, time left and Cancel
//   the brush      the pointer in paint mode, on the ground in 3D
//   the question   Save, Don't save, Cancel before the map's changes would go
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>

#include "app/panel/panel.h"
#include "app/panel/panel_widgets.h"
#include "core/number_text.h"
#include "render/geometry/side_view.h"

namespace terrain::app {

using namespace panel_widgets;

void draw_readout(const LiveModel& model, const ShellState& shell, const Layout& layout,
                  float pixels_per_point) {
  if (!shell.hover) return;
  const session::CellReadout c = session::read_cell(model, shell.hover->x, shell.hover->y);
  // Beside the pointer, below and to its right, or on the other side of it where the map's
  // edge is near: it follows the eye and never sits on one part of the map for good.
  const float ppp = pixels_per_point;
  const float x = shell.mouse[0] / ppp;
  const float y = shell.mouse[1] / ppp;
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

void draw_side_view(const PanelFrame& f, const Frame& map_frame, SideViewCache& cache) {
  const LiveModel& model = f.model;
  const UiState& ui = f.ui;
  const Layout& layout = f.layout;
  if (!ui.side.shown || layout.strip.empty()) return;
  const float ppp = f.ppp;
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
  float& grabbed_at = f.panel.strip_grabbed_at;
  if (grabbed) grabbed_at = layout.strip.height;
  if (dragged && layout.strip.height != grabbed_at - *dragged * ppp) {
    f.ask(ShellCommand{ResizeStrip{grabbed_at - *dragged * ppp}});
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

void draw_timeline(const PanelFrame& f) {
  const Layout& layout = f.layout;
  if (layout.timeline.empty()) return;
  const float ppp = f.ppp;
  const session::Timeline& t = f.model.history().timeline();
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
    f.ask(session::HistoryCommand{session::Seek{value}});
  }
  if (t.total == 0) ImGui::EndDisabled();
  note(f, "##timeline slider", "timeline");
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
}

void draw_status(const ShellState& shell, const Layout& layout, float pixels_per_point) {
  const Message* m = shell.messages.current(shell.now);
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

void draw_work(const PanelFrame& f) {
  const ShellState& shell = f.shell;
  const Layout& layout = f.layout;
  if (!shell.work || layout.map.empty()) return;
  const ShellState::Work& w = *shell.work;
  const float ppp = f.ppp;
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
  const double spent = shell.now - w.since;
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
  if (button(f, "Cancel", "work_cancel")) f.ask(UiCommand{CancelWork{}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Esc: stop it, and the map is as it was before it");
  }
  ImGui::End();
}

void draw_brush_cursor(const UiState& ui, const ShellState& shell, const Layout& layout,
                       float pixels_per_point, bool surface) {
  if (!ui.paint_mode || ui.cell_pixels <= 0 || shell.quit_asked || !shell.open_asked.empty())
    return;
  const glm::dvec2 at{shell.mouse[0], shell.mouse[1]};
  if (!layout.map_area().contains(at)) return;
  if (ImGui::GetIO().WantCaptureMouse && !ui.painting) return;  // over the panel
  // The pointer is the brush: its circle at the radius, a cross at its centre, dark under
  // light so it reads on any ground.
  ImGui::SetMouseCursor(ImGuiMouseCursor_None);
  const float ppp = pixels_per_point;
  const ImVec2 c(shell.mouse[0] / ppp, shell.mouse[1] / ppp);
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
// The question's words, and where the map goes when it has no file: a name typed here (the Map
// file section's), else the chooser asks.
void draw_unsaved_words(const PanelFrame& f, const std::string& name,
                        const std::string& what_goes) {
  const UiState& ui = f.ui;
  const ShellState& shell = f.shell;
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
    ImGui::SetNextItemWidth(-1);
    const std::string field = "##" + name + "_map_name";
    typed_path_field(f, field.c_str(),
                     shell.can_choose_files ? "a name, or leave empty to choose one"
                                            : "the map file's name (.tsmap)",
                     TypedField::map_name);
    note(f, field.c_str(), (name + "_map_name").c_str());
  }
  if (!shell.quit_problem.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kErrorColour, "%s", shell.quit_problem.c_str());
    ImGui::PopTextWrapPos();
  }
}

// The question a map with changes not saved asks before they go (quitting, or another map file
// opened in its place): Save, Don't save, Cancel as `Answer`'s commands; a modal window in the
// middle of the display. `names`: the controls' names' start ("quit", "open").
template <typename Answer>
void draw_unsaved_question(const PanelFrame& f, const char* title, bool asked, const char* names,
                           const std::string& what_goes, const char* discard_tip) {
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
  if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
  // In the middle of the window, over everything, the rest dimmed and out of reach.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(440.0f, display.x - 16), 0));
  if (!ImGui::BeginPopupModal(
          title, nullptr,
          ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings)) {
    return;
  }
  const std::string name = names;
  draw_unsaved_words(f, name, what_goes);
  ImGui::Spacing();
  if (f.shell.choosing_file) ImGui::BeginDisabled();
  if (button(f, "Save", (name + "_save").c_str())) f.ask(ShellCommand{Answer{UnsavedAnswer::save}});
  ImGui::SameLine();
  if (button(f, "Don't save", (name + "_discard").c_str())) {
    f.ask(ShellCommand{Answer{UnsavedAnswer::discard}});
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", discard_tip);
  ImGui::SameLine();
  if (button(f, "Cancel", (name + "_cancel").c_str())) {
    f.ask(ShellCommand{Answer{UnsavedAnswer::cancel}});
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Esc: back to the map");
  if (f.shell.choosing_file) ImGui::EndDisabled();
  ImGui::EndPopup();
}

}  // namespace

void draw_quit_question(const PanelFrame& f) {
  const ShellState& shell = f.shell;
  draw_unsaved_question<AnswerQuit>(f, "Quit Terrain Sandbox?##quit", shell.quit_asked, "quit",
                                    "quit", "Quit, and the map's changes are gone");
  if (shell.quit_asked) return;  // one question at a time
  const std::string file = std::filesystem::path(shell.open_asked).filename().string();
  draw_unsaved_question<AnswerOpen>(f, "Open another map?##open", !shell.open_asked.empty(), "open",
                                    "open " + file, "Open it, and this map's changes are gone");
}

}  // namespace terrain::app
