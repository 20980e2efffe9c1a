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

// What long work is doing, for its progress: "Rain: 1,000,000 drops", "Stroke: rain here,
// radius 6", "Undo", "Seek to drop 4,000,000".
std::string command_label(const MapCommand& command) {
  if (const auto* stroke = std::get_if<Stroke>(&command)) {
    return "Stroke: " + std::string(brush_tool_name(stroke->stroke.tool)) + ", radius " +
           number_text(stroke->stroke.radius);
  }
  if (const auto* rain = std::get_if<RainDrops>(&command)) {
    return "Rain: " + with_thousands(rain->drops) + " drops";
  }
  return std::string(command_name(command));
}

std::string history_label(const HistoryCommand& command) {
  return std::visit(
      Overloaded{[](const Undo& c) {
                   return c.steps == 1 ? std::string("Undo")
                                       : "Undo " + std::to_string(c.steps) + " steps";
                 },
                 [](const Redo& c) {
                   return c.steps == 1 ? std::string("Redo")
                                       : "Redo " + std::to_string(c.steps) + " steps";
                 },
                 [](const Seek& c) { return "Seek to drop " + with_thousands(c.drops); },
                 [](const GoToStep& c) { return "History: after step " + std::to_string(c.done); },
                 [](const BeginEdit&) { return std::string("Begin edit"); },
                 [](const EndEdit&) { return std::string("End edit"); }},
      command);
}

}  // namespace

// --- Long work under way ---------------------------------------------------------------------

// A worker thread carrying a command out on its own copy of the map (`map`): the main thread
// reads only `work`'s counts and `finished` until it joins it, and then the copy takes the
// map's place (land_work). WorkStopped (asked for by cancel_work or the destructor) only ends
// the worker; anything else it throws is kept for the landing to throw again.
// A rain (a finish, a long rain) also keeps the history's checkpoints inside it: at the drops
// in `rain.marks` the worker copies its heights into the slots the recorded map took for it
// (RecordedMap::plan_rain), and its rain's state.
// A job dropped before it lands (cancelled, failed, or its model destroyed or moved onto) stops
// its worker at the next look, joins it and gives its slots back to the recorded map: the map is
// as it was before the command. Everything it points to (the recorded map, its copy) is on the
// heap, so the model that owns it may move while it runs.
struct LiveModel::Job {
  enum class Kind { finish, rain, go_to, command };

  Job(Kind k, RecordedMap& on, std::string label)
      : kind(k), recorded(&on), map(on.map()), what(std::move(label)) {
    map.rain().keep_routes(false);  // the worker keeps no routes
    map.rain().clear_routes();
  }
  Job(const Job&) = delete;
  Job& operator=(const Job&) = delete;
  ~Job() {
    if (worker.joinable()) {
      work.stop();
      worker.join();
    }
    recorded->drop_rain(rain);  // nothing once landed: the landing took the slots
  }
  void run() noexcept {
    try {
      body();
    } catch (const WorkStopped&) {
      stopped = true;
    } catch (...) {
      error = std::current_exception();
    }
    finished.store(true, std::memory_order_release);
  }
  // The worker's part. The rain allocates nothing, in chunks of kWorkPiece drops, each
  // counted, with the checkpoints where they fall.
  void body() {
    switch (kind) {
      case Kind::finish:
      case Kind::rain: {
        uint64_t rained = 0;
        std::size_t next = 0;  // the next checkpoint
        while (rained < rain.drops) {
          work.check();
          uint64_t n = std::min(kWorkPiece, rain.drops - rained);
          if (next < rain.marks.size()) n = std::min(n, rain.marks[next] - rained);
          map.rain(n);
          rained += n;
          work.advance(n);
          if (next < rain.marks.size() && rained == rain.marks[next]) {
            const Heightfield& h = map.heights();
            std::copy(h.data(), h.data() + h.size(), rain.slot_values[next]);
            rain.states[next] = map.rain().state();
            next++;
          }
        }
        return;
      }
      case Kind::go_to:
        restore_map(map, *history, from, drops_per_frame);
        new_map = replay_history(map, *history, from.at, target, &work);
        return;
      case Kind::command:
        fresh = map.carry_out(*command, work);
        return;
    }
  }

