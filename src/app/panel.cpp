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
//   7. Output: save folder, the exports (heightmaps, the hydrology's pictures, the grids) and
//      the last save's or open's message
//   8. Frame times; Keys
// And the cell readout, a window of its own at the map's corner.
#include "app/panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <utility>

#include "app/keys.h"
#include "core/number_text.h"
#include "render/geometry/side_view.h"
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
void draw_side_view_controls(const SideViewState& side, const std::function<void(Command)>& ask);

}  // namespace

void draw_readout(const LiveModel& model, const UiState& ui, const Layout& layout,
                  float pixels_per_point) {
  if (!ui.hover) return;
  const session::CellReadout c = session::read_cell(model, ui.hover->x, ui.hover->y);
  ImGui::SetNextWindowPos(ImVec2(layout.map.right() / pixels_per_point - 10,
                                 layout.map.bottom() / pixels_per_point - 10),
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

void draw_side_view(const LiveModel& model, UiState& ui, const Layout& layout,
                    float pixels_per_point, const Frame& map_frame, SideViewCache& cache,
                    std::vector<Command>& commands) {
  if (!ui.side.shown || layout.strip.empty()) return;
  const float ppp = pixels_per_point;
  const render::ColorScheme& scheme = render::color_schemes()[static_cast<std::size_t>(ui.scheme)];
  const Frame frame = screen_frame(map_frame, ImVec2(0, 0), ppp);
  if (ui.side.view == SideView::cross_section) {
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
  if (grabbed) ui.strip_grabbed_at = ui.side.height;
  if (dragged && ui.side.height != ui.strip_grabbed_at - *dragged * ppp) {
    commands.push_back(UiCommand{ResizeStrip{ui.strip_grabbed_at - *dragged * ppp}});
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

void draw_panel(const LiveModel& model, UiState& ui, const FrameStats& stats, const Layout& layout,
                float pixels_per_point, std::vector<Command>& commands) {
  using namespace session;
  if (!ui.panel_visible || layout.side_bar.empty()) return;
  auto ask = [&](Command command) { commands.push_back(std::move(command)); };
  const Settings s = model.settings();
  const float ppp = pixels_per_point;

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
  // Labels keep about 120 points; the controls take the rest of the bar.
  ImGui::PushItemWidth(-120);

  // 1. Actions, the seed and the rain's progress
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
  // The rest of the rain at full speed; the map jumps to it when it is done.
  const bool can_finish = !model.finishing() && s.drops_per_frame > 0 &&
                          model.drops() < static_cast<uint64_t>(sketch::RAIN_TARGET);
  if (!can_finish) ImGui::BeginDisabled();
  if (ImGui::Button(model.finishing() ? "Finishing the rain..." : "Finish the rain now")) {
    ask(ViewCommand{FinishRain{}});
  }
  if (!can_finish) ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(
        "The drops left to %s at full speed (G); the map is then as live rain leaves it",
        target_text.data());
  }

  // 2. Rain: the sketch's sliders
  if (ImGui::CollapsingHeader("Rain", ImGuiTreeNodeFlags_DefaultOpen)) {
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
  }

  // 3. Ground: only the chosen generator's own setting is shown; or the file it came from.
  if (ImGui::CollapsingHeader("Ground", ImGuiTreeNodeFlags_DefaultOpen)) {
    if (const auto& file = model.ground_file()) {
      ImGui::Text("From %s (%s)", file->name.c_str(), ground_fit_name(file->fit).data());
      ImGui::TextDisabled("The generator's controls grow a ground again.");
    }
    int generator = s.generator == Generator::island ? 0 : 1;
    const char* generators[] = {"Noise island", "Diamond-square"};
    if (ImGui::Combo("Generator", &generator, generators, 2)) {
      ask(MapCommand{SetGenerator{generator == 0 ? Generator::island : Generator::diamond_square}});
    }
    double v = 0;
    if (s.generator == Generator::island) {
      v = s.terrain_scale;
      if (slider("Terrain scale", v, sketch::terrain_scale, "%.3f"))
        ask(MapCommand{SetTerrainScale{v}});
    } else {
      v = s.roughness;
      if (slider("Roughness", v, session::kRoughness, "%.2f")) ask(MapCommand{SetRoughness{v}});
    }
    // Your own ground: a heightmap, typed here or dropped on the window.
    ImGui::SetNextItemWidth(-90);
    const bool typed =
        ImGui::InputTextWithHint("##heightmap", "a heightmap file", ui.open_text,
                                 sizeof ui.open_text, ImGuiInputTextFlags_EnterReturnsTrue);
    remember_rect(ui.open_text_rect);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("A heightmap: .png (8 or 16-bit, gray or colour), .exr, .tif or .npy");
    }
    ImGui::SameLine();
    if ((ImGui::Button("Open") || typed) && ui.open_text[0] != '\0') {
      ask(OpenFile{ui.open_text});
    }
    remember_rect(ui.open_rect);
    int fit = ui.ground_fit == GroundFit::crop ? 0 : 1;
    ImGui::TextUnformatted("Fit");
    ImGui::SameLine();
    if (ImGui::RadioButton("crop", &fit, 0)) ask(UiCommand{SetGroundFit{GroundFit::crop}});
    ImGui::SameLine();
    if (ImGui::RadioButton("stretch", &fit, 1)) ask(UiCommand{SetGroundFit{GroundFit::stretch}});
    ImGui::TextDisabled("or drop a heightmap on the window");
  }

  // 4. Rivers, the sketch's and the "Drainage" API documentation's way
  if (ImGui::CollapsingHeader("Rivers")) {
    bool on = s.show_rivers;
    if (ImGui::Checkbox("Show rivers", &on)) ask(ViewCommand{ShowRivers{on}});
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
  }

  // 5. View: what the map shows, and where
  if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) {
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
    double v = s.contour_levels;
    if (slider("Contour levels", v, sketch::contour_levels, "%.0f")) {
      ask(ViewCommand{SetContourLevels{static_cast<int>(v)}});
    }
    int view = static_cast<int>(s.view);
    const char* views[] = {"Map", "Basins", "Flow"};
    if (ImGui::Combo("View", &view, views, 3)) {
      ask(ViewCommand{SetView{kMapViews[static_cast<std::size_t>(view)]}});
    }
    bool on = s.show_lakes;
    if (ImGui::Checkbox("Show lakes", &on)) ask(ViewCommand{ShowLakes{on}});
    ImGui::SameLine();
    on = s.debug_mode;
    if (ImGui::Checkbox("Debug mode", &on)) ask(ViewCommand{SetDebugMode{on}});
    on = s.show_original;
    if (ImGui::Checkbox("Show original terrain", &on)) ask(ViewCommand{ShowOriginal{on}});
    // Zoom about the map's middle (the wheel zooms about the pointer).
    float zoom = static_cast<float>(ui.zoom);
    if (ImGui::SliderFloat("Zoom", &zoom, 1.0f, 16.0f, "%.2fx",
                           ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp) &&
        zoom != static_cast<float>(ui.zoom)) {
      ask(UiCommand{ZoomAt{zoom / ui.zoom, layout.map.left + layout.map.width / 2,
                           layout.map.top + layout.map.height / 2}});
    }
    if (ui.at_fit) ImGui::BeginDisabled();
    if (ImGui::Button("Fit map")) ask(UiCommand{FitMap{}});
    if (ui.at_fit) ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextDisabled("wheel zooms, drag pans, Home fits");
  }

  // 6. Side view
  if (ImGui::CollapsingHeader("Side view", ImGuiTreeNodeFlags_DefaultOpen)) {
    draw_side_view_controls(ui.side, ask);
  }

  // 7. Output
  if (ImGui::CollapsingHeader("Output", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::SetNextItemWidth(-90);
    ImGui::InputText("Save folder", ui.folder_text, sizeof ui.folder_text);
    remember_rect(ui.folder_rect);
    // The exports: what leaves the sandbox for other tools.
    constexpr io::HeightmapFormat formats[] = {io::HeightmapFormat::png, io::HeightmapFormat::r16,
                                               io::HeightmapFormat::exr, io::HeightmapFormat::tiff,
                                               io::HeightmapFormat::npy};
    const char* format_labels[] = {"16-bit PNG", "R16 (raw)", "EXR (float)", "TIFF (float)",
                                   "NumPy .npy"};
    int format = 0;
    for (int k = 0; k < 5; k++) {
      if (formats[k] == ui.export_format) format = k;
    }
    if (ImGui::Combo("Heights as", &format, format_labels, 5)) {
      ask(UiCommand{SetExportFormat{formats[format]}});
    }
    if (ImGui::Button("Export heights")) ask(UiCommand{ExportHeightmap{false}});
    remember_rect(ui.export_heights_rect);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The ground after the rain");
    ImGui::SameLine();
    if (ImGui::Button("Export original")) ask(UiCommand{ExportHeightmap{true}});
    remember_rect(ui.export_original_rect);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The ground before the rain");
    if (ImGui::Button("Export layers")) ask(UiCommand{ExportLayers{}});
    remember_rect(ui.export_layers_rect);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("flow, basins, Strahler order and lakes as PNG, one pixel per cell");
    }
    ImGui::SameLine();
    if (ImGui::Button("Export grids")) ask(UiCommand{ExportGrids{}});
    remember_rect(ui.export_grids_rect);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("the grids as terrain-cli writes them (.npy), for NumPy");
    }
    if (ImGui::Button("Export SVG")) ask(UiCommand{ExportSvg{}});
    remember_rect(ui.export_svg_rect);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "coastline, contours, index contours and rivers, a layer each (pen plotters)");
    }
    ImGui::SameLine();
    if (ImGui::Button("Mesh .glb")) ask(UiCommand{ExportMesh{false}});
    remember_rect(ui.export_glb_rect);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("the ground after the rain as a glTF mesh (Blender, engines), x40 heights");
    }
    ImGui::SameLine();
    if (ImGui::Button("Mesh .obj")) ask(UiCommand{ExportMesh{true}});
    remember_rect(ui.export_obj_rect);
    // A picture larger than the window.
    ImGui::InputInt2("Render size", ui.render_size);
    const bool rendering = ui.render_tiles > 0 || ui.render_saving;
    if (rendering) ImGui::BeginDisabled();
    if (ImGui::Button("Render PNG")) {
      ask(UiCommand{RenderPng{ui.render_size[0], ui.render_size[1]}});
    }
    remember_rect(ui.render_rect);
    if (rendering) ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::SmallButton("HD")) {
      ask(UiCommand{SetRenderSize{1920, 1080}});
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("4K")) {
      ask(UiCommand{SetRenderSize{3840, 2160}});
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("8K")) {
      ask(UiCommand{SetRenderSize{7680, 4320}});
    }
    if (ui.render_tiles > 0) {
      char label[48];
      std::snprintf(label, sizeof label, "Rendering %d / %d", ui.render_tiles_done,
                    ui.render_tiles);
      ImGui::ProgressBar(
          static_cast<float>(ui.render_tiles_done) / static_cast<float>(ui.render_tiles),
          ImVec2(-1, 0), label);
    } else if (ui.render_saving) {
      ImGui::ProgressBar(1.0f, ImVec2(-1, 0), "Writing the PNG...");
    }
    // A time-lapse of the rain.
    ImGui::Separator();
    ImGui::TextUnformatted("Time-lapse");
    SetRecording next = ui.record;
    bool changed = false;
    const bool busy = ui.recording || ui.record_writing;
    if (busy) ImGui::BeginDisabled();
    int clip_format = next.mp4 ? 1 : 0;
    changed |= ImGui::RadioButton("GIF", &clip_format, 0);
    ImGui::SameLine();
    changed |= ImGui::RadioButton("MP4 (H.264)", &clip_format, 1);
    next.mp4 = clip_format == 1;
    changed |= ImGui::SliderInt("Every", &next.every, 1, 100, "%d ticks",
                                ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    int size[2] = {next.width, next.height};
    if (ImGui::InputInt2("Clip size", size)) {
      next.width = size[0];
      next.height = size[1];
      changed = true;
    }
    if (busy) ImGui::EndDisabled();
    if (changed) ask(UiCommand{next});
    if (ui.record_writing) ImGui::BeginDisabled();
    ImGui::PushStyleColor(ImGuiCol_Button, ui.recording
                                               ? ImVec4(0.75f, 0.15f, 0.15f, 1.0f)
                                               : ImGui::GetStyleColorVec4(ImGuiCol_Button));
    if (ImGui::Button(ui.recording ? "Stop and write" : "Record"))
      ask(UiCommand{ToggleRecording{}});
    ImGui::PopStyleColor();
    remember_rect(ui.record_rect);
    if (ui.record_writing) ImGui::EndDisabled();
    if (ui.recording) {
      ImGui::SameLine();
      const int seconds = static_cast<int>(ui.record_seconds);
      ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "REC %d:%02d, %lld frames", seconds / 60,
                         seconds % 60, static_cast<long long>(ui.record_frames));
      if (ui.record_dropped > 0) {
        ImGui::TextDisabled("%lld frames dropped (the encoder fell behind)",
                            static_cast<long long>(ui.record_dropped));
      }
    } else if (ui.record_writing) {
      char label[64];
      std::snprintf(label, sizeof label, "Encoding %lld / %lld",
                    static_cast<long long>(ui.record_encoded),
                    static_cast<long long>(ui.record_frames));
      ImGui::ProgressBar(ui.record_frames > 0 ? static_cast<float>(ui.record_encoded) /
                                                    static_cast<float>(ui.record_frames)
                                              : 0.0f,
                         ImVec2(-1, 0), label);
    }
    if (!ui.message.empty()) {
      const ImVec4 colour =
          ui.message_failed ? ImVec4(1.0f, 0.45f, 0.35f, 1.0f) : ImVec4(0.6f, 0.85f, 0.6f, 1.0f);
      ImGui::PushTextWrapPos(0);
      ImGui::TextColored(colour, "%s", ui.message.c_str());
      ImGui::PopTextWrapPos();
    }
  }

  // 8. Frame times and keys
  if (ImGui::CollapsingHeader("Frame times")) {
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
  }
  if (ImGui::CollapsingHeader("Keys")) {
    ImGui::TextUnformatted(kKeyHelp);
    ImGui::Separator();
    ImGui::TextUnformatted(kMouseHelp);
  }
  ImGui::PopItemWidth();
  ImGui::End();

  // The splitter: a thin handle at the bar's right edge; dragging it resizes the bar.
  ImGui::SetNextWindowPos(ImVec2(layout.side_bar.right() / ppp - kSplitterWidth, 0));
  ImGui::SetNextWindowSize(ImVec2(kSplitterWidth, layout.side_bar.height / ppp));
  bool grabbed = false;
  const auto dragged = splitter("##side bar splitter", ImGuiMouseCursor_ResizeEW, true, grabbed);
  if (grabbed) ui.side_bar_grabbed_at = ui.side_bar_width;
  if (dragged && ui.side_bar_width != ui.side_bar_grabbed_at + *dragged * ppp) {
    ask(UiCommand{ResizeSideBar{ui.side_bar_grabbed_at + *dragged * ppp}});
  }
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

