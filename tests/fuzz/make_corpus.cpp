// Writes the fuzz targets' seed corpora: make_corpus DIR writes DIR/recipe, DIR/npy,
// DIR/png, DIR/heightmap_exr, DIR/heightmap_tiff, DIR/map_file and DIR/rain (tests/fuzz/corpus
// is DIR for the committed ones). Each holds a handful of small
// files: valid ones written with the project's own writers (recipe_text, encode_npy,
// encode_png) or, for what those never write (other versions and key orders of .npy, gray,
// 16-bit, palette and interlaced PNGs), put together byte by byte here; and nearly valid ones,
// each a valid file with one thing wrong, that the readers must refuse.
//
// Sections: files; recipes; .npy; PNG (a small encoder of stored zlib blocks); PNG heightmaps
// (DIR/heightmap_png, for heightmap_png_fuzz); map files; grounds to rain on (DIR/rain, for
// rain_fuzz); main.
#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfOutputFile.h>
#include <ImfRgbaFile.h>
#include <ImfStdIO.h>
#include <ImfTiledOutputFile.h>
#include <tiffio.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/island.h"
#include "io/heightmap_exr.h"
#include "io/heightmap_png.h"
#include "io/heightmap_tiff.h"
#include "io/map_file.h"
#include "io/npy.h"
#include "io/png.h"
#include "session/live_model.h"
#include "session/map_recipe.h"
#include "session/saved_map.h"

