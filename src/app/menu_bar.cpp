// The menu bar (menu_bar.h).
#include "app/menu_bar.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include "app/keys.h"
#include "io/heightmap.h"

namespace terrain::app {
namespace {

// Where the entries are noted for the tests (set for the duration of draw_menu_bar).
ControlRects* g_menu_controls = nullptr;

void note_item(const char* name) {
  if (g_menu_controls == nullptr) return;
  char full[ControlRects::kNameSize];
  std::snprintf(full, sizeof full, "menu/%s", name);
  const ImVec2 a = ImGui::GetItemRectMin();
  const ImVec2 b = ImGui::GetItemRectMax();
  g_menu_controls->note(full, a.x, a.y, b.x - a.x, b.y - a.y);
}

// A menu of the bar, noted as menu/NAME (the tests open it by its place).
bool menu(const char* label, const char* name, bool enabled = true) {
  const bool open = ImGui::BeginMenu(label, enabled);
  note_item(name);
  return open;
}

// An entry with its shortcut (nullptr: none); true when picked.
bool item(const char* label, const char* name, const char* shortcut = nullptr,
          bool selected = false, bool enabled = true) {
  const bool picked = ImGui::MenuItem(label, shortcut, selected, enabled);
  note_item(name);
  return picked;
}

void draw_file_menu(const session::LiveModel& model, const UiState& ui,
                    std::vector<Command>& commands) {
  const auto ask = [&](Command c) { commands.push_back(std::move(c)); };
  const bool busy = ui.work.has_value();
  if (item("New seed", "new_seed", "N")) ask(UiCommand{NewSeed{}});
  ImGui::Separator();
  if (item("Open...", "open", "Ctrl+O", false, !busy)) {
    ask(UiCommand{ChooseFile{FileChoice::map_to_open}});
  }
  if (menu("Open recent", "open_recent", !ui.recent_maps.empty() && !busy)) {
    for (std::size_t k = 0; k < ui.recent_maps.size(); k++) {
      const std::filesystem::path path(ui.recent_maps[k]);
      const bool missing = k < ui.recent_missing.size() && ui.recent_missing[k];
      char label[300];
      std::snprintf(label, sizeof label, "%s%s##recent%zu", path.filename().c_str(),
                    missing ? " (missing)" : "", k);
      char name[32];
      std::snprintf(name, sizeof name, "recent_%zu", k);
      if (item(label, name, nullptr, false, !missing)) {
        ask(UiCommand{OpenRecent{static_cast<int>(k)}});
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", ui.recent_maps[k].c_str());
    }
    ImGui::EndMenu();
  }
  if (item("Open heightmap...", "open_heightmap", nullptr, false, !busy)) {
    ask(UiCommand{ChooseFile{FileChoice::heightmap}});
  }
  ImGui::Separator();
  if (item("Save", "save", "Ctrl+S", false, !busy)) ask(UiCommand{SaveMapNow{}});
  if (item("Save as...", "save_as", "Ctrl+Shift+S", false, !busy)) ask(UiCommand{SaveMapAs{}});
  if (item("Save PNG", "save_png", "S")) ask(UiCommand{SavePng{}});
  if (menu("Export", "export")) {
    char heights[64];
    std::snprintf(heights, sizeof heights, "Heights (%s)",
                  std::string(io::heightmap_format_name(ui.export_format)).c_str());
    if (item(heights, "export_heights")) ask(UiCommand{ExportHeightmap{false}});
    if (item("Original ground", "export_original")) ask(UiCommand{ExportHeightmap{true}});
    if (item("Hydrology layers (PNG)", "export_layers")) ask(UiCommand{ExportLayers{}});
    if (item("Grids (.npy)", "export_grids")) ask(UiCommand{ExportGrids{}});
    if (item("SVG", "export_svg")) ask(UiCommand{ExportSvg{}});
    if (item("glTF mesh (.glb)", "export_glb")) ask(UiCommand{ExportMesh{false}});
    if (item("OBJ mesh", "export_obj")) ask(UiCommand{ExportMesh{true}});
    ImGui::Separator();
    char render[64];
    std::snprintf(render, sizeof render, "Render PNG (%d x %d)", ui.render_size[0],
                  ui.render_size[1]);
    if (item(render, "render")) ask(UiCommand{RenderPng{ui.render_size[0], ui.render_size[1]}});
    if (item(ui.recording ? "Stop the time-lapse" : "Record a time-lapse", "record", nullptr,
             ui.recording)) {
      ask(UiCommand{ToggleRecording{}});
    }
    ImGui::EndMenu();
  }
  if (ui.can_choose_files && item("Save folder...", "save_folder", nullptr, false, !busy)) {
    ask(UiCommand{ChooseFile{FileChoice::save_folder}});
  }
  ImGui::Separator();
  if (item("Quit", "quit", "Ctrl+Q")) ask(UiCommand{Quit{}});
  (void)model;
}

void draw_edit_menu(const session::LiveModel& model, const UiState& ui,
                    std::vector<Command>& commands) {
  const session::History& history = model.history();
  if (item("Undo", "undo", "Ctrl+Z", false, history.can_undo())) {
    commands.push_back(session::HistoryCommand{session::Undo{}});
  }
  if (item("Redo", "redo", "Ctrl+Shift+Z", false, history.can_redo())) {
    commands.push_back(session::HistoryCommand{session::Redo{}});
  }
  ImGui::Separator();
  if (item("Paint with the brush", "paint", "P", ui.paint_mode)) {
    commands.push_back(UiCommand{TogglePaintMode{}});
  }
}

void draw_view_menu(const session::LiveModel& model, const UiState& ui, const Layout& layout,
                    std::vector<Command>& commands) {
  const MapView view = model.settings().view;
  if (menu("Map shows", "map_shows")) {
    constexpr struct {
      MapView view;
      const char* label;
      const char* name;
    } views[] = {{MapView::map, "Map", "map"},
                 {MapView::basins, "Basins", "basins"},
                 {MapView::flow, "Flow", "flow"},
                 {MapView::three_d, "3D", "3d"}};
    for (const auto& v : views) {
      char name[32];
      std::snprintf(name, sizeof name, "map_shows_%s", v.name);
      if (item(v.label, name, "V", view == v.view)) {
        commands.push_back(session::ViewCommand{session::SetView{v.view}});
      }
    }
    ImGui::EndMenu();
  }
  const bool three_d = view == MapView::three_d;
  if (item("3D view", "3d", nullptr, three_d)) {
    commands.push_back(
        session::ViewCommand{session::SetView{three_d ? MapView::map : MapView::three_d}});
  }
  ImGui::Separator();
  if (item("Side view strip", "strip", "B", ui.side.shown)) {
    commands.push_back(UiCommand{ToggleSideView{}});
  }
  if (item("Panel", "panel", "H", !layout.side_bar.empty())) {
    commands.push_back(UiCommand{TogglePanel{}});
  }
  if (item(three_d ? "Frame the island" : "Fit map", "fit", "Home")) {
    commands.push_back(three_d ? Command{UiCommand{FrameIsland{}}} : Command{UiCommand{FitMap{}}});
  }
  if (item("Fullscreen", "fullscreen", "F11", ui.fullscreen)) {
    commands.push_back(UiCommand{ToggleFullscreen{}});
  }
}

void draw_help_menu(const UiState& ui, std::vector<Command>& commands) {
  if (item("Keys", "keys", nullptr, ui.help == HelpWindow::keys)) {
    commands.push_back(
        UiCommand{ShowHelp{ui.help == HelpWindow::keys ? HelpWindow::none : HelpWindow::keys}});
  }
  if (item("About Terrain Sandbox", "about", nullptr, ui.help == HelpWindow::about)) {
    commands.push_back(
        UiCommand{ShowHelp{ui.help == HelpWindow::about ? HelpWindow::none : HelpWindow::about}});
  }
}

// The Keys or About window, in the middle of the map; its Close (or the window's own close
// box) hides it.
void draw_help_window(const UiState& ui, const Layout& layout, float ppp,
                      std::vector<Command>& commands) {
  if (ui.help == HelpWindow::none) return;
  const bool keys = ui.help == HelpWindow::keys;
  const ImVec2 centre((layout.map.left + layout.map.width / 2) / ppp,
                      (layout.map.top + layout.map.height / 2) / ppp);
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  bool open = true;
  ImGui::Begin(keys ? "Keys###help" : "About Terrain Sandbox###help", &open,
               ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoCollapse);
  if (keys) {
    ImGui::TextUnformatted(kKeyHelp);
    ImGui::Separator();
    ImGui::TextUnformatted(kMouseHelp);
  } else {
    ImGui::Text("Terrain Sandbox %s", TERRAIN_VERSION);
    ImGui::TextUnformatted(
        "Rain carves an island while you watch: the p5.js \"Hydraulic Erosion\" sketch,\n"
        "ported bit for bit, with diamond-square ground, drainage (rivers, Strahler order,\n"
        "basins) and side-view landscapes.");
    ImGui::TextUnformatted("Dear ImGui " IMGUI_VERSION ", SDL2, GLM.");
  }
  if (ImGui::Button("Close")) open = false;
  note_item("help_close");
  ImGui::End();
  if (!open) commands.push_back(UiCommand{ShowHelp{HelpWindow::none}});
}

}  // namespace

float menu_bar_height() {
  // (Asked before the frame begins, when ImGui::GetFontSize has no window to answer for.)
  const ImGuiIO& io = ImGui::GetIO();
  const ImFont* font = io.FontDefault != nullptr ? io.FontDefault
                       : io.Fonts->Fonts.empty() ? nullptr
                                                 : io.Fonts->Fonts[0];
  const float size = font != nullptr ? font->FontSize * io.FontGlobalScale : 13.0f;
  return std::ceil(size + 2 * ImGui::GetStyle().FramePadding.y);
}

void draw_menu_bar(const session::LiveModel& model, UiState& ui, const Layout& layout,
                   float pixels_per_point, std::vector<Command>& commands) {
  g_menu_controls = ui.note_controls ? &ui.controls : nullptr;
  if (ImGui::BeginMainMenuBar()) {
    if (menu("File", "file")) {
      draw_file_menu(model, ui, commands);
      ImGui::EndMenu();
    }
    if (menu("Edit", "edit")) {
      draw_edit_menu(model, ui, commands);
      ImGui::EndMenu();
    }
    if (menu("View", "view")) {
      draw_view_menu(model, ui, layout, commands);
      ImGui::EndMenu();
    }
    if (menu("Help", "help")) {
      draw_help_menu(ui, commands);
      ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
  }
  draw_help_window(ui, layout, pixels_per_point, commands);
  g_menu_controls = nullptr;
}

}  // namespace terrain::app
