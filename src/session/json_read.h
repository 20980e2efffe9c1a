// Reading JSON values with messages that say where: each reader of the session's JSON (map
// recipes, scripts, map files' sections) checks a value where it reads it and names the place
// ("commands[3].erosion: must be a number, not \"a\"").
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace terrain::session::json_read {

using Json = nlohmann::ordered_json;

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