void draw_side_view_controls(const SideViewState& side, const std::function<void(Command)>& ask) {
  bool shown = side.shown;
  if (ImGui::Checkbox("Show the strip (B)", &shown)) ask(UiCommand{ShowSideView{shown}});
  int view = static_cast<int>(side.view);
  const char* views[] = {"Cross-section", "Skyline: random walk", "Skyline: sections"};
  if (ImGui::Combo("Side view", &view, views, 3)) {
    ask(UiCommand{SetSideView{static_cast<SideView>(view)}});
  }
  if (side.view == SideView::cross_section) {
    int row = render::cross_section_row(side.row, sketch::ROWS);
    if (ImGui::SliderInt("Row", &row, 0, sketch::ROWS - 1, "%d", ImGuiSliderFlags_AlwaysClamp)) {
      ask(UiCommand{SetSectionRow{row}});
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Or Shift+click the map");
    return;
  }
  // The skylines' own seed, apart from the map's.
  uint32_t seed = side.skyline_seed;
  if (ImGui::InputScalar("Skyline seed", ImGuiDataType_U32, &seed, nullptr, nullptr, "%u",
                         ImGuiInputTextFlags_EnterReturnsTrue)) {
    ask(UiCommand{SetSkylineSeed{seed}});
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("+1")) ask(UiCommand{SetSkylineSeed{side.skyline_seed + 1}});
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
