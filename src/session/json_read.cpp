// Reading JSON values with messages that say where (json_read.h).
#include "session/json_read.h"

namespace terrain::session::json_read {

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
