// Reading JSON values with messages that say where: each reader of the session's JSON (map
// recipes, scripts, map files' sections) checks a value where it reads it and names the place
// ("commands[3].erosion: must be a number, not \"a\"").
//
// Every JSON text from outside is parsed by parse_json, within limits of its kind: how deeply
// arrays and objects nest and how many values it holds, both checked by a first pass over the
// text (nlohmann's SAX parser, which keeps its own stack and so never recurses) before any
// value is built. A value nested 100,000 deep would otherwise be built, and then copied,
// compared or written out by code that recurses once per level, past the end of the stack; a
// text of millions of small values would take gigabytes built.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace terrain::session::json_read {

using Json = nlohmann::ordered_json;

// How deeply any JSON text read may nest arrays and objects. The deepest the project writes is
// 6 (a map recipe's stroke's point: the recipe, commands, a command, the stroke, its points, a
// point); 64 leaves room for any file to come and stays far from the stack's depth.
inline constexpr std::size_t kMaxJsonDepth = 64;

// What a JSON text of one kind may hold: arrays and objects nested at most `depth` deep, and
// at most `values` values in all (every number, string, true, false, null, array and object
// counts one; an object's keys are not counted apart from their values).
struct JsonLimits {
  std::size_t values = 0;
  std::size_t depth = kMaxJsonDepth;
};

// `text` parsed as one JSON value within `limits`, checked before any value is built. Throws
// std::invalid_argument, one line the caller puts the file's or the line's name in front of:
// "not JSON: <nlohmann's message, which says where>", "JSON nested deeper than 64 levels",
// "more than N JSON values (at most N)".
// When `values` is given, it is set to how many values the text holds.
Json parse_json(std::string_view text, const JsonLimits& limits, std::size_t* values = nullptr);
// The same over bytes (a map file's section).
Json parse_json(std::span<const uint8_t> bytes, const JsonLimits& limits,
                std::size_t* values = nullptr);

// What a reader says, "WHERE: WHAT" (std::invalid_argument); the caller puts the file's or
// the line's name in front.
[[noreturn]] void fail(const std::string& where, const std::string& what);

// The first `n` bytes of UTF-8 text, or fewer: never half a character.
std::string utf8_prefix(const std::string& text, std::size_t n);

// A value as a message shows it: its JSON, shortened if long so the message stays one line,
// and only a few levels deep (however deeply a bad file nests its values, writing them out
// must not recurse that deep).
inline constexpr std::size_t kShown = 40;
std::string shown(const Json& value);

// The range checks of settings.h, with the place put in front of their message.
template <typename Check>
void checked_at(const std::string& where, Check check) {
  try {
    check();
  } catch (const std::invalid_argument& e) {
    fail(where, e.what());
  }
}

double real_at(const Json& value, const std::string& where);

// A whole number in [min, max], written as one (no fraction, no exponent rounding).
template <typename T>
T whole_at(const Json& value, const std::string& where, T min, T max) {
  const std::string allowed =
      "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
  if (value.is_number_integer()) {
    if (value.is_number_unsigned() || value.get<int64_t>() >= 0) {
      const auto v = value.get<uint64_t>();
      if ((min <= 0 || v >= static_cast<uint64_t>(min)) && v <= static_cast<uint64_t>(max)) {
        return static_cast<T>(v);
      }
    } else if constexpr (std::is_signed_v<T>) {
      const auto v = value.get<int64_t>();
      if (v >= static_cast<int64_t>(min)) return static_cast<T>(v);
    }
  }
  fail(where, "must be " + allowed + ", not " + shown(value));
}

bool bool_at(const Json& value, const std::string& where);
const std::string& string_at(const Json& value, const std::string& where);

// The member `key` of an object ("WHERE: \"key\" is missing").
const Json& member(const Json& object, const char* key, const std::string& where);
// The object has no keys but these.
void only_keys(const Json& object, std::initializer_list<const char*> keys,
               const std::string& where);
// The value is an object (an array).
const Json& object_at(const Json& value, const std::string& where);
const Json& array_at(const Json& value, const std::string& where);

}  // namespace terrain::session::json_read
