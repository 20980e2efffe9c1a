// Base64, as map recipes carry a ground's heights: RFC 4648's own test vectors, every byte
// string back from its text, and only canonical text read.
#include "session/base64.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace terrain::session {
namespace {

std::vector<uint8_t> bytes_of(const std::string& s) {
  return {s.begin(), s.end()};
}

TEST(Base64, EncodesTheRfc4648TestVectors) {
  // RFC 4648, section 10.
  EXPECT_EQ(base64_encode(bytes_of("")), "");
  EXPECT_EQ(base64_encode(bytes_of("f")), "Zg==");
  EXPECT_EQ(base64_encode(bytes_of("fo")), "Zm8=");
  EXPECT_EQ(base64_encode(bytes_of("foo")), "Zm9v");
  EXPECT_EQ(base64_encode(bytes_of("foob")), "Zm9vYg==");
  EXPECT_EQ(base64_encode(bytes_of("fooba")), "Zm9vYmE=");
  EXPECT_EQ(base64_encode(bytes_of("foobar")), "Zm9vYmFy");
  EXPECT_EQ(base64_encode(std::vector<uint8_t>{0xFB, 0xFF, 0xBF}), "+/+/");
}

TEST(Base64, DecodesTheRfc4648TestVectors) {
  for (const std::string s : {"", "f", "fo", "foo", "foob", "fooba", "foobar"}) {
    const auto text = base64_encode(bytes_of(s));
    const auto back = base64_decode(text);
    ASSERT_TRUE(back.has_value()) << text;
    EXPECT_EQ(*back, bytes_of(s)) << text;
  }
}

TEST(Base64, EveryByteStringComesBackFromItsText) {
  std::mt19937 random(20261201);
  for (int length = 0; length < 300; length++) {
    std::vector<uint8_t> bytes(static_cast<std::size_t>(length));
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(random());
    const std::string text = base64_encode(bytes);
    EXPECT_EQ(text.size(), static_cast<std::size_t>((length + 2) / 3 * 4));
    const auto back = base64_decode(text);
    ASSERT_TRUE(back.has_value()) << length;
    EXPECT_EQ(*back, bytes) << length;
  }
}

TEST(Base64, RefusesTextThatIsNotCanonical) {
  for (const char* text : {"Zg=",   // a length that is not a multiple of 4
                           "Zh==",  // the last character's unused bits are not 0
                           "Zm9=",  // the same with one '='
                           "Z===", "====", "=Zg=", "Zg==Zm9v",  // '=' where no padding goes
                           "Zm9v!A==", "Zm 9", "Zm9v\n",        // outside the alphabet
                           "Zm-_"}) {                           // the URL alphabet
    EXPECT_FALSE(base64_decode(text).has_value()) << text;
  }
}

}  // namespace
}  // namespace terrain::session
