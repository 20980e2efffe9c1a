// TIFF heightmaps in memory through libtiff (heightmap_tiff.h): TIFFClientOpenExt with our
// own read/write/seek/size/close procedures over a growing buffer (writing) or the bytes
// (reading), and per-handle error and warning handlers (TIFFOpenOptions, libtiff 4.5), so
// libtiff never prints: its first error becomes the HeightmapError's message, warnings are
// dropped.
//
// Reading: 1 sample per pixel only (a file of more is refused, "3 samples per pixel; a
// heightmap has 1", rather than guessing which sample is the height); float32 and float64
// samples are own heights, uint8/16/32 and int8/16/32 raw values. Strips are read a scan line
// at a time (TIFFReadScanline), tiles a tile at a time (TIFFReadTile), so memory follows what
// decodes: a header claiming a large image over a few bytes fails on its first row. A size
// over kMaxHeightmapSide is refused before anything is read; no single allocation libtiff
// makes may exceed 256 MiB (TIFFOpenOptionsSetMaxSingleMemAlloc).
#include "io/heightmap_tiff.h"

#include <geotiffio.h>
#include <geovalues.h>
#include <tiffio.h>
#include <xtiffio.h>

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

namespace terrain::io {
namespace {

// The bytes libtiff reads or writes, and what went wrong.
struct Memory {
  std::vector<uint8_t>* out = nullptr;  // writing
  std::span<const uint8_t> in;          // reading
  uint64_t pos = 0;
  bool hit_end = false;  // a read asked for bytes past the end
  std::string error;     // libtiff's first error
  uint64_t size() const { return out != nullptr ? out->size() : in.size(); }
};

Memory& memory(thandle_t handle) {
  return *static_cast<Memory*>(handle);
}

tmsize_t read_proc(thandle_t handle, void* buffer, tmsize_t size) {
  Memory& m = memory(handle);
  if (size < 0) return -1;
  const uint64_t total = m.size();
  const uint64_t available = m.pos < total ? total - m.pos : 0;
  const uint64_t n = std::min<uint64_t>(available, static_cast<uint64_t>(size));
  if (n < static_cast<uint64_t>(size)) m.hit_end = true;
  const uint8_t* data = m.out != nullptr ? m.out->data() : m.in.data();
  if (n > 0) std::memcpy(buffer, data + m.pos, static_cast<std::size_t>(n));
  m.pos += n;
  return static_cast<tmsize_t>(n);
}

tmsize_t write_proc(thandle_t handle, void* buffer, tmsize_t size) {
  Memory& m = memory(handle);
  if (m.out == nullptr || size < 0) return -1;
  const std::size_t end = static_cast<std::size_t>(m.pos) + static_cast<std::size_t>(size);
  if (m.out->size() < end) m.out->resize(end);
  if (size > 0) std::memcpy(m.out->data() + m.pos, buffer, static_cast<std::size_t>(size));
  m.pos = end;
  return size;
}

toff_t seek_proc(thandle_t handle, toff_t offset, int whence) {
  Memory& m = memory(handle);
  uint64_t base = 0;
  if (whence == SEEK_CUR) base = m.pos;
  if (whence == SEEK_END) base = m.size();
  // libtiff passes negative offsets for SEEK_CUR/SEEK_END as their two's complement.
  // (a wrap below 0 lands far above any size and is refused with them).
  const uint64_t target = base + offset;
  if (target > (uint64_t{1} << 40)) return toff_t(-1);  // no heightmap is a terabyte
  m.pos = target;
  return target;
}

int close_proc(thandle_t) {
  return 0;
}
toff_t size_proc(thandle_t handle) {
  return memory(handle).size();
}
int map_proc(thandle_t, void**, toff_t*) {
  return 0;
}
void unmap_proc(thandle_t, void*, toff_t) {}

int on_error(TIFF*, void* user_data, const char* module, const char* format, va_list args) {
  Memory& m = *static_cast<Memory*>(user_data);
  if (m.error.empty()) {
    char text[512];
    std::vsnprintf(text, sizeof text, format, args);
    m.error = text;
    if (module != nullptr && *module != '\0' && m.error.find(module) == std::string::npos) {
      m.error = std::string(module) + ": " + m.error;
    }
  }
  return 1;  // handled: libtiff's global handlers (stderr) are not called
}
int on_warning(TIFF*, void*, const char*, const char*, va_list) {
  return 1;
}

struct TiffCloser {
  void operator()(TIFF* tif) const { TIFFClose(tif); }
};
using TiffPtr = std::unique_ptr<TIFF, TiffCloser>;

// Opens the memory with our procedures and handlers.
TiffPtr open(Memory& m, const char* mode) {
  TIFFOpenOptions* options = TIFFOpenOptionsAlloc();
  if (options == nullptr) throw HeightmapError("libtiff: out of memory");
  TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, &m);
  TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, &m);
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, tmsize_t{256} << 20);
  TIFF* tif = TIFFClientOpenExt("heightmap", mode, &m, read_proc, write_proc, seek_proc, close_proc,
                                size_proc, map_proc, unmap_proc, options);
  TIFFOpenOptionsFree(options);
  return TiffPtr(tif);
}