  const Kind kind;
  RecordedMap* const recorded;  // the model's, which lands the work
  Map map;                      // the worker's
  const std::string what;
  Work work;
  std::atomic<bool> finished{false};
  bool stopped = false;
  std::exception_ptr error;
  std::thread worker;
  // A finish or a rain: its drops, and the checkpoints inside it.
  RainElsewhere rain;
  // Going to a place: the checkpoint before it (restored with the drops per frame now), the
  // place, the history replayed (read only: nothing changes it while the map is working), and
  // whether the way there started a new map.
  const History* history = nullptr;
  Checkpoint from;
  int drops_per_frame = 0;
  HistoryPosition target;
  bool new_map = false;
  // A command: it, and the map just before it (for its step of the history).
  std::optional<MapCommand> command;
  uint32_t seed_before = 0;
  MapSettings before;
  uint64_t drops_before = 0;
  bool fresh = false;
};

// --- Setup ---------------------------------------------------------------------------------

// setup(): buildBrush() (inside Rain), resetTerrain(). The island and the rain are built in
// the initialiser list so the terrain is grown once.
// The recorded map keeps the history's start as it is made.
LiveModel::LiveModel(uint32_t seed, const Settings& settings)
    : settings_(checked(settings)),
      recorded_(std::make_unique<RecordedMap>(seed, settings_.map(), sketch::COLS, sketch::ROWS)) {
  recorded_->keep_routes(settings_.debug_mode);
  // The drawRivers() arrays, sized once for the grid (Float32Array and Int32Array start at 0).
  const std::size_t n = heights().size();
  rivers_.assign(n);
  water_.assign(n, 0.0f);
  previous_downstream_.assign(n, 0);
  update_hydrology();
}

LiveModel::LiveModel(const MapRecipe& recipe) : LiveModel(recipe.seed, Settings(recipe.settings)) {
  if (recipe.ground) apply(MapCommand{SetGround{*recipe.ground}});
  for (const MapCommand& command : recipe.commands) apply(command);
}

// Every member moves (the rain keeps pointing at its heights: the map stays on the heap); a
// worker under way carries on, its job moved along. Moving onto a model drops its job first:
// job_ is declared before recorded_, so it is assigned (and the old job destroyed, stopping
// and joining its worker) before the recorded map that worker reads goes.
LiveModel::LiveModel(LiveModel&& other) noexcept = default;
LiveModel& LiveModel::operator=(LiveModel&& other) noexcept = default;

// The worker stopped and joined before the recorded map it reads goes.
LiveModel::~LiveModel() {
  drop_work();
}

// resetTerrain() done by the map: what is drawn of it starts again. rivers_for = null,
// shown_for = null, paths = []. The river arrays keep their contents (the sketch's do): the
// next drawRivers() jumps, as shown_for is null.
void LiveModel::new_map() {
  recorded_->keep_routes(settings_.debug_mode);
  routes_expire_ = false;
  rivers_for_ = {};
  shown_for_ = {};
  stopped_at_target_ = false;
  // After the rain stopped itself, a new map rains again (resting(): not the sketch's way).
  if (resting_) {
    resting_ = false;
    playing_ = true;
  }
  ground_version_++;
  hydrology_for_ = {};
  // A new ground: its analysis at once, so it always has the ground's size (going to a place
  // of the history works it out once, at the place).
  update_hydrology();
  changed();
}

// The history at its place: its recipe is the recipe of the map (History::recipe_at). Drops
// per frame is the one now (the history does not keep it: it only decides where ticks fall).
MapRecipe LiveModel::recipe() const {
  MapRecipe recipe = history().recipe_at(history().position());
  recipe.settings.drops_per_frame = settings_.drops_per_frame;
  return recipe;
}

uint64_t LiveModel::drops() const {
  const bool raining = job_ && (job_->kind == Job::Kind::finish || job_->kind == Job::Kind::rain);
  return raining ? map().drops() + job_->work.done() : map().drops();
}

