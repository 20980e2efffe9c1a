// The panel's side bar (panel.h): at the window's left edge (layout.h), its splitter at its
// right edge. Each group of controls is a function of its own; the file, top to bottom:
//   PanelContext         what a section draws with: the frame (PanelFrame), settings, stats
//   1. actions           play/pause, restart, new seed, save PNG, fullscreen, undo, redo; the
//                        seed field and its message; the rain's progress, finishing it now
//   2. Rain              the sketch's sliders, each snapped to its step as the web page reads it
//   3. Ground            its generator and the generator's setting, or the heightmap it came
//                        from; opening a heightmap (a path, and how it is fitted)
//   4. Rivers            shown or not, the "Drainage" documentation's stroking, minimum flow
//   5. View              colour scheme, contour levels, the view, lakes, original terrain,
//                        debug mode; the 3D view's relief and camera, or the map's zoom
//   7. Output            save folder; the heightmaps' format and metres; the exports; the
//                        SVG's page; Render PNG; the time-lapse and Record; the messages
//   8. Frame times       the frame's stages
//   7b. Map file         its name, Save, Save as, Open (typed or chosen); the recent maps
//   6b. Brush            paint mode, the tool, its radius, strength and falloff
//   6. Side view         the strip shown, what it shows, the cut's row or the skylines'
//   3b. History          the steps since the session began (labels, rows, the list)
//   8. Keys              the key table's list and the mouse's (draw_keys_help, public)
//   draw_sections        the recovery offer, then the sections in the side bar's order
//   draw_panel           the side bar's window, the splitter; the Panel button while hidden
// The controls (note, button, combo, slider ...) are panel_widgets.h's; what is drawn over the
// map is panel_overlays.cpp's.
//
// Every control has a label unique in the panel and is noted by name after it is drawn
// (control_rects.h), for the GUI tests that click them all.
#include "app/panel/panel.h"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <optional>
#include <span>
#include <string_view>
#include <tuple>
#include <utility>

#include "app/core/keys.h"
#include "app/panel/panel_widgets.h"
#include "app/panel/rain_progress.h"
#include "core/number_text.h"
#include "render/geometry/orbit_camera.h"
#include "render/geometry/side_view.h"
#include "render/geometry/surface_raster.h"
#include "session/controls.h"

namespace terrain::app {

using namespace panel_widgets;

namespace {

// What every section of the side bar draws with: the frame (the model, the UI state, the
// panel's own state, the layout, where commands go and controls are noted), the settings now, a
// control's frame width and the frame times.
struct PanelContext : PanelFrame {
  PanelContext(const PanelFrame& frame, const Settings& settings, float frame_width,
               const FrameStats& frame_stats)
      : PanelFrame(frame), s(settings), item_width(frame_width), stats(frame_stats) {}
  const Settings& s;
  float item_width;
  const FrameStats& stats;
};

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

// 1. The actions: play, restart, new seed, save PNG, fullscreen, undo and redo.
void draw_action_buttons(const PanelContext& c) {
  using namespace session;
  if (button(c, c.model.playing() ? "Pause###play" : "Play###play", "play", ImVec2(60, 0)))
    c.ask(ViewCommand{TogglePlay{}});
  same_line_if_fits("Restart");
  if (button(c, "Restart")) c.ask(MapCommand{Restart{}});
  same_line_if_fits("New seed");
  if (button(c, "New seed")) c.ask(UiCommand{NewSeed{}});
  same_line_if_fits("Save PNG");
  if (button(c, "Save PNG", "save")) c.ask(ShellCommand{SavePng{}});
  const char* fullscreen =
      c.shell.fullscreen ? "Leave fullscreen###fullscreen" : "Fullscreen###fullscreen";
  same_line_if_fits(fullscreen);
  if (button(c, fullscreen, "fullscreen")) {
    c.ask(ShellCommand{ToggleFullscreen{}});
  }
  // Undo and redo (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y): the History section lists the steps.
  same_line_if_fits("Undo");
  const session::History& history = c.model.history();
  if (!history.can_undo()) ImGui::BeginDisabled();
  if (button(c, "Undo")) c.ask(HistoryCommand{Undo{}});
  if (!history.can_undo()) ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Ctrl+Z");
  same_line_if_fits("Redo");
  if (!history.can_redo()) ImGui::BeginDisabled();
  if (button(c, "Redo")) c.ask(HistoryCommand{Redo{}});
  if (!history.can_redo()) ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("Ctrl+Shift+Z or Ctrl+Y");
  }
}

// 1. The seed field: the model's seed unless it is being edited or what was typed is not a
// seed (then why, beside it); Enter asks for the seed typed.
void draw_seed_field(const PanelContext& c) {
  PanelState& p = c.panel;
  if (!p.seed_editing && p.seed_message.empty()) {
    std::snprintf(p.seed_text, sizeof p.seed_text, "%u", c.model.seed());
  }
  ImGui::SetNextItemWidth(140);
  const bool entered =
      ImGui::InputText("Seed", p.seed_text, sizeof p.seed_text,
                       ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CharsNoBlank);
  p.seed_editing = ImGui::IsItemActive();
  note(c, "Seed");
  if (entered) {
    std::string why;
    const auto seed = session::parse_seed(p.seed_text, &why);
    if (seed) {
      p.seed_message.clear();
      c.ask(session::MapCommand{session::SetSeed{*seed}});
    } else {
      p.seed_message = why;  // and nothing changes
    }
  }
  if (!p.seed_message.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kErrorColour, "%s", p.seed_message.c_str());
    ImGui::PopTextWrapPos();
  }
}

