// OpenEXR heightmaps in memory (heightmap_exr.h): a custom Imf::OStream into a vector for
// writing, a custom Imf::IStream over the bytes for reading.
//
// Reading refuses, before the library allocates anything for them: a data window that is
// empty or wider or taller than kMaxHeightmapSide; a file shorter than the table of chunk
// offsets its header implies (8 bytes for every chunk, which a whole file always has, so a
// tiny file cannot make OpenEXR allocate an offset table of gigabytes); multi-part and deep
// files. The heights are then read a band of rows at a time, so a file whose pixel data is
// missing fails on its first band without a whole field's memory. No worker threads (every
// file object is made with 0 threads): the result does not depend on a thread pool.
#include "io/heightmap_exr.h"

#include <Iex.h>
#include <ImfChannelList.h>
#include <ImfCompression.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfIO.h>
#include <ImfInputFile.h>
#include <ImfOutputFile.h>
#include <ImfTileDescription.h>
#include <ImfVersion.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <utility>

namespace terrain::io {
namespace {

// Writes into a growing vector; seekp may go back (OpenEXR writes the offset table last).
class VectorOStream final : public Imf::OStream {
 public:
  explicit VectorOStream(std::vector<uint8_t>& out) : Imf::OStream("heightmap"), out_(out) {}
  void write(const char c[], int n) override {
    const std::size_t count = static_cast<std::size_t>(n);
    if (out_.size() < pos_ + count) out_.resize(pos_ + count);
    std::memcpy(out_.data() + pos_, c, count);
    pos_ += count;
  }
  uint64_t tellp() override { return pos_; }
  void seekp(uint64_t pos) override { pos_ = static_cast<std::size_t>(pos); }

 private:
  std::vector<uint8_t>& out_;
  std::size_t pos_ = 0;
};

// Reads the span; a read past its end throws (as OpenEXR's own file stream does) and is
// remembered, so that the error can be called "truncated".
class SpanIStream final : public Imf::IStream {
 public:
  explicit SpanIStream(std::span<const uint8_t> bytes) : Imf::IStream("heightmap"), bytes_(bytes) {}
  bool read(char c[], int n) override {
    const std::size_t count = static_cast<std::size_t>(n);
    if (n < 0 || pos_ > bytes_.size() || bytes_.size() - pos_ < count) {
      hit_end_ = true;
      throw Iex::InputExc("unexpected end of file");
    }
    if (count > 0) std::memcpy(c, bytes_.data() + pos_, count);
    pos_ += count;
    return pos_ < bytes_.size();
  }
  uint64_t tellg() override { return pos_; }
  void seekg(uint64_t pos) override {
    pos_ = static_cast<std::size_t>(std::min<uint64_t>(pos, bytes_.size() + 1));
  }
  bool hit_end() const { return hit_end_; }