[[noreturn]] void fail(const Memory& m, const std::string& what) {
  const std::string detail = m.error.empty() ? what : m.error;
  if (m.hit_end) throw HeightmapError("truncated (libtiff: " + detail + ")");
  throw HeightmapError("libtiff: " + detail);
}

template <typename T>
T get_or(TIFF* tif, ttag_t tag, T fallback) {
  T value{};
  return TIFFGetField(tif, tag, &value) == 1 ? value : fallback;
}

// Sample i of `raw`, a packed array of T, as float (memcpy: `raw` need not be aligned).
template <typename T>
float sample_as_float(const uint8_t* raw, std::size_t i) {
  T s{};
  std::memcpy(&s, raw + i * sizeof(T), sizeof(T));
  return static_cast<float>(s);
}

// The samples of one row or tile as float; false when a value is not finite.
bool convert(const uint8_t* raw, std::size_t count, uint16_t format, uint16_t bits, float* out) {
  for (std::size_t i = 0; i < count; i++) {
    float v = 0;
    if (format == SAMPLEFORMAT_IEEEFP && bits == 32) {
      v = sample_as_float<float>(raw, i);
    } else if (format == SAMPLEFORMAT_IEEEFP) {
      v = sample_as_float<double>(raw, i);
    } else if (format == SAMPLEFORMAT_INT) {
      if (bits == 8) v = sample_as_float<int8_t>(raw, i);
      if (bits == 16) v = sample_as_float<int16_t>(raw, i);
      if (bits == 32) v = sample_as_float<int32_t>(raw, i);
    } else {
      if (bits == 8) v = sample_as_float<uint8_t>(raw, i);
      if (bits == 16) v = sample_as_float<uint16_t>(raw, i);
      if (bits == 32) v = sample_as_float<uint32_t>(raw, i);
    }
    if (!std::isfinite(v)) return false;
    out[i] = v;
  }
  return true;
}

