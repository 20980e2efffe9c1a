// NumPy .npy files of 2-D grids and 1-D float64 arrays (see npy.h).
//
// Sections: dtypes; writing (preamble, little-endian data); reading (the preamble, a small
// parser for the header's Python dict literal, the checks); typed access.
#include "io/npy.h"

#include <bit>
#include <charconv>
#include <cstring>
#include <limits>
#include <optional>

#include "core/enum_names.h"
#include "io/atomic_file.h"

namespace terrain::io {
namespace {

// The first six bytes of every .npy file.
constexpr std::string_view kMagic("\x93NUMPY", 6);
// The data starts at a multiple of this many bytes (numpy's ARRAY_ALIGN).
constexpr std::size_t kAlign = 64;
// numpy (since 1.24) leaves room in the header for the first axis to grow to this many digits
// without rewriting the file; doing the same makes our files byte-identical to numpy.save().
constexpr std::size_t kGrowthAxisMaxDigits = 21;
// numpy's descr of little-endian float64, the one dtype of 1-D arrays.
constexpr std::string_view kFloat64Descr = "<f8";

// A 2-D shape as Python writes it: (height, width).
std::string shape_text(long long height, long long width) {
  std::string text = "(";  // built step by step: GCC 12 warns falsely on "(" + string
  text += std::to_string(height);
  text += ", ";
  text += std::to_string(width);
  text += ')';
  return text;
}

}  // namespace

// --- Dtypes ----------------------------------------------------------------------------------

// Each dtype's descr (numpy's word for it).
constexpr EnumName<NpyDtype> kNpyDescrs[] = {{NpyDtype::float32, "<f4"}, {NpyDtype::uint32, "<u4"},
                                             {NpyDtype::int32, "<i4"},   {NpyDtype::uint8, "|u1"},
                                             {NpyDtype::float64, "<f8"}, {NpyDtype::uint16, "<u2"},
                                             {NpyDtype::int16, "<i2"}};

std::string_view npy_descr(NpyDtype dtype) {
  return enum_name(kNpyDescrs, dtype, "?");
}

std::size_t npy_item_size(NpyDtype dtype) {
  switch (dtype) {
    case NpyDtype::uint8:
      return 1;
    case NpyDtype::uint16:
    case NpyDtype::int16:
      return 2;
    case NpyDtype::float64:
      return 8;
    case NpyDtype::float32:
    case NpyDtype::uint32:
    case NpyDtype::int32:
      return 4;
  }
  return 4;
}

// --- Writing ---------------------------------------------------------------------------------

namespace {

// Magic, version 1.0, header length and the header for `descr` and the shape `shape`
// (Python's text of the tuple), whose first axis has `first_axis` elements.
std::string preamble(std::string_view descr, const std::string& shape, long long first_axis) {
  // numpy's own spelling: keys sorted, each followed by ", ", Python reprs of the values.
  std::string header =
      "{'descr': '" + std::string(descr) + "', 'fortran_order': False, 'shape': " + shape + ", }";
  header.append(kGrowthAxisMaxDigits - std::to_string(first_axis).size(), ' ');
  // Magic (6) + version (2) + header length (2) + header + '\n' is padded to the alignment;
  // like numpy, a preamble that is already aligned still gets a full block of padding.
  const std::size_t unpadded = kMagic.size() + 2 + 2 + header.size() + 1;
  header.append(kAlign - unpadded % kAlign, ' ');
  header.push_back('\n');
  if (header.size() > std::numeric_limits<uint16_t>::max()) {
    throw std::invalid_argument("npy: header too long for format 1.0");
  }
  const auto length = static_cast<uint16_t>(header.size());
  std::string out(kMagic);
  out.push_back('\x01');  // format version 1.0
  out.push_back('\x00');
  out.push_back(static_cast<char>(length & 0xFF));  // header length, little-endian
  out.push_back(static_cast<char>(length >> 8));
  return out + header;
}

// `values` little-endian into `data` (values.size_bytes() of it), whatever the machine's
// byte order.
template <typename T>
void store_little_endian(std::span<const T> values, std::byte* data) {
  if constexpr (std::endian::native == std::endian::little || sizeof(T) == 1) {
    if (!values.empty()) std::memcpy(data, values.data(), values.size_bytes());
  } else {
    for (std::size_t i = 0; i < values.size(); i++) {
      std::byte item[sizeof(T)];
      std::memcpy(item, &values[i], sizeof(T));
      for (std::size_t b = 0; b < sizeof(T); b++) data[i * sizeof(T) + b] = item[sizeof(T) - 1 - b];
    }
  }
}

// Little-endian `data` (values.size() * sizeof(T) bytes of it) into `values`.
template <typename T>
void load_little_endian(std::span<const std::byte> data, std::span<T> values) {
  if constexpr (std::endian::native == std::endian::little || sizeof(T) == 1) {
    if (!values.empty()) std::memcpy(values.data(), data.data(), values.size_bytes());
  } else {
    for (std::size_t i = 0; i < values.size(); i++) {
      std::byte item[sizeof(T)];
      for (std::size_t b = 0; b < sizeof(T); b++) item[b] = data[i * sizeof(T) + sizeof(T) - 1 - b];
      std::memcpy(&values[i], item, sizeof(T));
    }
  }
}

}  // namespace

std::string npy_preamble(NpyDtype dtype, int height, int width) {
  if (height < 0 || width < 0) {
    throw std::invalid_argument("npy: negative shape " + shape_text(height, width));
  }
  return preamble(npy_descr(dtype), shape_text(height, width), height);
}

std::string npy_vector_preamble(std::size_t count) {
  std::string shape = "(";  // built step by step: GCC 12 warns falsely on "(" + string
  shape += std::to_string(count);
  shape += ",)";
  return preamble(kFloat64Descr, shape, static_cast<long long>(count));
}

namespace {

// A whole .npy file of `values`, the data little-endian whatever the machine's byte order.
template <typename T>
std::vector<std::byte> encode(std::span<const T> values, int height, int width) {
  const NpyDtype dtype = npy_dtype_of<T>();
  if (height < 0 || width < 0 ||
      values.size() != static_cast<std::size_t>(height) * static_cast<std::size_t>(width)) {
    throw std::invalid_argument("npy: " + std::to_string(values.size()) +
                                " values do not fill shape " + shape_text(height, width));
  }
  const std::string header = npy_preamble(dtype, height, width);
  std::vector<std::byte> out(header.size() + values.size_bytes());
  std::memcpy(out.data(), header.data(), header.size());
  store_little_endian(values, out.data() + header.size());
  return out;
}

}  // namespace

std::vector<std::byte> encode_npy(std::span<const float> values, int height, int width) {
  return encode(values, height, width);
}
std::vector<std::byte> encode_npy(std::span<const uint32_t> values, int height, int width) {
  return encode(values, height, width);
}
std::vector<std::byte> encode_npy(std::span<const int32_t> values, int height, int width) {
  return encode(values, height, width);
}
std::vector<std::byte> encode_npy(std::span<const uint8_t> values, int height, int width) {
  return encode(values, height, width);
}
std::vector<std::byte> encode_npy(std::span<const double> values, int height, int width) {
  return encode(values, height, width);
}
std::vector<std::byte> encode_npy(std::span<const uint16_t> values, int height, int width) {
  return encode(values, height, width);
}
std::vector<std::byte> encode_npy(std::span<const int16_t> values, int height, int width) {
  return encode(values, height, width);
}

std::vector<std::byte> encode_npy_vector(std::span<const double> values) {
  const std::string header = npy_vector_preamble(values.size());
  std::vector<std::byte> out(header.size() + values.size_bytes());
  std::memcpy(out.data(), header.data(), header.size());
  store_little_endian(values, out.data() + header.size());
  return out;
}

// --- Reading ---------------------------------------------------------------------------------

namespace {

// The header's value for one key, as parsed.
struct HeaderFields {
  std::optional<std::string> descr;
  std::optional<bool> fortran_order;
  std::optional<std::vector<long long>> shape;
};

// A recursive-descent reader of the Python literal numpy writes: a dict whose keys are
// strings and whose values are strings, True/False, or tuples of whole numbers. Anything
// else is an error that quotes where it went wrong.
class HeaderParser {
 public:
  explicit HeaderParser(std::string_view text) : text_(text) {}

