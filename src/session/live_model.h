// The live model: the sketch's state that changes over time, and what each control does to it.
//
// This is the sketch's draw() without the drawing, and its control handlers: it owns the map
// with its history, recorded once (recorded_map.h: the terrain being rained on, the terrain
// before any rain, the rain and its drops; every step since the session began, with
// checkpoints, so undo, redo and the timeline bring any moment back exactly), the debug routes,
// when rivers were last worked out and the eased river picture (drawRivers()'s shown / fade_in
// / ghost arrays). Every command, every tick's rain and every trip through the history goes
// through the recorded map, which records it as terrain-cli's map records it; what this adds is
// the sketch's time and what is drawn. The renderer reads it; the panel edits it through
// commands. It knows nothing of windows, GL or ImGui, so every rule of it is tested without a
// display.
//
// Time: one tick is one of the sketch's frames (it counts frames: drops per frame, rivers every
// RIVER_EVERY frames, easing by RIVER_EASE per frame). The app ticks it at 60 Hz whatever the
// display does. While paused nothing ticks; a change asks for refresh(), which is the sketch's
// redraw(): one frame without rain, in which the rivers jump straight to the new ones.
//
// Long work (start(), finish_rain()): a command whose work is long (a big rain, a far undo,
// redo or seek, a long stroke: more than kLongWork units of replay cost) runs on a worker
// thread, on the model's own copy of the map. Until it lands, everything read here (heights(),
// terrain(), rain(), rivers(), hydrology(), recipe(), history()) stays as it was, so the main
// thread keeps drawing with no data race; only work_progress() moves (and drops() and
// progress() for a rain), in pieces of kWorkPiece drops (session/work.h). It lands in the first
// update_work(), tick() or refresh() after the worker is done, or at once in any other command
// (each waits for it first): the copy takes the map's place (its storage changes hands) and
// the command is recorded as if it had been carried out here, with the history's checkpoints
// inside a rain. cancel_work() stops the worker within a piece and drops its copy: the map is
// exactly as it was before the command, its redo steps and all. The same command carried out
// by apply() gives the same bytes and the same history.
//
// Finishing the rain now (finish_rain(), the FinishRain view command, the app's --finish) is
// long work too: the drops that live rain would still rain until it stops itself at RAIN_TARGET
// (whole ticks of drops_per_frame, so the same last drop) at full speed. As it lands, the rain
// stops as at the target (not playing; stopped_at_target()), the rivers jump to the new terrain
// and the hydrology is worked out, as at the frame where live rain stops. The heights are those
// of ticking to the stop, bit for bit, and LiveModel(recipe()) replays them. A worker keeps no
// debug routes: the routes are empty once it lands.
//
// Performance: a steady tick allocates nothing (every array is sized once per terrain); long
// work allocates once as it starts (the copy), never in its worker's loop.
//
// Moving: a model can be handed on (returned, kept in a container, put in place of another),
// and long work under way moves with it: moving never waits for a worker, which carries on, and
// the model moved to lands its work, bytes and history as if it had not moved. What a worker
// reads (the copy of the map it works on, and for a trip through the history that history) is
// on the heap and stays where it is. Moving onto a model first drops that model's own long work,
// as destroying it does. A model moved from may only be destroyed or have another moved onto it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/drainage.h"
#include "core/heightfield.h"
#include "core/hydrology.h"
#include "core/rain.h"
#include "core/river_picture.h"
#include "core/sketch.h"
#include "session/history.h"
#include "session/history_command.h"
#include "session/map.h"
#include "session/map_command.h"
#include "session/map_recipe.h"
#include "session/recorded_map.h"
#include "session/saved_map.h"
#include "session/settings.h"
#include "session/view_command.h"

namespace terrain::session {

// Time spent in the last tick, in CPU milliseconds of the calling thread.
struct TickTimings {
  double rain_ms = 0;
  double rivers_ms = 0;  // river rebuild (when due) and easing
};

class LiveModel {
 public:
  // The sketch's setup() for `seed` with `settings`: buildBrush, resetTerrain(); playing (the
  // sketch starts raining at once). Throws std::invalid_argument naming the first setting out
  // of its range (as the set_* below do).
  explicit LiveModel(uint32_t seed, const Settings& settings = {});
  // A fresh session of the recipe's map: its seed and settings, then its commands applied in
  // order. Throws std::invalid_argument as apply() does.
  explicit LiveModel(const MapRecipe& recipe);
  // Not copyable (a session is one person's: its history is not shared); movable, long work
  // and all (see the top of this file). Moving never waits for a worker.
  LiveModel(const LiveModel&) = delete;
  LiveModel& operator=(const LiveModel&) = delete;
  LiveModel(LiveModel&& other) noexcept;
  LiveModel& operator=(LiveModel&& other) noexcept;
  // Mid-finish, stops the worker at its next chunk and joins it (the finish is dropped).
  ~LiveModel();

