// A rectangle given in canvas pixels, drawn as a 4-vertex triangle strip (no vertex buffer).
//
// Canvas coordinates run right and down from the top-left corner; the renderer's targets keep
// canvas row y in framebuffer row y, so a canvas point maps to x / size * 2 - 1 on both axes
// and gl_FragCoord.xy is the canvas position of the pixel centre.
uniform vec4 u_rect;         // left, top, right, bottom, in canvas pixels
uniform vec2 u_target_size;  // the target's width and height in pixels

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
  vec2 canvas = mix(u_rect.xy, u_rect.zw, corner);
  gl_Position = vec4(canvas / u_target_size * 2.0 - 1.0, 0.0, 1.0);
}
