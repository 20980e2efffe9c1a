// Glyph quads of the debug text: canvas position and atlas coordinates per vertex.
layout(location = 0) in vec4 a_vertex;  // x, y in canvas pixels; u, v in the font atlas

uniform vec2 u_target_size;
uniform float u_flip;  // 0: canvas row y is framebuffer row y; 1: flipped, as in a window

out vec2 v_uv;

void main() {
  v_uv = a_vertex.zw;
  vec2 clip = a_vertex.xy / u_target_size * 2.0 - 1.0;
  gl_Position = vec4(clip.x, u_flip > 0.0 ? -clip.y : clip.y, 0.0, 1.0);
}
