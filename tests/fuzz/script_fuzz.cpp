// libFuzzer target: scripts (terrain::session::parse_script) carried out by the app's core
// (app/app_core.h, no window), as terrain-sandbox carries out --script: parse, then every
// command through AppCore::dispatch, the one path the window's controls take too.
//
// What must hold for every input: parse_script either returns the commands or throws
// std::invalid_argument; carrying them out either applies each or refuses it with
// std::invalid_argument, changing nothing; nothing crashes, hangs, leaks or hits undefined
// behaviour. And the history keeps its promise: the map the script leaves is the map its
// recipe replays from scratch, and going back to the history's start and forward again to the
// same place gives the same bytes.
//
// To stay quick under the sanitizers a script is carried out only when its rain is bounded
// (at most kMostDrops in all, no finish) and it is short (kMostLines commands); longer ones are
// only parsed.
//
// Structure-aware: besides libFuzzer's plain mutations, the custom mutator below changes a
// line's JSON structurally (json_mutator.h: a value nested deep, an element repeated, a long
// number or string, an edge case) or repeats a line many times, so that deeply nested and large
// values, long lines and long scripts, which byte mutations seldom make, come up at once.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app/core/app_core.h"
#include "json_mutator.h"
#include "session/live_model.h"
#include "session/script.h"

namespace {

using namespace terrain::session;

constexpr uint64_t kMostDrops = 20000;
constexpr std::size_t kMostLines = 24;

[[noreturn]] void broken(const char* what, std::string_view script) {
  std::fprintf(stderr, "script_fuzz: %s\n--- script:\n%.*s\n", what,
               static_cast<int>(script.size()), script.data());
  std::abort();
}

// The window around the core: nothing rendered in tiles, the program's own commands (a
// script has none) and messages let go.
struct Quiet : terrain::app::Shell {
  bool rendering_in_tiles() const override { return false; }
  void carry_out(const terrain::app::ShellCommand&) override {}
  void carry_out(const terrain::app::FileCommand&) override {}
  void message(const std::string&, bool failed) override { failures_told += failed ? 1 : 0; }
  void say(const std::string&) override {}
  uint64_t failures() const override { return failures_told; }
  uint64_t failures_told = 0;
};

bool same(const LiveModel& a, const LiveModel& b) {
  return a.heights() == b.heights() && a.original() == b.original() && a.drops() == b.drops() &&
         a.rain().state() == b.rain().state() && a.seed() == b.seed() &&
         a.settings().map() == b.settings().map();
}

}  // namespace

extern "C" std::size_t LLVMFuzzerMutate(uint8_t* data, std::size_t size, std::size_t max_size);

extern "C" std::size_t LLVMFuzzerCustomMutator(uint8_t* data, std::size_t size,
                                               std::size_t max_size, unsigned int seed) {
  using terrain::fuzz::log_uniform;
  terrain::fuzz::Random random(seed);
  // Plain mutations grow a script by little: a long one comes from the structural ones.
  const auto plain = [&] {
    return LLVMFuzzerMutate(data, size, std::min(max_size, std::max<std::size_t>(2 * size, 4096)));
  };
  if (size == 0 || size >= max_size || random() % 3 == 0) return plain();
  std::string text(reinterpret_cast<const char*>(data), size);
  // A line at random: [begin, end), its newline left out.
  std::size_t begin = random() % size;
  while (begin > 0 && text[begin - 1] != '\n') begin--;
  std::size_t end = text.find('\n', begin);
  if (end == std::string::npos) end = size;
  const std::size_t room = max_size - size;
  if (random() % 4 == 0) {
    // The line many times: a long script, up to the lines a script may have and past them.
    const std::string line = text.substr(begin, end - begin) + "\n";
    if (line.size() > room) return plain();
    const std::size_t copies =
        log_uniform(random, std::min<std::size_t>(2 * kMaxScriptLines, room / line.size()));
    std::string all;
    all.reserve(copies * line.size());
    for (std::size_t k = 0; k < copies; k++) all += line;
    if (end == size) text.push_back('\n');
    text.insert(end + 1, all);
  } else {
    std::string line = text.substr(begin, end - begin);
    if (!terrain::fuzz::mutate_json(line, room + line.size(), random)) return plain();
    text.replace(begin, end - begin, line);
  }
  if (text.size() > max_size) return plain();
  std::memcpy(data, text.data(), text.size());
  return text.size();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<ScriptLine> lines;
  try {
    lines = parse_script(text);
  } catch (const std::invalid_argument&) {
    return 0;  // refused, as a bad script must be
  }
  if (lines.size() > kMostLines) return 0;
  uint64_t drops = 0;
  for (const ScriptLine& line : lines) {
    if (const auto* map = std::get_if<MapCommand>(&line.command)) {
      // Rain, and a stroke's dabs (and its rain here), by what they cost a replay.
      drops += std::min(History::replay_cost(*map), kMostDrops + 1);
    }
    if (const auto* view = std::get_if<ViewCommand>(&line.command)) {
      if (std::holds_alternative<FinishRain>(*view) || std::holds_alternative<Play>(*view) ||
          std::holds_alternative<TogglePlay>(*view)) {
        return 0;  // the rain in time is the app's, not the script's
      }
    }
    if (drops > kMostDrops) return 0;
  }

  Quiet shell;
  terrain::app::AppCore core(42, shell);
  const LiveModel& model = core.model();
  core.dispatch(ViewCommand{Pause{}});
  // A command refused says so to the shell and changes nothing.
  // (A map file to save goes to the shell, which here writes nothing.)
  for (const ScriptLine& line : lines) core.dispatch(terrain::app::command_of(line.command));
  core.dispatch(HistoryCommand{EndEdit{}});

  // Its recipe replays it.
  const LiveModel replayed(model.recipe());
  if (replayed.heights() != model.heights() || replayed.rain().state() != model.rain().state()) {
    broken("the map differs from its recipe replayed", text);
  }
  // Back to the start and forward to the same place: the same bytes.
  const History& history = model.history();
  const HistoryPosition at = history.position();
  const std::size_t done = history.steps_done(at);
  const bool inside = history.inside_step(at);
  const uint64_t now = history.timeline().now;
  LiveModel end(model.recipe());
  core.dispatch(HistoryCommand{GoToStep{0}});
  if (model.drops() != 0) broken("the history's start has drops", text);
  core.dispatch(HistoryCommand{GoToStep{inside ? done + 1 : done}});
  if (inside) core.dispatch(HistoryCommand{Seek{now}});
  if (model.history().position() != at) broken("undoing and redoing all moved the place", text);
  if (!same(model, end)) {
    broken("undoing and redoing all changed the bytes", text);
  }
  return 0;
}
