// Structural mutations of JSON text (json_mutator.h).
#include "json_mutator.h"

#include <algorithm>
#include <array>
#include <bit>
#include <string_view>

// libFuzzer's mutations, callable from a custom mutator (libFuzzer's documentation: "Structure-
// Aware Fuzzing with libFuzzer").
extern "C" std::size_t LLVMFuzzerMutate(uint8_t* data, std::size_t size, std::size_t max_size);

namespace terrain::fuzz {
namespace {

// A value of the text: [begin, end), and whether it is an element of an array (so that copies
// of it beside it are still JSON).
struct Value {
  std::size_t begin;
  std::size_t end;
  bool in_array;
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// A number's or a literal's characters (and whatever junk a mutation left among them).
bool is_scalar(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
         c == '+' || c == '.';
}

// Past the string that opens at `at` (its closing quote), or the text's end.
std::size_t string_end(std::string_view text, std::size_t at) {
  for (std::size_t i = at + 1; i < text.size(); i++) {
    if (text[i] == '\\') {
      i++;
    } else if (text[i] == '"') {
      return i + 1;
    }
  }
  return text.size();
}

// Every value of the text in one pass, keys left out; containers left open end at the text's
// end. A stack of the open containers, on the heap: the text may be nested any depth.
std::vector<Value> values_of(std::string_view text) {
  std::vector<Value> values;
  std::vector<std::pair<std::size_t, char>> open;  // the value's index, '[' or '{'
  bool key_next = false;
  const auto in_array = [&] { return !open.empty() && open.back().second == '['; };
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (is_space(c)) {
      i++;
    } else if (c == '"') {
      const std::size_t end = string_end(text, i);
      if (!key_next) values.push_back({i, end, in_array()});
      key_next = false;
      i = end;
    } else if (c == '[' || c == '{') {
      values.push_back({i, std::string_view::npos, in_array()});
      open.emplace_back(values.size() - 1, c);
      key_next = c == '{';
      i++;
    } else if (c == ']' || c == '}') {
      if (!open.empty()) {
        values[open.back().first].end = i + 1;
        open.pop_back();
      }
      key_next = false;
      i++;
    } else if (c == ',') {
      key_next = !open.empty() && open.back().second == '{';
      i++;
    } else if (c == ':') {
      key_next = false;
      i++;
    } else if (is_scalar(c)) {
      std::size_t end = i;
      while (end < text.size() && is_scalar(text[end])) end++;
      values.push_back({i, end, in_array()});
      key_next = false;
      i = end;
    } else {
      i++;
    }
  }
  for (Value& v : values) v.end = std::min(v.end, text.size());
  return values;
}

template <typename T>
const T& pick(Random& random, const std::vector<T>& from) {
  return from[random() % from.size()];
}

// Edge cases of a JSON value: the readers' limits and one past them (uint32, int64, uint64,
// double), numbers written other ways (a fraction, an exponent, negative zero), the float32
// limit heights crash the rain near, and values of other kinds.
constexpr std::array<std::string_view, 38> kEdgeValues = {"0",
                                                          "-0",
                                                          "1",
                                                          "-1",
                                                          "2",
                                                          "0.5",
                                                          "1.0",
                                                          "1e0",
                                                          "4096",
                                                          "16384",
                                                          "16385",
                                                          "65535",
                                                          "2147483647",
                                                          "2147483648",
                                                          "4294967295",
                                                          "4294967296",
                                                          "9007199254740993",
                                                          "9223372036854775807",
                                                          "-9223372036854775808",
                                                          "18446744073709551615",
                                                          "18446744073709551616",
                                                          "1000000000000",
                                                          "1000000000001",
                                                          "16777216",
                                                          "3.4028235e38",
                                                          "-3.4028235e38",
                                                          "2e38",
                                                          "1e308",
                                                          "-1e308",
                                                          "1e999",
                                                          "4.9e-324",
                                                          "true",
                                                          "false",
                                                          "null",
                                                          "\"\"",
                                                          "[]",
                                                          "{}",
                                                          "\"\\u0000\\ud800\""};

// A long value made for `room` bytes: a number of many digits or a big exponent, or a string
// of one character, an escape or a multi-byte character repeated.
std::string long_value(Random& random, std::size_t room) {
  const std::size_t n = log_uniform(random, room > 8 ? room - 8 : 1);
  switch (random() % 5) {
    case 0:
      return "1" + std::string(n, '0');
    case 1:
      return "0." + std::string(n, '9');
    case 2:
      return "1e" + std::string(n, '9');
    case 3:
      return "\"" + std::string(n, 'a') + "\"";
    default: {
      constexpr std::array<std::string_view, 4> units = {"\\u0041", "\\n", "\xc3\xa9", "\\\""};
      const std::string_view unit = units[random() % units.size()];
      std::string s = "\"";
      for (std::size_t k = 0; k < n / unit.size(); k++) s += unit;
      return s + "\"";
    }
  }
}

// The value nested `depth` levels deep in arrays, objects or both by turns.
void nest(std::string& text, const Value& v, std::size_t depth, int kind) {
  std::string open;
  std::string close;
  for (std::size_t k = 0; k < depth; k++) {
    const bool array = kind == 0 || (kind == 2 && k % 2 == 0);
    open += array ? "[" : "{\"a\":";
    close += array ? "]" : "}";
  }
  text.insert(v.end, close);
  text.insert(v.begin, open);
}

}  // namespace

std::size_t log_uniform(Random& random, std::size_t most) {
  if (most <= 1) return 1;
  const int bits = static_cast<int>(std::bit_width(most));
  const int b = 1 + static_cast<int>(random() % static_cast<unsigned>(bits));
  const std::size_t low = std::size_t{1} << (b - 1);
  const std::size_t high = std::min(most, (std::size_t{1} << b) - 1);
  return low + random() % (high - low + 1);
}

void mutate_bytes(std::vector<uint8_t>& bytes, std::size_t most) {
  const std::size_t size = bytes.size();
  most = std::max({most, size, std::size_t{1}});
  bytes.resize(most);
  bytes.resize(LLVMFuzzerMutate(bytes.data(), size, most));
}

void mutate_bytes(std::string& text, std::size_t most) {
  std::vector<uint8_t> bytes(text.begin(), text.end());
  mutate_bytes(bytes, most);
  text.assign(bytes.begin(), bytes.end());
}

bool mutate_json(std::string& text, std::size_t most, Random& random) {
  const std::vector<Value> values = values_of(text);
  if (values.empty() || text.size() >= most) return false;
  const std::size_t room = most - text.size();
  const Value& v = pick(random, values);
  const std::size_t length = v.end - v.begin;
  switch (random() % 7) {
    case 0: {  // a member nested deep put first in an object, other keys after it (as in the
               // issue's item 6, a script line nested 100,000 deep followed by a second key)
      std::vector<Value> objects;
      for (const Value& o : values) {
        if (text[o.begin] == '{') objects.push_back(o);
      }
      if (objects.empty() || room < 16) return false;
      const Value& o = pick(random, objects);
      std::size_t next = o.begin + 1;
      while (next < text.size() && is_space(text[next])) next++;
      const bool others = next < text.size() && text[next] != '}';
      const int kind = static_cast<int>(random() % 3);
      std::string member = std::string("\"a\":0") + (others ? "," : "");
      text.insert(o.begin + 1, member);
      const std::size_t level = kind == 0 ? 2 : kind == 1 ? 6 : 4;
      nest(text, {o.begin + 5, o.begin + 6, false},
           log_uniform(random, std::min(kMostDepth, (room - member.size()) / level)), kind);
      return true;
    }
    case 1:
    case 2: {  // nested deep: the readers must refuse it without recursing that deep
      const int kind = static_cast<int>(random() % 4) % 3;  // arrays half the time
      const std::size_t level = kind == 0 ? 2 : kind == 1 ? 6 : 4;
      if (room < level) return false;
      nest(text, v, log_uniform(random, std::min(kMostDepth, room / level)), kind);
      return true;
    }
    case 3: {  // an element repeated: long arrays (steps, checkpoints, commands, a stroke's points)
      std::vector<Value> elements;
      for (const Value& e : values) {
        if (e.in_array) elements.push_back(e);
      }
      const Value& e = elements.empty() ? v : pick(random, elements);
      const std::string copy = "," + text.substr(e.begin, e.end - e.begin);
      if (room < copy.size()) return false;
      const std::size_t copies = log_uniform(random, std::min(kMostCopies, room / copy.size()));
      std::string all;
      all.reserve(copies * copy.size());
      for (std::size_t k = 0; k < copies; k++) all += copy;
      text.insert(e.end, all);
      return true;
    }
    case 4: {  // an edge case
      const std::string_view edge = kEdgeValues[random() % kEdgeValues.size()];
      if (edge.size() > room + length) return false;
      text.replace(v.begin, length, edge);
      return true;
    }
    case 5: {  // a long number or string
      const std::string value = long_value(random, room + length);
      if (value.size() > room + length) return false;
      text.replace(v.begin, length, value);
      return true;
    }
    default: {  // another value of the text in its place, or nothing
      if (random() % 4 == 0) {
        text.erase(v.begin, length);
        return true;
      }
      const Value& other = pick(random, values);
      const std::string copy = text.substr(other.begin, other.end - other.begin);
      if (copy.size() > room + length) return false;
      text.replace(v.begin, length, copy);
      return true;
    }
  }
}

bool splice_json(std::string& into, const std::string& from, std::size_t most, Random& random) {
  const std::vector<Value> targets = values_of(into);
  const std::vector<Value> sources = values_of(from);
  if (targets.empty() || sources.empty()) return false;
  const Value& target = pick(random, targets);
  const Value& source = pick(random, sources);
  const std::size_t length = source.end - source.begin;
  if (into.size() - (target.end - target.begin) + length > most) return false;
  into.replace(target.begin, target.end - target.begin, from, source.begin, length);
  return true;
}

}  // namespace terrain::fuzz
