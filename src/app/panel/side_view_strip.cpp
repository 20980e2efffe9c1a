// The side view strip, drawn with Dear ImGui's draw list (side_view_strip.h).
//
// Sections
//   colours        the scheme's colours as ImGui's, and the few the strip derives from them
//   the image      the strip painted on the CPU, a pixel column at a time, and shown as one
//                  texture
//   SideViewCache  the skylines, made again only when their inputs change
//   the strip      the cross-section, the skylines, the caption
//   the row mark   the cut's row on the map
#include "app/panel/side_view_strip.h"

#include <epoxy/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
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
// How far the sky's foot leans towards the scheme's line colour, so the horizon is told from
// the sky on every scheme.
constexpr double kHorizonGlow = 0.12;
// The sky: never the sea's colour (in Topographic a sky of the deep sea's blue made the land
// look submerged). A dark slate over a dark sea, a pale blue-grey over a light one: each at
// least 30 levels from both of the scheme's sea colours in some channel.
constexpr Rgb kDarkSky{30, 36, 48};
constexpr Rgb kPaleSky{208, 224, 238};
// The sea-level line: the index line's colour at this share of its opacity.
constexpr float kSeaLineAlpha = 0.6f;
// The caption's inset from the strip's top-left corner, in pixels.
constexpr float kCaptionInset = 4;
// Room left above the highest the profiles can reach, for the caption (one line of text and
// its inset, about 20 pixels), so that no peak touches the strip's top or runs under the
// caption; at most this share of the strip's height.
constexpr float kHeadroom = 22;
constexpr float kMostHeadroomShare = 0.25f;

}  // namespace

float strip_headroom(int strip_height) {
  return std::min(kHeadroom, kMostHeadroomShare * static_cast<float>(strip_height));
}

namespace {

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
  const Rgb top = luminance(render::rgb(scheme.sea_shallow)) < 0.5 ? kDarkSky : kPaleSky;
  return {top, render::mix(top, render::rgb(scheme.line), kHorizonGlow)};
}

// Light text on a dark sky, dark on a light one.
ImU32 caption_color(const Sky& sky) {
  return luminance(sky.top) < 0.5 ? IM_COL32(255, 255, 255, 210) : IM_COL32(0, 0, 0, 200);
}

// --- the image -------------------------------------------------------------------------------

// The lakes the rain leaves are a few thousandths deep, well under a pixel of the strip's
// 0..1: each is drawn at least this deep (its surface raised) so that it shows at all.
constexpr int kMinLakePixels = 2;

using Image = SideViewCache::Image;

uint32_t blend(uint32_t over, uint32_t under, float alpha) {
  uint32_t out = 0xff000000u;
  for (int shift = 0; shift < 24; shift += 8) {
    const float a = static_cast<float>((over >> shift) & 0xff);
    const float b = static_cast<float>((under >> shift) & 0xff);
    out |= static_cast<uint32_t>(std::lround(a * alpha + b * (1 - alpha))) << shift;
  }
  return out;
}

// The first pixel row whose centre lies at or below y (screen coordinates), 0 .. height.
int row_at(float y, float top, int height) {
  const float r = std::ceil(y - top - 0.5f);
  return static_cast<int>(std::clamp(r, 0.0f, static_cast<float>(height)));
}

// Sizes the image for a strip of width x height pixels (everything repainted after a change).
void size_image(Image& image, int width, int height) {
  if (image.width == width && image.height == height) return;
  image.width = width;
  image.height = height;
  image.pixels.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);
  image.columns.assign(static_cast<std::size_t>(width), Image::Column{-1, -1, -1, 0});
  image.next.assign(static_cast<std::size_t>(width), {});
  for (auto* rows : {&image.sky, &image.pale, &image.land, &image.sea}) {
    rows->assign(static_cast<std::size_t>(height), 0);
  }
  image.look = 0;
}