  HeaderFields parse() {
    HeaderFields fields;
    skip_space();
    expect('{');
    for (;;) {
      skip_space();
      if (peek() == '}') break;
      const std::string key = parse_string();
      skip_space();
      expect(':');
      skip_space();
      if (key == "descr") {
        fields.descr = parse_string();
      } else if (key == "fortran_order") {
        fields.fortran_order = parse_bool();
      } else if (key == "shape") {
        fields.shape = parse_tuple();
      } else {
        throw NpyError("header has an unexpected key '" + key + "'");
      }
      skip_space();
      if (peek() == ',') {
        pos_++;
        continue;
      }
      if (peek() != '}') fail("',' or '}'");
    }
    pos_++;
    skip_space();
    if (pos_ != text_.size()) fail("nothing after the dict's '}'");
    return fields;
  }

 private:
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n')) pos_++;
  }
  [[noreturn]] void fail(const std::string& wanted) const {
    throw NpyError("header is not a valid dict: expected " + wanted + " at offset " +
                   std::to_string(pos_) + " in \"" + std::string(text_) + "\"");
  }
  void expect(char c) {
    if (peek() != c) fail(std::string("'") + c + "'");
    pos_++;
  }
  // 'text' or "text" (numpy writes single quotes); no escapes occur in what it writes.
  std::string parse_string() {
    const char quote = peek();
    if (quote != '\'' && quote != '"') fail("a quoted string");
    const std::size_t end = text_.find(quote, pos_ + 1);
    if (end == std::string_view::npos) fail("a closing quote");
    std::string value(text_.substr(pos_ + 1, end - pos_ - 1));
    pos_ = end + 1;
    return value;
  }
  bool parse_bool() {
    if (text_.substr(pos_, 4) == "True") {
      pos_ += 4;
      return true;
    }
    if (text_.substr(pos_, 5) == "False") {
      pos_ += 5;
      return false;
    }
    fail("True or False");
  }
  // (a, b, ...) with an optional trailing comma; () for a scalar.
  std::vector<long long> parse_tuple() {
    std::vector<long long> values;
    expect('(');
    for (;;) {
      skip_space();
      if (peek() == ')') break;
      long long value = 0;
      const char* begin = text_.data() + pos_;
      const auto [end, error] = std::from_chars(begin, text_.data() + text_.size(), value);
      if (error != std::errc() || value < 0) fail("a whole number >= 0");
      pos_ += static_cast<std::size_t>(end - begin);
      values.push_back(value);
      skip_space();
      if (peek() == ',') {
        pos_++;
        continue;
      }
      if (peek() != ')') fail("',' or ')'");
    }
    pos_++;
    return values;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

std::string hex_bytes(std::span<const std::byte> bytes) {
  std::string out;
  for (std::byte b : bytes) {
    if (!out.empty()) out += ' ';
    const auto v = std::to_integer<unsigned>(b);
    out += "0123456789abcdef"[v >> 4];
    out += "0123456789abcdef"[v & 0xF];
  }
  return out;
}

std::optional<NpyDtype> dtype_of_descr(std::string_view descr) {
  for (NpyDtype d : kNpyDtypes) {
    if (descr == npy_descr(d)) return d;
  }
  // A single byte has no byte order; numpy writes '|u1' but reads '<u1' and '>u1' too.
  if (descr == "<u1" || descr == ">u1" || descr == "u1") return NpyDtype::uint8;
  return std::nullopt;
}

uint32_t little_endian(std::span<const std::byte> bytes) {
  uint32_t value = 0;
  for (std::size_t i = bytes.size(); i-- > 0;)
    value = value << 8 | std::to_integer<uint32_t>(bytes[i]);
  return value;
}

}  // namespace

namespace {

// What every .npy file has before its data, as read: the header's three fields, and the data
// bytes after the header.
struct Parsed {
  std::string descr;
  bool fortran_order = false;
  std::vector<long long> shape;
  std::span<const std::byte> data;
};

// The magic, the version, the header length and the header dict with its three keys; throws
// NpyError for anything else. The dtype, order, shape and data are checked by the callers.
Parsed parse_file(std::span<const std::byte> bytes) {
  // Magic (6) and version (2) come first in every version.
  if (bytes.size() < 10) {
    throw NpyError("too short for a .npy file (" + std::to_string(bytes.size()) + " bytes)");
  }
  const auto magic = bytes.first(kMagic.size());
  if (std::memcmp(magic.data(), kMagic.data(), kMagic.size()) != 0) {
    throw NpyError(
        "bad magic: a .npy file starts with 93 4e 55 4d 50 59 (\\x93NUMPY), this "
        "one with " +
        hex_bytes(magic));
  }
  const auto major = std::to_integer<unsigned>(bytes[6]);
  const auto minor = std::to_integer<unsigned>(bytes[7]);
  // Version 1.0 has a 2-byte header length, 2.0 and 3.0 (UTF-8 header) a 4-byte one.
  std::size_t length_bytes = 0;
  if (major == 1 && minor == 0) {
    length_bytes = 2;
  } else if ((major == 2 || major == 3) && minor == 0) {
    length_bytes = 4;
  } else {
    throw NpyError("unsupported .npy version " + std::to_string(major) + "." +
                   std::to_string(minor) + " (this reader knows 1.0, 2.0 and 3.0)");
  }
  const std::size_t header_start = 8 + length_bytes;
  if (bytes.size() < header_start) {
    throw NpyError("too short for a .npy file (" + std::to_string(bytes.size()) + " bytes)");
  }
  const std::size_t header_length = little_endian(bytes.subspan(8, length_bytes));
  if (header_length > bytes.size() - header_start) {
    throw NpyError("header length " + std::to_string(header_length) +
                   " runs past the end of the file (" + std::to_string(bytes.size()) + " bytes)");
  }
  const std::string_view header(reinterpret_cast<const char*>(bytes.data()) + header_start,
                                header_length);
  const HeaderFields fields = HeaderParser(header).parse();
  if (!fields.descr) throw NpyError("header has no 'descr'");
  if (!fields.fortran_order) throw NpyError("header has no 'fortran_order'");
  if (!fields.shape) throw NpyError("header has no 'shape'");
  return {*fields.descr, *fields.fortran_order, *fields.shape,
          bytes.subspan(header_start + header_length)};
}

// A shape as Python writes it: "(5,)", "(2, 3)", "(1, 2, 3)".
std::string shape_tuple_text(const std::vector<long long>& shape) {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); i++) {
    text += (i ? ", " : "") + std::to_string(shape[i]);
  }
  text += shape.size() == 1 ? ",)" : ")";
  return text;
}

}  // namespace

