// NumPy .npy files of 2-D grids (see npy.h).
//
// Sections: dtypes; writing (preamble, little-endian data); reading (the preamble, a small
// parser for the header's Python dict literal, the checks); typed access.
#include "io/npy.h"

#include <bit>
#include <charconv>
#include <cstring>
#include <limits>
#include <optional>

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

std::string_view npy_descr(NpyDtype dtype) {
  switch (dtype) {
    case NpyDtype::float32:
      return "<f4";
    case NpyDtype::uint32:
      return "<u4";
    case NpyDtype::int32:
      return "<i4";
    case NpyDtype::uint8:
      return "|u1";
  }
  return "?";
}

std::size_t npy_item_size(NpyDtype dtype) {
  return dtype == NpyDtype::uint8 ? 1 : 4;
}

// --- Writing ---------------------------------------------------------------------------------

std::string npy_preamble(NpyDtype dtype, int height, int width) {
  if (height < 0 || width < 0) {
    throw std::invalid_argument("npy: negative shape " + shape_text(height, width));
  }
  // numpy's own spelling: keys sorted, each followed by ", ", Python reprs of the values.
  std::string header = "{'descr': '" + std::string(npy_descr(dtype)) +
                       "', 'fortran_order': False, 'shape': " + shape_text(height, width) + ", }";
  header.append(kGrowthAxisMaxDigits - std::to_string(height).size(), ' ');
  // Magic (6) + version (2) + header length (2) + header + '\n' is padded to the alignment;
  // like numpy, a preamble that is already aligned still gets a full block of padding.
  const std::size_t unpadded = kMagic.size() + 2 + 2 + header.size() + 1;
  header.append(kAlign - unpadded % kAlign, ' ');
  header.push_back('\n');
  if (header.size() > std::numeric_limits<uint16_t>::max()) {
    throw std::invalid_argument("npy: header too long for format 1.0");
  }
  const auto length = static_cast<uint16_t>(header.size());
  std::string preamble(kMagic);
  preamble.push_back('\x01');  // format version 1.0
  preamble.push_back('\x00');
  preamble.push_back(static_cast<char>(length & 0xFF));  // header length, little-endian
  preamble.push_back(static_cast<char>(length >> 8));
  return preamble + header;
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
  const std::string preamble = npy_preamble(dtype, height, width);
  std::vector<std::byte> out(preamble.size() + values.size_bytes());
  std::memcpy(out.data(), preamble.data(), preamble.size());
  std::byte* data = out.data() + preamble.size();
  if constexpr (std::endian::native == std::endian::little || sizeof(T) == 1) {
    if (!values.empty()) std::memcpy(data, values.data(), values.size_bytes());
  } else {
    for (std::size_t i = 0; i < values.size(); i++) {
      std::byte item[sizeof(T)];
      std::memcpy(item, &values[i], sizeof(T));
      for (std::size_t b = 0; b < sizeof(T); b++) data[i * sizeof(T) + b] = item[sizeof(T) - 1 - b];
    }
  }
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
  for (NpyDtype d : {NpyDtype::float32, NpyDtype::uint32, NpyDtype::int32, NpyDtype::uint8}) {
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

NpyArray decode_npy(std::span<const std::byte> bytes) {
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

  const std::optional<NpyDtype> dtype = dtype_of_descr(*fields.descr);
  if (!dtype) {
    throw NpyError("unsupported dtype '" + *fields.descr +
                   "' (supported: '<f4', '<u4', '<i4', '|u1')");
  }
  if (*fields.fortran_order) {
    throw NpyError("fortran_order is True: only C (row-major) order is supported");
  }
  const std::vector<long long>& shape = *fields.shape;
  if (shape.size() != 2) {
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); i++) {
      text += (i ? ", " : "") + std::to_string(shape[i]);
    }
    text += shape.size() == 1 ? ",)" : ")";
    throw NpyError("shape " + text + " has " + std::to_string(shape.size()) +
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
  const std::size_t data_start = header_start + header_length;
  const std::size_t have = bytes.size() - data_start;
  const std::size_t need = array.count() * npy_item_size(array.dtype);
  if (have != need) {
    throw NpyError("data is " + std::to_string(have) + " bytes, but shape " +
                   shape_text(array.height, array.width) + " of '" +
                   std::string(npy_descr(array.dtype)) + "' needs " + std::to_string(need));
  }
  array.data.assign(bytes.begin() + static_cast<std::ptrdiff_t>(data_start), bytes.end());
  return array;
}

NpyArray read_npy(const std::filesystem::path& path) {
  const std::string content = read_file(path);
  try {
    return decode_npy(std::as_bytes(std::span<const char>(content)));
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
  if constexpr (std::endian::native == std::endian::little || sizeof(T) == 1) {
    if (!values.empty()) std::memcpy(values.data(), array.data.data(), array.data.size());
  } else {
    for (std::size_t i = 0; i < values.size(); i++) {
      std::byte item[sizeof(T)];
      for (std::size_t b = 0; b < sizeof(T); b++)
        item[b] = array.data[i * sizeof(T) + sizeof(T) - 1 - b];
      std::memcpy(&values[i], item, sizeof(T));
    }
  }
  return values;
}

template std::vector<float> npy_values<float>(const NpyArray&, int, int);
template std::vector<uint32_t> npy_values<uint32_t>(const NpyArray&, int, int);
template std::vector<int32_t> npy_values<int32_t>(const NpyArray&, int, int);
template std::vector<uint8_t> npy_values<uint8_t>(const NpyArray&, int, int);

}  // namespace terrain::io
