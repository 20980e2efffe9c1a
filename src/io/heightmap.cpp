// Heightmaps in and out (heightmap.h): the formats by extension, the 16-bit quantization the
// PNG and the R16 share, R16 itself, .npy grids of any dtype, and the files.
#include "io/heightmap.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#include "core/enum_names.h"
#include "io/atomic_file.h"
#include "io/heightmap_exr.h"
#include "io/heightmap_png.h"
#include "io/heightmap_tiff.h"
#include "io/npy.h"

namespace terrain::io {
namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

void check_finite(const Heightfield& field) {
  for (std::size_t i = 0; i < field.size(); i++) {
    const float h = field.data()[i];
    if (!std::isfinite(h)) {
      const auto x = static_cast<int>(i % static_cast<std::size_t>(field.width()));
      const auto y = static_cast<int>(i / static_cast<std::size_t>(field.width()));
      throw HeightmapError("the height at column " + std::to_string(x) + ", row " +
                           std::to_string(y) + " is not finite");
    }
  }
}

// R16: the quantized values as little-endian 16-bit words, row 0 first, nothing else.
std::vector<uint8_t> encode_r16(const Heightfield& field) {
  const Quantized16 q = quantize16(field);
  std::vector<uint8_t> bytes(q.values.size() * 2);
  for (std::size_t i = 0; i < q.values.size(); i++) {
    bytes[2 * i] = static_cast<uint8_t>(q.values[i] & 0xff);
    bytes[2 * i + 1] = static_cast<uint8_t>(q.values[i] >> 8);
  }
  return bytes;
}

// A 2-D .npy grid of any dtype it reads, as heights: floats as their own heights, integers
// as raw values.
HeightmapFile decode_npy_heightmap(std::span<const uint8_t> bytes) {
  NpyArray array;
  try {
    array = decode_npy(std::as_bytes(bytes));
  } catch (const NpyError& e) {
    throw HeightmapError(e.what());
  }
  if (array.width < 1 || array.height < 1 || array.width > kMaxHeightmapSide ||
      array.height > kMaxHeightmapSide) {
    throw HeightmapError("is " + std::to_string(array.width) + " x " +
                         std::to_string(array.height) + " cells; 1 to " +
                         std::to_string(kMaxHeightmapSide) + " on a side are allowed");
  }
  HeightmapFile file;
  file.heights = Heightfield(array.width, array.height);
  float* out = file.heights.data();
  auto copy = [&](const auto& values) {
    for (std::size_t i = 0; i < values.size(); i++) out[i] = static_cast<float>(values[i]);
  };
  switch (array.dtype) {
    case NpyDtype::float32:
      copy(npy_values<float>(array));
      file.own_heights = true;
      break;
    case NpyDtype::float64:
      copy(npy_values<double>(array));
      file.own_heights = true;
      break;
    case NpyDtype::uint8:
      copy(npy_values<uint8_t>(array));
      break;
    case NpyDtype::uint16:
      copy(npy_values<uint16_t>(array));
      break;
    case NpyDtype::int16:
      copy(npy_values<int16_t>(array));
      break;
    case NpyDtype::int32:
      copy(npy_values<int32_t>(array));
      break;
    case NpyDtype::uint32:
      copy(npy_values<uint32_t>(array));
      break;
  }
  check_finite(file.heights);
  return file;
}

}  // namespace

std::optional<HeightmapFormat> heightmap_format_for(const std::filesystem::path& path) {
  const std::string ext = lower(path.extension().string());
  if (ext == ".png") return HeightmapFormat::png;
  if (ext == ".r16" || ext == ".raw") return HeightmapFormat::r16;  // .raw: Unity's name
  if (ext == ".exr") return HeightmapFormat::exr;
  if (ext == ".tif" || ext == ".tiff") return HeightmapFormat::tiff;
  if (ext == ".npy") return HeightmapFormat::npy;
  return std::nullopt;
}

constexpr EnumName<HeightmapFormat> kHeightmapFormatNames[] = {{HeightmapFormat::png, "png"},
                                                               {HeightmapFormat::r16, "r16"},
                                                               {HeightmapFormat::exr, "exr"},
                                                               {HeightmapFormat::tiff, "tiff"},
                                                               {HeightmapFormat::npy, "npy"}};

std::string_view heightmap_format_name(HeightmapFormat format) {
  return enum_name(kHeightmapFormatNames, format, "?");
}

std::string heightmap_extensions() {
  return ".png, .r16, .exr, .tif or .npy";
}