NpyArray decode_npy(std::span<const std::byte> bytes) {
  const Parsed file = parse_file(bytes);
  const std::optional<NpyDtype> dtype = dtype_of_descr(file.descr);
  if (!dtype) {
    throw NpyError("unsupported dtype '" + file.descr +
                   "' (supported: '<f4', '<f8', '<u4', '<i4', '<u2', '<i2', '|u1')");
  }
  if (file.fortran_order) {
    throw NpyError("fortran_order is True: only C (row-major) order is supported");
  }
  const std::vector<long long>& shape = file.shape;
  if (shape.size() != 2) {
    throw NpyError("shape " + shape_tuple_text(shape) + " has " + std::to_string(shape.size()) +
                   (shape.size() == 1 ? " dimension" : " dimensions") +
                   ", expected 2 (height, width)");
  }
  constexpr long long kMaxSide = std::numeric_limits<int>::max();
  if (shape[0] > kMaxSide || shape[1] > kMaxSide) {
    throw NpyError("shape " + shape_text(shape[0], shape[1]) + " is too large");
  }
  NpyArray array;
  array.dtype = *dtype;
  array.height = static_cast<int>(shape[0]);
  array.width = static_cast<int>(shape[1]);
  const std::size_t have = file.data.size();
  const std::size_t need = array.count() * npy_item_size(array.dtype);
  if (have != need) {
    throw NpyError("data is " + std::to_string(have) + " bytes, but shape " +
                   shape_text(array.height, array.width) + " of '" +
                   std::string(npy_descr(array.dtype)) + "' needs " + std::to_string(need));
  }
  array.data.assign(file.data.begin(), file.data.end());
  return array;
}

