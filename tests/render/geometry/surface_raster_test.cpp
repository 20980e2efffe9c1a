// The 3D view's surface on the CPU: the island in the scheme's colours (its draped picture's own
// pixels), no gap between its triangles from any camera, the drape smoothed close up, a camera
// change changes the picture, from straight above the coast falls where the map view has it, the
// sides and the sea, the clip, the same picture on any number of threads and in tiles, and bad
// input refused.
#include "render/geometry/surface_raster.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <unordered_set>
#include <vector>

#include "allocation_counter.h"
#include "core/island.h"
#include "render/geometry/map_raster.h"
#include "render/geometry/relief.h"

namespace terrain::render {
namespace {

constexpr int kWidth = 640;
constexpr int kHeight = 360;

// A map, its relief painted as the map view paints it, draped at `scale` pixels a cell.
struct Draped {
  Heightfield heights;
  double sea_level = 0.25;
  const ColorScheme* scheme = &color_schemes()[2];  // topographic: a blue sea, green land
  int scale = 3;
  int width = 0;
  int height = 0;
  std::vector<uint32_t> drape;

  explicit Draped(Heightfield h) : heights(std::move(h)) {
    std::vector<uint8_t> cells(heights.size() * 4);
    relief_cells(heights, sea_level, *scheme, cells);
    width = drape_side(heights.width(), scale);
    height = drape_side(heights.height(), scale);
    drape.resize(static_cast<std::size_t>(width) * height);
    MapRaster raster(1);
    raster.paint({cells, heights.width(), heights.height(), drape_frame(scale),
                  canvas_color(scheme->sea_deep), nullptr},
                 width, height, drape);
  }

