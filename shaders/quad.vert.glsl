// A rectangle over the whole target as a 4-vertex triangle strip (no vertex buffer), with
// texture coordinates 0..1 across it: for copying a texture of the target's size to it.
out vec2 v_uv;

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
  v_uv = corner;
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
