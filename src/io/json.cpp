// A small JSON writer (see json.h).
#include "io/json.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace terrain::io {

std::string json_string(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out += '"';
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        // Any other control character must be written as \u00XX.
        if (static_cast<unsigned char>(c) < 0x20) {
          out += "\\u00";
          out += "0123456789abcdef"[static_cast<unsigned char>(c) >> 4];
          out += "0123456789abcdef"[static_cast<unsigned char>(c) & 0xF];
        } else {
          out += c;
        }
    }
  }
  out += '"';
  return out;
}

std::string json_number(double value) {
  if (!std::isfinite(value)) return "null";
  // The longest shortest-round-trip double is 24 characters ("-2.2250738585072014e-308").
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

void JsonWriter::newline_and_indent(std::size_t depth) {
  out_ += '\n';
  out_.append(2 * depth, ' ');  // two spaces a level
}

void JsonWriter::before_value(const char* what) {
  if (done_)
    throw std::logic_error(std::string("JsonWriter: ") + what + " after the document ended");
  if (levels_.empty()) return;
  Level& level = levels_.back();
  if (level.object) {
    if (!level.key_written) {
      throw std::logic_error(std::string("JsonWriter: ") + what +
                             " in an object needs a key first");
    }
    level.key_written = false;
  } else {
    if (level.members > 0) out_ += ',';
    newline_and_indent(levels_.size());
  }
  level.members++;
}

JsonWriter& JsonWriter::raw_value(const std::string& literal) {
  before_value("a value");
  out_ += literal;
  if (levels_.empty()) done_ = true;
  return *this;
}

JsonWriter& JsonWriter::begin_object() {
  before_value("an object");
  out_ += '{';
  levels_.push_back({true, 0, false});
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  before_value("an array");
  out_ += '[';
  levels_.push_back({false, 0, false});
  return *this;
}

JsonWriter& JsonWriter::close(bool object) {
  if (levels_.empty() || levels_.back().object != object) {
    throw std::logic_error(object ? "JsonWriter: end_object() with no object open"
                                  : "JsonWriter: end_array() with no array open");
  }
  const Level level = levels_.back();
  if (level.key_written)
    throw std::logic_error("JsonWriter: key with no value before end_object()");
  levels_.pop_back();
  // An empty object or array stays on one line: {} or [].
  if (level.members > 0) newline_and_indent(levels_.size());
  out_ += object ? '}' : ']';
  if (levels_.empty()) done_ = true;
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  return close(true);
}
JsonWriter& JsonWriter::end_array() {
  return close(false);
}

JsonWriter& JsonWriter::key(std::string_view name) {
  if (levels_.empty() || !levels_.back().object) {
    throw std::logic_error("JsonWriter: key(\"" + std::string(name) + "\") outside an object");
  }
  Level& level = levels_.back();
  if (level.key_written) {
    throw std::logic_error("JsonWriter: key(\"" + std::string(name) + "\") right after a key");
  }
  if (level.members > 0) out_ += ',';
  newline_and_indent(levels_.size());
  out_ += json_string(name);
  out_ += ": ";
  level.key_written = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
  return raw_value(json_string(text));
}
JsonWriter& JsonWriter::value(bool flag) {
  return raw_value(flag ? "true" : "false");
}
JsonWriter& JsonWriter::value(std::nullptr_t) {
  return raw_value("null");
}
JsonWriter& JsonWriter::value(double number) {
  return raw_value(json_number(number));
}

std::string JsonWriter::text() const {
  if (!done_) throw std::logic_error("JsonWriter: text() before the document is complete");
  return out_ + '\n';
}

}  // namespace terrain::io
