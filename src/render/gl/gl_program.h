// Building GLSL programs from the embedded shaders (shader_sources.h).
//
// Every shader gets the same prelude: a #version line (330 core, or 400 core when the context
// is 4.0+ and the relief wants doubles or `precise`, which are core there), on a 3.3 context
// the extensions it offers for exact relief (GL_ARB_gpu_shader_fp64 for doubles,
// GL_ARB_gpu_shader5 for `precise`), and the defines TERRAIN_FP64 (0 or 1) and PRECISE
// (`precise` or nothing). The sources themselves are GLSL 330.
#pragma once

#include <epoxy/gl.h>

#include <initializer_list>
#include <string>
#include <string_view>

namespace terrain::render {

// What the current context can do for the relief shader.
struct ShaderFeatures {
  bool core40 = false;   // a GL 4.0+ context: GLSL 400 is available
  bool fp64 = false;     // double precision in shaders (GL 4.0 or GL_ARB_gpu_shader_fp64)
  bool precise = false;  // the `precise` qualifier (GL 4.0 or GL_ARB_gpu_shader5)
};

// Asks the current context. `allow_fp64` false forces the float path (for testing it).
ShaderFeatures query_shader_features(bool allow_fp64 = true);

// The prelude for these features.
std::string shader_prelude(const ShaderFeatures& features);

// Compiles shaders/<vertex>.glsl and each shaders/<fragment part>.glsl with the prelude and
// links them into one program. The fragment parts are separate shader objects of one stage
// (desktop GLSL links them as one): a part may call a function another part defines, given
// its prototype. Throws std::runtime_error naming the shader and quoting the compiler's log on
// failure.
GLuint link_program(const ShaderFeatures& features, std::string_view vertex,
                    std::initializer_list<std::string_view> fragment);

// A uniform's location; throws std::runtime_error naming it when the program has none (a
// misspelt or optimised-away uniform would otherwise silently do nothing).
GLint uniform_location(GLuint program, const char* name);

}  // namespace terrain::render
