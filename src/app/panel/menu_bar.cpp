// The menu bar (menu_bar.h).
#include "app/panel/menu_bar.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include "app/core/keys.h"
#include "app/panel/menu_shortcuts.h"
#include "app/panel/panel.h"
#include "io/heightmap.h"

namespace terrain::app {
namespace {

// What the menus draw with: the frame (panel.h: the model, the UI state, the commands asked
// for, and where the entries are noted for the tests), and the entries themselves.
struct Menus {
  const PanelFrame& f;
  const session::LiveModel& model;
  const UiState& ui;
  const ShellState& shell;
  const Layout& layout;

  explicit Menus(const PanelFrame& frame)
      : f(frame), model(frame.model), ui(frame.ui), shell(frame.shell), layout(frame.layout) {}

  void ask(Command command) const { f.ask(std::move(command)); }

  void note_item(const char* name) const {
    if (f.controls == nullptr) return;
    char full[ControlRects::kNameSize];
    std::snprintf(full, sizeof full, "menu/%s", name);
    const ImVec2 a = ImGui::GetItemRectMin();
    const ImVec2 b = ImGui::GetItemRectMax();
    f.controls->note(full, a.x, a.y, b.x - a.x, b.y - a.y);
  }

  // A menu of the bar, noted as menu/NAME (the tests open it by its place).
  bool menu(const char* label, const char* name, bool enabled = true) const {
    const bool open = ImGui::BeginMenu(label, enabled);
    note_item(name);
    return open;
  }

  // An entry without a shortcut; true when picked.
  bool item(const char* label, const char* name, bool selected = false, bool enabled = true) const {
    const bool picked = ImGui::MenuItem(label, nullptr, selected, enabled);
    note_item(name);
    return picked;
  }

