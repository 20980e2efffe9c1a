// Reading command-line flags (see flags.h).
//
// Sections: reading values (whole numbers, reals, sizes, points); reading the words (CLI11, in
// the order given); the help's list of flags.
#include "flags/flags.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>

namespace terrain::flags {

// --- Reading values ----------------------------------------------------------------------

[[noreturn]] void usage_error(const std::string& message) {
  throw UsageError(message);
}

// What a flag allows, as an error message says it: its table entry without the "optional; " or
// "required; " that --help shows in front (a message about a value given needs neither).
std::string allowed_words(const Flag& flag) {
  for (const std::string_view lead : {"optional; ", "required; "}) {
    if (flag.allowed.starts_with(lead)) return flag.allowed.substr(lead.size());
  }
  return flag.allowed;
}

[[noreturn]] void bad_value(const Flag& flag, std::string_view text, const std::string& problem) {
  usage_error(flag.name + " " + flags::quoted(text) + " " + problem +
              " (allowed: " + allowed_words(flag) + ")");
}

// A whole number in [lo, hi], digits only: no sign other than a '-' (reported as out of
// range), no spaces, no exponent ("1e3"), no fraction, nothing after it.
uint64_t read_whole(const Flag& flag, std::string_view text, uint64_t lo, uint64_t hi) {
  const bool negative = !text.empty() && text.front() == '-';
  const std::string_view digits = negative ? text.substr(1) : text;
  const bool all_digits = !digits.empty() && std::all_of(digits.begin(), digits.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
  if (!all_digits) bad_value(flag, text, "is not a whole number");
  uint64_t value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  const bool too_big = error == std::errc::result_out_of_range;
  if (too_big || (negative && value != 0) || value < lo || value > hi) {
    bad_value(flag, text, "is out of range");
  }
  return value;
}

// A finite real number in [lo, hi], the whole text of it ("0.3", "3e-1"; not "0.3x",
// "nan", "inf" or "").
double read_real(const Flag& flag, std::string_view text, double lo, double hi) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || end != text.data() + text.size() ||
      (error != std::errc() && error != std::errc::result_out_of_range)) {
    bad_value(flag, text, "is not a number");
  }
  if (!std::isfinite(value)) bad_value(flag, text, "is not a finite number");
  if (error == std::errc::result_out_of_range || value < lo || value > hi) {
    bad_value(flag, text, "is out of range");
  }
  return value;
}

namespace {

// The two parts of "AxB" (or "A,B"), or nothing when there are not two.
bool split_pair(std::string_view text, char between, std::string_view& a, std::string_view& b) {
  const std::size_t at = text.find(between);
  if (at == std::string_view::npos) return false;
  a = text.substr(0, at);
  b = text.substr(at + 1);
  return true;
}

bool digits_only(std::string_view part) {
  return !part.empty() &&
         std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A part of a pair of digits, in range.
bool whole_part(std::string_view part, int lo, int hi, int& out) {
  const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), out);
  return error == std::errc() && out >= lo && out <= hi;
}

bool real_part(std::string_view part, double lo, double hi, double& out) {
  const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), out);
  return !part.empty() && part.front() != '+' && error == std::errc() &&
         end == part.data() + part.size() && std::isfinite(out) && out >= lo && out <= hi;
}

}  // namespace

std::pair<int, int> read_size(const Flag& flag, std::string_view text, int w_lo, int w_hi, int h_lo,
                              int h_hi) {
  std::string_view w_text, h_text;
  if (!split_pair(text, 'x', w_text, h_text) || !digits_only(w_text) || !digits_only(h_text)) {
    bad_value(flag, text, "is not WxH");
  }
  int w = 0, h = 0;
  if (!whole_part(w_text, w_lo, w_hi, w) || !whole_part(h_text, h_lo, h_hi, h)) {
    bad_value(flag, text, "is out of range");
  }
  return {w, h};
}

std::pair<double, double> read_point(const Flag& flag, std::string_view text, double x_lo,
                                     double x_hi, double y_lo, double y_hi) {
  std::string_view x_text, y_text;
  if (!split_pair(text, ',', x_text, y_text)) bad_value(flag, text, "is not X,Y");
  double x = 0, y = 0;
  if (!real_part(x_text, x_lo, x_hi, x) || !real_part(y_text, y_lo, y_hi, y)) {
    bad_value(flag, text, "is out of range");
  }
  return {x, y};
}