HeightmapFile read_tiff(Memory& m) {
  TiffPtr owner = open(m, "rm");
  TIFF* tif = owner.get();
  if (tif == nullptr) fail(m, "cannot read the TIFF header");
  const uint32_t width = get_or<uint32_t>(tif, TIFFTAG_IMAGEWIDTH, 0);
  const uint32_t height = get_or<uint32_t>(tif, TIFFTAG_IMAGELENGTH, 0);
  if (width < 1 || height < 1) throw HeightmapError("the image is empty");
  if (width > static_cast<uint32_t>(kMaxHeightmapSide) ||
      height > static_cast<uint32_t>(kMaxHeightmapSide)) {
    throw HeightmapError(std::to_string(width) + " x " + std::to_string(height) +
                         " is larger than a heightmap may be (" +
                         std::to_string(kMaxHeightmapSide) + " on a side)");
  }
  const uint16_t samples = get_or<uint16_t>(tif, TIFFTAG_SAMPLESPERPIXEL, 1);
  if (samples != 1) {
    throw HeightmapError(std::to_string(samples) + " samples per pixel; a heightmap has 1");
  }
  const uint16_t bits = get_or<uint16_t>(tif, TIFFTAG_BITSPERSAMPLE, 1);
  const uint16_t format = get_or<uint16_t>(tif, TIFFTAG_SAMPLEFORMAT, SAMPLEFORMAT_UINT);
  const bool is_float = format == SAMPLEFORMAT_IEEEFP && (bits == 32 || bits == 64);
  const bool is_int = (format == SAMPLEFORMAT_UINT || format == SAMPLEFORMAT_INT) &&
                      (bits == 8 || bits == 16 || bits == 32);
  if (!is_float && !is_int) {
    const char* kind = format == SAMPLEFORMAT_IEEEFP ? "float"
                       : format == SAMPLEFORMAT_INT  ? "signed"
                       : format == SAMPLEFORMAT_UINT ? "unsigned"
                                                     : "other";
    throw HeightmapError(std::to_string(bits) + "-bit " + kind +
                         " samples are not supported (float32/64, int8/16/32, uint8/16/32 are)");
  }
  const std::size_t sample_bytes = bits / 8u;
  const std::size_t w = width;
  std::vector<float> values;
  const char* not_finite = "a height is not finite (NaN or infinity)";

  if (TIFFIsTiled(tif)) {
    const uint32_t tw = get_or<uint32_t>(tif, TIFFTAG_TILEWIDTH, 0);
    const uint32_t th = get_or<uint32_t>(tif, TIFFTAG_TILELENGTH, 0);
    if (tw < 1 || th < 1 || tw > static_cast<uint32_t>(kMaxHeightmapSide) ||
        th > static_cast<uint32_t>(kMaxHeightmapSide)) {
      throw HeightmapError("tiles of " + std::to_string(tw) + " x " + std::to_string(th) +
                           " are not supported");
    }
    // A tile is read whole: no more than 64 MiB (4096 x 4096 float32), whatever the file's
    // size, so that a tiny file cannot claim tiles of gigabytes.
    if (uint64_t{tw} * th * sample_bytes > (uint64_t{64} << 20)) {
      throw HeightmapError("tiles of " + std::to_string(tw) + " x " + std::to_string(th) +
                           " are larger than a heightmap needs");
    }
    const tmsize_t tile_size = TIFFTileSize(tif);
    if (tile_size <= 0 || static_cast<uint64_t>(tile_size) < uint64_t{tw} * th * sample_bytes) {
      fail(m, "bad tile size");
    }
    std::vector<uint8_t> tile(static_cast<std::size_t>(tile_size));
    for (uint32_t y0 = 0; y0 < height; y0 += th) {
      const uint32_t rows = std::min(th, height - y0);
      values.resize((static_cast<std::size_t>(y0) + rows) * w);
      for (uint32_t x0 = 0; x0 < width; x0 += tw) {
        if (TIFFReadTile(tif, tile.data(), x0, y0, 0, 0) < 0) fail(m, "cannot read a tile");
        const uint32_t cols = std::min(tw, width - x0);
        for (uint32_t r = 0; r < rows; r++) {
          const uint8_t* src = tile.data() + static_cast<std::size_t>(r) * tw * sample_bytes;
          float* dst = values.data() + (static_cast<std::size_t>(y0) + r) * w + x0;
          if (!convert(src, cols, format, bits, dst)) throw HeightmapError(not_finite);
        }
      }
    }
  } else {
    const tmsize_t line_size = TIFFScanlineSize(tif);
    if (line_size <= 0 || static_cast<uint64_t>(line_size) < w * sample_bytes) {
      fail(m, "bad scan line size");
    }
    std::vector<uint8_t> line(static_cast<std::size_t>(line_size));
    for (uint32_t y = 0; y < height; y++) {
      if (TIFFReadScanline(tif, line.data(), y, 0) < 0) fail(m, "cannot read a scan line");
      values.resize((static_cast<std::size_t>(y) + 1) * w);
      if (!convert(line.data(), w, format, bits, values.data() + static_cast<std::size_t>(y) * w)) {
        throw HeightmapError(not_finite);
      }
    }
  }
  return HeightmapFile{
      Heightfield(static_cast<int>(width), static_cast<int>(height), std::move(values)), is_float};
}

}  // namespace