namespace {

namespace fs = std::filesystem;
namespace io = terrain::io;
namespace session = terrain::session;

// --- Files -----------------------------------------------------------------------------------

void write(const fs::path& path, std::span<const std::byte> bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}
void write(const fs::path& path, std::string_view text) {
  write(path, std::as_bytes(std::span<const char>(text)));
}
void write(const fs::path& path, std::span<const uint8_t> bytes) {
  write(path, std::as_bytes(bytes));
}

// `text` with the first `from` replaced by `to` (which must be there).
std::string replaced(std::string text, std::string_view from, std::string_view to) {
  const std::size_t at = text.find(from);
  if (at == std::string::npos) throw std::logic_error("no " + std::string(from) + " to replace");
  return text.replace(at, from.size(), to);
}

// --- Recipes ---------------------------------------------------------------------------------

void write_recipes(const fs::path& dir) {
  using namespace session;
  // A live run: ticks, sliders, view changes (not recorded), a rain while paused.
  LiveModel live(20261201);
  for (int k = 0; k < 4; k++) live.tick();
  live.apply(MapCommand{SetErosion{0.45}});
  live.apply(ViewCommand{SetContourLevels{3}});
  for (int k = 0; k < 3; k++) live.tick();
  live.apply(MapCommand{SetSeaLevel{0.31}});
  live.apply(MapCommand{SetBrushRadius{4}});
  live.apply(ViewCommand{Pause{}});
  live.apply(MapCommand{RainDrops{1234}});
  live.apply(MapCommand{SetInertia{0.2}});
  live.apply(ViewCommand{Play{}});
  live.tick();
  const std::string session_text = recipe_text(live.recipe());
  write(dir / "session.json", session_text);

  write(dir / "fresh.json", recipe_text(LiveModel(42).recipe()));

  // Every command, with values at the ends of their ranges.
  MapRecipe every;
  every.seed = 4294967295u;
  every.settings.erosion = 0.35;
  every.settings.inertia = 0.1 + 0.2;
  every.settings.generator = terrain::Generator::diamond_square;
  every.settings.roughness = 0.3;
  every.commands = {RainDrops{18446744073709551615ull},
                    SetSeed{7},
                    Restart{},
                    SetTerrainScale{0.004},
                    SetErosion{1},
                    SetDeposition{0},
                    SetInertia{0.5},
                    SetBrushRadius{6},
                    SetSeaLevel{0.6},
                    SetDropsPerFrame{10000},
                    SetGenerator{terrain::Generator::diamond_square},
                    SetRoughness{0.9},
                    RainDrops{0}};
  const std::string every_text = recipe_text(every);
  write(dir / "every_command.json", every_text);

  // Hand-written: no spaces, keys in another order, an exponent, a negative zero.
  write(dir / "compact.json",
        "{\"version\":1,\"commands\":[{\"sea_level\":-0.0},{\"rain\":5},{\"terrain_scale\":3e-2}],"
        "\"seed\":0,\"format\":\"terrain-sandbox map recipe\",\"settings\":{\"terrain_scale\":"
        "0.012,\"sea_level\":0.25,\"brush_radius\":1,\"inertia\":0,\"deposition\":1,"
        "\"erosion\":0.3,\"drops_per_frame\":0}}");

  // Nearly valid: one thing wrong in each.
  write(dir / "bad_version.json", replaced(session_text, "\"version\": 1", "\"version\": 2"));
  write(dir / "out_of_range.json", replaced(every_text, "\"erosion\": 1.0", "\"erosion\": 1.5"));
  write(dir / "fractional_rain.json", replaced(every_text, "\"rain\": 0", "\"rain\": 1e3"));
  write(dir / "unknown_command.json", replaced(every_text, "\"restart\"", "\"undo\""));
  write(dir / "negative_seed.json", replaced(session_text, "\"seed\": 20261201", "\"seed\": -1"));
  write(dir / "truncated.json", session_text.substr(0, session_text.size() / 2));
}

// --- .npy ------------------------------------------------------------------------------------

// A .npy file put together by hand: magic, version, header length (2 bytes for 1.0, 4 for
// 2.0 and 3.0), the header padded as numpy pads it, then `data`.
std::vector<std::byte> npy_by_hand(int major, std::string header, std::span<const std::byte> data) {
  const std::size_t length_bytes = major == 1 ? 2 : 4;
  const std::size_t unpadded = 8 + length_bytes + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header.push_back('\n');
  std::vector<std::byte> out;
  for (char c : std::string_view("\x93NUMPY", 6)) out.push_back(static_cast<std::byte>(c));
  out.push_back(static_cast<std::byte>(major));
  out.push_back(std::byte{0});
  for (std::size_t b = 0; b < length_bytes; b++) {
    out.push_back(static_cast<std::byte>((header.size() >> (8 * b)) & 0xFF));
  }
  for (char c : header) out.push_back(static_cast<std::byte>(c));
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

void write_npys(const fs::path& dir) {
  const std::vector<float> heights = {0.0f,  0.25f, -1.5f,  1e-40f, 3.4e38f, 0.5f,
                                      -0.0f, 2.0f,  0.125f, 7.0f,   -3.0f,   1.0f};
  const std::vector<uint32_t> flow = {1, 2, 3, 4, 5, 6, 4294967295u, 0, 9, 10, 11, 12};
  const std::vector<int32_t> cells = {-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 2147483647, -2147483647 - 1};
  const std::vector<uint8_t> orders = {0, 1, 2, 3, 4, 5, 255, 1};
  write(dir / "f4.npy", io::encode_npy(std::span<const float>(heights), 3, 4));
  write(dir / "u4.npy", io::encode_npy(std::span<const uint32_t>(flow), 4, 3));
  write(dir / "i4.npy", io::encode_npy(std::span<const int32_t>(cells), 2, 6));
  write(dir / "u1.npy", io::encode_npy(std::span<const uint8_t>(orders), 2, 4));
  write(dir / "empty.npy", io::encode_npy(std::span<const float>(), 0, 5));

  // What numpy also writes and the reader takes: versions 2.0 and 3.0, other key orders,
  // double quotes, '<u1', a shape's trailing comma, no trailing comma after the last key.
  const auto order_bytes = std::as_bytes(std::span<const uint8_t>(orders)).first(6);
  write(
      dir / "v2_u1.npy",
      npy_by_hand(2, "{\"shape\": (2, 3,), 'fortran_order': False, 'descr': '<u1'}", order_bytes));
  const auto cell_bytes = std::as_bytes(std::span<const int32_t>(cells));
  write(dir / "v3_i4.npy",
        npy_by_hand(3, "{'fortran_order': False, 'descr': '<i4', 'shape': (3, 4), }", cell_bytes));

  // Nearly valid: one thing wrong in each.
  const auto height_bytes = std::as_bytes(std::span<const float>(heights));
  write(dir / "fortran.npy",
        npy_by_hand(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (3, 4), }", height_bytes));
  write(dir / "shape_3d.npy",
        npy_by_hand(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 3, 4), }",
                    height_bytes));
  write(dir / "dtype_f8.npy",
        npy_by_hand(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }",
                    height_bytes.first(48)));
  write(dir / "short_data.npy",
        npy_by_hand(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }",
                    height_bytes.first(height_bytes.size() - 1)));
  std::vector<std::byte> v11 = io::encode_npy(std::span<const float>(heights), 3, 4);
  v11[7] = std::byte{1};  // version 1.1
  write(dir / "version_1_1.npy", v11);
}

// --- PNG -------------------------------------------------------------------------------------

void put32(std::vector<uint8_t>& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<uint8_t>(v >> shift));
}