// 1. The rain's progress: the drops so far against the sketch's stop (rain_progress.h), and
// finishing it now.
void draw_rain_progress(const PanelContext& c) {
  const RainProgress progress = rain_progress(c.model.drops());
  ImGui::ProgressBar(progress.fraction, ImVec2(-1, 0), progress.text);
  note(c, "progress");
  const auto target_drops = static_cast<uint64_t>(sketch::RAIN_TARGET);
  char target[32];
  const std::string_view target_text = with_thousands(target_drops, target);
  // The rest of the rain at full speed; the map jumps to it when it is done.
  const bool can_finish =
      !c.model.finishing() && c.s.drops_per_frame > 0 && c.model.drops() < target_drops;
  if (!can_finish) ImGui::BeginDisabled();
  if (button(
          c,
          c.model.finishing() ? "Finishing the rain...###finish" : "Finish the rain now###finish",
          "finish_the_rain_now")) {
    c.ask(session::ViewCommand{session::FinishRain{}});
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
  if (slider(c, "Drops per frame", v, sketch::drops_per_frame, "%.0f",
             session::kMaxDropsPerFrame)) {
    c.ask(MapCommand{SetDropsPerFrame{static_cast<int>(v)}});
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ctrl+click to type up to 10000");
  v = c.s.erosion;
  if (slider(c, "Erosion", v, sketch::erosion, "%.2f")) c.ask(MapCommand{SetErosion{v}});
  v = c.s.deposition;
  if (slider(c, "Deposition", v, sketch::deposition, "%.2f")) c.ask(MapCommand{SetDeposition{v}});
  v = c.s.inertia;
  if (slider(c, "Inertia", v, sketch::inertia, "%.2f")) c.ask(MapCommand{SetInertia{v}});
  v = c.s.brush_radius;
  if (slider(c, "Brush radius", v, sketch::brush_radius, "%.0f")) {
    c.ask(MapCommand{SetBrushRadius{static_cast<int>(v)}});
  }
  v = c.s.sea_level;
  if (slider(c, "Sea level", v, sketch::sea_level, "%.2f")) c.ask(MapCommand{SetSeaLevel{v}});
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
  if (combo(c, "Generator", &generator, generators, 2)) {
    c.ask(MapCommand{SetGenerator{generator == 0 ? Generator::island : Generator::diamond_square}});
  }
  double v = 0;
  if (c.s.generator == Generator::island) {
    v = c.s.terrain_scale;
    if (slider(c, "Terrain scale", v, sketch::terrain_scale, "%.3f"))
      c.ask(MapCommand{SetTerrainScale{v}});
  } else {
    v = c.s.roughness;
    if (slider(c, "Roughness", v, session::kRoughness, "%.2f")) c.ask(MapCommand{SetRoughness{v}});
  }
  // Your own ground: a heightmap, typed here, chosen, or dropped on the window.
  ImGui::SetNextItemWidth(c.shell.can_choose_files ? -150.0f : -90.0f);
  const bool typed = typed_path_field(c, "##heightmap", "a heightmap file", TypedField::heightmap,
                                      ImGuiInputTextFlags_EnterReturnsTrue);
  note(c, "##heightmap", "open_text");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("A heightmap: .png (8 or 16-bit, gray or colour), .exr, .tif or .npy");
  }
  ImGui::SameLine();
  const char* path = c.panel.heightmap.text;
  if ((button(c, "Open", "open") || typed) && path[0] != '\0') c.ask(OpenFile{path});
  if (c.shell.can_choose_files) {
    ImGui::SameLine();
    if (c.shell.choosing_file) ImGui::BeginDisabled();
    if (button(c, "Browse...", "browse_heightmap")) {
      c.ask(ShellCommand{ChooseFile{FileChoice::heightmap}});
    }
    if (c.shell.choosing_file) ImGui::EndDisabled();
  }
  int fit = c.ui.ground_fit == GroundFit::crop ? 0 : 1;
  ImGui::TextUnformatted("Fit");
  ImGui::SameLine();
  if (radio(c, "Fit", "crop", &fit, 0)) c.ask(UiCommand{SetGroundFit{GroundFit::crop}});
  ImGui::SameLine();
  if (radio(c, "Fit", "stretch", &fit, 1)) c.ask(UiCommand{SetGroundFit{GroundFit::stretch}});
  ImGui::TextDisabled("or drop a heightmap on the window");
}

// 4. Rivers, the sketch's and the "Drainage" API documentation's way.
void draw_rivers_section(const PanelContext& c) {
  using namespace session;
  bool on = c.s.show_rivers;
  if (checkbox(c, "Show rivers", &on)) c.ask(ViewCommand{ShowRivers{on}});
  int by = c.s.rivers_by == RiversBy::flow ? 0 : 1;
  ImGui::TextUnformatted("Rivers by");
  ImGui::SameLine();
  if (radio(c, "Rivers by", "flow", &by, 0)) c.ask(ViewCommand{SetRiversBy{RiversBy::flow}});
  ImGui::SameLine();
  if (radio(c, "Rivers by", "Strahler order", &by, 1)) {
    c.ask(ViewCommand{SetRiversBy{RiversBy::order}});
  }
  int min_flow = c.s.min_flow;
  // The slider's own range is the useful one; Ctrl+click types any minimum up to the cells.
  ImGui::SliderInt("Min flow", &min_flow, kMinFlowSliderMin, kMinFlowSliderMax, "%d cells",
                   ImGuiSliderFlags_Logarithmic);
  note_frame(c, "Min flow", c.item_width);
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
  if (combo(c, "Routing", &routing, routings, 2,
            "Sketch's: steepest descent over the filled ground and its ripple.\n"
            "Flood's: through filled hollows along the links the flood came by.")) {
    c.ask(ViewCommand{SetRouting{routing == 0 ? Routing::sketch : Routing::flood}});
  }
}

void draw_3d_view_controls(const PanelContext& c);
void draw_map_zoom(const PanelContext& c);

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
  if (combo(c, "Colour scheme", &scheme, scheme_labels, scheme_count)) {
    c.ask(UiCommand{SetScheme{scheme}});
  }
  double v = c.s.contour_levels;
  if (slider(c, "Contour levels", v, sketch::contour_levels, "%.0f")) {
    c.ask(ViewCommand{SetContourLevels{static_cast<int>(v)}});
  }
  // (Not "View": the section's header has that label, and a label is Dear ImGui's ID.)
  int view = static_cast<int>(c.s.view);
  const char* views[] = {"Map", "Basins", "Flow", "3D"};
  if (combo(c, "Map shows", &view, views, 4, "V steps through them")) {
    c.ask(ViewCommand{SetView{kMapViews[static_cast<std::size_t>(view)]}});
  }
  bool on = c.s.show_lakes;
  if (checkbox(c, "Show lakes", &on)) c.ask(ViewCommand{ShowLakes{on}});
  ImGui::SameLine();
  on = c.s.debug_mode;
  if (checkbox(c, "Debug mode", &on)) c.ask(ViewCommand{SetDebugMode{on}});
  on = c.s.show_original;
  if (checkbox(c, "Show original terrain", &on)) c.ask(ViewCommand{ShowOriginal{on}});
  if (c.s.view == MapView::three_d) {
    draw_3d_view_controls(c);
  } else {
    draw_map_zoom(c);
  }
}

