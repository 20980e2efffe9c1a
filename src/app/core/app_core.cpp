// The app's core (app_core.h). Sections:
//   the values the core checks before it takes them (brushes, time-lapses, the SVG's pen, the
//     3D camera, the relief), and which commands wait for a busy map
//   the 3D view: the island framed, the brush's ring and the row's line on the surface, the
//     map point under the pointer
//   dispatch: the rule for a busy map, the rain's ticks, long work's end, the frame's update
//   carrying out: the map's commands, undo and redo, scripts, cancelling, painting, the UI's
//     commands (carry_out_ui), grounds and map files landing
#include "app/core/app_core.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <variant>

#include "app/core/map_window.h"
#include "core/number_text.h"
#include "core/overloaded.h"
#include "core/skyline.h"
#include "io/heightmap.h"
#include "io/timelapse.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/side_view.h"
#include "render/geometry/surface_raster.h"

namespace terrain::app {
namespace {

// The section skyline's parameters as the core checks them, and within what the strip can
// make in a frame (the sections' points and the smoothing steps are the skyline's cost).
void check_section_params(const SectionParams& p) {
  if (p.sections > 1000 || p.sub > 100 || p.smooth_steps > 1000000) {
    throw std::invalid_argument(
        "the section skyline's sections (up to 1000), sub points (up to 100) and smoothing "
        "steps (up to 1,000,000) are limited in the side view");
  }
  SectionParams check = p;
  check.smooth_steps = std::min(p.smooth_steps, 0);  // the check, not the smoothing
  section_skyline_points(0, check);
}

// The values the core checks before it takes them: each one as it is, or std::invalid_argument
// saying what is allowed.
BrushSettings checked_brush(const BrushSettings& b) {
  if (!(b.radius >= kMinBrushRadius && b.radius <= kMaxBrushRadius)) {
    throw std::invalid_argument("a brush radius of " + number_text(b.radius) + " cells: allowed " +
                                number_text(kMinBrushRadius) + ".." + number_text(kMaxBrushRadius));
  }
  if (!(b.strength >= 0 && b.strength <= 1)) {
    throw std::invalid_argument("a brush strength of " + number_text(b.strength) +
                                ": allowed 0..1");
  }
  return b;
}

SetRecording checked_recording(const SetRecording& c) {
  if (c.every < 1 || c.every > io::kTimelapseMaxEvery) {
    throw std::invalid_argument("a frame every " + std::to_string(c.every) + " ticks: allowed 1.." +
                                std::to_string(io::kTimelapseMaxEvery));
  }
  if (c.fps < io::kTimelapseMinFps || c.fps > io::kTimelapseMaxFps) {
    throw std::invalid_argument(
        "a time-lapse at " + std::to_string(c.fps) + " frames a second: allowed " +
        std::to_string(io::kTimelapseMinFps) + ".." + std::to_string(io::kTimelapseMaxFps));
  }
  return c;
}

exports::SvgPage checked_svg_page(const exports::SvgPage& page) {
  if (!exports::svg_pen_ok(page.pen_mm)) {
    throw std::invalid_argument("an SVG pen of " + number_text(page.pen_mm) + " mm: allowed " +
                                number_text(exports::kSvgPenMinMm) + ".." +
                                number_text(exports::kSvgPenMaxMm) + " mm (0: the map's scale)");
  }
  return page;
}

void check_camera(const SetCamera& c) {
  if (!std::isfinite(c.yaw) ||
      !(c.pitch >= render::OrbitCamera::kMinPitch && c.pitch <= render::OrbitCamera::kMaxPitch)) {
    throw std::invalid_argument("a camera at yaw " + number_text(c.yaw) + ", pitch " +
                                number_text(c.pitch) + ": allowed any yaw, and a pitch from " +
                                number_text(render::OrbitCamera::kMinPitch) + " to " +
                                number_text(render::OrbitCamera::kMaxPitch) + " degrees");
  }
}

double checked_exaggeration(double value) {
  if (!(value >= render::kMinExaggeration && value <= render::kMaxExaggeration)) {
    throw std::invalid_argument("a vertical exaggeration of " + number_text(value) + ": allowed " +
                                number_text(render::kMinExaggeration) + ".." +
                                number_text(render::kMaxExaggeration));
  }
  return value;
}

// The skylines' parameters: the core checks every value (one column is enough to check them).
RandomWalkParams checked_walk(const RandomWalkParams& params) {
  RandomWalkParams check = params;
  check.columns = 1;
  random_walk_skyline(0, check);
  return params;
}

SectionParams checked_sections(const SectionParams& params) {
  check_section_params(params);
  return params;
}

// "1 step", "3 steps".
std::string steps_text(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " step" : " steps");
}

// Whether a command waits its turn while the map is busy (see app_core.h): all but the core's
// own and the shell's at-once commands.
bool waits_for_the_map(const Command& command) {
  return std::visit(
      Overloaded{[](const session::MapCommand&) { return true; },
                 [](const session::ViewCommand&) { return true; },
                 [](const session::HistoryCommand&) { return true; },
                 [](const UiCommand&) { return false; }, [](const ShellCommand&) { return false; },
                 [](const FileCommand&) { return true; }, [](const SetTyped&) { return false; },
                 [](const MapSaved&) { return false; }, [](const LandGround&) { return true; },
                 [](const LandMap&) { return true; }, [](const ScriptStep&) { return true; }},
      command);
}

}  // namespace

