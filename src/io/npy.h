// NumPy .npy files of 2-D grids: shape (height, width), row-major, little-endian, so that
// numpy.load() gives back the grid the way the terrain stores it (index y * width + x); and
// of 1-D float64 arrays, shape (count,), for one value per column (the side-view skylines).
//
// Format 1.0 (numpy.lib.format): the magic "\x93NUMPY", version bytes 1 0, a little-endian
// uint16 header length, then the header, a Python dict literal such as
//   {'descr': '<f4', 'fortran_order': False, 'shape': (180, 320), }
// padded with spaces and ended by '\n' so that the data starts at a multiple of 64 bytes
// (numpy's own alignment, which lets the data be memory-mapped), then the values.
//
// The reader takes what numpy writes (versions 1.0, 2.0 and 3.0, keys in any order) and
// says exactly what is wrong with anything else: bad magic, an unknown version, a dtype or
// shape other than the one expected, Fortran order, too few or too many data bytes.
//
// Sections: dtypes; writing; reading; 1-D float64 arrays.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace terrain::io {

// --- Dtypes ----------------------------------------------------------------------------------

// The element types the project writes, with numpy's names for them.
enum class NpyDtype {
  float32,  // '<f4': heights
  uint32,   // '<u4': flow counts
  int32,    // '<i4': cell indices (-1 for none), basin numbers
  uint8,    // '|u1': Strahler orders
  // Read too, as heightmaps other tools write (io/heightmap.h):
  float64,  // '<f8'
  uint16,   // '<u2'
  int16,    // '<i2'
};
// Every dtype, in the order above.
inline constexpr NpyDtype kNpyDtypes[] = {NpyDtype::float32, NpyDtype::uint32,  NpyDtype::int32,
                                          NpyDtype::uint8,   NpyDtype::float64, NpyDtype::uint16,
                                          NpyDtype::int16};

// numpy's descr string for a dtype ('<f4', '<u4', '<i4', '|u1').
std::string_view npy_descr(NpyDtype dtype);
// Bytes per element.
std::size_t npy_item_size(NpyDtype dtype);

// The dtype that holds a C++ type.
template <typename T>
constexpr NpyDtype npy_dtype_of();
template <>
constexpr NpyDtype npy_dtype_of<float>() {
  return NpyDtype::float32;
}
template <>
constexpr NpyDtype npy_dtype_of<uint32_t>() {
  return NpyDtype::uint32;
}
template <>
constexpr NpyDtype npy_dtype_of<int32_t>() {
  return NpyDtype::int32;
}
template <>
constexpr NpyDtype npy_dtype_of<uint8_t>() {
  return NpyDtype::uint8;
}
template <>
constexpr NpyDtype npy_dtype_of<double>() {
  return NpyDtype::float64;
}
template <>
constexpr NpyDtype npy_dtype_of<uint16_t>() {
  return NpyDtype::uint16;
}
template <>
constexpr NpyDtype npy_dtype_of<int16_t>() {
  return NpyDtype::int16;
}

// --- Writing ---------------------------------------------------------------------------------

// Everything before the data for a (height, width) array: magic, version 1.0, header length
// and the padded header, a multiple of 64 bytes long. Throws std::invalid_argument for a
// negative size.
std::string npy_preamble(NpyDtype dtype, int height, int width);

// A whole .npy file of `values` (height * width of them, row-major), ready to write.
// Throws std::invalid_argument if the count does not match the shape.
std::vector<std::byte> encode_npy(std::span<const float> values, int height, int width);
std::vector<std::byte> encode_npy(std::span<const uint32_t> values, int height, int width);
std::vector<std::byte> encode_npy(std::span<const int32_t> values, int height, int width);
std::vector<std::byte> encode_npy(std::span<const uint8_t> values, int height, int width);
std::vector<std::byte> encode_npy(std::span<const double> values, int height, int width);
std::vector<std::byte> encode_npy(std::span<const uint16_t> values, int height, int width);
std::vector<std::byte> encode_npy(std::span<const int16_t> values, int height, int width);

// --- Reading ---------------------------------------------------------------------------------

// What is wrong with a .npy file, in words (e.g. "dtype is '<i4', expected '<f4'").
class NpyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A 2-D array as read: its dtype, shape and raw little-endian data bytes.
struct NpyArray {
  NpyDtype dtype = NpyDtype::float32;
  int height = 0;
  int width = 0;
  std::vector<std::byte> data;

  std::size_t count() const {
    return static_cast<std::size_t>(height) * static_cast<std::size_t>(width);
  }
};

// Parses a whole .npy file. Checks the magic, the version (1.0, 2.0 or 3.0), that the header
// is a dict with 'descr', 'fortran_order' and 'shape', that the dtype is one of the four
// above (written or read-only), that fortran_order is False, that the shape has two dimensions, and
// that exactly height * width elements follow. Throws NpyError saying which of these failed and
// how.
NpyArray decode_npy(std::span<const std::byte> bytes);

// The most bytes read_npy and read_npy_vector read (a regular file only, atomic_file.h): the
// largest grid any reader here takes, 16384 x 16384 float64, and a mebibyte of header.
inline constexpr uint64_t kMaxNpyFileBytes = uint64_t{16384} * 16384 * 8 + (uint64_t{1} << 20);

// Reads and parses a .npy file; errors name the file.
NpyArray read_npy(const std::filesystem::path& path);

// The values of `array` as T, after checking its dtype is T's and its shape is
// (height, width); throws NpyError naming what differs ("shape is (180, 320), expected
// (90, 160)"). Pass -1 for a size to accept any.
template <typename T>
std::vector<T> npy_values(const NpyArray& array, int height = -1, int width = -1);

extern template std::vector<float> npy_values<float>(const NpyArray&, int, int);
extern template std::vector<uint32_t> npy_values<uint32_t>(const NpyArray&, int, int);
extern template std::vector<int32_t> npy_values<int32_t>(const NpyArray&, int, int);
extern template std::vector<uint8_t> npy_values<uint8_t>(const NpyArray&, int, int);
extern template std::vector<double> npy_values<double>(const NpyArray&, int, int);
extern template std::vector<uint16_t> npy_values<uint16_t>(const NpyArray&, int, int);
extern template std::vector<int16_t> npy_values<int16_t>(const NpyArray&, int, int);

// --- 1-D float64 arrays ----------------------------------------------------------------------
//
// One value per column, '<f8', shape (count,): numpy.load() gives back the doubles bit for bit.
// The same format 1.0 header, padding and alignment as the grids', e.g.
//   {'descr': '<f8', 'fortran_order': False, 'shape': (640,), }
// (The 2-D reader above does not take these, nor this one grids: each says what it found.)

// Everything before the data of `count` float64 values, a multiple of 64 bytes long.
std::string npy_vector_preamble(std::size_t count);
// A whole .npy file of `values`, shape (values.size(),).
std::vector<std::byte> encode_npy_vector(std::span<const double> values);
// The values of a .npy file that holds a 1-D '<f8' array in C order. Throws NpyError for a bad
// preamble or header (as decode_npy), another dtype ("dtype is '<f4', expected '<f8'"),
// Fortran order, another number of dimensions ("shape (2, 3) has 2 dimensions, expected 1
// (count,)"), or too few or too many data bytes.
std::vector<double> decode_npy_vector(std::span<const std::byte> bytes);
// Reads and parses such a file; errors name the file.
std::vector<double> read_npy_vector(const std::filesystem::path& path);

}  // namespace terrain::io
