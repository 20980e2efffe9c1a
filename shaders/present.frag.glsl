// Shows a map painted on the CPU (render/geometry/map_raster.h): its texture, texel for pixel,
// into a destination of its size (the CPU wrote the rows in the destination's order).
//
// Nothing but the texture's colour: llvmpipe recognises a shader that only samples a texture
// at an interpolated coordinate, and a B8G8R8A8 texture blitted 1:1 that way into a B8G8R8X8
// window is a memory copy.
in vec2 v_uv;

uniform sampler2D u_map;  // B8G8R8A8 (alpha 255), the destination's size, nearest

out vec4 o_color;

void main() {
  o_color = texture(u_map, v_uv);
}