Command command_of(const session::ScriptCommand& command) {
  return std::visit(Overloaded{[](const session::SaveMapFile& c) -> Command {
                                 return SaveMap{c.path, false};
                               },
                               [](const session::MapCommand& c) -> Command { return c; },
                               [](const session::ViewCommand& c) -> Command { return c; },
                               [](const session::HistoryCommand& c) -> Command { return c; }},
                    command);
}

uint32_t random_seed() {
  std::random_device device;
  return std::uniform_int_distribution<uint32_t>(0, 999999)(device);
}

AppCore::AppCore(uint32_t seed, Shell& shell)
    : model_(seed),
      shell_(shell),
      camera_(sketch::COLS, sketch::ROWS),
      orbit_(sketch::COLS, sketch::ROWS) {}

void AppCore::frame_island() {
  if (!map_area_known_) {
    frame_pending_ = true;
    return;
  }
  orbit_.frame_map(map_area_.width / std::max(1.0, map_area_.height),
                   render::OrbitCamera::kReliefCells * ui_.exaggeration);
}

std::span<const float> AppCore::lakes_drawn() const {
  const std::span<const float> depth = model_.hydrology().lake_depth();
  if (!model_.settings().show_lakes || depth.size() != model_.terrain().size()) return {};
  return depth;
}

void AppCore::keep_eye_clear() {
  const session::Settings& s = model_.settings();
  if (s.view != MapView::three_d) return;
  orbit_.clear_ground(model_.terrain(), render::OrbitCamera::kReliefCells * ui_.exaggeration,
                      s.sea_level, lakes_drawn());
}

void AppCore::set_map_area(const render::MapArea& area) {
  map_area_ = area;
  map_area_known_ = true;
  if (frame_pending_) {
    frame_pending_ = false;
    frame_island();
  }
  // What the View section and the scripts read of the cameras, and the brush's circle's scale.
  ui_.zoom = camera_.zoom();
  ui_.at_fit = camera_.at_fit();
  ui_.cell_pixels = camera_.frame(map_area_).scale_x;
  ui_.camera_yaw = orbit_.yaw();
  ui_.camera_pitch = orbit_.pitch();
  ui_.camera_distance = orbit_.distance();
}

void AppCore::trace_row_line() {
  ui_.row_line_points = 0;
  const session::Settings& s = model_.settings();
  if (s.view != MapView::three_d) return;
  const Heightfield& h = model_.terrain();
  const int row = render::cross_section_row(ui_.side.row, h.height());
  const std::span<const float> lakes = lakes_drawn();
  const double relief = render::OrbitCamera::kReliefCells * ui_.exaggeration;
  ui_.row_line.resize(static_cast<std::size_t>(2 * h.width()));
  for (int x = 0; x < h.width(); x++) {
    const double top = render::surface_height(h, x, row, s.sea_level, lakes);
    const auto at = orbit_.project(render::world_point(x, row, top, relief), map_area_);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    ui_.row_line[static_cast<std::size_t>(2 * x)] = at ? static_cast<float>(at->x) : nan;
    ui_.row_line[static_cast<std::size_t>(2 * x + 1)] = at ? static_cast<float>(at->y) : nan;
  }
  ui_.row_line_points = h.width();
}

