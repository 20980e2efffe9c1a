// What a map recipe's text is refused with: the recipe tests and the own-ground tests check
// parse_recipe's every complaint through it.
#pragma once

#include <stdexcept>
#include <string>

#include "session/map_recipe.h"

namespace terrain::session {

// The message parse_recipe() throws for `text`, or "(read without complaint)".
inline std::string recipe_refusal(const std::string& text) {
  try {
    parse_recipe(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(read without complaint)";
}

}  // namespace terrain::session
