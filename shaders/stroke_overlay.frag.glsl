// Paints the queued strokes over what the target holds (premultiplied: blend ONE,
// ONE_MINUS_SRC_ALPHA). The target keeps canvas row y in framebuffer row y, so the pixel
// centre is the canvas point.
out vec4 o_color;

// stroke_tiles.glsl
vec4 paint_strokes(vec2 p);

void main() {
  vec4 paint = paint_strokes(gl_FragCoord.xy);
  if (paint.a <= 0.0) discard;
  o_color = paint;
}