  // --- Time ---
  // One frame of the sketch while it loops: the rain (drops_per_frame drops, stopping once
  // when the total passes RAIN_TARGET); then, if rivers are shown, drawRivers()'s bookkeeping
  // (rebuild when due, easing). The debug routes of the previous looping frame are emptied
  // first, as the sketch empties `paths` at the end of each looping frame. Does nothing while
  // paused (a paused sketch draws nothing by itself; changes call refresh()).
  // While finishing: no rain (the rest of the frame still runs); first lands the finish if
  // its worker is done, and then that landing is the whole tick.
  void tick();
  // Rains n drops at once, as if they had fallen before the first frame (the app's --drops):
  // drops += n, and the rain stops itself if that passes RAIN_TARGET, as a tick's rain does.
  // While paused (or once stopped) the rivers then jump to the new terrain.
  void rain_now(uint64_t n);
  // The sketch's redraw() while paused: one frame without rain; rivers jump to the new ones.
  // Does nothing while playing (the next tick shows the change). While finishing it first
  // lands the finish if its worker is done, and then that landing is the whole refresh.
  void refresh();
  // p5's frameCount: frames drawn so far, ticks and paused refreshes alike.
  uint64_t frame_count() const { return frame_count_; }
  // How many times the rivers were worked out (buildRivers) since construction.
  uint64_t river_builds() const { return river_builds_; }
  // The sketch's isLooping(): true while it rains and the rivers ease; false once paused
  // (by pause(), or by the rain stopping itself at RAIN_TARGET).
  bool playing() const { return playing_; }
  // Paused by the program, not by pause(): the rain stopped itself at RAIN_TARGET (a tick,
  // rain_now or a finish), a map file was opened, or the map went to a place of its history
  // (undo, redo, a seek, a step) while it rained or rested. Unlike the sketch, which stays
  // paused, a new map (a seed, a restart, a new ground) then starts raining again: a newcomer
  // who types a seed after the stop or after opening a map would otherwise see bare ground
  // that never rains and read it as broken. A map the user paused stays paused. The heights
  // are the sketch's either way.
  bool resting() const { return resting_; }
  void play();
  void pause();
  void toggle_play();  // while finishing: toggles once the finish has landed (paused)
  // Counts every change that alters what is drawn, so the app can skip redrawing a still map.
  // (A finish changes it as it starts and as it lands, not in between: only the progress moves.)
  uint64_t version() const { return version_; }

  // --- Long work (see the top of this file) ---
  // Work longer than this many units of replay cost (History::replay_cost: a drop is one;
  // about 0.25 s of rain on the sketch's map) runs on a worker when start()ed.
  static constexpr uint64_t kLongWork = 100000;
  // A map or history command, carried out at once as apply() does when its work is short
  // (false), or begun as long work (true). Refused as apply() refuses, before anything runs.
  bool start(const MapCommand& command);
  bool start(const HistoryCommand& command);
  // Starts finishing: the drops live rain would still rain until tick() stops it at
  // RAIN_TARGET (the remaining ticks of drops_per_frame, the last one included), on a worker
  // thread. Playing or paused alike; a no-op while long work runs. Throws
  // std::invalid_argument, changing nothing, when there is nothing to finish: the rain already
  // at or past the target (stopped there, or played on beyond it), or drops_per_frame 0 (live
  // rain would never reach it). Allocates the copy; takes well under a millisecond.
  void finish_rain();
  // True from start() (when it began long work) or finish_rain() until the work lands.
  bool working() const { return job_ != nullptr; }
  // True while the long work is a finish.
  bool finishing() const;
  // What the long work is doing ("Rain: 1,000,000 drops") and how far it has come, in replay
  // cost units; nullopt when none runs.
  struct WorkProgress {
    std::string what;
    uint64_t done = 0;
    uint64_t total = 0;
  };
  std::optional<WorkProgress> work_progress() const;
  // Stops the long work within kWorkPiece drops and drops it: the map is as it was before the
  // command. Returns what it was doing, or nullopt when none ran.
  std::optional<std::string> cancel_work();
  // The app calls this once every frame, playing or paused (it ticks only while playing):
  // lands long work whose worker is done (never waits) and returns true on the call that
  // landed it (after a finish, stopped_at_target() is true then, as after the tick where live
  // rain stops). Otherwise does nothing and returns false. What the worker threw (but
  // WorkStopped) is thrown here, the map left as it was.
  bool update_work();
  // Waits for the worker and lands its work now (nothing while none runs): what every command
  // does first, and what a scripted run calls to end long work at once.
  void wait_work();