std::vector<double> decode_npy_vector(std::span<const std::byte> bytes) {
  const Parsed file = parse_file(bytes);
  if (file.descr != kFloat64Descr) {
    throw NpyError("dtype is '" + file.descr + "', expected '" + std::string(kFloat64Descr) + "'");
  }
  if (file.fortran_order) {
    throw NpyError("fortran_order is True: only C (row-major) order is supported");
  }
  const std::vector<long long>& shape = file.shape;
  if (shape.size() != 1) {
    throw NpyError("shape " + shape_tuple_text(shape) + " has " + std::to_string(shape.size()) +
                   (shape.size() == 1 ? " dimension" : " dimensions") + ", expected 1 (count,)");
  }
  // Compared without multiplying, which could wrap for a huge count in the header.
  const std::size_t have = file.data.size();
  const auto count = static_cast<unsigned long long>(shape[0]);
  if (have % sizeof(double) != 0 || have / sizeof(double) != count) {
    const bool fits = count <= std::numeric_limits<std::size_t>::max() / sizeof(double);
    throw NpyError("data is " + std::to_string(have) + " bytes, but shape " +
                   shape_tuple_text(shape) + " of '" + std::string(kFloat64Descr) + "' needs " +
                   (fits ? std::to_string(count * sizeof(double)) : "more than 2^64"));
  }
  std::vector<double> values(have / sizeof(double));
  load_little_endian(file.data, std::span<double>(values));
  return values;
}