std::string quoted(std::string_view text) {
  // Longer values are cut: the message has to stay one readable line.
  constexpr std::size_t kMaxShown = 60;
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < kMaxShown; i++) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) {
      out += "\\x";
      out += "0123456789abcdef"[c >> 4];
      out += "0123456789abcdef"[c & 0xF];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (text.size() > kMaxShown) out += "...";
  out += "'";
  return out;
}

// --- Reading the words -------------------------------------------------------------------
//
// CLI11 splits the words into flags and values. Its rules differ from ours (flags.h) in a few
// places, and ours are kept:
//   - a value flag takes the next word even when it is another flag ("--drops --seed 3");
//     here a value in a word of its own never starts with "--": that is "--drops needs a
//     value";
//   - "--seed=" (nothing after the '=') takes the next word as its value; here its value is
//     the empty text, and the next word is read as a word of its own;
//   - a word it does not know (an unknown flag, a stray word) is left aside and reported at
//     the end; here the first bad word is reported, in the order given;
//   - "-hx" would be "-h -x"; here it is an unknown flag;
//   - a flag given twice, a value given to a switch ("--force=yes") and a missing value are
//     errors here, each with its own line, and never CLI11's texts or exit codes.
// So CLI11 reads each flag with nothing to check and calls back as it reads it (in the order
// given); the callback looks at the words that flag was read from and stops at the first
// problem with our message.

namespace {

const Flag* find_flag(const std::vector<Flag>& flags, std::string_view name) {
  for (const Flag& flag : flags) {
    if (flag.name == name) return &flag;
  }
  return nullptr;
}

// A word CLI11 does not know and that is not an operand: an unknown flag (named without any
// "=value") or a stray word.
[[noreturn]] void stray_word(const std::vector<Flag>& flags, std::string_view word,
                             std::string_view command) {
  const std::string lists = " (" + std::string(command) + " --help lists them)";
  if (word.size() >= 3 && word.substr(0, 2) == "--") {
    usage_error("unknown flag " + flags::quoted(word.substr(0, word.find('='))) + lists);
  }
  if (!word.empty() && word.front() == '-')
    usage_error("unknown flag " + flags::quoted(word) + lists);
  // The example: --out where there is one, else the first flag.
  const Flag* example = find_flag(flags, "--out");
  for (const Flag& flag : flags) {
    if (example == nullptr && flag.name.starts_with("--")) example = &flag;
  }
  usage_error("unexpected argument " + flags::quoted(word) +
              " (every value follows its flag, e.g. " + example->name + " " + example->value + ")");
}

}  // namespace

bool asks_for_help(std::span<const std::string_view> args) {
  return std::any_of(args.begin(), args.end(),
                     [](std::string_view arg) { return arg == "--help" || arg == "-h"; });
}