  // --- Commands: every change goes through these ---
  // A map command. Throws std::invalid_argument naming the setting when a value is out of its
  // range (or rain past what a command or a map may rain: map.h), changing nothing. While
  // long work runs, it first waits for it to land (wait_work), then applies; a value refused is
  // refused before waiting. Each is recorded in the history, but for drops per frame (which
  // only decides where ticks fall): after an undo or a seek it first cuts the history there
  // (the steps after go).
  void apply(const MapCommand& command);
  // A view command: contour levels, the three toggles, the views, play and pause, finishing
  // the rain (FinishRain: finish_rain(), which does not wait for a finish under way).
  void apply(const ViewCommand& command);
  // A history command: undo, redo, seek, a step of the list, an edit beginning or ending.
  // Going somewhere (undo, redo, seek, a step) restores the map as it was there, bytes and
  // all: heights, original ground, drops, the rain's random stream, seed and map settings
  // (drops per frame stays as it is: it is not a step). The rain pauses, the debug routes are
  // emptied and the rivers jump to the terrain, as on a new seed. Throws
  // std::invalid_argument, changing nothing, for a seek past the map's drops or a step past
  // the list's end.
  void apply(const HistoryCommand& command);
  // The recipe of the map as it is now: its last new start and the map commands since
  // (ticks recorded as rain), read from the history at its place (History::recipe_at), with
  // the drops per frame now. Drops per frame is not a step of the history, so it is never
  // among the commands: it only decides where ticks fall, and a recipe's rain is rain however
  // it fell. A fresh LiveModel(recipe()) has the same heights and settings. Worked out on each
  // call (it walks the history's commands and allocates: about 40 µs for a session of a
  // million drops and 668 commands, bench/history_bench.cpp's BM_HistoryRecipe1M); the app
  // never asks for it in a frame, so no copy is kept to be brought up to date as ticks rain.
  MapRecipe recipe() const;
  // Everything done to the map since the session began (history.h).
  const History& history() const { return recorded_->history(); }

  // --- Map files (saved_map.h) ---
  // The session as a map file keeps it: the history, checkpoints, drops per frame and the
  // view's settings (the window's part of the view is the caller's to fill in). While a finish
  // runs, the map as it was before it (the finish is not in the history until it lands).
  // `cache`: the grids an earlier save copied (an autosave copies only those new since).
  SavedMap save(GridCache* cache = nullptr) const;
  // The saved map in place of this session: its history, at its place, with its view's
  // settings and drops per frame; paused, the rivers jumping to it, as after an undo. Throws
  // io::MapFileError when the saved map does not hold together, and std::invalid_argument
  // for a grid of another size than this session's or a view setting out of its range; either
  // way nothing changes. A finish under way lands first.
  void open(const SavedMap& saved);
  // The same with its history already rebuilt (history_of(saved)) and its map placed at its
  // place (place_map: recorded_map.h), which a worker can do: the main thread then only takes
  // them.
  void open(const SavedMap& saved, History&& history, PlacedMap&& placed);

  static constexpr int kMaxDropsPerFrame = session::kMaxDropsPerFrame;

  // --- What is drawn ---
  uint32_t seed() const { return map().seed(); }
  const Settings& settings() const { return settings_; }
  // The file the ground came from, or nullopt while the generator grows it.
  const std::optional<GroundFile>& ground_file() const { return map().ground_file(); }
  // Drops rained so far; while long work rains, those its worker has rained too (they move in
  // pieces of kWorkPiece while heights() stays as it was until the work lands).
  uint64_t drops() const;
  // drops() / RAIN_TARGET, at most 1: moves while long work rains, never back.
  double progress() const;
  // The terrain drawn: the original while show_original, else the eroded one.
  const Heightfield& terrain() const;
  const Heightfield& heights() const { return map().heights(); }
  // The seed, the settings, the ground and the rain.
  const Map& map() const { return recorded_->map(); }
  const Heightfield& original() const { return map().original(); }
  const Rain& rain() const { return map().rain(); }
  // drawRivers()'s arrays (cols * rows each): the rivers as drawn, and the water of the last
  // rebuild they ease towards.
  const RiverPicture& rivers() const { return rivers_; }
  std::span<const float> water() const { return water_; }
  // The "Drainage" API documentation's analysis of the terrain drawn (flow, basins, Strahler
  // order at min_flow, lakes), with the routing chosen: worked out with the rivers (when the
  // rivers are hidden, on the rivers' schedule all the same), and at every new ground, so it
  // always has the terrain's size. The rivers' downstream and water are its drainage's.
  const Hydrology& hydrology() const { return hydrology_; }
  // Counts new grounds (seeds, restarts, generators ...): what is keyed on a map's history,
  // such as the basins' tones, starts again when this changes.
  uint64_t ground_version() const { return ground_version_; }
  // The rain stopped itself at the target in the last tick (for scripted runs to report).
  bool stopped_at_target() const { return stopped_at_target_; }
  const TickTimings& last_timings() const { return timings_; }