namespace {

// The GeoTIFF tags and keys of a local grid in metres (see heightmap_tiff.h), on a TIFF being
// written, before its first scan line. False if libtiff or libgeotiff refuses one.
bool set_geo_tags(TIFF* tif, uint32_t rows, const RealUnits& units) {
  const double scale[3] = {units.cell_size, units.cell_size, 0};
  // Raster (0, 0, 0), the top-left corner of the top-left cell, at model (0, north edge, 0).
  const double tiepoint[6] = {0, 0, 0, 0, rows * units.cell_size, 0};
  if (TIFFSetField(tif, TIFFTAG_GEOPIXELSCALE, 3, scale) != 1 ||
      TIFFSetField(tif, TIFFTAG_GEOTIEPOINTS, 6, tiepoint) != 1) {
    return false;
  }
  GTIF* keys = GTIFNew(tif);
  if (keys == nullptr) return false;
  const bool set =
      GTIFKeySet(keys, GTModelTypeGeoKey, TYPE_SHORT, 1, KvUserDefined) == 1 &&
      GTIFKeySet(keys, GTRasterTypeGeoKey, TYPE_SHORT, 1, RasterPixelIsArea) == 1 &&
      GTIFKeySet(keys, GTCitationGeoKey, TYPE_ASCII, 0,
                 "Terrain Sandbox: a local grid in metres, not a place on Earth") == 1 &&
      GTIFKeySet(keys, ProjLinearUnitsGeoKey, TYPE_SHORT, 1, Linear_Meter) == 1 &&
      GTIFKeySet(keys, VerticalUnitsGeoKey, TYPE_SHORT, 1, Linear_Meter) == 1 &&
      GTIFWriteKeys(keys) == 1;
  GTIFFree(keys);
  return set;
}

// The float32 TIFF of `field`, with the GeoTIFF tags of `units` when given.
std::vector<uint8_t> encode_float_tiff(const Heightfield& field, const RealUnits* units) {
  if (field.width() < 1 || field.height() < 1) throw HeightmapError("an empty field");
  for (float v : field.values()) {
    if (!std::isfinite(v)) throw HeightmapError("a height is not finite (NaN or infinity)");
  }
  std::vector<uint8_t> out;
  Memory m;
  m.out = &out;
  {
    TiffPtr owner = open(m, "w");
    TIFF* tif = owner.get();
    if (tif == nullptr) fail(m, "cannot start a TIFF");
    const uint32_t width = static_cast<uint32_t>(field.width());
    const uint32_t height = static_cast<uint32_t>(field.height());
    // Strips of about 64 KiB of samples.
    const uint32_t rows_per_strip =
        static_cast<uint32_t>(std::clamp<uint64_t>(65536u / (uint64_t{width} * 4u), 1u, height));
    const bool set =
        TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, width) == 1 &&
        TIFFSetField(tif, TIFFTAG_IMAGELENGTH, height) == 1 &&
        TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, uint16_t{1}) == 1 &&
        TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, uint16_t{32}) == 1 &&
        TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, uint16_t{SAMPLEFORMAT_IEEEFP}) == 1 &&
        TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, uint16_t{PHOTOMETRIC_MINISBLACK}) == 1 &&
        TIFFSetField(tif, TIFFTAG_PLANARCONFIG, uint16_t{PLANARCONFIG_CONTIG}) == 1 &&
        TIFFSetField(tif, TIFFTAG_COMPRESSION, uint16_t{COMPRESSION_ADOBE_DEFLATE}) == 1 &&
        // The floating-point predictor (TIFF Technical Note 3): each row's float bytes split
        // into planes and differenced, which Deflate packs far better (GDAL's PREDICTOR=3).
        TIFFSetField(tif, TIFFTAG_PREDICTOR, uint16_t{PREDICTOR_FLOATINGPOINT}) == 1 &&
        TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, rows_per_strip) == 1;
    if (!set) fail(m, "cannot set the TIFF's fields");
    if (units != nullptr && !set_geo_tags(tif, height, *units)) {
      fail(m, "cannot set the GeoTIFF's tags");
    }
    std::vector<float> row(width);
    for (uint32_t y = 0; y < height; y++) {
      // TIFFWriteScanline may change the buffer (byte swapping), so it gets a copy.
      std::memcpy(row.data(), field.data() + static_cast<std::size_t>(y) * width,
                  width * sizeof(float));
      if (TIFFWriteScanline(tif, row.data(), y, 0) < 0) fail(m, "cannot write a scan line");
    }
    if (TIFFWriteDirectory(tif) != 1) fail(m, "cannot write the TIFF directory");
  }
  if (!m.error.empty()) fail(m, m.error);
  return out;
}

}  // namespace

std::vector<uint8_t> encode_tiff(const Heightfield& field) {
  return encode_float_tiff(field, nullptr);
}

std::vector<uint8_t> encode_geotiff(const Heightfield& metres, const RealUnits& units) {
  if (!units.given()) throw HeightmapError("a GeoTIFF needs a cell size and a height scale");
  // libtiff learns the GeoTIFF tags' types from libgeotiff's tag extender, which
  // XTIFFInitialize installs (once, for the process) before any TIFF is opened with them.
  static std::once_flag geotiff_tags;
  std::call_once(geotiff_tags, XTIFFInitialize);
  return encode_float_tiff(metres, &units);
}

HeightmapFile decode_tiff(std::span<const uint8_t> bytes) {
  if (bytes.empty()) throw HeightmapError("not a TIFF file (no bytes)");
  const bool little = bytes.size() >= 4 && bytes[0] == 'I' && bytes[1] == 'I' &&
                      (bytes[2] == 42 || bytes[2] == 43) && bytes[3] == 0;
  const bool big = bytes.size() >= 4 && bytes[0] == 'M' && bytes[1] == 'M' && bytes[2] == 0 &&
                   (bytes[3] == 42 || bytes[3] == 43);
  if (!little && !big) throw HeightmapError("not a TIFF file");
  Memory m;
  m.in = bytes;
  try {
    return read_tiff(m);
  } catch (const std::bad_alloc&) {
    throw HeightmapError("out of memory");
  }
}

}  // namespace terrain::io