NpyArray read_npy(const std::filesystem::path& path) {
  const std::string content = read_file(path, {"a .npy file", kMaxNpyFileBytes});
  try {
    return decode_npy(std::as_bytes(std::span<const char>(content)));
  } catch (const NpyError& e) {
    throw NpyError(path.string() + ": " + e.what());
  }
}

std::vector<double> read_npy_vector(const std::filesystem::path& path) {
  const std::string content = read_file(path, {"a .npy file", kMaxNpyFileBytes});
  try {
    return decode_npy_vector(std::as_bytes(std::span<const char>(content)));
  } catch (const NpyError& e) {
    throw NpyError(path.string() + ": " + e.what());
  }
}

// --- Typed access ----------------------------------------------------------------------------

template <typename T>
std::vector<T> npy_values(const NpyArray& array, int height, int width) {
  const NpyDtype wanted = npy_dtype_of<T>();
  if (array.dtype != wanted) {
    throw NpyError("dtype is '" + std::string(npy_descr(array.dtype)) + "', expected '" +
                   std::string(npy_descr(wanted)) + "'");
  }
  if ((height >= 0 && array.height != height) || (width >= 0 && array.width != width)) {
    throw NpyError(
        "shape is " + shape_text(array.height, array.width) + ", expected " +
        shape_text(height >= 0 ? height : array.height, width >= 0 ? width : array.width));
  }
  std::vector<T> values(array.count());
  load_little_endian(std::span<const std::byte>(array.data), std::span<T>(values));
  return values;
}

template std::vector<float> npy_values<float>(const NpyArray&, int, int);
template std::vector<uint32_t> npy_values<uint32_t>(const NpyArray&, int, int);
template std::vector<int32_t> npy_values<int32_t>(const NpyArray&, int, int);
template std::vector<uint8_t> npy_values<uint8_t>(const NpyArray&, int, int);
template std::vector<double> npy_values<double>(const NpyArray&, int, int);
template std::vector<uint16_t> npy_values<uint16_t>(const NpyArray&, int, int);
template std::vector<int16_t> npy_values<int16_t>(const NpyArray&, int, int);

}  // namespace terrain::io
