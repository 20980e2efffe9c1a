// The side view strip, drawn with Dear ImGui's draw list (side_view_strip.h).
//
// Sections
//   colours        the scheme's colours as ImGui's, and the few the strip derives from them
//   quads          silhouette columns into ImGui's vertex buffers, and their top edges
//   SideViewCache  the skylines, made again only when their inputs change
//   the strip      the cross-section, the skylines, the caption
//   the row mark   the cut's row on the map
#include "app/side_view_strip.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>
#include <stdexcept>
#include <utility>

#include "render/geometry/view_cells.h"

namespace terrain::app {
namespace {

using render::Rgb;
using render::SilhouetteColumn;

// --- colours ---------------------------------------------------------------------------------

// The ground before the rain, drawn behind the ground now: its land colours this opaque.
constexpr float kOriginalAlpha = 0.35f;
// How far the sky's foot leans towards the scheme's line colour from its deep sea colour, so
// the horizon is told from the sky on every scheme.
constexpr double kHorizonGlow = 0.12;
// The sea-level line: the index line's colour at this share of its opacity.
constexpr float kSeaLineAlpha = 0.6f;
// The caption's inset from the strip's top-left corner, in pixels.
constexpr float kCaptionInset = 4;

uint8_t channel(double v) {
  return static_cast<uint8_t>(std::clamp(std::lround(v), 0L, 255L));
}

ImU32 to_u32(const Rgb& c, float alpha = 1) {
  return IM_COL32(channel(c[0]), channel(c[1]), channel(c[2]), channel(alpha * 255.0));
}

// A scheme colour as the canvas shows it (its 8-bit levels and alpha), its alpha scaled.
ImU32 to_u32(const render::P5Color& c, float alpha_scale = 1) {
  const render::CanvasColor k = render::canvas_color(c);
  return IM_COL32(channel(k.r * 255.0), channel(k.g * 255.0), channel(k.b * 255.0),
                  channel(k.a * alpha_scale * 255.0));
}
// The same, fully opaque.
ImU32 opaque_u32(const render::P5Color& c) {
  const render::CanvasColor k = render::canvas_color(c);
  return IM_COL32(channel(k.r * 255.0), channel(k.g * 255.0), channel(k.b * 255.0), 255);
}

double luminance(const Rgb& c) {
  return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;
}

struct Sky {
  Rgb top;
  Rgb foot;
};
Sky sky_of(const render::ColorScheme& scheme) {
  const Rgb deep = render::rgb(scheme.sea_deep);
  return {deep, render::mix(deep, render::rgb(scheme.line), kHorizonGlow)};
}

// Light text on a dark sky, dark on a light one.
ImU32 caption_color(const Sky& sky) {
  return luminance(sky.top) < 0.5 ? IM_COL32(255, 255, 255, 210) : IM_COL32(0, 0, 0, 200);
}

// --- quads -----------------------------------------------------------------------------------

// Most quads reserved at once: 4 vertices each stays well inside one 16-bit index range.
constexpr int kQuadsPerReserve = 4096;

// Fills each column from its top down to `bottom`, coloured by colors(column) -> {top, foot},
// as quads straight into the draw list's buffers.
template <typename Colors>
void fill_columns(ImDrawList* draw, std::span<const SilhouetteColumn> columns, float bottom,
                  Colors colors) {
  const ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
  std::size_t k = 0;
  while (k < columns.size()) {
    const auto n = static_cast<int>(
        std::min<std::size_t>(columns.size() - k, static_cast<std::size_t>(kQuadsPerReserve)));
    draw->PrimReserve(n * 6, n * 4);
    for (int q = 0; q < n; ++q, ++k) {
      const SilhouetteColumn& c = columns[k];
      const auto [top_color, foot_color] = colors(c);
      const auto i = static_cast<ImDrawIdx>(draw->_VtxCurrentIdx);
      draw->PrimWriteVtx({c.x0, c.top}, uv, top_color);
      draw->PrimWriteVtx({c.x1, c.top}, uv, top_color);
      draw->PrimWriteVtx({c.x1, bottom}, uv, foot_color);
      draw->PrimWriteVtx({c.x0, bottom}, uv, foot_color);
      draw->PrimWriteIdx(i);
      draw->PrimWriteIdx(static_cast<ImDrawIdx>(i + 1));
      draw->PrimWriteIdx(static_cast<ImDrawIdx>(i + 2));
      draw->PrimWriteIdx(i);
      draw->PrimWriteIdx(static_cast<ImDrawIdx>(i + 2));
      draw->PrimWriteIdx(static_cast<ImDrawIdx>(i + 3));
    }
  }
}

// The columns' top edge as a stepped line, broken wherever the columns are not side by side
// (a column left out). Only the corners are points, so a flat run is one segment.
void stroke_top_edge(ImDrawList* draw, std::span<const SilhouetteColumn> columns, ImU32 color,
                     float thickness = 1) {
  for (std::size_t k = 0; k < columns.size(); ++k) {
    const SilhouetteColumn& c = columns[k];
    if (k == 0 || c.x0 != columns[k - 1].x1) {
      if (draw->_Path.Size > 1) draw->PathStroke(color, 0, thickness);
      draw->PathClear();
      draw->PathLineTo({c.x0, c.top});
    } else if (c.top != columns[k - 1].top) {
      draw->PathLineTo({c.x0, columns[k - 1].top});
      draw->PathLineTo({c.x0, c.top});
    }
    if (k + 1 == columns.size() || columns[k + 1].x0 != c.x1) draw->PathLineTo({c.x1, c.top});
  }
  if (draw->_Path.Size > 1) draw->PathStroke(color, 0, thickness);
  draw->PathClear();
}

// Most columns reserved at once when filled by strata: each takes up to kMaxStops - 1 quads.
constexpr int kStrataColumnsPerReserve = 1024;

// Fills each column from its top down to `bottom` in the land's colours by height (`strata`),
// one quad per stratum it passes, at `alpha`.
void fill_land(ImDrawList* draw, std::span<const SilhouetteColumn> columns, float bottom,
               const render::Strata& strata, float alpha = 1) {
  const ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
  ImU32 colors[render::Strata::kMaxStops];
  for (int s = 0; s < strata.count; ++s) {
    colors[s] = to_u32(strata.color[static_cast<std::size_t>(s)], alpha);
  }
  const int most = render::Strata::kMaxStops - 1;
  std::size_t k = 0;
  while (k < columns.size()) {
    const auto n = static_cast<int>(std::min<std::size_t>(
        columns.size() - k, static_cast<std::size_t>(kStrataColumnsPerReserve)));
    draw->PrimReserve(n * most * 6, n * most * 4);
    int quads = 0;
    auto quad = [&](float x0, float x1, float y0, float y1, ImU32 top, ImU32 foot) {
      const auto i = static_cast<ImDrawIdx>(draw->_VtxCurrentIdx);
      draw->PrimWriteVtx({x0, y0}, uv, top);
      draw->PrimWriteVtx({x1, y0}, uv, top);
      draw->PrimWriteVtx({x1, y1}, uv, foot);
      draw->PrimWriteVtx({x0, y1}, uv, foot);
      draw->PrimWriteIdx(i);
      draw->PrimWriteIdx(static_cast<ImDrawIdx>(i + 1));
      draw->PrimWriteIdx(static_cast<ImDrawIdx>(i + 2));
      draw->PrimWriteIdx(i);
      draw->PrimWriteIdx(static_cast<ImDrawIdx>(i + 2));
      draw->PrimWriteIdx(static_cast<ImDrawIdx>(i + 3));
      ++quads;
    };
    for (int q = 0; q < n; ++q, ++k) {
      const SilhouetteColumn& c = columns[k];
      float y = c.top;
      ImU32 color = to_u32(strata.at(y), alpha);
      for (int s = 1; s < strata.count && y < bottom; ++s) {
        const float next = std::min(strata.y[static_cast<std::size_t>(s)], bottom);
        if (next <= y) continue;
        quad(c.x0, c.x1, y, next, color, colors[s]);
        y = next;
        color = colors[s];
      }
    }
    draw->PrimUnreserve((n * most - quads) * 6, (n * most - quads) * 4);
  }
}

// The lakes the rain leaves are a few thousandths deep, well under a pixel of the strip's
// 0..1: each is drawn at least this deep (its surface raised) so that it shows at all.
constexpr float kMinLakePixels = 2;

// Each lake column from its surface down to the ground under it, flat in its water colour.
void fill_lakes(ImDrawList* draw, std::span<const SilhouetteColumn> columns,
                const render::CrossSection& cut, const render::VerticalMap& vertical,
                const Rgb& river) {
  if (columns.empty()) return;
  const auto n = static_cast<int>(columns.size());
  draw->PrimReserve(n * 6, n * 4);
  for (const SilhouetteColumn& c : columns) {
    const auto i = static_cast<std::size_t>(c.column);
    const float ground = vertical.y(cut.ground()[i]);
    const float surface = std::max(vertical.top, std::min(c.top, ground - kMinLakePixels));
    const double deep_share = std::min(1.0, cut.lake_depth()[i] / render::kLakeDeep);
    draw->PrimRect({c.x0, surface}, {c.x1, ground}, to_u32(render::lake_water(river, deep_share)));
  }
}

void fill_sky(ImDrawList* draw, ImVec2 min, ImVec2 max, const Sky& sky) {
  const ImU32 top = to_u32(sky.top);
  const ImU32 foot = to_u32(sky.foot);
  draw->AddRectFilledMultiColor(min, max, top, top, foot, foot);
}

void caption(ImDrawList* draw, ImVec2 min, const Sky& sky, const char* text) {
  draw->AddText({min.x + kCaptionInset, min.y + kCaptionInset}, caption_color(sky), text);
}

// --- the strip -------------------------------------------------------------------------------

bool usable_frame(const Frame& f) {
  return f.scale_x > 0 && std::isfinite(f.scale_x) && std::isfinite(f.left);
}

void draw_cross_section(ImDrawList* draw, ImVec2 min, ImVec2 max, const SideViewState& state,
                        const SideViewInputs& in, SideViewCache& cache) {
  const render::ColorScheme& scheme = *in.scheme;
  const Heightfield& now = *in.now;
  const Sky sky = sky_of(scheme);
  fill_sky(draw, min, max, sky);
  if (now.empty() || in.original->width() != now.width() || in.original->height() != now.height() ||
      !usable_frame(*in.map_frame)) {
    return;
  }
  const std::span<const float> lakes =
      in.lake_depth.size() == now.size() ? in.lake_depth : std::span<const float>{};
  const int row = render::cross_section_row(state.row, now.height());
  render::CrossSection& cut = cache.cut;
  cut.update(*in.original, now, lakes, row, in.sea_level);

  const render::VerticalMap vertical = render::cross_section_vertical(min.y, max.y);
  const render::ColumnPlacement placement = render::map_columns(*in.map_frame);
  std::vector<SilhouetteColumn>& columns = cache.shape;
  const double sea_level = in.sea_level;

  // 1. The ground before the rain, pale, behind everything it has become; land is coloured
  //    by height down each column, so one height has one colour across the strip.
  const render::Strata strata = render::land_strata(scheme, vertical, sea_level);
  render::silhouette(cut.original(), placement, vertical, min.x, max.x, columns);
  fill_land(draw, columns, max.y, strata, kOriginalAlpha);
  stroke_top_edge(draw, columns, to_u32(scheme.line));

  // 2. The sea, from its surface (the shallow colour) down to the deep one, as the relief
  //    deepens it.
  render::silhouette(cut.sea(), placement, vertical, min.x, max.x, columns);
  const ImU32 shallow = to_u32(scheme.sea_shallow);
  const ImU32 deep = to_u32(scheme.sea_deep);
  fill_columns(draw, columns, max.y, [&](const SilhouetteColumn&) {
    return std::pair{shallow, deep};
  });

  // 3. The sea level, a datum over the sky and the water, under the ground.
  const float sea_y = std::floor(vertical.y(sea_level)) + 0.5f;
  draw->AddLine({min.x, sea_y}, {max.x, sea_y}, to_u32(scheme.index_line, kSeaLineAlpha));

  // 4. The ground now, in the land band of each height it passes, and its skyline.
  render::silhouette(cut.ground(), placement, vertical, min.x, max.x, columns);
  fill_land(draw, columns, max.y, strata);
  stroke_top_edge(draw, columns, to_u32(scheme.index_line));

  // 5. Lakes over the ground they stand on, in the map's own lake colour (darker as they
  //    deepen), at least kMinLakePixels deep.
  render::silhouette(cut.lakes(), placement, vertical, min.x, max.x, columns);
  fill_lakes(draw, columns, cut, vertical, render::rgb(scheme.river));

  char text[48];
  std::snprintf(text, sizeof text, "row %d", row);
  caption(draw, min, sky, text);
}

// A skyline's heights as filled mountains, one column per pixel from min.x, in the land's
// colours from the coast's at the strip's foot to the peaks' at its top.
void draw_skyline(ImDrawList* draw, ImVec2 min, ImVec2 max, std::span<const double> heights,
                  const render::VerticalMap& vertical, const render::ColorScheme& scheme,
                  std::vector<SilhouetteColumn>& columns) {
  render::silhouette(heights, render::pixel_columns(min.x), vertical, min.x, max.x, columns);
  const render::Strata strata = render::land_strata(scheme, {1, 0, min.y, max.y}, 0);
  fill_land(draw, columns, max.y, strata);
  stroke_top_edge(draw, columns, to_u32(scheme.index_line));
}

void draw_skylines(ImDrawList* draw, ImVec2 min, ImVec2 max, const SideViewState& state,
                   const render::ColorScheme& scheme, SideViewCache& cache) {
  const Sky sky = sky_of(scheme);
  fill_sky(draw, min, max, sky);
  // One column per whole pixel of the strip's width.
  const auto width = static_cast<int>(std::floor(max.x - min.x));
  const bool walk = state.view == SideView::walk;
  const std::span<const double> heights =
      walk ? cache.walk(state.skyline_seed, state.walk, width)
           : cache.sections(state.skyline_seed, state.sections, width);
  char text[160];
  if (!cache.error().empty()) {
    std::snprintf(text, sizeof text, "%s: %s", walk ? "walk" : "sections", cache.error().c_str());
  } else {
    std::snprintf(text, sizeof text, "%s, seed %u", walk ? "walk" : "sections",
                  static_cast<unsigned>(state.skyline_seed));
  }
  if (!heights.empty()) {
    draw_skyline(draw, min, max, heights,
                 walk ? render::walk_vertical(state.walk, min.y, max.y)
                      : render::sections_vertical(state.sections, min.y, max.y),
                 scheme, cache.shape);
  }
  caption(draw, min, sky, text);
}

}  // namespace

// --- SideViewCache ---------------------------------------------------------------------------

std::span<const double> SideViewCache::walk(uint32_t seed, const RandomWalkParams& params,
                                            int columns) {
  last_was_walk_ = true;
  const WalkKey& k = walk_key_;
  const bool same = k.valid && k.seed == seed && k.params.columns == columns &&
                    k.params.height_max == params.height_max &&
                    k.params.step_max == params.step_max &&
                    k.params.step_change == params.step_change;
  if (same) return walk_;
  walk_key_ = {true, seed, params};
  walk_key_.params.columns = columns;
  walk_error_.clear();
  ++made_;
  try {
    walk_ = random_walk_skyline(seed, walk_key_.params);
  } catch (const std::exception& e) {
    walk_.clear();
    walk_error_ = e.what();
  }
  return walk_;
}

std::span<const double> SideViewCache::sections(uint32_t seed, const SectionParams& params,
                                                int columns) {
  last_was_walk_ = false;
  const SectionsKey& k = sections_key_;
  const bool same = k.valid && k.seed == seed && k.columns == columns &&
                    k.params.width == params.width && k.params.height == params.height &&
                    k.params.shift == params.shift && k.params.sections == params.sections &&
                    k.params.sub == params.sub && k.params.smooth_steps == params.smooth_steps;
  if (same) return sections_;
  sections_key_ = {true, seed, params, columns};
  sections_error_.clear();
  ++made_;
  try {
    sections_ = section_skyline(seed, columns, params);
  } catch (const std::exception& e) {
    sections_.clear();
    sections_error_ = e.what();
  }
  return sections_;
}

// --- the strip -------------------------------------------------------------------------------

void draw_side_view_strip(ImDrawList* draw, ImVec2 min, ImVec2 max, const SideViewState& state,
                          const SideViewInputs& inputs, SideViewCache& cache) {
  if (!draw || !state.shown || !inputs.scheme || !(max.x - min.x >= 1) || !(max.y - min.y >= 1))
    return;
  draw->PushClipRect(min, max, true);
  try {
    if (state.view == SideView::cross_section) {
      if (inputs.original && inputs.now && inputs.map_frame)
        draw_cross_section(draw, min, max, state, inputs, cache);
    } else {
      draw_skylines(draw, min, max, state, *inputs.scheme, cache);
    }
  } catch (const std::exception&) {
    // Nothing here should throw once the inputs are checked; if it does, the strip stays as
    // far as it was drawn rather than taking the frame down.
  }
  draw->PopClipRect();
}

// --- the row mark ----------------------------------------------------------------------------

void draw_row_mark(ImDrawList* draw, ImVec2 map_min, ImVec2 map_max, const Frame& frame, int row,
                   const render::ColorScheme& scheme) {
  if (!draw) return;
  const std::optional<float> y = render::row_mark_y(frame, row, map_min.y, map_max.y);
  if (!y) return;
  // On a pixel's centre, so the one-pixel line is crisp.
  const float line_y = std::floor(*y) + 0.5f;
  draw->PushClipRect(map_min, map_max, true);
  draw->AddLine({map_min.x, line_y}, {map_max.x, line_y}, IM_COL32(0, 0, 0, 150), 3);
  draw->AddLine({map_min.x, line_y}, {map_max.x, line_y}, opaque_u32(scheme.index_line), 1);
  draw->PopClipRect();
}

}  // namespace terrain::app
