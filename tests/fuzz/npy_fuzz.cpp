// libFuzzer target: terrain::io::decode_npy (what read_npy parses a file's bytes with) on any
// bytes.
//
// What must hold for every input: decode_npy either returns an array or throws NpyError (any
// other exception escapes, and libFuzzer reports the abort), and never crashes, hangs, leaks or
// hits undefined behaviour (ASan, UBSan). An array that reads holds exactly its shape's bytes;
// its values come out as its own dtype and at its own shape, any other dtype is refused with
// NpyError; and the values written with encode_npy read back as the same array.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "io/npy.h"

namespace {

using terrain::io::NpyArray;
using terrain::io::NpyDtype;
using terrain::io::NpyError;

[[noreturn]] void broken(const std::string& what) {
  std::fprintf(stderr, "npy_fuzz: %s\n", what.c_str());
  std::abort();
}

// npy_values<T> refuses an array of another dtype.
template <typename T>
void expect_refused(const NpyArray& array) {
  try {
    (void)terrain::io::npy_values<T>(array);
  } catch (const NpyError&) {
    return;
  }
  broken("npy_values took an array of another dtype");
}

// The values as T (the array's dtype), and back through encode_npy and decode_npy.
template <typename T>
void check_values(const NpyArray& array) {
  const std::vector<T> values = terrain::io::npy_values<T>(array, array.height, array.width);
  if (values.size() != array.count()) broken("npy_values gave the wrong number of values");
  const std::vector<std::byte> file =
      terrain::io::encode_npy(std::span<const T>(values), array.height, array.width);
  const NpyArray again = terrain::io::decode_npy(file);
  if (again.dtype != array.dtype || again.height != array.height || again.width != array.width ||
      again.data != array.data) {
    broken("an array written with encode_npy reads back different");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  NpyArray array;
  try {
    array = terrain::io::decode_npy(std::as_bytes(std::span<const uint8_t>(data, size)));
  } catch (const NpyError&) {
    return 0;  // refused, as a bad file must be
  }
  if (array.height < 0 || array.width < 0 ||
      array.data.size() != array.count() * terrain::io::npy_item_size(array.dtype)) {
    broken("the data does not fill the shape");
  }
  switch (array.dtype) {
    case NpyDtype::float32:
      check_values<float>(array);
      expect_refused<int32_t>(array);
      break;
    case NpyDtype::uint32:
      check_values<uint32_t>(array);
      expect_refused<float>(array);
      break;
    case NpyDtype::int32:
      check_values<int32_t>(array);
      expect_refused<uint32_t>(array);
      break;
    case NpyDtype::uint8:
      check_values<uint8_t>(array);
      expect_refused<float>(array);
      break;
    case NpyDtype::float64:
      check_values<double>(array);
      expect_refused<float>(array);
      break;
    case NpyDtype::uint16:
      check_values<uint16_t>(array);
      expect_refused<int16_t>(array);
      break;
    case NpyDtype::int16:
      check_values<int16_t>(array);
      expect_refused<uint16_t>(array);
      break;
  }
  return 0;
}
