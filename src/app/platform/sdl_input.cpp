#include "app/platform/sdl_input.h"

#include <algorithm>
#include <cmath>

namespace terrain::app {

void SdlInput::begin_frame(bool waited) {
  waited_ = waited;
  counts_.answered = counts_.polled;
  counts_.moves_answered = counts_.moves_polled;
  counts_.x_answered = counts_.x_polled;
  counts_.y_answered = counts_.y_polled;
}

void SdlInput::note(const SDL_Event& event) {
  switch (event.type) {
    case SDL_KEYDOWN:
    case SDL_KEYUP:
    case SDL_MOUSEWHEEL:
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
      counts_.polled++;
      break;
    case SDL_MOUSEMOTION:
      counts_.moves_polled++;
      counts_.x_polled = event.motion.x;
      counts_.y_polled = event.motion.y;
      break;
    default:
      break;
  }
  switch (event.type) {
    case SDL_KEYDOWN:
    case SDL_KEYUP:
    case SDL_TEXTINPUT:
    case SDL_MOUSEWHEEL:
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
    case SDL_MOUSEMOTION:
    case SDL_DROPFILE:
      // Input: this frame answers it, drawn at once, and so are the next few.
      if (!input_since_) input_since_ = event.common.timestamp;
      frames_owed_ = kFramesAfterInput;
      break;
    case SDL_WINDOWEVENT:
      // A new size (or the pointer leaving): laid out and drawn again at once.
      frames_owed_ = kFramesAfterInput;
      break;
    default:
      break;
  }
}

std::optional<double> SdlInput::swapped() {
  if (!input_since_) return std::nullopt;
  const auto ms = static_cast<double>(SDL_GetTicks() - *input_since_);
  input_since_.reset();
  return ms;
}

std::optional<glm::dvec2> SdlInput::over_map(double x, double y, const Layout& layout,
                                             float pixels_per_point) const {
  const glm::dvec2 p = to_drawable(x, y, pixels_per_point);
  if (!layout.map_area().contains(p)) return std::nullopt;
  return p;
}

void SdlInput::mouse(const SDL_Event& event, const AppCore& core, const Layout& layout,
                     float pixels_per_point, bool imgui_has_mouse, std::vector<Command>& out) {
  const bool surface = core.model().settings().view == MapView::three_d;
  switch (event.type) {
    case SDL_MOUSEWHEEL: {
      // SDL 2.26 says where the pointer was; a wheel notch zooms by a fifth.
      const auto p = over_map(event.wheel.mouseX, event.wheel.mouseY, layout, pixels_per_point);
      if (imgui_has_mouse || !p) return;
      float notches = event.wheel.preciseY;
      if (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED) notches = -notches;
      if (notches == 0) return;
      if ((SDL_GetModState() & KMOD_CTRL) != 0) {
        // Ctrl+wheel: the brush's radius, a cell a notch.
        BrushSettings brush = core.ui().brush;
        brush.radius = std::clamp(std::round(brush.radius) + (notches > 0 ? 1 : -1),
                                  kMinBrushRadius, kMaxBrushRadius);
        out.push_back(UiCommand{SetBrush{brush}});
        return;
      }
      const double factor = std::pow(1.2, notches);
      if (surface) {
        out.push_back(UiCommand{ZoomCamera{factor}});
      } else {
        out.push_back(UiCommand{ZoomAt{factor, p->x, p->y}});
      }
      return;
    }
    case SDL_MOUSEBUTTONDOWN: {
      const auto p = over_map(event.button.x, event.button.y, layout, pixels_per_point);
      if (!imgui_has_mouse && p) button_down(event.button, *p, core, out);
      return;
    }
    case SDL_MOUSEBUTTONUP:
      if (painting_ && event.button.button == SDL_BUTTON_LEFT) {
        // Released off the ground, the stroke ends where it last was.
        const auto cell =
            core.map_point_at(to_drawable(event.button.x, event.button.y, pixels_per_point));
        const glm::dvec2 at = cell.value_or(last_paint_);
        out.push_back(UiCommand{Paint{PaintPhase::release, at.x, at.y}});
        painting_ = false;
        return;
      }
      if (event.button.button == drag_button_) drag_button_ = 0;
      return;
    case SDL_MOUSEMOTION:
      motion(event.motion, to_drawable(event.motion.x, event.motion.y, pixels_per_point), core,
             layout, pixels_per_point, out);
      return;
    default:
      return;
  }
}

void SdlInput::button_down(const SDL_MouseButtonEvent& e, glm::dvec2 p, const AppCore& core,
                           std::vector<Command>& out) {
  const bool left = e.button == SDL_BUTTON_LEFT;
  if (left && (SDL_GetModState() & KMOD_SHIFT)) {
    // Shift+click: the cross-section along the row under the pointer.
    if (const auto cell = core.map_point_at(p)) {
      const int row = static_cast<int>(std::floor(cell->y + 0.5));
      if (row >= 0 && row < core.model().heights().height()) {
        out.push_back(UiCommand{SetSectionRow{row}});
      }
    }
    return;
  }
  if (left && core.ui().paint_mode) {
    // Painting: the left button paints where it presses the ground (the middle one still
    // pans; in the 3D view, pressed over the sky, it orbits).
    if (const auto cell = core.map_point_at(p)) {
      out.push_back(UiCommand{Paint{PaintPhase::press, cell->x, cell->y}});
      painting_ = true;
      last_paint_ = *cell;
      return;
    }
  }
  drag_button_ = e.button;
}

void SdlInput::motion(const SDL_MouseMotionEvent& e, glm::dvec2 p, const AppCore& core,
                      const Layout& layout, float pixels_per_point, std::vector<Command>& out) {
  const bool surface = core.model().settings().view == MapView::three_d;
  if (painting_) {
    // Off the map's area, or over the sky in the 3D view, the stroke waits for the ground.
    if (const auto cell = core.map_point_at(p)) {
      out.push_back(UiCommand{Paint{PaintPhase::drag, cell->x, cell->y}});
      last_paint_ = *cell;
    } else if (!surface) {
      const glm::dvec2 off = core.camera().cell_at(p, layout.map_area());
      out.push_back(UiCommand{Paint{PaintPhase::drag, off.x, off.y}});
      last_paint_ = off;
    }
    return;
  }
  if (drag_button_ == 0 || (e.xrel == 0 && e.yrel == 0)) return;
  const double dx = e.xrel * double{pixels_per_point};
  const double dy = e.yrel * double{pixels_per_point};
  // In the 3D view the left button orbits and the others pan; on the map any drag pans.
  if (!surface) {
    out.push_back(UiCommand{PanBy{dx, dy}});
  } else if (drag_button_ == SDL_BUTTON_LEFT) {
    out.push_back(UiCommand{OrbitBy{dx, dy}});
  } else {
    out.push_back(UiCommand{PanCameraBy{dx, dy}});
  }
}

}  // namespace terrain::app
