// One segment of a stroked path: a quad around its capsule (the segment with a disc of the
// stroke's half width at each end), half a pixel larger on every side: coverage ends where a
// pixel centre is half a pixel beyond the edge, and the quad holds every centre nearer than
// that, so every pixel the antialiased edge touches gets a fragment and no other does.
//
// One triangle per segment, enclosing that rectangle: with the rectangle W long and H wide from
// corner O, the triangle O, O + 2W along, O + 2H across (its long side passes through the far
// corner). Twice the area of a quad but half the triangles, and with Mesa's llvmpipe the
// per-triangle setup, not the fragments, is what thin lines cost.
//
// No vertex buffer: the segments are a buffer texture, and glDrawArrays(GL_TRIANGLES,
// 3 * first, 3 * count) makes vertex k of segment q have gl_VertexID 3q + k. (Instancing would
// do the same, but llvmpipe runs each instance as its own small draw, many times slower for
// tens of thousands of segments.)
uniform samplerBuffer u_segments;  // RGBA32F: x0, y0, x1, y1 in canvas pixels, per segment
uniform vec2 u_target_size;        // target width and height in pixels
uniform float u_half_width;        // half the line width, in pixels
uniform float u_depth;             // clip-space depth: a different one per path (composite pass)
uniform int u_shape;               // 0: the texels are segments; 1: miter joins (x, y, miter)

flat out vec2 v_a;  // the segment's ends, for the fragment's distance to it
flat out vec2 v_b;

void main() {
  vec4 segment = texelFetch(u_segments, gl_VertexID / 3);
  int corner = gl_VertexID % 3;
  vec2 a = segment.xy;
  // A miter join's cone runs from its corner to its tip, and lies inside the capsule between
  // them, so the same triangle holds it.
  vec2 b = u_shape == 1 ? segment.xy + segment.zw * u_half_width : segment.zw;
  vec2 d = b - a;
  float len = length(d);
  vec2 along = len > 0.0 ? d / len : vec2(1.0, 0.0);  // a zero-length segment is a dot
  vec2 across = vec2(-along.y, along.x);
  float reach = u_half_width + 0.5 + 1.0 / 64.0;  // (a margin for rounding)
  vec2 origin = a - (along + across) * reach;
  vec2 canvas = origin;
  if (corner == 1) canvas += along * 2.0 * (len + 2.0 * reach);
  if (corner == 2) canvas += across * 4.0 * reach;
  v_a = a;
  v_b = b;
  gl_Position = vec4(canvas / u_target_size * 2.0 - 1.0, u_depth, 1.0);
}