std::vector<GivenFlag> read_flags(const std::vector<Flag>& flags,
                                  std::span<const std::string_view> args, std::string_view command,
                                  const Flag* operand) {
  CLI::App app("", std::string(command));
  app.set_help_flag();  // --help is handled before the words are read (asks_for_help)
  app.allow_extras();   // unknown words are reported here, in order (see above)
  // CLI11 reads from the back of this and takes each word off as it goes, so the words read
  // so far are always the first args.size() - words.size() of args.
  std::vector<std::string> words(args.rbegin(), args.rend());
  std::vector<GivenFlag> given;

  // The words CLI11 left aside came before the flag it is now reading: each is the operand,
  // or reported. (remaining(), not remaining_size(): the size leaves out a "--", which is a
  // stray too.)
  std::size_t strays_seen = 0;
  const auto no_stray_word_yet = [&] {
    const std::vector<std::string> strays = app.remaining();
    for (; strays_seen < strays.size(); strays_seen++) {
      const std::string& word = strays[strays_seen];
      if (operand == nullptr || word.empty() || word.front() == '-') {
        stray_word(flags, word, command);
      }
      for (const GivenFlag& seen : given) {
        if (seen.flag == operand) {
          usage_error(flags::quoted(word) + ": only one " + operand->name +
                      " can be given (the first was " + flags::quoted(seen.value) + ")");
        }
      }
      given.push_back({operand, word});
    }
  };
  const auto once = [&](const Flag& flag) {
    if (flag.repeatable) return;
    for (const GivenFlag& seen : given) {
      if (seen.flag == &flag) usage_error(flag.name + " is given twice (give it once)");
    }
  };

  for (const Flag& flag : flags) {
    if (!flag.name.starts_with("--")) continue;  // the operand's row ("FILE"), for the help
    const auto on_read = [&, flag_ptr = &flag](const CLI::results_t& results) {
      const Flag& read_flag = *flag_ptr;
      no_stray_word_yet();
      once(read_flag);
      const std::size_t read = args.size() - words.size();  // this flag's words included
      if (read_flag.value.empty()) {
        // A switch is read from one word, "--force" or "--force=...".
        if (args[read - 1] != read_flag.name) usage_error(read_flag.name + " takes no value");
        given.push_back({&read_flag, ""});
        return true;
      }
      const std::string& value = results.front();
      if (args[read - 1] == read_flag.name + "=" + value) {
        given.push_back({&read_flag, value});  // "--seed=5": the value is what follows '='
      } else if (args[read - 2] != read_flag.name) {
        // "--seed=" and then CLI11 took the next word: the value is empty, and that word is
        // put back to be read on its own.
        words.push_back(value);
        given.push_back({&read_flag, ""});
      } else if (value.substr(0, 2) == "--") {
        usage_error(read_flag.name + " needs a value (allowed: " + allowed_words(read_flag) + ")");
      } else {
        given.push_back({&read_flag, value});
      }
      return true;
    };
    app.add_option(flag.name, on_read)
        ->expected(flag.value.empty() ? 0 : 1)
        ->trigger_on_parse();  // call back as each flag is read, not once all are
  }

  try {
    app.parse(words);
  } catch (const CLI::ArgumentMismatch&) {
    // A value flag was the last word, with nothing after it to be its value. (Anything else
    // CLI11 might throw would be a mistake here, and is left to show as an unexpected
    // failure.)
    if (args.empty() || !words.empty()) throw;
    const std::string_view last = args.back();
    const Flag* flag = find_flag(flags, last.substr(0, last.find('=')));
    if (flag == nullptr) throw;
    no_stray_word_yet();
    once(*flag);
    if (last == flag->name) {
      usage_error(flag->name + " needs a value (allowed: " + allowed_words(*flag) + ")");
    }
    given.push_back({flag, ""});  // "--seed=" as the last word: an empty value
  }
  no_stray_word_yet();
  return given;
}

// --- The help's list of flags ----------------------------------------------------------------

std::string flags_help(const std::vector<Flag>& flags) {
  std::string text;
  // The descriptions line up in a column this far in, and wrap before this width.
  constexpr std::size_t kColumn = 22;
  constexpr std::size_t kWidth = 96;
  // Word-wraps `words` under the column, the first line starting with `line`.
  const auto wrapped = [&](std::string line, const std::string& words) {
    std::size_t pos = 0;
    while (pos < words.size()) {
      std::size_t end = std::min(words.size(), pos + (kWidth - kColumn));
      if (end < words.size()) {
        const std::size_t space = words.rfind(' ', end);
        if (space != std::string::npos && space > pos) end = space;
      }
      text += line + words.substr(pos, end - pos) + "\n";
      line.assign(kColumn, ' ');
      pos = end;
      while (pos < words.size() && words[pos] == ' ') pos++;
    }
  };
  for (const Flag& flag : flags) {
    std::string line = "  " + flag.name + (flag.value.empty() ? "" : " " + flag.value);
    line.resize(std::max(line.size() + 1, kColumn), ' ');
    wrapped(line, flag.what);
    std::string facts;
    if (!flag.fallback.empty()) facts += "default " + flag.fallback;
    if (!flag.allowed.empty()) facts += (facts.empty() ? "" : "; ") + flag.allowed;
    wrapped(std::string(kColumn, ' '), facts);
  }
  return text;
}

}  // namespace terrain::flags
