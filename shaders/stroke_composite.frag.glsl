// Paints a path's stroke over the scene, once per pixel: the coverage pass has left the
// union's coverage in u_coverage, and the depth test (each path has its own depth, LESS,
// written) lets only the first of the path's overlapping quads through at each pixel. So
// pieces of one path never darken where they overlap, as in an HTML canvas.
uniform sampler2D u_coverage;  // R32F: path_id + coverage / 2 (see stroke_coverage.frag)
uniform float u_path_id;
uniform vec4 u_color;          // the stroke colour, its alpha times globalAlpha

out vec4 o_color;

void main() {
  float value = texelFetch(u_coverage, ivec2(gl_FragCoord.xy), 0).r;
  float coverage = value >= u_path_id ? min(1.0, (value - u_path_id) * 2.0) : 0.0;
  if (coverage <= 0.0) discard;
  o_color = vec4(u_color.rgb, u_color.a * coverage);
}