  // An entry with a shortcut (menu_shortcuts.h): its key named as the key table names it, and
  // picked, it asks for what the table says the entry asks for (what the key asks for).
  void shortcut_item(const char* label, const char* name, bool selected = false,
                     bool enabled = true) const {
    const MenuShortcut* shortcut = menu_shortcut(name);
    IM_ASSERT(shortcut != nullptr && "an entry with a shortcut is in menu_shortcuts()");
    const std::string key = shortcut != nullptr ? shortcut_text(shortcut->action) : "";
    const bool picked =
        ImGui::MenuItem(label, key.empty() ? nullptr : key.c_str(), selected, enabled);
    note_item(name);
    if (picked && shortcut != nullptr) ask(shortcut->asks(model.settings()));
  }
};

// File > Export (each export into the save folder under the sketch's names, Render PNG, the
// time-lapse) and File > Export as (each export under a name chosen in the file chooser).
void draw_export_menus(const Menus& m, bool busy) {
  const UiState& ui = m.ui;
  const ShellState& shell = m.shell;
  const auto ask = [&](Command c) { m.ask(std::move(c)); };
  if (m.menu("Export", "export")) {
    char heights[64];
    std::snprintf(heights, sizeof heights, "Heights (%s)",
                  std::string(io::heightmap_format_name(ui.export_format)).c_str());
    if (m.item(heights, "export_heights")) ask(ShellCommand{ExportHeightmap{false}});
    if (m.item("Original ground", "export_original")) ask(ShellCommand{ExportHeightmap{true}});
    if (m.item("Hydrology layers (PNG)", "export_layers")) ask(ShellCommand{ExportLayers{}});
    if (m.item("Grids (.npy)", "export_grids")) ask(ShellCommand{ExportGrids{}});
    if (m.item("SVG", "export_svg")) ask(ShellCommand{ExportSvg{}});
    if (m.item("glTF mesh (.glb)", "export_glb")) ask(ShellCommand{ExportMesh{false}});
    if (m.item("OBJ mesh", "export_obj")) ask(ShellCommand{ExportMesh{true}});
    ImGui::Separator();
    char render[64];
    std::snprintf(render, sizeof render, "Render PNG (%d x %d)", ui.render_size[0],
                  ui.render_size[1]);
    if (m.item(render, "render"))
      ask(ShellCommand{RenderPng{ui.render_size[0], ui.render_size[1]}});
    if (m.item(shell.recording ? "Stop the time-lapse" : "Record a time-lapse", "record",
               shell.recording)) {
      ask(ShellCommand{ToggleRecording{}});
    }
    ImGui::EndMenu();
  }
  // Each export under a name chosen in the file chooser (the Export menu's go into the save
  // folder under the sketch's names).
  if (m.menu("Export as", "export_as", !busy)) {
    constexpr struct {
      FileChoice what;
      const char* label;
      const char* name;
    } kinds[] = {{FileChoice::export_picture, "Picture (PNG)...", "as_picture"},
                 {FileChoice::export_heights, "Heights...", "as_heights"},
                 {FileChoice::export_original, "Original ground...", "as_original"},
                 {FileChoice::export_layers, "Hydrology layers...", "as_layers"},
                 {FileChoice::export_grids, "Grids...", "as_grids"},
                 {FileChoice::export_svg, "SVG...", "as_svg"},
                 {FileChoice::export_glb, "glTF mesh (.glb)...", "as_glb"},
                 {FileChoice::export_obj, "OBJ mesh...", "as_obj"}};
    for (const auto& k : kinds) {
      if (m.item(k.label, k.name)) ask(ShellCommand{ChooseFile{k.what}});
    }
    ImGui::EndMenu();
  }
}

void draw_file_menu(const Menus& m) {
  const ShellState& shell = m.shell;
  const auto ask = [&](Command c) { m.ask(std::move(c)); };
  const bool busy = shell.work.has_value();
  m.shortcut_item("New seed", "new_seed");
  ImGui::Separator();
  m.shortcut_item("Open...", "open", false, !busy);
  if (m.menu("Open recent", "open_recent", !shell.recent_maps.empty() && !busy)) {
    for (std::size_t k = 0; k < shell.recent_maps.size(); k++) {
      const std::filesystem::path path(shell.recent_maps[k]);
      const bool missing = k < shell.recent_missing.size() && shell.recent_missing[k];
      char label[300];
      std::snprintf(label, sizeof label, "%s%s##recent%zu", path.filename().c_str(),
                    missing ? " (missing)" : "", k);
      char name[32];
      std::snprintf(name, sizeof name, "recent_%zu", k);
      if (m.item(label, name, false, !missing)) {
        ask(ShellCommand{OpenRecent{static_cast<int>(k)}});
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", shell.recent_maps[k].c_str());
    }
    ImGui::EndMenu();
  }
  if (m.item("Open heightmap...", "open_heightmap", false, !busy)) {
    ask(ShellCommand{ChooseFile{FileChoice::heightmap}});
  }
  ImGui::Separator();
  m.shortcut_item("Save", "save", false, !busy);
  m.shortcut_item("Save as...", "save_as", false, !busy);
  m.shortcut_item("Save PNG", "save_png");
  draw_export_menus(m, busy);
  if (m.item("Save folder...", "save_folder", false, !busy)) {
    ask(ShellCommand{ChooseFile{FileChoice::save_folder}});
  }
  ImGui::Separator();
  m.shortcut_item("Quit", "quit");
}

void draw_edit_menu(const Menus& m) {
  const session::History& history = m.model.history();
  m.shortcut_item("Undo", "undo", false, history.can_undo());
  m.shortcut_item("Redo", "redo", false, history.can_redo());
  ImGui::Separator();
  m.shortcut_item("Paint with the brush", "paint", m.ui.paint_mode);
}

void draw_view_menu(const Menus& m) {
  const MapView view = m.model.settings().view;
  if (m.menu("Map shows", "map_shows")) {
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
      m.shortcut_item(v.label, name, view == v.view);
    }
    ImGui::EndMenu();
  }
  const bool three_d = view == MapView::three_d;
  if (m.item("3D view", "3d", three_d)) {
    m.ask(session::ViewCommand{session::SetView{three_d ? MapView::map : MapView::three_d}});
  }
  ImGui::Separator();
  m.shortcut_item("Side view strip", "strip", m.ui.side.shown);
  m.shortcut_item("Panel", "panel", !m.layout.side_bar.empty());
  m.shortcut_item(three_d ? "Frame the island" : "Fit map", "fit");
  m.shortcut_item("Fullscreen", "fullscreen", m.shell.fullscreen);
}

void draw_help_menu(const Menus& m) {
  const HelpWindow help = m.ui.help;
  if (m.item("Keys", "keys", help == HelpWindow::keys)) {
    m.ask(UiCommand{ShowHelp{help == HelpWindow::keys ? HelpWindow::none : HelpWindow::keys}});
  }
  if (m.item("About Terrain Sandbox", "about", help == HelpWindow::about)) {
    m.ask(UiCommand{ShowHelp{help == HelpWindow::about ? HelpWindow::none : HelpWindow::about}});
  }
}

// The Keys or About window, in the middle of the map; its Close (or the window's own close
// box) hides it.
void draw_help_window(const Menus& m) {
  const Layout& layout = m.layout;
  const float ppp = m.f.ppp;
  if (m.ui.help == HelpWindow::none) return;
  const bool keys = m.ui.help == HelpWindow::keys;
  const ImVec2 centre((layout.map.left + layout.map.width / 2) / ppp,
                      (layout.map.top + layout.map.height / 2) / ppp);
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  // The Keys' tables wrap to the window's width: it is given one.
  if (keys) {
    ImGui::SetNextWindowSize(
        ImVec2(std::min(480.0f, layout.map.width / ppp), std::min(560.0f, layout.map.height / ppp)),
        ImGuiCond_Appearing);
  }
  bool open = true;
  ImGui::Begin(keys ? "Keys###help" : "About Terrain Sandbox###help", &open,
               (keys ? 0 : ImGuiWindowFlags_AlwaysAutoResize) | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoCollapse);
  // Close first: the Keys' list may run past the window's bottom.
  if (ImGui::Button("Close")) open = false;
  m.note_item("help_close");
  ImGui::Separator();
  if (keys) {
    draw_keys_help(nullptr);  // (the Keys section's list is the one noted)
  } else {
    ImGui::Text("Terrain Sandbox %s", TERRAIN_VERSION);
    ImGui::TextUnformatted(
        "Rain carves an island while you watch: the p5.js \"Hydraulic Erosion\" sketch,\n"
        "ported bit for bit, with diamond-square ground, drainage (rivers, Strahler order,\n"
        "basins) and side-view landscapes.");
    ImGui::TextUnformatted("Dear ImGui " IMGUI_VERSION ", SDL2, GLM.");
  }
  ImGui::End();
  if (!open) m.ask(UiCommand{ShowHelp{HelpWindow::none}});
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

void draw_menu_bar(const PanelFrame& frame) {
  const Menus m(frame);
  if (ImGui::BeginMainMenuBar()) {
    if (m.menu("File", "file")) {
      draw_file_menu(m);
      ImGui::EndMenu();
    }
    if (m.menu("Edit", "edit")) {
      draw_edit_menu(m);
      ImGui::EndMenu();
    }
    if (m.menu("View", "view")) {
      draw_view_menu(m);
      ImGui::EndMenu();
    }
    if (m.menu("Help", "help")) {
      draw_help_menu(m);
      ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
  }
  draw_help_window(m);
}

}  // namespace terrain::app