void AppCore::trace_brush_ring(glm::dvec2 pixel) {
  ui_.brush_ring_points = 0;
  const session::Settings& s = model_.settings();
  if (s.view != MapView::three_d) return;
  const auto centre = map_point_at(pixel);
  if (!centre) return;
  const std::span<const float> lakes = lakes_drawn();
  const double relief = render::OrbitCamera::kReliefCells * ui_.exaggeration;
  const Heightfield& h = model_.terrain();
  int n = 0;
  for (int k = 0; k < UiState::kBrushRingPoints; k++) {
    const double a = 2 * 3.14159265358979323846 * k / UiState::kBrushRingPoints;
    const double x = std::clamp(centre->x + ui_.brush.radius * std::cos(a), 0.0, h.width() - 1.0);
    const double y = std::clamp(centre->y + ui_.brush.radius * std::sin(a), 0.0, h.height() - 1.0);
    const double top = render::surface_height(h, x, y, s.sea_level, lakes);
    const auto at = orbit_.project(render::world_point(x, y, top, relief), map_area_);
    if (!at) return;  // reaching behind the eye: no ring
    ui_.brush_ring[static_cast<std::size_t>(2 * n)] = static_cast<float>(at->x);
    ui_.brush_ring[static_cast<std::size_t>(2 * n + 1)] = static_cast<float>(at->y);
    n++;
  }
  ui_.brush_ring_points = n;
}

std::optional<glm::dvec2> AppCore::map_point_at(glm::dvec2 pixel) const {
  if (!map_area_.contains(pixel)) return std::nullopt;
  if (model_.settings().view != MapView::three_d) return camera_.cell_at(pixel, map_area_);
  const session::Settings& s = model_.settings();
  const std::span<const float> lakes = lakes_drawn();
  return render::pick_ground(model_.terrain(), render::OrbitCamera::kReliefCells * ui_.exaggeration,
                             orbit_.ray_through(pixel, map_area_), s.sea_level, lakes);
}

bool AppCore::map_busy() const {
  return model_.working() || shell_.rendering_in_tiles() || shell_.opening_a_map();
}

AppCore::TickTimes AppCore::tick(double seconds, bool one_tick) {
  TickTimes times;
  if (shell_.rendering_in_tiles() || shell_.opening_a_map()) {
    tick_debt_ = 0;
    return times;
  }
  const auto tick_once = [&] {
    const bool raining = model_.playing();
    model_.tick();
    if (raining) shell_.rained();
    times.rain_ms += model_.last_timings().rain_ms;
    times.rivers_ms += model_.last_timings().rivers_ms;
    stopped_ = stopped_ || model_.stopped_at_target();
  };
  if (one_tick) {
    tick_once();
    return times;
  }
  if (!model_.playing()) {
    tick_debt_ = 0;
    return times;
  }
  tick_debt_ += seconds;
  int ticks = 0;
  while (tick_debt_ >= kTickSeconds && ticks < kMostTicksPerFrame && model_.playing()) {
    tick_once();
    tick_debt_ -= kTickSeconds;
    ticks++;
  }
  if (ticks == kMostTicksPerFrame) tick_debt_ = 0;  // too far behind: let it go
  return times;
}

std::optional<std::string> AppCore::end_work(const std::function<bool()>& give_up) {
  while (model_.working() && !give_up()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    try {
      if (model_.update_work()) stopped_ = stopped_ || model_.stopped_at_target();
    } catch (const std::exception& e) {
      refuse(std::string("Long work failed, and the map is as it was before it: ") + e.what());
    }
  }
  return model_.cancel_work();
}

bool AppCore::take_stopped() {
  const bool stopped = stopped_;
  stopped_ = false;
  return stopped;
}

void AppCore::dispatch(const Command& command) {
  if (waits_for_the_map(command) && (map_busy() || !waiting_.empty())) {
    waiting_.push_back(command);
    return;
  }
  carry_out(command);
}

void AppCore::enqueue_script_step(ScriptStep step) {
  script_given_++;
  waiting_.push_back(std::move(step));
}

std::optional<std::pair<std::size_t, std::size_t>> AppCore::script_progress() const {
  if (script_done_ >= script_given_ || ui_.script_stopped) return std::nullopt;
  return std::pair{script_done_, script_given_};
}

void AppCore::dispatch_first(const Command& command) {
  if (map_busy()) {
    waiting_.push_front(command);
    return;
  }
  carry_out(command);
}

