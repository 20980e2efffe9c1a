// A glyph: the fill colour, its alpha times the glyph's coverage from the font atlas.
in vec2 v_uv;

uniform sampler2D u_atlas;  // R8: glyph coverage
uniform vec4 u_color;

out vec4 o_color;

void main() {
  o_color = vec4(u_color.rgb, u_color.a * texture(u_atlas, v_uv).r);
}
