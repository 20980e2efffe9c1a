// The panel, top to bottom:
//   1. actions: play/pause, restart, new seed, save PNG, fullscreen
//   2. seed field and its message; the rain's progress towards RAIN_TARGET
//   3. the sketch's sliders, each snapped to its step as the web page reads it
//   4. the ground: its generator, and the generator's own setting
//   5. colour scheme, the view, show rivers / lakes / original terrain / debug mode
//   6. the rivers the "Drainage" API documentation's way: stroked by, minimum flow, routing
//   7. save folder and the last save's message
//   8. frame times; keyboard shortcuts
// And the cell readout, a window of its own at the map's corner.
#include "app/panel.h"

#include <imgui.h>

#include <cstdio>
#include <cstring>
#include <utility>

#include "app/keys.h"
#include "core/number_text.h"
#include "session/controls.h"

namespace terrain::app {

using session::LiveModel;
using session::Settings;
namespace {

void remember_rect(float (&rect)[4]) {
  const ImVec2 a = ImGui::GetItemRectMin();
  const ImVec2 b = ImGui::GetItemRectMax();
  rect[0] = a.x;
  rect[1] = a.y;
  rect[2] = b.x - a.x;
  rect[3] = b.y - a.y;
}

// A slider over the sketch's range: ImGui's value is snapped to the step (0.35, not
// 0.05 * 7) before the model sees it. `typed_max` lets Ctrl+click type past the slider's
// end (the drops per frame: native code rains faster than the sketch's 1000).
bool slider(const char* label, double& value, const sketch::Range& range, const char* format,
            double typed_max = 0) {
  double edited = value;
  const ImGuiSliderFlags flags = typed_max > range.max ? 0 : ImGuiSliderFlags_AlwaysClamp;
  ImGui::SliderScalar(label, ImGuiDataType_Double, &edited, &range.min, &range.max, format, flags);
  if (edited == value) return false;
  sketch::Range typed = range;
  if (typed_max > range.max) typed.max = typed_max;
  const double snapped = session::snap_to_step(edited, typed);
  if (snapped == value) return false;
  value = snapped;
  return true;
}

}  // namespace

void draw_readout(const LiveModel& model, const UiState& ui) {
  if (!ui.hover) return;
  const session::CellReadout c = session::read_cell(model, ui.hover->x, ui.hover->y);
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x - 10,
                                 viewport->WorkPos.y + viewport->WorkSize.y - 10),
                          ImGuiCond_Always, ImVec2(1, 1));
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

void show_seed(UiState& ui, uint32_t seed) {
  std::snprintf(ui.seed_text, sizeof ui.seed_text, "%u", seed);
}

