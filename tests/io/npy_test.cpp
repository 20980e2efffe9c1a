// .npy files: numpy's exact header, 64-byte alignment, round trips of every dtype, and the
// reader's precise complaints about files that are not what they should be; the same for the
// 1-D float64 arrays (skylines).
#include "io/npy.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "error_of.h"
#include "io_test_support.h"

namespace terrain::io {
namespace {

std::vector<std::byte> npy_bytes(const std::string& text) {
  const auto* p = reinterpret_cast<const std::byte*>(text.data());
  return {p, p + text.size()};
}

std::string text_of(const std::vector<std::byte>& bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

// A hand-made file: magic, version, header length, `header` as given, then `data`.
std::vector<std::byte> handmade(const std::string& header, const std::string& data,
                                unsigned major = 1) {
  std::string file("\x93NUMPY", 6);
  file += static_cast<char>(major);
  file += '\0';
  const std::size_t n = header.size();
  file += static_cast<char>(n & 0xFF);
  file += static_cast<char>((n >> 8) & 0xFF);
  if (major >= 2) file += std::string(2, '\0');
  return npy_bytes(file + header + data);
}

// What numpy writes before the data for a header of `dict` that fits in 128 bytes: the magic,
// version 1.0, header length 118 (0x76), the dict, spaces up to 127 bytes, '\n'.
std::string numpy_128_byte_preamble(const std::string& dict) {
  std::string expected("\x93NUMPY\x01\x00\x76\x00", 10);
  expected += dict;
  expected += std::string(128 - 10 - dict.size() - 1, ' ');
  expected += '\n';
  return expected;
}

// The framing every preamble the writers make has: a multiple of 64 bytes long, its length
// field counting everything after itself, padded with spaces after the dict, ended by one
// newline.
void expect_aligned_preamble(const std::string& preamble) {
  ASSERT_EQ(preamble.size() % 64, 0u);
  const std::size_t length = static_cast<unsigned char>(preamble[8]) |
                             static_cast<std::size_t>(static_cast<unsigned char>(preamble[9])) << 8;
  EXPECT_EQ(length, preamble.size() - 10);
  EXPECT_EQ(preamble.back(), '\n');
  const std::size_t close = preamble.rfind('}');
  EXPECT_EQ(preamble.find_first_not_of(' ', close + 1), preamble.size() - 1);
}

std::string npy_error(const std::vector<std::byte>& bytes) {
  return terrain::testing::error_of<NpyError>([&] { decode_npy(bytes); });
}

TEST(NpyWriter, HeaderOfTheSketchGridIsNumpysExactText) {
  // What numpy 1.24+ writes for np.zeros((180, 320), '<f4'): the dict, 18 spaces of room to
  // grow the first axis to 21 digits, padding to 128 bytes, '\n'.
  const std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (180, 320), }";
  const std::string expected = numpy_128_byte_preamble(dict);
  EXPECT_EQ(npy_preamble(NpyDtype::float32, 180, 320), expected);
  EXPECT_EQ(expected.size(), 128u);
}

TEST(NpyWriter, HeaderNamesEachDtypeAsNumpyDoes) {
  EXPECT_NE(npy_preamble(NpyDtype::float32, 2, 3).find("'descr': '<f4'"), std::string::npos);
  EXPECT_NE(npy_preamble(NpyDtype::uint32, 2, 3).find("'descr': '<u4'"), std::string::npos);
  EXPECT_NE(npy_preamble(NpyDtype::int32, 2, 3).find("'descr': '<i4'"), std::string::npos);
  EXPECT_NE(npy_preamble(NpyDtype::uint8, 2, 3).find("'descr': '|u1'"), std::string::npos);
  EXPECT_NE(npy_preamble(NpyDtype::uint8, 2, 3).find("'shape': (2, 3), }"), std::string::npos);
}

TEST(NpyWriter, DataStartsAtAMultipleOf64BytesForEveryDtypeAndShape) {
  const int sizes[] = {0, 1, 2, 9, 10, 99, 180, 320, 8192, 123456789, 2147483647};
  for (NpyDtype dtype : {NpyDtype::float32, NpyDtype::uint32, NpyDtype::int32, NpyDtype::uint8}) {
    for (int h : sizes) {
      for (int w : sizes) {
        const std::string preamble = npy_preamble(dtype, h, w);
        SCOPED_TRACE(preamble);
        ASSERT_NO_FATAL_FAILURE(expect_aligned_preamble(preamble));
      }
    }
  }
}

TEST(NpyWriter, DataIsLittleEndianRowMajor) {
  const std::vector<float> f = {1.0f, -2.0f};
  const std::vector<std::byte> file = encode_npy(f, 1, 2);
  const std::string data = text_of(file).substr(file.size() - 8);
  EXPECT_EQ(data, std::string("\x00\x00\x80\x3f\x00\x00\x00\xc0", 8));

  const std::vector<uint32_t> u = {0x01020304u};
  const std::string u_file = text_of(encode_npy(u, 1, 1));
  EXPECT_EQ(u_file.substr(u_file.size() - 4), std::string("\x04\x03\x02\x01", 4));
  const std::vector<int32_t> i = {-1, 2};
  const std::string i_file = text_of(encode_npy(i, 2, 1));
  EXPECT_EQ(i_file.substr(i_file.size() - 8), std::string("\xff\xff\xff\xff\x02\0\0\0", 8));
}

TEST(NpyWriter, RejectsAValueCountThatDoesNotFillTheShape) {
  const std::vector<float> values(5);
  EXPECT_THROW(encode_npy(values, 2, 3), std::invalid_argument);
  EXPECT_THROW(npy_preamble(NpyDtype::float32, -1, 3), std::invalid_argument);
}

// Every dtype goes in and comes back with its shape and every bit of every value.
template <typename T>
class NpyRoundTrip : public ::testing::Test {};
using NpyTypes = ::testing::Types<float, uint32_t, int32_t, uint8_t>;
TYPED_TEST_SUITE(NpyRoundTrip, NpyTypes);

template <typename T>
std::vector<T> awkward_values(std::size_t n) {
  std::vector<T> values(n);
  for (std::size_t i = 0; i < n; i++) values[i] = static_cast<T>(i * 2654435761u);
  values[0] = std::numeric_limits<T>::max();
  values[1] = std::numeric_limits<T>::lowest();
  if constexpr (std::is_same_v<T, float>) {
    values[2] = -0.0f;
    values[3] = std::numeric_limits<float>::quiet_NaN();
    values[4] = std::numeric_limits<float>::infinity();
    values[5] = std::numeric_limits<float>::denorm_min();
    values[6] = 0.1f;
  }
  return values;
}

TYPED_TEST(NpyRoundTrip, ValuesShapeAndDtypeComeBackBitForBit) {
  using T = TypeParam;
  constexpr int kHeight = 7;
  constexpr int kWidth = 13;  // not square, so a swapped shape would show
  const std::vector<T> values = awkward_values<T>(kHeight * kWidth);
  const std::vector<std::byte> file = encode_npy(std::span<const T>(values), kHeight, kWidth);
  EXPECT_EQ(file.size(),
            npy_preamble(npy_dtype_of<T>(), kHeight, kWidth).size() + values.size() * sizeof(T));

  const NpyArray array = decode_npy(file);
  EXPECT_EQ(array.dtype, npy_dtype_of<T>());
  EXPECT_EQ(array.height, kHeight);
  EXPECT_EQ(array.width, kWidth);
  const std::vector<T> back = npy_values<T>(array, kHeight, kWidth);
  EXPECT_EQ(testing::bit_differences(back, values), 0u);
}

TYPED_TEST(NpyRoundTrip, EmptyAndOneByOneArraysRoundTrip) {
  using T = TypeParam;
  const std::vector<T> none;
  const NpyArray empty = decode_npy(encode_npy(std::span<const T>(none), 0, 5));
  EXPECT_EQ(empty.height, 0);
  EXPECT_EQ(empty.width, 5);
  EXPECT_TRUE(npy_values<T>(empty).empty());
  const std::vector<T> one = {static_cast<T>(7)};
  EXPECT_EQ(npy_values<T>(decode_npy(encode_npy(std::span<const T>(one), 1, 1)), 1, 1), one);
}

TEST(NpyRoundTrip, FilesOnDiskRoundTrip) {
  testing::ScratchDir dir;
  const std::vector<int32_t> values = {-1, 0, 5, 7, 2147483647, -2147483647 - 1};
  write_file_atomically(dir / "grid.npy", encode_npy(values, 3, 2), WriteMode::never_overwrite);
  EXPECT_EQ(npy_values<int32_t>(read_npy(dir / "grid.npy"), 3, 2), values);
}

TEST(NpyReader, RejectsACorruptedMagicNamingTheBytes) {
  std::vector<std::byte> file = encode_npy(std::vector<float>(6), 2, 3);
  file[1] = std::byte{'M'};
  EXPECT_EQ(npy_error(file),
            "bad magic: a .npy file starts with 93 4e 55 4d 50 59 (\\x93NUMPY), this one with "
            "93 4d 55 4d 50 59");
}

TEST(NpyReader, RejectsATooShortFile) {
  EXPECT_EQ(npy_error(npy_bytes("\x93NUMPY")), "too short for a .npy file (6 bytes)");
}

TEST(NpyReader, RejectsAnUnknownVersion) {
  std::vector<std::byte> file = encode_npy(std::vector<float>(6), 2, 3);
  file[6] = std::byte{4};
  EXPECT_EQ(npy_error(file), "unsupported .npy version 4.0 (this reader knows 1.0, 2.0 and 3.0)");
}

TEST(NpyReader, RejectsAWrongDtypeWithBothNames) {
  const NpyArray array = decode_npy(encode_npy(std::vector<int32_t>(6), 2, 3));
  try {
    npy_values<float>(array, 2, 3);
    FAIL() << "read int32 data as float32";
  } catch (const NpyError& e) {
    EXPECT_STREQ(e.what(), "dtype is '<i4', expected '<f4'");
  }
  EXPECT_THROW(npy_values<uint32_t>(array), NpyError);
  EXPECT_THROW(npy_values<uint8_t>(array), NpyError);
  EXPECT_NO_THROW(npy_values<int32_t>(array));
}

TEST(NpyReader, RejectsAWrongShapeWithBothShapes) {
  const NpyArray array = decode_npy(encode_npy(std::vector<float>(320 * 180), 180, 320));
  try {
    npy_values<float>(array, 320, 180);
    FAIL() << "accepted a transposed shape";
  } catch (const NpyError& e) {
    EXPECT_STREQ(e.what(), "shape is (180, 320), expected (320, 180)");
  }
  EXPECT_NO_THROW(npy_values<float>(array, 180, 320));
  EXPECT_NO_THROW(npy_values<float>(array, 180, -1));
}

TEST(NpyReader, RejectsAnUnsupportedDtype) {
  const std::string header = "{'descr': '<c8', 'fortran_order': False, 'shape': (1, 1), }\n";
  EXPECT_EQ(npy_error(handmade(header, std::string(8, '\0'))),
            "unsupported dtype '<c8' (supported: '<f4', '<f8', '<u4', '<i4', '<u2', '<i2', '|u1')");
}

// Heightmaps from other tools: float64, uint16 and int16 grids are read as they are.
TEST(NpyReader, ReadsFloat64Uint16AndInt16Grids) {
  auto grid = [](const std::string& descr, std::size_t item, const std::string& data) {
    const std::string header =
        "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (2, 3), }\n";
    EXPECT_EQ(data.size(), 6 * item);
    return decode_npy(handmade(header, data));
  };
  std::string f8(48, '\0');
  const double doubles[6] = {0.5, -1.25, 3e10, 0, 1, 2};
  std::memcpy(f8.data(), doubles, sizeof doubles);
  const NpyArray a = grid("<f8", 8, f8);
  EXPECT_EQ(a.dtype, NpyDtype::float64);
  EXPECT_EQ(npy_values<double>(a, 2, 3), std::vector<double>(doubles, doubles + 6));
  std::string u2(12, '\0');
  const uint16_t shorts[6] = {0, 1, 65535, 300, 7, 9};
  std::memcpy(u2.data(), shorts, sizeof shorts);
  EXPECT_EQ(npy_values<uint16_t>(grid("<u2", 2, u2)), std::vector<uint16_t>(shorts, shorts + 6));
  std::string i2(12, '\0');
  const int16_t signed_shorts[6] = {-32768, -1, 0, 1, 32767, 5};
  std::memcpy(i2.data(), signed_shorts, sizeof signed_shorts);
  const NpyArray c = grid("<i2", 2, i2);
  EXPECT_EQ(npy_values<int16_t>(c), std::vector<int16_t>(signed_shorts, signed_shorts + 6));
  EXPECT_THROW(npy_values<uint16_t>(c), NpyError);
}

TEST(NpyReader, RejectsFortranOrder) {
  const std::string header = "{'descr': '<f4', 'fortran_order': True, 'shape': (1, 2), }\n";
  EXPECT_EQ(npy_error(handmade(header, std::string(8, '\0'))),
            "fortran_order is True: only C (row-major) order is supported");
}

TEST(NpyReader, RejectsShapesThatAreNotTwoDimensional) {
  EXPECT_EQ(npy_error(handmade("{'descr': '<f4', 'fortran_order': False, 'shape': (5,), }\n",
                               std::string(20, '\0'))),
            "shape (5,) has 1 dimension, expected 2 (height, width)");
  EXPECT_EQ(npy_error(handmade("{'descr': '|u1', 'fortran_order': False, 'shape': (1, 2, 3), }\n",
                               std::string(6, '\0'))),
            "shape (1, 2, 3) has 3 dimensions, expected 2 (height, width)");
}

TEST(NpyReader, RejectsTooFewOrTooManyDataBytes) {
  std::vector<std::byte> file = encode_npy(std::vector<float>(6), 2, 3);
  file.pop_back();
  EXPECT_EQ(npy_error(file), "data is 23 bytes, but shape (2, 3) of '<f4' needs 24");
  file.push_back(std::byte{0});
  file.push_back(std::byte{0});
  EXPECT_EQ(npy_error(file), "data is 25 bytes, but shape (2, 3) of '<f4' needs 24");
}

TEST(NpyReader, RejectsAHeaderLengthPastTheEnd) {
  std::vector<std::byte> file = encode_npy(std::vector<uint8_t>(1), 1, 1);
  file.resize(40);
  EXPECT_EQ(npy_error(file), "header length 118 runs past the end of the file (40 bytes)");
}

TEST(NpyReader, RejectsAHeaderThatIsNotADict) {
  EXPECT_NE(npy_error(handmade("['descr', '<f4']\n", "")).find("header is not a valid dict"),
            std::string::npos);
  EXPECT_EQ(npy_error(handmade("{'descr': '<f4', 'shape': (1, 1), }\n", "")),
            "header has no 'fortran_order'");
  EXPECT_EQ(npy_error(handmade("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1), "
                               "'extra': 1}\n",
                               "")),
            "header has an unexpected key 'extra'");
}

TEST(NpyReader, ReadsWhatOtherNumpyVersionsWrite) {
  // Keys in another order, double quotes, no trailing comma, 16-byte alignment (old numpy),
  // and format 2.0's 4-byte header length.
  const std::string header =
      "{\"shape\": (1, 2), \"fortran_order\": False, \"descr\": \"<u4\"}   \n";
  const std::string data("\x01\0\0\0\x02\0\0\0", 8);
  for (unsigned major : {1u, 2u}) {
    const NpyArray array = decode_npy(handmade(header, data, major));
    EXPECT_EQ(npy_values<uint32_t>(array, 1, 2), (std::vector<uint32_t>{1, 2}));
  }
}

// A reader of .npy files names the file in its errors: a text file's "bad magic"; a missing
// file throws too.
template <typename Read>
void expect_errors_name_the_file(Read read) {
  testing::ScratchDir dir;
  testing::write_text(dir / "bad.npy", "not numpy at all");
  try {
    read(dir / "bad.npy");
    FAIL() << "read a text file as .npy";
  } catch (const NpyError& e) {
    EXPECT_EQ(std::string(e.what()).rfind((dir / "bad.npy").string() + ": bad magic", 0), 0u)
        << e.what();
  }
  EXPECT_THROW(read(dir / "missing.npy"), std::runtime_error);
}

TEST(NpyReader, ErrorsFromAFileNameTheFile) {
  expect_errors_name_the_file([](const std::filesystem::path& path) { read_npy(path); });
}

// --- 1-D float64 arrays ----------------------------------------------------------------------

std::string vector_error_of(const std::vector<std::byte>& bytes) {
  return terrain::testing::error_of<NpyError>([&] { decode_npy_vector(bytes); });
}

TEST(NpyVectorWriter, HeaderOfA640ColumnSkylineIsNumpysExactText) {
  // What numpy 1.24+ writes for np.zeros(640): the dict with the 1-tuple "(640,)", 18 spaces of
  // room to grow the axis to 21 digits, padding to 128 bytes, '\n'.
  const std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (640,), }";
  const std::string expected = numpy_128_byte_preamble(dict);
  EXPECT_EQ(npy_vector_preamble(640), expected);
  const std::vector<double> zeros(640);
  const std::vector<std::byte> file = encode_npy_vector(zeros);
  EXPECT_EQ(text_of(file).substr(0, 128), expected);
  EXPECT_EQ(file.size(), 128u + 640u * 8u);
}

TEST(NpyVectorWriter, DataStartsAtAMultipleOf64BytesForEveryCount) {
  const std::size_t counts[] = {0, 1, 2, 9, 10, 99, 640, 1000000, 123456789012345678u};
  for (std::size_t count : counts) {
    const std::string preamble = npy_vector_preamble(count);
    SCOPED_TRACE(preamble);
    ASSERT_NO_FATAL_FAILURE(expect_aligned_preamble(preamble));
    EXPECT_NE(preamble.find("'shape': (" + std::to_string(count) + ",), }"), std::string::npos);
  }
}

TEST(NpyVectorWriter, DataIsLittleEndianFloat64) {
  const std::vector<double> values = {1.0, -2.0};
  const std::string file = text_of(encode_npy_vector(values));
  EXPECT_EQ(file.substr(file.size() - 16),
            std::string("\0\0\0\0\0\0\xf0\x3f\0\0\0\0\0\0\0\xc0", 16));
}

TEST(NpyVectorRoundTrip, EveryBitOfEveryValueComesBack) {
  std::vector<double> values(37);
  for (std::size_t i = 0; i < values.size(); i++) values[i] = static_cast<double>(i) / 7.0 - 2.0;
  values[0] = std::numeric_limits<double>::max();
  values[1] = std::numeric_limits<double>::lowest();
  values[2] = -0.0;
  values[3] = std::numeric_limits<double>::quiet_NaN();
  values[4] = -std::numeric_limits<double>::infinity();
  values[5] = std::numeric_limits<double>::denorm_min();
  values[6] = 0.1;
  values[7] = 169.99999999999997;
  const std::vector<double> back = decode_npy_vector(encode_npy_vector(values));
  EXPECT_EQ(testing::bit_differences(back, values), 0u);
  EXPECT_TRUE(decode_npy_vector(encode_npy_vector(std::vector<double>())).empty());
  EXPECT_EQ(decode_npy_vector(encode_npy_vector(std::vector<double>{170.0})),
            std::vector<double>{170.0});
}

TEST(NpyVectorRoundTrip, FilesOnDiskRoundTrip) {
  testing::ScratchDir dir;
  const std::vector<double> values = {0.0, 12.5, 170.0, 1e-300};
  write_file_atomically(dir / "skyline.npy", encode_npy_vector(values), WriteMode::never_overwrite);
  EXPECT_EQ(read_npy_vector(dir / "skyline.npy"), values);
}

TEST(NpyVectorReader, ReadsWhatOtherNumpyVersionsWrite) {
  // Keys in another order, double quotes, no trailing comma, 16-byte alignment (old numpy),
  // and format 2.0's 4-byte header length.
  const std::string header = "{\"shape\": (2,), \"fortran_order\": False, \"descr\": \"<f8\"}  \n";
  const std::string data("\0\0\0\0\0\0\xf0\x3f\0\0\0\0\0\0\x04\x40", 16);
  for (unsigned major : {1u, 2u}) {
    EXPECT_EQ(decode_npy_vector(handmade(header, data, major)), (std::vector<double>{1.0, 2.5}));
  }
}

TEST(NpyVectorReader, RejectsAGridAnotherDtypeAndFortranOrder) {
  EXPECT_EQ(vector_error_of(encode_npy(std::vector<float>(6), 2, 3)),
            "dtype is '<f4', expected '<f8'");
  EXPECT_EQ(
      vector_error_of(handmade("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }\n",
                               std::string(48, 0))),
      "shape (2, 3) has 2 dimensions, expected 1 (count,)");
  EXPECT_EQ(vector_error_of(handmade("{'descr': '<f8', 'fortran_order': False, 'shape': (), }\n",
                                     std::string(8, 0))),
            "shape () has 0 dimensions, expected 1 (count,)");
  EXPECT_EQ(vector_error_of(handmade("{'descr': '>f8', 'fortran_order': False, 'shape': (1,), }\n",
                                     std::string(8, 0))),
            "dtype is '>f8', expected '<f8'");
  EXPECT_EQ(vector_error_of(handmade("{'descr': '<f8', 'fortran_order': True, 'shape': (1,), }\n",
                                     std::string(8, 0))),
            "fortran_order is True: only C (row-major) order is supported");
  // And the grid reader does not take a vector.
  EXPECT_EQ(npy_error(encode_npy_vector(std::vector<double>(3))),
            "shape (3,) has 1 dimension, expected 2 (height, width)");
}

TEST(NpyVectorReader, RejectsTooFewOrTooManyDataBytesAndAHugeCount) {
  std::vector<std::byte> file = encode_npy_vector(std::vector<double>(3));
  file.pop_back();
  EXPECT_EQ(vector_error_of(file), "data is 23 bytes, but shape (3,) of '<f8' needs 24");
  file.push_back(std::byte{0});
  file.insert(file.end(), 8, std::byte{0});
  EXPECT_EQ(vector_error_of(file), "data is 32 bytes, but shape (3,) of '<f8' needs 24");
  EXPECT_EQ(vector_error_of(handmade(
                "{'descr': '<f8', 'fortran_order': False, 'shape': (9223372036854775807,), }\n",
                std::string(8, 0))),
            "data is 8 bytes, but shape (9223372036854775807,) of '<f8' needs more than 2^64");
  EXPECT_EQ(vector_error_of(npy_bytes("\x93NUMPY")), "too short for a .npy file (6 bytes)");
}

TEST(NpyVectorReader, ErrorsFromAFileNameTheFile) {
  expect_errors_name_the_file([](const std::filesystem::path& path) { read_npy_vector(path); });
}

}  // namespace
}  // namespace terrain::io