// The row colours for a look (what they depend on, hashed); after a new look every column is
// painted again.
void set_look(Image& image, uint64_t look, const Sky& sky, const render::Strata& strata,
              const render::ColorScheme& scheme, float top, int sea_row, uint32_t sea_line) {
  if (image.look == look) return;
  image.look = look;
  const int h = image.height;
  const uint32_t shallow = to_u32(scheme.sea_shallow);
  const uint32_t deep = to_u32(scheme.sea_deep);
  for (int y = 0; y < h; ++y) {
    const auto k = static_cast<std::size_t>(y);
    const float t = h > 1 ? static_cast<float>(y) / static_cast<float>(h - 1) : 0.0f;
    image.sky[k] = to_u32(render::mix(sky.top, sky.foot, t));
    image.land[k] = to_u32(strata.at(top + static_cast<float>(y) + 0.5f));
    image.pale[k] = blend(image.land[k], image.sky[k], kOriginalAlpha);
    const float s = sea_row < h - 1
                        ? static_cast<float>(y - sea_row) / static_cast<float>(h - 1 - sea_row)
                        : 0.0f;
    image.sea[k] = blend(deep, shallow, std::clamp(s, 0.0f, 1.0f));
    if (y == sea_row) {
      // The sea level: a datum over the sky and the water, under the ground.
      image.sky[k] = blend(sea_line, image.sky[k], kSeaLineAlpha);
      image.pale[k] = blend(sea_line, image.pale[k], kSeaLineAlpha);
      image.sea[k] = blend(sea_line, image.sea[k], kSeaLineAlpha);
    }
  }
  for (Image::Column& c : image.columns) c = {-1, -1, -1, 0};  // all to be painted again
}

// Paints the columns whose content changed; keeps the range for the next upload.
void paint_columns(Image& image, uint32_t original_edge, uint32_t ground_edge) {
  const int w = image.width;
  const int h = image.height;
  image.repainted = 0;
  for (int x = 0; x < w; ++x) {
    const auto i = static_cast<std::size_t>(x);
    const Image::Column& c = image.next[i];
    if (c == image.columns[i]) continue;
    image.columns[i] = c;
    ++image.repainted;
    if (image.dirty_from >= image.dirty_to) {
      image.dirty_from = x;
      image.dirty_to = x + 1;
    } else {
      image.dirty_from = std::min(image.dirty_from, x);
      image.dirty_to = std::max(image.dirty_to, x + 1);
    }
    uint32_t* p = image.pixels.data() + x;
    for (int y = 0; y < h; ++y, p += w) {
      const auto k = static_cast<std::size_t>(y);
      uint32_t color;
      if (y >= c.ground) {
        color = y == c.ground ? ground_edge : image.land[k];
      } else if (y >= c.water) {
        color = c.water_color != 0 ? c.water_color : image.sea[k];
      } else if (y >= c.original) {
        color = y == c.original ? original_edge : image.pale[k];
      } else {
        color = image.sky[k];
      }
      *p = color;
    }
  }
}

// The pixel columns whose centres `columns` cover get `set(column, silhouette column)`.
template <typename Set>
void cover(std::span<const SilhouetteColumn> columns, float left, int width, Set set) {
  for (const SilhouetteColumn& c : columns) {
    const int from = std::max(0, static_cast<int>(std::ceil(c.x0 - left - 0.5f)));
    const int to = std::min(width, static_cast<int>(std::ceil(c.x1 - left - 0.5f)));
    for (int x = from; x < to; ++x) set(static_cast<std::size_t>(x), c);
  }
}