void draw_panel(const LiveModel& model, UiState& ui, const FrameStats& stats,
                std::vector<Command>& commands) {
  using namespace session;
  if (!ui.panel_visible) return;
  auto ask = [&](Command command) { commands.push_back(std::move(command)); };
  const Settings s = model.settings();

  ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(330, 0), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(0.88f);
  ImGui::Begin("Terrain Sandbox", nullptr, ImGuiWindowFlags_AlwaysAutoResize);

  // 1. Actions
  if (ImGui::Button(model.playing() ? "Pause" : "Play", ImVec2(60, 0)))
    ask(ViewCommand{TogglePlay{}});
  ImGui::SameLine();
  if (ImGui::Button("Restart")) ask(MapCommand{Restart{}});
  ImGui::SameLine();
  if (ImGui::Button("New seed")) ask(UiCommand{NewSeed{}});
  ImGui::SameLine();
  if (ImGui::Button("Save PNG")) ask(UiCommand{SavePng{}});
  remember_rect(ui.save_rect);
  if (ImGui::Button(ui.fullscreen ? "Leave fullscreen" : "Fullscreen")) {
    ask(UiCommand{ToggleFullscreen{}});
  }

  // 2. Seed and progress
  ImGui::SetNextItemWidth(140);
  const bool entered =
      ImGui::InputText("Seed", ui.seed_text, sizeof ui.seed_text,
                       ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CharsNoBlank);
  const bool editing = ImGui::IsItemActive();
  remember_rect(ui.seed_rect);
  if (entered) {
    std::string why;
    const auto seed = session::parse_seed(ui.seed_text, &why);
    if (seed) {
      ui.seed_message.clear();
      ask(MapCommand{SetSeed{*seed}});
    } else {
      ui.seed_message = why;  // and nothing changes
    }
  } else if (!editing && ui.seed_message.empty()) {
    show_seed(ui, model.seed());
  }
  if (!ui.seed_message.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.35f, 1.0f), "%s", ui.seed_message.c_str());
  }
  char done[32];
  char target[32];
  const std::string_view done_text = with_thousands(model.drops(), done);
  const std::string_view target_text =
      with_thousands(static_cast<uint64_t>(sketch::RAIN_TARGET), target);
  char overlay[80];
  std::snprintf(overlay, sizeof overlay, "%.*s / %.*s drops", static_cast<int>(done_text.size()),
                done_text.data(), static_cast<int>(target_text.size()), target_text.data());
  ImGui::ProgressBar(static_cast<float>(model.progress()), ImVec2(-1, 0), overlay);

  // 3. The sketch's sliders
  ImGui::Separator();
  double v = s.drops_per_frame;
  if (slider("Drops per frame", v, sketch::drops_per_frame, "%.0f", session::kMaxDropsPerFrame)) {
    ask(MapCommand{SetDropsPerFrame{static_cast<int>(v)}});
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ctrl+click to type up to 10000");
  v = s.erosion;
  if (slider("Erosion", v, sketch::erosion, "%.2f")) ask(MapCommand{SetErosion{v}});
  v = s.deposition;
  if (slider("Deposition", v, sketch::deposition, "%.2f")) ask(MapCommand{SetDeposition{v}});
  v = s.inertia;
  if (slider("Inertia", v, sketch::inertia, "%.2f")) ask(MapCommand{SetInertia{v}});
  v = s.brush_radius;
  if (slider("Brush radius", v, sketch::brush_radius, "%.0f")) {
    ask(MapCommand{SetBrushRadius{static_cast<int>(v)}});
  }
  v = s.sea_level;
  if (slider("Sea level", v, sketch::sea_level, "%.2f")) ask(MapCommand{SetSeaLevel{v}});
  v = s.contour_levels;
  if (slider("Contour levels", v, sketch::contour_levels, "%.0f")) {
    ask(ViewCommand{SetContourLevels{static_cast<int>(v)}});
  }

  // 4. The ground: only the chosen generator's own setting is shown.
  ImGui::Separator();
  int generator = s.generator == Generator::island ? 0 : 1;
  const char* generators[] = {"Noise island", "Diamond-square"};
  if (ImGui::Combo("Ground", &generator, generators, 2)) {
    ask(MapCommand{SetGenerator{generator == 0 ? Generator::island : Generator::diamond_square}});
  }
  if (s.generator == Generator::island) {
    v = s.terrain_scale;
    if (slider("Terrain scale", v, sketch::terrain_scale, "%.3f"))
      ask(MapCommand{SetTerrainScale{v}});
  } else {
    v = s.roughness;
    if (slider("Roughness", v, session::kRoughness, "%.2f")) ask(MapCommand{SetRoughness{v}});
  }

  // 5. Scheme, view and toggles
  ImGui::Separator();
  const auto schemes = render::color_schemes();
  const char* current = schemes[static_cast<std::size_t>(ui.scheme)].label.c_str();
  if (ImGui::BeginCombo("Colour scheme", current)) {
    for (std::size_t k = 0; k < schemes.size(); k++) {
      const bool selected = static_cast<int>(k) == ui.scheme;
      if (ImGui::Selectable(schemes[k].label.c_str(), selected))
        ask(UiCommand{SetScheme{static_cast<int>(k)}});
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  int view = static_cast<int>(s.view);
  const char* views[] = {"Map", "Basins", "Flow"};
  if (ImGui::Combo("View", &view, views, 3)) {
    ask(ViewCommand{SetView{kMapViews[static_cast<std::size_t>(view)]}});
  }
  bool on = s.show_rivers;
  if (ImGui::Checkbox("Show rivers", &on)) ask(ViewCommand{ShowRivers{on}});
  ImGui::SameLine();
  on = s.show_lakes;
  if (ImGui::Checkbox("Show lakes", &on)) ask(ViewCommand{ShowLakes{on}});
  on = s.show_original;
  if (ImGui::Checkbox("Show original terrain", &on)) ask(ViewCommand{ShowOriginal{on}});
  on = s.debug_mode;
  if (ImGui::Checkbox("Debug mode", &on)) ask(ViewCommand{SetDebugMode{on}});

  // 6. Rivers the "Drainage" API documentation's way
  ImGui::Separator();
  int by = s.rivers_by == RiversBy::flow ? 0 : 1;
  ImGui::TextUnformatted("Rivers by");
  ImGui::SameLine();
  if (ImGui::RadioButton("flow", &by, 0)) ask(ViewCommand{SetRiversBy{RiversBy::flow}});
  ImGui::SameLine();
  if (ImGui::RadioButton("Strahler order", &by, 1)) {
    ask(ViewCommand{SetRiversBy{RiversBy::order}});
  }
  int min_flow = s.min_flow;
  // The slider's own range is the useful one; Ctrl+click types any minimum up to the cells.
  ImGui::SliderInt("Min flow", &min_flow, kMinFlowSliderMin, kMinFlowSliderMax, "%d cells",
                   ImGuiSliderFlags_Logarithmic);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Cells draining through a cell for it to be river (the sketch's: 250).\n"
        "Ctrl+click to type 1 to %d",
        kMinFlowMax);
  }
  // A typed value out of range goes to the session too, which refuses it with a message.
  if (min_flow != s.min_flow) ask(ViewCommand{SetMinFlow{min_flow}});
  int routing = s.routing == Routing::sketch ? 0 : 1;
  const char* routings[] = {"Sketch's", "Flood's"};
  if (ImGui::Combo("Routing", &routing, routings, 2)) {
    ask(ViewCommand{SetRouting{routing == 0 ? Routing::sketch : Routing::flood}});
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Sketch's: steepest descent over the filled ground and its ripple.\n"
        "Flood's: through filled hollows along the links the flood came by.");
  }

  // 7. Saving
  ImGui::Separator();
  ImGui::SetNextItemWidth(-90);
  ImGui::InputText("Save folder", ui.folder_text, sizeof ui.folder_text);
  remember_rect(ui.folder_rect);
  if (!ui.message.empty()) {
    const ImVec4 colour =
        ui.message_failed ? ImVec4(1.0f, 0.45f, 0.35f, 1.0f) : ImVec4(0.6f, 0.85f, 0.6f, 1.0f);
    ImGui::PushTextWrapPos(320);
    ImGui::TextColored(colour, "%s", ui.message.c_str());
    ImGui::PopTextWrapPos();
  }

  // 8. Frame times and keys
  ImGui::Separator();
  ImGui::Text("Frame, CPU ms: %.2f", stats.recent_median(Stage::cpu_side));
  ImGui::Text("rain %.2f  rivers %.2f  contours %.2f  drawing %.2f",
              stats.recent_median(Stage::rain), stats.recent_median(Stage::rivers),
              stats.recent_median(Stage::contours), stats.recent_median(Stage::drawing));
  ImGui::TextDisabled("painting %.1f ms, GL %.1f ms CPU, swap %.1f ms",
                      stats.recent_median(Stage::painting), stats.recent_median(Stage::gl),
                      stats.recent_median(Stage::swap));
  ImGui::TextDisabled("%.0f fps, relief in %s precision", ImGui::GetIO().Framerate,
                      ui.exact_relief ? "double" : "single");
  ImGui::TextDisabled("map painted by the %s", ui.cpu_painter ? "CPU" : "GPU");
  if (ImGui::CollapsingHeader("Keys")) {
    ImGui::TextUnformatted(kKeyHelp);
  }
  ImGui::End();
}

}  // namespace terrain::app
