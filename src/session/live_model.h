// The live model: the sketch's state that changes over time, and what each control does to it.
//
// This is the sketch's draw() without the drawing, and its control handlers: it owns the map
// (map.h: the terrain being rained on, the terrain before any rain, the rain and its drops),
// the debug routes, when rivers were last worked out, the eased river picture (drawRivers()'s
// shown / fade_in / ghost arrays), and the map's history (history.h: every step since the
// session began, with checkpoints, so undo, redo and the timeline bring any moment back
// exactly). The renderer reads it; the panel edits it through commands. It knows nothing of
// windows, GL or ImGui, so every rule of it is tested without a display.
//
// Time: one tick is one of the sketch's frames (it counts frames: drops per frame, rivers every
// RIVER_EVERY frames, easing by RIVER_EASE per frame). The app ticks it at 60 Hz whatever the
// display does. While paused nothing ticks; a change asks for refresh(), which is the sketch's
// redraw(): one frame without rain, in which the rivers jump straight to the new ones.
//
// Finishing the rain now (finish_rain(), the FinishRain view command, the app's --finish): the
// drops that live rain would still rain until it stops itself at RAIN_TARGET (whole ticks of
// drops_per_frame, so the same last drop) run at full speed on a worker thread, on the model's
// own copy of the heights and of the rain's state. Until the finish lands, everything read
// here (heights(), terrain(), rain(), rivers(), hydrology(), recipe()) stays as it was, so the
// main thread keeps drawing with no data race; only drops() and progress() move, in chunks of
// kFinishChunk drops. It lands in the first update_finish(), tick() or refresh() after the
// worker is done, or at once in any other command (each waits for it first): the
// heights and the rain's state are swapped in, RainDrops{n} is recorded, the rain stops as at
// the target (not playing; stopped_at_target()), the rivers jump to the new terrain and the
// hydrology is worked out, as at the frame where live rain stops. The heights are those of
// ticking to the stop, bit for bit, and LiveModel(recipe()) replays them. The worker keeps no
// debug routes: the routes are empty once it lands.
//
// Performance: a steady tick allocates nothing (every array is sized once per terrain); a
// finish allocates once as it starts (the copy), never in its worker's loop.
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
  // Not copyable or movable: the rain holds a pointer to the heights it carves.
  LiveModel(const LiveModel&) = delete;
  LiveModel& operator=(const LiveModel&) = delete;
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

  // --- Finishing the rain now (see the top of this file) ---
  // Starts finishing: the drops live rain would still rain until tick() stops it at
  // RAIN_TARGET (the remaining ticks of drops_per_frame, the last one included), on a worker
  // thread. Playing or paused alike; a no-op while already finishing. Throws
  // std::invalid_argument, changing nothing, when there is nothing to finish: the rain already
  // at or past the target (stopped there, or played on beyond it), or drops_per_frame 0 (live
  // rain would never reach it). Allocates the copy; takes well under a millisecond.
  void finish_rain();
  // True from finish_rain() until the finish lands.
  bool finishing() const { return finish_ != nullptr; }
  // The app calls this once every frame, playing or paused (it ticks only while playing):
  // while finishing, lands the finish if its worker is done (never waits) and returns true on
  // the call that landed it, stopped_at_target() being true then, as after the tick where
  // live rain stops. Otherwise does nothing and returns false.
  bool update_finish();
  // Waits for the worker and lands the finish now (nothing while not finishing): what every
  // command does first, and what a scripted run (--finish) calls to end the rain at once.
  void wait_finish();
  // Drops a finish's worker rains between publishing its count (about 5 ms of rain).
  static constexpr uint64_t kFinishChunk = 2000;

  // --- Commands: every change goes through these ---
  // A map command. Throws std::invalid_argument naming the setting when a value is out of its
  // range, changing nothing. While finishing, it first waits for the finish to land
  // (wait_finish), then applies; a value refused is refused before waiting. Each is recorded
  // in the recipe and, but for drops per frame (which only decides where ticks fall), in the
  // history: after an undo or a seek it first cuts the history there (the steps after go).
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
  // (ticks recorded as rain). A fresh LiveModel(recipe()) has the same heights.
  const MapRecipe& recipe() const { return recipe_; }
  // Everything done to the map since the session began (history.h).
  const History& history() const { return history_; }

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
  // The same with its history already rebuilt (history_of(saved), which a worker can do: the
  // main thread then only restores a checkpoint and replays the rain after it).
  void open(const SavedMap& saved, History&& history);

  static constexpr int kMaxDropsPerFrame = session::kMaxDropsPerFrame;

  // --- What is drawn ---
  uint32_t seed() const { return map_.seed(); }
  const Settings& settings() const { return settings_; }
  // The file the ground came from, or nullopt while the generator grows it.
  const std::optional<GroundFile>& ground_file() const { return map_.ground_file(); }
  // Drops rained so far; while finishing, those the worker has rained too (they move in
  // chunks of kFinishChunk while heights() stays as it was until the finish lands).
  uint64_t drops() const;
  // drops() / RAIN_TARGET, at most 1: moves while finishing, never back.
  double progress() const;
  // The terrain drawn: the original while show_original, else the eroded one.
  const Heightfield& terrain() const;
  const Heightfield& heights() const { return map_.heights(); }
  const Map& map() const { return map_; }  // the seed, the settings, the ground and the rain
  const Heightfield& original() const { return map_.original(); }
  const Rain& rain() const { return map_.rain(); }
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
  // The map commands (rain aside) through Map::carry_out, then what is drawn follows; the view's
  // controls, each as the sketch's handler (every one refreshes while paused).
  void carry_out(const MapCommand& command);
  void new_map();  // after the map's resetTerrain(): rivers, recipe, hydrology start again
  void set_contour_levels(int n);
  void set_view(MapView view);
  void set_show_lakes(bool on);
  void set_rivers_by(RiversBy by);
  void set_min_flow(int n);           // 1 .. kMinFlowMax: re-works the rivers out at once
  void set_routing(Routing routing);  // re-routes at once
  void set_show_rivers(bool on);
  void set_show_original(bool on);
  void set_debug_mode(bool on);  // also empties the routes

  // The history's side: a checkpoint when one is due, the map at a place of the history.
  MapStart head() const;  // seed, map settings and ground now
  void keep_checkpoint();
  void go_to(const HistoryPosition& target);
  void arrive(const HistoryPosition& target);    // go_to, even to the place it is at
  void check_grid(const SavedMap& saved) const;  // of this session's size, or invalid_argument
  void restore(const Checkpoint& c);
  void replay(const HistoryPosition& from, const HistoryPosition& to);
  void rain_recorded(uint64_t n);  // rains, recording it in the recipe and the history

  // ... the implementation's state: see live_model.cpp
  struct Finish;       // a finish under way: its worker, its copy of the heights and rain
  void land_finish();  // joins the worker and adopts its heights and rain
  void frame();        // the part of draw() after the rain
  void draw_rivers_bookkeeping();  // drawRivers() without the drawing
  void build_rivers();             // buildRivers(terrain)
  void keep_hydrology();           // the rivers' schedule, for the hydrology alone
  void update_hydrology();         // works it out for the terrain now, unless it is already
  void changed();

  Settings settings_;  // the map's part is the map's own, copied after each change
  Map map_;            // the seed, the ground, the heights, the rain and the drops
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
  MapRecipe recipe_;
  std::unique_ptr<Finish> finish_;  // null unless finishing
  History history_;
  bool original_changed_ = true;  // a new ground since the last checkpoint
  bool replaying_ = false;        // going to a place of the history: no frames, no records
  // Records a map command in the recipe (a new start begins a new recipe).
  void record(const MapCommand& command);
};

}  // namespace terrain::session
