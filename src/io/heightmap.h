// Heightmaps in and out: the heights of a ground as the files terrain tools trade, each
// through the maintained library made for it.
//
//   .png   16-bit grayscale (libpng, heightmap_png.h): value = round((h - min) / (max - min)
//          * 65535), min and max the field's own, written into the file as a text chunk so
//          the project reads its own files back to the same heights within 1/65535 of the
//          range; foreign PNGs of 8 or 16 bits, gray or colour (as luminance), are read too
//   .r16   the same 16-bit values as little-endian words, row 0 first (written only)
//   .exr   one float32 channel, the exact heights (OpenEXR, heightmap_exr.h)
//   .tif   one float32 sample per pixel, the exact heights (libtiff, heightmap_tiff.h)
//   .npy   float32 as terrain-cli writes it (npy.h); read as float32, float64, uint8, uint16,
//          int16 or int32, 2-D
//
// Real units (RealUnits, when given): the float formats (.exr, .tif, .npy) hold the heights in
// metres, height x height_scale; the TIFF becomes a GeoTIFF whose pixels are cell_size metres
// square on a local grid (heightmap_tiff.h); .png and .r16 are unchanged (their 16-bit values
// are relative to the range whatever its unit). Without them every file is as before, byte for
// byte.
//
// Every encoder and decoder works on bytes in memory, so that files are written whole or not
// at all (atomic_file.h) and every reader can be fuzzed on its bytes alone.
//
// Errors: a decoder throws HeightmapError whose message says what is wrong with the bytes in
// words ("truncated", "not a PNG", "16-bit RGB with alpha is not supported" ...), never
// naming a file (read_heightmap() puts the file's name in front). A header that claims more
// than kMaxHeightmapSide on a side is refused before anything is allocated; values that are
// not finite are refused.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/heightfield.h"

namespace terrain::io {

// The largest side a heightmap file may have (a header claiming more is refused before
// allocating).
inline constexpr int kMaxHeightmapSide = 16384;
// The most bytes a heightmap file may have, checked before it is read: the largest grid of the
// widest sample any format here holds (a float64 .npy of kMaxHeightmapSide on a side) and a
// mebibyte of headers and metadata.
inline constexpr uint64_t kMaxHeightmapFileBytes =
    uint64_t{kMaxHeightmapSide} * kMaxHeightmapSide * 8 + (uint64_t{1} << 20);

class HeightmapError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class HeightmapFormat { png, r16, exr, tiff, npy };

// The format a path's extension names (.png, .r16, .exr, .tif or .tiff, .npy; any case), or
// nullopt.
std::optional<HeightmapFormat> heightmap_format_for(const std::filesystem::path& path);
// "png", "r16", "exr", "tiff", "npy".
std::string_view heightmap_format_name(HeightmapFormat format);
// The extensions written and read, for messages: ".png, .r16, .exr, .tif or .npy".
std::string heightmap_extensions();

// A field's heights as a file holds them.
struct HeightmapFile {
  Heightfield heights;  // width x height float32, row 0 at the top
  // True when the file gives its own heights: the range of a PNG this project wrote, the
  // floats of EXR, TIFF and float .npy. Else the values are the file's raw samples (0..255,
  // 0..65535, a luminance ...) and an import scales them to 0..1.
  bool own_heights = false;
};

// How big the map is on the ground, for files read by GIS and 3D tools: terrain-cli's
// --cell-size and --height-scale, and what the app's Output section passes. Both or neither.
struct RealUnits {
  double cell_size = 0;     // metres a cell is wide (and tall); 0: not given
  double height_scale = 0;  // metres a height of 1 stands (heights 0..1 become 0..this)
  bool given() const { return cell_size > 0 && height_scale > 0; }
};
// The largest of each, in metres: 100 km cells, heights of 1 scaled to 100 km.
inline constexpr double kMaxCellSize = 100'000;
inline constexpr double kMaxHeightScale = 100'000;
// Throws HeightmapError unless `units` is not given at all (both 0) or both are finite, above
// 0 and at most their maximum.
void check_real_units(const RealUnits& units);
// `field` in metres: each height float(double(h) * units.height_scale).
Heightfield in_metres(const Heightfield& field, const RealUnits& units);

// The 16-bit values of a field: round((h - min) / (max - min) * 65535), and the range (for a
// flat field, max == min and every value 0).
struct Quantized16 {
  std::vector<uint16_t> values;  // width * height, row 0 first
  float min = 0;
  float max = 0;
};
// Precondition: every height finite (HeightmapError if not).
Quantized16 quantize16(const Heightfield& field);

// The bytes of `field` in `format`, in real units when `units` are given (see above). Throws
// HeightmapError when a height is not finite or the units are out of range.
std::vector<uint8_t> encode_heightmap(const Heightfield& field, HeightmapFormat format,
                                      const RealUnits& units = {});
// Reads a heightmap's bytes in `format` (not r16: a raw file says neither its size nor its
// range). Throws HeightmapError saying what is wrong.
HeightmapFile decode_heightmap(std::span<const uint8_t> bytes, HeightmapFormat format);

// Writes `field` to `path` in the format of its extension, whole or not at all, never over an
// existing file (io::WriteMode::never_overwrite) unless `replace`. Throws HeightmapError for
// an extension that names no format, std::runtime_error naming the path for the file system.
void write_heightmap(const std::filesystem::path& path, const Heightfield& field,
                     bool replace = false);
// Reads the heightmap at `path` by its extension. Throws HeightmapError whose message starts
// with the path: "FILE: what is wrong". Only a regular file up to kMaxHeightmapFileBytes is read
// (atomic_file.h's read_file): "FILE: it is a FIFO (a named pipe), not a file".
HeightmapFile read_heightmap(const std::filesystem::path& path);

}  // namespace terrain::io