// Uploads what was repainted, and shows the image over [min, max).
void show_image(ImDrawList* draw, ImVec2 min, ImVec2 max, SideViewCache& cache) {
  Image& image = cache.image;
  if (!cache.use_gl) {
    image.dirty_from = image.dirty_to = 0;
    return;
  }
  glActiveTexture(GL_TEXTURE0);
  if (image.texture == 0) glGenTextures(1, &image.texture);
  glBindTexture(GL_TEXTURE_2D, image.texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  if (image.texture_width != image.width || image.texture_height != image.height) {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image.width, image.height, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, image.pixels.data());
    image.texture_width = image.width;
    image.texture_height = image.height;
  } else if (image.dirty_from < image.dirty_to) {
    // Only the columns repainted, straight out of the whole image's rows.
    glPixelStorei(GL_UNPACK_ROW_LENGTH, image.width);
    glTexSubImage2D(GL_TEXTURE_2D, 0, image.dirty_from, 0, image.dirty_to - image.dirty_from,
                    image.height, GL_RGBA, GL_UNSIGNED_BYTE,
                    image.pixels.data() + image.dirty_from);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  }
  glBindTexture(GL_TEXTURE_2D, 0);
  image.dirty_from = image.dirty_to = 0;
  const ImTextureID id = reinterpret_cast<ImTextureID>(static_cast<intptr_t>(image.texture));
  draw->AddImage(
      id, min, {min.x + static_cast<float>(image.width), min.y + static_cast<float>(image.height)});
  (void)max;
}

void caption(ImDrawList* draw, ImVec2 min, const Sky& sky, const char* text) {
  draw->AddText({min.x + kCaptionInset, min.y + kCaptionInset}, caption_color(sky), text);
}

uint64_t mix_hash(uint64_t h, double v) {
  uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  return (h ^ bits) * 1099511628211ull + 0x9e3779b97f4a7c15ull;
}

// --- the strip -------------------------------------------------------------------------------

bool usable_frame(const Frame& f) {
  return f.scale_x > 0 && std::isfinite(f.scale_x) && std::isfinite(f.left);
}

int strip_width(ImVec2 min, ImVec2 max) {
  return static_cast<int>(std::floor(max.x - min.x));
}
int strip_height(ImVec2 min, ImVec2 max) {
  return static_cast<int>(std::floor(max.y - min.y));
}

void draw_cross_section(ImDrawList* draw, ImVec2 min, ImVec2 max, const SideViewState& state,
                        const SideViewInputs& in, SideViewCache& cache) {
  const render::ColorScheme& scheme = *in.scheme;
  const Heightfield& now = *in.now;
  const Sky sky = sky_of(scheme);
  if (now.empty() || in.original->width() != now.width() || in.original->height() != now.height() ||
      !usable_frame(*in.map_frame)) {
    return;
  }
  const std::span<const float> lakes =
      in.lake_depth.size() == now.size() ? in.lake_depth : std::span<const float>{};
  const int row = render::cross_section_row(state.row, now.height());
  render::CrossSection& cut = cache.cut;
  cut.update(*in.original, now, lakes, row, in.sea_level);

  const int w = strip_width(min, max);
  const int h = strip_height(min, max);
  Image& image = cache.image;
  size_image(image, w, h);
  const render::VerticalMap vertical =
      render::cross_section_vertical(min.y + strip_headroom(h), min.y + static_cast<float>(h));
  const render::ColumnPlacement placement = render::map_columns(*in.map_frame);
  const double sea_level = in.sea_level;
  const int sea_row = row_at(vertical.y(sea_level), min.y, h);
  const render::Strata strata = render::land_strata(scheme, vertical, sea_level);
  const uint64_t look = mix_hash(mix_hash(mix_hash(mix_hash(1, sea_level), h), min.y),
                                 static_cast<double>(reinterpret_cast<uintptr_t>(&scheme)));
  set_look(image, look, sky, strata, scheme, min.y, sea_row, to_u32(scheme.index_line));

  // Each pixel column's rows: the ground before the rain, the ground now, the water.
  for (Image::Column& c : image.next) c = {h, h, h, 0};
  std::vector<SilhouetteColumn>& columns = cache.shape;
  const float right = min.x + static_cast<float>(w);
  render::silhouette(cut.original(), placement, vertical, min.x, right, columns);
  cover(columns, min.x, w, [&](std::size_t x, const SilhouetteColumn& c) {
    image.next[x].original = row_at(c.top, min.y, h);
  });
  render::silhouette(cut.ground(), placement, vertical, min.x, right, columns);
  cover(columns, min.x, w, [&](std::size_t x, const SilhouetteColumn& c) {
    image.next[x].ground = row_at(c.top, min.y, h);
  });
  render::silhouette(cut.sea(), placement, vertical, min.x, right, columns);
  cover(columns, min.x, w, [&](std::size_t x, const SilhouetteColumn& c) {
    image.next[x].water = row_at(c.top, min.y, h);
  });
  // Lakes in the map's own lake colour (darker as they deepen), at least kMinLakePixels deep.
  const Rgb river = render::rgb(scheme.river);
  render::silhouette(cut.lakes(), placement, vertical, min.x, right, columns);
  cover(columns, min.x, w, [&](std::size_t x, const SilhouetteColumn& c) {
    Image::Column& k = image.next[x];
    const auto i = static_cast<std::size_t>(c.column);
    const double deep_share = std::min(1.0, cut.lake_depth()[i] / render::kLakeDeep);
    k.water = std::max(0, std::min(row_at(c.top, min.y, h), k.ground - kMinLakePixels));
    k.water_color = to_u32(render::lake_water(river, deep_share)) | 0xff000000u;
  });
  // The ground before the rain shows only where it stood higher than the ground now.
  for (Image::Column& c : image.next) {
    if (c.original >= c.ground) c.original = h;
  }
  paint_columns(image, opaque_u32(scheme.line), opaque_u32(scheme.index_line));
  show_image(draw, min, max, cache);

  char text[48];
  std::snprintf(text, sizeof text, "row %d", row);
  caption(draw, min, sky, text);
}