uint32_t crc32(std::span<const uint8_t> bytes) {
  uint32_t crc = 0xFFFFFFFFu;
  for (uint8_t b : bytes) {
    crc ^= b;
    for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

void chunk(std::vector<uint8_t>& png, const char (&type)[5], std::span<const uint8_t> data) {
  put32(png, static_cast<uint32_t>(data.size()));
  std::vector<uint8_t> body(type, type + 4);
  body.insert(body.end(), data.begin(), data.end());
  png.insert(png.end(), body.begin(), body.end());
  put32(png, crc32(body));
}

// A zlib stream of stored (uncompressed) deflate blocks.
std::vector<uint8_t> zlib_stored(std::span<const uint8_t> raw) {
  std::vector<uint8_t> out = {0x78, 0x01};
  std::size_t at = 0;
  do {
    const std::size_t n = std::min<std::size_t>(raw.size() - at, 65535);
    out.push_back(at + n == raw.size() ? 1 : 0);
    out.push_back(static_cast<uint8_t>(n & 0xFF));
    out.push_back(static_cast<uint8_t>(n >> 8));
    out.push_back(static_cast<uint8_t>(~n & 0xFF));
    out.push_back(static_cast<uint8_t>((~n >> 8) & 0xFF));
    out.insert(out.end(), raw.begin() + static_cast<std::ptrdiff_t>(at),
               raw.begin() + static_cast<std::ptrdiff_t>(at + n));
    at += n;
  } while (at < raw.size());
  uint32_t a = 1;
  uint32_t b = 0;
  for (uint8_t v : raw) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  put32(out, b << 16 | a);
  return out;
}

// A PNG image to put together by hand: `sample(x, y, channel)` gives each sample, already
// within the bit depth.
struct PngImage {
  int width = 1;
  int height = 1;
  int bit_depth = 8;
  int color_type = 0;  // 0 gray, 2 RGB, 3 palette, 4 gray + alpha, 6 RGBA
  bool interlaced = false;
  std::vector<uint8_t> palette;  // RGB triples (color type 3)
  std::vector<uint8_t> trns;     // palette alphas (color type 3)
  unsigned (*sample)(int x, int y, int channel) = nullptr;
};

int channels_of(int color_type) {
  switch (color_type) {
    case 2:
      return 3;
    case 4:
      return 2;
    case 6:
      return 4;
    default:
      return 1;
  }
}

// The filtered scanlines of the pixels (x0 + i * dx, y0 + j * dy): odd rows with filter Sub,
// even ones with None.
void scanlines(const PngImage& image, int x0, int y0, int dx, int dy, std::vector<uint8_t>& out) {
  const int channels = channels_of(image.color_type);
  const int bits = channels * image.bit_depth;
  const int bpp = std::max(1, bits / 8);
  for (int y = y0, row = 0; y < image.height; y += dy, row++) {
    std::vector<uint8_t> line;
    unsigned acc = 0;
    int acc_bits = 0;
    for (int x = x0; x < image.width; x += dx) {
      for (int c = 0; c < channels; c++) {
        const unsigned v = image.sample(x, y, c);
        if (image.bit_depth == 16) {
          line.push_back(static_cast<uint8_t>(v >> 8));
          line.push_back(static_cast<uint8_t>(v & 0xFF));
        } else if (image.bit_depth == 8) {
          line.push_back(static_cast<uint8_t>(v));
        } else {
          acc = acc << image.bit_depth | v;
          acc_bits += image.bit_depth;
          if (acc_bits == 8) {
            line.push_back(static_cast<uint8_t>(acc));
            acc = 0;
            acc_bits = 0;
          }
        }
      }
    }
    if (acc_bits > 0) line.push_back(static_cast<uint8_t>(acc << (8 - acc_bits)));
    if (line.empty()) continue;
    const bool sub = row % 2 == 1;
    out.push_back(sub ? 1 : 0);
    for (std::size_t i = 0; i < line.size(); i++) {
      const uint8_t left = i >= static_cast<std::size_t>(bpp) ? line[i - bpp] : 0;
      out.push_back(sub ? static_cast<uint8_t>(line[i] - left) : line[i]);
    }
  }
}

std::vector<uint8_t> png_by_hand(const PngImage& image) {
  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<uint8_t> ihdr;
  put32(ihdr, static_cast<uint32_t>(image.width));
  put32(ihdr, static_cast<uint32_t>(image.height));
  ihdr.insert(ihdr.end(),
              {static_cast<uint8_t>(image.bit_depth), static_cast<uint8_t>(image.color_type), 0, 0,
               static_cast<uint8_t>(image.interlaced ? 1 : 0)});
  chunk(png, "IHDR", ihdr);
  if (!image.palette.empty()) chunk(png, "PLTE", image.palette);
  if (!image.trns.empty()) chunk(png, "tRNS", image.trns);
  std::vector<uint8_t> raw;
  if (image.interlaced) {  // Adam7's seven passes
    constexpr int kPasses[7][4] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
                                   {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};
    for (const auto& p : kPasses) {
      if (p[0] < image.width && p[1] < image.height) scanlines(image, p[0], p[1], p[2], p[3], raw);
    }
  } else {
    scanlines(image, 0, 0, 1, 1, raw);
  }
  chunk(png, "IDAT", zlib_stored(raw));
  chunk(png, "IEND", {});
  return png;
}

// A 7 x 3 image of 4-bit palette indices with a tRNS chunk (some colours translucent): a seed
// of both PNG corpora (png_fuzz's and heightmap_png_fuzz's).
PngImage palette4_trns() {
  PngImage palette{.width = 7, .height = 3, .bit_depth = 4, .color_type = 3};
  palette.palette = {0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255};
  palette.trns = {0, 128, 255};
  palette.sample = [](int x, int y, int) { return static_cast<unsigned>((x + 2 * y) % 5); };
  return palette;
}

void write_pngs(const fs::path& dir) {
  // The project's writer: RGB8 and RGBA8.
  std::vector<uint8_t> rgb;
  for (int i = 0; i < 5 * 4; i++) {
    rgb.insert(rgb.end(), {static_cast<uint8_t>(i * 12), static_cast<uint8_t>(255 - i * 7),
                           static_cast<uint8_t>(i % 3 * 100)});
  }
  write(dir / "rgb8.png", io::encode_png(rgb, 5, 4, io::PixelFormat::rgb8));
  std::vector<uint8_t> rgba;
  for (int i = 0; i < 4 * 3; i++) {
    rgba.insert(rgba.end(), {static_cast<uint8_t>(i * 20), 40, static_cast<uint8_t>(200 - i * 9),
                             static_cast<uint8_t>(i * 23)});
  }
  const std::vector<uint8_t> rgba8 = io::encode_png(rgba, 4, 3, io::PixelFormat::rgba8);
  write(dir / "rgba8.png", rgba8);

  // By hand: what the writer never writes.
  PngImage gray8{.width = 6, .height = 5, .bit_depth = 8, .color_type = 0};
  gray8.sample = [](int x, int y, int) { return static_cast<unsigned>(x * 40 + y * 3); };
  write(dir / "gray8.png", png_by_hand(gray8));

  PngImage gray16{.width = 4, .height = 4, .bit_depth = 16, .color_type = 0};
  gray16.sample = [](int x, int y, int) { return static_cast<unsigned>(x * 16000 + y * 257); };
  write(dir / "gray16.png", png_by_hand(gray16));

  PngImage gray_alpha{.width = 3, .height = 4, .bit_depth = 8, .color_type = 4};
  gray_alpha.sample = [](int x, int y, int c) {
    return static_cast<unsigned>(c == 0 ? x * 80 : 255 - y * 60);
  };
  write(dir / "gray_alpha8.png", png_by_hand(gray_alpha));

  PngImage rgba16{.width = 3, .height = 3, .bit_depth = 16, .color_type = 6};
  rgba16.sample = [](int x, int y, int c) {
    return static_cast<unsigned>((x * 3 + y * 7 + c * 11) * 1500 % 65536);
  };
  write(dir / "rgba16.png", png_by_hand(rgba16));

  PngImage gray1{.width = 9, .height = 2, .bit_depth = 1, .color_type = 0};
  gray1.sample = [](int x, int y, int) { return static_cast<unsigned>((x + y) % 2); };
  write(dir / "gray1.png", png_by_hand(gray1));

  write(dir / "palette4_trns.png", png_by_hand(palette4_trns()));

  PngImage interlaced{.width = 9, .height = 9, .bit_depth = 8, .color_type = 2};
  interlaced.interlaced = true;
  interlaced.sample = [](int x, int y, int c) {
    return static_cast<unsigned>((x * 29 + y * 13 + c * 71) % 256);
  };
  write(dir / "rgb8_interlaced.png", png_by_hand(interlaced));

  // Nearly valid: one thing wrong in each.
  write(dir / "truncated.png", std::span<const uint8_t>(rgba8).first(rgba8.size() * 2 / 3));
  std::vector<uint8_t> bad_depth = png_by_hand(gray8);
  bad_depth[8 + 8 + 8] = 3;  // IHDR's bit depth: no such depth (its CRC left as it was)
  write(dir / "bad_depth.png", bad_depth);
  PngImage taller = gray8;
  taller.height = 10;  // IHDR says 10 rows, IDAT holds 5
  std::vector<uint8_t> short_idat = png_by_hand(gray8);
  const std::vector<uint8_t> taller_header = png_by_hand(taller);
  std::copy(taller_header.begin() + 8, taller_header.begin() + 8 + 25, short_idat.begin() + 8);
  write(dir / "short_idat.png", short_idat);
}

// --- PNG heightmaps ---------------------------------------------------------------------------

// heightmap_png_fuzz's seeds: a 16-bit file as the project writes it (encode_png16, with its
// range chunk), and what other tools write: 8-bit gray, RGB and a palette (some made above).
void write_heightmap_pngs(const fs::path& dir) {
  io::Quantized16 q;
  q.min = -12.5f;
  q.max = 340.25f;
  for (int i = 0; i < 7 * 5; i++) q.values.push_back(static_cast<uint16_t>(i * 1927 % 65536));
  const std::vector<uint8_t> ours = io::encode_png16(q, 7, 5);
  write(dir / "ours16.png", ours);
  io::Quantized16 flat;
  flat.min = flat.max = 0.1f;
  flat.values.assign(3 * 2, 0);
  write(dir / "ours16_flat.png", io::encode_png16(flat, 3, 2));

  PngImage gray8{.width = 6, .height = 5, .bit_depth = 8, .color_type = 0};
  gray8.sample = [](int x, int y, int) { return static_cast<unsigned>(x * 40 + y * 3); };
  write(dir / "gray8.png", png_by_hand(gray8));
  std::vector<uint8_t> rgb;
  for (int i = 0; i < 5 * 4; i++) {
    rgb.insert(rgb.end(), {static_cast<uint8_t>(i * 12), static_cast<uint8_t>(255 - i * 7),
                           static_cast<uint8_t>(i % 3 * 100)});
  }
  write(dir / "rgb8.png", io::encode_png(rgb, 5, 4, io::PixelFormat::rgb8));
  write(dir / "palette4_trns.png", png_by_hand(palette4_trns()));
  PngImage rgb16{.width = 3, .height = 2, .bit_depth = 16, .color_type = 2};
  rgb16.sample = [](int x, int y, int c) {
    return static_cast<unsigned>((x * 5 + y * 3 + c) * 4099 % 65536);
  };
  rgb16.interlaced = true;
  write(dir / "rgb16_interlaced.png", png_by_hand(rgb16));

  // Nearly valid: cut short.
  write(dir / "ours16_truncated.png", std::span<const uint8_t>(ours).first(ours.size() - 20));
}

// --- Heightmaps: OpenEXR and TIFF -------------------------------------------------------------

std::vector<uint8_t> bytes_of(const std::string& text) {
  return {text.begin(), text.end()};
}

// `file` with the little-endian int at `at` set to `value`.
void put_le32(std::vector<uint8_t>& file, std::size_t at, uint32_t value) {
  for (int b = 0; b < 4; b++) file[at + b] = static_cast<uint8_t>(value >> (8 * b));
}

void write_heightmap_exrs(const fs::path& dir) {
  const terrain::Heightfield island = terrain::island_terrain(42, {}, 24, 16);
  const std::vector<uint8_t> ours = io::encode_exr(island);
  write(dir / "island.exr", ours);
  write(dir / "one.exr", io::encode_exr(terrain::Heightfield(1, 1, -2.5f)));

  // What other tools write: HALF RGB (no Y: read through R), a tiled UINT channel of another
  // name with an offset data window (read as the first channel).
  {
    Imf::StdOSStream out;
    Imf::Header header(5, 4);
    std::vector<Imf::Rgba> pixels(20);
    for (int i = 0; i < 20; i++)
      pixels[i] =
          Imf::Rgba(half(static_cast<float>(i) * 0.5f), half(1.0f), half(-static_cast<float>(i)));
    {
      Imf::RgbaOutputFile file(out, header, Imf::WRITE_RGB, 0);
      file.setFrameBuffer(pixels.data(), 1, 5);
      file.writePixels(4);
    }
    write(dir / "half_rgb.exr", bytes_of(out.str()));
  }
  {
    Imf::StdOSStream out;
    const Imath::Box2i window(Imath::V2i(-3, 2), Imath::V2i(6, 8));  // 10 x 7
    Imf::Header header(window, window);
    header.channels().insert("height", Imf::Channel(Imf::UINT));
    header.setTileDescription(Imf::TileDescription(4, 4, Imf::ONE_LEVEL));
    std::vector<uint32_t> values(70);
    for (uint32_t i = 0; i < 70; i++) values[i] = i * 1000;
    {
      Imf::TiledOutputFile file(out, header, 0);
      Imf::FrameBuffer frame;
      frame.insert("height", Imf::Slice::Make(Imf::UINT, values.data(), window));
      file.setFrameBuffer(frame);
      file.writeTiles(0, file.numXTiles() - 1, 0, file.numYTiles() - 1);
    }
    write(dir / "tiled_uint.exr", bytes_of(out.str()));
  }

  // Nearly valid: one thing wrong in each.
  write(dir / "truncated.exr", std::span<const uint8_t>(ours).first(ours.size() * 2 / 3));
  const std::string key("dataWindow\0box2i\0", 17);
  const std::size_t window =
      bytes_of(key).size() + std::string(ours.begin(), ours.end()).find(key) + 4;  // after size
  std::vector<uint8_t> huge = ours;
  put_le32(huge, window + 8, 19999);   // max.x: 20000 wide
  put_le32(huge, window + 12, 19999);  // max.y
  write(dir / "huge.exr", huge);
  std::vector<uint8_t> claims = ours;
  put_le32(claims, window + 12, 16383);  // 16384 rows over a few hundred bytes
  write(dir / "claims_16384_rows.exr", claims);
  {
    Imf::StdOSStream out;
    Imf::Header header(3, 2);
    header.compression() = Imf::NO_COMPRESSION;
    header.channels().insert("Y", Imf::Channel(Imf::FLOAT));
    std::vector<float> values = {1, 2, 3, std::numeric_limits<float>::quiet_NaN(), 5, 6};
    {
      Imf::OutputFile file(out, header, 0);
      Imf::FrameBuffer frame;
      frame.insert("Y", Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(values.data()), 4, 12));
      file.setFrameBuffer(frame);
      file.writePixels(2);
    }
    write(dir / "nan.exr", bytes_of(out.str()));
  }
}

// A TIFF libtiff writes to `path`: w x h samples of T (sample i = value(i)), in strips of 2 rows
// or 16 x 16 tiles, little-endian ("w") or big-endian ("wb").
template <typename T>
void tiff_by_libtiff(const fs::path& path, uint32_t w, uint32_t h, uint16_t format, bool tiled,
                     T (*value)(uint32_t), const char* mode = "w", uint16_t samples = 1) {
  TIFF* tif = TIFFOpen(path.c_str(), mode);
  if (tif == nullptr) throw std::runtime_error("cannot write " + path.string());
  TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, w);
  TIFFSetField(tif, TIFFTAG_IMAGELENGTH, h);
  TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, samples);
  TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, static_cast<uint16_t>(sizeof(T) * 8));
  TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, format);
  TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, samples == 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK);
  TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  TIFFSetField(tif, TIFFTAG_COMPRESSION, tiled ? COMPRESSION_NONE : COMPRESSION_LZW);
  std::vector<T> all(static_cast<std::size_t>(w) * h * samples);
  for (std::size_t i = 0; i < all.size(); i++) all[i] = value(static_cast<uint32_t>(i / samples));
  if (tiled) {
    TIFFSetField(tif, TIFFTAG_TILEWIDTH, 16u);
    TIFFSetField(tif, TIFFTAG_TILELENGTH, 16u);
    std::vector<T> tile(256);
    for (uint32_t y0 = 0; y0 < h; y0 += 16) {
      for (uint32_t x0 = 0; x0 < w; x0 += 16) {
        std::fill(tile.begin(), tile.end(), T{});
        for (uint32_t y = y0; y < std::min(h, y0 + 16); y++) {
          for (uint32_t x = x0; x < std::min(w, x0 + 16); x++) {
            tile[(y - y0) * 16 + (x - x0)] = all[static_cast<std::size_t>(y) * w + x];
          }
        }
        TIFFWriteTile(tif, tile.data(), x0, y0, 0, 0);
      }
    }
  } else {
    TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, 2u);
    for (uint32_t y = 0; y < h; y++) {
      TIFFWriteScanline(tif, all.data() + static_cast<std::size_t>(y) * w * samples, y, 0);
    }
  }
  TIFFClose(tif);
}

