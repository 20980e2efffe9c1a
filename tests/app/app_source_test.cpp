// The app's source as issue 30 leaves it (src/app, every folder): no function longer than 80
// lines, and a section map atop every file over 400 lines, saying what is where.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> lines_of(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The line without its comment, strings and characters (whose braces are not the code's).
std::string code_of(const std::string& line) {
  std::string code;
  char quote = 0;
  for (std::size_t k = 0; k < line.size(); k++) {
    const char c = line[k];
    if (quote != 0) {
      if (c == '\\') {
        k++;
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    if (c == '/' && k + 1 < line.size() && line[k + 1] == '/') break;
    if (c == '"' || c == '\'') {
      quote = c;
      continue;
    }
    code += c;
  }
  return code;
}

std::vector<std::filesystem::path> app_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(
           std::filesystem::path(TERRAIN_SOURCE_DIR) / "app")) {
    const std::string ext = entry.path().extension().string();
    if (ext == ".cpp" || ext == ".h") files.push_back(entry.path());
  }
  return files;
}

// A function's body runs from the line that opens it to a "}" alone at the line's start (a
// namespace's ends "}  // namespace", a struct's "};", an initializer's "};").
TEST(AppSource, NoFunctionIsLongerThan80Lines) {
  constexpr std::size_t kMostLines = 80;
  const auto files = app_files();
  ASSERT_GE(files.size(), 60u);
  for (const auto& file : files) {
    const std::vector<std::string> lines = lines_of(file);
    std::vector<std::size_t> open;  // the lines of the braces open now
    for (std::size_t n = 0; n < lines.size(); n++) {
      for (const char c : code_of(lines[n])) {
        if (c == '{') open.push_back(n);
        if (c == '}' && !open.empty()) {
          const std::size_t first = open.back();
          open.pop_back();
          if (lines[n] != "}") continue;
          const std::string& opening = lines[first];
          if (opening.rfind("namespace", 0) == 0 || opening.find("= {") != std::string::npos) {
            continue;
          }
          EXPECT_LE(n - first + 1, kMostLines)
              << file.lexically_relative(TERRAIN_SOURCE_DIR).string() << ":" << first + 1 << ": "
              << opening;
        }
      }
    }
  }
}

// A long file says what is where before its code: a comment of several lines atop it.
TEST(AppSource, EveryFileOver400LinesOpensWithASectionMap) {
  for (const auto& file : app_files()) {
    const std::vector<std::string> lines = lines_of(file);
    if (lines.size() <= 400) continue;
    std::size_t comment = 0;
    while (comment < lines.size() && lines[comment].rfind("//", 0) == 0) comment++;
    EXPECT_GE(comment, 6u) << file.filename().string() << " has " << lines.size()
                           << " lines and no section map atop it";
  }
}

}  // namespace