// 5. View: the 3D view's relief and camera.
void draw_3d_view_controls(const PanelContext& c) {
  float relief = static_cast<float>(c.ui.exaggeration);
  if (ImGui::SliderFloat("Relief height", &relief, static_cast<float>(render::kMinExaggeration),
                         static_cast<float>(render::kMaxExaggeration), "%.2fx",
                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp) &&
      relief != static_cast<float>(c.ui.exaggeration)) {
    c.ask(UiCommand{SetExaggeration{relief}});
  }
  note_frame(c, "Relief height", c.item_width);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The heights drawn this many times as high");
  float yaw = static_cast<float>(c.ui.camera_yaw);
  if (ImGui::SliderFloat("Camera turn", &yaw, 0.0f, 359.9f, "%.0f deg",
                         ImGuiSliderFlags_AlwaysClamp) &&
      yaw != static_cast<float>(c.ui.camera_yaw)) {
    c.ask(UiCommand{SetCamera{yaw, c.ui.camera_pitch}});
  }
  note_frame(c, "Camera turn", c.item_width);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("0 looks north, 90 east");
  float pitch = static_cast<float>(c.ui.camera_pitch);
  if (ImGui::SliderFloat("Camera tilt", &pitch, static_cast<float>(render::OrbitCamera::kMinPitch),
                         static_cast<float>(render::OrbitCamera::kMaxPitch), "%.0f deg",
                         ImGuiSliderFlags_AlwaysClamp) &&
      pitch != static_cast<float>(c.ui.camera_pitch)) {
    c.ask(UiCommand{SetCamera{c.ui.camera_yaw, pitch}});
  }
  note_frame(c, "Camera tilt", c.item_width);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("90 looks straight down");
  if (button(c, "Frame island")) c.ask(UiCommand{FrameIsland{}});
  ImGui::SameLine();
  ImGui::TextDisabled("drag orbits, right-drag pans, Home frames");
}

// 5. View: the flat map's zoom, about the map's middle (the wheel zooms about the pointer).
void draw_map_zoom(const PanelContext& c) {
  float zoom = static_cast<float>(c.ui.zoom);
  if (ImGui::SliderFloat("Zoom", &zoom, 1.0f, 16.0f, "%.2fx",
                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp) &&
      zoom != static_cast<float>(c.ui.zoom)) {
    c.ask(UiCommand{ZoomAt{zoom / c.ui.zoom, c.layout.map.left + c.layout.map.width / 2,
                           c.layout.map.top + c.layout.map.height / 2}});
  }
  note_frame(c, "Zoom", c.item_width);
  if (c.ui.at_fit) ImGui::BeginDisabled();
  if (button(c, "Fit map")) c.ask(UiCommand{FitMap{}});
  if (c.ui.at_fit) ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled("wheel zooms, drag pans, Home fits");
}

// 7. Output: where saves go (typed, kept between runs once the field is left; or chosen).
void draw_save_folder(const PanelContext& c) {
  EditedText<1024>& folder = c.panel.folder;
  folder.follow(c.shell.save_folder);
  ImGui::SetNextItemWidth(c.shell.can_choose_files ? -160.0f : -90.0f);
  ImGui::InputText("Save folder", folder.text, sizeof folder.text);
  note(c, "Save folder", "folder");
  if (ImGui::IsItemDeactivatedAfterEdit()) c.ask(SetSaveFolder{folder.text});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Where Save PNG, the exports and the time-lapses go (the Pictures one is made on the first "
        "save; a folder you type must exist)");
  }
  if (c.shell.can_choose_files) {
    ImGui::SameLine();
    if (c.shell.choosing_file) ImGui::BeginDisabled();
    if (small_button(c, "Choose...", "choose_folder")) {
      c.ask(ShellCommand{ChooseFile{FileChoice::save_folder}});
    }
    if (c.shell.choosing_file) ImGui::EndDisabled();
  }
}

// 7. Output: the heightmaps' format, and their heights in real units (the TIFF a GeoTIFF, the
// float formats and the meshes in metres), asked for once both or neither are set.
void draw_heights_settings(const PanelContext& c) {
  constexpr io::HeightmapFormat formats[] = {io::HeightmapFormat::png, io::HeightmapFormat::r16,
                                             io::HeightmapFormat::exr, io::HeightmapFormat::tiff,
                                             io::HeightmapFormat::npy};
  const char* format_labels[] = {"16-bit PNG", "R16 (raw)", "EXR (float)", "TIFF (float)",
                                 "NumPy .npy"};
  int format = 0;
  for (int k = 0; k < 5; k++) {
    if (formats[k] == c.ui.export_format) format = k;
  }
  if (combo(c, "Heights as", &format, format_labels, 5)) {
    c.ask(UiCommand{SetExportFormat{formats[format]}});
  }
  // The program they are for (exports/engine_preset.h): its size and a sidecar of how to import.
  const char* preset_labels[] = {"Any program",       "Unreal Engine", "Unity",
                                 "Godot (Terrain3D)", "Blender",       "GIS (GeoTIFF)"};
  constexpr exports::EnginePreset presets[] = {
      exports::EnginePreset::unreal, exports::EnginePreset::unity, exports::EnginePreset::godot,
      exports::EnginePreset::blender, exports::EnginePreset::gis};
  int preset = 0;
  for (int k = 0; k < 5; k++) {
    if (c.ui.export_preset == presets[k]) preset = k + 1;
  }
  if (combo(c, "Heights for", &preset, preset_labels, 6,
            "A program's size and format, and a JSON sidecar of how to import it")) {
    c.ask(UiCommand{
        SetExportPreset{preset == 0 ? std::nullopt : std::optional(presets[preset - 1])}});
  }
  EditedValue<PanelState::Units>& units = c.panel.real_units;
  units.follow({c.ui.real_units.cell_size, c.ui.real_units.height_scale});
  bool units_edited = false;
  ImGui::InputDouble("Cell size (m)", &units.typed.cell_size, 0, 0, "%g");
  note_frame(c, "Cell size (m)", c.item_width);
  units_edited |= ImGui::IsItemDeactivatedAfterEdit();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Metres a cell is wide: the TIFF becomes a GeoTIFF (0: none)");
  }
  ImGui::InputDouble("Height scale (m)", &units.typed.height_scale, 0, 0, "%g");
  note_frame(c, "Height scale (m)", c.item_width);
  units_edited |= ImGui::IsItemDeactivatedAfterEdit();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Metres a height of 1 stands: the TIFF, EXR, .npy and meshes in metres");
  }
  const bool both = units.typed.cell_size != 0 && units.typed.height_scale != 0;
  const bool neither = units.typed.cell_size == 0 && units.typed.height_scale == 0;
  if (units_edited && (both || neither)) {
    c.ask(UiCommand{SetRealUnits{io::RealUnits{units.typed.cell_size, units.typed.height_scale}}});
    units.asked = true;  // the core's answer shows in the fields
  }
  if (!both && !neither) ImGui::TextDisabled("Set both (or neither) for heights in metres");
}