// Sets IFD entry `tag`'s value (SHORT or LONG) in a little-endian classic TIFF.
void patch_tiff_tag(std::vector<uint8_t>& file, uint16_t tag, uint32_t value) {
  const uint32_t ifd =
      static_cast<uint32_t>(file[4] | file[5] << 8 | file[6] << 16 | file[7] << 24);
  const unsigned count = static_cast<unsigned>(file[ifd] | file[ifd + 1] << 8);
  for (unsigned e = 0; e < count; e++) {
    const std::size_t entry = ifd + 2 + 12 * e;
    if (static_cast<unsigned>(file[entry] | file[entry + 1] << 8) != tag) continue;
    if (file[entry + 2] == TIFF_SHORT) {
      file[entry + 8] = static_cast<uint8_t>(value);
      file[entry + 9] = static_cast<uint8_t>(value >> 8);
    } else {
      put_le32(file, entry + 8, value);
    }
    return;
  }
  throw std::logic_error("no TIFF tag " + std::to_string(tag));
}

void write_heightmap_tiffs(const fs::path& dir) {
  const std::vector<uint8_t> ours = io::encode_tiff(terrain::island_terrain(42, {}, 24, 16));
  write(dir / "island.tif", ours);
  write(dir / "one.tif", io::encode_tiff(terrain::Heightfield(1, 1, -2.5f)));

  // What other tools write.
  tiff_by_libtiff<uint16_t>(dir / "uint16.tif", 7, 5, SAMPLEFORMAT_UINT, false,
                            [](uint32_t i) { return static_cast<uint16_t>(i * 1800); });
  tiff_by_libtiff<int16_t>(dir / "int16.tif", 6, 4, SAMPLEFORMAT_INT, false,
                           [](uint32_t i) { return static_cast<int16_t>(i * 700); });
  tiff_by_libtiff<double>(dir / "float64.tif", 5, 3, SAMPLEFORMAT_IEEEFP, false,
                          [](uint32_t i) { return i * 0.125 - 1.0; });
  tiff_by_libtiff<float>(
      dir / "tiled_float32_be.tif", 20, 18, SAMPLEFORMAT_IEEEFP, true,
      [](uint32_t i) { return static_cast<float>(i) - 0.5f; }, "wb");

  // Nearly valid: one thing wrong in each.
  tiff_by_libtiff<uint8_t>(
      dir / "rgb8.tif", 4, 3, SAMPLEFORMAT_UINT, false,
      [](uint32_t i) { return static_cast<uint8_t>(i * 20); }, "w", 3);
  write(dir / "truncated.tif", std::span<const uint8_t>(ours).first(ours.size() * 2 / 3));
  std::vector<uint8_t> huge = ours;
  patch_tiff_tag(huge, TIFFTAG_IMAGEWIDTH, 20000);
  patch_tiff_tag(huge, TIFFTAG_IMAGELENGTH, 20000);
  write(dir / "huge.tif", huge);
  std::vector<uint8_t> claims = ours;
  patch_tiff_tag(claims, TIFFTAG_IMAGELENGTH, 16384);
  write(dir / "claims_16384_rows.tif", claims);
  std::vector<uint8_t> half_floats = ours;
  patch_tiff_tag(half_floats, TIFFTAG_BITSPERSAMPLE, 16);
  write(dir / "float16.tif", half_floats);
}

}  // namespace

