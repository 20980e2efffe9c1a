// One triangle that covers the whole target (vertices 0, 1, 2 at (-1,-1), (3,-1), (-1,3)):
// for passes that work out every pixel of their target. No vertex buffer is read.
void main() {
  vec2 corner = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));
  gl_Position = vec4(corner, 0.0, 1.0);
}
