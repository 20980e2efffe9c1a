// The keyboard shortcuts (src/app/keys.cpp): each key gives the command keys.h documents, the
// toggles toggle against the current settings, and every key kKeyHelp lists is one the app
// knows (and no other key does anything).
#include "app/keys.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

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
    EXPECT_TRUE((is<UiCommand, SavePng>(press(SDLK_s, state.settings, state.fullscreen))));
  }
}

TEST(Keys, F11AndFToggleFullscreenEitherWay) {
  for (const State& state : states()) {
    EXPECT_TRUE(
        (is<UiCommand, ToggleFullscreen>(press(SDLK_F11, state.settings, state.fullscreen))));
    EXPECT_TRUE((is<UiCommand, ToggleFullscreen>(press(SDLK_f, state.settings, state.fullscreen))));
  }
}

TEST(Keys, EscLeavesFullscreenOnlyWhenFullscreen) {
  EXPECT_TRUE((is<UiCommand, LeaveFullscreen>(press(SDLK_ESCAPE, {}, true))));
  EXPECT_FALSE(press(SDLK_ESCAPE, {}, false).has_value());
  for (const State& state : states()) {
    const auto command = press(SDLK_ESCAPE, state.settings, state.fullscreen);
    EXPECT_EQ(command.has_value(), state.fullscreen);
    if (state.fullscreen) {
      EXPECT_TRUE((is<UiCommand, LeaveFullscreen>(command)));
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
    EXPECT_TRUE((is<UiCommand, TogglePanel>(press(SDLK_h, state.settings, state.fullscreen))));
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

// --- kKeyHelp ------------------------------------------------------------------------------

// A key as kKeyHelp names it: "Space", "F11", a capital letter or a digit.
SDL_Keycode key_named(const std::string& name) {
  if (name == "Space") return SDLK_SPACE;
  if (name == "Esc") return SDLK_ESCAPE;
  if (name == "Home") return SDLK_HOME;
  if (name.size() >= 2 && name[0] == 'F' && name.find_first_not_of("0123456789", 1) == name.npos) {
    const int n = std::stoi(name.substr(1));
    if (n >= 1 && n <= 12) return SDLK_F1 + (n - 1);
  }
  if (name.size() == 1 && name[0] >= 'A' && name[0] <= 'Z') return SDLK_a + (name[0] - 'A');
  if (name.size() == 1 && name[0] >= '0' && name[0] <= '9') return SDLK_0 + (name[0] - '0');
  if (name == "[") return SDLK_LEFTBRACKET;
  if (name == "]") return SDLK_RIGHTBRACKET;
  ADD_FAILURE() << "kKeyHelp names a key the test cannot read: '" << name << "'";
  return SDLK_UNKNOWN;
}

// The keys of kKeyHelp's first column ("F11 F" is two keys, "1-5" five), and Esc, which its
// fullscreen line names ("(Esc leaves)").
std::vector<SDL_Keycode> help_keys() {
  std::vector<SDL_Keycode> keys;
  std::istringstream lines(kKeyHelp);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '(') continue;  // the note under the table
    const auto gap = line.find("  ");
    EXPECT_NE(gap, std::string::npos) << "no key column: " << line;
    std::istringstream column(line.substr(0, gap));
    std::string name;
    while (column >> name) {
      const auto dash = name.find('-');
      if (dash != std::string::npos) {
        const SDL_Keycode from = key_named(name.substr(0, dash));
        const SDL_Keycode to = key_named(name.substr(dash + 1));
        EXPECT_LT(from, to) << name;
        for (SDL_Keycode key = from; key <= to; key++) keys.push_back(key);
      } else {
        keys.push_back(key_named(name));
      }
    }
    if (line.find("(Esc leaves)") != std::string::npos) keys.push_back(SDLK_ESCAPE);
  }
  return keys;
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
  EXPECT_TRUE(std::get<Quit>(std::get<UiCommand>(*quit)).ask);
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
  const std::set<SDL_Keycode> listed(keys.begin(), keys.end());
  const std::set<SDL_Keycode> documented = {SDLK_SPACE,
                                            SDLK_r,
                                            SDLK_n,
                                            SDLK_s,
                                            SDLK_F11,
                                            SDLK_f,
                                            SDLK_ESCAPE,
                                            SDLK_w,
                                            SDLK_o,
                                            SDLK_d,
                                            SDLK_1,
                                            SDLK_2,
                                            SDLK_3,
                                            SDLK_4,
                                            SDLK_5,
                                            SDLK_h,
                                            SDLK_v,
                                            SDLK_l,
                                            SDLK_t,
                                            SDLK_b,
                                            SDLK_HOME,
                                            SDLK_z,
                                            SDLK_g,
                                            SDLK_k,
                                            SDLK_LEFTBRACKET,
                                            SDLK_RIGHTBRACKET,
                                            SDLK_p};
  EXPECT_EQ(listed, documented);
  EXPECT_EQ(keys.size(), listed.size()) << "a key is listed twice";
}

TEST(KeyHelp, EveryKeyItListsHasACommand) {
  for (SDL_Keycode key : help_keys()) {
    // Fullscreen, so that Esc has its command too.
    EXPECT_TRUE(press(key, {}, true).has_value()) << SDL_GetKeyName(key);
  }
}

TEST(KeyHelp, NoKeyItLeavesOutHasACommand) {
  const auto keys = help_keys();
  const std::set<SDL_Keycode> listed(keys.begin(), keys.end());
  std::vector<SDL_Keycode> all;
  for (SDL_Keycode key = 0; key < 128; key++) all.push_back(key);
  for (SDL_Keycode key = SDLK_CAPSLOCK; key <= SDLK_KP_PERIOD; key++) all.push_back(key);
  for (SDL_Keycode key = SDLK_F13; key <= SDLK_F24; key++) all.push_back(key);
  for (SDL_Keycode key = SDLK_LCTRL; key <= SDLK_RGUI; key++) all.push_back(key);
  for (SDL_Keycode key : all) {
    if (listed.count(key)) continue;
    EXPECT_FALSE(press(key, {}, true).has_value()) << "key " << key << " is not in kKeyHelp";
  }
}

}  // namespace
}  // namespace terrain::app
