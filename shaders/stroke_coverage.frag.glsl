// How much of this pixel one capsule of a path covers, kept as the maximum over the path's
// capsules (GL_MAX blending). Coverage here is a falling function of the distance to the
// capsule's centre line, so the maximum over capsules is that function of the distance to
// the nearest one: exactly the coverage of their union, the stroke. Overlapping pieces of a
// path count once and joints have no seams.
//
// Coverage is the overlap of the pixel with a band of the stroke's width across the line
// through the pixel centre: clamp(min(1/2, d + w/2) - max(-1/2, d - w/2)), d the distance from
// the pixel centre to the segment: the pixel's exact area coverage for a straight edge along
// a pixel axis, and on average for any other. For w >= 1 it is clamp(w/2 + 1/2 - d); a thinner
// line peaks at w, as its real coverage does.
//
// The target is R32F shared by every path of a frame; a value is path_id + coverage / 2, so a
// later path (a larger id) always wins the maximum and no clear is needed between paths.
flat in vec2 v_a;
flat in vec2 v_b;

uniform float u_half_width;
uniform float u_path_id;  // 1, 2, 3, ... for the frame's strokes in order

out vec4 o_value;

void main() {
  vec2 p = gl_FragCoord.xy;
  vec2 ab = v_b - v_a;
  float length2 = dot(ab, ab);
  float t = length2 > 0.0 ? clamp(dot(p - v_a, ab) / length2, 0.0, 1.0) : 0.0;
  float d = length(p - (v_a + ab * t));
  float coverage = clamp(min(0.5, d + u_half_width) - max(-0.5, d - u_half_width), 0.0, 1.0);
  if (coverage <= 0.0) discard;
  o_value = vec4(u_path_id + 0.5 * coverage, 0.0, 0.0, 0.0);
}