  SurfaceInputs inputs(double relief = OrbitCamera::kReliefCells) const {
    SurfaceInputs in;
    in.heights = &heights;
    in.sea_level = sea_level;
    in.relief = relief;
    in.drape = drape;
    in.drape_width = width;
    in.drape_height = height;
    in.drape_frame = drape_frame(scale);
    in.sky_top = {10, 20, 30};
    in.sky_bottom = {12, 22, 32};
    in.soil = {100, 70, 40};
    in.water = {40, 90, 200};
    return in;
  }
};

std::vector<uint32_t> drawn(const SurfaceInputs& in, const OrbitCamera& camera,
                            WorkThreads* threads = nullptr, RasterLayout layout = {}) {
  std::vector<uint32_t> pixels(static_cast<std::size_t>(kWidth) * kHeight, 0x12345678u);
  SurfaceRaster raster;
  raster.draw(in, camera, {0, 0, kWidth, kHeight}, kWidth, kHeight, pixels, layout, threads);
  return pixels;
}

OrbitCamera framed(const Heightfield& h, double yaw, double pitch) {
  OrbitCamera camera(h.width(), h.height());
  camera.set_angles(yaw, pitch);
  camera.frame_map(double(kWidth) / kHeight);
  return camera;
}

TEST(SurfaceRaster, DrawsTheIslandInTheSchemesColours) {
  const Draped map(island_terrain(42));
  const std::vector<uint32_t> picture = drawn(map.inputs(), framed(map.heights, 20, 45));
  // Every pixel of the ground is a pixel of the draped map (taken, not blended); the rest is
  // the sky or the block's sides.
  const std::unordered_set<uint32_t> draped(map.drape.begin(), map.drape.end());
  std::size_t ground = 0;
  std::size_t land = 0;
  for (const uint32_t p : picture) {
    ASSERT_NE(p, 0x12345678u) << "a pixel left unpainted";
    if (!draped.count(p)) continue;
    ground++;
    const uint32_t r = p & 0xff, b = (p >> 16) & 0xff;
    if (r > b) land++;  // the topographic scheme's land: warmer than its blue sea
  }
  EXPECT_GT(ground, picture.size() / 3);
  EXPECT_GT(land, ground / 2);  // seed 42's island fills most of its map
}

TEST(SurfaceRaster, ACameraChangeChangesThePictureAndTheSameOneGivesItAgain) {
  const Draped map(island_terrain(42));
  WorkThreads threads(3);
  const OrbitCamera camera = framed(map.heights, 20, 45);
  const std::vector<uint32_t> one = drawn(map.inputs(), camera);
  EXPECT_EQ(drawn(map.inputs(), camera, &threads), one);  // any number of threads
  OrbitCamera turned = camera;
  turned.orbit(40, 0);
  EXPECT_NE(drawn(map.inputs(), turned), one);
  OrbitCamera tilted = camera;
  tilted.orbit(0, 30);
  EXPECT_NE(drawn(map.inputs(), tilted), one);
  OrbitCamera nearer = camera;
  nearer.zoom(1.5);
  EXPECT_NE(drawn(map.inputs(), nearer), one);
  // Higher relief changes it too.
  EXPECT_NE(drawn(map.inputs(2 * OrbitCamera::kReliefCells), camera), one);
}

// Land or sea by colour: the topographic scheme's sea is blue, its land is not.
bool sea_colour(uint32_t p) {
  const int r = p & 0xff, b = (p >> 16) & 0xff;
  return b > r + 40;
}

TEST(SurfaceRaster, FromStraightAboveTheCoastIsWhereTheMapViewHasIt) {
  // A flat island (its land a hair above the sea, so the surface is one plane), seen from
  // straight above, north up: the picture is the map view's of the same frame.
  Heightfield h(160, 90);
  for (int y = 0; y < h.height(); y++) {
    for (int x = 0; x < h.width(); x++) {
      const double dx = (x - 70.0) / 55, dy = (y - 48.0) / 30;
      const double wobble = 0.15 * std::sin(x * 0.3) * std::cos(y * 0.25);
      h.at(x, y) = dx * dx + dy * dy < 1 + wobble ? 0.2502f : 0.1f;
    }
  }
  const Draped map(std::move(h));
  const OrbitCamera camera = framed(map.heights, 0, 90);
  const std::vector<uint32_t> top = drawn(map.inputs(), camera);
  // The map view's frame: where the camera puts the sea's plane.
  const MapArea area{0, 0, kWidth, kHeight};
  const double plane = map.sea_level * OrbitCamera::kReliefCells;
  const auto a = camera.project({0, plane, 0}, area);
  const auto b =
      camera.project({map.heights.width() - 1.0, plane, map.heights.height() - 1.0}, area);
  ASSERT_TRUE(a && b);
  const auto mismatch = [&](double shift) {
    Frame frame{a->x + shift, a->y, (b->x - a->x) / (map.heights.width() - 1),
                (b->y - a->y) / (map.heights.height() - 1)};
    std::vector<uint8_t> cells(map.heights.size() * 4);
    relief_cells(map.heights, map.sea_level, *map.scheme, cells);
    std::vector<uint32_t> flat(top.size());
    MapRaster raster(1);
    raster.paint({cells, map.heights.width(), map.heights.height(), frame,
                  canvas_color(map.scheme->sea_deep), nullptr},
                 kWidth, kHeight, flat);
    std::size_t land = 0;
    std::size_t differ = 0;
    for (std::size_t i = 0; i < top.size(); i++) {
      // Only where the map lies (the sides and the sky are the 3D view's own).
      const int x = static_cast<int>(i % kWidth), y = static_cast<int>(i / kWidth);
      if (x < a->x + 2 || x > b->x - 2 || y < a->y + 2 || y > b->y - 2) continue;
      if (!sea_colour(flat[i])) land++;
      if (sea_colour(flat[i]) != sea_colour(top[i])) differ++;
    }
    EXPECT_GT(land, 20000u);
    return static_cast<double>(differ) / static_cast<double>(land);
  };
  // The coast's pixels agree but for a sliver along it (the two resample the cells each
  // their own way); moved by three pixels they would not.
  const double aligned = mismatch(0);
  EXPECT_LT(aligned, 0.01);
  EXPECT_GT(mismatch(3), 4 * aligned + 0.005);
}

TEST(SurfaceRaster, NoSkyShowsBetweenTheSquaresFromAnyCamera) {
  // Rolling land, its block closed by its sides: seen from anywhere above, the sky is the one
  // region round it, so a sky pixel that cannot be reached from the picture's edge through
  // sky is a gap between two triangles. Seen from all round, high and low, near (squares of
  // many pixels, drawn a triangle at a time; the eye kept out of the ground, as the app keeps
  // it) and far (a few pixels, drawn a square at a time).
  Heightfield h(60, 40);
  for (int y = 0; y < h.height(); y++) {
    for (int x = 0; x < h.width(); x++) {
      h.at(x, y) = static_cast<float>(0.5 + 0.04 * std::sin(x * 0.37) * std::cos(y * 0.29) +
                                      0.01 * std::sin(x * 1.7 + y * 2.3));
    }
  }
  const Draped map(std::move(h));
  const auto sky = [](uint32_t p) {
    const int r = p & 0xff, g = (p >> 8) & 0xff, b = (p >> 16) & 0xff;
    return r >= 10 && r <= 12 && g == r + 10 && b == r + 20;
  };
  int views = 0;
  std::vector<uint8_t> reached(static_cast<std::size_t>(kWidth) * kHeight);
  std::vector<int> todo;
  for (const double zoom : {0.4, 1.0, 6.0}) {
    for (const double yaw : {0.0, 33.0, 90.0, 145.0, 200.0, 270.0, 315.0}) {
      for (const double pitch : {15.0, 40.0, 70.0, 90.0}) {
        OrbitCamera camera = framed(map.heights, yaw, pitch);
        camera.zoom(zoom);
        camera.clear_ground(map.heights, OrbitCamera::kReliefCells, map.sea_level);
        const std::vector<uint32_t> picture = drawn(map.inputs(), camera);
        // The sky reached from the edge, four ways.
        std::fill(reached.begin(), reached.end(), 0);
        todo.clear();
        const auto visit = [&](int x, int y) {
          const int i = y * kWidth + x;
          if (x < 0 || y < 0 || x >= kWidth || y >= kHeight || reached[i] || !sky(picture[i])) {
            return;
          }
          reached[i] = 1;
          todo.push_back(i);
        };
        for (int x = 0; x < kWidth; x++) {
          visit(x, 0);
          visit(x, kHeight - 1);
        }
        for (int y = 0; y < kHeight; y++) {
          visit(0, y);
          visit(kWidth - 1, y);
        }
        while (!todo.empty()) {
          const int i = todo.back();
          todo.pop_back();
          const int x = i % kWidth, y = i / kWidth;
          visit(x - 1, y);
          visit(x + 1, y);
          visit(x, y - 1);
          visit(x, y + 1);
        }
        std::size_t ground = 0;
        for (std::size_t i = 0; i < picture.size(); i++) {
          if (!sky(picture[i])) {
            ground++;
            continue;
          }
          ASSERT_TRUE(reached[i]) << "the sky at " << i % kWidth << "," << i / kWidth
                                  << " from yaw " << yaw << ", pitch " << pitch << ", zoom "
                                  << zoom;
        }
        EXPECT_GT(ground, 5000u);
        views++;
      }
    }
  }
  EXPECT_EQ(views, 84);
}

TEST(SurfaceRaster, CloseUpTheDrapeIsSmoothedBetweenItsPixels) {
  // A flat map draped with a checkerboard of black and white drape pixels: framed, each
  // pixel of the ground is one of them (taken as it is); close up, where a drape pixel spans
  // many of the canvas's, the ground blends between them (greys, every one between black and
  // white), rather than showing them as blocks.
  Heightfield flat(60, 40);
  std::fill(flat.values().begin(), flat.values().end(), 0.5f);
  const Draped map(std::move(flat));
  std::vector<uint32_t> checker(map.drape.size());
  for (int y = 0; y < map.height; y++) {
    for (int x = 0; x < map.width; x++) {
      checker[static_cast<std::size_t>(y) * map.width + x] =
          (x + y) % 2 ? 0xffffffffu : 0xff000000u;
    }
  }
  SurfaceInputs in = map.inputs();
  in.drape = checker;
  const auto greys = [](const std::vector<uint32_t>& picture, std::size_t& pure) {
    std::size_t blended = 0;
    pure = 0;
    for (const uint32_t p : picture) {
      const uint32_t r = p & 0xff, g = (p >> 8) & 0xff, b = (p >> 16) & 0xff;
      if (r != g || g != b || p >> 24 != 0xff) continue;  // the sky, the sides
      if (r == 0 || r == 255) {
        pure++;
      } else {
        blended++;
      }
    }
    return blended;
  };
  std::size_t pure = 0;
  EXPECT_EQ(greys(drawn(in, framed(map.heights, 20, 60)), pure), 0u);
  EXPECT_GT(pure, 10000u);
  OrbitCamera near = framed(map.heights, 20, 60);
  near.zoom(1e9);
  const std::size_t blended = greys(drawn(in, near), pure);
  EXPECT_GT(blended, 4 * pure);
  EXPECT_GT(blended + pure, static_cast<std::size_t>(kWidth) * kHeight / 2);
}

TEST(SurfaceRaster, TheSeaIsAPlaneAtSeaLevelAndTheSidesCloseTheBlock) {
  // All sea: the surface is flat at sea level, whatever the floor below it; seen from the
  // south at a slant, the south side shows its water over its soil.
  Heightfield deep(80, 50);
  std::fill(deep.values().begin(), deep.values().end(), 0.0f);
  for (int x = 0; x < 80; x++) deep.at(x, 25) = 0.2f;  // a reef under the water
  const Draped map(std::move(deep));
  const OrbitCamera camera = framed(map.heights, 0, 30);
  Heightfield level(80, 50);
  std::fill(level.values().begin(), level.values().end(), 0.0f);
  const Draped flat(std::move(level));
  // The reef changes nothing seen from above the water but the drape's colours.
  SurfaceInputs reef = map.inputs();
  reef.drape = flat.drape;
  EXPECT_EQ(drawn(reef, camera), drawn(flat.inputs(), camera));
  const std::vector<uint32_t> picture = drawn(map.inputs(), camera);
  std::size_t soil = 0, water = 0;
  for (const uint32_t p : picture) {
    const int r = p & 0xff, g = (p >> 8) & 0xff, b = (p >> 16) & 0xff;
    // The side's soil (100, 70, 40) and water (40, 90, 200), each darkened alike: the south
    // side faces away from the relief's north-west light.
    if (r > 20 && r < 100 && std::abs(r * 0.7 - g) <= 1.5 && std::abs(r * 0.4 - b) <= 1.5) soil++;
    if (b > 40 && b < 200 && std::abs(b * 0.2 - r) <= 1.5 && std::abs(b * 0.45 - g) <= 1.5) {
      water++;
    }
  }
  EXPECT_GT(soil, 500u);
  EXPECT_GT(water, 500u);
}

TEST(SurfaceRaster, OnlyTheClipIsTouchedAndASteadyFrameAllocatesNothing) {
  const Draped map(island_terrain(7));
  const OrbitCamera camera = framed(map.heights, 120, 50);
  RasterLayout layout;
  layout.clip_left = 100;
  layout.clip_top = 40;
  layout.clip_right = 500;
  layout.clip_bottom = 300;
  layout.bgra = true;
  layout.bottom_up = true;
  WorkThreads threads(2);
  const std::vector<uint32_t> clipped = drawn(map.inputs(), camera, &threads, layout);
  RasterLayout whole = layout;
  whole.clip_left = whole.clip_top = 0;
  whole.clip_right = whole.clip_bottom = -1;
  const std::vector<uint32_t> all = drawn(map.inputs(), camera, &threads, whole);
  for (int y = 0; y < kHeight; y++) {
    for (int x = 0; x < kWidth; x++) {
      const std::size_t i = static_cast<std::size_t>(kHeight - 1 - y) * kWidth + x;
      const bool inside = x >= 100 && x < 500 && y >= 40 && y < 300;
      if (inside) {
        ASSERT_EQ(clipped[i], all[i]) << x << "," << y;
      } else {
        ASSERT_EQ(clipped[i], 0x12345678u) << x << "," << y;
      }
    }
  }
  // bgra swaps the red and blue of its own colours (the drape comes laid out already).
  const std::vector<uint32_t> rgba = drawn(map.inputs(), camera, &threads);
  const std::unordered_set<uint32_t> draped(map.drape.begin(), map.drape.end());
  const auto swapped = [](uint32_t p) {
    return (p & 0xff00ff00u) | ((p & 0xffu) << 16) | ((p >> 16) & 0xffu);
  };
  std::size_t own = 0;
  for (int y = 0; y < kHeight; y += 3) {
    for (int x = 0; x < kWidth; x += 3) {
      const uint32_t p = rgba[static_cast<std::size_t>(y) * kWidth + x];
      const uint32_t q = all[static_cast<std::size_t>(kHeight - 1 - y) * kWidth + x];
      if (draped.count(p)) {
        ASSERT_EQ(q, p);
      } else {
        ASSERT_EQ(q, swapped(p));
        own++;
      }
    }
  }
  EXPECT_GT(own, 1000u);
  // Drawn again at the same size: no allocation.
  SurfaceRaster raster;
  std::vector<uint32_t> pixels(static_cast<std::size_t>(kWidth) * kHeight);
  const SurfaceInputs in = map.inputs();
  raster.draw(in, camera, {0, 0, kWidth, kHeight}, kWidth, kHeight, pixels, {}, &threads);
  terrain::testing::CountAllocations counting;
  raster.draw(in, camera, {0, 0, kWidth, kHeight}, kWidth, kHeight, pixels, {}, &threads);
  EXPECT_EQ(counting.count(), 0u);
}

TEST(SurfaceRaster, ATileOfALargerPictureIsThatPartOfIt) {
  const Draped map(island_terrain(42));
  const OrbitCamera camera = framed(map.heights, 30, 40);
  const std::vector<uint32_t> whole = drawn(map.inputs(), camera);
  // The picture's top-right quarter, drawn as a canvas of its own.
  const int w = kWidth / 2, h = kHeight / 2;
  std::vector<uint32_t> tile(static_cast<std::size_t>(w) * h);
  SurfaceRaster raster;
  raster.draw(map.inputs(), camera, {-double(w), 0, kWidth, kHeight}, w, h, tile);
  std::size_t differ = 0;
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      differ += tile[static_cast<std::size_t>(y) * w + x] !=
                whole[static_cast<std::size_t>(y) * kWidth + w + x];
    }
  }
  // The same but for a few pixels on triangles' edges, where a rounding of the shifted
  // coordinates falls the other way.
  EXPECT_LT(differ, static_cast<std::size_t>(w * h / 500));
}

