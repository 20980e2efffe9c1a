// Shader compilation and linking (see gl_program.h).
#include "render/gl/gl_program.h"

#include <stdexcept>
#include <vector>

#include "render/gl/shader_sources.h"

namespace terrain::render {

ShaderFeatures query_shader_features(bool allow_fp64) {
  const int version = epoxy_gl_version();  // e.g. 45 for 4.5
  ShaderFeatures features;
  features.core40 = version >= 40;
  features.fp64 =
      allow_fp64 && (features.core40 || epoxy_has_gl_extension("GL_ARB_gpu_shader_fp64"));
  features.precise = features.core40 || epoxy_has_gl_extension("GL_ARB_gpu_shader5");
  return features;
}

std::string shader_prelude(const ShaderFeatures& features) {
  // The sources are GLSL 330. Doubles and `precise` are core in GLSL 400; a 3.3 context that
  // has them offers them as extensions instead.
  const bool extended = features.fp64 || features.precise;
  std::string prelude = extended && features.core40 ? "#version 400 core\n" : "#version 330 core\n";
  if (!features.core40 && features.fp64) prelude += "#extension GL_ARB_gpu_shader_fp64 : require\n";
  if (!features.core40 && features.precise) prelude += "#extension GL_ARB_gpu_shader5 : require\n";
  prelude += features.fp64 ? "#define TERRAIN_FP64 1\n" : "#define TERRAIN_FP64 0\n";
  prelude += features.precise ? "#define PRECISE precise\n" : "#define PRECISE\n";
  prelude += "#line 1\n";
  return prelude;
}

namespace {

GLuint compile(GLenum stage, const std::string& prelude, std::string_view name) {
  const std::string_view body = shader_source(name);
  const char* parts[2] = {prelude.data(), body.data()};
  const GLint lengths[2] = {static_cast<GLint>(prelude.size()), static_cast<GLint>(body.size())};
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 2, parts, lengths);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    GLint length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
    glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
    glDeleteShader(shader);
    throw std::runtime_error("shaders/" + std::string(name) +
                             ".glsl does not compile: " + std::string(log.data()));
  }
  return shader;
}

}  // namespace

GLuint link_program(const ShaderFeatures& features, std::string_view vertex,
                    std::initializer_list<std::string_view> fragment) {
  const std::string prelude = shader_prelude(features);
  std::vector<GLuint> shaders;
  auto delete_shaders = [&] {
    for (GLuint shader : shaders) glDeleteShader(shader);
  };
  std::string names(vertex);
  try {
    shaders.push_back(compile(GL_VERTEX_SHADER, prelude, vertex));
    for (std::string_view part : fragment) {
      shaders.push_back(compile(GL_FRAGMENT_SHADER, prelude, part));
      names += " + " + std::string(part);
    }
  } catch (...) {
    delete_shaders();
    throw;
  }
  const GLuint program = glCreateProgram();
  for (GLuint shader : shaders) glAttachShader(program, shader);
  glLinkProgram(program);
  delete_shaders();
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    GLint length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
    glGetProgramInfoLog(program, static_cast<GLsizei>(log.size()), nullptr, log.data());
    glDeleteProgram(program);
    throw std::runtime_error("shaders " + names + " do not link: " + std::string(log.data()));
  }
  return program;
}

GLint uniform_location(GLuint program, const char* name) {
  const GLint location = glGetUniformLocation(program, name);
  if (location < 0) {
    throw std::runtime_error(std::string("shader program has no active uniform ") + name);
  }
  return location;
}

}  // namespace terrain::render
