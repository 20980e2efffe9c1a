// The JSON writer: escaping, number formatting, layout, misuse, and valid JSON throughout
// (checked with a strict reader).
#include "io/json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

#include "json_reader.h"

namespace terrain::io {
namespace {

TEST(JsonString, EscapesQuotesBackslashesAndControlCharacters) {
  EXPECT_EQ(json_string("plain"), "\"plain\"");
  EXPECT_EQ(json_string("say \"hi\""), "\"say \\\"hi\\\"\"");
  EXPECT_EQ(json_string("C:\\dir"), "\"C:\\\\dir\"");
  EXPECT_EQ(json_string("a\nb\tc\rd\be\ff"), "\"a\\nb\\tc\\rd\\be\\ff\"");
  EXPECT_EQ(json_string(std::string("\x01\x1f\0", 3)), "\"\\u0001\\u001f\\u0000\"");
  // '/' and DEL need no escape; UTF-8 passes through byte for byte.
  EXPECT_EQ(json_string("a/b\x7f"), "\"a/b\x7f\"");
  EXPECT_EQ(json_string("h\xc3\xa9ight \xe2\x86\x92"), "\"h\xc3\xa9ight \xe2\x86\x92\"");
}

TEST(JsonString, EveryByteStringReadsBackTheSame) {
  std::string all;
  for (int c = 1; c < 128; c++) all += static_cast<char>(c);
  EXPECT_EQ(testing::parse_json(json_string(all)).text, all);
}

TEST(JsonNumber, DoublesUseTheShortestFormThatRoundTrips) {
  EXPECT_EQ(json_number(0.1), "0.1");
  EXPECT_EQ(json_number(0.3), "0.3");
  EXPECT_EQ(json_number(2.0), "2");
  EXPECT_EQ(json_number(-0.5), "-0.5");
  EXPECT_EQ(json_number(1e-6), "1e-06");
  EXPECT_EQ(json_number(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(json_number(1e21), "1e+21");
  EXPECT_EQ(json_number(45.97068), "45.97068");
  EXPECT_EQ(json_number(5e-324), "5e-324");
  EXPECT_EQ(json_number(std::numeric_limits<double>::max()), "1.7976931348623157e+308");
}

TEST(JsonNumber, RandomDoublesReadBackExactly) {
  std::mt19937_64 random(7);
  for (int i = 0; i < 10000; i++) {
    double value;
    const uint64_t bits = random();
    std::memcpy(&value, &bits, sizeof value);
    if (!std::isfinite(value)) continue;
    const std::string text = json_number(value);
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), value) << text;
    EXPECT_EQ(testing::parse_json(text).number, value) << text;  // and it is valid JSON
  }
}

TEST(JsonNumber, NonFiniteNumbersBecomeNull) {
  EXPECT_EQ(json_number(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(json_number(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(json_number(-std::numeric_limits<double>::infinity()), "null");
}

TEST(JsonWriter, WholeNumbersAreExact) {
  JsonWriter json;
  json.begin_array()
      .value(std::numeric_limits<uint64_t>::max())
      .value(std::numeric_limits<int64_t>::min())
      .value(uint8_t{255})
      .value(0)
      .end_array();
  EXPECT_EQ(json.text(), "[\n  18446744073709551615,\n  -9223372036854775808,\n  255,\n  0\n]\n");
}

TEST(JsonWriter, PrettyPrintsANestedDocument) {
  JsonWriter json;
  json.begin_object()
      .member("name", "terrain")
      .member("seed", 42)
      .member("scale", 0.012)
      .member("flag", true)
      .member("none", nullptr)
      .key("inner")
      .begin_object()
      .member("list", 1)
      .key("values")
      .begin_array()
      .value(1.5)
      .value("x")
      .begin_object()
      .end_object()
      .begin_array()
      .end_array()
      .end_array()
      .end_object()
      .end_object();
  EXPECT_EQ(json.text(),
            "{\n"
            "  \"name\": \"terrain\",\n"
            "  \"seed\": 42,\n"
            "  \"scale\": 0.012,\n"
            "  \"flag\": true,\n"
            "  \"none\": null,\n"
            "  \"inner\": {\n"
            "    \"list\": 1,\n"
            "    \"values\": [\n"
            "      1.5,\n"
            "      \"x\",\n"
            "      {},\n"
            "      []\n"
            "    ]\n"
            "  }\n"
            "}\n");
  const testing::JsonValue back = testing::parse_json(json.text());
  EXPECT_EQ(back["inner"]["values"].items.size(), 4u);
  EXPECT_EQ(back["scale"].number, 0.012);
}

TEST(JsonWriter, KeysAreEscapedToo) {
  JsonWriter json;
  json.begin_object().member("a \"quoted\"\nkey", false).end_object();
  EXPECT_EQ(json.text(), "{\n  \"a \\\"quoted\\\"\\nkey\": false\n}\n");
  EXPECT_TRUE(testing::parse_json(json.text()).has("a \"quoted\"\nkey"));
}

TEST(JsonWriter, MisuseThrows) {
  {
    JsonWriter json;
    json.begin_object();
    EXPECT_THROW(json.value(1), std::logic_error);  // a value with no key
    EXPECT_THROW(json.end_array(), std::logic_error);
    EXPECT_THROW(json.text(), std::logic_error);  // still open
    json.key("k");
    EXPECT_THROW(json.key("again"), std::logic_error);
    EXPECT_THROW(json.end_object(), std::logic_error);  // key with no value
  }
  {
    JsonWriter json;
    EXPECT_THROW(json.key("k"), std::logic_error);  // no object open
    EXPECT_THROW(json.text(), std::logic_error);    // nothing written
    json.value(1);
    EXPECT_THROW(json.value(2), std::logic_error);  // one document only
    EXPECT_EQ(json.text(), "1\n");
  }
}

}  // namespace
}  // namespace terrain::io