double LiveModel::progress() const {
  return std::min(1.0, static_cast<double>(drops()) / static_cast<double>(sketch::RAIN_TARGET));
}

const Heightfield& LiveModel::terrain() const {
  return settings_.show_original ? original() : heights();
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
  if (update_work()) return;  // the finish landed: that was this frame
  if (!playing_) return;
  frame_count_++;
  // drawDebug() emptied `paths` at the end of the last looping frame.
  if (routes_expire_) recorded_->clear_routes();
  routes_expire_ = false;

  // rain(): drops_per_frame drops, then stop once when the target is passed; pressing play
  // keeps it raining (the test below is true only on the frame that crosses it).
  // While finishing, the worker has the rest of the rain: a frame without it.
  const double rain_start = thread_cpu_ms();
  // The recorded map rains it in pieces that end where checkpoints fall due, even inside a
  // tick: reaching any place replays at most the spacing, whatever the drops per frame.
  const auto n = job_ ? uint64_t{0} : static_cast<uint64_t>(settings_.drops_per_frame);
  recorded_->rain(n);
  const auto target = static_cast<uint64_t>(sketch::RAIN_TARGET);
  if (map().drops() >= target && map().drops() - n < target) {
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
  wait_work();
  if (n > kLongWork) {
    // The long work start() runs on a worker, waited for here: a command gives the same map and
    // the same history whichever way it was carried out.
    start_rain(false, n);
    wait_work();
    return;
  }
  recorded_->rain(n);
  const auto target = static_cast<uint64_t>(sketch::RAIN_TARGET);
  const bool stopped = map().drops() >= target && map().drops() - n < target;
  if (stopped && playing_) resting_ = true;  // stopped by itself, not paused by the user before
  if (stopped) playing_ = false;             // sketch.noLoop(), as in rain()
  if (n > 0) changed();
  refresh();  // while paused the rivers jump to the new terrain (nothing while playing)
  stopped_at_target_ = stopped;
}

// redraw() while paused: a frame without rain, in which the rivers jump to the new ones.
void LiveModel::refresh() {
  if (update_work()) return;  // the finish landed: that was this frame, a jump
  if (playing_) return;
  stopped_at_target_ = false;
  frame_count_++;
  if (routes_expire_) recorded_->clear_routes();
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
  wait_work();
  resting_ = false;
  if (playing_) return;
  playing_ = true;  // sketch.loop()
  changed();
}

void LiveModel::pause() {
  wait_work();
  resting_ = false;  // paused by the user: a new map stays paused
  if (!playing_) return;
  playing_ = false;  // sketch.noLoop(): the canvas keeps its last frame
  changed();
}

void LiveModel::toggle_play() {
  wait_work();
  playing_ ? pause() : play();
}

// --- Long work ---------------------------------------------------------------------------------

bool LiveModel::finishing() const {
  return job_ && job_->kind == Job::Kind::finish;
}

// Live rain stops in the tick whose drops_per_frame take the total to RAIN_TARGET or past it:
// the finish is the drops of that tick and those before it.
void LiveModel::finish_rain() {
  if (job_) return;
  const auto target = static_cast<uint64_t>(sketch::RAIN_TARGET);
  if (map().drops() >= target) {
    throw std::invalid_argument("nothing to finish: the rain has reached its target already (" +
                                std::to_string(map().drops()) + " of " + std::to_string(target) +
                                " drops)");
  }
  const auto per_tick = static_cast<uint64_t>(settings_.drops_per_frame);
  if (per_tick == 0) {
    throw std::invalid_argument(
        "nothing to finish: drops_per_frame is 0, so the rain would never reach its target of " +
        std::to_string(target) + " drops");
  }
  const uint64_t ticks = (target - map().drops() + per_tick - 1) / per_tick;
  start_rain(true, ticks * per_tick);
}

// The rain on a worker, with the history's checkpoints inside it where live rain would keep
// them (RecordedMap::plan_rain takes their slots now, on this thread).
void LiveModel::start_rain(bool finish, uint64_t n) {
  auto job = std::make_unique<Job>(
      finish ? Job::Kind::finish : Job::Kind::rain, *recorded_,
      finish ? std::string("Finishing the rain") : "Rain: " + with_thousands(n) + " drops");
  job->work.set_total(n);
  job->rain = recorded_->plan_rain(n);
  begin_work(std::move(job));
}

void LiveModel::begin_work(std::unique_ptr<Job> job) {
  Job* const worker = job.get();
  job_ = std::move(job);
  try {
    worker->worker = std::thread([worker] { worker->run(); });
  } catch (...) {
    job_.reset();  // its slots go back
    throw;
  }
  changed();
}

bool LiveModel::start(const MapCommand& command) {
  map().check(command);  // a value refused is refused before waiting
  check_room(command);
  wait_work();
  if (History::replay_cost(command) <= kLongWork) {
    apply(command);
    return false;
  }
  if (const auto* rain = std::get_if<RainDrops>(&command)) {
    start_rain(false, rain->drops);
    return true;
  }
  auto job = std::make_unique<Job>(Job::Kind::command, *recorded_, command_label(command));
  job->command = command;
  job->seed_before = map().seed();
  job->before = map().settings();
  job->drops_before = map().drops();
  job->work.set_total(History::replay_cost(command));
  begin_work(std::move(job));
  return true;
}

bool LiveModel::start(const HistoryCommand& command) {
  const std::optional<HistoryPosition> target = target_of(command);  // refused before waiting
  wait_work();
  if (!target || *target == history().position()) {
    apply(command);
    return false;
  }
  const Checkpoint& c = history().checkpoint_before(*target);
  const uint64_t cost = history().cost(*target) - c.cost;
  if (cost <= kLongWork) {
    apply(command);
    return false;
  }
  auto job = std::make_unique<Job>(Job::Kind::go_to, *recorded_, history_label(command));
  job->history = &history();
  job->from = c;
  job->drops_per_frame = settings_.drops_per_frame;  // not a step: it stays
  job->target = *target;
  job->work.set_total(cost);
  begin_work(std::move(job));
  return true;
}

std::optional<LiveModel::WorkProgress> LiveModel::work_progress() const {
  if (!job_) return std::nullopt;
  return WorkProgress{job_->what, job_->work.done(), job_->work.total()};
}

std::optional<std::string> LiveModel::cancel_work() {
  if (!job_) return std::nullopt;
  std::string what = job_->what;
  drop_work();
  changed();
  return what;
}

// The worker stopped at its next look and joined; what it did is dropped (the slots it wrote go
// back to the store): the map is as it was before the command (the job's destructor).
void LiveModel::drop_work() {
  job_.reset();
}

bool LiveModel::update_work() {
  if (!job_ || !job_->finished.load(std::memory_order_acquire)) return false;
  land_work();
  return true;
}

void LiveModel::wait_work() {
  if (job_) land_work();
}

void LiveModel::land_work() {
  job_->worker.join();
  if (job_->error || job_->stopped) {
    const std::exception_ptr error = job_->error;
    drop_work();
    changed();
    if (error) std::rethrow_exception(error);
    return;
  }
  const std::unique_ptr<Job> job = std::move(job_);
  switch (job->kind) {
    case Job::Kind::finish:
      land_finish(*job);
      return;
    case Job::Kind::rain: {
      land_rain(*job);
      // As rain_now: the rain stops itself if this passed the target.
      const auto target = static_cast<uint64_t>(sketch::RAIN_TARGET);
      const bool stopped = map().drops() >= target && map().drops() - job->rain.drops < target;
      if (stopped && playing_) resting_ = true;
      if (stopped) playing_ = false;
      changed();
      refresh();
      stopped_at_target_ = stopped;
      return;
    }
    case Job::Kind::go_to:
      recorded_->take_placed(std::move(job->map), job->from, job->new_map, job->target);
      arrived();
      return;
    case Job::Kind::command:
      recorded_->carried_out(std::move(job->map), *job->command, job->fresh, job->seed_before,
                             job->before, job->drops_before);
      after(*job->command, job->fresh);
      return;
  }
}

// The rain done by the worker in the map's place, recorded with its checkpoints by the recorded
// map (RecordedMap::rained).
void LiveModel::land_rain(Job& job) {
  recorded_->rained(std::move(job.map), job.rain);
  recorded_->keep_routes(settings_.debug_mode);
}

// The frame in which live rain stops, with the rain done by the worker: the drops recorded,
// noLoop(), and a frame in which the rivers jump to the new terrain and the hydrology is worked
// out.
void LiveModel::land_finish(Job& job) {
  land_rain(job);
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
          map().drops(),
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
                     seed());
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
  wait_work();
  settings_.contour_levels = n;
  changed();
  refresh();
}