 private:
  // The view's controls, each as the sketch's handler (every one refreshes while paused).
  void new_map();  // after the map's resetTerrain(): rivers and hydrology start again
  void set_contour_levels(int n);
  void set_view(MapView view);
  void set_show_lakes(bool on);
  void set_rivers_by(RiversBy by);
  void set_min_flow(int n);           // 1 .. kMinFlowMax: re-works the rivers out at once
  void set_routing(Routing routing);  // re-routes at once
  void set_show_rivers(bool on);
  void set_show_original(bool on);
  void set_debug_mode(bool on);  // also empties the routes

  // The history's side (the recorded map's): the map at a place of the history.
  void go_to(const HistoryPosition& target);
  void arrived();                                // the map is as it was at the history's place
  void check_grid(const SavedMap& saved) const;  // of this session's size, or invalid_argument

  // ... the implementation's state: see live_model.cpp
  struct Job;  // long work under way: its worker, its copy of the map, what it is doing
  void start_rain(bool finish, uint64_t n);  // a finish, or a rain of n drops
  void begin_work(std::unique_ptr<Job> job);
  void land_work();            // joins the worker; its copy takes the map's place
  void land_rain(Job& job);    // a rain's drops and checkpoints recorded
  void land_finish(Job& job);  // ... and the rain stopped as at its target
  void drop_work();            // stops the worker and drops its copy
  std::optional<HistoryPosition> target_of(const HistoryCommand& command) const;
  void check_room(const MapCommand& command) const;   // the history has room for it
  void after(const MapCommand& command, bool fresh);  // what is drawn follows a command
  void frame();                                       // the part of draw() after the rain
  void draw_rivers_bookkeeping();                     // drawRivers() without the drawing
  void build_rivers();                                // buildRivers(terrain)
  void keep_hydrology();    // the rivers' schedule, for the hydrology alone
  void update_hydrology();  // works it out for the terrain now, unless it is already
  void changed();

  Settings settings_;  // the map's part is the map's own, copied after each change
  // Long work under way (null unless some runs). Declared before the recorded map it reads, so
  // that moving onto a model drops that model's work (its worker stopped and joined, its slots
  // given back) before the recorded map it reads is replaced; the destructor drops it first.
  std::unique_ptr<Job> job_;
  // The map and its history (the seed, the ground, the heights, the rain, the drops, every
  // step), on the heap: a worker going through the history reads it there while the model
  // moves. Null only in a model moved from.
  std::unique_ptr<RecordedMap> recorded_;
  bool playing_ = true;
  bool resting_ = false;  // see resting()
  uint64_t version_ = 0;
  uint64_t frame_count_ = 0;  // p5's frameCount
  uint64_t river_builds_ = 0;
  // The sketch empties `paths` at the end of every frame drawn while looping; here that
  // happens at the start of the next frame, so the routes stay readable until then.
  bool routes_expire_ = false;
  bool stopped_at_target_ = false;
  Hydrology hydrology_;
  uint64_t ground_version_ = 0;
  RiverPicture rivers_;  // its `downstream` is the sketch's: zeros until the first build
  std::vector<float> water_;
  std::vector<int32_t> previous_downstream_;
  // rivers_for / shown_for: what the rivers were last worked out for, and what the drawn
  // rivers belong to (the sketch keeps them as strings "drops/original?/sea_level").
  // Beyond the sketch's, the view also holds the routing and the minimum flow.
  struct RiverKey {
    bool valid = false;
    uint64_t drops = 0;
    uint64_t edits = 0;  // ground_edits_: a stroke changes the ground without a drop
    bool original = false;
    double sea_level = 0;
    Routing routing = Routing::sketch;
    int min_flow = 0;
  };
  RiverKey key_now() const;  // the state now, as a key
  static bool same_view(const RiverKey& a, const RiverKey& b);
  static bool same_ground(const RiverKey& a, const RiverKey& b);
  RiverKey rivers_for_;
  RiverKey shown_for_;
  RiverKey hydrology_for_;  // what hydrology_ was last worked out for
  // Changes of the ground that are neither drops nor a new map (strokes): the rivers and the
  // hydrology are worked out again after each, raining or not.
  uint64_t ground_edits_ = 0;
  TickTimings timings_;
};

}  // namespace terrain::session
