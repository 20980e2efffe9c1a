// Every .glb a test writes is checked by the Khronos glTF Validator, as Blender, three.js and
// the other programs that read our meshes expect them to be: tests/exports/validate_glb.js
// runs npm's gltf-validator under Node and prints its issues as JSON.
//
// The test binary is compiled with TERRAIN_NODE (node, or "" when CMake found none),
// TERRAIN_NODE_MODULES (where npm installed gltf-validator: scripts/test.sh does it) and
// TERRAIN_VALIDATE_GLB (the script). Without node or the validator the check fails, saying
// what to install: a glb nobody checked is not a glb that passed.
#pragma once

#include <gtest/gtest.h>
#include <stdio.h>  // popen, pclose
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

namespace terrain::testing {

// The path as one shell word.
inline std::string glb_shell_word(const std::string& text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

// Passes when the validator finds no error and no warning in `file`; else fails with the
// validator's issues (or why it could not run).
inline ::testing::AssertionResult valid_glb(const std::filesystem::path& file) {
  const std::string node = TERRAIN_NODE;
  if (node.empty() || node.find("NOTFOUND") != std::string::npos) {
    return ::testing::AssertionFailure()
           << "node is not installed: the glTF Validator cannot check " << file.string();
  }
  const std::string command = glb_shell_word(node) + " " + glb_shell_word(TERRAIN_VALIDATE_GLB) +
                              " " + glb_shell_word(TERRAIN_NODE_MODULES) + " " +
                              glb_shell_word(file.string()) + " 2>&1";
  std::string text;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return ::testing::AssertionFailure() << "cannot run " << command;
  char chunk[4096];
  for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, pipe)) > 0;) text.append(chunk, n);
  const int status = ::pclose(pipe);
  // Its report is the last line (anything Node itself says on stderr comes before it).
  std::string last = text;
  while (!last.empty() && last.back() == '\n') last.pop_back();
  last = last.substr(last.rfind('\n') == std::string::npos ? 0 : last.rfind('\n') + 1);
  const nlohmann::json json = nlohmann::json::parse(last, nullptr, false);
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || json.is_discarded() ||
      !json.contains("errors")) {
    return ::testing::AssertionFailure()
           << "the glTF Validator could not check " << file.string() << ": " << text;
  }
  if (json["errors"] != 0 || json["warnings"] != 0) {
    return ::testing::AssertionFailure()
           << "the glTF Validator " << json["validator"].get<std::string>() << " finds "
           << json["errors"] << " errors and " << json["warnings"] << " warnings in "
           << file.string() << ": " << json["issues"].dump(1);
  }
  return ::testing::AssertionSuccess();
}

// The same for a .glb held in memory (written to `scratch` first).
inline ::testing::AssertionResult valid_glb(std::span<const uint8_t> bytes,
                                            const std::filesystem::path& scratch) {
  const std::filesystem::path file = scratch / "checked.glb";
  {
    std::ofstream out(file, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    if (!out) return ::testing::AssertionFailure() << "cannot write " << file.string();
  }
  ::testing::AssertionResult result = valid_glb(file);
  std::error_code ignored;
  std::filesystem::remove(file, ignored);
  return result;
}

}  // namespace terrain::testing