void draw_skylines(ImDrawList* draw, ImVec2 min, ImVec2 max, const SideViewState& state,
                   const render::ColorScheme& scheme, SideViewCache& cache) {
  const Sky sky = sky_of(scheme);
  // One column per whole pixel of the strip's width.
  const int w = strip_width(min, max);
  const int h = strip_height(min, max);
  const bool walk = state.view == SideView::walk;
  const std::span<const double> heights =
      walk ? cache.walk(state.skyline_seed, state.walk, w)
           : cache.sections(state.skyline_seed, state.sections, w);
  char text[160];
  if (!cache.error().empty()) {
    std::snprintf(text, sizeof text, "%s: %s", walk ? "walk" : "sections", cache.error().c_str());
  } else {
    std::snprintf(text, sizeof text, "%s, seed %u", walk ? "walk" : "sections",
                  static_cast<unsigned>(state.skyline_seed));
  }
  Image& image = cache.image;
  size_image(image, w, h);
  // In the land's colours from the coast's at the strip's foot to the peaks' at its top.
  const render::Strata strata =
      render::land_strata(scheme, {1, 0, min.y, min.y + static_cast<float>(h)}, 0);
  const uint64_t look = mix_hash(mix_hash(mix_hash(2, h), min.y),
                                 static_cast<double>(reinterpret_cast<uintptr_t>(&scheme)));
  set_look(image, look, sky, strata, scheme, min.y, h, 0);
  for (Image::Column& c : image.next) c = {h, h, h, 0};
  if (!heights.empty()) {
    const float top = min.y + strip_headroom(h);
    const render::VerticalMap vertical =
        walk ? render::walk_vertical(state.walk, top, min.y + static_cast<float>(h))
             : render::sections_vertical(state.sections, top, min.y + static_cast<float>(h));
    render::silhouette(heights, render::pixel_columns(min.x), vertical, min.x,
                       min.x + static_cast<float>(w), cache.shape);
    cover(cache.shape, min.x, w, [&](std::size_t x, const SilhouetteColumn& c) {
      image.next[x].ground = row_at(c.top, min.y, h);
    });
  }
  paint_columns(image, 0, opaque_u32(scheme.index_line));
  show_image(draw, min, max, cache);
  caption(draw, min, sky, text);
}

}  // namespace

void SideViewCache::release() {
  if (image.texture != 0) glDeleteTextures(1, &image.texture);
  image.texture = 0;
  image.texture_width = image.texture_height = 0;
}

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
