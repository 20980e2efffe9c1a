// A strict JSON reader for the tests (RFC 8259): proves that what JsonWriter and terrain-cli
// write is valid JSON, and reads summary.json back. Anything not JSON throws
// std::runtime_error saying where: trailing commas, bare NaN, single quotes, leading zeros,
// unescaped control characters, text after the value.
#pragma once

#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace terrain::testing {

struct JsonValue {
  enum class Kind { null, boolean, number, string, array, object };
  Kind kind = Kind::null;
  bool boolean = false;
  double number = 0;
  std::string text;  // a string's value, or a number's digits as written
  std::vector<JsonValue> items;
  std::vector<std::pair<std::string, JsonValue>> members;

  bool has(std::string_view key) const {
    for (const auto& [k, v] : members) {
      if (k == key) return true;
    }
    return false;
  }
  // The member named `key`; throws if this is not an object or has no such member.
  const JsonValue& operator[](std::string_view key) const {
    if (kind != Kind::object) throw std::runtime_error("not an object: " + std::string(key));
    for (const auto& [k, v] : members) {
      if (k == key) return v;
    }
    throw std::runtime_error("no member " + std::string(key));
  }
  // A whole number's exact value (its digits as written, so no double rounding).
  uint64_t whole() const {
    uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (kind != Kind::number || error != std::errc() || end != text.data() + text.size()) {
      throw std::runtime_error("not a whole number: " + text);
    }
    return value;
  }
};

class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : text_(text) {}

  JsonValue document() {
    JsonValue value = parse_value();
    skip_space();
    if (pos_ != text_.size()) fail("end of text");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& wanted) const {
    throw std::runtime_error("invalid JSON: expected " + wanted + " at offset " +
                             std::to_string(pos_));
  }
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\r' || text_[pos_] == '\t')) {
      pos_++;
    }
  }
  void expect(char c) {
    if (peek() != c) fail(std::string("'") + c + "'");
    pos_++;
  }
  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  JsonValue parse_value() {
    skip_space();
    JsonValue value;
    const char c = peek();
    if (c == '{') {
      value.kind = JsonValue::Kind::object;
      pos_++;
      skip_space();
      if (peek() == '}') {
        pos_++;
        return value;
      }
      for (;;) {
        skip_space();
        std::string key = parse_string();
        skip_space();
        expect(':');
        value.members.emplace_back(std::move(key), parse_value());
        skip_space();
        if (peek() == ',') {
          pos_++;
          continue;
        }
        expect('}');
        return value;
      }
    }
    if (c == '[') {
      value.kind = JsonValue::Kind::array;
      pos_++;
      skip_space();
      if (peek() == ']') {
        pos_++;
        return value;
      }
      for (;;) {
        value.items.push_back(parse_value());
        skip_space();
        if (peek() == ',') {
          pos_++;
          continue;
        }
        expect(']');
        return value;
      }
    }
    if (c == '"') {
      value.kind = JsonValue::Kind::string;
      value.text = parse_string();
      return value;
    }
    if (literal("true")) {
      value.kind = JsonValue::Kind::boolean;
      value.boolean = true;
      return value;
    }
    if (literal("false")) {
      value.kind = JsonValue::Kind::boolean;
      return value;
    }
    if (literal("null")) return value;
    return parse_number();
  }

  // -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  JsonValue parse_number() {
    const std::size_t start = pos_;
    const auto digits = [&] {
      const std::size_t from = pos_;
      while (peek() >= '0' && peek() <= '9') pos_++;
      return pos_ - from;
    };
    if (peek() == '-') pos_++;
    if (peek() == '0') {
      pos_++;
    } else if (digits() == 0) {
      fail("a value");
    }
    if (peek() == '.') {
      pos_++;
      if (digits() == 0) fail("digits after '.'");
    }
    if (peek() == 'e' || peek() == 'E') {
      pos_++;
      if (peek() == '+' || peek() == '-') pos_++;
      if (digits() == 0) fail("exponent digits");
    }
    JsonValue value;
    value.kind = JsonValue::Kind::number;
    value.text = std::string(text_.substr(start, pos_ - start));
    std::from_chars(value.text.data(), value.text.data() + value.text.size(), value.number);
    return value;
  }

  std::string parse_string() {
    expect('"');
    std::string out;
    for (;;) {
      if (pos_ >= text_.size()) fail("a closing quote");
      const char c = text_[pos_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("no raw control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      const char e = peek();
      pos_++;
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          unsigned code = 0;
          if (pos_ + 4 > text_.size()) fail("4 hex digits");
          const auto [end, error] =
              std::from_chars(text_.data() + pos_, text_.data() + pos_ + 4, code, 16);
          if (error != std::errc() || end != text_.data() + pos_ + 4) fail("4 hex digits");
          pos_ += 4;
          // The tests only escape code points below 0x80 this way.
          if (code >= 0x80) fail("an ASCII \\u escape");
          out += static_cast<char>(code);
          break;
        }
        default:
          fail("an escape character");
      }
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

inline JsonValue parse_json(std::string_view text) {
  return JsonReader(text).document();
}

}  // namespace terrain::testing
