// A small JSON writer, enough for summary files: objects, arrays, strings, whole numbers,
// doubles, booleans and null, pretty-printed with two-space indentation.
//
// Numbers: whole numbers are written exactly; doubles in the shortest form that reads back
// to the same double (std::to_chars), e.g. 0.1 -> 0.1, 1e-6 -> 1e-06, 2.0 -> 2. JSON has no
// NaN or infinity, so those are written as null.
// Strings: '"', '\' and the control characters below 0x20 are escaped (\n, \t, ... or
// \u00XX); every other byte is copied as is, so give UTF-8.
//
// Use:
//   JsonWriter json;
//   json.begin_object().member("seed", 42).key("sizes").begin_array().value(1).end_array()
//       .end_object();
//   json.text();  // "{\n  \"seed\": 42,\n  \"sizes\": [\n    1\n  ]\n}\n"
// Misuse (a value where a key is due, closing what is not open, text() before the document
// is complete) throws std::logic_error.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace terrain::io {

// `text` as a JSON string literal, quotes included.
std::string json_string(std::string_view text);
// `value` as a JSON number: shortest round-trip form, or null if not finite.
std::string json_number(double value);

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();

  // The name of the next member of the innermost object.
  JsonWriter& key(std::string_view name);

  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
  JsonWriter& value(bool flag);
  JsonWriter& value(std::nullptr_t);
  JsonWriter& value(double number);
  JsonWriter& value(float number) { return value(static_cast<double>(number)); }
  template <std::integral T>
  requires(!std::same_as<T, bool> && !std::same_as<T, char>) JsonWriter& value(T number) {
    if constexpr (std::is_signed_v<T>) {
      return raw_value(std::to_string(static_cast<long long>(number)));
    } else {
      return raw_value(std::to_string(static_cast<unsigned long long>(number)));
    }
  }

  // key(name) then value(v).
  template <typename T>
  JsonWriter& member(std::string_view name, const T& v) {
    key(name);
    return value(v);
  }

  // The finished document, ending with a newline. Throws std::logic_error if an object or
  // array is still open or nothing was written.
  std::string text() const;

 private:
  struct Level {
    bool object;          // an object (else an array)
    std::size_t members;  // values written in it so far
    bool key_written;     // an object's key is waiting for its value
  };
  // Writes `literal` (already valid JSON) as the next value.
  JsonWriter& raw_value(const std::string& literal);
  // Writes what goes before a value (separator and indentation), checking one is allowed.
  void before_value(const char* what);
  void newline_and_indent(std::size_t depth);
  JsonWriter& close(bool object);

  std::string out_;
  std::vector<Level> levels_;
  bool done_ = false;  // the top-level value is complete
};

}  // namespace terrain::io
