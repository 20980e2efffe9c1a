// Shaded relief: the sketch's drawTerrain() colour of one grid cell, drawn into a cols x rows
// RGBA8 target (the sketch's terrain_img, one pixel per cell).
//
// Exactness: the sketch works in JavaScript doubles and stores each channel into a
// Uint8ClampedArray. With TERRAIN_FP64 every value here is a double, every expression keeps
// the sketch's order of operations, PRECISE (GLSL's `precise`) stops the compiler fusing or
// reordering them, Math.hypot is V8's algorithm, and the store rounds half to even: the bytes
// are then the sketch's exactly (tested against its own image). Without double support the
// same code runs in float and lands within one level.
//
// The prelude the renderer prepends defines TERRAIN_FP64 (0 or 1) and PRECISE.
#if TERRAIN_FP64
#define real double
#define real3 dvec3
#else
#define real float
#define real3 vec3
#endif

uniform sampler2D u_heights;  // R32F, one texel per cell: the heights as float32
uniform real u_sea_level;     // below it a cell is sea
uniform real3 u_sea_shallow;  // rgb(colors.sea[0]): p5's red(), green(), blue(), 0..255
uniform real3 u_sea_deep;     // rgb(colors.sea[1])
uniform real3 u_light;        // LIGHT: normalize([-1, -1, 1.2])
uniform real u_relief;        // RELIEF: how strongly slopes catch the light
uniform real u_ambient;       // AMBIENT: the light every cell gets
uniform real3 u_bands[256];   // band_colors: land colours from the coast to the peaks

out vec4 o_color;

real height_at(ivec2 cell) { return real(texelFetch(u_heights, cell, 0).r); }

// Math.hypot(a, b, c) as V8 computes it: each value divided by the largest, the squares summed
// in argument order with Kahan compensation, then sqrt(sum) * largest.
real js_hypot3(real a, real b, real c) {
  PRECISE real v0 = abs(a);
  PRECISE real v1 = abs(b);
  PRECISE real v2 = abs(c);
  PRECISE real big = max(max(v0, v1), v2);
  if (big == real(0)) return real(0);
  PRECISE real sum = real(0);
  PRECISE real compensation = real(0);
  PRECISE real n;
  PRECISE real summand;
  PRECISE real preliminary;
  n = v0 / big;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = (preliminary - sum) - summand;
  sum = preliminary;
  n = v1 / big;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = (preliminary - sum) - summand;
  sum = preliminary;
  n = v2 / big;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = (preliminary - sum) - summand;
  sum = preliminary;
  PRECISE real result = sqrt(sum) * big;
  return result;
}

void main() {
  ivec2 size = textureSize(u_heights, 0);
  ivec2 cell = ivec2(gl_FragCoord.xy);
  PRECISE real h = height_at(cell);
  PRECISE real3 color;

  if (h < u_sea_level) {
    // Deeper water blends towards sea[1], fully at half the sea level below the coast.
    PRECISE real depth = u_sea_level > real(0) ? (u_sea_level - h) / u_sea_level : real(0);
    PRECISE real t = min(real(1), depth * real(2));
    color = u_sea_shallow + (u_sea_deep - u_sea_shallow) * t;
  } else {
    // The slope from the neighbours either side, as a surface normal, and how squarely it
    // faces the light.
    PRECISE real left = height_at(ivec2(max(cell.x - 1, 0), cell.y));
    PRECISE real right = height_at(ivec2(min(cell.x + 1, size.x - 1), cell.y));
    PRECISE real up = height_at(ivec2(cell.x, max(cell.y - 1, 0)));
    PRECISE real down = height_at(ivec2(cell.x, min(cell.y + 1, size.y - 1)));
    PRECISE real nx = (left - right) * u_relief;
    PRECISE real ny = (up - down) * u_relief;
    PRECISE real facing = nx * u_light.x + ny * u_light.y + u_light.z;
    PRECISE real lit = facing / js_hypot3(nx, ny, real(1));
    PRECISE real shade = u_ambient + (real(1) - u_ambient) * max(real(0), lit) * real(1.25);

    PRECISE real band_at = floor((h - u_sea_level) / (real(1) - u_sea_level) * real(255));
    int band = int(clamp(band_at, real(0), real(255)));
    color = u_bands[band] * shade;
  }

  // The Uint8ClampedArray store: clamped to 0..255, rounded half to even; written as k / 255
  // so the RGBA8 target holds exactly k.
  real3 stored = roundEven(clamp(color, real(0), real(255)));
  o_color = vec4(vec3(stored) / 255.0, 1.0);
}