bool AppCore::update() {
  paint_piece();  // what was painted this frame, before the frame's rain
  bool landed = false;
  try {
    landed = model_.update_work();
  } catch (const std::exception& e) {
    // The worker failed (it never should: what it carries out was checked first); the map is as
    // it was, and what waited behind it goes, as after a cancel.
    waiting_.clear();
    refuse(std::string("Long work failed, and the map is as it was before it: ") + e.what());
  }
  stopped_ = stopped_ || (landed && model_.stopped_at_target());
  const auto started = std::chrono::steady_clock::now();
  const auto budget = std::chrono::duration<double, std::milli>(kFrameBudgetMs);
  while (!waiting_.empty() && !map_busy()) {
    // Taken out first: carrying it out may queue more behind it, or drop what waits (a script
    // stopped, work cancelled).
    const Command command = std::move(waiting_.front());
    waiting_.pop_front();
    carry_out(command);
    // A script's lines leave the next frame its turn once the frame's budget is spent (what
    // else waits is a user's few commands, carried out together as ever).
    if (std::holds_alternative<ScriptStep>(command) &&
        std::chrono::steady_clock::now() - started > budget) {
      break;
    }
  }
  keep_eye_clear();
  return landed;
}

void AppCore::carry_out(const Command& command) {
  // A value the session refuses changes nothing, and says why.
  std::visit(Overloaded{[&](const session::MapCommand& c) {
                          try {
                            model_.start(c);  // long work goes on a worker
                          } catch (const std::invalid_argument& e) {
                            refuse(e.what());
                          }
                          stopped_ = stopped_ || model_.stopped_at_target();
                        },
                        [&](const session::ViewCommand& c) {
                          const bool was_finishing = model_.finishing();
                          try {
                            model_.apply(c);
                          } catch (const std::invalid_argument& e) {
                            refuse(e.what());
                          }
                          if (!was_finishing && model_.finishing()) shell_.finish_began();
                        },
                        [&](const session::HistoryCommand& c) { carry_out_history(c); },
                        [&](const UiCommand& c) { carry_out_ui(c); },
                        [&](const ShellCommand& c) { shell_.carry_out(c); },
                        [&](const FileCommand& c) { shell_.carry_out(c); },
                        [&](const MapSaved& c) {
                          ui_.map_path = c.path;
                          ui_.map_saved_version = model_.history().version();
                          ui_.map_saved_at = model_.history().position();
                        },
                        [&](const SetTyped& c) {
                          (c.field == TypedField::heightmap ? ui_.heightmap_path : ui_.map_name) =
                              c.text;
                        },
                        [&](const LandGround& c) { land_ground(*c.read); },
                        [&](const LandMap& c) { land_map(*c.read); },
                        [&](const ScriptStep& c) { run_script_step(c); }},
             command);
}

// Undo and redo say which step they undid or redid; going nowhere says so.
void AppCore::carry_out_history(const session::HistoryCommand& command) {
  const session::History& history = model_.history();
  const auto step_at = [&](bool forward) -> std::optional<std::size_t> {
    const session::HistoryPosition at = history.position();
    const std::size_t done = history.steps_done(at);
    if (forward) return done < history.steps().size() ? std::optional(done) : std::nullopt;
    if (history.inside_step(at)) return done;
    return done > 0 ? std::optional(done - 1) : std::nullopt;
  };
  std::string message;
  if (const auto* undo = std::get_if<session::Undo>(&command)) {
    const auto step = step_at(false);
    if (!step) {
      shell_.message("Nothing to undo", false);
      return;
    }
    message = "Undo: " + session::step_label(history, *step);
    if (undo->steps > 1) message += " and " + std::to_string(undo->steps - 1) + " more";
  } else if (const auto* redo = std::get_if<session::Redo>(&command)) {
    const auto step = step_at(true);
    if (!step) {
      shell_.message("Nothing to redo", false);
      return;
    }
    message = "Redo: " + session::step_label(history, *step);
    if (redo->steps > 1) message += " and " + std::to_string(redo->steps - 1) + " more";
  }
  try {
    model_.start(command);  // a far place is reached on a worker
  } catch (const std::invalid_argument& e) {
    refuse(e.what());
    return;
  }
  if (!message.empty()) shell_.message(message, false);
}