// --- Map files ----------------------------------------------------------------------------

// Map files (session/saved_map.h) as the project writes them, of a small map (16 x 9) with a
// history of rain, a setting, a new seed and an undo; and the same file newer, cut short,
// damaged and with a section claiming more than it holds.
void write_map_files(const fs::path& dir) {
  using session::History;
  using session::Map;
  using session::MapCommand;
  Map map(42, {}, 16, 9);
  History history(map.head(), map.heights().size());
  const auto checkpoint = [&] {
    history.checkpoint(map.heights(), map.original(), map.drops() == 0, map.head(),
                       map.rain().state(), map.drops());
  };
  const auto run = [&](const MapCommand& command, bool edit) {
    const uint64_t drops = map.drops();
    const uint32_t seed = map.seed();
    const session::MapSettings before = map.settings();
    map.carry_out(command);
    if (edit) history.begin_edit();
    history.record(command, seed, before, drops);
    if (edit) history.end_edit();
    checkpoint();
  };
  checkpoint();
  run(session::RainDrops{300}, false);
  run(session::SetErosion{0.45}, true);
  run(session::RainDrops{200}, false);
  run(session::SetSeed{7}, false);
  run(session::RainDrops{100}, false);
  session::SavedMap saved = session::saved_history(history, 16, 9);
  saved.window = "{\"scheme\": \"site_dark\", \"zoom\": 2}";
  saved.view.min_flow = 40;  // a river on a map of 144 cells
  const std::vector<uint8_t> file = session::map_file_bytes(saved);
  write(dir / "map.tsmap", std::span<const uint8_t>(file));
  saved.position = {2, 0};  // after the erosion, the rest to redo
  const std::vector<uint8_t> undone = session::map_file_bytes(saved);
  write(dir / "undone.tsmap", std::span<const uint8_t>(undone));
  std::vector<uint8_t> newer = file;
  newer[8] = 2;
  write(dir / "newer.tsmap", std::span<const uint8_t>(newer));
  write(dir / "cut.tsmap", std::span<const uint8_t>(file).first(file.size() - 5));
  std::vector<uint8_t> claims = file;
  claims[16 + 4] = 0xff;  // the first section's raw size, larger than what it holds
  write(dir / "claims.tsmap", std::span<const uint8_t>(claims));
  std::vector<uint8_t> damaged = file;
  damaged[file.size() / 2] ^= 0x40;
  write(dir / "damaged.tsmap", std::span<const uint8_t>(damaged));
}

