// The cell image scaled up to the canvas with bilinear smoothing, as the sketch's
// image(terrain_img, left - s/2, top - s/2, COLS * s, ROWS * s) draws it.
//
// Pixel (i, j) of the image covers [left + (i - 1/2) s, left + (i + 1/2) s], so its centre is
// the grid point left + i * s: a canvas position p sits at (p - grid origin) / s in texel
// units with texel centres at integers. Blending the four nearest texels by hand (clamped at
// the edges, like CLAMP_TO_EDGE) keeps full float weights, where GL_LINEAR may quantise them.
uniform sampler2D u_cells;    // RGBA8, one texel per cell
uniform vec2 u_grid_origin;   // canvas position of grid point (0, 0): (left, top)
uniform float u_scale;        // canvas pixels per grid cell

out vec4 o_color;

void main() {
  ivec2 size = textureSize(u_cells, 0);
  vec2 texel = (gl_FragCoord.xy - u_grid_origin) / u_scale;
  vec2 base = floor(texel);
  vec2 t = texel - base;
  ivec2 i0 = clamp(ivec2(base), ivec2(0), size - 1);
  ivec2 i1 = clamp(ivec2(base) + 1, ivec2(0), size - 1);
  vec4 c00 = texelFetch(u_cells, ivec2(i0.x, i0.y), 0);
  vec4 c10 = texelFetch(u_cells, ivec2(i1.x, i0.y), 0);
  vec4 c01 = texelFetch(u_cells, ivec2(i0.x, i1.y), 0);
  vec4 c11 = texelFetch(u_cells, ivec2(i1.x, i1.y), 0);
  o_color = mix(mix(c00, c10, t.x), mix(c01, c11, t.x), t.y);
}