// The line's command, with the line in front of anything refused meanwhile (the shell's
// messages read ui().script_where); once one is refused, the lines after it are not carried
// out.
void AppCore::run_script_step(const ScriptStep& step) {
  if (ui_.script_stopped) return;
  script_done_++;
  const uint64_t failures = shell_.failures();
  ui_.script_where = step.where;
  carry_out(*step.command);
  ui_.script_where.clear();
  if (shell_.failures() > failures) stop_script();
}

// The script's lines still waiting go, and it says so.
void AppCore::stop_script() {
  const auto is_line = [](const Command& c) { return std::holds_alternative<ScriptStep>(c); };
  const auto left = std::count_if(waiting_.begin(), waiting_.end(), is_line);
  waiting_.erase(std::remove_if(waiting_.begin(), waiting_.end(), is_line), waiting_.end());
  ui_.script_stopped = true;
  script_done_ = script_given_;
  if (left > 0) {
    shell_.message("The script stops there: its " + std::to_string(left) + " line" +
                       (left == 1 ? "" : "s") + " after it were not carried out",
                   false);
  }
}

// Long work stopped and dropped, the map as it was before it; what waited behind it goes (it
// was asked for on the map the work would have made). With none, a script under way stops at
// the line it is at (those before it stay carried out).
void AppCore::cancel_work() {
  std::optional<std::string> what = model_.cancel_work();
  if (!what) what = shell_.cancel_own();
  if (!what && script_progress()) {
    const auto [done, given] = *script_progress();
    stop_script();
    const std::string message = "Cancelled: the script after line " + with_thousands(done) +
                                " of " + with_thousands(given) +
                                " (the lines before stay carried out)";
    shell_.message(message, false);
    shell_.say(message);
    return;
  }
  if (!what) return;
  const std::size_t dropped = waiting_.size();
  const bool script = std::any_of(waiting_.begin(), waiting_.end(), [](const Command& c) {
    return std::holds_alternative<ScriptStep>(c);
  });
  waiting_.clear();
  if (script) {
    ui_.script_stopped = true;
    script_done_ = script_given_;
  }
  std::string message = "Cancelled: " + *what + " (the map is as it was before it";
  if (dropped > 0) {
    message += "; " + std::to_string(dropped) + (dropped == 1 ? " command" : " commands") +
               " waiting after it " + (dropped == 1 ? "was" : "were") + " not carried out";
  }
  message += ")";
  shell_.message(message, false);
  shell_.say(message);
}

void AppCore::refusing(const std::function<void()>& change) {
  try {
    change();
  } catch (const std::invalid_argument& e) {
    refuse(e.what());
  }
}

void AppCore::paint(const Paint& p) {
  if (!std::isfinite(p.x) || !std::isfinite(p.y)) return;
  const Point at{p.x, p.y};
  const auto add = [&](Point q) {
    const std::vector<Point>& pending = painting_->pending;
    const std::optional<Point> before = pending.empty() ? painting_->last : pending.back();
    if (!before || before->x != q.x || before->y != q.y) painting_->pending.push_back(q);
  };
  switch (p.phase) {
    case PaintPhase::press: {
      if (painting_) paint({PaintPhase::release, p.x, p.y});
      PaintingStroke s;
      s.piece.tool = ui_.brush.tool;
      s.piece.radius = ui_.brush.radius;
      s.piece.strength = ui_.brush.strength;
      s.piece.falloff = ui_.brush.falloff;
      // Roughen's noise and rain here's landings: a seed of the stroke's own, the same when the
      // same history is painted again.
      s.piece.seed =
          static_cast<uint32_t>(model_.history().version() * 2654435761u) ^ model_.seed();
      if (s.piece.tool == BrushTool::flatten) {
        BrushStroke first = s.piece;
        first.points = {at};
        s.piece.flatten_to = flatten_target(model_.heights(), first);
      }
      painting_ = std::move(s);
      painting_->pending.push_back(at);
      ui_.painting = true;
      dispatch(session::HistoryCommand{session::BeginEdit{}});
      paint_piece();
      return;
    }
    case PaintPhase::drag:
      if (painting_) add(at);
      return;
    case PaintPhase::release:
      if (!painting_) return;
      add(at);
      paint_piece();
      dispatch(session::HistoryCommand{session::EndEdit{}});
      painting_.reset();
      ui_.painting = false;
      return;
  }
}