void LiveModel::set_view(MapView view) {
  wait_work();
  settings_.view = view;
  changed();
  refresh();
}

void LiveModel::set_show_lakes(bool on) {
  wait_work();
  settings_.show_lakes = on;
  changed();
  refresh();
}

void LiveModel::set_rivers_by(RiversBy by) {
  wait_work();
  settings_.rivers_by = by;
  changed();
  refresh();
}

// The rivers (or the hydrology) are worked out again at the next frame, even while it rains:
// a change of the minimum flow or the routing is a change of view (draw_rivers_bookkeeping).
void LiveModel::set_min_flow(int n) {
  check_whole("min_flow", n, 1, kMinFlowMax);
  wait_work();
  settings_.min_flow = n;
  changed();
  refresh();
}

void LiveModel::set_routing(Routing routing) {
  wait_work();
  settings_.routing = routing;
  changed();
  refresh();
}

void LiveModel::set_show_rivers(bool on) {
  wait_work();
  settings_.show_rivers = on;
  changed();
  refresh();
}

void LiveModel::set_show_original(bool on) {
  wait_work();
  settings_.show_original = on;
  changed();
  refresh();
}

// Debug mode traces the drops of the latest frame: paths = [].
void LiveModel::set_debug_mode(bool on) {
  wait_work();
  settings_.debug_mode = on;
  recorded_->clear_routes();
  recorded_->keep_routes(on);
  routes_expire_ = false;
  changed();
  refresh();
}