// --- Grounds to rain on ----------------------------------------------------------------------

// rain_fuzz's input (rain_fuzz.cpp has the layout): a 20-byte header, then the heights.
struct RainInput {
  int door = 0;
  int map_width = 16;  // door 3's map, the file fitted to it
  int map_height = 9;
  // Erosion, deposition, inertia and sea level as shares of their ranges, out of 255: the
  // sketch's defaults 0.3, 0.3, 0.05 and 0.25.
  uint8_t erosion = 77;
  uint8_t deposition = 77;
  uint8_t inertia = 26;
  uint8_t sea_level = 106;
  int brush_radius = 2;
  uint16_t drops = 200;
  uint32_t seed = 42;
  uint8_t flags = 6 << 2;  // crop, the sketch's routing, no stroke
  int stroke_radius = 6;
  uint8_t strength = 128;
  int min_flow = 40;
};

std::vector<uint8_t> rain_input(const RainInput& in, const terrain::Heightfield& ground) {
  std::vector<uint8_t> bytes = {static_cast<uint8_t>(in.door),
                                static_cast<uint8_t>(ground.width() - 2),
                                static_cast<uint8_t>(ground.height() - 2),
                                static_cast<uint8_t>(in.map_width - 2),
                                static_cast<uint8_t>(in.map_height - 2),
                                in.erosion,
                                in.deposition,
                                in.inertia,
                                in.sea_level,
                                static_cast<uint8_t>(in.brush_radius - 1),
                                static_cast<uint8_t>(in.drops & 0xff),
                                static_cast<uint8_t>(in.drops >> 8)};
  for (int k = 0; k < 4; k++) bytes.push_back(static_cast<uint8_t>(in.seed >> (8 * k)));
  bytes.push_back(in.flags);
  bytes.push_back(static_cast<uint8_t>(in.stroke_radius - 1));
  bytes.push_back(in.strength);
  bytes.push_back(static_cast<uint8_t>(in.min_flow - 1));
  const auto* heights = reinterpret_cast<const uint8_t*>(ground.data());
  bytes.insert(bytes.end(), heights, heights + ground.size() * sizeof(float));
  return bytes;
}