Quantized16 quantize16(const Heightfield& field) {
  check_finite(field);
  Quantized16 q;
  q.values.resize(field.size());
  if (field.size() == 0) return q;
  const auto [lo, hi] = std::minmax_element(field.data(), field.data() + field.size());
  q.min = *lo;
  q.max = *hi;
  // In double: (h - min) / (max - min) * 65535, rounded to nearest; a flat field is all 0.
  const double range = static_cast<double>(q.max) - static_cast<double>(q.min);
  for (std::size_t i = 0; i < field.size(); i++) {
    const double t = range > 0 ? (static_cast<double>(field.data()[i]) - q.min) / range : 0.0;
    q.values[i] = static_cast<uint16_t>(std::lround(std::clamp(t, 0.0, 1.0) * 65535.0));
  }
  return q;
}

void check_real_units(const RealUnits& units) {
  if (units.cell_size == 0 && units.height_scale == 0) return;
  const auto ok = [](double v, double most) { return std::isfinite(v) && v > 0 && v <= most; };
  if (!ok(units.cell_size, kMaxCellSize) || !ok(units.height_scale, kMaxHeightScale)) {
    throw HeightmapError(
        "real units need a cell size above 0 up to 100000 m and a height scale "
        "above 0 up to 100000 m (both, or neither)");
  }
}

Heightfield in_metres(const Heightfield& field, const RealUnits& units) {
  Heightfield metres(field.width(), field.height());
  for (std::size_t i = 0; i < field.size(); i++) {
    metres.data()[i] =
        static_cast<float>(static_cast<double>(field.data()[i]) * units.height_scale);
  }
  return metres;
}

std::vector<uint8_t> encode_heightmap(const Heightfield& field, HeightmapFormat format,
                                      const RealUnits& units) {
  check_real_units(units);
  if (units.given() && format != HeightmapFormat::png && format != HeightmapFormat::r16) {
    check_finite(field);
    const Heightfield metres = in_metres(field, units);
    if (format == HeightmapFormat::tiff) return encode_geotiff(metres, units);
    return encode_heightmap(metres, format);
  }
  switch (format) {
    case HeightmapFormat::png:
      return encode_png16(quantize16(field), field.width(), field.height());
    case HeightmapFormat::r16:
      return encode_r16(field);
    case HeightmapFormat::exr:
      check_finite(field);
      return encode_exr(field);
    case HeightmapFormat::tiff:
      check_finite(field);
      return encode_tiff(field);
    case HeightmapFormat::npy: {
      check_finite(field);
      const std::vector<std::byte> bytes = encode_npy(
          std::span<const float>(field.data(), field.size()), field.height(), field.width());
      std::vector<uint8_t> out(bytes.size());
      if (!bytes.empty()) std::memcpy(out.data(), bytes.data(), bytes.size());
      return out;
    }
  }
  throw HeightmapError("unknown heightmap format");
}

HeightmapFile decode_heightmap(std::span<const uint8_t> bytes, HeightmapFormat format) {
  if (bytes.empty()) throw HeightmapError("the file is empty");
  switch (format) {
    case HeightmapFormat::png:
      return decode_png_heightmap(bytes);
    case HeightmapFormat::exr:
      return decode_exr(bytes);
    case HeightmapFormat::tiff:
      return decode_tiff(bytes);
    case HeightmapFormat::npy:
      return decode_npy_heightmap(bytes);
    case HeightmapFormat::r16:
      break;
  }
  throw HeightmapError(
      "a .r16 file holds neither its size nor its range: it is written, not read (read a .png, "
      ".exr, .tif or .npy)");
}

void write_heightmap(const std::filesystem::path& path, const Heightfield& field, bool replace) {
  const std::optional<HeightmapFormat> format = heightmap_format_for(path);
  if (!format) {
    throw HeightmapError(path.string() + ": the extension names no heightmap format (" +
                         heightmap_extensions() + ")");
  }
  const std::vector<uint8_t> bytes = encode_heightmap(field, *format);
  write_file_atomically(path, std::as_bytes(std::span<const uint8_t>(bytes)),
                        replace ? WriteMode::replace : WriteMode::never_overwrite);
}

HeightmapFile read_heightmap(const std::filesystem::path& path) {
  const std::string name = path.string();
  const std::optional<HeightmapFormat> format = heightmap_format_for(path);
  if (!format) {
    throw HeightmapError(name +
                         ": the extension names no heightmap format (.png, .exr, .tif "
                         "or .npy are read)");
  }
  std::string content;
  try {
    content = read_file(path, {"a heightmap", kMaxHeightmapFileBytes});
  } catch (const ReadError& e) {
    throw HeightmapError(name + ": " + e.reason());
  }
  const std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(content.data()),
                                       content.size());
  try {
    return decode_heightmap(bytes, *format);
  } catch (const HeightmapError& e) {
    throw HeightmapError(name + ": " + e.what());
  }
}

}  // namespace terrain::io
