// The whole map in one pass: the sketch's background(colors.sea[1]), its drawTerrain() image
// scaled up with smoothing, then every contour, river and debug-route stroke
// (stroke_tiles.glsl) in the sketch's painting order.
//
// The image: image(terrain_img, left - s/2, top - s/2, COLS * s, ROWS * s). Pixel (i, j) of
// the image covers [left + (i - 1/2) s, left + (i + 1/2) s], so its centre is the grid point
// left + i * s: a canvas point sits at (p - grid origin) / s in texel units with texel centres
// at integers. Blending the four nearest texels by hand (clamped at the edges, like
// CLAMP_TO_EDGE) keeps full float weights, where GL_LINEAR may quantise them.
uniform sampler2D u_cells;   // RGBA8, one texel per cell: the relief (relief_cells.frag)
uniform vec2 u_grid_origin;  // canvas position of grid point (0, 0): (left, top)
uniform vec2 u_scale;        // canvas pixels per grid cell, across and down
uniform vec4 u_image;        // the image's rectangle: left, top, right, bottom (canvas pixels)
uniform vec3 u_background;   // colors.sea[1], where the image does not reach
uniform float u_flip;        // 0: canvas row y is framebuffer row y; else the height, to flip

out vec4 o_color;

// stroke_tiles.glsl
vec4 paint_strokes(vec2 p);

vec3 relief_image(vec2 p) {
  ivec2 size = textureSize(u_cells, 0);
  vec2 texel = (p - u_grid_origin) / u_scale;
  vec2 base = floor(texel);
  vec2 t = texel - base;
  ivec2 i0 = clamp(ivec2(base), ivec2(0), size - 1);
  ivec2 i1 = clamp(ivec2(base) + 1, ivec2(0), size - 1);
  vec3 c00 = texelFetch(u_cells, ivec2(i0.x, i0.y), 0).rgb;
  vec3 c10 = texelFetch(u_cells, ivec2(i1.x, i0.y), 0).rgb;
  vec3 c01 = texelFetch(u_cells, ivec2(i0.x, i1.y), 0).rgb;
  vec3 c11 = texelFetch(u_cells, ivec2(i1.x, i1.y), 0).rgb;
  return mix(mix(c00, c10, t.x), mix(c01, c11, t.x), t.y);
}

void main() {
  // A window's framebuffer has its top row last.
  vec2 p = vec2(gl_FragCoord.x, u_flip > 0.0 ? u_flip - gl_FragCoord.y : gl_FragCoord.y);
  bool inside = all(greaterThanEqual(p, u_image.xy)) && all(lessThan(p, u_image.zw));
  vec3 base = inside ? relief_image(p) : u_background;
  vec4 strokes = paint_strokes(p);
  o_color = vec4(strokes.rgb + base * (1.0 - strokes.a), 1.0);
}
