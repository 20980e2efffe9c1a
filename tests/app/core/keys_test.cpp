// The keyboard shortcuts (src/app/core/keys.cpp): each key gives the command keys.h documents, the
// toggles toggle against the current settings, and the Keys list (key_help, made from the key
// table) names every key the app answers, with what it does, and no other; and every shortcut the
// menu bar shows (menu_shortcuts.h) is a key the table answers with what the entry asks for.
#include "app/core/keys.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "app/panel/menu_shortcuts.h"
#include "core/map_view.h"

namespace terrain::app {
namespace {

using session::MapCommand;
using session::Settings;
using session::ViewCommand;

constexpr int kSchemes = 5;

std::optional<Command> press(SDL_Keycode key, const Settings& settings = {},
                             bool fullscreen = false, int schemes = kSchemes) {
  return command_for_key(key, settings, fullscreen, SideView::cross_section, schemes);
}

// Whether `command` is the `Outer` command (MapCommand, ViewCommand or UiCommand) `T`.
template <typename Outer, typename T>
bool is(const std::optional<Command>& command) {
  return command.has_value() && std::holds_alternative<Outer>(*command) &&
         std::holds_alternative<T>(std::get<Outer>(*command));
}

template <typename Outer, typename T>
const T& as(const std::optional<Command>& command) {
  return std::get<T>(std::get<Outer>(command.value()));
}

Settings with(bool show_rivers, bool show_original, bool debug_mode) {
  Settings settings;
  settings.show_rivers = show_rivers;
  settings.show_original = show_original;
  settings.debug_mode = debug_mode;
  return settings;
}

// Both fullscreen states and a few settings: keys other than Esc do not depend on them.
struct State {
  Settings settings;
  bool fullscreen;
};
std::vector<State> states() {
  std::vector<State> all;
  for (bool fullscreen : {false, true}) {
    for (bool on : {false, true}) all.push_back({with(on, on, on), fullscreen});
    all.push_back({with(true, false, true), fullscreen});
  }
  return all;
}

TEST(Keys, SpaceTogglesPlay) {
  for (const State& state : states()) {
    EXPECT_TRUE((
        is<ViewCommand, session::TogglePlay>(press(SDLK_SPACE, state.settings, state.fullscreen))));
  }
}

TEST(Keys, RRestartsTheMap) {
  for (const State& state : states()) {
    EXPECT_TRUE(
        (is<MapCommand, session::Restart>(press(SDLK_r, state.settings, state.fullscreen))));
  }
}

TEST(Keys, NPicksANewSeed) {
  for (const State& state : states()) {
    EXPECT_TRUE((is<UiCommand, NewSeed>(press(SDLK_n, state.settings, state.fullscreen))));
  }
}

TEST(Keys, SSavesAPng) {
  for (const State& state : states()) {
    EXPECT_TRUE((is<ShellCommand, SavePng>(press(SDLK_s, state.settings, state.fullscreen))));
  }
}

TEST(Keys, F11AndFToggleFullscreenEitherWay) {
  for (const State& state : states()) {
    EXPECT_TRUE(
        (is<ShellCommand, ToggleFullscreen>(press(SDLK_F11, state.settings, state.fullscreen))));
    EXPECT_TRUE(
        (is<ShellCommand, ToggleFullscreen>(press(SDLK_f, state.settings, state.fullscreen))));
  }
}

TEST(Keys, EscLeavesFullscreenOnlyWhenFullscreen) {
  EXPECT_TRUE((is<ShellCommand, LeaveFullscreen>(press(SDLK_ESCAPE, {}, true))));
  EXPECT_FALSE(press(SDLK_ESCAPE, {}, false).has_value());
  for (const State& state : states()) {
    const auto command = press(SDLK_ESCAPE, state.settings, state.fullscreen);
    EXPECT_EQ(command.has_value(), state.fullscreen);
    if (state.fullscreen) {
      EXPECT_TRUE((is<ShellCommand, LeaveFullscreen>(command)));
    }
  }
}

TEST(Keys, WShowsOrHidesRiversAgainstTheCurrentSetting) {
  for (const State& state : states()) {
    const auto command = press(SDLK_w, state.settings, state.fullscreen);
    ASSERT_TRUE((is<ViewCommand, session::ShowRivers>(command)));
    EXPECT_EQ((as<ViewCommand, session::ShowRivers>(command).on), !state.settings.show_rivers);
  }
  EXPECT_FALSE((as<ViewCommand, session::ShowRivers>(press(SDLK_w, with(true, false, false))).on));
  EXPECT_TRUE((as<ViewCommand, session::ShowRivers>(press(SDLK_w, with(false, true, true))).on));
}

TEST(Keys, OShowsOrHidesTheOriginalTerrainAgainstTheCurrentSetting) {
  for (const State& state : states()) {
    const auto command = press(SDLK_o, state.settings, state.fullscreen);
    ASSERT_TRUE((is<ViewCommand, session::ShowOriginal>(command)));
    EXPECT_EQ((as<ViewCommand, session::ShowOriginal>(command).on), !state.settings.show_original);
  }
  EXPECT_TRUE((as<ViewCommand, session::ShowOriginal>(press(SDLK_o, with(true, false, true))).on));
  EXPECT_FALSE(
      (as<ViewCommand, session::ShowOriginal>(press(SDLK_o, with(false, true, false))).on));
}

TEST(Keys, DTurnsDebugModeOnOrOffAgainstTheCurrentSetting) {
  for (const State& state : states()) {
    const auto command = press(SDLK_d, state.settings, state.fullscreen);
    ASSERT_TRUE((is<ViewCommand, session::SetDebugMode>(command)));
    EXPECT_EQ((as<ViewCommand, session::SetDebugMode>(command).on), !state.settings.debug_mode);
  }
  EXPECT_TRUE((as<ViewCommand, session::SetDebugMode>(press(SDLK_d, with(true, true, false))).on));
  EXPECT_FALSE(
      (as<ViewCommand, session::SetDebugMode>(press(SDLK_d, with(false, false, true))).on));
}

TEST(Keys, HTogglesThePanel) {
  for (const State& state : states()) {
    EXPECT_TRUE((is<ShellCommand, TogglePanel>(press(SDLK_h, state.settings, state.fullscreen))));
  }
}

TEST(Keys, OneToFivePickTheFiveSchemesInOrder) {
  const SDL_Keycode digits[] = {SDLK_1, SDLK_2, SDLK_3, SDLK_4, SDLK_5};
  for (int i = 0; i < kSchemes; i++) {
    SCOPED_TRACE(i);
    for (const State& state : states()) {
      const auto command = press(digits[i], state.settings, state.fullscreen);
      ASSERT_TRUE((is<UiCommand, SetScheme>(command)));
      EXPECT_EQ((as<UiCommand, SetScheme>(command).index), i);
    }
  }
}

TEST(Keys, NumberKeysBeyondTheSchemesAndZeroDoNothing) {
  for (SDL_Keycode key : {SDLK_6, SDLK_7, SDLK_8, SDLK_9, SDLK_0}) {
    EXPECT_FALSE(press(key).has_value()) << SDL_Keycode(key);
  }
  // The count of schemes decides: with 6 schemes, 6 picks the sixth; with none, 1 does nothing.
  const auto sixth = press(SDLK_6, {}, false, 6);
  ASSERT_TRUE((is<UiCommand, SetScheme>(sixth)));
  EXPECT_EQ((as<UiCommand, SetScheme>(sixth).index), 5);
  EXPECT_EQ((as<UiCommand, SetScheme>(press(SDLK_9, {}, false, 9)).index), 8);
  EXPECT_FALSE(press(SDLK_1, {}, false, 0).has_value());
  EXPECT_FALSE(press(SDLK_3, {}, false, 2).has_value());
  EXPECT_FALSE(press(SDLK_0, {}, false, 10).has_value());
  // The keypad's digits are other keys.
  EXPECT_FALSE(press(SDLK_KP_1).has_value());
}

TEST(Keys, VStepsThroughTheViewsAndRoundAgain) {
  session::Settings s;
  const std::pair<MapView, MapView> steps[] = {{MapView::map, MapView::basins},
                                               {MapView::basins, MapView::flow},
                                               {MapView::flow, MapView::three_d},
                                               {MapView::three_d, MapView::map}};
  for (const auto& [from, to] : steps) {
    s.view = from;
    const auto command = command_for_key(SDLK_v, s, false, SideView::cross_section, 5);
    ASSERT_TRUE(command.has_value());
    const auto* view = std::get_if<session::ViewCommand>(&*command);
    ASSERT_NE(view, nullptr);
    ASSERT_TRUE(std::holds_alternative<session::SetView>(*view));
    EXPECT_EQ(std::get<session::SetView>(*view).view, to);
  }
}

TEST(Keys, LShowsOrHidesLakesAndTStrokesRiversByOrderOrFlow) {
  session::Settings s;
  for (const bool on : {false, true}) {
    s.show_lakes = on;
    const auto lakes = command_for_key(SDLK_l, s, false, SideView::cross_section, 5);
    ASSERT_TRUE(lakes.has_value());
    EXPECT_EQ(std::get<session::ShowLakes>(std::get<session::ViewCommand>(*lakes)).on, !on);
  }
  for (const RiversBy by : {RiversBy::flow, RiversBy::order}) {
    s.rivers_by = by;
    const auto t = command_for_key(SDLK_t, s, false, SideView::cross_section, 5);
    ASSERT_TRUE(t.has_value());
    EXPECT_EQ(std::get<session::SetRiversBy>(std::get<session::ViewCommand>(*t)).by,
              by == RiversBy::flow ? RiversBy::order : RiversBy::flow);
  }
}

TEST(Keys, BTogglesTheStripHomeAndZFitTheMapGFinishesTheRain) {
  EXPECT_TRUE((is<UiCommand, ToggleSideView>(press(SDLK_b))));
  EXPECT_TRUE((is<UiCommand, FitMap>(press(SDLK_HOME))));
  EXPECT_TRUE((is<UiCommand, FitMap>(press(SDLK_z))));
  EXPECT_TRUE((is<ViewCommand, session::FinishRain>(press(SDLK_g))));
}

TEST(Keys, KStepsThroughTheSideViewsAndRoundAgain) {
  const std::pair<SideView, SideView> steps[] = {{SideView::cross_section, SideView::walk},
                                                 {SideView::walk, SideView::sections},
                                                 {SideView::sections, SideView::cross_section}};
  for (const auto& [from, to] : steps) {
    const auto command = command_for_key(SDLK_k, Settings{}, false, from, kSchemes);
    ASSERT_TRUE((is<UiCommand, SetSideView>(command)));
    EXPECT_EQ((as<UiCommand, SetSideView>(command).view), to);
  }
}

TEST(Keys, OtherKeysDoNothing) {
  for (SDL_Keycode key :
       {SDLK_a, SDLK_c, SDLK_e, SDLK_q, SDLK_x, SDLK_RETURN, SDLK_TAB, SDLK_BACKSPACE, SDLK_DELETE,
        SDLK_F1, SDLK_F10, SDLK_F12, SDLK_LEFT, SDLK_UP, SDLK_LCTRL, SDLK_LSHIFT, SDLK_MINUS,
        SDLK_PERIOD, SDLK_UNKNOWN}) {
    for (const State& state : states()) {
      EXPECT_FALSE(press(key, state.settings, state.fullscreen).has_value())
          << SDL_Keycode(key) << " fullscreen " << state.fullscreen;
    }
  }
}

// --- key_help -------------------------------------------------------------------------------

// A key the Keys list names, with the modifiers it names.
struct Listed {
  SDL_Keycode key;
  SDL_Keymod mod;
  bool operator<(const Listed& o) const { return key != o.key ? key < o.key : mod < o.mod; }
  bool operator==(const Listed& o) const { return key == o.key && mod == o.mod; }
};
void PrintTo(const Listed& k, std::ostream* os) {
  *os << ((k.mod & KMOD_CTRL) ? "Ctrl+" : "") << ((k.mod & KMOD_SHIFT) ? "Shift+" : "")
      << SDL_GetKeyName(k.key);
}

// A key as the list writes it: "Ctrl+" or "Ctrl+Shift+" and SDL's name of the key, read back
// with SDL's own table of names (the test's, not the list's).
Listed read_key(std::string name) {
  SDL_Keymod mod = KMOD_NONE;
  for (const auto& [prefix, m] :
       {std::pair{std::string("Ctrl+Shift+"), static_cast<SDL_Keymod>(KMOD_LCTRL | KMOD_LSHIFT)},
        std::pair{std::string("Ctrl+"), KMOD_LCTRL}}) {
    if (name.rfind(prefix, 0) == 0) {
      mod = m;
      name = name.substr(prefix.size());
      break;
    }
  }
  const SDL_Keycode key = SDL_GetKeyFromName(name.c_str());
  EXPECT_NE(key, SDLK_UNKNOWN) << "the Keys list names a key SDL does not know: '" << name << "'";
  return {key, mod};
}

// Every key of the list's lines ("F11, F" is two keys, "1-5" five), in order.
std::vector<Listed> help_keys(int schemes = kSchemes) {
  std::vector<Listed> keys;
  for (const KeyHelpLine& line : key_help(schemes)) {
    EXPECT_FALSE(line.keys.empty());
    EXPECT_FALSE(line.does.empty()) << line.keys;
    std::istringstream names(line.keys);
    std::string name;
    while (std::getline(names, name, ',')) {
      if (!name.empty() && name[0] == ' ') name.erase(0, 1);
      const auto dash = name.find('-', 1);
      if (dash != std::string::npos) {
        const Listed from = read_key(name.substr(0, dash));
        const Listed to = read_key(name.substr(dash + 1));
        EXPECT_LT(from.key, to.key) << name;
        for (SDL_Keycode key = from.key; key <= to.key; key++) keys.push_back({key, from.mod});
      } else {
        keys.push_back(read_key(name));
      }
    }
  }
  return keys;
}

// The line of the list that names `key`.
KeyHelpLine line_for(const std::string& keys) {
  for (const KeyHelpLine& line : key_help(kSchemes)) {
    if (line.keys == keys) return line;
  }
  ADD_FAILURE() << "no line for " << keys;
  return {};
}

// Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo; with Ctrl no other key does its plain command.
TEST(Keys, CtrlZUndoesCtrlShiftZAndCtrlYRedo) {
  const auto with = [](SDL_Keycode key, SDL_Keymod mod) {
    return command_for_key(key, Settings{}, false, SideView::cross_section, 5, mod);
  };
  const auto undo = with(SDLK_z, KMOD_LCTRL);
  ASSERT_TRUE(undo);
  EXPECT_EQ(std::get<session::Undo>(std::get<session::HistoryCommand>(*undo)).steps, 1);
  for (const auto& [key, mod] :
       {std::pair{SDLK_z, static_cast<SDL_Keymod>(KMOD_RCTRL | KMOD_LSHIFT)},
        std::pair{SDLK_y, KMOD_LCTRL}}) {
    const auto redo = with(key, mod);
    ASSERT_TRUE(redo);
    EXPECT_EQ(std::get<session::Redo>(std::get<session::HistoryCommand>(*redo)).steps, 1);
  }
  EXPECT_FALSE(with(SDLK_r, KMOD_LCTRL));  // Ctrl+R is not Restart
  // Ctrl+Q quits, asking first (Quit::ask); Q alone does nothing.
  const auto quit = with(SDLK_q, KMOD_RCTRL);
  ASSERT_TRUE(quit);
  EXPECT_TRUE(std::get<Quit>(std::get<ShellCommand>(*quit)).ask);
  EXPECT_FALSE(with(SDLK_q, KMOD_NONE));
  EXPECT_TRUE(std::holds_alternative<session::HistoryCommand>(*with(SDLK_z, KMOD_LCTRL)));
  // Without Ctrl, Z still fits the map.
  EXPECT_TRUE(std::holds_alternative<UiCommand>(*with(SDLK_z, KMOD_NONE)));
  // [ and ] step the timeline.
  EXPECT_EQ(
      std::get<StepTimeline>(std::get<UiCommand>(*with(SDLK_LEFTBRACKET, KMOD_NONE))).direction,
      -1);
  EXPECT_EQ(
      std::get<StepTimeline>(std::get<UiCommand>(*with(SDLK_RIGHTBRACKET, KMOD_NONE))).direction,
      1);
}

TEST(KeyHelp, ListsTheDocumentedKeys) {
  const auto keys = help_keys();
  const std::set<Listed> listed(keys.begin(), keys.end());
  const SDL_Keymod none = KMOD_NONE;
  const SDL_Keymod ctrl = KMOD_LCTRL;
  const auto ctrl_shift = static_cast<SDL_Keymod>(KMOD_LCTRL | KMOD_LSHIFT);
  const std::set<Listed> documented = {{SDLK_SPACE, none},       {SDLK_r, none},
                                       {SDLK_n, none},           {SDLK_s, none},
                                       {SDLK_F11, none},         {SDLK_f, none},
                                       {SDLK_ESCAPE, none},      {SDLK_w, none},
                                       {SDLK_o, none},           {SDLK_d, none},
                                       {SDLK_1, none},           {SDLK_2, none},
                                       {SDLK_3, none},           {SDLK_4, none},
                                       {SDLK_5, none},           {SDLK_h, none},
                                       {SDLK_v, none},           {SDLK_l, none},
                                       {SDLK_t, none},           {SDLK_b, none},
                                       {SDLK_HOME, none},        {SDLK_z, none},
                                       {SDLK_g, none},           {SDLK_k, none},
                                       {SDLK_LEFTBRACKET, none}, {SDLK_RIGHTBRACKET, none},
                                       {SDLK_p, none},           {SDLK_z, ctrl},
                                       {SDLK_z, ctrl_shift},     {SDLK_y, ctrl},
                                       {SDLK_s, ctrl},           {SDLK_s, ctrl_shift},
                                       {SDLK_o, ctrl},           {SDLK_q, ctrl}};
  EXPECT_EQ(listed, documented);
  EXPECT_EQ(keys.size(), listed.size()) << "a key is listed twice";
}

TEST(KeyHelp, EveryKeyItListsHasACommand) {
  for (const Listed& k : help_keys()) {
    // Fullscreen, so that Esc has its command too.
    EXPECT_TRUE(command_for_key(k.key, {}, true, SideView::cross_section, kSchemes, k.mod))
        << SDL_GetKeyName(k.key) << " mod " << k.mod;
  }
}

// Every key, alone and with Ctrl, and with Ctrl+Shift where that is not Ctrl's own meaning:
// a key that does something is in the list.
TEST(KeyHelp, NoKeyItLeavesOutHasACommand) {
  const auto keys = help_keys();
  const std::set<Listed> listed(keys.begin(), keys.end());
  std::vector<SDL_Keycode> all;
  for (SDL_Keycode key = 0; key < 128; key++) all.push_back(key);
  for (SDL_Keycode key = SDLK_CAPSLOCK; key <= SDLK_KP_PERIOD; key++) all.push_back(key);
  for (SDL_Keycode key = SDLK_F13; key <= SDLK_F24; key++) all.push_back(key);
  for (SDL_Keycode key = SDLK_LCTRL; key <= SDLK_RGUI; key++) all.push_back(key);
  const auto ctrl_shift = static_cast<SDL_Keymod>(KMOD_LCTRL | KMOD_LSHIFT);
  const auto with = [](SDL_Keycode key, SDL_Keymod mod) {
    return command_for_key(key, {}, true, SideView::cross_section, kSchemes, mod);
  };
  for (SDL_Keycode key : all) {
    for (const SDL_Keymod mod : {KMOD_NONE, KMOD_LCTRL, ctrl_shift}) {
      if (listed.count({key, mod})) continue;
      const auto command = with(key, mod);
      if (mod == ctrl_shift && command) {
        // Ctrl+Shift+Y is Ctrl+Y: a key with no Ctrl+Shift meaning has its Ctrl one.
        EXPECT_TRUE(listed.count({key, KMOD_LCTRL})) << "key " << key << " with Ctrl+Shift";
        continue;
      }
      EXPECT_FALSE(command.has_value()) << "key " << key << " mod " << mod << " is not listed";
    }
  }
}

// A line per thing the keys do, in the table's order: the keys of one action together.
TEST(KeyHelp, KeysOfOneActionShareALine) {
  EXPECT_EQ(line_for("F11, F").does, "fullscreen");
  EXPECT_EQ(line_for("Home, Z").does, "fit the whole map (in 3D: frame the island)");
  EXPECT_EQ(line_for("Ctrl+Shift+Z, Ctrl+Y").does, "redo");
  EXPECT_EQ(line_for("1-5").does, "colour scheme");
  EXPECT_EQ(line_for("Ctrl+Shift+S").does, "save the map file as");
  EXPECT_NE(line_for("Escape").does.find("drop-down"), std::string::npos);
  EXPECT_EQ(key_help(kSchemes).front().keys, "Space");
  // The number keys follow the count of schemes: none, none listed.
  EXPECT_EQ(line_for("1-5").keys, "1-5");
  bool numbers = false;
  for (const KeyHelpLine& line : key_help(0)) numbers |= line.does == "colour scheme";
  EXPECT_FALSE(numbers);
  for (const KeyHelpLine& line : key_help(7)) {
    if (line.does == "colour scheme") {
      EXPECT_EQ(line.keys, "1-7");
    }
  }
}

// V's line names every view V steps through, in its order (3D too), K's every side view.
TEST(KeyHelp, VAndKListTheViewsTheyStepThrough) {
  EXPECT_EQ(line_for("V").does, "next view: map, basins, flow, 3d");
  EXPECT_EQ(line_for("K").does, "next side view: cross-section, walk, sections");
  // And in the order V goes: from each named view, V goes to the next one named.
  session::Settings s;
  for (std::size_t k = 0; k < kMapViews.size(); k++) {
    s.view = kMapViews[k];
    const auto next = press(SDLK_v, s);
    ASSERT_TRUE((is<ViewCommand, session::SetView>(next)));
    EXPECT_EQ((as<ViewCommand, session::SetView>(next).view),
              kMapViews[(k + 1) % kMapViews.size()]);
  }
}

// A command as text enough to tell the menu's from the keys': its alternative's place in each
// variant, and the fields the shortcuts' commands carry.
std::string describe(const Command& command) {
  std::string text = std::to_string(command.index());
  if (const auto* ui = std::get_if<UiCommand>(&command)) {
    text += "/" + std::to_string(ui->index());
  } else if (const auto* shell = std::get_if<ShellCommand>(&command)) {
    text += "/" + std::to_string(shell->index());
    if (const auto* choose = std::get_if<ChooseFile>(shell)) {
      text += "/" + std::to_string(static_cast<int>(choose->what));
    }
    if (const auto* quit = std::get_if<Quit>(shell)) text += quit->ask ? "/asks" : "/at once";
  } else if (const auto* view = std::get_if<ViewCommand>(&command)) {
    text += "/" + std::to_string(view->index());
    if (const auto* set = std::get_if<session::SetView>(view)) {
      text += "/" + std::string(map_view_name(set->view));
    }
  } else if (const auto* history = std::get_if<session::HistoryCommand>(&command)) {
    text += "/" + std::to_string(history->index());
    if (const auto* undo = std::get_if<session::Undo>(history)) {
      text += "/" + std::to_string(undo->steps);
    }
    if (const auto* redo = std::get_if<session::Redo>(history)) {
      text += "/" + std::to_string(redo->steps);
    }
  } else {
    text += "/?";  // no entry with a shortcut asks for another kind
  }
  return text;
}

// Every shortcut the menu bar shows is its action's first key in the key table, and pressing
// that key asks for what picking the entry asks for: in every state, or for an entry the key
// steps through (V through Map shows), in the state just before it.
TEST(MenuShortcuts, EveryShortcutShownIsAKeyThatAsksForWhatItsEntryDoes) {
  ASSERT_GE(menu_shortcuts().size(), 17u);
  std::set<std::string> entries;
  for (const MenuShortcut& entry : menu_shortcuts()) {
    SCOPED_TRACE(entry.entry);
    EXPECT_TRUE(entries.insert(entry.entry).second) << "listed once";
    EXPECT_EQ(menu_shortcut(entry.entry), &entry);
    const KeyBinding* key = nullptr;
    for (const KeyBinding& b : key_table()) {
      if (key == nullptr && b.action == entry.action) key = &b;
    }
    ASSERT_NE(key, nullptr) << "the key table has no key for it";
    EXPECT_EQ(shortcut_text(entry.action), key_name(key->key, key->mods));
    const auto mod =
        static_cast<SDL_Keymod>(key->mods == KeyMods::ctrl_shift ? KMOD_CTRL | KMOD_SHIFT
                                : key->mods == KeyMods::ctrl     ? KMOD_CTRL
                                                                 : KMOD_NONE);
    int same = 0;
    for (const MapView view : kMapViews) {
      Settings settings;
      settings.view = view;
      const auto pressed =
          command_for_key(key->key, settings, false, SideView::cross_section, kSchemes, mod);
      ASSERT_TRUE(pressed.has_value()) << "the table answers the key it shows";
      const bool equal = describe(*pressed) == describe(entry.asks(settings));
      if (!entry.steps) {
        EXPECT_TRUE(equal) << map_view_name(view) << ": the key asks for " << describe(*pressed)
                           << ", the entry for " << describe(entry.asks(settings));
      }
      same += equal ? 1 : 0;
    }
    if (entry.steps) {
      EXPECT_EQ(same, 1) << "from the entry before it only";
    }
  }
  EXPECT_EQ(menu_shortcut("about"), nullptr);  // an entry without a shortcut
}

// The menu shows the shortcuts it showed when they were written into it by hand.
TEST(MenuShortcuts, NameTheKeysAsTheMenuAlwaysHas) {
  const std::vector<std::pair<const char*, const char*>> shown = {
      {"new_seed", "N"}, {"open", "Ctrl+O"},    {"save", "Ctrl+S"}, {"save_as", "Ctrl+Shift+S"},
      {"save_png", "S"}, {"quit", "Ctrl+Q"},    {"undo", "Ctrl+Z"}, {"redo", "Ctrl+Shift+Z"},
      {"paint", "P"},    {"map_shows_3d", "V"}, {"strip", "B"},     {"panel", "H"},
      {"fit", "Home"},   {"fullscreen", "F11"}};
  for (const auto& [entry, text] : shown) {
    const MenuShortcut* shortcut = menu_shortcut(entry);
    ASSERT_NE(shortcut, nullptr) << entry;
    EXPECT_EQ(shortcut_text(shortcut->action), text) << entry;
  }
}

}  // namespace
}  // namespace terrain::app
