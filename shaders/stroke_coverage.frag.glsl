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
// A miter join (u_shape 1) is a cone: the disc of half the width at the corner v_a and its
// tangents to the tip v_b. Its coverage is clamp(1/2 - signed distance), the same function as
// a capsule's for these widths, so joins and segments unite seamlessly.
//
// The target is R32F shared by every path of a frame; a value is path_id + coverage / 2, so a
// later path (a larger id) always wins the maximum and no clear is needed between paths.
flat in vec2 v_a;
flat in vec2 v_b;

uniform float u_half_width;
uniform float u_path_id;  // 1, 2, 3, ... for the frame's strokes in order
uniform int u_shape;      // 0: capsules; 1: miter join cones

out vec4 o_value;

// Signed distance from p to the cone of radius r at v_a narrowing to a point at v_b (a round
// cone with one radius 0, in Inigo Quilez's form; |v_b - v_a| > r, as every miter is longer).
float cone_distance(vec2 p, float r) {
  vec2 axis = v_b - v_a;
  float h = length(axis);
  vec2 along = axis / h;
  vec2 q = vec2(abs(dot(p - v_a, vec2(-along.y, along.x))), dot(p - v_a, along));
  float b = r / h;
  float a = sqrt(1.0 - b * b);
  float k = dot(q, vec2(-b, a));
  if (k < 0.0) return length(q) - r;
  if (k > a * h) return length(q - vec2(0.0, h));
  return dot(q, vec2(a, b)) - r;
}

void main() {
  vec2 p = gl_FragCoord.xy;
  float coverage;
  if (u_shape == 1) {
    coverage = clamp(0.5 - cone_distance(p, u_half_width), 0.0, 1.0);
  } else {
    vec2 ab = v_b - v_a;
    float length2 = dot(ab, ab);
    float t = length2 > 0.0 ? clamp(dot(p - v_a, ab) / length2, 0.0, 1.0) : 0.0;
    float d = length(p - (v_a + ab * t));
    coverage = clamp(min(0.5, d + u_half_width) - max(-0.5, d - u_half_width), 0.0, 1.0);
  }
  if (coverage <= 0.0) discard;
  o_value = vec4(u_path_id + 0.5 * coverage, 0.0, 0.0, 0.0);
}
