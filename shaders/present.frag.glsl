// Copies the finished scene to the caller's framebuffer. The scene keeps canvas row y in
// framebuffer row y (top row first); a window's framebuffer has its top row last, so rows are
// flipped on the way.
uniform sampler2D u_scene;

out vec4 o_color;

void main() {
  ivec2 size = textureSize(u_scene, 0);
  ivec2 p = ivec2(gl_FragCoord.xy);
  o_color = vec4(texelFetch(u_scene, ivec2(p.x, size.y - 1 - p.y), 0).rgb, 1.0);
}
