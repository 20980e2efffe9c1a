// Helpers shared by the io and terrain-cli tests: scratch directories, directory listings,
// running terrain-cli, reading JSON, and the sketch's reference grids.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/heightfield.h"
#include "io/atomic_file.h"
#include "scratch_dir.h"

namespace terrain::testing {

namespace fs = std::filesystem;

// Every entry under `dir`, by path relative to it, with a fingerprint of what it is: its size
// and a hash of its bytes for a file (its size and time for a file of gigabytes), "<dir>",
// "<symlink to T>", or what else it is ("<fifo>", "<device 1:7>"). Two listings compare equal
// only if nothing was added, removed or changed (and stay short when printed).
inline std::map<std::string, std::string> listing(const fs::path& dir) {
  std::map<std::string, std::string> entries;
  if (!fs::exists(dir)) return entries;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    const std::string name = fs::relative(entry.path(), dir).string();
    if (entry.is_symlink()) {
      entries[name] = "<symlink to " + fs::read_symlink(entry.path()).string() + ">";
    } else if (entry.is_directory()) {
      entries[name] = "<dir>";
    } else if (!entry.is_regular_file()) {
      struct stat info {};
      ::lstat(entry.path().c_str(), &info);
      entries[name] = entry.is_fifo() ? "<fifo>"
                                      : "<device " + std::to_string(major(info.st_rdev)) + ":" +
                                            std::to_string(minor(info.st_rdev)) + ">";
    } else if (entry.file_size() > (uint64_t{64} << 20)) {
      entries[name] = std::to_string(entry.file_size()) + " bytes, written " +
                      std::to_string(entry.last_write_time().time_since_epoch().count());
    } else {
      const std::string content = io::read_file(entry.path());
      entries[name] = std::to_string(content.size()) + " bytes, hash " +
                      std::to_string(std::hash<std::string>{}(content));
    }
  }
  return entries;
}

// Writes a file whole, creating its directory if needed.
inline void write_text(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  io::write_file_atomically(path, text, io::WriteMode::replace);
}

// A file's bytes; bytes written whole over a file.
inline std::vector<uint8_t> bytes_of_file(const fs::path& path) {
  const std::string text = io::read_file(path);
  return {text.begin(), text.end()};
}
inline void write_bytes(const fs::path& path, const std::vector<uint8_t>& bytes) {
  io::write_file_atomically(path, std::span<const uint8_t>(bytes), io::WriteMode::replace);
}

// A field with negative heights too: the island moved down and stretched (the float formats
// keep any height).
inline Heightfield sunk(const Heightfield& field) {
  Heightfield out = field;
  for (float& v : out.values()) v = v * 300.0f - 120.5f;
  return out;
}

// Two fields of the same size and the same bits.
inline void expect_bit_identical(const Heightfield& a, const Heightfield& b) {
  ASSERT_EQ(a.width(), b.width());
  ASSERT_EQ(a.height(), b.height());
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)), 0);
}

// What one run of terrain-cli did.
struct CliRun {
  int status = -1;  // exit status (-1 if it did not exit normally)
  std::string out;  // stdout
  std::string err;  // stderr
};