// --- Commands ------------------------------------------------------------------------------

// The map's handlers are Map::carry_out's (every alternative has its own: a command added to
// MapCommand and not handled there does not compile); then what is drawn follows (after()).
// A map file keeps at most kMaxRecipeCommands commands (map_recipe.h): a history about to hold
// more refuses the command (with room kept for a rain after it), so the session never makes a
// file no build opens.
void LiveModel::check_room(const MapCommand& command) const {
  if (std::holds_alternative<RainDrops>(command)) return;
  if (history().atoms().size() + 2 > kMaxRecipeCommands) {
    throw std::invalid_argument(std::string(command_name(command)) + ": the map's history holds " +
                                with_thousands(history().atoms().size()) +
                                " commands, the most a map file keeps");
  }
}

void LiveModel::apply(const MapCommand& command) {
  map().check(command);  // a value refused is refused before waiting
  check_room(command);
  wait_work();
  if (const auto* rain = std::get_if<RainDrops>(&command)) {
    rain_now(rain->drops);  // records it
    return;
  }
  const bool fresh = recorded_->carry_out(command);  // recorded, with its checkpoint if due
  after(command, fresh);
}

// What follows a map command carried out and recorded (here, or by a worker), as after the
// sketch's handler: a new map starts what is worked out from it again, a stroke has the rivers
// worked out again, and a paused map is drawn again (refresh).
void LiveModel::after(const MapCommand& command, bool fresh) {
  static_cast<MapSettings&>(settings_) = map().settings();
  if (fresh) {
    new_map();
  } else if (std::holds_alternative<Stroke>(command)) {
    ground_edits_++;
  }
  changed();
  refresh();
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

// Where a history command goes (nullopt for an edit's beginning or end). Throws
// std::invalid_argument for a seek past the map's drops or a step past the list's end.
std::optional<HistoryPosition> LiveModel::target_of(const HistoryCommand& command) const {
  return std::visit(
      Overloaded{[this](const Undo& c) -> std::optional<HistoryPosition> {
                   return history().undo_target(c.steps);
                 },
                 [this](const Redo& c) -> std::optional<HistoryPosition> {
                   return history().redo_target(c.steps);
                 },
                 [this](const Seek& c) -> std::optional<HistoryPosition> {
                   const std::optional<HistoryPosition> at = history().seek_target(c.drops);
                   if (!at) {
                     throw std::invalid_argument(
                         "seek: drop " + std::to_string(c.drops) + " is past this map's " +
                         std::to_string(history().timeline().total) + " drops");
                   }
                   return at;
                 },
                 [this](const GoToStep& c) -> std::optional<HistoryPosition> {
                   if (c.done > history().steps().size()) {
                     throw std::invalid_argument(
                         "step " + std::to_string(c.done) + " is past the history's " +
                         std::to_string(history().steps().size()) + " steps");
                   }
                   return history().step_end(c.done);
                 },
                 [](const BeginEdit&) -> std::optional<HistoryPosition> { return std::nullopt; },
                 [](const EndEdit&) -> std::optional<HistoryPosition> { return std::nullopt; }},
      command);
}

void LiveModel::apply(const HistoryCommand& command) {
  if (std::holds_alternative<BeginEdit>(command)) {
    recorded_->begin_edit();
    return;
  }
  if (std::holds_alternative<EndEdit>(command)) {
    recorded_->end_edit();
    return;
  }
  wait_work();
  go_to(*target_of(command));
}

// --- The history's side ---------------------------------------------------------------------

// The map as it was at `target`: the recorded map restores the last checkpoint at or before it
// and replays the commands from there (at most the history's spacing of rain). Then what is
// worked out from the map is worked out again, once, as on a new seed: the rivers jump, the
// hydrology and the basins' tones start again; the routes go, and the rain pauses.
void LiveModel::go_to(const HistoryPosition& target) {
  if (target == history().position()) {
    pause();
    return;
  }
  recorded_->go_to(target);
  arrived();
}

// The map is as it was at the history's place (go_to, a worker's replay landed, a file opened).
void LiveModel::arrived() {
  static_cast<MapSettings&>(settings_) = map().settings();
  recorded_->keep_routes(settings_.debug_mode);
  recorded_->clear_routes();
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

// --- Map files -----------------------------------------------------------------------------------

// The recorded map's file, with this session's view.
SavedMap LiveModel::save(GridCache* cache) const {
  SavedMap saved = recorded_->save(cache);
  saved.view = settings_.view_settings();
  return saved;
}

void LiveModel::open(const SavedMap& saved) {
  check_grid(saved);
  History history = history_of(saved);
  PlacedMap placed = place_map(saved, history);
  open(saved, std::move(history), std::move(placed));
}

void LiveModel::check_grid(const SavedMap& saved) const {
  if (saved.width != map().width() || saved.height != map().height()) {
    throw std::invalid_argument("the map is " + std::to_string(saved.width) + " x " +
                                std::to_string(saved.height) + " cells; this one's grid is " +
                                std::to_string(map().width()) + " x " +
                                std::to_string(map().height()));
  }
}

void LiveModel::open(const SavedMap& saved, History&& history, PlacedMap&& placed) {
  check_grid(saved);
  Settings settings(saved.commands.settings, saved.view);
  settings.drops_per_frame = saved.drops_per_frame;
  check_settings(settings);
  if (history.store().cells() != heights().size() || !placed.map ||
      placed.map->heights().size() != heights().size()) {
    throw std::invalid_argument("the history is not of this map's grid");
  }
  wait_work();
  recorded_->open(std::move(history), std::move(placed));
  static_cast<ViewSettings&>(settings_) = saved.view;
  settings_.drops_per_frame = saved.drops_per_frame;
  arrived();
  resting_ = true;  // an opened map is paused by the program: a new map after it rains
}

}  // namespace terrain::session