// 7. Output: the heightmap, layers and grids exports.
void draw_heights_exports(const PanelContext& c) {
  if (button(c, "Export heights", "export_heights")) c.ask(ShellCommand{ExportHeightmap{false}});
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The ground after the rain");
  same_line_if_fits("Export original");
  if (button(c, "Export original", "export_original")) c.ask(ShellCommand{ExportHeightmap{true}});
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The ground before the rain");
  if (button(c, "Export layers", "export_layers")) c.ask(ShellCommand{ExportLayers{}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("flow, basins, Strahler order and lakes as PNG, one pixel per cell");
  }
  same_line_if_fits("Export grids");
  if (button(c, "Export grids", "export_grids")) c.ask(ShellCommand{ExportGrids{}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("the grids as terrain-cli writes them (.npy), for NumPy");
  }
}

// 7. Output: the SVG's page (the screen's, or paper for a plotter, in the map's colours or dark
// pens) and its pen on paper, in mm whatever the paper's size (a page without paper has none).
void draw_svg_page(const PanelContext& c) {
  const exports::SvgPage& now = c.ui.svg_page;
  int paper = !now.paper                           ? 0
              : *now.paper == exports::kSvgPaperA4 ? 1
              : *now.paper == exports::kSvgPaperA3 ? 2
                                                   : 0;
  const char* papers[] = {"Screen (no paper)", "A4 landscape", "A3 landscape"};
  if (combo(c, "SVG paper", &paper, papers, 3)) {
    exports::SvgPage page = now;
    page.paper = paper == 0   ? std::nullopt
                 : paper == 1 ? std::optional(exports::kSvgPaperA4)
                              : std::optional(exports::kSvgPaperA3);
    c.ask(UiCommand{SetSvgPage{page}});
  }
  int style = now.style == exports::SvgStyle::map ? 0 : 1;
  const char* styles[] = {"Map's colours", "Plot (dark pens)"};
  if (combo(c, "SVG style", &style, styles, 2)) {
    exports::SvgPage page = now;
    page.style = style == 0 ? exports::SvgStyle::map : exports::SvgStyle::plot;
    c.ask(UiCommand{SetSvgPage{page}});
  }
  EditedValue<double>& pen = c.panel.svg_pen;
  pen.follow(now.pen_mm);
  if (!now.paper) ImGui::BeginDisabled();
  ImGui::InputDouble("SVG pen (mm)", &pen.typed, 0, 0, "%g");
  note_frame(c, "SVG pen (mm)", c.item_width);
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    exports::SvgPage page = now;
    page.pen_mm = pen.typed;
    c.ask(UiCommand{SetSvgPage{page}});
    pen.asked = true;  // the core's answer shows in the field
  }
  if (!now.paper) ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(
        "The contours' width on the paper, %g..%g mm, the other lines in "
        "proportion (0: the map's scale)",
        exports::kSvgPenMinMm, exports::kSvgPenMaxMm);
  }
}

