// The GLSL sources of shaders/*.glsl, embedded in the program at build time (by
// embed_shaders.cmake), so the renderer finds them from any working directory.
#pragma once

#include <string_view>

namespace terrain::render {

// The source of shaders/<name>.glsl, e.g. shader_source("relief_cells.frag"). The sources
// have no #version line: the renderer prepends its own prelude. Throws std::out_of_range,
// naming the shader, for an unknown name.
std::string_view shader_source(std::string_view name);

}  // namespace terrain::render
