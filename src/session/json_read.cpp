// Reading JSON values with messages that say where (json_read.h).
#include "session/json_read.h"

namespace terrain::session::json_read {

namespace {

// The first pass: counts values and depth as nlohmann's SAX parser meets them, and stops it at
// the first that goes over (a handler returning false ends the parse).
class Bounds {
 public:
  explicit Bounds(const JsonLimits& limits) : limits_(limits) {}

  bool null() { return value(); }
  bool boolean(bool) { return value(); }
  bool number_integer(Json::number_integer_t) { return value(); }
  bool number_unsigned(Json::number_unsigned_t) { return value(); }
  bool number_float(Json::number_float_t, const Json::string_t&) { return value(); }
  bool string(Json::string_t&) { return value(); }
  bool binary(Json::binary_t&) { return value(); }
  bool start_object(std::size_t) { return open(); }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(); }
  bool end_array() { return close(); }
  bool key(Json::string_t&) { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    error_ = std::string("not JSON: ") + e.what();
    return false;
  }

  // Why the parse stopped; "" if it went through.
  const std::string& error() const { return error_; }
  std::size_t values() const { return values_; }

 private:
  bool value() {
    if (++values_ <= limits_.values) return true;
    error_ = "more than " + std::to_string(limits_.values) + " JSON values (at most " +
             std::to_string(limits_.values) + ")";
    return false;
  }
  bool open() {
    if (!value()) return false;
    if (++depth_ <= limits_.depth) return true;
    error_ = "JSON nested deeper than " + std::to_string(limits_.depth) + " levels";
    return false;
  }
  bool close() {
    depth_--;
    return true;
  }

  JsonLimits limits_;
  std::size_t values_ = 0;
  std::size_t depth_ = 0;
  std::string error_;
};

template <typename Iterator>
Json parse_bounded(Iterator first, Iterator last, const JsonLimits& limits, std::size_t* values) {
  Bounds bounds(limits);
  if (!Json::sax_parse(first, last, &bounds) || !bounds.error().empty()) {
    throw std::invalid_argument(bounds.error().empty() ? "not JSON" : bounds.error());
  }
  if (values != nullptr) *values = bounds.values();
  // Within its limits: built as usual (a text the first pass took parses the same again).
  try {
    return Json::parse(first, last);
  } catch (const Json::exception& e) {
    throw std::invalid_argument(std::string("not JSON: ") + e.what());
  }
}

}  // namespace

Json parse_json(std::string_view text, const JsonLimits& limits, std::size_t* values) {
  return parse_bounded(text.begin(), text.end(), limits, values);
}

Json parse_json(std::span<const uint8_t> bytes, const JsonLimits& limits, std::size_t* values) {
  return parse_bounded(bytes.begin(), bytes.end(), limits, values);
}

void fail(const std::string& where, const std::string& what) {
  throw std::invalid_argument(where + ": " + what);
}

std::string utf8_prefix(const std::string& text, std::size_t n) {
  if (text.size() <= n) return text;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) n--;
  return text.substr(0, n);
}

namespace {

// A JSON value's text, any invalid UTF-8 in it replaced rather than thrown over.
std::string dumped(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

void append_shown(const Json& value, int levels, std::string& out) {
  if (out.size() > kShown) return;
  if (!value.is_structured()) {
    out += value.is_string()
               ? dumped(Json(utf8_prefix(value.get_ref<const std::string&>(), kShown)))
               : dumped(value);
    return;
  }
  const bool object = value.is_object();
  out += object ? '{' : '[';
  if (levels == 0) {
    out += "...";
  } else {
    bool first = true;
    for (const auto& [key, item] : value.items()) {
      if (!first) out += ',';
      first = false;
      if (object) out += dumped(Json(utf8_prefix(key, kShown))) + ":";
      append_shown(item, levels - 1, out);
      if (out.size() > kShown) break;
    }
  }
  out += object ? '}' : ']';
}
}  // namespace

std::string shown(const Json& value) {
  std::string text;
  append_shown(value, 3, text);
  if (text.size() > kShown) text = utf8_prefix(text, kShown) + "...";
  return text;
}

double real_at(const Json& value, const std::string& where) {
  if (!value.is_number()) fail(where, "must be a number, not " + shown(value));
  return value.get<double>();
}

const Json& member(const Json& object, const char* key, const std::string& where) {
  const auto it = object.find(key);
  if (it == object.end()) fail(where, std::string("\"") + key + "\" is missing");
  return *it;
}

void only_keys(const Json& object, std::initializer_list<const char*> keys,
               const std::string& where) {
  for (const auto& [key, value] : object.items()) {
    bool known = false;
    for (const char* k : keys) known = known || key == k;
    if (!known) fail(where, "\"" + utf8_prefix(key, kShown) + "\" is not a key of it");
  }
}

bool bool_at(const Json& value, const std::string& where) {
  if (!value.is_boolean()) fail(where, "must be true or false, not " + shown(value));
  return value.get<bool>();
}

const std::string& string_at(const Json& value, const std::string& where) {
  if (!value.is_string()) fail(where, "must be a string, not " + shown(value));
  return value.get_ref<const std::string&>();
}

const Json& object_at(const Json& value, const std::string& where) {
  if (!value.is_object()) fail(where, "must be an object, not " + shown(value));
  return value;
}

const Json& array_at(const Json& value, const std::string& where) {
  if (!value.is_array()) fail(where, "must be an array, not " + shown(value));
  return value;
}

}  // namespace terrain::session::json_read