// 7. Output: the SVG and mesh exports.
void draw_svg_mesh_exports(const PanelContext& c) {
  if (button(c, "Export SVG", "export_svg")) c.ask(ShellCommand{ExportSvg{}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "coastline, contours, index contours and rivers, a layer each (pen plotters)");
  }
  same_line_if_fits("Mesh .glb");
  if (button(c, "Mesh .glb", "export_glb")) c.ask(ShellCommand{ExportMesh{false}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("the ground after the rain as a glTF mesh (Blender, engines), x40 heights");
  }
  same_line_if_fits("Mesh .obj");
  if (button(c, "Mesh .obj", "export_obj")) c.ask(ShellCommand{ExportMesh{true}});
}

// 7. Output: a picture larger than the window, its size and its progress.
void draw_render_png(const PanelContext& c) {
  const UiState& ui = c.ui;
  const ShellState& shell = c.shell;
  int render_size[2] = {ui.render_size[0], ui.render_size[1]};
  if (ImGui::InputInt2("Render size", render_size)) {
    c.ask(UiCommand{SetRenderSize{render_size[0], render_size[1]}});
  }
  note_frame(c, "Render size", c.item_width);
  const bool rendering = shell.render_tiles > 0 || shell.render_saving;
  if (rendering) ImGui::BeginDisabled();
  if (button(c, "Render PNG", "render")) {
    c.ask(ShellCommand{RenderPng{ui.render_size[0], ui.render_size[1]}});
  }
  if (rendering) ImGui::EndDisabled();
  ImGui::SameLine();
  if (small_button(c, "HD")) c.ask(UiCommand{SetRenderSize{1920, 1080}});
  ImGui::SameLine();
  if (small_button(c, "4K")) c.ask(UiCommand{SetRenderSize{3840, 2160}});
  ImGui::SameLine();
  if (small_button(c, "8K")) c.ask(UiCommand{SetRenderSize{7680, 4320}});
  if (shell.render_tiles > 0) {
    char label[48];
    std::snprintf(label, sizeof label, "Rendering %d / %d", shell.render_tiles_done,
                  shell.render_tiles);
    ImGui::ProgressBar(
        static_cast<float>(shell.render_tiles_done) / static_cast<float>(shell.render_tiles),
        ImVec2(-1, 0), label);
  } else if (shell.render_saving) {
    ImGui::ProgressBar(1.0f, ImVec2(-1, 0), "Writing the PNG...");
  }
}

// 7. Output: the next time-lapse's format, pace, rate and size (while none is recorded).
void draw_timelapse_settings(const PanelContext& c) {
  SetRecording next = c.ui.record;
  bool changed = false;
  const bool busy = c.shell.recording || c.shell.record_writing;
  if (busy) ImGui::BeginDisabled();
  int clip_format = next.mp4 ? 1 : 0;
  changed |= radio(c, "Clip", "GIF", &clip_format, 0);
  ImGui::SameLine();
  changed |= radio(c, "Clip", "MP4 (H.264)", &clip_format, 1);
  next.mp4 = clip_format == 1;
  changed |= ImGui::SliderInt("Every", &next.every, 1, 100, "%d ticks",
                              ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  note_frame(c, "Every", c.item_width);
  changed |= ImGui::SliderInt("Clip fps", &next.fps, io::kTimelapseMinFps, io::kTimelapseMaxFps,
                              "%d frames/s", ImGuiSliderFlags_AlwaysClamp);
  note_frame(c, "Clip fps", c.item_width);
  int size[2] = {next.width, next.height};
  if (ImGui::InputInt2("Clip size", size)) {
    next.width = size[0];
    next.height = size[1];
    changed = true;
  }
  note_frame(c, "Clip size", c.item_width);
  if (busy) ImGui::EndDisabled();
  if (changed) c.ask(UiCommand{next});
}

// 7. Output: Record, or Stop and write, and the recording's progress.
void draw_record_button(const PanelContext& c) {
  const ShellState& shell = c.shell;
  if (shell.record_writing) ImGui::BeginDisabled();
  ImGui::PushStyleColor(ImGuiCol_Button, shell.recording
                                             ? ImVec4(0.75f, 0.15f, 0.15f, 1.0f)
                                             : ImGui::GetStyleColorVec4(ImGuiCol_Button));
  if (button(c, shell.recording ? "Stop and write###record" : "Record###record", "record")) {
    c.ask(ShellCommand{ToggleRecording{}});
  }
  ImGui::PopStyleColor();
  if (shell.record_writing) ImGui::EndDisabled();
  if (shell.recording) {
    ImGui::SameLine();
    const int seconds = static_cast<int>(shell.record_seconds);
    ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "REC %d:%02d, %lld %s", seconds / 60,
                       seconds % 60, static_cast<long long>(shell.record_frames),
                       shell.record_frames == 1 ? "frame" : "frames");
    if (shell.record_dropped > 0) {
      ImGui::TextDisabled("%lld %s dropped (the encoder fell behind)",
                          static_cast<long long>(shell.record_dropped),
                          shell.record_dropped == 1 ? "frame" : "frames");
    }
  } else if (shell.record_writing) {
    char label[64];
    std::snprintf(label, sizeof label, "Encoding %lld / %lld",
                  static_cast<long long>(shell.record_encoded),
                  static_cast<long long>(shell.record_frames));
    ImGui::ProgressBar(shell.record_frames > 0 ? static_cast<float>(shell.record_encoded) /
                                                     static_cast<float>(shell.record_frames)
                                               : 0.0f,
                       ImVec2(-1, 0), label);
  }
}

// 7. Output: the log, every message of this run, the newest first (each was shown on the
// status line over the map as it came).
void draw_message_log(const PanelContext& c) {
  const std::deque<Message>& log = c.shell.messages.all();
  char log_label[48];
  std::snprintf(log_label, sizeof log_label, "Messages (%zu)###messages", log.size());
  const bool open = ImGui::TreeNode(log_label);
  note(c, log_label, "messages");
  if (!open) return;
  ImGui::PushTextWrapPos(0);
  for (auto m = log.rbegin(); m != log.rend(); ++m) {
    ImGui::TextColored(m->failed ? kErrorColour : kOkColour, "%s", m->text.c_str());
  }
  if (log.empty()) ImGui::TextDisabled("none yet");
  ImGui::PopTextWrapPos();
  ImGui::TreePop();
}

// 7. Output, its groups in order.
void draw_output_section(const PanelContext& c) {
  draw_save_folder(c);
  // The exports: what leaves the sandbox for other tools.
  draw_heights_settings(c);
  draw_heights_exports(c);
  draw_svg_page(c);
  draw_svg_mesh_exports(c);
  draw_render_png(c);
  // A time-lapse of the rain.
  ImGui::Separator();
  ImGui::TextUnformatted("Time-lapse");
  draw_timelapse_settings(c);
  draw_record_button(c);
  ImGui::Separator();
  draw_message_log(c);
}

// 8. Frame times.
void draw_frame_times_section(const PanelContext& c) {
  using namespace session;
  ImGui::PushTextWrapPos(0);
  ImGui::Text("Frame, CPU ms: %.2f", c.stats.recent_median(Stage::cpu_side));
  note(c, "frame_cpu_ms");
  ImGui::Text("rain %.2f, rivers %.2f, contours %.2f, drawing %.2f",
              c.stats.recent_median(Stage::rain), c.stats.recent_median(Stage::rivers),
              c.stats.recent_median(Stage::contours), c.stats.recent_median(Stage::drawing));
  ImGui::TextDisabled("painting %.1f ms, GL %.1f ms CPU, swap %.1f ms",
                      c.stats.recent_median(Stage::painting), c.stats.recent_median(Stage::gl),
                      c.stats.recent_median(Stage::swap));
  // Paused and still, a frame is drawn only when input comes: a frame rate would read low.
  if (c.shell.idle) {
    ImGui::TextDisabled("still: a frame on each input, within %.1f ms", c.shell.input_ms);
  } else {
    ImGui::TextDisabled("%.0f fps; input shown within %.1f ms", ImGui::GetIO().Framerate,
                        c.shell.input_ms);
  }
  ImGui::TextDisabled("relief in %s precision, map painted by the %s",
                      c.shell.exact_relief ? "double" : "single",
                      c.shell.cpu_painter ? "CPU" : "GPU");
  ImGui::PopTextWrapPos();
}

void draw_recent_maps(const PanelContext& c);

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
  if (button(c, "Save", "save_map")) c.ask(ShellCommand{SaveMapNow{}});
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ctrl+S: the map, its history and its view");
  same_line_if_fits("Save as");
  if (button(c, "Save as", "save_map_as")) c.ask(ShellCommand{SaveMapAs{}});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Ctrl+Shift+S: under the name typed below (never over a file), or one "
        "chosen");
  }
  if (c.shell.can_choose_files) {
    ImGui::SameLine();
    if (c.shell.choosing_file) ImGui::BeginDisabled();
    if (button(c, "Open map...", "open_map"))
      c.ask(ShellCommand{ChooseFile{FileChoice::map_to_open}});
    if (c.shell.choosing_file) ImGui::EndDisabled();
  }
  ImGui::SetNextItemWidth(-90.0f);
  const bool typed = typed_path_field(c, "##map_file", "a map file (.tsmap)", TypedField::map_name,
                                      ImGuiInputTextFlags_EnterReturnsTrue);
  note(c, "##map_file", "map_text");
  ImGui::SameLine();
  const char* typed_path = c.panel.map_name.text;
  if ((button(c, "Open##map_file", "open_map_typed") || typed) && typed_path[0] != '\0') {
    std::string path = typed_path;
    if (!session::is_map_file_path(path)) path += session::kMapFileExtension;
    c.ask(OpenFile{path});
  }
  ImGui::TextDisabled("or drop a .tsmap file on the window");
  draw_recent_maps(c);
}

