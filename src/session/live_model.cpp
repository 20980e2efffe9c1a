// The live model: the sketch's draw() without the drawing, and its control handlers.
//
// Sections: helpers (CPU clock, range checks); setup (constructor, resetTerrain); time
// (tick = draw(), refresh = redraw()); finishing the rain now (the worker thread); rivers
// (drawRivers() bookkeeping, buildRivers()); controls.
//
// Every rule here is the p5.js "Hydraulic Erosion" sketch's, under its names.
// Float32Array arithmetic is kept: each element is read as a double, the sum is done in
// double and the result stored as float32, so the eased rivers match the sketch bit for bit.
#include "session/live_model.h"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <variant>

#include "core/number_text.h"
#include "core/overloaded.h"
#include "session/cpu_time.h"
#include "session/recorded_map.h"

namespace terrain::session {
namespace {

const Settings& checked(const Settings& s) {
  check_settings(s);
  return s;
}

// Every frame the drawn rivers move RIVER_EASE of the way to the latest ones (drawRivers()'s
// easing loop, its Float32Array arithmetic kept: each read widened to double, each result
// stored as float32); true if anything moved. Without a branch in the loop, so the compiler
// works out several cells at once (the same IEEE operations: the same bits).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
bool ease_rivers(const float* water, float* shown, float* fade_in, float* ghost_fade,
                 std::size_t n) {
  constexpr double ease = sketch::RIVER_EASE;
  const double keep = 1 - ease;  // what a ghost keeps of its opacity each frame
  bool moved = false;
  for (std::size_t i = 0; i < n; i++) {
    const float s =
        static_cast<float>(shown[i] + (water[i] - static_cast<double>(shown[i])) * ease);
    const float f = static_cast<float>(fade_in[i] + (1 - static_cast<double>(fade_in[i])) * ease);
    const float g = static_cast<float>(ghost_fade[i] * keep);
    moved |= (s != shown[i]) | (f != fade_in[i]) | (g != ghost_fade[i]);
    shown[i] = s;
    fade_in[i] = f;
    ghost_fade[i] = g;
  }
  return moved;
}

}  // namespace

// --- A finish under way ------------------------------------------------------------------

// The worker owns `heights` and `rain` (a copy of the model's, rebound to them) until it has
// published done == drops; the main thread reads only the atomics until then, and adopts the
// rest after joining. The destructor's cancel is seen between chunks.
// The worker also keeps the history's checkpoints inside its rain: at the drops in `marks` it
// copies its heights into the slots the main thread took for it, and its rain's state.
struct LiveModel::Finish {
  Finish(const Heightfield& from, const Rain& rain_from, uint64_t n)
      : heights(from), rain(rain_from), drops(n) {
    rain.rebind(heights);
    rain.keep_routes(false);  // the worker keeps no routes
    rain.clear_routes();
  }
  // The worker's loop: chunks of rain, each published, until all are done or it is cancelled.
  // Rain::run allocates nothing, and nor does this.
  void run() {
    uint64_t rained = 0;
    std::size_t next = 0;  // the next checkpoint
    while (rained < drops && !cancel.load(std::memory_order_relaxed)) {
      uint64_t n = std::min(kFinishChunk, drops - rained);
      if (next < marks.size()) n = std::min(n, marks[next] - rained);
      rain.run(n);
      rained += n;
      if (next < marks.size() && rained == marks[next]) {
        std::copy(heights.data(), heights.data() + heights.size(), slot_values[next]);
        states[next] = rain.state();
        next++;
      }
      done.store(rained, std::memory_order_release);
    }
  }