TEST(SurfaceRaster, BadInputIsRefusedAndNothingIsDrawn) {
  const Draped map(island_terrain(42));
  const OrbitCamera camera = framed(map.heights, 20, 45);
  std::vector<uint32_t> pixels(100, 7u);
  SurfaceRaster raster;
  const auto refused = [&](const SurfaceInputs& in, int w, int h, const MapArea& picture) {
    try {
      raster.draw(in, camera, picture, w, h, pixels);
    } catch (const std::invalid_argument& e) {
      EXPECT_TRUE(std::all_of(pixels.begin(), pixels.end(), [](uint32_t p) { return p == 7u; }));
      return std::string(e.what());
    }
    return std::string("drawn");
  };
  EXPECT_EQ(refused(map.inputs(), 20, 10, {0, 0, 20, 10}),
            "3D view: the canvas holds 100 pixels; 20x10 needs 200");
  SurfaceInputs none = map.inputs();
  none.heights = nullptr;
  EXPECT_EQ(refused(none, 10, 10, {0, 0, 10, 10}), "3D view: no ground of at least 2 x 2 to draw");
  SurfaceInputs lakes = map.inputs();
  std::vector<float> depths(5);
  lakes.lake_depth = depths;
  EXPECT_EQ(refused(lakes, 10, 10, {0, 0, 10, 10}), "3D view: 5 lake depths for 57600 grid points");
  SurfaceInputs small = map.inputs();
  small.drape_width = 3;
  EXPECT_EQ(refused(small, 10, 10, {0, 0, 10, 10}),
            "3D view: the draped picture holds " + std::to_string(map.drape.size()) +
                " pixels, not 3x" + std::to_string(map.height));
  EXPECT_EQ(refused(map.inputs(), 10, 10, {0, 0, 0, 10}), "3D view: the picture has no area");
}

}  // namespace
}  // namespace terrain::render
