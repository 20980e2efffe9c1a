// The side view's names (side_view.h).
#include "app/core/side_view.h"

namespace terrain::app {

std::string_view side_view_name(SideView view) {
  switch (view) {
    case SideView::cross_section:
      return "cross-section";
    case SideView::walk:
      return "walk";
    case SideView::sections:
      return "sections";
  }
  return "cross-section";
}

std::optional<SideView> parse_side_view(std::string_view name) {
  for (SideView v : kSideViews) {
    if (side_view_name(v) == name) return v;
  }
  return std::nullopt;
}

}  // namespace terrain::app