// 7b. The maps opened and saved lately: click one to open it; one whose file has gone can be
// removed.
void draw_recent_maps(const PanelContext& c) {
  for (std::size_t k = 0; k < c.shell.recent_maps.size(); k++) {
    const std::string& path = c.shell.recent_maps[k];
    const std::string name = std::filesystem::path(path).filename().string();
    char id[32];
    std::snprintf(id, sizeof id, "recent_%zu", k);
    ImGui::PushID(static_cast<int>(k));
    if (k < c.shell.recent_missing.size() && c.shell.recent_missing[k]) {
      ImGui::TextDisabled("%s (missing)", name.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s is not there any more", path.c_str());
      ImGui::SameLine();
      char remove_id[40];
      std::snprintf(remove_id, sizeof remove_id, "recent_remove_%zu", k);
      if (button(c, "Remove", remove_id)) c.ask(ShellCommand{RemoveRecent{static_cast<int>(k)}});
    } else {
      if (button(c, name.c_str(), id)) c.ask(ShellCommand{OpenRecent{static_cast<int>(k)}});
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
  if (checkbox(c, "Paint with the brush (P)", &paint)) c.ask(UiCommand{SetPaintMode{paint}});
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
  if (combo(c, "Tool", &tool, kTools, 6)) {
    b.tool = kBrushTools[tool];
    changed = true;
  }
  changed = slider(c, "Radius##brush", b.radius, kBrushRadius, "%.1f cells") || changed;
  changed = slider(c, "Strength##brush", b.strength, kBrushStrength, "%.2f") || changed;
  static const char* const kFalloffs[] = {"Smooth", "Linear", "Hard"};
  int falloff = 0;
  while (kBrushFalloffs[falloff] != b.falloff) falloff++;
  if (combo(c, "Falloff", &falloff, kFalloffs, 3)) {
    b.falloff = kBrushFalloffs[falloff];
    changed = true;
  }
  if (changed) c.ask(UiCommand{SetBrush{b}});
}

// 6. Side view: the cross-section's row.
void draw_cross_section_row(const PanelContext& c) {
  int row = render::cross_section_row(c.ui.side.row, sketch::ROWS);
  if (ImGui::SliderInt("Row", &row, 0, sketch::ROWS - 1, "%d", ImGuiSliderFlags_AlwaysClamp)) {
    c.ask(UiCommand{SetSectionRow{row}});
  }
  note_frame(c, "Row", c.item_width);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Or Shift+click the map");
}

// 6. Side view: the skylines' own seed, apart from the map's, and the shown skyline's
// parameters.
void draw_skyline_controls(const PanelContext& c) {
  const SideViewState& side = c.ui.side;
  uint32_t seed = side.skyline_seed;
  if (ImGui::InputScalar("Skyline seed", ImGuiDataType_U32, &seed, nullptr, nullptr, "%u",
                         ImGuiInputTextFlags_EnterReturnsTrue)) {
    c.ask(UiCommand{SetSkylineSeed{seed}});
  }
  note_frame(c, "Skyline seed", c.item_width);
  ImGui::SameLine();
  if (small_button(c, "+1", "skyline_seed_plus_1")) {
    c.ask(UiCommand{SetSkylineSeed{side.skyline_seed + 1}});
  }
  if (side.view == SideView::walk) {
    RandomWalkParams p = side.walk;
    bool changed = false;
    changed |= slider(c, "Height max", p.height_max, kWalkHeightMax, "%.0f");
    changed |= slider(c, "Step max", p.step_max, kWalkStepMax, "%.2f");
    changed |= slider(c, "Step change", p.step_change, kWalkStepChange, "%.2f");
    if (changed) c.ask(UiCommand{SetWalkParams{p}});
    return;
  }
  SectionParams p = side.sections;
  bool changed = false;
  changed |= slider(c, "Height", p.height, kSectionHeight, "%.0f");
  changed |= slider(c, "Shift", p.shift, kSectionShift, "%.0f");
  // The counts, as sliders of whole numbers.
  for (const auto& [label, count, range] :
       {std::tuple{"Sections", &p.sections, kSectionCount},
        std::tuple{"Sub points", &p.sub, kSectionSub},
        std::tuple{"Smooth steps", &p.smooth_steps, kSectionSmooth}}) {
    double v = *count;
    if (slider(c, label, v, range, "%.0f")) {
      *count = static_cast<int>(v);
      changed = true;
    }
  }
  if (changed) c.ask(UiCommand{SetSectionParams{p}});
}

// 6. Side view: the strip shown or not, what it shows, and that view's controls.
void draw_side_view_section(const PanelContext& c) {
  const SideViewState& side = c.ui.side;
  bool shown = side.shown;
  if (checkbox(c, "Show the strip (B)", &shown)) c.ask(UiCommand{ShowSideView{shown}});
  // (Not "Side view": the section's header has that label, and a label is Dear ImGui's ID.)
  int view = static_cast<int>(side.view);
  const char* views[] = {"Cross-section", "Skyline: random walk", "Skyline: sections"};
  if (combo(c, "Strip shows", &view, views, 3, "K steps through them")) {
    c.ask(UiCommand{SetSideView{static_cast<SideView>(view)}});
  }
  if (side.view == SideView::cross_section) {
    draw_cross_section_row(c);
  } else {
    draw_skyline_controls(c);
  }
}

// 3b. History: the list, the start then each step (an action with the rain after it, as undo
// takes it back); the one the map is at marked, the steps that undo left to redo greyed. What
// each step's action was is kept until the history's shape changes (or another history comes
// in); its drops are written as it is drawn (the last step's grow every tick). Each label wraps
// to the list's width, so a long one is read whole: rows are as tall as their labels, measured
// once (PanelState::HistoryList::row_heights), and only the rows in sight are drawn.

// The steps' action labels made again if the history's shape changed; true when it did.
bool refresh_step_labels(const PanelContext& c) {
  const session::History& history = c.model.history();
  PanelState::HistoryList& list = c.panel.history;
  if (list.labels_shape == history.shape_version() &&
      list.histories_opened == c.ui.histories_opened) {
    return false;
  }
  list.step_labels.resize(history.steps().size());
  for (std::size_t k = 0; k < list.step_labels.size(); k++) {
    list.step_labels[k] = session::step_action_label(history, k);
  }
  list.labels_shape = history.shape_version();
  list.histories_opened = c.ui.histories_opened;
  return true;
}

// A row's label, with its ID after "###" (row 0 the start, row k step k - 1), written into
// `text`; returns where its shown text ends.
const char* history_row_label(const PanelContext& c, std::size_t row, std::span<char> text) {
  using namespace session;
  const History& history = c.model.history();
  int n = 0;
  if (row == 0) {
    n = std::snprintf(text.data(), text.size(), "%s###step0", start_label(history).c_str());
  } else {
    const uint64_t drops = step_drops(history, row - 1);
    char count[32];
    const std::string_view drops_text = with_thousands(drops, count);
    const std::string& action = c.panel.history.step_labels[row - 1];
    if (history.steps()[row - 1].kind == StepKind::rain) {
      n = std::snprintf(text.data(), text.size(), "Rain: %.*s drops###step%zu",
                        static_cast<int>(drops_text.size()), drops_text.data(), row);
    } else if (drops > 0) {
      n = std::snprintf(text.data(), text.size(), "%s + %.*s drops###step%zu", action.c_str(),
                        static_cast<int>(drops_text.size()), drops_text.data(), row);
    } else {
      n = std::snprintf(text.data(), text.size(), "%s###step%zu", action.c_str(), row);
    }
  }
  const char* end = std::strstr(text.data(), "###");
  return end != nullptr
             ? end
             : text.data() + std::min<std::size_t>(static_cast<std::size_t>(n), text.size() - 1);
}

// One row in sight at `y` (`current`: the map is at it, `inside`: inside its step); its height
// measured again as it is drawn (a rain row's count grows, and may take another line).
void draw_history_row(const PanelContext& c, std::size_t r, float y, float wrap, bool current,
                      bool undone, bool inside) {
  char text[512];
  ImGui::SetCursorPosY(y);
  const char* end = history_row_label(c, r, text);
  float& height = c.panel.history.row_heights[r];
  height = ImGui::CalcTextSize(text, end, false, wrap).y;
  if (undone) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  const ImVec2 corner = ImGui::GetCursorScreenPos();
  // The Selectable shows no text of its own (its label is only the ID after "###"): the
  // label is written over it, wrapped.
  if (ImGui::Selectable(end, current, 0, ImVec2(0, height))) {
    c.ask(session::HistoryCommand{session::GoToStep{r}});
  }
  char name[32];
  std::snprintf(name, sizeof name, "step%zu", r);
  note(c, text, name);
  ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), corner,
                                      ImGui::GetColorU32(ImGuiCol_Text), text, end, wrap);
  if (undone) ImGui::PopStyleColor();
  if (current && inside && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("The timeline stopped inside this step");
  }
}

// The rows' heights measured again when the shape or the width changed. Another width (the
// list's scroll bar come or gone, the side bar resized) makes other heights: the step the map is
// at is scrolled to again, with them.
void measure_history_rows(const PanelContext& c, bool new_shape, float wrap) {
  PanelState::HistoryList& list = c.panel.history;
  const std::size_t rows = c.model.history().steps().size() + 1;
  if (!new_shape && wrap == list.rows_width && list.row_heights.size() == rows) return;
  if (wrap != list.rows_width) list.listed_steps = ~std::size_t{0};
  list.row_heights.resize(rows);
  char text[512];
  for (std::size_t r = 0; r < rows; r++) {
    const char* end = history_row_label(c, r, text);
    list.row_heights[r] = ImGui::CalcTextSize(text, end, false, wrap).y;
  }
  list.rows_width = wrap;
}

void draw_history(const PanelContext& c) {
  const session::History& history = c.model.history();
  PanelState::HistoryList& list = c.panel.history;
  const bool new_shape = refresh_step_labels(c);
  const session::HistoryPosition at = history.position();
  const std::size_t done = history.steps_done(at);
  const bool inside = history.inside_step(at);
  const std::size_t current = inside ? done + 1 : done;  // the row the map is at
  const std::size_t rows = history.steps().size() + 1;
  const float gap = ImGui::GetStyle().ItemSpacing.y;
  // The wheel scrolls the side bar even over the list (its scroll bar scrolls the list, and
  // it follows the step the map is at), so that scrolling the panel never sticks on it.
  ImGui::BeginChild("##history list", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 7.5f), true,
                    ImGuiWindowFlags_NoScrollWithMouse);
  const float wrap = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  measure_history_rows(c, new_shape, wrap);
  // The rows in sight: from the scroll's top to the list's bottom.
  const float top = ImGui::GetScrollY();
  const float bottom = top + ImGui::GetWindowHeight();
  float y = ImGui::GetCursorPosY();
  const float start = y;
  float current_y = y;
  for (std::size_t r = 0; r < rows; r++) {
    if (r == current) current_y = y;
    if (y + list.row_heights[r] + gap >= top && y <= bottom) {
      draw_history_row(c, r, y, wrap, r == current, r > current, inside);
    }
    y += list.row_heights[r] + gap;
  }
  // The list's whole height, for the scroll bar.
  ImGui::SetCursorPosY(y);
  ImGui::Dummy(ImVec2(0, 0));
  // A new step scrolls the list to it (and so does another width, above).
  if (history.steps().size() != list.listed_steps) {
    ImGui::SetScrollY(std::max(0.0f, current_y - start - ImGui::GetWindowHeight() / 2));
    list.listed_steps = history.steps().size();
  }
  ImGui::EndChild();
}

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