 private:
  std::span<const uint8_t> bytes_;
  std::size_t pos_ = 0;
  bool hit_end_ = false;
};

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

// Scan lines in one chunk of each compression (OpenEXR's own table).
int64_t lines_per_chunk(Imf::Compression compression) {
  switch (compression) {
    case Imf::ZIP_COMPRESSION:
    case Imf::PXR24_COMPRESSION:
      return 16;
    case Imf::PIZ_COMPRESSION:
    case Imf::B44_COMPRESSION:
    case Imf::B44A_COMPRESSION:
    case Imf::DWAA_COMPRESSION:
      return 32;
    case Imf::DWAB_COMPRESSION:
      return 256;
    default:
      return 1;
  }
}

// Number of levels and a level's size, as OpenEXR computes them.
int level_count(int64_t size, Imf::LevelRoundingMode rounding) {
  int levels = 1;
  if (rounding == Imf::ROUND_UP) {
    while ((int64_t{1} << (levels - 1)) < size) levels++;
  } else {
    while ((size >> levels) > 0) levels++;
  }
  return levels;
}
int64_t level_size(int64_t size, int level, Imf::LevelRoundingMode rounding) {
  const int64_t rounded =
      rounding == Imf::ROUND_UP ? (size + (int64_t{1} << level) - 1) >> level : size >> level;
  return std::max<int64_t>(rounded, 1);
}

// How many chunks (tiles) a tiled image of w x h has over all its levels.
int64_t tile_count(const Imf::TileDescription& tiles, int64_t w, int64_t h) {
  const int64_t tx = tiles.xSize;
  const int64_t ty = tiles.ySize;
  const Imf::LevelRoundingMode rounding = tiles.roundingMode;
  int64_t count = 0;
  switch (tiles.mode) {
    case Imf::ONE_LEVEL:
      return ceil_div(w, tx) * ceil_div(h, ty);
    case Imf::MIPMAP_LEVELS: {
      const int levels = level_count(std::max(w, h), rounding);
      for (int l = 0; l < levels; l++) {
        count +=
            ceil_div(level_size(w, l, rounding), tx) * ceil_div(level_size(h, l, rounding), ty);
      }
      return count;
    }
    case Imf::RIPMAP_LEVELS: {
      const int x_levels = level_count(w, rounding);
      const int y_levels = level_count(h, rounding);
      for (int ly = 0; ly < y_levels; ly++) {
        for (int lx = 0; lx < x_levels; lx++) {
          count +=
              ceil_div(level_size(w, lx, rounding), tx) * ceil_div(level_size(h, ly, rounding), ty);
        }
      }
      return count;
    }
    default:
      throw HeightmapError("unknown tile level mode");
  }
}

// Walks the header's attributes (name, type, 4-byte size, value) as OpenEXR's Header::readFrom
// reads them, without allocating: OpenEXR allocates a buffer of an attribute's size (up to
// 2 GiB) before finding the file short, so an attribute whose value runs past the end of the
// bytes is refused here. OpenEXR does not always consume `size` bytes: the fixed-size types
// read their own size whatever the field says, a channel list reads entries until an empty
// name, a preview reads its width x height RGBA pixels; the walk follows it exactly so that
// it finds the sizes where OpenEXR will.
uint32_t le32(std::span<const uint8_t> bytes, std::size_t at) {
  uint32_t v = 0;
  std::memcpy(&v, bytes.data() + at, 4);
  return v;
}

// The bytes a fixed-size attribute type's value takes, or 0 for other types.
std::size_t fixed_value_size(std::string_view type) {
  static constexpr std::pair<std::string_view, std::size_t> kSizes[] = {
      {"box2i", 16},      {"box2f", 16},   {"chromaticities", 32},
      {"compression", 1}, {"double", 8},   {"envmap", 1},
      {"float", 4},       {"int", 4},      {"keycode", 28},
      {"lineOrder", 1},   {"m33f", 36},    {"m33d", 72},
      {"m44f", 64},       {"m44d", 128},   {"rational", 8},
      {"tiledesc", 9},    {"timecode", 8}, {"v2i", 8},
      {"v2f", 8},         {"v2d", 16},     {"v3i", 12},
      {"v3f", 12},        {"v3d", 24},     {"deepImageState", 1}};
  for (const auto& [name, size] : kSizes) {
    if (name == type) return size;
  }
  return 0;
}

void check_attribute_sizes(std::span<const uint8_t> bytes) {
  std::size_t at = 8;
  auto need = [&](std::size_t n, const char* what) {
    if (at > bytes.size() || bytes.size() - at < n) {
      throw HeightmapError(std::string("truncated (in ") + what + ")");
    }
  };
  // A name as Xdr reads it: up to its NUL; returns it.
  auto name = [&](const char* what) {
    const std::size_t start = at;
    while (at < bytes.size() && bytes[at] != 0) at++;
    need(1, what);
    at++;
    return std::string_view(reinterpret_cast<const char*>(bytes.data()) + start, at - 1 - start);
  };
  for (;;) {
    if (name("an attribute's name").empty()) return;  // the empty name that ends the header
    const std::string_view type = name("an attribute's type");
    need(4, "an attribute's size");
    const int32_t size = static_cast<int32_t>(le32(bytes, at));
    at += 4;
    if (size < 0) throw HeightmapError("an attribute's size is negative");
    const std::size_t fixed = fixed_value_size(type);
    if (fixed > 0) {
      need(fixed, "an attribute");
      at += fixed;
    } else if (type == "chlist") {
      while (!name("a channel's name").empty()) {
        need(16, "a channel");
        at += 16;
      }
    } else if (type == "preview") {
      need(8, "a preview image");
      const uint64_t pixel_bytes = uint64_t{le32(bytes, at)} * le32(bytes, at + 4) * 4;
      at += 8;
      if (pixel_bytes > bytes.size() - at) throw HeightmapError("truncated (in a preview image)");
      at += static_cast<std::size_t>(pixel_bytes);
    } else if (type == "floatvector") {
      need(static_cast<std::size_t>(size) / 4 * 4, "an attribute");
      at += static_cast<std::size_t>(size) / 4 * 4;
    } else {  // string, stringvector, opaque (unknown) types ...: `size` bytes
      if (static_cast<std::size_t>(size) > bytes.size() - at) {
        throw HeightmapError("truncated: an attribute of " + std::to_string(size) +
                             " bytes where " + std::to_string(bytes.size() - at) + " are left");
      }
      at += static_cast<std::size_t>(size);
    }
  }
}

int64_t bytes_per_pixel(const Imf::ChannelList& channels) {
  int64_t bytes = 0;
  for (auto c = channels.begin(); c != channels.end(); ++c) {
    bytes += c.channel().type == Imf::HALF ? 2 : 4;
  }
  return bytes;
}

// The most one chunk, tile or row of tiles of all the channels may hold uncompressed: what
// OpenEXR allocates for it whatever the file's size (a heightmap's 16384-wide float chunk is
// at most 16 MiB).
constexpr int64_t kMaxChunkBytes = int64_t{256} << 20;

// What the header says, checked before InputFile (which allocates the offset table) sees it.
void check_header(std::span<const uint8_t> bytes, SpanIStream& stream) {
  char magic_and_version[8];
  stream.read(magic_and_version, 8);
  int version = 0;
  std::memcpy(&version, magic_and_version + 4, 4);  // little-endian, as the file is
  if (Imf::isMultiPart(version)) throw HeightmapError("multi-part OpenEXR files are not supported");
  if (Imf::isNonImage(version)) throw HeightmapError("deep OpenEXR files are not supported");
  check_attribute_sizes(bytes);
  Imf::Header header;
  header.readFrom(stream, version);
  const Imath::Box2i window = header.dataWindow();
  const int64_t w = int64_t{window.max.x} - window.min.x + 1;
  const int64_t h = int64_t{window.max.y} - window.min.y + 1;
  if (w < 1 || h < 1) throw HeightmapError("the data window is empty");
  if (w > kMaxHeightmapSide || h > kMaxHeightmapSide) {
    throw HeightmapError(std::to_string(w) + " x " + std::to_string(h) +
                         " is larger than a heightmap may be (" +
                         std::to_string(kMaxHeightmapSide) + " on a side)");
  }
  if (header.channels().begin() == header.channels().end()) {
    throw HeightmapError("the file has no channels");
  }
  const int64_t pixel_bytes = bytes_per_pixel(header.channels());
  int64_t chunks = 0;
  int64_t chunk_bytes = 0;
  if (Imf::isTiled(version)) {
    if (!header.hasTileDescription()) throw HeightmapError("a tiled file without tiles");
    const Imf::TileDescription& tiles = header.tileDescription();
    if (tiles.xSize < 1 || tiles.ySize < 1 || tiles.xSize > kMaxHeightmapSide ||
        tiles.ySize > kMaxHeightmapSide) {
      throw HeightmapError("tiles of " + std::to_string(tiles.xSize) + " x " +
                           std::to_string(tiles.ySize) + " are not supported");
    }
    chunks = tile_count(tiles, w, h);
    // A tile, and the row of tiles InputFile caches to give scan lines.
    chunk_bytes = std::max<int64_t>(tiles.xSize, w) * tiles.ySize * pixel_bytes;
  } else {
    chunks = ceil_div(h, lines_per_chunk(header.compression()));
    chunk_bytes = w * lines_per_chunk(header.compression()) * pixel_bytes;
  }
  if (chunk_bytes > kMaxChunkBytes) {
    throw HeightmapError("chunks of " + std::to_string(chunk_bytes >> 20) + " MiB (" +
                         std::to_string(pixel_bytes) +
                         " bytes a pixel over all channels) are more than a heightmap needs");
  }
  if (static_cast<uint64_t>(chunks) * 8 > bytes.size()) {
    throw HeightmapError("truncated: " + std::to_string(w) + " x " + std::to_string(h) +
                         " needs a table of " + std::to_string(chunks) + " chunk offsets");
  }
}

HeightmapFile read_exr(std::span<const uint8_t> bytes, SpanIStream& stream) {
  check_header(bytes, stream);
  stream.seekg(0);
  Imf::InputFile file(stream, 0);
  const Imf::Header& header = file.header();
  const Imath::Box2i window = header.dataWindow();
  const int width = window.max.x - window.min.x + 1;
  const int height = window.max.y - window.min.y + 1;

  // Y, else R, else the first.
  const Imf::ChannelList& channels = header.channels();
  Imf::ChannelList::ConstIterator chosen = channels.find("Y");
  if (chosen == channels.end()) chosen = channels.find("R");
  if (chosen == channels.end()) chosen = channels.begin();
  if (chosen == channels.end()) throw HeightmapError("the file has no channels");
  if (chosen.channel().xSampling != 1 || chosen.channel().ySampling != 1) {
    throw HeightmapError(std::string("channel ") + chosen.name() +
                         " is subsampled; a heightmap needs every pixel");
  }
  const std::string name = chosen.name();

  // A band of rows at a time (about a million pixels), so memory follows what decodes.
  const int band = std::clamp((1 << 20) / width, 1, height);
  std::vector<float> values;
  for (int y0 = 0; y0 < height; y0 += band) {
    const int rows = std::min(band, height - y0);
    values.resize(static_cast<std::size_t>(y0 + rows) * static_cast<std::size_t>(width));
    float* first = values.data() + static_cast<std::size_t>(y0) * static_cast<std::size_t>(width);
    Imf::FrameBuffer frame;
    frame.insert(name,
                 Imf::Slice::Make(Imf::FLOAT, first, Imath::V2i(window.min.x, window.min.y + y0),
                                  width, rows, sizeof(float), sizeof(float) * width));
    file.setFrameBuffer(frame);
    file.readPixels(window.min.y + y0, window.min.y + y0 + rows - 1);
  }
  for (float v : values) {
    if (!std::isfinite(v)) throw HeightmapError("a height is not finite (NaN or infinity)");
  }
  return HeightmapFile{Heightfield(width, height, std::move(values)), true};
}

}  // namespace

std::vector<uint8_t> encode_exr(const Heightfield& field) {
  if (field.width() < 1 || field.height() < 1) throw HeightmapError("an empty field");
  for (float v : field.values()) {
    if (!std::isfinite(v)) throw HeightmapError("a height is not finite (NaN or infinity)");
  }
  std::vector<uint8_t> out;
  try {
    Imf::Header header(field.width(), field.height());
    header.compression() = Imf::ZIP_COMPRESSION;
    header.channels().insert("Y", Imf::Channel(Imf::FLOAT));
    VectorOStream stream(out);
    Imf::OutputFile file(stream, header, 0);
    Imf::FrameBuffer frame;
    // OpenEXR's slices take a char* even for writing; it only reads through it.
    char* base = reinterpret_cast<char*>(const_cast<float*>(field.data()));
    frame.insert("Y", Imf::Slice(Imf::FLOAT, base, sizeof(float),
                                 sizeof(float) * static_cast<std::size_t>(field.width())));
    file.setFrameBuffer(frame);
    file.writePixels(field.height());
  } catch (const std::exception& e) {
    throw HeightmapError(std::string("OpenEXR: ") + e.what());
  }
  return out;
}

HeightmapFile decode_exr(std::span<const uint8_t> bytes) {
  if (bytes.empty()) throw HeightmapError("not an OpenEXR file (no bytes)");
  if (bytes.size() < 4 || !Imf::isImfMagic(reinterpret_cast<const char*>(bytes.data()))) {
    throw HeightmapError("not an OpenEXR file");
  }
  SpanIStream stream(bytes);
  try {
    return read_exr(bytes, stream);
  } catch (const HeightmapError&) {
    throw;
  } catch (const std::exception& e) {
    // Iex::BaseExc is a std::exception.
    if (stream.hit_end())
      throw HeightmapError(std::string("truncated (OpenEXR: ") + e.what() + ")");
    throw HeightmapError(std::string("OpenEXR: ") + e.what());
  } catch (...) {
    throw HeightmapError("OpenEXR failed");
  }
}

}  // namespace terrain::io