// Small grounds the rain runs on as the sketch's would: the island (16 x 9) through each door,
// a slope, a pit and the smallest flat grid, with strokes and both routings. Every height is
// finite and between 0 and 1, as the sketch's are: hostile heights are the fuzzer's to find.
void write_rain(const fs::path& dir) {
  using terrain::Heightfield;
  const Heightfield island = terrain::island_terrain(42, {}, 16, 9);
  const auto file = [&](const char* name, const RainInput& in, const Heightfield& ground) {
    write(dir / name, std::span<const uint8_t>(rain_input(in, ground)));
  };
  file("island_as_it_is.bin", {}, island);
  RainInput raise;
  raise.door = 1;
  raise.flags = 0 << 2;  // raise, smooth falloff
  file("island_map_raise.bin", raise, island);
  RainInput stretched;
  stretched.door = 3;
  stretched.map_width = 24;
  stretched.map_height = 12;
  stretched.flags = 1 | 2 | (5 << 2) | (1 << 5);  // stretch, flood, rain here, linear
  file("island_file_rain_here.bin", stretched, island);

  Heightfield slope(8, 8);
  for (int y = 0; y < 8; y++) {
    for (int x = 0; x < 8; x++) slope.at(x, y) = static_cast<float>(0.9 - 0.1 * x - 0.02 * y);
  }
  RainInput set;
  set.door = 2;
  set.deposition = 255;
  set.brush_radius = 6;
  set.flags = 2 | (2 << 2) | (2 << 5);  // flood, smooth, hard falloff
  file("slope_set_smooth.bin", set, slope);

  Heightfield pit(6, 5, 0.8f);
  pit.at(3, 2) = 0.3f;
  RainInput roughen;
  roughen.door = 1;
  roughen.erosion = 255;
  roughen.inertia = 255;
  roughen.sea_level = 0;
  roughen.flags = 4 << 2;  // roughen
  file("pit_map_roughen.bin", roughen, pit);

  RainInput flat;
  flat.drops = 50;
  file("flat_2x2.bin", flat, Heightfield(2, 2, 0.5f));
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr,
                 "usage: %s CORPUS_DIR (writes CORPUS_DIR/recipe, npy, png, heightmap_png, "
                 "heightmap_exr, heightmap_tiff, map_file and rain)\n",
                 argv[0]);
    return 2;
  }
  try {
    const fs::path root = argv[1];
    for (const char* name : {"recipe", "npy", "png", "heightmap_png", "heightmap_exr",
                             "heightmap_tiff", "map_file", "rain"}) {
      fs::create_directories(root / name);
    }
    write_recipes(root / "recipe");
    write_npys(root / "npy");
    write_pngs(root / "png");
    write_heightmap_pngs(root / "heightmap_png");
    write_heightmap_exrs(root / "heightmap_exr");
    write_heightmap_tiffs(root / "heightmap_tiff");
    write_map_files(root / "map_file");
    write_rain(root / "rain");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_corpus: %s\n", e.what());
    return 1;
  }
  return 0;
}