// 0. A map an earlier run left unsaved, offered back.
void draw_recovery_offer(const PanelContext& c) {
  if (c.shell.recovery.empty()) return;
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.35f, 1.0f), "%s", c.shell.recovery.c_str());
  ImGui::PopTextWrapPos();
  if (button(c, "Bring it back", "recover")) c.ask(ShellCommand{Recover{true}});
  same_line_if_fits("Not now");
  if (button(c, "Not now", "decline_recovery")) c.ask(ShellCommand{Recover{false}});
  ImGui::Separator();
}

// The side bar's sections, top to bottom.
void draw_sections(const PanelContext& c) {
  draw_recovery_offer(c);
  // 1. Actions, the seed and the rain's progress
  draw_action_buttons(c);
  draw_seed_field(c);
  draw_rain_progress(c);
  const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
  if (section(c, "Rain", open)) draw_rain_section(c);
  // Only the chosen generator's own setting is shown; or the file it came from.
  if (section(c, "Ground", open)) draw_ground_section(c);
  // Every step since the session began; clicking one goes there.
  if (section(c, "History", open)) draw_history(c);
  if (section(c, "Rivers")) draw_rivers_section(c);
  if (section(c, "View", open)) draw_view_section(c);
  if (section(c, "Side view", open)) draw_side_view_section(c);
  if (section(c, "Brush", open)) draw_brush_section(c);
  if (section(c, "Output", open)) draw_output_section(c);
  if (section(c, "Map file", open)) draw_map_file_section(c);
  if (section(c, "Frame times")) draw_frame_times_section(c);
  if (section(c, "Keys")) draw_keys_help(c.controls);
}

