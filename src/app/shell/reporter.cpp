// What the app prints for scripts and tests (reporter.h).
#include "app/shell/reporter.h"

#include <array>
#include <cstdio>
#include <string_view>

#include "render/geometry/side_view.h"

namespace terrain::app {

void Reporter::start(const session::LiveModel& model) {
  started_ = true;
  seed_ = model.seed();
  playing_ = model.playing();
  std::printf("seed %u\n%s\n", seed_, playing_ ? "playing" : "paused");
  std::fflush(stdout);
}

void Reporter::frame(const Frame& f) {
  script_lines(f.model, f.stopped);
  if (for_tests_ && f.laid_out) test_lines(f);
  std::fflush(stdout);
}

void Reporter::finished(double ms, uint64_t frames, double longest_ms) {
  std::printf("rain finished in %.0f ms (%llu frames drawn meanwhile, the longest %.1f ms)\n", ms,
              static_cast<unsigned long long>(frames), longest_ms);
  std::fflush(stdout);
}

void Reporter::script_lines(const session::LiveModel& model, bool stopped) {
  if (stopped) {
    std::printf("rain stopped at %llu drops\n", static_cast<unsigned long long>(model.drops()));
  }
  if (!started_) return;  // at start the seed and the state are printed once all is set up
  if (model.seed() != seed_) {
    seed_ = model.seed();
    std::printf("seed %u\n", seed_);
  }
  if (model.playing() != playing_) {
    playing_ = model.playing();
    std::printf("%s\n", playing_ ? "playing" : "paused");
  }
}

void Reporter::test_lines(const Frame& f) {
  // What the readout shows, as --probe prints it.
  const std::optional<session::CellPosition>& hover = f.shell.hover;
  if (hover && (!hover_ || hover_->x != hover->x || hover_->y != hover->y)) {
    std::printf("readout %s\n",
                session::readout_json(session::read_cell(f.model, hover->x, hover->y)).c_str());
  }
  hover_ = hover;
  // Where the map is looked at from (the centre as --center takes it; zooming and panning keep
  // it where the map covers the area).
  if (f.camera.version() != camera_) {
    camera_ = f.camera.version();
    const glm::dvec2 center = f.camera.center();
    std::printf("view zoom %.17g center %.17g,%.17g\n", f.camera.zoom(), center.x, center.y);
  }
  // Where the camera puts the grid in the map's area (grid point 0,0 and the pixels a cell),
  // whenever the camera or the area changes.
  const terrain::Frame placed = f.camera.frame(f.layout.map_area());
  if (placed.left != placed_.left || placed.top != placed_.top ||
      placed.scale_x != placed_.scale_x) {
    placed_ = placed;
    std::printf("view frame %.17g %.17g %.17g\n", placed.left, placed.top, placed.scale_x);
  }
  if (f.ui.side.row != row_) {
    row_ = f.ui.side.row;
    std::printf("side view row %d\n", render::cross_section_row(f.ui.side.row, sketch::ROWS));
  }
  // Where the controls are, whenever one moves, appears or goes (the side bar scrolled, a
  // section folded, a drop-down opened).
  f.controls.changes([](std::string_view name, const std::array<float, 4>& r) {
    std::printf("layout %.*s %.0f %.0f %.0f %.0f\n", static_cast<int>(name.size()), name.data(),
                static_cast<double>(r[0]), static_cast<double>(r[1]), static_cast<double>(r[2]),
                static_cast<double>(r[3]));
  });
  for (const auto& [key, value] :
       state_changes(state_, state_values(f.model, f.ui, f.shell, !f.layout.side_bar.empty()))) {
    std::printf("state %s %s\n", key.c_str(), value.c_str());
  }
  // Where the map, the strip and the timeline are, whenever they move (the splitters, H, B, the
  // window's size).
  const Rect& m = f.layout.map;
  if (m.left != map_.left || m.top != map_.top || m.width != map_.width ||
      m.height != map_.height) {
    map_ = m;
    const Rect& s = f.layout.strip;
    const Rect& t = f.layout.timeline;
    std::printf("layout map %.0f %.0f %.0f %.0f\n", m.left, m.top, m.width, m.height);
    std::printf("layout strip %.0f %.0f %.0f %.0f\n", s.left, s.top, s.width, s.height);
    std::printf("layout timeline_band %.0f %.0f %.0f %.0f\n", t.left, t.top, t.width, t.height);
  }
  // Last: what the input changed is printed above by the time a test reads that it was
  // answered.
  if (f.inputs_answered != inputs_answered_ || f.moves_answered != moves_answered_ ||
      f.x_answered != x_answered_ || f.y_answered != y_answered_) {
    inputs_answered_ = f.inputs_answered;
    moves_answered_ = f.moves_answered;
    x_answered_ = f.x_answered;
    y_answered_ = f.y_answered;
    std::printf("input %llu %llu %d %d\n", static_cast<unsigned long long>(inputs_answered_),
                static_cast<unsigned long long>(moves_answered_), x_answered_, y_answered_);
  }
}

}  // namespace terrain::app
