// Reading command-line flags: one set of rules for terrain-sandbox, terrain-cli and
// terrain-cli's subcommands, so that the same words mean the same thing to every program.
//
// The rules:
//   - every word is read in the order given, and the first bad one is reported;
//   - a value follows its flag as the next word ("--seed 5") or after '=' ("--seed=5");
//     "--seed=" gives the empty value; a value in a word of its own never starts with "--"
//     ("--drops --seed 3" is "--drops needs a value");
//   - a flag given twice is an error, unless its row says it may be repeated (--probe);
//   - a switch takes no value ("--force=yes" is an error);
//   - a word that is not a flag is an operand (terrain-sandbox's FILE) where the program has
//     one, and an error otherwise;
//   - "--help" or "-h" anywhere, as any word, asks for the help and wins over everything.
// Every bad input is a UsageError whose message is one line naming the flag and what it
// allows, from the flag's row; the program puts its own name in front of it and exits 2.
//
// CLI11 splits the words into flags and values; the rules, checks and messages are these.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace terrain::flags {

// Bad input on the command line: what() is one line, without the program's name.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One flag of a program: a row of its flag table (flag_table.h), which --help, the error
// messages and the reading of the words all take it from.
struct Flag {
  std::string name;         // "--seed"
  std::string value;        // what follows it in the usage ("N"); empty for a switch
  std::string what;         // what it does
  std::string fallback;     // its default, as shown by --help
  std::string allowed;      // its allowed values, as shown by --help and in errors
  bool repeatable = false;  // may be given more than once (each value is kept)
};

// One flag as given, with its value (empty for a switch); an operand has the operand's row.
struct GivenFlag {
  const Flag* flag;
  std::string value;
};

// True if "--help" or "-h" is any of the words (even where it would be a flag's value).
bool asks_for_help(std::span<const std::string_view> args);

// Every flag of `flags` in `args` with its value, in the order given, by the rules above.
// `command` is what the messages send the reader to ("terrain-cli skyline --help lists
// them"). `operand`, when given, is the row of the one word that is not a flag (its name is
// how messages call it: "FILE"); without one such a word is an error. Throws UsageError at the
// first bad word. The values are not checked.
std::vector<GivenFlag> read_flags(const std::vector<Flag>& flags,
                                  std::span<const std::string_view> args, std::string_view command,
                                  const Flag* operand = nullptr);

// --- Reading values: each a UsageError from bad_value when the text is not allowed -------------

[[noreturn]] void usage_error(const std::string& message);
// What `flag` allows, in the words of an error message: its `allowed` without the leading
// "optional; " or "required; " that --help shows.
std::string allowed_words(const Flag& flag);
// "--seed 'x' is not a whole number (allowed: ...)", `problem` being what follows the value.
[[noreturn]] void bad_value(const Flag& flag, std::string_view text, const std::string& problem);
// A whole number in [lo, hi], digits only (a '-' is out of range).
uint64_t read_whole(const Flag& flag, std::string_view text, uint64_t lo, uint64_t hi);
// A finite real number in [lo, hi], the whole text of it.
double read_real(const Flag& flag, std::string_view text, double lo, double hi);
// A size "WxH", W in [w_lo, w_hi] and H in [h_lo, h_hi].
std::pair<int, int> read_size(const Flag& flag, std::string_view text, int w_lo, int w_hi, int h_lo,
                              int h_hi);
// A point "X,Y" of reals, X in [x_lo, x_hi] and Y in [y_lo, y_hi].
std::pair<double, double> read_point(const Flag& flag, std::string_view text, double x_lo,
                                     double x_hi, double y_lo, double y_hi);
// `text` fit for a one-line message: quoted, control characters shown as \xNN, and cut to a
// readable length.
std::string quoted(std::string_view text);

// --- Help ----------------------------------------------------------------------------------

// The flags as --help lists them: name and value, what it does word-wrapped in a column, then
// "default ...; allowed ..." under it.
std::string flags_help(const std::vector<Flag>& flags);

}  // namespace terrain::flags