// Hidden (H, or a window too narrow for it): a button over the map's corner brings it back, so
// a newcomer in a small window finds the controls.
void draw_panel_button(const PanelFrame& f) {
  ImGui::SetNextWindowPos(ImVec2(f.layout.map.left / f.ppp + 8, f.layout.map.top / f.ppp + 8));
  ImGui::SetNextWindowBgAlpha(0.75f);
  ImGui::Begin("##panel button", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove);
  if (button(f, "Panel (H)", "panel")) f.ask(ShellCommand{TogglePanel{}});
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the controls");
  ImGui::End();
}

// The splitter: a thin handle at the bar's right edge; dragging it resizes the bar.
void draw_side_bar_splitter(const PanelFrame& f) {
  const Layout& layout = f.layout;
  ImGui::SetNextWindowPos(
      ImVec2(layout.side_bar.right() / f.ppp - kSplitterWidth, layout.side_bar.top / f.ppp));
  ImGui::SetNextWindowSize(ImVec2(kSplitterWidth, layout.side_bar.height / f.ppp));
  bool grabbed = false;
  const auto dragged = splitter("##side bar splitter", ImGuiMouseCursor_ResizeEW, true, grabbed);
  float& grabbed_at = f.panel.side_bar_grabbed_at;
  if (grabbed) grabbed_at = layout.side_bar.width;
  if (dragged && layout.side_bar.width != grabbed_at + *dragged * f.ppp) {
    f.ask(ShellCommand{ResizeSideBar{grabbed_at + *dragged * f.ppp}});
  }
}

}  // namespace

void draw_keys_help(ControlRects* controls) {
  // Made once: the key table and the count of schemes never change while the app runs.
  static const std::vector<KeyHelpLine> kLines =
      key_help(static_cast<int>(render::color_schemes().size()));
  static const std::vector<std::array<const char*, 2>> kRows = [] {
    std::vector<std::array<const char*, 2>> rows;
    for (const KeyHelpLine& line : kLines) rows.push_back({line.keys.c_str(), line.does.c_str()});
    return rows;
  }();
  draw_help_table("##keys", kRows);
  if (controls != nullptr) {
    const ImVec2 a = ImGui::GetItemRectMin();
    const ImVec2 b = ImGui::GetItemRectMax();
    controls->note("key_help", a.x, a.y, b.x - a.x, b.y - a.y);
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("(not while typing in a field)");
  ImGui::PopTextWrapPos();
  ImGui::Separator();
  draw_help_table("##mouse", kMouseHelp);
}

bool close_drop_down(PanelState& panel) {
  if (!panel.drop_downs.open) return false;
  panel.drop_downs.close = true;
  return true;
}

void draw_panel(const PanelFrame& f, const FrameStats& stats) {
  const Layout& layout = f.layout;
  const float ppp = f.ppp;
  // Whether a drop-down is open, as this frame leaves it (combo() notes it; Esc's `close` is
  // carried out by the open one in this frame, and then done with).
  f.panel.drop_downs.open = false;
  if (layout.side_bar.empty()) {
    f.panel.drop_downs.close = false;
    draw_panel_button(f);
    return;
  }
  const Settings s = f.model.settings();
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
  draw_sections(PanelContext(f, s, item_width, stats));
  ImGui::PopTextWrapPos();
  ImGui::PopItemWidth();
  ImGui::End();
  f.panel.drop_downs.close = false;
  draw_side_bar_splitter(f);
}

}  // namespace terrain::app
