// Painting a frame's strokes at one pixel, from the runs of its 8 x 8 tile (the CPU sorted
// them there: src/render/geometry/stroke_tiles.h). Included by the programs that paint
// strokes; defines paint_strokes().
//
// Canvas semantics: round caps and joins, and one path stroked once. A run is one stroke's
// shapes near this tile; the stroke's coverage of the pixel is the largest coverage of any
// of its shapes (coverage falls with the distance to a shape, so the maximum is the coverage
// of their union: overlapping pieces count once and joints have no seams), and the strokes
// are composited one after the other in painting order, each once.
//
// Coverage is the overlap of the pixel with a band of the stroke's width across the line
// through the pixel centre: clamp(min(1/2, d + w/2) - max(-1/2, d - w/2)), d the distance from
// the pixel centre to the shape: the pixel's exact area for an edge along a pixel axis and
// the average of any sampling for others. A thinner line than a pixel peaks at its width, as
// its real coverage does. The sketch's canvas samples 4 x 4 per pixel; this lands within an
// RMSE of about 0.01 of its renders, below the 0.01-0.02 between that canvas and Chrome's.
//
// llvmpipe (a software GL) runs both sides of every `if` under a mask but leaves a loop as
// soon as no pixel of the block needs another turn, so the kinds of shape have loops of
// their own rather than a branch inside one loop.
uniform usampler2D u_tile_runs;  // RG32UI, one texel per tile: its first run, one past its last
uniform usamplerBuffer u_runs;   // RGBA32UI: stroke, first item, end item, flags (1 joins, 2 last)
uniform samplerBuffer u_items;   // RGBA32F: a segment x0, y0, x1, y1, or a join x, y, miter
uniform samplerBuffer u_styles;  // RGBA32F, two per stroke: rgb and alpha; half the width

const int TILE_SIZE = 8;

// How much of the pixel at p a capsule (the segment with discs of radius r at its ends)
// covers.
float capsule_coverage(vec2 p, vec4 segment, float r) {
  vec2 a = segment.xy;
  vec2 ab = segment.zw - segment.xy;
  float length2 = dot(ab, ab);
  float t = length2 > 0.0 ? clamp(dot(p - a, ab) / length2, 0.0, 1.0) : 0.0;
  float d = length(p - (a + ab * t));
  return clamp(min(0.5, d + r) - max(-0.5, d - r), 0.0, 1.0);
}

// How much of the pixel at p a miter join's spike covers: the cone of the disc of radius r at
// the corner and its tangents to the tip (a round cone with one radius 0, in Inigo Quilez's
// form; every miter tip is further than r from its corner). Its coverage is
// clamp(1/2 - signed distance), the same function as a capsule's for these widths, so joins
// and segments unite seamlessly.
float cone_coverage(vec2 p, vec4 join, float r) {
  vec2 corner = join.xy;
  vec2 axis = join.zw * r;
  float h = length(axis);
  vec2 along = axis / h;
  vec2 q = vec2(abs(dot(p - corner, vec2(-along.y, along.x))), dot(p - corner, along));
  float b = r / h;
  float a = sqrt(1.0 - b * b);
  float k = dot(q, vec2(-b, a));
  float distance = k < 0.0 ? length(q) - r
                 : k > a * h ? length(q - vec2(0.0, h))
                 : dot(q, vec2(a, b)) - r;
  return clamp(0.5 - distance, 0.0, 1.0);
}

// Every stroke at canvas point p (pixel centre), painted in order over nothing, as
// premultiplied colour and alpha: over a background the picture is rgb + background * (1 - a).
vec4 paint_strokes(vec2 p) {
  uvec2 runs = texelFetch(u_tile_runs, ivec2(p) / TILE_SIZE, 0).rg;
  vec4 paint = vec4(0.0);
  float coverage = 0.0;
  for (int r = int(runs.x); r < int(runs.y); r++) {
    uvec4 run = texelFetch(u_runs, r);
    int stroke = int(run.x) * 2;
    float half_width = texelFetch(u_styles, stroke + 1).x;
    bool joins = (run.w & 1u) != 0u;
    int first = int(run.y);
    int segments_end = joins ? first : int(run.z);
    int joins_end = joins ? int(run.z) : first;
    for (int k = first; k < segments_end; k++) {
      coverage = max(coverage, capsule_coverage(p, texelFetch(u_items, k), half_width));
    }
    for (int k = first; k < joins_end; k++) {
      coverage = max(coverage, cone_coverage(p, texelFetch(u_items, k), half_width));
    }
    // The stroke's last run in this tile: paint it, once.
    float last = float((run.w & 2u) != 0u);
    vec4 color = texelFetch(u_styles, stroke);
    float alpha = color.a * coverage * last;
    paint = paint * (1.0 - alpha) + vec4(color.rgb * alpha, alpha);
    coverage *= 1.0 - last;
  }
  return paint;
}
