// libFuzzer target: terrain::session::parse_recipe on any text.
//
// What must hold for every input: parse_recipe either returns a recipe or throws
// std::invalid_argument (any other exception escapes, and libFuzzer reports the abort), and
// never crashes, hangs, leaks or hits undefined behaviour (ASan, UBSan). A recipe that reads
// survives its own text: recipe_text -> parse_recipe gives the same recipe, every value bit for
// bit, and writing that gives the same text again.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "session/map_recipe.h"

namespace {

using terrain::session::GroundFile;
using terrain::session::MapCommand;
using terrain::session::MapRecipe;
using terrain::session::MapSettings;

// Same bits: 0.0 and -0.0 differ, as they would in what a replay computes.
template <typename T>
bool same_bits(const T& a, const T& b) {
  static_assert(std::is_trivially_copyable_v<T>);
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// The same ground: name, fit, size and every height's bits.
bool same_ground(const GroundFile& a, const GroundFile& b) {
  const terrain::Heightfield& x = *a.heights;
  const terrain::Heightfield& y = *b.heights;
  return a.name == b.name && a.fit == b.fit && x.width() == y.width() && x.height() == y.height() &&
         std::memcmp(x.data(), y.data(), x.size() * sizeof(float)) == 0;
}

bool same_command(const MapCommand& a, const MapCommand& b) {
  if (a.index() != b.index()) return false;
  return std::visit(
      [&](const auto& x) {
        using C = std::decay_t<decltype(x)>;
        const C& y = std::get<C>(b);
        if constexpr (std::is_empty_v<C>) {
          return true;
        } else if constexpr (requires { x.value; }) {
          return same_bits(x.value, y.value);
        } else if constexpr (requires { x.drops; }) {
          return x.drops == y.drops;
        } else if constexpr (requires { x.ground; }) {
          return same_ground(x.ground, y.ground);
        } else if constexpr (requires { x.stroke; }) {
          return x.stroke == y.stroke;
        } else {
          return x.seed == y.seed;
        }
      },
      a);
}

// The map's part of a recipe (recipe_text writes only the map settings).
bool same_recipe(const MapRecipe& a, const MapRecipe& b) {
  const MapSettings& s = a.settings;
  const MapSettings& t = b.settings;
  if (a.ground.has_value() != b.ground.has_value() ||
      (a.ground && !same_ground(*a.ground, *b.ground))) {
    return false;
  }
  if (a.seed != b.seed || s.drops_per_frame != t.drops_per_frame ||
      !same_bits(s.erosion, t.erosion) || !same_bits(s.deposition, t.deposition) ||
      !same_bits(s.inertia, t.inertia) || s.brush_radius != t.brush_radius ||
      !same_bits(s.sea_level, t.sea_level) || !same_bits(s.terrain_scale, t.terrain_scale) ||
      a.commands.size() != b.commands.size()) {
    return false;
  }
  for (std::size_t k = 0; k < a.commands.size(); k++) {
    if (!same_command(a.commands[k], b.commands[k])) return false;
  }
  return true;
}

[[noreturn]] void broken(const char* what, const std::string& detail) {
  std::fprintf(stderr, "recipe_fuzz: %s\n%s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  MapRecipe recipe;
  try {
    recipe = terrain::session::parse_recipe(text);
  } catch (const std::invalid_argument&) {
    return 0;  // refused, as bad text must be
  }
  const std::string written = terrain::session::recipe_text(recipe);
  MapRecipe again;
  try {
    again = terrain::session::parse_recipe(written);
  } catch (const std::invalid_argument& e) {
    broken("a recipe's own text is refused", std::string(e.what()) + "\n--- text:\n" + written);
  }
  if (!same_recipe(recipe, again)) {
    broken("a recipe read back from its own text differs", "--- text:\n" + written);
  }
  const std::string rewritten = terrain::session::recipe_text(again);
  if (rewritten != written) {
    broken("a recipe's text changes when read and written again",
           "--- first:\n" + written + "--- second:\n" + rewritten);
  }
  return 0;
}
