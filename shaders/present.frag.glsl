// Shows a map painted on the CPU (render/geometry/map_raster.h): a copy of its texture, texel
// for pixel, into the destination (the CPU wrote the rows in the destination's order).
uniform sampler2D u_map;  // RGBA8, the destination's size

out vec4 o_color;

void main() {
  o_color = vec4(texelFetch(u_map, ivec2(gl_FragCoord.xy), 0).rgb, 1.0);
}
