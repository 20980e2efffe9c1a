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

#include "fuzz_broken.h"
#include "io/npy.h"

namespace {

using terrain::io::NpyArray;
using terrain::io::NpyDtype;
using terrain::io::NpyError;

[[noreturn]] void broken(const char* what) {
  terrain::fuzz::broken("npy_fuzz", what);
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

// An array of dtype T: its values checked as T, and refused as Other (another dtype).
template <typename T, typename Other>
int check_dtype(const NpyArray& array) {
  check_values<T>(array);
  expect_refused<Other>(array);
  return 0;
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
      return check_dtype<float, int32_t>(array);
    case NpyDtype::uint32:
      return check_dtype<uint32_t, float>(array);
    case NpyDtype::int32:
      return check_dtype<int32_t, uint32_t>(array);
    case NpyDtype::uint8:
      return check_dtype<uint8_t, float>(array);
    case NpyDtype::float64:
      return check_dtype<double, float>(array);
    case NpyDtype::uint16:
      return check_dtype<uint16_t, int16_t>(array);
    case NpyDtype::int16:
      return check_dtype<int16_t, uint16_t>(array);
  }
  return 0;
}
