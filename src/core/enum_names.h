// An enum's words as a table: each value beside the one word that names it, and the two
// look-ups every enum with words makes of it (a value's word; the value a word names). The
// enums' own functions (map_view_name and parse_map_view, brush_tool_name ...) are these
// look-ups on their tables, so that a value and its word are written once, side by side.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace terrain {

// One value of an enum and its word.
template <typename Enum>
struct EnumName {
  Enum value;
  std::string_view name;
};

// The word of `value` in `names`, or `unknown` for a value the table does not hold.
template <typename Enum, std::size_t N>
constexpr std::string_view enum_name(const EnumName<Enum> (&names)[N], Enum value,
                                     std::string_view unknown) {
  for (const EnumName<Enum>& entry : names) {
    if (entry.value == value) return entry.name;
  }
  return unknown;
}

// The value `name` names in `names` (exactly, case and all), or nullopt.
template <typename Enum, std::size_t N>
constexpr std::optional<Enum> parse_enum(const EnumName<Enum> (&names)[N], std::string_view name) {
  for (const EnumName<Enum>& entry : names) {
    if (entry.name == name) return entry.value;
  }
  return std::nullopt;
}

}  // namespace terrain