void AppCore::paint_piece() {
  if (!painting_ || painting_->pending.empty()) return;
  PaintingStroke& s = *painting_;
  BrushStroke piece = s.piece;
  if (s.last) piece.points.push_back(*s.last);
  piece.points.insert(piece.points.end(), s.pending.begin(), s.pending.end());
  piece.start = s.next_start;
  s.next_start = next_dab_start(piece);
  s.last = piece.points.back();
  s.pending.clear();
  dispatch(session::MapCommand{session::Stroke{std::move(piece)}});
}

// What changes the UI state or the camera: a value the core refuses (the checks atop this
// file throw std::invalid_argument) changes nothing, and says why.
// A program takes some formats only: choosing a format clears a program that does not take it,
// and choosing a program picks its first format if the one set is not its.
void AppCore::set_export_format(io::HeightmapFormat format) {
  ui_.export_format = format;
  if (ui_.export_preset && !exports::preset_takes(*ui_.export_preset, format)) {
    ui_.export_preset.reset();
  }
}

void AppCore::set_export_preset(std::optional<exports::EnginePreset> preset) {
  ui_.export_preset = preset;
  if (preset && !exports::preset_takes(*preset, ui_.export_format)) {
    ui_.export_format = exports::preset_formats(*preset).front();
  }
}

void AppCore::set_real_units(const io::RealUnits& units) {
  try {
    io::check_real_units(units);
    ui_.real_units = units;
  } catch (const std::exception& e) {
    refuse(e.what());
  }
}

void AppCore::carry_out_ui(const UiCommand& command) {
  std::visit(
      Overloaded{
          [&](const CancelWork&) { cancel_work(); },
          // Brushes.
          [&](const SetBrush& c) { refusing([&] { ui_.brush = checked_brush(c.brush); }); },
          [&](const SetPaintMode& c) { ui_.paint_mode = c.on; },
          [&](const TogglePaintMode&) { ui_.paint_mode = !ui_.paint_mode; },
          [&](const ShowHelp& c) { ui_.help = c.which; },
          [&](const Paint& c) { paint(c); },
          [&](const NewSeed&) { dispatch(session::MapCommand{session::SetSeed{random_seed()}}); },
          [&](const SetScheme& c) {
            const auto count = static_cast<int>(render::color_schemes().size());
            if (c.index >= 0 && c.index < count) ui_.scheme = c.index;
          },
          // Your own ground, and the exports' settings.
          [&](const SetGroundFit& c) { ui_.ground_fit = c.fit; },
          [&](const SetExportFormat& c) { set_export_format(c.format); },
          [&](const SetExportPreset& c) { set_export_preset(c.preset); },
          [&](const SetRecording& c) { refusing([&] { ui_.record = checked_recording(c); }); },
          [&](const SetRealUnits& c) { set_real_units(c.units); },
          [&](const SetSvgPage& c) { refusing([&] { ui_.svg_page = checked_svg_page(c.page); }); },
          [&](const SetRenderSize& c) {
            ui_.render_size[0] = c.width;
            ui_.render_size[1] = c.height;
          },
          [&](const StepTimeline& c) { step_timeline(c.direction); },
          // Moving around the map: the area it is seen in now.
          [&](const ZoomAt& c) {
            camera_.zoom_at(c.factor, {c.x, c.y}, map_area_);
          },
          [&](const PanBy& c) {
            camera_.pan_by({c.dx, c.dy}, map_area_);
          },
          [&](const FitMap&) { camera_.fit(); },
          [&](const SetZoom& c) { refusing([&] { camera_.set_zoom(c.zoom); }); },
          [&](const SetCenter& c) { refusing([&] {
                                      camera_.set_center({c.x, c.y});
                                    }); },
          // The 3D view's camera, framed for the area it is seen in.
          [&](const OrbitBy& c) { orbit_.orbit(c.dx, c.dy); },
          [&](const PanCameraBy& c) { orbit_.pan(c.dx, c.dy, map_area_); },
          [&](const ZoomCamera& c) { orbit_.zoom(c.factor); },
          [&](const FrameIsland&) { frame_island(); },
          [&](const SetCamera& c) {
            refusing([&] {
              check_camera(c);
              orbit_.set_angles(c.yaw, c.pitch);
            });
          },
          [&](const PlaceCamera& c) {
            orbit_.place(c.distance, {c.x, c.y, c.z});
          },
          [&](const SetExaggeration& c) {
            refusing([&] { ui_.exaggeration = checked_exaggeration(c.value); });
          },
          // The side view.
          [&](const ShowSideView& c) { ui_.side.shown = c.on; },
          [&](const ToggleSideView&) { ui_.side.shown = !ui_.side.shown; },
          [&](const SetSideView& c) {
            ui_.side.view = c.view;
            ui_.side.shown = true;
          },
          [&](const SetSectionRow& c) { refusing([&] { show_section_row(c.row); }); },
          [&](const SetSkylineSeed& c) { ui_.side.skyline_seed = c.seed; },
          [&](const SetWalkParams& c) {
            refusing([&] { ui_.side.walk = checked_walk(c.params); });
          },
          [&](const SetSectionParams& c) {
            refusing([&] { ui_.side.sections = checked_sections(c.params); });
          },
      },
      command);
}