// The argument as one shell word.
inline std::string shell_quoted(const std::string& arg) {
  std::string out = "'";
  for (char c : arg) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

// Runs the built terrain-cli with `args` (stdin from /dev/null), catching stdout and stderr in
// files under `scratch` (which must not be the output directory under test). `shell_prefix`
// runs first in the same shell (e.g. "ulimit -f 100;").
inline CliRun run_cli(const std::vector<std::string>& args, const fs::path& scratch,
                      const std::string& shell_prefix = "") {
  const fs::path out = scratch / "cli-stdout.txt";
  const fs::path err = scratch / "cli-stderr.txt";
  // Appended piece by piece: GCC 12 warns falsely on "literal" + temporary string.
  std::string command = shell_prefix + shell_quoted(TERRAIN_CLI);
  for (const std::string& arg : args) {
    command += ' ';
    command += shell_quoted(arg);
  }
  command += " < /dev/null > ";
  command += shell_quoted(out.string());
  command += " 2> ";
  command += shell_quoted(err.string());
  const int raw = std::system(command.c_str());
  CliRun run;
  run.status = (raw != -1 && WIFEXITED(raw)) ? WEXITSTATUS(raw) : -1;
  run.out = io::read_file(out);
  run.err = io::read_file(err);
  fs::remove(out);
  fs::remove(err);
  return run;
}

inline std::size_t line_count(const std::string& text) {
  std::size_t lines = 0;
  for (char c : text) lines += c == '\n';
  return lines;
}

// The words of `first`, then those of `then`.
inline std::vector<std::string> joined(std::vector<std::string> first,
                                       const std::vector<std::string>& then) {
  first.insert(first.end(), then.begin(), then.end());
  return first;
}

// A command line terrain-cli must refuse, and the one line it says (without the
// "terrain-cli: " before it and the newline after it): a bad-input test's parameter, printed
// as its words.
struct Refusal {
  std::vector<std::string> args;
  std::string message;
};
inline void print_words(const std::vector<std::string>& args, std::ostream* os) {
  for (const std::string& arg : args) *os << "[" << arg << "] ";
}
inline void PrintTo(const Refusal& bad, std::ostream* os) {
  print_words(bad.args, os);
}

// A test of terrain-cli end to end: run() runs the built program (its output captured apart;
// `shell_prefix` as for run_cli), path() is a file in a scratch folder of the test's own.
class CliTest : public ::testing::Test {
 protected:
  CliRun run(const std::vector<std::string>& args, const std::string& shell_prefix = "") {
    return run_cli(args, captures_.path(), shell_prefix);
  }
  fs::path path(const std::string& name) const { return work_.path() / name; }

  // Runs `args`, which terrain-cli must refuse before any work: exit status 2, one line on
  // stderr, nothing on stdout, and nothing in the scratch folder added, removed or changed.
  // The run, for its message.
  CliRun refused(const std::vector<std::string>& args, const std::string& shell_prefix = "") {
    const auto before = listing(work_.path());
    const CliRun result = run(args, shell_prefix);
    EXPECT_EQ(result.status, 2);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
    EXPECT_EQ(listing(work_.path()), before);
    return result;
  }

  ScratchDir work_;

 private:
  ScratchDir captures_;
};

// A JSON file (summary.json, the sketch's reference summaries), read strictly: anything that is
// not JSON (RFC 8259: trailing commas, NaN, comments, text after the value) throws, so the
// test fails. Objects keep their members in the file's order.
inline nlohmann::ordered_json read_json(const fs::path& path) {
  return nlohmann::ordered_json::parse(io::read_file(path));
}

// A count's exact value. Throws unless `value` was written as a whole number (digits only:
// not 3000.0, 3e3, -1 or "3000"), so a count that became a real fails the test.
inline uint64_t whole(const nlohmann::ordered_json& value) {
  if (!value.is_number_unsigned()) throw std::runtime_error("not a whole number: " + value.dump());
  return value.get<uint64_t>();
}

inline std::string reference_path(const std::string& name) {
  return std::string(TERRAIN_TEST_DATA) + "/seed-42/" + name;
}

// A raw little-endian reference grid of the sketch's 320 x 180; throws (so the test fails,
// never skips) when it is missing or short.
template <typename T>
std::vector<T> read_reference(const std::string& name) {
  constexpr std::size_t kCells = 320 * 180;
  const std::string bytes = io::read_file(reference_path(name));
  if (bytes.size() != kCells * sizeof(T)) {
    throw std::runtime_error("reference file has the wrong size: " + reference_path(name));
  }
  std::vector<T> values(kCells);
  std::memcpy(values.data(), bytes.data(), bytes.size());
  return values;
}

// How many elements differ bit for bit.
template <typename T>
std::size_t bit_differences(const std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size()) return std::max(a.size(), b.size());
  std::size_t count = 0;
  for (std::size_t i = 0; i < a.size(); i++) count += std::memcmp(&a[i], &b[i], sizeof(T)) != 0;
  return count;
}

}  // namespace terrain::testing