  Heightfield heights;
  Rain rain;
  const uint64_t drops;  // the whole finish: the remaining ticks of drops_per_frame
  // Checkpoints: after marks[k] drops, into slots[k] (whose values are slot_values[k]).
  std::vector<uint64_t> marks;
  std::vector<int> slots;
  std::vector<float*> slot_values;
  std::vector<RainState> states;
  std::atomic<uint64_t> done{0};
  std::atomic<bool> cancel{false};
  std::thread worker;
};

// --- Setup ---------------------------------------------------------------------------------

// setup(): buildBrush() (inside Rain), resetTerrain(). The island and the rain are built in
// the initialiser list so the terrain is grown once.
LiveModel::LiveModel(uint32_t seed, const Settings& settings)
    : settings_(checked(settings)),
      map_(seed, settings_.map()),
      history_(map_.head(), map_.heights().size()) {
  map_.rain().keep_routes(settings_.debug_mode);
  // The drawRivers() arrays, sized once for the grid (Float32Array and Int32Array start at 0).
  const std::size_t n = map_.heights().size();
  rivers_.assign(n);
  water_.assign(n, 0.0f);
  previous_downstream_.assign(n, 0);
  // The recipe starts here; room for a session's worth of commands, so recording a tick's
  // rain never allocates in a steady frame.
  recipe_ = {seed, std::nullopt, settings_.map(), {}};
  recipe_.commands.reserve(256);
  update_hydrology();
  keep_checkpoint();  // the history's start
}

LiveModel::LiveModel(const MapRecipe& recipe) : LiveModel(recipe.seed, Settings(recipe.settings)) {
  if (recipe.ground) apply(MapCommand{SetGround{*recipe.ground}});
  for (const MapCommand& command : recipe.commands) apply(command);
}

LiveModel::~LiveModel() {
  if (finish_) {
    finish_->cancel.store(true, std::memory_order_relaxed);  // seen at its next chunk
    finish_->worker.join();
    for (const int slot : finish_->slots) history_.store().release(slot);
  }
}

// resetTerrain() done by the map: what is drawn of it starts again. rivers_for = null,
// shown_for = null, paths = []. The river arrays keep their contents (the sketch's do): the
// next drawRivers() jumps, as shown_for is null.
void LiveModel::new_map() {
  map_.rain().keep_routes(settings_.debug_mode);
  routes_expire_ = false;
  rivers_for_ = {};
  shown_for_ = {};
  stopped_at_target_ = false;
  // After the rain stopped itself, a new map rains again (resting(): not the sketch's way).
  if (resting_) {
    resting_ = false;
    playing_ = true;
  }
  // A new map: its recipe starts again from here.
  recipe_.seed = map_.seed();
  recipe_.ground = map_.ground_file();
  recipe_.settings = settings_.map();
  recipe_.commands.clear();
  original_changed_ = true;
  ground_version_++;
  hydrology_for_ = {};
  // A new ground: its analysis at once, so it always has the ground's size (going to a place
  // of the history works it out once, at the place).
  if (!replaying_) update_hydrology();
  changed();
}

void LiveModel::record(const MapCommand& command) {
  append_map_command(recipe_.commands, command);
}

uint64_t LiveModel::drops() const {
  return finish_ ? map_.drops() + finish_->done.load(std::memory_order_relaxed) : map_.drops();
}

double LiveModel::progress() const {
  return std::min(1.0, static_cast<double>(drops()) / static_cast<double>(sketch::RAIN_TARGET));
}

const Heightfield& LiveModel::terrain() const {
  return settings_.show_original ? map_.original() : map_.heights();
}

void LiveModel::changed() {
  version_++;
}

// --- Time ----------------------------------------------------------------------------------

// draw() while looping: p5 counts the frame before calling draw(), so the first tick sees
// frame_count 1 and the rivers are rebuilt on frames 15, 30, ... (and whenever rivers_for is
// null).
void LiveModel::tick() {
  stopped_at_target_ = false;
  if (update_finish()) return;  // the finish landed: that was this frame
  if (!playing_) return;
  frame_count_++;
  // drawDebug() emptied `paths` at the end of the last looping frame.
  if (routes_expire_) map_.rain().clear_routes();
  routes_expire_ = false;

  // rain(): drops_per_frame drops, then stop once when the target is passed; pressing play
  // keeps it raining (the test below is true only on the frame that crosses it).
  // While finishing, the worker has the rest of the rain: a frame without it.
  const double rain_start = thread_cpu_ms();
  const auto n = finish_ ? uint64_t{0} : static_cast<uint64_t>(settings_.drops_per_frame);
  rain_recorded(n);
  const auto target = static_cast<uint64_t>(sketch::RAIN_TARGET);
  if (map_.drops() >= target && map_.drops() - n < target) {
    playing_ = false;  // sketch.noLoop()
    stopped_at_target_ = true;
    resting_ = true;
  }
  if (n > 0) changed();
  const double rain_end = thread_cpu_ms();

  frame();
  timings_.rain_ms = rain_end - rain_start;
  timings_.rivers_ms = thread_cpu_ms() - rain_end;
  // The sketch's drawDebug(): `if (isLooping()) paths = []`. A frame that stopped the rain
  // keeps its routes, and they stay drawn while paused.
  routes_expire_ = playing_;
}

void LiveModel::rain_now(uint64_t n) {
  wait_finish();
  rain_recorded(n);
  const auto target = static_cast<uint64_t>(sketch::RAIN_TARGET);
  const bool stopped = map_.drops() >= target && map_.drops() - n < target;
  if (stopped && playing_) resting_ = true;  // stopped by itself, not paused by the user before
  if (stopped) playing_ = false;             // sketch.noLoop(), as in rain()
  if (n > 0) changed();
  refresh();  // while paused the rivers jump to the new terrain (nothing while playing)
  stopped_at_target_ = stopped;
}

// redraw() while paused: a frame without rain, in which the rivers jump to the new ones.
void LiveModel::refresh() {
  if (replaying_) return;
  if (update_finish()) return;  // the finish landed: that was this frame, a jump
  if (playing_) return;
  stopped_at_target_ = false;
  frame_count_++;
  if (routes_expire_) map_.rain().clear_routes();
  routes_expire_ = false;
  const double start = thread_cpu_ms();
  frame();
  timings_.rain_ms = 0;
  timings_.rivers_ms = thread_cpu_ms() - start;
  changed();
}

// The rest of draw(): of what is drawn only the rivers keep state between frames. With the
// rivers hidden the hydrology (the views, the lakes, the readout) keeps their schedule.
void LiveModel::frame() {
  if (settings_.show_rivers) {
    draw_rivers_bookkeeping();
  } else {
    keep_hydrology();
  }
}

void LiveModel::play() {
  wait_finish();
  resting_ = false;
  if (playing_) return;
  playing_ = true;  // sketch.loop()
  changed();
}

void LiveModel::pause() {
  wait_finish();
  resting_ = false;  // paused by the user: a new map stays paused
  if (!playing_) return;
  playing_ = false;  // sketch.noLoop(): the canvas keeps its last frame
  changed();
}

void LiveModel::toggle_play() {
  wait_finish();
  playing_ ? pause() : play();
}

// --- Finishing the rain now ----------------------------------------------------------------

// Live rain stops in the tick whose drops_per_frame take the total to RAIN_TARGET or past it:
// the finish is the drops of that tick and those before it.
void LiveModel::finish_rain() {
  if (finish_) return;
  const auto target = static_cast<uint64_t>(sketch::RAIN_TARGET);
  if (map_.drops() >= target) {
    throw std::invalid_argument("nothing to finish: the rain has reached its target already (" +
                                std::to_string(map_.drops()) + " of " + std::to_string(target) +
                                " drops)");
  }
  const auto per_tick = static_cast<uint64_t>(settings_.drops_per_frame);
  if (per_tick == 0) {
    throw std::invalid_argument(
        "nothing to finish: drops_per_frame is 0, so the rain would never reach its target of " +
        std::to_string(target) + " drops");
  }
  const uint64_t ticks = (target - map_.drops() + per_tick - 1) / per_tick;
  auto finish = std::make_unique<Finish>(map_.heights(), map_.rain(), ticks * per_tick);
  // The history's checkpoints inside the finish, at its spacing as live rain would keep them:
  // the slots are taken now, on this thread; the worker only writes their values.
  if (!original_changed_) {
    const uint64_t spacing = history_.spacing();
    const Checkpoint& last = history_.checkpoint_before(history_.position());
    const uint64_t since = history_.cost(history_.position()) - last.cost;
    uint64_t mark = since < spacing ? spacing - since : spacing;
    std::size_t count = 0;
    for (uint64_t m = mark; m < finish->drops; m += spacing) count++;
    history_.make_room(count + 1);
    for (; mark < finish->drops; mark += spacing) {
      const int slot = history_.store().take_blank();
      if (slot < 0) break;
      finish->marks.push_back(mark);
      finish->slots.push_back(slot);
      finish->slot_values.push_back(history_.store().values_to_write(slot));
    }
    finish->states.resize(finish->marks.size());
  }
  Finish* const worker = finish.get();
  finish_ = std::move(finish);
  try {
    worker->worker = std::thread([worker] { worker->run(); });
  } catch (...) {
    for (const int slot : finish_->slots) history_.store().release(slot);
    finish_.reset();
    throw;
  }
  changed();
}

bool LiveModel::update_finish() {
  if (!finish_ || finish_->done.load(std::memory_order_acquire) < finish_->drops) return false;
  land_finish();
  return true;
}

void LiveModel::wait_finish() {
  if (finish_) land_finish();
}

// The frame in which live rain stops, with the rain done by the worker: its heights and rain
// state swapped in (the heights' storage changes hands, nothing is copied but the rain's
// few counters and brush), the drops recorded, noLoop(), and a frame in which the rivers jump
// to the new terrain and the hydrology is worked out.
void LiveModel::land_finish() {
  finish_->worker.join();
  const uint64_t n = finish_->drops;
  const uint64_t drops_before = map_.drops();
  map_.adopt(finish_->heights, finish_->rain, n);  // the heights' storage changes hands
  map_.rain().keep_routes(settings_.debug_mode);
  const std::unique_ptr<Finish> finish = std::move(finish_);

  record(RainDrops{n});
  history_.record(RainDrops{n}, map_.seed(), settings_.map(), drops_before);
  // The worker's checkpoints, inside the rain atom the finish went into.
  const auto& atom = std::get<RainDrops>(history_.atoms().back());
  const MapStart now = head();
  for (std::size_t k = 0; k < finish->slots.size(); k++) {
    history_.checkpoint_in_rain(atom.drops - n + finish->marks[k], finish->slots[k], now,
                                finish->states[k], drops_before + finish->marks[k]);
  }
  finish->slots.clear();
  keep_checkpoint();
  // Live rain would have stopped itself here; a finish asked for while paused keeps the pause.
  resting_ = playing_;
  playing_ = false;  // sketch.noLoop(), as the stopping tick's rain()
  frame_count_++;
  routes_expire_ = false;
  const double start = thread_cpu_ms();
  frame();  // paused: the rivers (or the hydrology alone) are due and jump
  timings_.rain_ms = 0;
  timings_.rivers_ms = thread_cpu_ms() - start;
  changed();
  stopped_at_target_ = true;
}

// --- Rivers --------------------------------------------------------------------------------

// drawRivers() without the drawing. While it rains, each update eases in rather than
// replacing the last one: the water drawn creeps towards the new amounts, and a piece that
// changes course fades out along its old line as it fades in along the new one. A new
// terrain, a change of view, or a redraw while paused jumps straight to the new rivers.
//
// One deviation, so that moving the sea level re-colours and re-routes the rivers at once (as
// the panel's slider promises): a change of view_of (sea level, or original terrain on or off)
// makes the rebuild due at once even while playing; the sketch waits for the next RIVER_EVERY
// frame and meanwhile eases towards the old view's rivers.
LiveModel::RiverKey LiveModel::key_now() const {
  return {true,
          map_.drops(),
          ground_edits_,
          settings_.show_original,
          settings_.sea_level,
          settings_.routing,
          settings_.min_flow};
}

// The same ground: the same drops and no stroke since (the sketch's key is the drops alone).
bool LiveModel::same_ground(const RiverKey& a, const RiverKey& b) {
  return a.drops == b.drops && a.edits == b.edits;
}

bool LiveModel::same_view(const RiverKey& a, const RiverKey& b) {
  return a.valid && b.valid && a.original == b.original && a.sea_level == b.sea_level &&
         a.routing == b.routing && a.min_flow == b.min_flow;
}

void LiveModel::draw_rivers_bookkeeping() {
  // view_of = `${terrain === original}/${sea_level}` (and here the routing and the minimum
  // flow); state = `${drops}/${view_of}`.
  const RiverKey state = key_now();
  const bool easing = playing_ && same_view(shown_for_, state);
  const bool same_state = same_view(rivers_for_, state) && same_ground(rivers_for_, state);
  const bool view_changed = rivers_for_.valid && !same_view(rivers_for_, state);  // the deviation
  const bool due =
      !playing_ || frame_count_ % sketch::RIVER_EVERY == 0 || !rivers_for_.valid || view_changed;

  const std::size_t n = rivers_.shown.size();
  // Pieces under the minimum flow are not drawn, so they leave no ghost (the sketch's
  // RIVER_START).
  const auto min_flow = static_cast<float>(settings_.min_flow);
  if (!same_state && due) {
    std::copy(rivers_.downstream.begin(), rivers_.downstream.end(), previous_downstream_.begin());
    build_rivers();
    rivers_for_ = state;
    changed();
    if (easing) {
      // A piece's curve also depends on where the next cell goes, so a piece changes shape
      // when either step changes. Its old line becomes a ghost that fades out.
      const int32_t* was_to = previous_downstream_.data();
      const int32_t* now_to = rivers_.downstream.data();
      for (std::size_t i = 0; i < n; i++) {
        const int32_t was = was_to[i];
        const int32_t was_after = was >= 0 ? was_to[was] : -1;
        const int32_t now = now_to[i];
        const int32_t now_after = now >= 0 ? now_to[now] : -1;
        if ((was == now && was_after == now_after) || rivers_.shown[i] < min_flow) continue;
        if (was >= 0) {
          rivers_.ghost_to[i] = was;
          rivers_.ghost_after[i] = was_after;
          rivers_.ghost_water[i] = rivers_.shown[i];
          rivers_.ghost_fade[i] = rivers_.fade_in[i];
        }
        rivers_.fade_in[i] = 0;
      }
    }
  }

  if (easing) {
    // Every frame the drawn rivers move RIVER_EASE of the way to the latest ones.
    if (ease_rivers(water_.data(), rivers_.shown.data(), rivers_.fade_in.data(),
                    rivers_.ghost_fade.data(), n)) {
      changed();
    }
  } else {
    std::copy(water_.begin(), water_.end(), rivers_.shown.begin());
    std::fill(rivers_.fade_in.begin(), rivers_.fade_in.end(), 1.0f);
    std::fill(rivers_.ghost_fade.begin(), rivers_.ghost_fade.end(), 0.0f);
    shown_for_ = state;
    shown_for_.drops = 0;
    changed();
  }
}

// With the rivers hidden: the hydrology is worked out when the rivers would have been.
void LiveModel::keep_hydrology() {
  const RiverKey now = key_now();
  const bool same_state = same_view(hydrology_for_, now) && same_ground(hydrology_for_, now);
  const bool view_changed = !same_view(hydrology_for_, now);
  const bool due = !playing_ || frame_count_ % sketch::RIVER_EVERY == 0 || view_changed;
  if (same_state || !due) return;
  update_hydrology();
  changed();
}

// The terrain drawn, routed as terrain-cli routes it (the seed's wander ripple, kept by the
// hydrology, for the sketch's routing; none for the flood's).
void LiveModel::update_hydrology() {
  const RiverKey now = key_now();
  if (same_view(hydrology_for_, now) && same_ground(hydrology_for_, now)) return;
  hydrology_.compute(terrain(),
                     hydrology_params(settings_.sea_level, settings_.routing,
                                      static_cast<uint32_t>(settings_.min_flow)),
                     map_.seed());
  hydrology_for_ = now;
}

// buildRivers(terrain): the terrain plus the wander ripple, hollows filled, every cell
// draining to its steepest neighbour (update_hydrology); water is the rain that drains
// through each cell, itself counted.
void LiveModel::build_rivers() {
  update_hydrology();
  const std::span<const int32_t> to = hydrology_.drainage().downstream();
  const std::span<const uint32_t> flow = hydrology_.drainage().flow();
  std::copy(to.begin(), to.end(), rivers_.downstream.begin());
  // The sketch's water is a Float32Array of whole sums below 2^24: exact as float.
  for (std::size_t i = 0; i < flow.size(); i++) water_[i] = static_cast<float>(flow[i]);
  river_builds_++;
}

// --- Controls ------------------------------------------------------------------------------
// Each is the sketch's handler: update the setting, then refresh() (redraw if paused).

void LiveModel::set_contour_levels(int n) {
  check_whole("contour_levels", n, sketch::contour_levels);
  wait_finish();
  settings_.contour_levels = n;
  changed();
  refresh();
}

void LiveModel::set_view(MapView view) {
  wait_finish();
  settings_.view = view;
  changed();
  refresh();
}

void LiveModel::set_show_lakes(bool on) {
  wait_finish();
  settings_.show_lakes = on;
  changed();
  refresh();
}

void LiveModel::set_rivers_by(RiversBy by) {
  wait_finish();
  settings_.rivers_by = by;
  changed();
  refresh();
}

// The rivers (or the hydrology) are worked out again at the next frame, even while it rains:
// a change of the minimum flow or the routing is a change of view (draw_rivers_bookkeeping).
void LiveModel::set_min_flow(int n) {
  check_whole("min_flow", n, 1, kMinFlowMax);
  wait_finish();
  settings_.min_flow = n;
  changed();
  refresh();
}

void LiveModel::set_routing(Routing routing) {
  wait_finish();
  settings_.routing = routing;
  changed();
  refresh();
}

void LiveModel::set_show_rivers(bool on) {
  wait_finish();
  settings_.show_rivers = on;
  changed();
  refresh();
}

void LiveModel::set_show_original(bool on) {
  wait_finish();
  settings_.show_original = on;
  changed();
  refresh();
}

// Debug mode traces the drops of the latest frame: paths = [].
void LiveModel::set_debug_mode(bool on) {
  wait_finish();
  settings_.debug_mode = on;
  map_.rain().clear_routes();
  map_.rain().keep_routes(on);
  routes_expire_ = false;
  changed();
  refresh();
}

// --- Commands ------------------------------------------------------------------------------

// The map's handlers are Map::carry_out's (every alternative has its own: a command added to
// MapCommand and not handled there does not compile); then what is drawn follows, as after
// the sketch's handler: a new map starts its rivers and recipe again, a setting is recorded,
// and a paused map is drawn again (refresh).
void LiveModel::carry_out(const MapCommand& command) {
  if (const auto* rain = std::get_if<RainDrops>(&command)) {
    rain_now(rain->drops);
    return;
  }
  wait_finish();
  const bool fresh = map_.carry_out(command);
  static_cast<MapSettings&>(settings_) = map_.settings();
  if (fresh) {
    new_map();
  } else {
    record(command);
    if (std::holds_alternative<Stroke>(command)) ground_edits_++;
  }
  changed();
  refresh();
}

void LiveModel::apply(const MapCommand& command) {
  map_.check(command);  // a value refused is refused before waiting
  wait_finish();
  if (std::holds_alternative<RainDrops>(command)) {
    carry_out(command);  // rain_now records it
    return;
  }
  const uint32_t seed_before = map_.seed();
  const MapSettings before = settings_.map();
  const uint64_t drops_before = map_.drops();
  carry_out(command);
  // Drops per frame only decides where ticks fall: in the recipe, not a step of the history.
  if (std::holds_alternative<SetDropsPerFrame>(command)) return;
  history_.record(command, seed_before, before, drops_before);
  keep_checkpoint();
}

void LiveModel::apply(const ViewCommand& command) {
  std::visit(Overloaded{[this](const SetContourLevels& c) { set_contour_levels(c.value); },
                        [this](const ShowRivers& c) { set_show_rivers(c.on); },
                        [this](const ShowOriginal& c) { set_show_original(c.on); },
                        [this](const SetDebugMode& c) { set_debug_mode(c.on); },
                        [this](const Play&) { play(); }, [this](const Pause&) { pause(); },
                        [this](const TogglePlay&) { toggle_play(); },
                        [this](const SetView& c) { set_view(c.view); },
                        [this](const ShowLakes& c) { set_show_lakes(c.on); },
                        [this](const SetRiversBy& c) { set_rivers_by(c.by); },
                        [this](const SetMinFlow& c) { set_min_flow(c.value); },
                        [this](const SetRouting& c) { set_routing(c.routing); },
                        [this](const FinishRain&) { finish_rain(); }},
             command);
}

void LiveModel::apply(const HistoryCommand& command) {
  std::visit(Overloaded{[this](const Undo& c) {
                          wait_finish();
                          go_to(history_.undo_target(c.steps));
                        },
                        [this](const Redo& c) {
                          wait_finish();
                          go_to(history_.redo_target(c.steps));
                        },
                        [this](const Seek& c) {
                          wait_finish();
                          const std::optional<HistoryPosition> at = history_.seek_target(c.drops);
                          if (!at) {
                            throw std::invalid_argument(
                                "seek: drop " + std::to_string(c.drops) + " is past this map's " +
                                std::to_string(history_.timeline().total) + " drops");
                          }
                          go_to(*at);
                        },
                        [this](const GoToStep& c) {
                          if (c.done > history_.steps().size()) {
                            throw std::invalid_argument(
                                "step " + std::to_string(c.done) + " is past the history's " +
                                std::to_string(history_.steps().size()) + " steps");
                          }
                          wait_finish();
                          go_to(history_.step_end(c.done));
                        },
                        [this](const BeginEdit&) { history_.begin_edit(); },
                        [this](const EndEdit&) { history_.end_edit(); }},
             command);
}

// --- The history's side ---------------------------------------------------------------------

MapStart LiveModel::head() const {
  return map_.head();
}

// Rain, recorded, with a checkpoint wherever one falls due, even inside a tick: reaching any
// place replays at most the spacing, whatever the drops per frame.
void LiveModel::rain_recorded(uint64_t n) {
  while (n > 0) {
    const uint64_t piece = std::min(n, history_.until_checkpoint());
    map_.rain(piece);
    n -= piece;
    record(RainDrops{piece});
    history_.record(RainDrops{piece}, map_.seed(), settings_.map(), map_.drops() - piece);
    keep_checkpoint();
  }
}

void LiveModel::keep_checkpoint() {
  if (!history_.wants_checkpoint()) return;
  if (history_.checkpoint(map_.heights(), map_.original(), original_changed_, head(),
                          map_.rain().state(), map_.drops())) {
    original_changed_ = false;
  }
}

// The map as it was at `target`: the last checkpoint at or before it, and the commands from
// there replayed (at most the history's spacing of rain). Then what is worked out from the
// map is worked out again, once, as on a new seed: the rivers jump, the hydrology and the
// basins' tones start again; the routes go, and the rain pauses.
void LiveModel::go_to(const HistoryPosition& target) {
  if (target == history_.position()) {
    pause();
    return;
  }
  arrive(target);
}

void LiveModel::arrive(const HistoryPosition& target) {
  const Checkpoint& c = history_.checkpoint_before(target);
  const HistoryPosition from = c.at;
  restore(c);
  replaying_ = true;
  try {
    replay(from, target);
  } catch (...) {
    replaying_ = false;
    throw;
  }
  replaying_ = false;
  static_cast<MapSettings&>(settings_) = map_.settings();
  map_.rain().keep_routes(settings_.debug_mode);
  history_.set_position(target);
  recipe_ = history_.recipe_at(target);
  recipe_.settings.drops_per_frame = settings_.drops_per_frame;

  map_.rain().clear_routes();
  routes_expire_ = false;
  rivers_for_ = {};
  shown_for_ = {};
  hydrology_for_ = {};
  ground_version_++;
  stopped_at_target_ = false;
  // The program pauses the map here: a pause the user asked for before stays theirs.
  resting_ = playing_ || resting_;
  playing_ = false;
  update_hydrology();
  changed();
  refresh();  // paused: the rivers jump to the terrain
}

void LiveModel::restore(const Checkpoint& c) {
  // Drops per frame is not a step: it stays as it is.
  restore_checkpoint(map_, history_, c, settings_.drops_per_frame);
  static_cast<MapSettings&>(settings_) = map_.settings();
  original_changed_ = false;
}

// The history's commands from one place to a later one, carried out without being recorded,
// each rain as the rain alone (no frame, no stop at the target).
void LiveModel::replay(const HistoryPosition& from, const HistoryPosition& to) {
  if (replay_history(map_, history_, from, to)) original_changed_ = true;
}

// --- Map files -----------------------------------------------------------------------------------

SavedMap LiveModel::save(GridCache* cache) const {
  SavedMap saved = saved_history(history_, map_.width(), map_.height(), cache);
  saved.drops_per_frame = settings_.drops_per_frame;
  saved.view = settings_.view_settings();
  return saved;
}

void LiveModel::open(const SavedMap& saved) {
  check_grid(saved);
  open(saved, history_of(saved));
}

void LiveModel::check_grid(const SavedMap& saved) const {
  if (saved.width != map_.width() || saved.height != map_.height()) {
    throw std::invalid_argument("the map is " + std::to_string(saved.width) + " x " +
                                std::to_string(saved.height) + " cells; this one's grid is " +
                                std::to_string(map_.width()) + " x " +
                                std::to_string(map_.height()));
  }
}

void LiveModel::open(const SavedMap& saved, History&& history) {
  check_grid(saved);
  Settings settings(saved.commands.settings, saved.view);
  settings.drops_per_frame = saved.drops_per_frame;
  check_settings(settings);
  if (history.store().cells() != map_.heights().size()) {
    throw std::invalid_argument("the history is not of this map's grid");
  }
  wait_finish();
  history_ = std::move(history);
  static_cast<ViewSettings&>(settings_) = saved.view;
  settings_.drops_per_frame = saved.drops_per_frame;
  arrive(history_.position());
  resting_ = true;  // an opened map is paused by the program: a new map after it rains
}

}  // namespace terrain::session