// The timeline's keys: 1% of the map's drops a press.
void AppCore::step_timeline(int direction) {
  const session::Timeline& t = model_.history().timeline();
  const uint64_t step = std::max<uint64_t>(1, t.total / 100);
  const uint64_t to =
      direction < 0 ? (t.now > step ? t.now - step : 0) : std::min(t.total, t.now + step);
  if (to != t.now) dispatch(session::HistoryCommand{session::Seek{to}});
}

// The cross-section along `row`, shown.
void AppCore::show_section_row(int row) {
  const int rows = model_.heights().height();
  if (row < 0 || row >= rows) {
    throw std::invalid_argument("row " + std::to_string(row) + " is not on the map (0.." +
                                std::to_string(rows - 1) + ")");
  }
  ui_.side.row = row;
  ui_.side.view = SideView::cross_section;
  ui_.side.shown = true;
}

// A heightmap read on a worker becomes the ground (a map command like any other), or says why
// it cannot.
void AppCore::land_ground(const GroundRead& read) {
  if (!read.error.empty()) {
    refuse(read.error);
    return;
  }
  try {
    model_.apply(session::MapCommand{session::SetGround{read.ground}});
  } catch (const std::invalid_argument& e) {
    refuse("Cannot open " + read.path + ": " + e.what());
    return;
  } catch (const std::bad_alloc&) {
    refuse("Cannot open " + read.path + ": there is not enough memory to open it");
    return;
  }
  const std::string message = "Opened " + read.path + " (" + std::to_string(read.file_w) + " x " +
                              std::to_string(read.file_h) + ", " +
                              (read.own_heights ? "its own heights" : "scaled to 0..1") + ", " +
                              std::string(ground_fit_name(read.ground.fit)) + ") as the ground";
  shell_.message(message, false);
  shell_.say(message);
}

// A map file read on a worker becomes the session (its history, its place, its view), or says
// why it cannot; a file refused changes nothing.
void AppCore::land_map(const MapRead& read) {
  if (!read.error.empty()) {
    refuse(read.error);
    return;
  }
  std::vector<Command> window;
  try {
    window = window_view_commands(read.map.window, camera_, model_.heights().height());
    if (read.history && read.placed) {
      model_.open(read.map, std::move(*read.history), std::move(*read.placed));
    } else {
      model_.open(read.map);
    }
  } catch (const std::bad_alloc&) {
    refuse("Cannot open " + read.path + ": there is not enough memory to open it");
    return;
  } catch (const std::exception& e) {
    refuse("Cannot open " + read.path + ": " + e.what());
    return;
  }
  for (const Command& c : window) carry_out(c);
  ui_.histories_opened++;  // another history: the History list's labels again
  const session::Timeline& t = model_.history().timeline();
  if (read.recovered) {
    // Its own file again, if it had one, and changed since: not the autosave's.
    ui_.map_path = window_view_file(read.map.window);
    ui_.map_saved_version = ~uint64_t{0};
    const std::string message = "Brought back the map left unsaved (" +
                                steps_text(model_.history().steps().size()) + ", drop " +
                                with_thousands(t.now) + ")";
    shell_.message(message, false);
    shell_.say(message);
    return;
  }
  ui_.map_path = read.path;
  ui_.map_saved_version = model_.history().version();
  ui_.map_saved_at = model_.history().position();
  const std::string message = "Opened the map " + read.path + " (" +
                              steps_text(model_.history().steps().size()) + ", drop " +
                              with_thousands(t.now) + " of " + with_thousands(t.total) + ")";
  shell_.message(message, false);
  shell_.say(message);
}

}  // namespace terrain::app
